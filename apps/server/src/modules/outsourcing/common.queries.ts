import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PlacementRow } from '@wfsaas/contracts';
import { employees, osClients, osOrders, osPlacements, osPlans } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';

/** Reads several outsourcing screens share: a client, a plan, order numbers and placement rows. */

export type ClientRow = typeof osClients.$inferSelect;
export type PlanRow = typeof osPlans.$inferSelect;

export async function findClient(tx: Executor, companyId: number, id: number): Promise<ClientRow | null> {
  const [row] = await tx.select().from(osClients).where(and(eq(osClients.companyId, companyId), eq(osClients.id, id), isNull(osClients.archivedAt))).limit(1);
  return row ?? null;
}

export async function requireClient(tx: Executor, companyId: number, id: number): Promise<ClientRow> {
  const row = await findClient(tx, companyId, id);
  if (!row) throw notFound('用工单位');
  return row;
}

export async function requirePlan(tx: Executor, companyId: number, id: number): Promise<PlanRow> {
  const [row] = await tx.select().from(osPlans).where(and(eq(osPlans.companyId, companyId), eq(osPlans.id, id), isNull(osPlans.archivedAt))).limit(1);
  if (!row) throw notFound('方案');
  return row;
}

/** The next number of a day's orders: prefix + YYYYMMDD + a three-digit sequence (BG20261127001). */
export async function nextOrderNo(tx: Executor, companyId: number, table: 'os_orders' | 'os_dismissals', prefix: string, today: string): Promise<string> {
  const stem = `${prefix}${today.replaceAll('-', '')}`;
  const rows = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = ${companyId} and order_no like ${`${stem}%`}`,
  );
  const n = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { n: number }[] }).rows)[0]?.n ?? 0;
  return `${stem}${String(n + 1).padStart(3, '0')}`;
}

export type PlacementFilter = {
  ids?: readonly number[];
  clientId?: number;
  clientIds?: readonly number[];
  orderId?: number;
  employeeId?: number;
  statuses?: readonly number[];
  kinds?: readonly number[];
  planId?: number;
  post?: string;
  /** Name, employee number or mobile (exact). */
  keyword?: string;
};

function placementWhere(companyId: number, f: PlacementFilter): SQL {
  const parts: SQL[] = [eq(osPlacements.companyId, companyId)];
  if (f.ids) parts.push(f.ids.length ? inArray(osPlacements.id, [...f.ids]) : sql`false`);
  if (f.clientId !== undefined) parts.push(eq(osPlacements.clientId, f.clientId));
  if (f.clientIds) parts.push(f.clientIds.length ? inArray(osPlacements.clientId, [...f.clientIds]) : sql`false`);
  if (f.orderId !== undefined) parts.push(eq(osPlacements.orderId, f.orderId));
  if (f.employeeId !== undefined) parts.push(eq(osPlacements.employeeId, f.employeeId));
  if (f.statuses) parts.push(inArray(osPlacements.status, [...f.statuses]));
  if (f.kinds) parts.push(inArray(osPlacements.kind, [...f.kinds]));
  if (f.planId !== undefined) parts.push(eq(osPlacements.planId, f.planId));
  if (f.post) parts.push(eq(osPlacements.post, f.post));
  if (f.keyword) {
    const k = f.keyword;
    parts.push(sql`(${employees.name} like ${`%${k.replace(/[%_\\]/g, '\\$&')}%`} or ${employees.employeeNo} = ${k})`);
  }
  return and(...parts)!;
}

type RawPlacement = {
  id: number; employeeId: number; name: string; employeeNo: string | null; mobile: string | null; clientId: number; clientName: string;
  kind: number; orderId: number | null; orderNo: string | null; post: string; postKind: string | null; planId: number; planName: string;
  startDate: string; endDate: string; leftDate: string | null; status: number; leaveSource: string | null; leaveReason: string | null;
  contractIds: number[]; createdAt: Date | string;
};

/** Placement rows with their worker, client, order and plan, newest first. contractStatusText is left for the caller to fill. */
export async function pagePlacements(tx: Executor, companyId: number, f: PlacementFilter, offset: number, limit: number): Promise<{ rows: (PlacementRow & { contractIds: number[] })[]; total: number }> {
  const where = placementWhere(companyId, f);
  const base = tx
    .select({
      id: osPlacements.id, employeeId: osPlacements.employeeId, name: employees.name, employeeNo: employees.employeeNo, mobile: employees.mobileMasked,
      clientId: osPlacements.clientId, clientName: osClients.name, kind: osPlacements.kind, orderId: osPlacements.orderId, orderNo: osOrders.orderNo,
      post: osPlacements.post, postKind: osPlacements.postKind, planId: osPlacements.planId, planName: osPlans.name, startDate: osPlacements.startDate,
      endDate: osPlacements.endDate, leftDate: osPlacements.leftDate, status: osPlacements.status, leaveSource: osPlacements.leaveSource,
      leaveReason: osPlacements.leaveReason, contractIds: osPlacements.contractIds, createdAt: osPlacements.createdAt,
    })
    .from(osPlacements)
    .innerJoin(employees, and(eq(employees.companyId, osPlacements.companyId), eq(employees.id, osPlacements.employeeId)))
    .innerJoin(osClients, and(eq(osClients.companyId, osPlacements.companyId), eq(osClients.id, osPlacements.clientId)))
    .innerJoin(osPlans, and(eq(osPlans.companyId, osPlacements.companyId), eq(osPlans.id, osPlacements.planId)))
    .leftJoin(osOrders, and(eq(osOrders.companyId, osPlacements.companyId), eq(osOrders.id, osPlacements.orderId)))
    .where(where);
  // one statement at a time: a transaction's client runs one query at once
  const rows = await base.orderBy(desc(osPlacements.id)).limit(limit).offset(offset);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(osPlacements)
    .innerJoin(employees, and(eq(employees.companyId, osPlacements.companyId), eq(employees.id, osPlacements.employeeId)))
    .where(where);
  return {
    rows: (rows as RawPlacement[]).map((r) => ({
      ...r,
      kind: r.kind as PlacementRow['kind'],
      postKind: r.postKind as PlacementRow['postKind'],
      status: r.status as PlacementRow['status'],
      leaveSource: r.leaveSource as PlacementRow['leaveSource'],
      createdAt: r.createdAt instanceof Date ? r.createdAt.toISOString() : String(r.createdAt),
      contractStatusText: null,
    })),
    total: count?.n ?? 0,
  };
}
