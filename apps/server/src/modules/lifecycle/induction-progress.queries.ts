import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** What the onboarding progress reads: the employee, their onboarding changes, the confirmation's actor, their first labour contract. */

export type ProgressEmployee = { name: string; departmentId: number | null; status: number; hireDate: string | null; archived: boolean; createdAt: Date; createdByName: string | null };

export async function findProgressEmployee(exec: Executor, companyId: number, id: number): Promise<ProgressEmployee | null> {
  const [r] = rowsOf<{ name: string; department_id: string | number | null; status: number; hire_date: string | null; archived: boolean; created_at: string; by: string | null }>(
    await exec.execute(sql`
      select e.name, e.department_id, e.status, e.hire_date::text, e.archived_at is not null as archived, e.created_at, u.nickname as by
      from employees e left join users u on u.id = e.created_by where e.company_id = ${companyId} and e.id = ${id}`),
  );
  if (!r) return null;
  return { name: r.name, departmentId: r.department_id === null ? null : Number(r.department_id), status: Number(r.status), hireDate: r.hire_date, archived: r.archived, createdAt: new Date(r.created_at), createdByName: r.by };
}

/** The latest audit entry of these actions on the employee, with the actor's name. */
export async function lastEmployeeAction(exec: Executor, companyId: number, employeeId: number, actions: readonly string[]): Promise<{ action: string; by: string | null; at: Date } | null> {
  const [r] = rowsOf<{ action: string; by: string | null; at: string }>(
    await exec.execute(sql`
      select a.action, u.nickname as by, a.created_at as at from audit_log a left join users u on u.id = a.actor_user_id
      where a.company_id = ${companyId} and a.entity = 'employee' and a.entity_id = ${String(employeeId)}
        and a.action in (${sql.join(actions.map((x) => sql`${x}`), sql`, `)})
      order by a.id desc limit 1`),
  );
  return r ? { action: r.action, by: r.by, at: new Date(r.at) } : null;
}

export async function userName(exec: Executor, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [r] = rowsOf<{ nickname: string }>(await exec.execute(sql`select nickname from users where id = ${userId}`));
  return r?.nickname ?? null;
}

/** The employee's first labour contract (the one signed on joining), with who recorded it. */
export async function firstLabourContract(exec: Executor, companyId: number, employeeId: number): Promise<{ startDate: string; endDate: string | null; by: string | null; at: Date } | null> {
  const [r] = rowsOf<{ start_date: string; end_date: string | null; by: string | null; created_at: string }>(
    await exec.execute(sql`
      select l.start_date, l.end_date, u.nickname as by, l.created_at from labour_contracts l left join users u on u.id = l.created_by
      where l.company_id = ${companyId} and l.employee_id = ${employeeId} order by l.start_date, l.id limit 1`),
  );
  return r ? { startDate: String(r.start_date).slice(0, 10), endDate: r.end_date ? String(r.end_date).slice(0, 10) : null, by: r.by, at: new Date(r.created_at) } : null;
}
