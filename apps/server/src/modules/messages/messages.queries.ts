import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { companies, companyMembers, employees, messages } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

export type MessageFilter = { readStatus?: 0 | 1; type?: number };

/** The user's own notices that are not archived. */
function ownedBy(companyId: number, userId: number): SQL {
  return and(eq(messages.companyId, companyId), eq(messages.userId, userId), isNull(messages.archivedAt))!;
}

function filtered(companyId: number, userId: number, f: MessageFilter): SQL {
  const conds: SQL[] = [ownedBy(companyId, userId)];
  if (f.readStatus === 0) conds.push(isNull(messages.readAt));
  if (f.readStatus === 1) conds.push(isNotNull(messages.readAt));
  if (f.type !== undefined) conds.push(eq(messages.type, f.type));
  return and(...conds)!;
}

export type MessageRow = typeof messages.$inferSelect;

export async function listMessagesPage(exec: Executor, companyId: number, userId: number, f: MessageFilter, offset: number, limit: number): Promise<MessageRow[]> {
  return exec
    .select()
    .from(messages)
    .where(filtered(companyId, userId, f))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .offset(offset)
    .limit(limit);
}

export async function countMessages(exec: Executor, companyId: number, userId: number, f: MessageFilter): Promise<number> {
  const rows = await exec.select({ n: count() }).from(messages).where(filtered(companyId, userId, f));
  return Number(rows[0]?.n ?? 0);
}

export async function findMessageById(exec: Executor, companyId: number, userId: number, id: number): Promise<MessageRow | null> {
  const rows = await exec
    .select()
    .from(messages)
    .where(and(ownedBy(companyId, userId), eq(messages.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** Which of the ids are the user's own, not archived, notices. */
export async function listOwnMessageIds(exec: Executor, companyId: number, userId: number, ids: number[]): Promise<number[]> {
  const rows = await exec
    .select({ id: messages.id })
    .from(messages)
    .where(and(ownedBy(companyId, userId), inArray(messages.id, ids)));
  return rows.map((r) => Number(r.id));
}

/** Marks unread notices read; resolves to how many changed. */
export async function markMessagesRead(exec: Executor, companyId: number, userId: number, ids?: number[]): Promise<number> {
  const rows = await exec
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(and(ownedBy(companyId, userId), isNull(messages.readAt), ids ? inArray(messages.id, ids) : undefined))
    .returning({ id: messages.id });
  return rows.length;
}

export async function archiveMessages(exec: Executor, companyId: number, userId: number, ids: number[]): Promise<number> {
  const rows = await exec
    .update(messages)
    .set({ archivedAt: sql`now()` })
    .where(and(ownedBy(companyId, userId), inArray(messages.id, ids)))
    .returning({ id: messages.id });
  return rows.length;
}

// Demo data.

export async function listCompanies(exec: Executor): Promise<Array<{ id: number; name: string; isWb: number }>> {
  return exec.select({ id: companies.id, name: companies.name, isWb: companies.isWb }).from(companies).orderBy(companies.id);
}

export async function listActiveMembers(exec: Executor, companyId: number): Promise<Array<{ userId: number; isAdmin: boolean; isSubAccount: boolean }>> {
  return exec
    .select({ userId: companyMembers.userId, isAdmin: companyMembers.isAdmin, isSubAccount: companyMembers.isSubAccount })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.status, 1)))
    .orderBy(companyMembers.userId);
}

export async function countCompanyMessages(exec: Executor, companyId: number): Promise<number> {
  const rows = await exec.select({ n: count() }).from(messages).where(eq(messages.companyId, companyId));
  return Number(rows[0]?.n ?? 0);
}

export async function insertMessages(exec: Executor, rows: Array<typeof messages.$inferInsert>): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await exec.insert(messages).values(rows).onConflictDoNothing().returning({ id: messages.id });
  return inserted.length;
}

export async function countEmployees(exec: Executor, companyId: number): Promise<number> {
  const rows = await exec.select({ n: count() }).from(employees).where(eq(employees.companyId, companyId));
  return Number(rows[0]?.n ?? 0);
}
