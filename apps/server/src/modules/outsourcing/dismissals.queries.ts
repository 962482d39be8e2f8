import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DismissRow } from '@wfsaas/contracts';
import { employees, osClients, osCustodyLinks, osDismissalLines, osDismissals, osPlacements } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** 退工单 and their lines. */

export type DismissalDbRow = typeof osDismissals.$inferSelect;
export type DismissalLineDbRow = typeof osDismissalLines.$inferSelect;

export async function findDismissal(tx: Executor, companyId: number, id: number, forUpdate = false): Promise<DismissalDbRow | null> {
  const q = tx.select().from(osDismissals).where(and(eq(osDismissals.companyId, companyId), eq(osDismissals.id, id))).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertDismissal(tx: Executor, v: typeof osDismissals.$inferInsert): Promise<DismissalDbRow> {
  const [row] = await tx.insert(osDismissals).values(v).returning();
  return row!;
}

export async function updateDismissal(tx: Executor, companyId: number, id: number, set: Partial<Pick<DismissalDbRow, 'status' | 'approval' | 'cancelReason' | 'history'>>): Promise<void> {
  await tx.update(osDismissals).set({ ...set, updatedAt: new Date() }).where(and(eq(osDismissals.companyId, companyId), eq(osDismissals.id, id)));
}

export async function insertLines(tx: Executor, lines: (typeof osDismissalLines.$inferInsert)[]): Promise<void> {
  if (lines.length) await tx.insert(osDismissalLines).values(lines);
}

export async function listLines(tx: Executor, companyId: number, dismissalId: number): Promise<DismissalLineDbRow[]> {
  return tx.select().from(osDismissalLines).where(and(eq(osDismissalLines.companyId, companyId), eq(osDismissalLines.dismissalId, dismissalId)));
}

export async function updateLine(tx: Executor, companyId: number, dismissalId: number, placementId: number, set: Pick<DismissalLineDbRow, 'outcome' | 'newPlacementId' | 'handledAt' | 'handledBy'>): Promise<void> {
  await tx
    .update(osDismissalLines)
    .set(set)
    .where(and(eq(osDismissalLines.companyId, companyId), eq(osDismissalLines.dismissalId, dismissalId), eq(osDismissalLines.placementId, placementId)));
}

/** Placements already named, unhandled, on an open dismissal: placement id → that dismissal's number. */
export async function openLinesOf(tx: Executor, companyId: number, placementIds: readonly number[]): Promise<Map<number, string>> {
  if (placementIds.length === 0) return new Map();
  const rows = await tx
    .select({ placementId: osDismissalLines.placementId, orderNo: osDismissals.orderNo })
    .from(osDismissalLines)
    .innerJoin(osDismissals, and(eq(osDismissals.companyId, osDismissalLines.companyId), eq(osDismissals.id, osDismissalLines.dismissalId)))
    .where(and(eq(osDismissalLines.companyId, companyId), inArray(osDismissalLines.placementId, [...placementIds]), isNull(osDismissalLines.outcome), inArray(osDismissals.status, [1, 2])));
  return new Map(rows.map((r) => [r.placementId, r.orderNo]));
}

/** Whether the client's joint custody asks it to approve dismissals the provider raises. */
export async function clientApprovesDismissals(tx: Executor, providerId: number, clientId: number): Promise<boolean> {
  const [row] = await tx
    .select({ approve: osCustodyLinks.approveDismissals })
    .from(osCustodyLinks)
    .where(and(eq(osCustodyLinks.providerCompanyId, providerId), eq(osCustodyLinks.clientId, clientId), eq(osCustodyLinks.enabled, true)))
    .limit(1);
  return row?.approve === true;
}

type RawDismissRow = Omit<DismissRow, 'createdAt'> & { createdAt: Date | string; total: number };

/** Dismissal rows with their clients, worker names and handled counts, newest first. */
export async function pageDismissals(
  tx: Executor,
  companyId: number,
  f: { ids?: readonly number[]; clientId?: number; status?: number; keyword?: string },
  offset: number,
  limit: number,
): Promise<{ rows: DismissRow[]; total: number }> {
  const parts: SQL[] = [sql`d.company_id = ${companyId}`];
  if (f.ids) parts.push(f.ids.length ? sql`d.id in ${sql.raw(`(${f.ids.map(Number).join(',')})`)}` : sql`false`);
  if (f.clientId !== undefined) parts.push(sql`d.client_id = ${f.clientId}`);
  if (f.status !== undefined) parts.push(sql`d.status = ${f.status}`);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[%_\\]/g, '\\$&')}%`;
    parts.push(sql`(d.order_no like ${like} or exists (select 1 from ${osDismissalLines} l join ${employees} e on e.company_id = l.company_id and e.id = l.employee_id where l.company_id = d.company_id and l.dismissal_id = d.id and e.name like ${like}))`);
  }
  const where = sql.join(parts, sql` and `);
  const rows = rowsOf<RawDismissRow>(
    await tx.execute(sql`
      select d.id, d.order_no as "orderNo", d.client_id as "clientId", c.name as "clientName", d.reason, d.last_day::text as "lastDay",
             d.status, d.approval, d.raised_by as "raisedBy", d.created_at as "createdAt",
             (select count(*)::int from ${osDismissalLines} l where l.company_id = d.company_id and l.dismissal_id = d.id) as "workerCount",
             (select count(*)::int from ${osDismissalLines} l where l.company_id = d.company_id and l.dismissal_id = d.id and l.outcome is not null) as "handledCount",
             coalesce((select array_agg(e.name order by e.name) from ${osDismissalLines} l join ${employees} e on e.company_id = l.company_id and e.id = l.employee_id
                        where l.company_id = d.company_id and l.dismissal_id = d.id), '{}') as names,
             count(*) over ()::int as total
      from ${osDismissals} d
      join ${osClients} c on c.company_id = d.company_id and c.id = d.client_id
      where ${where}
      order by d.id desc
      limit ${limit} offset ${offset}
    `),
  );
  return {
    rows: rows.map(({ total: _total, ...r }) => ({
      ...r,
      id: Number(r.id),
      clientId: Number(r.clientId),
      names: Array.isArray(r.names) ? r.names : [],
      createdAt: r.createdAt instanceof Date ? r.createdAt.toISOString() : new Date(r.createdAt).toISOString(),
    })),
    // past the last page the window count is absent
    total: rows[0]?.total ?? (offset > 0 ? (rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${osDismissals} d where ${where}`))[0]?.n ?? 0) : 0),
  };
}

export type LineDetailRow = DismissalLineDbRow & { name: string; employeeNo: string | null; post: string; newClientName: string | null; newPost: string | null };

/** A dismissal's lines with the worker, the returned post and, when re-placed, the new client. */
export async function listLineDetails(tx: Executor, companyId: number, dismissalId: number): Promise<LineDetailRow[]> {
  const rows = rowsOf<LineDetailRow & { handledAt: Date | string | null }>(
    await tx.execute(sql`
      select l.company_id as "companyId", l.dismissal_id as "dismissalId", l.placement_id as "placementId", l.employee_id as "employeeId",
             l.outcome, l.new_placement_id as "newPlacementId", l.handled_at as "handledAt", l.handled_by as "handledBy",
             e.name, e.employee_no as "employeeNo", p.post, nc.name as "newClientName", np.post as "newPost"
      from ${osDismissalLines} l
      join ${employees} e on e.company_id = l.company_id and e.id = l.employee_id
      join ${osPlacements} p on p.company_id = l.company_id and p.id = l.placement_id
      left join ${osPlacements} np on np.company_id = l.company_id and np.id = l.new_placement_id
      left join ${osClients} nc on nc.company_id = l.company_id and nc.id = np.client_id
      where l.company_id = ${companyId} and l.dismissal_id = ${dismissalId}
      order by e.name, l.placement_id
    `),
  );
  return rows.map((r) => ({
    ...r,
    placementId: Number(r.placementId),
    employeeId: Number(r.employeeId),
    newPlacementId: r.newPlacementId === null ? null : Number(r.newPlacementId),
    handledAt: r.handledAt === null ? null : r.handledAt instanceof Date ? r.handledAt : new Date(r.handledAt),
  }));
}
