import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { osClients, osOrders, osPlacements } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** 补岗单 rows: a page with the client, the post's kind and how many were onboarded against each. */

export type OrderRecord = typeof osOrders.$inferSelect;
export type NewOrder = Omit<typeof osOrders.$inferInsert, 'companyId' | 'id'>;
export type HistoryEntry = { at: string; by: string; action: string };

/** Placement statuses that count towards an order: onboarded (在岗, 待离岗, 已离岗). */
export const FILLED_STATUSES = [2, 3, 4] as const;

export type OrderFilter = { clientId?: number; status?: number; keyword?: string; ids?: readonly number[] };

export type OrderListRow = OrderRecord & { clientName: string; postKind: string | null; filled: number };

function orderWhere(companyId: number, f: OrderFilter): SQL {
  const parts: SQL[] = [eq(osOrders.companyId, companyId)];
  if (f.clientId !== undefined) parts.push(eq(osOrders.clientId, f.clientId));
  if (f.status !== undefined) parts.push(eq(osOrders.status, f.status));
  if (f.ids) parts.push(f.ids.length ? inArray(osOrders.id, [...f.ids]) : sql`false`);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[%_\\]/g, '\\$&')}%`;
    parts.push(sql`(${osOrders.orderNo} like ${like} or ${osOrders.post} like ${like})`);
  }
  return and(...parts)!;
}

const filledSql = sql<number>`(select count(*)::int from ${osPlacements} where ${osPlacements.companyId} = ${osOrders.companyId} and ${osPlacements.orderId} = ${osOrders.id} and ${osPlacements.status} in (2, 3, 4))`;
const postKindSql = sql<string | null>`(select p->>'kind' from jsonb_array_elements(${osClients.posts}) p where p->>'name' = ${osOrders.post} limit 1)`;

export async function pageOrders(exec: Executor, companyId: number, f: OrderFilter, offset: number, limit: number): Promise<{ rows: OrderListRow[]; total: number }> {
  const where = orderWhere(companyId, f);
  const rows = await exec
    .select({ order: osOrders, clientName: osClients.name, postKind: postKindSql, filled: filledSql })
    .from(osOrders)
    .innerJoin(osClients, and(eq(osClients.companyId, osOrders.companyId), eq(osClients.id, osOrders.clientId)))
    .where(where)
    .orderBy(desc(osOrders.id))
    .limit(limit)
    .offset(offset);
  const [count] = await exec.select({ n: sql<number>`count(*)::int` }).from(osOrders).where(where);
  return { rows: rows.map((r) => ({ ...r.order, clientName: r.clientName, postKind: r.postKind, filled: Number(r.filled) })), total: Number(count?.n ?? 0) };
}

export async function findOrder(exec: Executor, companyId: number, id: number): Promise<OrderRecord | null> {
  const [row] = await exec.select().from(osOrders).where(and(eq(osOrders.companyId, companyId), eq(osOrders.id, id))).limit(1);
  return row ?? null;
}

export async function insertOrder(exec: Executor, companyId: number, values: NewOrder): Promise<OrderRecord> {
  const [row] = await exec.insert(osOrders).values({ ...values, companyId }).returning();
  return row!;
}

export async function updateOrder(exec: Executor, companyId: number, id: number, values: Partial<NewOrder>): Promise<OrderRecord> {
  const [row] = await exec
    .update(osOrders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(osOrders.companyId, companyId), eq(osOrders.id, id)))
    .returning();
  return row!;
}

/** Placements against the order in these statuses. */
export async function countOrderPlacements(exec: Executor, companyId: number, orderId: number, statuses: readonly number[]): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(osPlacements)
    .where(and(eq(osPlacements.companyId, companyId), eq(osPlacements.orderId, orderId), inArray(osPlacements.status, [...statuses])));
  return Number(row?.n ?? 0);
}
