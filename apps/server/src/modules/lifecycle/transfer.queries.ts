import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db.ts';
import { escapeLike, listChangesWithUsers, num, type ChangeRowWithUser } from './lifecycle.queries.ts';

/** Transfers (调动): the employee's placement, the names a change shows, and the transfer list. */

/** The employee's placement with the names of its department, position, rank and cost centre. */
export type PlacementRow = {
  id: number;
  name: string;
  status: number;
  hireDate: string | null;
  departmentId: number | null;
  departmentName: string | null;
  positionId: number | null;
  positionName: string | null;
  rankId: number | null;
  rankName: string | null;
  costCenterId: number | null;
  costCenterName: string | null;
  workLocation: string | null;
  salary: string | null;
};

export async function findPlacement(exec: Executor, companyId: number, id: number): Promise<PlacementRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select e.id, e.name, e.status, e.hire_date as "hireDate", e.department_id as "departmentId", e.position_id as "positionId", e.rank_id as "rankId",
        e.cost_center_id as "costCenterId", e.work_location as "workLocation", e.salary::text as salary,
        (select d.name from departments d where d.company_id = e.company_id and d.id = e.department_id) as "departmentName",
        (select p.name from positions p where p.company_id = e.company_id and p.id = e.position_id) as "positionName",
        (select rc.name || ' ' || r.name from ranks r join rank_categories rc on rc.company_id = r.company_id and rc.id = r.category_id where r.company_id = e.company_id and r.id = e.rank_id) as "rankName",
        (select c.name from cost_centers c where c.company_id = e.company_id and c.id = e.cost_center_id) as "costCenterName"
      from employees e where e.company_id = ${companyId} and e.id = ${id} and e.archived_at is null`),
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    name: String(r.name),
    status: Number(r.status),
    hireDate: (r.hireDate as string | null) ?? null,
    departmentId: num(r.departmentId),
    departmentName: (r.departmentName as string | null) ?? null,
    positionId: num(r.positionId),
    positionName: (r.positionName as string | null) ?? null,
    rankId: num(r.rankId),
    rankName: (r.rankName as string | null) ?? null,
    costCenterId: num(r.costCenterId),
    costCenterName: (r.costCenterName as string | null) ?? null,
    workLocation: (r.workLocation as string | null) ?? null,
    salary: (r.salary as string | null) ?? null,
  };
}

/** Names of a department, position, rank (category + name) and cost centre of the company, by id. */
export async function refNames(
  exec: Executor,
  companyId: number,
  ids: { departmentId?: number | null; positionId?: number | null; rankId?: number | null; costCenterId?: number | null },
): Promise<{ departmentName: string | null; positionName: string | null; rankName: string | null; costCenterName: string | null }> {
  const [r] = rowsOf<Record<string, string | null>>(
    await exec.execute(sql`select
      (select d.name from departments d where d.company_id = ${companyId} and d.id = ${ids.departmentId ?? null}) as "departmentName",
      (select p.name from positions p where p.company_id = ${companyId} and p.id = ${ids.positionId ?? null}) as "positionName",
      (select rc.name || ' ' || r.name from ranks r join rank_categories rc on rc.company_id = r.company_id and rc.id = r.category_id where r.company_id = ${companyId} and r.id = ${ids.rankId ?? null}) as "rankName",
      (select c.name from cost_centers c where c.company_id = ${companyId} and c.id = ${ids.costCenterId ?? null}) as "costCenterName"`),
  );
  return { departmentName: r?.departmentName ?? null, positionName: r?.positionName ?? null, rankName: r?.rankName ?? null, costCenterName: r?.costCenterName ?? null };
}

export type TransferFilter = { type?: string; status?: number; keyword?: string; effectiveFrom?: string; effectiveTo?: string; scope: readonly number[] | null };

/** Transfers of the company with their employee, latest effective date first. */
export async function listTransferPage(
  exec: Executor,
  companyId: number,
  f: TransferFilter,
  offset: number,
  limit: number,
): Promise<{ rows: (ChangeRowWithUser & { name: string; employeeNo: string | null; departmentName: string | null })[]; total: number }> {
  const parts: SQL[] = [sql`c.company_id = ${companyId}`, sql`c.type = ${f.type ?? 'transfer'}`, sql`e.archived_at is null`];
  if (f.status !== undefined) parts.push(sql`c.status = ${f.status}`);
  if (f.keyword) parts.push(sql`(e.name ilike ${`%${escapeLike(f.keyword)}%`} or e.employee_no like ${`${escapeLike(f.keyword)}%`})`);
  if (f.effectiveFrom) parts.push(sql`c.effective_date >= ${f.effectiveFrom}`);
  if (f.effectiveTo) parts.push(sql`c.effective_date <= ${f.effectiveTo}`);
  if (f.scope) parts.push(f.scope.length ? sql`e.department_id in (${sql.join(f.scope.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  const rows = rowsOf<{ id: string | number; total: string | number; name: string; employee_no: string | null; department_name: string | null }>(
    await exec.execute(sql`
      select c.id, e.name, e.employee_no, (select d.name from departments d where d.company_id = e.company_id and d.id = e.department_id) as department_name, count(*) over () as total
      from employee_changes c join employees e on e.company_id = c.company_id and e.id = c.employee_id
      where ${sql.join(parts, sql` and `)}
      order by c.status = 0 desc, c.effective_date desc, c.id desc
      offset ${offset} limit ${limit}`),
  );
  const full = new Map((await listChangesWithUsers(exec, companyId, { ids: rows.map((r) => Number(r.id)) })).map((c) => [c.id, c]));
  return {
    rows: rows.map((r) => ({ ...full.get(Number(r.id))!, name: r.name, employeeNo: r.employee_no, departmentName: r.department_name })),
    total: Number(rows[0]?.total ?? 0),
  };
}
