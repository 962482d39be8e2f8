import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { cacheTemp, loginFailures, loginLocks, sessions, smsCodes, tempTokens, users } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

export async function findUserByPhoneHash(exec: Executor, phoneHash: string) {
  const rows = await exec.select().from(users).where(eq(users.phoneHash, phoneHash)).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(exec: Executor, id: number) {
  const rows = await exec.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertSession(exec: Executor, v: { tokenHash: string; userId: number; expiresAt: Date; ip: string; userAgent: string }) {
  const rows = await exec.insert(sessions).values(v).returning({ id: sessions.id });
  return rows[0]!.id;
}

export async function revokeSessionById(exec: Executor, id: number) {
  await exec.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function findSessionExpiry(exec: Executor, id: number) {
  const rows = await exec.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, id)).limit(1);
  return rows[0]?.expiresAt ?? null;
}

export async function findLock(exec: Executor, phoneHash: string) {
  const rows = await exec.select().from(loginLocks).where(and(eq(loginLocks.phoneHash, phoneHash), gt(loginLocks.lockedUntil, new Date()))).limit(1);
  return rows[0] ?? null;
}

export async function insertLoginFailure(exec: Executor, phoneHash: string, ip: string) {
  await exec.insert(loginFailures).values({ phoneHash, ip });
}

export async function countRecentFailures(exec: Executor, phoneHash: string, since: Date) {
  const rows = await exec
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.phoneHash, phoneHash), gt(loginFailures.createdAt, since)));
  return Number(rows[0]?.n ?? 0);
}

export async function upsertLock(exec: Executor, phoneHash: string, lockedUntil: Date) {
  await exec.insert(loginLocks).values({ phoneHash, lockedUntil }).onConflictDoUpdate({ target: loginLocks.phoneHash, set: { lockedUntil } });
}

export async function clearFailures(exec: Executor, phoneHash: string) {
  await exec.delete(loginFailures).where(eq(loginFailures.phoneHash, phoneHash));
  await exec.delete(loginLocks).where(eq(loginLocks.phoneHash, phoneHash));
}

export async function countSmsSince(exec: Executor, by: { phoneHash?: string; ip?: string }, since: Date) {
  const cond = by.phoneHash ? eq(smsCodes.phoneHash, by.phoneHash) : eq(smsCodes.ip, by.ip ?? '');
  const rows = await exec.select({ n: count() }).from(smsCodes).where(and(cond, gt(smsCodes.createdAt, since)));
  return Number(rows[0]?.n ?? 0);
}

export async function insertSmsCode(exec: Executor, v: { phoneHash: string; codeHash: string; purpose: string; ip: string; expiresAt: Date }) {
  await exec.insert(smsCodes).values(v);
}

/** The newest unused, unexpired code for the phone; its attempt counter is raised atomically. */
export async function takeSmsAttempt(exec: Executor, phoneHash: string, purpose: string) {
  const rows = rowsOf<{ id: number; code_hash: string; attempts: number }>(
    await exec.execute(sql`
      update sms_codes set attempts = attempts + 1
      where id = (select id from sms_codes where phone_hash = ${phoneHash} and purpose = ${purpose}
                  and used_at is null and expires_at > now() order by created_at desc limit 1)
      returning id, code_hash, attempts`),
  );
  return rows[0] ?? null;
}

export async function markSmsUsed(exec: Executor, id: number) {
  const rows = await exec
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, Number(id)), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  return rows.length === 1;
}

export async function insertCacheTemp(exec: Executor, v: { keyHash: string; userId: number; companyId: number | null; expiresAt: Date }) {
  await exec.insert(cacheTemp).values(v);
}

/** Uses a one-time key: only the first caller within its lifetime gets the row. */
export async function consumeCacheTemp(exec: Executor, keyHash: string) {
  const rows = await exec
    .update(cacheTemp)
    .set({ usedAt: new Date() })
    .where(and(eq(cacheTemp.keyHash, keyHash), isNull(cacheTemp.usedAt), gt(cacheTemp.expiresAt, new Date())))
    .returning({ userId: cacheTemp.userId, companyId: cacheTemp.companyId });
  return rows[0] ?? null;
}

export async function deleteCacheTemp(exec: Executor, keyHash: string) {
  await exec.delete(cacheTemp).where(eq(cacheTemp.keyHash, keyHash));
}

export async function insertTempTokens(exec: Executor, rows: { tokenHash: string; userId: number; companyId: number; expiresAt: Date }[]) {
  await exec.insert(tempTokens).values(rows);
}

export async function consumeTempTokenRow(exec: Executor, tokenHash: string) {
  const rows = await exec
    .update(tempTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(tempTokens.tokenHash, tokenHash), isNull(tempTokens.usedAt), gt(tempTokens.expiresAt, new Date())))
    .returning({ userId: tempTokens.userId, companyId: tempTokens.companyId });
  return rows[0] ?? null;
}
