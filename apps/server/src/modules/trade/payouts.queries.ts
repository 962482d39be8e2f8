import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { custodyPayoutLines, custodyPayouts, platformBills } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** Wage payouts and their lines; a payout's bill is read beside it (same module). */

export type PayoutRecord = typeof custodyPayouts.$inferSelect;
export type PayoutLineRecord = typeof custodyPayoutLines.$inferSelect;
export type PayoutWithBill = PayoutRecord & { billNo: string | null; billStatus: number | null };

const withBill = { payout: custodyPayouts, billNo: platformBills.billNo, billStatus: platformBills.status };
const billJoin = and(eq(platformBills.companyId, custodyPayouts.companyId), eq(platformBills.id, custodyPayouts.billId));
const flat = (r: { payout: PayoutRecord; billNo: string | null; billStatus: number | null }): PayoutWithBill => ({ ...r.payout, billNo: r.billNo, billStatus: r.billStatus });

/** The highest sequence of payout numbers starting with `stem` (0 when none). */
export async function lastPayoutSeq(exec: Executor, companyId: number, stem: string): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`coalesce(max(substring(${custodyPayouts.payoutNo} from ${stem.length + 1}::int)::int), 0)::int` })
    .from(custodyPayouts)
    .where(and(eq(custodyPayouts.companyId, companyId), sql`${custodyPayouts.payoutNo} like ${`${stem}%`}`));
  return row?.n ?? 0;
}

export async function insertPayout(exec: Executor, row: typeof custodyPayouts.$inferInsert, lines: readonly Omit<typeof custodyPayoutLines.$inferInsert, 'companyId' | 'payoutId' | 'lineNo'>[]): Promise<PayoutRecord> {
  const [p] = await exec.insert(custodyPayouts).values(row).returning();
  if (lines.length > 0) await exec.insert(custodyPayoutLines).values(lines.map((l, i) => ({ ...l, companyId: row.companyId, payoutId: p!.id, lineNo: i + 1 })));
  return p!;
}

export async function updatePayout(exec: Executor, companyId: number, id: number, fromStatus: number, set: Partial<typeof custodyPayouts.$inferInsert>): Promise<PayoutRecord | null> {
  const [p] = await exec
    .update(custodyPayouts)
    .set(set)
    .where(and(eq(custodyPayouts.companyId, companyId), eq(custodyPayouts.id, id), eq(custodyPayouts.status, fromStatus)))
    .returning();
  return p ?? null;
}

export async function findPayout(exec: Executor, companyId: number, id: number, opts: { forUpdate?: boolean } = {}): Promise<PayoutRecord | null> {
  const q = exec.select().from(custodyPayouts).where(and(eq(custodyPayouts.companyId, companyId), eq(custodyPayouts.id, id))).limit(1);
  const [p] = opts.forUpdate ? await q.for('update') : await q;
  return p ?? null;
}

export async function findPayoutWithBill(exec: Executor, companyId: number, id: number): Promise<PayoutWithBill | null> {
  const [r] = await exec.select(withBill).from(custodyPayouts).leftJoin(platformBills, billJoin).where(and(eq(custodyPayouts.companyId, companyId), eq(custodyPayouts.id, id))).limit(1);
  return r ? flat(r) : null;
}

/** The run's payout that is not cancelled, if any. */
export async function findLivePayoutOfRun(exec: Executor, companyId: number, runId: number): Promise<PayoutRecord | null> {
  const [p] = await exec
    .select()
    .from(custodyPayouts)
    .where(and(eq(custodyPayouts.companyId, companyId), eq(custodyPayouts.runId, runId), ne(custodyPayouts.status, 3)))
    .limit(1);
  return p ?? null;
}

export async function listLivePayouts(exec: Executor, companyId: number): Promise<PayoutRecord[]> {
  return exec.select().from(custodyPayouts).where(and(eq(custodyPayouts.companyId, companyId), ne(custodyPayouts.status, 3)));
}

export async function listPayoutLines(exec: Executor, companyId: number, payoutId: number): Promise<PayoutLineRecord[]> {
  return exec.select().from(custodyPayoutLines).where(and(eq(custodyPayoutLines.companyId, companyId), eq(custodyPayoutLines.payoutId, payoutId))).orderBy(asc(custodyPayoutLines.lineNo));
}

export async function pagePayouts(exec: Executor, companyId: number, f: { status?: number }, pageNum: number, pageSize: number): Promise<{ rows: PayoutWithBill[]; total: number }> {
  const conds: SQL[] = [eq(custodyPayouts.companyId, companyId)];
  if (f.status) conds.push(eq(custodyPayouts.status, f.status));
  const where = and(...conds);
  const rows = await exec
    .select(withBill)
    .from(custodyPayouts)
    .leftJoin(platformBills, billJoin)
    .where(where)
    .orderBy(desc(custodyPayouts.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [n] = await exec.select({ n: count() }).from(custodyPayouts).where(where);
  return { rows: rows.map(flat), total: Number(n?.n ?? 0) };
}
