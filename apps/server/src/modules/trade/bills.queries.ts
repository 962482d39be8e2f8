import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { billLines, bills } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** Bills and their lines. */

export type BillRecord = typeof bills.$inferSelect;
export type BillLineRecord = typeof billLines.$inferSelect;
export type NewBillRecord = typeof bills.$inferInsert;
export type NewBillLineRecord = typeof billLines.$inferInsert;

export type BillFilter = { source: string; billType?: number; month?: string; sourceIds?: readonly number[]; status?: number };

function billWhere(companyId: number, f: BillFilter): SQL {
  const parts: SQL[] = [eq(bills.companyId, companyId), eq(bills.source, f.source), isNull(bills.archivedAt)];
  if (f.billType !== undefined) parts.push(eq(bills.billType, f.billType));
  if (f.month !== undefined) parts.push(eq(bills.month, f.month));
  if (f.sourceIds) parts.push(f.sourceIds.length ? inArray(bills.sourceId, [...f.sourceIds]) : sql`false`);
  if (f.status !== undefined) parts.push(eq(bills.status, f.status));
  return and(...parts)!;
}

export async function listBills(exec: Executor, companyId: number, f: BillFilter): Promise<BillRecord[]> {
  return exec.select().from(bills).where(billWhere(companyId, f)).orderBy(desc(bills.month), asc(bills.billNo));
}

export async function pageBills(exec: Executor, companyId: number, f: BillFilter, offset: number, limit: number): Promise<{ rows: BillRecord[]; total: number }> {
  const where = billWhere(companyId, f);
  const [rows, [count]] = await Promise.all([
    exec.select().from(bills).where(where).orderBy(desc(bills.month), asc(bills.billNo)).limit(limit).offset(offset),
    exec.select({ n: sql<number>`count(*)::int` }).from(bills).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findBill(exec: Executor, companyId: number, id: number): Promise<BillRecord | null> {
  const [row] = await exec.select().from(bills).where(and(eq(bills.companyId, companyId), eq(bills.id, id), isNull(bills.archivedAt))).limit(1);
  return row ?? null;
}

export async function listLines(exec: Executor, companyId: number, billId: number): Promise<BillLineRecord[]> {
  return exec.select().from(billLines).where(and(eq(billLines.companyId, companyId), eq(billLines.billId, billId))).orderBy(asc(billLines.lineNo));
}

/** The highest sequence of the bill numbers starting with `stem` (0 when none). */
export async function lastBillSeq(exec: Executor, companyId: number, stem: string): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`coalesce(max(substring(${bills.billNo} from ${stem.length + 1})::int), 0)::int` })
    .from(bills)
    .where(and(eq(bills.companyId, companyId), sql`${bills.billNo} like ${`${stem}%`}`));
  return row?.n ?? 0;
}

export async function archiveBills(exec: Executor, companyId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await exec.update(bills).set({ archivedAt: new Date() }).where(and(eq(bills.companyId, companyId), inArray(bills.id, [...ids])));
}

export async function insertBills(exec: Executor, rows: NewBillRecord[]): Promise<BillRecord[]> {
  if (rows.length === 0) return [];
  return exec.insert(bills).values(rows).returning();
}

const LINE_BATCH = 3000;

export async function insertLines(exec: Executor, rows: NewBillLineRecord[]): Promise<void> {
  for (let i = 0; i < rows.length; i += LINE_BATCH) await exec.insert(billLines).values(rows.slice(i, i + LINE_BATCH));
}

/** Moves a bill on from one of `from` statuses; the updated row, or null when it was not in one of them. */
export async function updateBillStatus(exec: Executor, companyId: number, id: number, from: readonly number[], set: Partial<Pick<BillRecord, 'status' | 'confirmedAt' | 'confirmedBy' | 'paidAt'>>): Promise<BillRecord | null> {
  const [row] = await exec
    .update(bills)
    .set(set)
    .where(and(eq(bills.companyId, companyId), eq(bills.id, id), isNull(bills.archivedAt), inArray(bills.status, [...from])))
    .returning();
  return row ?? null;
}
