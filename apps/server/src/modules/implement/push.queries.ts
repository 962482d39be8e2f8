import type { PushChannel } from '@wfsaas/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { outbox, pushMpAccounts, pushMpTemplates, pushTemplates } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

export type TemplateRow = typeof pushTemplates.$inferSelect;
export type TemplateValues = Partial<Pick<TemplateRow, 'subject' | 'body' | 'signName' | 'templateCode' | 'mpTemplateId' | 'mpFields' | 'mpUrl' | 'enabled'>>;
export type MpAccountRow = typeof pushMpAccounts.$inferSelect;
export type MpTemplateRow = typeof pushMpTemplates.$inferSelect;

export async function listTemplates(exec: Executor, companyId: number, channel: PushChannel): Promise<TemplateRow[]> {
  return exec.select().from(pushTemplates).where(and(eq(pushTemplates.companyId, companyId), eq(pushTemplates.channel, channel)));
}

export async function findTemplate(exec: Executor, companyId: number, channel: PushChannel, event: string): Promise<TemplateRow | undefined> {
  const rows = await exec
    .select()
    .from(pushTemplates)
    .where(and(eq(pushTemplates.companyId, companyId), eq(pushTemplates.channel, channel), eq(pushTemplates.event, event)))
    .limit(1);
  return rows[0];
}

export async function upsertTemplate(exec: Executor, companyId: number, channel: PushChannel, event: string, values: TemplateValues, userId: number | null): Promise<TemplateRow> {
  const set = { ...values, updatedBy: userId, updatedAt: new Date() };
  const [row] = await exec
    .insert(pushTemplates)
    .values({ companyId, channel, event, ...set })
    .onConflictDoUpdate({ target: [pushTemplates.companyId, pushTemplates.channel, pushTemplates.event], set })
    .returning();
  return row!;
}

export async function deleteTemplate(exec: Executor, companyId: number, channel: PushChannel, event: string): Promise<void> {
  await exec.delete(pushTemplates).where(and(eq(pushTemplates.companyId, companyId), eq(pushTemplates.channel, channel), eq(pushTemplates.event, event)));
}

export type OutboxEmailRow = { id: number; createdAt: Date; event: string | null; recipientEnc: string; subject: string | null; status: number; error: string | null; sentAt: Date | null };

/** The company's emails in the outbox, newest first. */
export async function pageEmails(exec: Executor, companyId: number, event: string | undefined, pageNum: number, pageSize: number): Promise<{ rows: OutboxEmailRow[]; total: number }> {
  const conds: SQL[] = [eq(outbox.companyId, companyId), eq(outbox.channel, 'email')];
  if (event) conds.push(eq(outbox.event, event));
  const where = and(...conds);
  const rows = await exec
    .select({ id: outbox.id, createdAt: outbox.createdAt, event: outbox.event, recipientEnc: outbox.recipientEnc, subject: outbox.subject, status: outbox.status, error: outbox.error, sentAt: outbox.sentAt })
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [total] = await exec.select({ n: count() }).from(outbox).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findMpAccount(exec: Executor, companyId: number): Promise<MpAccountRow | undefined> {
  const rows = await exec.select().from(pushMpAccounts).where(eq(pushMpAccounts.companyId, companyId)).limit(1);
  return rows[0];
}

/** A new app id or secret drops the cached access token. */
export async function upsertMpAccount(exec: Executor, companyId: number, values: { appId: string; secretEnc: string }): Promise<MpAccountRow> {
  const set = { ...values, accessTokenEnc: null, tokenExpiresAt: null, updatedAt: new Date() };
  const [row] = await exec.insert(pushMpAccounts).values({ companyId, ...set }).onConflictDoUpdate({ target: pushMpAccounts.companyId, set }).returning();
  return row!;
}

export async function saveMpToken(exec: Executor, companyId: number, accessTokenEnc: string | null, tokenExpiresAt: Date | null): Promise<void> {
  await exec.update(pushMpAccounts).set({ accessTokenEnc, tokenExpiresAt }).where(eq(pushMpAccounts.companyId, companyId));
}

export async function listMpTemplates(exec: Executor, companyId: number): Promise<MpTemplateRow[]> {
  return exec.select().from(pushMpTemplates).where(eq(pushMpTemplates.companyId, companyId)).orderBy(pushMpTemplates.title, pushMpTemplates.templateId);
}

/** The pulled list replaces the previous one whole. */
export async function replaceMpTemplates(exec: Executor, companyId: number, list: { templateId: string; title: string; content: string; example: string }[]): Promise<void> {
  await exec.delete(pushMpTemplates).where(eq(pushMpTemplates.companyId, companyId));
  if (list.length > 0) await exec.insert(pushMpTemplates).values(list.map((t) => ({ companyId, ...t })));
  await exec.update(pushMpAccounts).set({ lastPulledAt: new Date() }).where(eq(pushMpAccounts.companyId, companyId));
}
