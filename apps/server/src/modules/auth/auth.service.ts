import { CODES, MESSAGES, type LoginResult } from '@wfsaas/contracts';
import { newSmsCode, newToken, verifyPassword } from '../../platform/crypto.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError, badRequest, unauthorized } from '../../platform/errors.ts';
import { enqueueMessage } from '../../platform/notify.ts';
import type { AppServices } from '../../platform/services.ts';
import * as q from './auth.queries.ts';

const LOCK_AFTER_FAILURES = 5;
const FAILURE_WINDOW_MS = 10 * 60_000;
const LOCK_MS = 15 * 60_000;
const SMS_TTL_MS = 5 * 60_000;
const SMS_MAX_ATTEMPTS = 5;
const ONE_TIME_KEY_TTL_MS = 5 * 60_000;
const TEMP_TOKEN_TTL_MS = 10 * 60_000;

type Client = { ip: string; userAgent: string };

async function buildLoginResult(services: AppServices, exec: Executor, userId: number, token: string, expiresAt: Date): Promise<LoginResult> {
  const user = await q.findUserById(exec, userId);
  if (!user) throw unauthorized(MESSAGES.sessionExpired);
  return {
    access_token: token,
    expires_in: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
    user_info: {
      sysUser: { userId: user.id, phoneNumber: services.cipher.decrypt(user.phoneEnc), nickname: user.nickname },
      financeUserId: user.financeUserId,
    },
  };
}

export async function startSession(services: AppServices, exec: Executor, userId: number, client: Client): Promise<LoginResult> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + services.config.sessionTtlHours * 3600_000);
  await q.insertSession(exec, { tokenHash: services.hashToken(token), userId, expiresAt, ip: client.ip, userAgent: client.userAgent });
  return buildLoginResult(services, exec, userId, token, expiresAt);
}

function lockedError() {
  return new AppError(CODES.locked, '密码错误次数过多，该手机号已锁定15分钟，请稍后再试或使用验证码登录');
}

export async function loginWithPassword(services: AppServices, db: Db, phone: string, password: string, client: Client): Promise<LoginResult> {
  const phoneHash = services.cipher.lookupHash(phone);
  if (await q.findLock(db, phoneHash)) throw lockedError();
  const user = await q.findUserByPhoneHash(db, phoneHash);
  const ok = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : false;
  if (!user || !ok || user.status !== 1) {
    await q.insertLoginFailure(db, phoneHash, client.ip);
    const failures = await q.countRecentFailures(db, phoneHash, new Date(Date.now() - FAILURE_WINDOW_MS));
    if (failures >= LOCK_AFTER_FAILURES) {
      await q.upsertLock(db, phoneHash, new Date(Date.now() + LOCK_MS));
      throw lockedError();
    }
    if (user && ok && user.status !== 1) throw badRequest('该账号已停用，请联系管理员');
    throw badRequest(`手机号或密码错误，再错${LOCK_AFTER_FAILURES - failures}次将锁定15分钟`);
  }
  await q.clearFailures(db, phoneHash);
  return startSession(services, db, user.id, client);
}

export async function sendLoginSms(services: AppServices, db: Db, phone: string, client: Client): Promise<{ expiresIn: number; resendAfter: number }> {
  const phoneHash = services.cipher.lookupHash(phone);
  const now = Date.now();
  if ((await q.countSmsSince(db, { phoneHash }, new Date(now - 60_000))) > 0) {
    throw new AppError(CODES.tooManyRequests, '验证码发送过于频繁，请60秒后再试');
  }
  if ((await q.countSmsSince(db, { phoneHash }, new Date(now - 3600_000))) >= 5) {
    throw new AppError(CODES.tooManyRequests, '该手机号本小时获取验证码次数已达上限，请稍后再试');
  }
  if ((await q.countSmsSince(db, { ip: client.ip }, new Date(now - 3600_000))) >= 20) {
    throw new AppError(CODES.tooManyRequests, '当前网络获取验证码过于频繁，请稍后再试');
  }
  const code = newSmsCode();
  await services.database.inTransaction(async (tx) => {
    await q.insertSmsCode(tx, { phoneHash, codeHash: services.hashToken(code), purpose: 'login', ip: client.ip, expiresAt: new Date(now + SMS_TTL_MS) });
    // Always recorded, also for unknown phones, so the answer does not reveal who has an account.
    await enqueueMessage(tx, services.cipher, { channel: 'sms', recipient: phone, body: `【wfsaas】您的登录验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。` });
  });
  return { expiresIn: SMS_TTL_MS / 1000, resendAfter: 60 };
}

export async function loginWithSms(services: AppServices, db: Db, phone: string, code: string, client: Client): Promise<LoginResult> {
  const phoneHash = services.cipher.lookupHash(phone);
  if (await q.findLock(db, phoneHash)) throw lockedError();
  // The attempt is counted in its own statement: a wrong code must stay counted when the refusal
  // rolls the sign-in transaction back.
  const row = await q.takeSmsAttempt(db, phoneHash, 'login');
  if (!row || row.attempts > SMS_MAX_ATTEMPTS) throw badRequest('验证码已失效，请重新获取');
  if (row.code_hash !== services.hashToken(code)) throw badRequest('验证码不正确');
  return services.database.inTransaction(async (tx) => {
    const user = await q.findUserByPhoneHash(tx, phoneHash);
    if (!user) throw badRequest('该手机号尚未注册，请联系公司管理员开通账号');
    if (user.status !== 1) throw badRequest('该账号已停用，请联系管理员');
    if (!(await q.markSmsUsed(tx, row.id))) throw badRequest('验证码已失效，请重新获取');
    return startSession(services, tx, user.id, client);
  });
}

export async function logout(db: Db, sessionId: number): Promise<void> {
  await q.revokeSessionById(db, sessionId);
}

export async function currentUserInfo(services: AppServices, db: Db, userId: number, sessionId: number, token: string): Promise<LoginResult> {
  const expiresAt = await q.findSessionExpiry(db, sessionId);
  if (!expiresAt) throw unauthorized(MESSAGES.sessionExpired);
  return buildLoginResult(services, db, userId, token, expiresAt);
}

export async function createOneTimeKey(services: AppServices, db: Db, userId: number, companyId: number | null) {
  const key = newToken(24);
  await q.insertCacheTemp(db, { keyHash: services.hashToken(key), userId, companyId, expiresAt: new Date(Date.now() + ONE_TIME_KEY_TTL_MS) });
  return { key, expiresIn: ONE_TIME_KEY_TTL_MS / 1000 };
}

/** SPEC §4: the key is exchanged for a token once; an unknown, used or expired key → 登录验证失效. */
export async function exchangeOneTimeKey(services: AppServices, db: Db, key: string, client: Client): Promise<string> {
  return services.database.inTransaction(async (tx) => {
    const row = await q.consumeCacheTemp(tx, services.hashToken(key));
    if (!row) throw new AppError(CODES.unauthorized, MESSAGES.loginKeyInvalid);
    const result = await startSession(services, tx, row.userId, client);
    return result.access_token;
  });
}

export async function deleteOneTimeKey(services: AppServices, db: Db, key: string): Promise<void> {
  await q.deleteCacheTemp(db, services.hashToken(key));
}

export async function issueTempTokens(services: AppServices, exec: Executor, userId: number, companyId: number, count: number): Promise<string[]> {
  const tokens = Array.from({ length: count }, () => newToken(24));
  const expiresAt = new Date(Date.now() + TEMP_TOKEN_TTL_MS);
  await q.insertTempTokens(exec, tokens.map((t) => ({ tokenHash: services.hashToken(t), userId, companyId, expiresAt })));
  return tokens;
}

/** A download's ?temptoken=: valid once, for ten minutes, for the user and company it was issued to. */
export async function consumeTempToken(services: AppServices, exec: Executor, token: string): Promise<{ userId: number; companyId: number } | null> {
  return q.consumeTempTokenRow(exec, services.hashToken(token));
}
