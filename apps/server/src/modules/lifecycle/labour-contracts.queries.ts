import { and, eq, sql, type SQL } from 'drizzle-orm';
import { labourContracts } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';
import { escapeLike } from './lifecycle.queries.ts';

/** Labour contracts (劳动合同) and the renewal list. */

export type LabourContractRow = typeof labourContracts.$inferSelect;

export async function insertLabourContract(exec: Executor, v: typeof labourContracts.$inferInsert): Promise<LabourContractRow> {
  const rows = await exec.insert(labourContracts).values(v).returning();
  return rows[0]!;
}

export async function findLabourContract(exec: Executor, companyId: number, id: number, forUpdate = false): Promise<LabourContractRow | null> {
  const q = exec
    .select()
    .from(labourContracts)
    .where(and(eq(labourContracts.companyId, companyId), eq(labourContracts.id, id)))
    .limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function findCurrentContract(exec: Executor, companyId: number, employeeId: number): Promise<LabourContractRow | null> {
  const rows = await exec
    .select()
    .from(labourContracts)
    .where(and(eq(labourContracts.companyId, companyId), eq(labourContracts.employeeId, employeeId), eq(labourContracts.status, 1)))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateLabourContract(
  exec: Executor,
  companyId: number,
  id: number,
  set: Partial<Pick<LabourContractRow, 'status' | 'endDate' | 'type' | 'endedAt' | 'terms'>>,
): Promise<LabourContractRow> {
  const rows = await exec
    .update(labourContracts)
    .set(set)
    .where(and(eq(labourContracts.companyId, companyId), eq(labourContracts.id, id)))
    .returning();
  return rows[0]!;
}

export async function listContractsOf(exec: Executor, companyId: number, by: { employeeId?: number; ids?: readonly number[]; renewedFrom?: readonly number[] }): Promise<LabourContractRow[]> {
  const conds: SQL[] = [eq(labourContracts.companyId, companyId)];
  if (by.employeeId !== undefined) conds.push(eq(labourContracts.employeeId, by.employeeId));
  if (by.ids) conds.push(by.ids.length ? sql`${labourContracts.id} in (${sql.join(by.ids.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  if (by.renewedFrom) conds.push(by.renewedFrom.length ? sql`${labourContracts.renewedFrom} in (${sql.join(by.renewedFrom.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  return exec
    .select()
    .from(labourContracts)
    .where(and(...conds))
    .orderBy(sql`${labourContracts.startDate} desc`, sql`${labourContracts.id} desc`);
}

export type RenewalTabKey = 'expiring' | 'expired' | 'renewed' | 'ended';

function renewalWhere(companyId: number, tab: RenewalTabKey, f: { today: string; until: string; keyword?: string; scope: readonly number[] | null }): SQL {
  const parts: SQL[] = [sql`k.company_id = ${companyId}`, sql`e.archived_at is null`];
  if (tab === 'expiring') parts.push(sql`k.status = 1 and k.end_date >= ${f.today} and k.end_date <= ${f.until} and e.status in (1, 2, 3)`);
  if (tab === 'expired') parts.push(sql`k.status = 1 and k.end_date < ${f.today} and e.status in (1, 2, 3)`);
  if (tab === 'renewed') parts.push(sql`k.status = 2`);
  if (tab === 'ended') parts.push(sql`k.status = 3`);
  if (f.keyword) parts.push(sql`(e.name ilike ${`%${escapeLike(f.keyword)}%`} or e.employee_no like ${`${escapeLike(f.keyword)}%`})`);
  if (f.scope) parts.push(f.scope.length ? sql`e.department_id in (${sql.join(f.scope.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  return sql.join(parts, sql` and `);
}

export async function listRenewalPage(
  exec: Executor,
  companyId: number,
  tab: RenewalTabKey,
  f: { today: string; until: string; keyword?: string; scope: readonly number[] | null },
  offset: number,
  limit: number,
): Promise<{ rows: { contractId: number; employeeId: number; name: string; employeeNo: string | null; departmentName: string | null; employeeStatus: number }[]; total: number }> {
  const order = tab === 'expiring' || tab === 'expired' ? sql`k.end_date asc, k.id` : sql`k.ended_at desc nulls last, k.id desc`;
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select k.id as "contractId", e.id as "employeeId", e.name, e.employee_no as "employeeNo", e.status as "employeeStatus",
        (select d.name from departments d where d.company_id = e.company_id and d.id = e.department_id) as "departmentName", count(*) over () as total
      from labour_contracts k join employees e on e.company_id = k.company_id and e.id = k.employee_id
      where ${renewalWhere(companyId, tab, f)}
      order by ${order}
      offset ${offset} limit ${limit}`),
  );
  return {
    rows: rows.map((r) => ({
      contractId: Number(r.contractId),
      employeeId: Number(r.employeeId),
      name: String(r.name),
      employeeNo: (r.employeeNo as string | null) ?? null,
      departmentName: (r.departmentName as string | null) ?? null,
      employeeStatus: Number(r.employeeStatus),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

export async function countRenewalTabs(exec: Executor, companyId: number, f: { today: string; until: string; keyword?: string; scope: readonly number[] | null }): Promise<Record<RenewalTabKey, number>> {
  const tabs: RenewalTabKey[] = ['expiring', 'expired', 'renewed', 'ended'];
  const cols = tabs.map((tab) => sql`count(*) filter (where ${renewalWhere(companyId, tab, f)}) as ${sql.identifier(tab)}`);
  const [row] = rowsOf<Record<string, string | number>>(
    await exec.execute(sql`select ${sql.join(cols, sql`, `)} from labour_contracts k join employees e on e.company_id = k.company_id and e.id = k.employee_id where k.company_id = ${companyId}`),
  );
  return { expiring: Number(row?.expiring ?? 0), expired: Number(row?.expired ?? 0), renewed: Number(row?.renewed ?? 0), ended: Number(row?.ended ?? 0) };
}
