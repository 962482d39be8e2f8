import { and, desc, eq, sql } from 'drizzle-orm';
import { platformBills, subscriptionOrders, subscriptions } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

export type SubscriptionRecord = typeof subscriptions.$inferSelect;
export type SubscriptionOrderRecord = typeof subscriptionOrders.$inferSelect;
export type OrderWithBill = SubscriptionOrderRecord & { billNo: string | null };

export async function listSubscriptions(exec: Executor, companyId: number): Promise<SubscriptionRecord[]> {
  return exec.select().from(subscriptions).where(eq(subscriptions.companyId, companyId));
}

/** The company's subscription to a product, locked for the caller's transaction when `lock`. */
export async function findSubscription(exec: Executor, companyId: number, product: string, lock = false): Promise<SubscriptionRecord | null> {
  const q = exec.select().from(subscriptions).where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.product, product)));
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function upsertSubscription(exec: Executor, companyId: number, v: Pick<SubscriptionRecord, 'product' | 'edition' | 'seats' | 'startDate' | 'endDate' | 'signaturesBought'>): Promise<SubscriptionRecord> {
  const [row] = await exec
    .insert(subscriptions)
    .values({ companyId, ...v })
    .onConflictDoUpdate({
      target: [subscriptions.companyId, subscriptions.product],
      set: { edition: v.edition, seats: v.seats, startDate: v.startDate, endDate: v.endDate, signaturesBought: v.signaturesBought, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function lastOrderSeq(exec: Executor, companyId: number, stem: string): Promise<number> {
  const rows = await exec
    .select({ n: sql<string | null>`max(substring(${subscriptionOrders.orderNo} from ${stem.length + 1}::int)::int)` })
    .from(subscriptionOrders)
    .where(and(eq(subscriptionOrders.companyId, companyId), sql`${subscriptionOrders.orderNo} like ${`${stem}%`}`));
  return Number(rows[0]?.n ?? 0);
}

export async function insertOrder(exec: Executor, v: typeof subscriptionOrders.$inferInsert): Promise<SubscriptionOrderRecord> {
  const [row] = await exec.insert(subscriptionOrders).values(v).returning();
  return row!;
}

export async function findOrder(exec: Executor, companyId: number, id: number, lock = false): Promise<SubscriptionOrderRecord | null> {
  const q = exec.select().from(subscriptionOrders).where(and(eq(subscriptionOrders.companyId, companyId), eq(subscriptionOrders.id, id)));
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** Moves an order on only from the given status; null when it was no longer there. */
export async function updateOrder(exec: Executor, companyId: number, id: number, fromStatus: number, set: Partial<typeof subscriptionOrders.$inferInsert>): Promise<SubscriptionOrderRecord | null> {
  const rows = await exec
    .update(subscriptionOrders)
    .set(set)
    .where(and(eq(subscriptionOrders.companyId, companyId), eq(subscriptionOrders.id, id), eq(subscriptionOrders.status, fromStatus)))
    .returning();
  return rows[0] ?? null;
}

export async function pendingOrders(exec: Executor, companyId: number): Promise<SubscriptionOrderRecord[]> {
  return exec.select().from(subscriptionOrders).where(and(eq(subscriptionOrders.companyId, companyId), eq(subscriptionOrders.status, 1)));
}

const withBill = {
  order: subscriptionOrders,
  billNo: platformBills.billNo,
};

export async function pageOrders(exec: Executor, companyId: number, f: { status?: number; activeOnly?: boolean; product?: string }, page: { limit: number; offset: number }): Promise<{ rows: OrderWithBill[]; total: number }> {
  const where = and(
    eq(subscriptionOrders.companyId, companyId),
    f.status !== undefined ? eq(subscriptionOrders.status, f.status) : undefined,
    f.activeOnly ? sql`${subscriptionOrders.agreementNo} is not null` : undefined,
    f.product ? eq(subscriptionOrders.product, f.product) : undefined,
  );
  const rows = await exec
    .select(withBill)
    .from(subscriptionOrders)
    .leftJoin(platformBills, and(eq(platformBills.companyId, subscriptionOrders.companyId), eq(platformBills.id, subscriptionOrders.billId)))
    .where(where)
    .orderBy(desc(subscriptionOrders.createdAt), desc(subscriptionOrders.id))
    .limit(page.limit)
    .offset(page.offset);
  const [n] = await exec.select({ n: sql<string>`count(*)` }).from(subscriptionOrders).where(where);
  return { rows: rows.map((r) => ({ ...r.order, billNo: r.billNo })), total: Number(n?.n ?? 0) };
}

/** Signatures bought by packs activated up to a moment. */
export async function signaturesBoughtBy(exec: Executor, companyId: number, until: Date): Promise<number> {
  const rows = await exec
    .select({ n: sql<string | null>`sum(${subscriptionOrders.pack})` })
    .from(subscriptionOrders)
    .where(and(eq(subscriptionOrders.companyId, companyId), eq(subscriptionOrders.status, 2), eq(subscriptionOrders.action, 'pack'), sql`${subscriptionOrders.activatedAt} <= ${until}`));
  return Number(rows[0]?.n ?? 0);
}

// Demo seed only: the first two companies, an administrator to act as, and dating a paid order back.

export async function demoCompanies(exec: Executor): Promise<{ id: number; adminId: number | null }[]> {
  const rows = rowsOf<{ id: string | number; admin_id: string | number | null }>(
    await exec.execute(sql`select c.id, (select m.user_id from company_members m where m.company_id = c.id and m.is_admin order by m.user_id limit 1) as admin_id from companies c order by c.id limit 2`),
  );
  return rows.map((r) => ({ id: Number(r.id), adminId: r.admin_id === null ? null : Number(r.admin_id) }));
}

/** Moves a paid order (its subscription term, its bill's dates) back by `days`, as if bought then. */
export async function backdateOrder(exec: Executor, companyId: number, orderId: number, days: number, term: { startDate: string; endDate: string }): Promise<void> {
  const shift = sql`make_interval(days => ${days}::int)`;
  const stem = term.startDate.slice(0, 7).replace('-', '');
  const [o] = await exec
    .update(subscriptionOrders)
    .set({
      startDate: term.startDate,
      endDate: term.endDate,
      createdAt: sql`${subscriptionOrders.createdAt} - ${shift}`,
      activatedAt: sql`${subscriptionOrders.activatedAt} - ${shift}`,
      // numbered by the month it was bought in, keeping its sequence
      orderNo: sql`'DY' || ${stem} || right(${subscriptionOrders.orderNo}, 4)`,
      agreementNo: sql`'FWXY' || ${stem} || right(${subscriptionOrders.orderNo}, 4)`,
    })
    .where(and(eq(subscriptionOrders.companyId, companyId), eq(subscriptionOrders.id, orderId)))
    .returning();
  if (!o?.billId) return;
  await exec
    .update(platformBills)
    .set({ createdAt: sql`${platformBills.createdAt} - ${shift}`, paidAt: sql`${platformBills.paidAt} - ${shift}`, dueDate: sql`(${platformBills.dueDate}::date - ${days}::int)::text` })
    .where(and(eq(platformBills.companyId, companyId), eq(platformBills.id, o.billId)));
}

export async function setSubscriptionTerm(exec: Executor, companyId: number, product: string, term: { startDate: string; endDate: string }): Promise<void> {
  await exec.update(subscriptions).set({ startDate: term.startDate, endDate: term.endDate }).where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.product, product)));
}
