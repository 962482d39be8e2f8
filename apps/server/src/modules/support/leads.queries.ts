import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { companies, leadEvents, leads, users } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** 客户线索: platform-global rows, reached only through the owner's connection (never a tenant's). */

export type LeadRecord = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;
export type LeadListRow = LeadRecord & { userName: string | null; companyName: string | null };

/** Serialises one user's submissions for the rest of the transaction (the rate limit and the merge). */
export async function lockUserLeads(exec: Executor, userId: number): Promise<void> {
  await exec.execute(sql`select pg_advisory_xact_lock(727301, ${userId}::int)`);
}

export async function countSubmissionsSince(exec: Executor, userId: number, since: Date): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(leadEvents)
    .where(and(eq(leadEvents.actorUserId, userId), inArray(leadEvents.kind, ['submit', 'merge']), gt(leadEvents.at, since)));
  return Number(row?.n ?? 0);
}

/** The latest lead of this phone and plan submitted after `since`, locked. */
export async function findRecentLead(exec: Executor, mobileHash: string, planNumType: string, since: Date): Promise<LeadRecord | null> {
  const [row] = await exec
    .select()
    .from(leads)
    .where(and(eq(leads.mobileHash, mobileHash), eq(leads.planNumType, planNumType), gt(leads.lastSubmittedAt, since)))
    .orderBy(desc(leads.lastSubmittedAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function insertLead(exec: Executor, row: NewLead): Promise<LeadRecord> {
  const [saved] = await exec.insert(leads).values(row).returning();
  return saved!;
}

export async function updateLead(exec: Executor, id: number, set: Partial<NewLead>): Promise<LeadRecord> {
  const [saved] = await exec.update(leads).set(set).where(eq(leads.id, id)).returning();
  return saved!;
}

export async function findLead(exec: Executor, id: number, opts: { forUpdate?: boolean } = {}): Promise<LeadRecord | null> {
  const q = exec.select().from(leads).where(eq(leads.id, id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertLeadEvent(exec: Executor, e: typeof leadEvents.$inferInsert): Promise<void> {
  await exec.insert(leadEvents).values(e);
}

export async function pageLeads(exec: Executor, f: { id?: number; status?: number; promoterId?: string }, pageNum: number, pageSize: number): Promise<{ rows: LeadListRow[]; total: number }> {
  const where: SQL[] = [];
  if (f.id) where.push(eq(leads.id, f.id));
  if (f.status) where.push(eq(leads.status, f.status));
  if (f.promoterId) where.push(eq(leads.promoterId, f.promoterId));
  const cond = where.length ? and(...where) : undefined;
  const [totalRow] = await exec.select({ n: count() }).from(leads).where(cond);
  const rows = await exec
    .select({ lead: leads, userName: users.nickname, companyName: companies.name })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.userId))
    .leftJoin(companies, eq(companies.id, leads.companyId))
    .where(cond)
    .orderBy(desc(leads.lastSubmittedAt), desc(leads.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  return { rows: rows.map((r) => ({ ...r.lead, userName: r.userName, companyName: r.companyName })), total: Number(totalRow?.n ?? 0) };
}

export async function listLeadEvents(exec: Executor, leadId: number) {
  return exec
    .select({ id: leadEvents.id, kind: leadEvents.kind, detail: leadEvents.detail, at: leadEvents.at, actorName: users.nickname })
    .from(leadEvents)
    .leftJoin(users, eq(users.id, leadEvents.actorUserId))
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(desc(leadEvents.id));
}
