import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { employees, outbox, usageRecords } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** Records one use; a second record of the same meter and ref changes nothing. True when it was new. */
export async function insertUsage(exec: Executor, v: { companyId: number; meter: string; ref: string; qty: number; month: string; coveredBy: string }): Promise<boolean> {
  const rows = await exec.insert(usageRecords).values(v).onConflictDoNothing().returning({ id: usageRecords.id });
  return rows.length === 1;
}

/** Sets the quantity of a use that may be measured again (a payroll run locked a second time). */
export async function upsertUsage(exec: Executor, v: { companyId: number; meter: string; ref: string; qty: number; month: string; coveredBy: string }): Promise<void> {
  await exec
    .insert(usageRecords)
    .values(v)
    .onConflictDoUpdate({ target: [usageRecords.companyId, usageRecords.meter, usageRecords.ref], set: { qty: v.qty, month: v.month, at: new Date() } });
}

export async function sumUsage(exec: Executor, companyId: number, meter: string, f: { month?: string; coveredBy?: string } = {}): Promise<number> {
  const rows = await exec
    .select({ n: sql<string | null>`sum(${usageRecords.qty})` })
    .from(usageRecords)
    .where(and(eq(usageRecords.companyId, companyId), eq(usageRecords.meter, meter), f.month ? eq(usageRecords.month, f.month) : undefined, f.coveredBy ? eq(usageRecords.coveredBy, f.coveredBy) : undefined));
  return Number(rows[0]?.n ?? 0);
}

/** Employees on the roster: not archived, not yet left (status 0–3). */
export async function countRoster(exec: Executor, companyId: number): Promise<number> {
  const rows = await exec
    .select({ n: sql<string>`count(*)` })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), isNull(employees.archivedAt), lt(employees.status, 4)));
  return Number(rows[0]?.n ?? 0);
}

/** Text messages the gateway actually sent for the company since a moment (kept, unsent ones do not count). */
export async function countSmsSent(exec: Executor, companyId: number, since: Date): Promise<number> {
  const rows = await exec
    .select({ n: sql<string>`count(*)` })
    .from(outbox)
    .where(and(eq(outbox.companyId, companyId), eq(outbox.channel, 'sms'), eq(outbox.status, 1), gte(outbox.sentAt, since)));
  return Number(rows[0]?.n ?? 0);
}
