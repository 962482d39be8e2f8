import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db.ts';

/**
 * What the organisation needs to know about employees: headcounts, whether a department,
 * position, rank or cost centre is still in use, and the people who can lead a department.
 * An employee counts while pending, on probation, regular or leaving (status 0–3) and not archived.
 */

const ACTIVE = sql.raw(`e.status in (0, 1, 2, 3) and e.archived_at is null`);

/** Active employees per department (employees without a department are left out). */
export async function countActiveByDepartment(exec: Executor, companyId: number): Promise<Map<number, number>> {
  const rows = rowsOf<{ department_id: string | number; n: string | number }>(
    await exec.execute(sql`
      select e.department_id, count(*) as n from employees e
      where e.company_id = ${companyId} and e.department_id is not null and ${ACTIVE}
      group by e.department_id`),
  );
  return new Map(rows.map((r) => [Number(r.department_id), Number(r.n)]));
}

export async function countActiveUnassigned(exec: Executor, companyId: number): Promise<number> {
  const rows = rowsOf<{ n: string | number }>(
    await exec.execute(sql`select count(*) as n from employees e where e.company_id = ${companyId} and e.department_id is null and ${ACTIVE}`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** Active employees in the department with this path and every department below it. */
export async function countActiveInSubtree(exec: Executor, companyId: number, path: string): Promise<number> {
  const rows = rowsOf<{ n: string | number }>(
    await exec.execute(sql`
      select count(*) as n from employees e
      join departments d on d.company_id = e.company_id and d.id = e.department_id
      where e.company_id = ${companyId} and d.path like ${`${path}%`} and ${ACTIVE}`),
  );
  return Number(rows[0]?.n ?? 0);
}

export type HolderColumn = 'position_id' | 'rank_id' | 'cost_center_id';

/** Active employees holding a position, rank or cost centre, by id. */
export async function countActiveHolders(exec: Executor, companyId: number, column: HolderColumn, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const col = sql.raw(`e.${column}`);
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{ ref: string | number; n: string | number }>(
    await exec.execute(sql`
      select ${col} as ref, count(*) as n from employees e
      where e.company_id = ${companyId} and ${col} in (${list}) and ${ACTIVE}
      group by ${col}`),
  );
  return new Map(rows.map((r) => [Number(r.ref), Number(r.n)]));
}

export type EmployeeRef = { id: number; name: string; employeeNo: string | null };

/** Active employees of the company among these ids. */
export async function listActiveEmployeesByIds(exec: Executor, companyId: number, ids: readonly number[]): Promise<EmployeeRef[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{ id: string | number; name: string; employee_no: string | null }>(
    await exec.execute(sql`select e.id, e.name, e.employee_no from employees e where e.company_id = ${companyId} and e.id in (${list}) and ${ACTIVE}`),
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, employeeNo: r.employee_no }));
}

/** Active employees of the company by employee number. */
export async function listActiveEmployeesByNos(exec: Executor, companyId: number, nos: readonly string[]): Promise<EmployeeRef[]> {
  if (nos.length === 0) return [];
  const list = sql.join(
    nos.map((no) => sql`${no}`),
    sql`, `,
  );
  const rows = rowsOf<{ id: string | number; name: string; employee_no: string | null }>(
    await exec.execute(sql`select e.id, e.name, e.employee_no from employees e where e.company_id = ${companyId} and e.employee_no in (${list}) and ${ACTIVE}`),
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, employeeNo: r.employee_no }));
}

/** Names of employees by id, whatever their status (a leader who has left is still named). */
export async function employeeNames(exec: Executor, companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{ id: string | number; name: string }>(await exec.execute(sql`select e.id, e.name from employees e where e.company_id = ${companyId} and e.id in (${list})`));
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Active employees matching a keyword (name or employee number), for choosing a leader or owner. */
export async function searchActiveEmployees(
  exec: Executor,
  companyId: number,
  keyword: string | null | undefined,
  limit: number,
): Promise<{ id: number; name: string; employeeNo: string | null; departmentName: string | null }[]> {
  const conds: SQL[] = [sql`e.company_id = ${companyId}`, ACTIVE];
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    conds.push(sql`(e.name ilike ${like} or e.employee_no ilike ${like})`);
  }
  const rows = rowsOf<{ id: string | number; name: string; employee_no: string | null; department_name: string | null }>(
    await exec.execute(sql`
      select e.id, e.name, e.employee_no, d.name as department_name from employees e
      left join departments d on d.company_id = e.company_id and d.id = e.department_id
      where ${sql.join(conds, sql` and `)}
      order by e.employee_no nulls last, e.id
      limit ${limit}`),
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, employeeNo: r.employee_no, departmentName: r.department_name }));
}

