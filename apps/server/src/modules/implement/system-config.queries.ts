import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { auditLog, companyMembers, outbox, passwordHistory, systemFieldSettings, systemSettings } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

export type SettingsRow = typeof systemSettings.$inferSelect;
export type SettingsPatch = Partial<Omit<SettingsRow, 'companyId' | 'updatedAt'>>;
export type FieldSettingRow = typeof systemFieldSettings.$inferSelect;

export async function findSettings(exec: Executor, companyId: number): Promise<SettingsRow | null> {
  const rows = await exec.select().from(systemSettings).where(eq(systemSettings.companyId, companyId)).limit(1);
  return rows[0] ?? null;
}

export async function upsertSettings(exec: Executor, companyId: number, patch: SettingsPatch): Promise<SettingsRow> {
  const set = { ...patch, updatedAt: new Date() };
  const rows = await exec
    .insert(systemSettings)
    .values({ companyId, ...set })
    .onConflictDoUpdate({ target: systemSettings.companyId, set })
    .returning();
  return rows[0]!;
}

export async function listFieldSettings(exec: Executor, companyId: number): Promise<FieldSettingRow[]> {
  return exec.select().from(systemFieldSettings).where(eq(systemFieldSettings.companyId, companyId)).orderBy(asc(systemFieldSettings.sortOrder));
}

export async function replaceFieldSettings(exec: Executor, companyId: number, rows: Omit<FieldSettingRow, 'companyId' | 'updatedAt'>[]): Promise<void> {
  await exec.delete(systemFieldSettings).where(eq(systemFieldSettings.companyId, companyId));
  if (rows.length > 0) await exec.insert(systemFieldSettings).values(rows.map((r) => ({ ...r, companyId })));
}

/** The settings rows of every company the user is an active member of (sign-in runs before a company is chosen). */
export async function listSettingsOfUserCompanies(exec: Executor, userId: number): Promise<SettingsRow[]> {
  return exec
    .select({ s: systemSettings })
    .from(systemSettings)
    .innerJoin(companyMembers, and(eq(companyMembers.companyId, systemSettings.companyId), eq(companyMembers.userId, userId), eq(companyMembers.status, 1)))
    .then((rows) => rows.map((r) => r.s));
}

export async function listPasswordHashes(exec: Executor, userId: number, limit: number): Promise<{ passwordHash: string; createdAt: Date }[]> {
  return exec
    .select({ passwordHash: passwordHistory.passwordHash, createdAt: passwordHistory.createdAt })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(limit);
}

/** Keeps the newest `keep` hashes of the user (12 is the most a company may ask for). */
export async function insertPasswordHash(exec: Executor, userId: number, passwordHash: string, keep: number): Promise<void> {
  await exec.insert(passwordHistory).values({ userId, passwordHash });
  await exec.execute(sql`
    delete from password_history where user_id = ${userId} and id not in (
      select id from password_history where user_id = ${userId} order by created_at desc, id desc limit ${keep})`);
}

/** Companies with a retention setting (the clean-up reads each company's own periods). */
export async function findRetention(exec: Executor, companyId: number): Promise<{ importDays: number; auditDays: number; outboxDays: number } | null> {
  const rows = await exec
    .select({ importDays: systemSettings.importDays, auditDays: systemSettings.auditDays, outboxDays: systemSettings.outboxDays })
    .from(systemSettings)
    .where(eq(systemSettings.companyId, companyId))
    .limit(1);
  return rows[0] ?? null;
}

/** Companies holding outbox rows or audit entries older than the shortest period any company may keep. */
export async function listCompaniesWithOldRecords(exec: Executor, outboxBefore: Date, auditBefore: Date): Promise<number[]> {
  const rows = rowsOf<{ company_id: string | number }>(
    await exec.execute(sql`
      select distinct company_id from outbox where company_id is not null and created_at < ${outboxBefore} and status <> 0
      union
      select distinct company_id from audit_log where created_at < ${auditBefore}`),
  );
  return rows.map((r) => Number(r.company_id));
}

/** Delivered, failed or kept outbox rows of the company written before the date (pending ones are never removed). */
export async function deleteOldOutbox(exec: Executor, companyId: number, before: Date): Promise<number> {
  const rows = await exec
    .delete(outbox)
    .where(and(eq(outbox.companyId, companyId), lt(outbox.createdAt, before), inArray(outbox.status, [1, 2, 3])))
    .returning({ id: outbox.id });
  return rows.length;
}

/**
 * Audit entries of the company written before the date. The audit log refuses deletes unless the
 * transaction says it is the retention clean-up, and even then keeps the last 180 days (platform/db.ts).
 */
export async function deleteOldAudit(exec: Executor, companyId: number, before: Date): Promise<number> {
  await exec.execute(sql`select set_config('app.audit_retention', 'on', true)`);
  const rows = await exec
    .delete(auditLog)
    .where(and(eq(auditLog.companyId, companyId), lt(auditLog.createdAt, before)))
    .returning({ id: auditLog.id });
  await exec.execute(sql`select set_config('app.audit_retention', '', true)`);
  return rows.length;
}

export async function findUserPhoneEnc(exec: Executor, userId: number): Promise<string | null> {
  const rows = rowsOf<{ phone_enc: string }>(await exec.execute(sql`select phone_enc from users where id = ${userId}`));
  return rows[0]?.phone_enc ?? null;
}

export async function findUserCreatedAt(exec: Executor, userId: number): Promise<Date | null> {
  const rows = rowsOf<{ created_at: Date | string }>(await exec.execute(sql`select created_at from users where id = ${userId}`));
  return rows[0] ? new Date(rows[0].created_at) : null;
}
