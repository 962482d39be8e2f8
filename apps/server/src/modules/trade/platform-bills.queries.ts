import { and, asc, count, desc, eq, inArray, lt, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { companies, platformBillEvents, platformBillLines, platformBillPayments, platformBills } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** Platform bills (the company pays them), their lines, status history and payments. */

export type PlatformBillRecord = typeof platformBills.$inferSelect;
export type PlatformBillLineRecord = typeof platformBillLines.$inferSelect;
export type PlatformBillEventRecord = typeof platformBillEvents.$inferSelect;
export type PlatformBillPaymentRecord = typeof platformBillPayments.$inferSelect;
export type NewPlatformBillRecord = typeof platformBills.$inferInsert;
export type NewPlatformBillLineRecord = typeof platformBillLines.$inferInsert;
export type NewPlatformBillEvent = typeof platformBillEvents.$inferInsert;
export type NewLine = Omit<NewPlatformBillLineRecord, 'billId' | 'companyId' | 'lineNo'>;

const PENDING = 1;

export async function insertPlatformBill(exec: Executor, row: NewPlatformBillRecord, lines: readonly NewLine[]): Promise<PlatformBillRecord> {
  const [bill] = await exec.insert(platformBills).values(row).returning();
  if (lines.length > 0) await exec.insert(platformBillLines).values(lines.map((l, i) => ({ ...l, companyId: row.companyId, billId: bill!.id, lineNo: i + 1 })));
  return bill!;
}

/** Replaces a bill's lines with newly asked ones (a statement updated after unlock or regeneration). */
export async function replacePlatformBillLines(exec: Executor, companyId: number, billId: number, lines: readonly NewLine[]): Promise<void> {
  await exec.delete(platformBillLines).where(and(eq(platformBillLines.companyId, companyId), eq(platformBillLines.billId, billId)));
  if (lines.length > 0) await exec.insert(platformBillLines).values(lines.map((l, i) => ({ ...l, companyId, billId, lineNo: i + 1 })));
}

export async function insertPlatformBillEvent(exec: Executor, e: NewPlatformBillEvent): Promise<void> {
  await exec.insert(platformBillEvents).values(e);
}

/** The highest sequence of the platform bill numbers starting with `stem` (0 when none). */
export async function lastPlatformBillSeq(exec: Executor, companyId: number, stem: string): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`coalesce(max(substring(${platformBills.billNo} from ${stem.length + 1}::int)::int), 0)::int` })
    .from(platformBills)
    .where(and(eq(platformBills.companyId, companyId), sql`${platformBills.billNo} like ${`${stem}%`}`));
  return row?.n ?? 0;
}

export async function findPlatformBill(exec: Executor, companyId: number, id: number): Promise<PlatformBillRecord | null> {
  const [row] = await exec.select().from(platformBills).where(and(eq(platformBills.companyId, companyId), eq(platformBills.id, id))).limit(1);
  return row ?? null;
}

/** The monthly statement (type 1) of a month, whatever its status. */
export async function findStatement(exec: Executor, companyId: number, month: string): Promise<PlatformBillRecord | null> {
  const [row] = await exec
    .select()
    .from(platformBills)
    .where(and(eq(platformBills.companyId, companyId), eq(platformBills.billType, 1), eq(platformBills.month, month)))
    .limit(1);
  return row ?? null;
}

export async function listPlatformBillLines(exec: Executor, companyId: number, billId: number): Promise<PlatformBillLineRecord[]> {
  return exec.select().from(platformBillLines).where(and(eq(platformBillLines.companyId, companyId), eq(platformBillLines.billId, billId))).orderBy(asc(platformBillLines.lineNo));
}

export async function listPlatformBillEvents(exec: Executor, companyId: number, billId: number): Promise<PlatformBillEventRecord[]> {
  return exec.select().from(platformBillEvents).where(and(eq(platformBillEvents.companyId, companyId), eq(platformBillEvents.billId, billId))).orderBy(asc(platformBillEvents.at), asc(platformBillEvents.id));
}

export type StatusSet = Partial<Pick<NewPlatformBillRecord, 'confirmedAt' | 'confirmedBy' | 'paidAt' | 'reason' | 'amount' | 'dueDate'>> & { status: number; retried?: boolean };

/** Moves a bill from one status to another; answers the row when it was still in `from` (null otherwise). */
export async function updatePlatformBillStatus(exec: Executor, companyId: number, id: number, from: number, set: StatusSet): Promise<PlatformBillRecord | null> {
  const { retried, ...values } = set;
  const [row] = await exec
    .update(platformBills)
    .set({ ...values, ...(retried ? { retryCount: sql`${platformBills.retryCount} + 1` } : {}) })
    .where(and(eq(platformBills.companyId, companyId), eq(platformBills.id, id), eq(platformBills.status, from)))
    .returning();
  return row ?? null;
}

/**
 * A pending bank transfer of the bill exists. The outer columns are named with their table: drizzle
 * leaves them bare in a select list, where inside the subquery they would mean the payment's own.
 */
const transferPending = () =>
  sql<boolean>`exists (select 1 from ${platformBillPayments} p where p.company_id = "platform_bills"."company_id" and p.bill_id = "platform_bills"."id" and p.status = ${PENDING})`;

export type BillListFilter = { status?: number; billType?: number; kinds?: readonly string[]; notKinds?: readonly string[]; month?: string; billNo?: string };

function filterWhere(companyId: number, f: BillListFilter, withStatus: boolean): SQL {
  const parts: (SQL | undefined)[] = [eq(platformBills.companyId, companyId)];
  if (withStatus && f.status !== undefined) parts.push(eq(platformBills.status, f.status));
  if (f.billType !== undefined) parts.push(eq(platformBills.billType, f.billType));
  if (f.kinds) parts.push(inArray(platformBills.kind, [...f.kinds]));
  if (f.notKinds) for (const k of f.notKinds) parts.push(ne(platformBills.kind, k));
  if (f.month) parts.push(eq(platformBills.month, f.month));
  if (f.billNo) parts.push(sql`${platformBills.billNo} like ${`%${f.billNo.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  return and(...parts)!;
}

export type BillListRow = PlatformBillRecord & { transferPending: boolean };

export async function pagePlatformBills(exec: Executor, companyId: number, f: BillListFilter, limit: number, offset: number): Promise<{ rows: BillListRow[]; total: number }> {
  const where = filterWhere(companyId, f, true);
  const [{ n } = { n: 0 }] = await exec.select({ n: count() }).from(platformBills).where(where);
  const rows = await exec
    .select({ bill: platformBills, transferPending: transferPending() })
    .from(platformBills)
    .where(where)
    .orderBy(desc(platformBills.createdAt), desc(platformBills.id))
    .limit(limit)
    .offset(offset);
  return { rows: rows.map((r) => ({ ...r.bill, transferPending: Boolean(r.transferPending) })), total: Number(n) };
}

/** How many bills of each status match the filter (the status tabs). */
export async function countPlatformBillsByStatus(exec: Executor, companyId: number, f: BillListFilter): Promise<{ status: number; count: number }[]> {
  const rows = await exec.select({ status: platformBills.status, n: count() }).from(platformBills).where(filterWhere(companyId, f, false)).groupBy(platformBills.status);
  return rows.map((r) => ({ status: r.status, count: Number(r.n) }));
}

/** Bills waiting for the company: 待确认, and 待付款/已逾期 with no transfer awaiting the platform. */
export async function countBillsAwaitingCompany(exec: Executor, companyId: number): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(platformBills)
    .where(and(eq(platformBills.companyId, companyId), sql`(${platformBills.status} = 2 or (${platformBills.status} in (3, 6) and not ${transferPending()}))`));
  return Number(row?.n ?? 0);
}

/** 待付款 bills due before `day` with no transfer awaiting the platform: the daily job marks them 已逾期. */
export async function listOverdueCandidates(exec: Executor, companyId: number, day: string): Promise<number[]> {
  const rows = await exec
    .select({ id: platformBills.id })
    .from(platformBills)
    .where(
      and(
        eq(platformBills.companyId, companyId),
        eq(platformBills.status, 3),
        lt(platformBills.dueDate, day),
        notExists(exec.select({ one: sql`1` }).from(platformBillPayments).where(and(eq(platformBillPayments.companyId, companyId), eq(platformBillPayments.billId, platformBills.id), eq(platformBillPayments.status, PENDING)))),
      ),
    );
  return rows.map((r) => r.id);
}

/** Every company (the daily job asks each one's statement sources and checks its due dates). */
export async function listCompanyIds(exec: Executor): Promise<number[]> {
  const rows = await exec.select({ id: companies.id }).from(companies).orderBy(asc(companies.id));
  return rows.map((r) => r.id);
}

export type NewPayment = typeof platformBillPayments.$inferInsert;

/** Inserts a payment; null when the bill already has a transfer awaiting the platform. */
export async function insertPayment(exec: Executor, p: NewPayment): Promise<PlatformBillPaymentRecord | null> {
  const [row] = await exec.insert(platformBillPayments).values(p).onConflictDoNothing().returning();
  return row ?? null;
}

export async function setPaymentProof(exec: Executor, companyId: number, id: number, fileId: number): Promise<void> {
  await exec.update(platformBillPayments).set({ proofFileId: fileId }).where(and(eq(platformBillPayments.companyId, companyId), eq(platformBillPayments.id, id)));
}

export async function findPayment(exec: Executor, companyId: number, id: number): Promise<PlatformBillPaymentRecord | null> {
  const [row] = await exec.select().from(platformBillPayments).where(and(eq(platformBillPayments.companyId, companyId), eq(platformBillPayments.id, id))).limit(1);
  return row ?? null;
}

export async function findPendingPayment(exec: Executor, companyId: number, billId: number): Promise<PlatformBillPaymentRecord | null> {
  const [row] = await exec
    .select()
    .from(platformBillPayments)
    .where(and(eq(platformBillPayments.companyId, companyId), eq(platformBillPayments.billId, billId), eq(platformBillPayments.status, PENDING)))
    .limit(1);
  return row ?? null;
}

export async function listPayments(exec: Executor, companyId: number, billId: number): Promise<PlatformBillPaymentRecord[]> {
  return exec.select().from(platformBillPayments).where(and(eq(platformBillPayments.companyId, companyId), eq(platformBillPayments.billId, billId))).orderBy(desc(platformBillPayments.submittedAt), desc(platformBillPayments.id));
}

/** Settles a pending payment (confirmed or rejected); null when it was no longer pending. */
export async function decidePayment(exec: Executor, companyId: number, id: number, set: { status: number; decidedBy: number; rejectReason?: string | null }): Promise<PlatformBillPaymentRecord | null> {
  const [row] = await exec
    .update(platformBillPayments)
    .set({ ...set, decidedAt: new Date() })
    .where(and(eq(platformBillPayments.companyId, companyId), eq(platformBillPayments.id, id), eq(platformBillPayments.status, PENDING)))
    .returning();
  return row ?? null;
}

export type OperatorBillListRow = BillListRow & { companyName: string; pendingPaymentId: number | null; pendingReference: string | null };

/**
 * Bills of every company for the platform's operators (an owner transaction: only platform bills and
 * the company's name are read). Bills with a transfer awaiting confirmation come first.
 */
export async function pageOperatorBills(exec: Executor, f: { status?: number; awaitingOnly: boolean }, limit: number, offset: number): Promise<{ rows: OperatorBillListRow[]; total: number }> {
  const parts: SQL[] = [];
  if (f.status !== undefined) parts.push(eq(platformBills.status, f.status));
  if (f.awaitingOnly) parts.push(sql`${platformBillPayments.id} is not null`);
  const where = parts.length > 0 ? and(...parts) : undefined;
  const joinOn = and(eq(platformBillPayments.companyId, platformBills.companyId), eq(platformBillPayments.billId, platformBills.id), eq(platformBillPayments.status, PENDING));
  const [{ n } = { n: 0 }] = await exec.select({ n: count() }).from(platformBills).leftJoin(platformBillPayments, joinOn).where(where);
  const rows = await exec
    .select({ bill: platformBills, companyName: companies.name, paymentId: platformBillPayments.id, reference: platformBillPayments.reference })
    .from(platformBills)
    .innerJoin(companies, eq(companies.id, platformBills.companyId))
    .leftJoin(platformBillPayments, joinOn)
    .where(where)
    .orderBy(sql`${platformBillPayments.id} is null`, desc(platformBills.createdAt), desc(platformBills.id))
    .limit(limit)
    .offset(offset);
  return {
    rows: rows.map((r) => ({ ...r.bill, transferPending: r.paymentId !== null, companyName: r.companyName, pendingPaymentId: r.paymentId, pendingReference: r.reference })),
    total: Number(n),
  };
}
