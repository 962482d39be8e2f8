import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** The employee fields other modules' work changes (a lifecycle change, a department merge): the employees module writes them for them. */

export async function setEmployeeFacts(
  exec: Executor,
  companyId: number,
  id: number,
  set: { status?: number; probationEndDate?: string | null; leaveDate?: string | null; hireDate?: string; departmentId?: number },
): Promise<void> {
  const parts: SQL[] = [sql`updated_at = now()`];
  if (set.status !== undefined) parts.push(sql`status = ${set.status}`);
  if (set.probationEndDate !== undefined) parts.push(sql`probation_end_date = ${set.probationEndDate}`);
  if (set.leaveDate !== undefined) parts.push(sql`leave_date = ${set.leaveDate}`);
  if (set.hireDate !== undefined) parts.push(sql`hire_date = ${set.hireDate}`);
  if (set.departmentId !== undefined) parts.push(sql`department_id = ${set.departmentId}`);
  await exec.execute(sql`update employees set ${sql.join(parts, sql`, `)} where company_id = ${companyId} and id = ${id}`);
}

export async function setEmployeeSalary(exec: Executor, companyId: number, id: number, salary: string): Promise<void> {
  await exec.execute(sql`update employees set salary = ${salary}, updated_at = now() where company_id = ${companyId} and id = ${id}`);
}

export async function setEmployeeArchived(exec: Executor, companyId: number, id: number, archived: boolean, userId: number | null): Promise<void> {
  await exec.execute(sql`update employees set archived_at = ${archived ? sql`now()` : sql`null`}, updated_at = now(), updated_by = ${userId} where company_id = ${companyId} and id = ${id}`);
}

/** Moves every employee placed in one department to another. Returns their ids. */
export async function moveEmployeesToDepartment(exec: Executor, companyId: number, fromId: number, toId: number): Promise<number[]> {
  const rows = rowsOf<{ id: string | number }>(
    await exec.execute(sql`
      update employees set department_id = ${toId}, updated_at = now()
      where company_id = ${companyId} and department_id = ${fromId}
      returning id`),
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Every live employee without a salary gets one: the rank's band floor, else a figure by row. */
export async function seedEmployeeSalaries(exec: Executor, companyId: number): Promise<void> {
  await exec.execute(sql`
    update employees e set salary = coalesce((select r.pay_min from ranks r where r.company_id = e.company_id and r.id = e.rank_id and r.pay_min > 0), 6000 + (e.id % 40) * 500)
    where e.company_id = ${companyId} and e.salary is null`);
}
