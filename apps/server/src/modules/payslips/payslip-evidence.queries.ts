import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import { payslipEvents } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** The hash-chained events of a batch's payslips. */

export type EventRow = typeof payslipEvents.$inferSelect;

export async function findLastEvent(exec: Executor, companyId: number, batchId: number): Promise<{ seq: number; hash: string } | null> {
  const rows = await exec
    .select({ seq: payslipEvents.seq, hash: payslipEvents.hash })
    .from(payslipEvents)
    .where(and(eq(payslipEvents.companyId, companyId), eq(payslipEvents.batchId, batchId)))
    .orderBy(desc(payslipEvents.seq))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertEvents(exec: Executor, values: (typeof payslipEvents.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await exec.insert(payslipEvents).values(values);
}

export async function listEvents(exec: Executor, companyId: number, batchId: number): Promise<EventRow[]> {
  return exec
    .select()
    .from(payslipEvents)
    .where(and(eq(payslipEvents.companyId, companyId), eq(payslipEvents.batchId, batchId)))
    .orderBy(asc(payslipEvents.seq));
}

export async function countRecentEvents(exec: Executor, companyId: number, payslipId: number, kind: string, since: Date): Promise<number> {
  const [r] = await exec
    .select({ n: count() })
    .from(payslipEvents)
    .where(and(eq(payslipEvents.companyId, companyId), eq(payslipEvents.payslipId, payslipId), eq(payslipEvents.kind, kind), gt(payslipEvents.createdAt, since)));
  return Number(r?.n ?? 0);
}
