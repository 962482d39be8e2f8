import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FormerRow } from '@wfsaas/contracts';
import { econtracts, employees, osOrders, osPlacements, payrollGroups, siEntities, signPackages } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** Placements, the orders they fill and what an onboarding reads of the plan, the worker and the contracts. */

export type PlacementDbRow = typeof osPlacements.$inferSelect;
export type OrderDbRow = typeof osOrders.$inferSelect;
export type SiEntityDbRow = typeof siEntities.$inferSelect;

export async function findPlacement(tx: Executor, companyId: number, id: number, forUpdate = false): Promise<PlacementDbRow | null> {
  const q = tx.select().from(osPlacements).where(and(eq(osPlacements.companyId, companyId), eq(osPlacements.id, id))).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function listPlacementsByIds(tx: Executor, companyId: number, ids: readonly number[]): Promise<(PlacementDbRow & { name: string })[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ p: osPlacements, name: employees.name })
    .from(osPlacements)
    .innerJoin(employees, and(eq(employees.companyId, osPlacements.companyId), eq(employees.id, osPlacements.employeeId)))
    .where(and(eq(osPlacements.companyId, companyId), inArray(osPlacements.id, [...ids])))
    .for('update', { of: osPlacements })
    .then((rows) => rows.map((r) => ({ ...r.p, name: r.name })));
}

/** The employee's latest placement (any status), newest first. */
export async function latestPlacementOf(tx: Executor, companyId: number, employeeId: number): Promise<PlacementDbRow | null> {
  const [row] = await tx.select().from(osPlacements).where(and(eq(osPlacements.companyId, companyId), eq(osPlacements.employeeId, employeeId))).orderBy(desc(osPlacements.id)).limit(1);
  return row ?? null;
}

/** Pending, active and leaving placements at a client: the dispatched workers of the ratio. */
export async function countCurrentAtClient(tx: Executor, companyId: number, clientId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(osPlacements)
    .where(and(eq(osPlacements.companyId, companyId), eq(osPlacements.clientId, clientId), inArray(osPlacements.status, [1, 2, 3])));
  return row?.n ?? 0;
}

export async function insertPlacement(tx: Executor, v: typeof osPlacements.$inferInsert): Promise<PlacementDbRow> {
  const [row] = await tx.insert(osPlacements).values(v).returning();
  return row!;
}

export async function updatePlacement(
  tx: Executor,
  companyId: number,
  id: number,
  set: Partial<Pick<PlacementDbRow, 'status' | 'startDate' | 'leftDate' | 'leaveSource' | 'leaveReason' | 'contractIds'>>,
): Promise<void> {
  await tx.update(osPlacements).set({ ...set, updatedAt: new Date() }).where(and(eq(osPlacements.companyId, companyId), eq(osPlacements.id, id)));
}

/** How many of an order's placements have each status. */
export async function orderPlacementCounts(tx: Executor, companyId: number, orderId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ status: osPlacements.status, n: sql<number>`count(*)::int` })
    .from(osPlacements)
    .where(and(eq(osPlacements.companyId, companyId), eq(osPlacements.orderId, orderId)))
    .groupBy(osPlacements.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

export async function findSiEntity(tx: Executor, companyId: number, id: number): Promise<SiEntityDbRow | null> {
  const [row] = await tx.select().from(siEntities).where(and(eq(siEntities.companyId, companyId), eq(siEntities.id, id))).limit(1);
  return row ?? null;
}

/** The names a plan refers to: its salary group, insured entity and contract package. */
export async function planRefNames(
  tx: Executor,
  companyId: number,
  refs: { salaryGroupId: number | null; siEntityId: number | null; contractPackageId: number | null },
): Promise<{ salaryGroupName: string | null; siEntityName: string | null; contractPackageName: string | null }> {
  const [row] = rowsOf<{ salaryGroupName: string | null; siEntityName: string | null; contractPackageName: string | null }>(
    await tx.execute(sql`
      select (select name from ${payrollGroups} where company_id = ${companyId} and id = ${refs.salaryGroupId}) as "salaryGroupName",
             (select name from ${siEntities} where company_id = ${companyId} and id = ${refs.siEntityId}) as "siEntityName",
             (select name from ${signPackages} where company_id = ${companyId} and id = ${refs.contractPackageId}) as "contractPackageName"
    `),
  );
  const { salaryGroupName = null, siEntityName = null, contractPackageName = null } = row ?? {};
  return { salaryGroupName, siEntityName, contractPackageName };
}

export type WorkerFacts = { id: number; name: string; status: number; departmentId: number | null; hireDate: string | null; archived: boolean };

export async function findWorker(tx: Executor, companyId: number, id: number): Promise<WorkerFacts | null> {
  const [row] = await tx
    .select({ id: employees.id, name: employees.name, status: employees.status, departmentId: employees.departmentId, hireDate: employees.hireDate, archived: sql<boolean>`${employees.archivedAt} is not null` })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, id)))
    .limit(1);
  return row ?? null;
}

/** The statuses of e-contracts by id. */
export async function contractStatuses(tx: Executor, companyId: number, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: econtracts.id, status: econtracts.status }).from(econtracts).where(and(eq(econtracts.companyId, companyId), inArray(econtracts.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.status]));
}

/**
 * 前员工: employees whose latest placement has ended (已离岗) and who hold no pending, active or
 * leaving one, with that latest placement's client, post and leaving.
 */
export async function pageFormer(
  tx: Executor,
  companyId: number,
  f: { clientId?: number; keyword?: string },
  offset: number,
  limit: number,
): Promise<{ rows: FormerRow[]; total: number }> {
  const keyword = f.keyword ? `%${f.keyword.replace(/[%_\\]/g, '\\$&')}%` : null;
  const rows = rowsOf<FormerRow & { total: number }>(
    await tx.execute(sql`
      with latest as (
        select distinct on (p.employee_id) p.employee_id, p.client_id, p.post, p.left_date, p.leave_source, p.leave_reason, p.status,
               count(*) over (partition by p.employee_id) as placement_count
        from os_placements p
        where p.company_id = ${companyId}
        order by p.employee_id, p.id desc
      )
      select l.employee_id as "employeeId", e.name, e.employee_no as "employeeNo", e.mobile_masked as mobile, c.name as "lastClientName",
             l.post as "lastPost", l.left_date::text as "leftDate", l.leave_source as "leaveSource", l.leave_reason as "leaveReason",
             l.placement_count::int as "placementCount", count(*) over ()::int as total
      from latest l
      join employees e on e.company_id = ${companyId} and e.id = l.employee_id and e.archived_at is null
      left join os_clients c on c.company_id = ${companyId} and c.id = l.client_id
      where l.status = 4
        ${f.clientId !== undefined ? sql`and l.client_id = ${f.clientId}` : sql``}
        ${keyword ? sql`and (e.name like ${keyword} or e.employee_no = ${f.keyword})` : sql``}
      order by l.left_date desc nulls last, l.employee_id desc
      limit ${limit} offset ${offset}
    `),
  );
  const total = rows[0]?.total ?? (offset > 0 ? await countFormer(tx, companyId, f.clientId, keyword, f.keyword) : 0);
  return { rows: rows.map(({ total: _t, ...r }) => ({ ...r, employeeId: Number(r.employeeId) })), total };
}

async function countFormer(tx: Executor, companyId: number, clientId: number | undefined, like: string | null, exact: string | undefined): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with latest as (
        select distinct on (p.employee_id) p.employee_id, p.client_id, p.status from os_placements p
        where p.company_id = ${companyId} order by p.employee_id, p.id desc
      )
      select count(*)::int as n from latest l join employees e on e.company_id = ${companyId} and e.id = l.employee_id and e.archived_at is null
      where l.status = 4 ${clientId !== undefined ? sql`and l.client_id = ${clientId}` : sql``} ${like ? sql`and (e.name like ${like} or e.employee_no = ${exact})` : sql``}
    `),
  );
  return row?.n ?? 0;
}
