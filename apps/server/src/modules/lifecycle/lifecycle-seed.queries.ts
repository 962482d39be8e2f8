import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db.ts';
import { num } from './lifecycle.queries.ts';

/** What the demo seed reads to record changes and contracts for the demo roster. */

export async function firstCompanyId(exec: Executor): Promise<number | null> {
  const [r] = rowsOf<{ id: string | number }>(await exec.execute(sql`select id from companies order by id limit 1`));
  return r ? Number(r.id) : null;
}

export async function countChanges(exec: Executor, companyId: number): Promise<number> {
  const [r] = rowsOf<{ n: string | number }>(await exec.execute(sql`select count(*) as n from employee_changes where company_id = ${companyId}`));
  return Number(r?.n ?? 0);
}

/** Live employees of a status with their placement, oldest records first. */
export async function listSeedEmployees(exec: Executor, companyId: number, status: number, limit: number): Promise<SeedEmployee[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select e.id, e.hire_date, e.probation_end_date, e.department_id, e.rank_id, e.salary::text as salary,
        (select d.name from departments d where d.company_id = e.company_id and d.id = e.department_id) as department_name,
        (select r.pay_min::text from ranks r where r.company_id = e.company_id and r.id = e.rank_id) as pay_min
      from employees e where e.company_id = ${companyId} and e.archived_at is null and e.status = ${status}
      order by e.id limit ${limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    hireDate: (r.hire_date as string | null) ?? null,
    probationEndDate: (r.probation_end_date as string | null) ?? null,
    departmentId: num(r.department_id),
    departmentName: (r.department_name as string | null) ?? null,
    payMin: (r.pay_min as string | null) ?? null,
    salary: (r.salary as string | null) ?? null,
  }));
}
export type SeedEmployee = { id: number; hireDate: string | null; probationEndDate: string | null; departmentId: number | null; departmentName: string | null; payMin: string | null; salary: string | null };

/** Former employees without a recorded resignation (the demo roster's), with their leave dates. */
export async function listFormerWithoutQuit(exec: Executor, companyId: number): Promise<{ id: number; leaveDate: string }[]> {
  const rows = rowsOf<{ id: string | number; leave_date: string }>(
    await exec.execute(sql`
      select e.id, e.leave_date::text as leave_date from employees e
      where e.company_id = ${companyId} and e.archived_at is null and e.status = 4 and e.leave_date is not null
        and not exists (select 1 from employee_changes c where c.company_id = e.company_id and c.employee_id = e.id and c.type = 'quit')
      order by e.id`),
  );
  return rows.map((r) => ({ id: Number(r.id), leaveDate: r.leave_date }));
}
