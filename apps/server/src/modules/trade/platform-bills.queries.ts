import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { platformBillEvents, platformBillLines, platformBills } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** Platform bills (the company pays them), their lines and their status history. */

export type PlatformBillRecord = typeof platformBills.$inferSelect;
export type PlatformBillLineRecord = typeof platformBillLines.$inferSelect;
export type NewPlatformBillRecord = typeof platformBills.$inferInsert;
export type NewPlatformBillLineRecord = typeof platformBillLines.$inferInsert;
export type NewPlatformBillEvent = typeof platformBillEvents.$inferInsert;

export async function insertPlatformBill(exec: Executor, row: NewPlatformBillRecord, lines: readonly Omit<NewPlatformBillLineRecord, 'billId' | 'companyId' | 'lineNo'>[]): Promise<PlatformBillRecord> {
  const [bill] = await exec.insert(platformBills).values(row).returning();
  if (lines.length > 0) await exec.insert(platformBillLines).values(lines.map((l, i) => ({ ...l, companyId: row.companyId, billId: bill!.id, lineNo: i + 1 })));
  return bill!;
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

export async function listPlatformBillLines(exec: Executor, companyId: number, billId: number): Promise<PlatformBillLineRecord[]> {
  return exec.select().from(platformBillLines).where(and(eq(platformBillLines.companyId, companyId), eq(platformBillLines.billId, billId))).orderBy(asc(platformBillLines.lineNo));
}

/** Moves a bill from one status to another; answers the row when it was still in `from` (null otherwise). */
export async function updatePlatformBillStatus(
  exec: Executor,
  companyId: number,
  id: number,
  from: readonly number[],
  set: Partial<Pick<NewPlatformBillRecord, 'status' | 'confirmedAt' | 'confirmedBy' | 'paidAt' | 'reason'>> & { status: number },
): Promise<PlatformBillRecord | null> {
  const [row] = await exec
    .update(platformBills)
    .set(set)
    .where(and(eq(platformBills.companyId, companyId), eq(platformBills.id, id), inArray(platformBills.status, [...from])))
    .returning();
  return row ?? null;
}
