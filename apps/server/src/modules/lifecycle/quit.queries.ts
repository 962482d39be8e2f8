import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db.ts';
import { escapeLike, num } from './lifecycle.queries.ts';
import type { ConversionDbRow } from './regularisation.queries.ts';

/** Resignations (离职): the leaving and former lists and the facts of a resignation certificate. */

/** A department of the company with its status (1 active), or null. */
export async function findDepartmentState(exec: Executor, companyId: number, id: number): Promise<{ name: string; status: number } | null> {
  const [r] = rowsOf<{ name: string; status: number }>(await exec.execute(sql`select name, status from departments where company_id = ${companyId} and id = ${id}`));
  return r ? { name: r.name, status: Number(r.status) } : null;
}

export async function employeeName(exec: Executor, companyId: number, id: number): Promise<string | null> {
  const [r] = rowsOf<{ name: string }>(await exec.execute(sql`select name from employees where company_id = ${companyId} and id = ${id} and archived_at is null`));
  return r?.name ?? null;
}

export type QuitFilter = { mode: 'leaving' | 'left'; keyword?: string; quitType?: number; leaveFrom?: string; leaveTo?: string; scope: readonly number[] | null };

/**
 * 待离职: employees with a waiting resignation; 已离职: former employees, with their latest effective
 * resignation when they have one (records made before resignations were recorded have none).
 */
export async function listQuitPage(
  exec: Executor,
  companyId: number,
  f: QuitFilter,
  offset: number,
  limit: number,
): Promise<{ rows: (ConversionDbRow & { leaveDate: string | null })[]; total: number }> {
  const changeStatus = f.mode === 'leaving' ? sql`in (0, 3)` : sql`= 1`;
  const change = sql`(select c.id from employee_changes c where c.company_id = ${companyId} and c.employee_id = e.id and c.type = 'quit' and c.status ${changeStatus} order by c.effective_date desc, c.id desc limit 1)`;
  const parts: SQL[] = [sql`e.company_id = ${companyId}`, sql`e.archived_at is null`];
  parts.push(f.mode === 'leaving' ? sql`${change} is not null` : sql`e.status = 4`);
  if (f.keyword) parts.push(sql`(e.name ilike ${`%${escapeLike(f.keyword)}%`} or e.employee_no like ${`${escapeLike(f.keyword)}%`})`);
  if (f.quitType !== undefined) parts.push(sql`exists (select 1 from employee_changes c where c.id = ${change} and c.company_id = ${companyId} and (c.after->>'quitType')::int = ${f.quitType})`);
  if (f.leaveFrom) parts.push(sql`e.leave_date >= ${f.leaveFrom}`);
  if (f.leaveTo) parts.push(sql`e.leave_date <= ${f.leaveTo}`);
  if (f.scope) parts.push(f.scope.length ? sql`e.department_id in (${sql.join(f.scope.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  const order = f.mode === 'leaving' ? sql`(select c.effective_date from employee_changes c where c.company_id = ${companyId} and c.id = ${change}) asc, e.id` : sql`e.leave_date desc nulls last, e.id desc`;
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select e.id as "employeeId", e.name, e.employee_no as "employeeNo", e.status, e.hire_date as "hireDate", e.probation_end_date as "probationEndDate", e.leave_date as "leaveDate",
        (select d.name from departments d where d.company_id = e.company_id and d.id = e.department_id) as "departmentName",
        (select p.name from positions p where p.company_id = e.company_id and p.id = e.position_id) as "positionName",
        ${change} as "changeId", count(*) over () as total
      from employees e where ${sql.join(parts, sql` and `)}
      order by ${order}
      offset ${offset} limit ${limit}`),
  );
  return {
    rows: rows.map((r) => ({
      employeeId: Number(r.employeeId),
      name: String(r.name),
      employeeNo: (r.employeeNo as string | null) ?? null,
      departmentName: (r.departmentName as string | null) ?? null,
      positionName: (r.positionName as string | null) ?? null,
      status: Number(r.status),
      hireDate: (r.hireDate as string | null) ?? null,
      probationEndDate: (r.probationEndDate as string | null) ?? null,
      leaveDate: (r.leaveDate as string | null) ?? null,
      changeId: r.changeId === null ? null : Number(r.changeId),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** Everything needed for a resignation certificate. */
export type CertificateFacts = {
  name: string;
  status: number;
  departmentId: number | null;
  idType: number | null;
  idNumberEnc: string | null;
  hireDate: string | null;
  leaveDate: string | null;
  departmentName: string | null;
  positionName: string | null;
  companyName: string;
};

export async function findCertificateFacts(exec: Executor, companyId: number, employeeId: number): Promise<CertificateFacts | null> {
  const [r] = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select e.name, e.status, e.department_id, e.id_type, e.id_number_enc, e.hire_date, e.leave_date,
        (select d.name from departments d where d.company_id = e.company_id and d.id = e.department_id) as department_name,
        (select p.name from positions p where p.company_id = e.company_id and p.id = e.position_id) as position_name,
        (select c.name from companies c where c.id = e.company_id) as company_name
      from employees e where e.company_id = ${companyId} and e.id = ${employeeId} and e.archived_at is null`),
  );
  if (!r) return null;
  return {
    name: String(r.name),
    status: Number(r.status),
    departmentId: num(r.department_id),
    idType: num(r.id_type),
    idNumberEnc: (r.id_number_enc as string | null) ?? null,
    hireDate: (r.hire_date as string | null) ?? null,
    leaveDate: (r.leave_date as string | null) ?? null,
    departmentName: (r.department_name as string | null) ?? null,
    positionName: (r.position_name as string | null) ?? null,
    companyName: String(r.company_name ?? ''),
  };
}
