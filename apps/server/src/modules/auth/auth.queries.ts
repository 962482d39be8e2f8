import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import { cacheTemp, loginFailures, loginLocks, sessions, tempTokens, users } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

export async function findUserByPhoneHash(exec: Executor, phoneHash: string) {
  const rows = await exec.select().from(users).where(eq(users.phoneHash, phoneHash)).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(exec: Executor, id: number) {
  const rows = await exec.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** An account whose phone was just proven by an SMS code: no password until its owner sets one. */
export async function insertVerifiedUser(exec: Executor, v: { phoneHash: string; phoneEnc: string; nickname: string }): Promise<number> {
  const rows = await exec
    .insert(users)
    .values({ ...v, passwordHash: null, phoneVerifiedAt: new Date() })
    .returning({ id: users.id });
  return rows[0]!.id;
}

export async function markPhoneVerified(exec: Executor, userId: number, opts: { clearPassword: boolean }) {
  await exec
    .update(users)
    .set({ phoneVerifiedAt: new Date(), ...(opts.clearPassword ? { passwordHash: null } : {}) })
    .where(eq(users.id, userId));
}

/** Ends the user's sign-ins (but the one given); answers how many. */
export async function revokeSessionsOfUser(exec: Executor, userId: number, exceptSessionId?: number): Promise<number> {
  const rows = await exec
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function updatePassword(exec: Executor, userId: number, passwordHash: string) {
  await exec.update(users).set({ passwordHash }).where(eq(users.id, userId));
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

export async function countRecentFailuresFromIp(exec: Executor, ip: string, since: Date) {
  const rows = await exec
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
  return Number(rows[0]?.n ?? 0);
}

export async function upsertLock(exec: Executor, phoneHash: string, lockedUntil: Date) {
  await exec.insert(loginLocks).values({ phoneHash, lockedUntil }).onConflictDoUpdate({ target: loginLocks.phoneHash, set: { lockedUntil } });
}

export async function clearFailures(exec: Executor, phoneHash: string) {
  await exec.delete(loginFailures).where(eq(loginFailures.phoneHash, phoneHash));
  await exec.delete(loginLocks).where(eq(loginLocks.phoneHash, phoneHash));
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

export async function insertTempTokens(exec: Executor, rows: { tokenHash: string; userId: number; sessionId: number; companyId: number; expiresAt: Date }[]) {
  await exec.insert(tempTokens).values(rows);
}

export async function consumeTempTokenRow(exec: Executor, tokenHash: string) {
  const rows = await exec
    .update(tempTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(tempTokens.tokenHash, tokenHash), isNull(tempTokens.usedAt), gt(tempTokens.expiresAt, new Date())))
    .returning({ userId: tempTokens.userId, companyId: tempTokens.companyId, sessionId: tempTokens.sessionId });
  return rows[0] ?? null;
}
