import { CODES, MESSAGES, type LoginResult, type OwnPassword } from '@wfsaas/contracts';
import { hashPassword, newToken, verifyPassword } from '../../platform/crypto.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError, badRequest, unauthorized } from '../../platform/errors.ts';
import { smsTemplates } from '../../platform/notify.ts';
import { checkSmsCode, sendSmsCode } from '../../platform/sms-codes.ts';
import { checkNewPassword, passwordExpired, recordPasswordSet, signInPolicyFor } from '../implement/index.ts';
import { listPendingInvitationsForPhone } from '../system/index.ts';
import type { AppServices } from '../../platform/services.ts';
import * as q from './auth.queries.ts';

const FAILURE_WINDOW_MS = 10 * 60_000;
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
      sysUser: { userId: user.id, phoneNumber: services.cipher.decrypt(user.phoneEnc), nickname: user.nickname, hasPassword: user.passwordHash !== null, platformOperator: user.platformOperator },
      financeUserId: user.financeUserId,
    },
  };
}

export async function startSession(services: AppServices, exec: Executor, userId: number, client: Client): Promise<LoginResult> {
  const token = newToken();
  // the user's companies may ask for a shorter sign-in than the platform's (系统配置 · 登录与密码)
  const { sessionHours } = await signInPolicyFor(exec, userId, services.config.sessionTtlHours);
  const expiresAt = new Date(Date.now() + sessionHours * 3600_000);
  await q.insertSession(exec, { tokenHash: services.hashToken(token), userId, expiresAt, ip: client.ip, userAgent: client.userAgent });
  return buildLoginResult(services, exec, userId, token, expiresAt);
}

const IP_FAILURES_PER_WINDOW = 30;

function lockedError(minutes: number) {
  return new AppError(CODES.locked, `密码错误次数过多，密码登录已锁定${minutes}分钟，请使用短信验证码登录或稍后再试`);
}

/**
 * Phone + password. Wrong passwords within ten minutes (five, or fewer if the user's companies say
 * so) lock the password path of that phone for fifteen minutes or the companies' longer lock (SMS
 * sign-in stays open); thirty failures from one address within ten minutes hold that address back,
 * so one client cannot lock out many phones. A password past the companies' expiry signs in no more.
 */
export async function loginWithPassword(services: AppServices, db: Db, phone: string, password: string, client: Client): Promise<LoginResult> {
  const phoneHash = services.cipher.lookupHash(phone);
  const since = new Date(Date.now() - FAILURE_WINDOW_MS);
  if ((await q.countRecentFailuresFromIp(db, client.ip, since)) >= IP_FAILURES_PER_WINDOW) {
    throw new AppError(CODES.tooManyRequests, '当前网络登录失败次数过多，请稍后再试或使用短信验证码登录');
  }
  const lock = await q.findLock(db, phoneHash);
  if (lock) throw lockedError(Math.max(1, Math.ceil((lock.lockedUntil.getTime() - Date.now()) / 60_000)));
  const user = await q.findUserByPhoneHash(db, phoneHash);
  const policy = await signInPolicyFor(db, user?.id ?? null, services.config.sessionTtlHours);
  const ok = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : false;
  if (!user || !ok || user.status !== 1) {
    await q.insertLoginFailure(db, phoneHash, client.ip);
    const failures = await q.countRecentFailures(db, phoneHash, since);
    if (failures >= policy.lockAfterFailures) {
      await q.upsertLock(db, phoneHash, new Date(Date.now() + policy.lockMinutes * 60_000));
      throw lockedError(policy.lockMinutes);
    }
    if (user && ok && user.status !== 1) throw badRequest('该账号已停用，请联系管理员');
    if (user && !user.passwordHash) throw badRequest('该账号尚未设置密码，请使用短信验证码登录');
    throw badRequest(`手机号或密码错误，再错${policy.lockAfterFailures - failures}次将锁定${policy.lockMinutes}分钟`);
  }
  await q.clearFailures(db, phoneHash);
  if (await passwordExpired(db, user.id, policy.passwordExpiryDays)) {
    throw badRequest(`密码已超过有效期（${policy.passwordExpiryDays}天），请使用短信验证码登录后修改密码`);
  }
  return startSession(services, db, user.id, client);
}

export async function sendLoginSms(services: AppServices, phone: string, client: Client): Promise<{ expiresIn: number; resendAfter: number }> {
  // Sent for any phone, with or without an account, so the answer does not reveal who has one.
  return sendSmsCode(services, {
    phone,
    purpose: 'login',
    ip: client.ip,
    companyId: null,
    text: (code) => smsTemplates.loginCode(code),
  });
}

/**
 * Phone + SMS code: the phone is proven. The first proof of an account's phone ends its other
 * sign-ins and clears a password nobody had proven the phone for (set before the owner ever signed
 * in). A phone with no account but an invitation to a company gets its account now, with no
 * password; the invitation waits on the company choice page.
 */
export async function loginWithSms(services: AppServices, db: Db, phone: string, code: string, client: Client): Promise<LoginResult> {
  const phoneHash = services.cipher.lookupHash(phone);
  await checkSmsCode(services, { phone, purpose: 'login', code });
  return services.database.inTransaction(async (tx) => {
    let user = await q.findUserByPhoneHash(tx, phoneHash);
    if (!user) {
      const invited = await listPendingInvitationsForPhone(tx, phoneHash);
      if (invited.length === 0) throw badRequest('该手机号尚未注册，请联系公司管理员邀请您加入');
      const id = await q.insertVerifiedUser(tx, { phoneHash, phoneEnc: services.cipher.encrypt(phone), nickname: invited[0]!.nickname });
      user = (await q.findUserById(tx, id))!;
    }
    if (user.status !== 1) throw badRequest('该账号已停用，请联系管理员');
    if (!user.phoneVerifiedAt) {
      await q.markPhoneVerified(tx, user.id, { clearPassword: true });
      await q.revokeSessionsOfUser(tx, user.id);
    }
    await q.clearFailures(tx, phoneHash);
    return startSession(services, tx, user.id, client);
  });
}

/**
 * The signed-in user sets or changes their own password: the current one is needed when there is
 * one; a first password needs the phone proven. Their other sign-ins end.
 */
export async function setOwnPassword(services: AppServices, db: Db, who: { userId: number; sessionId: number }, input: OwnPassword): Promise<{ revokedSessions: number }> {
  const user = await q.findUserById(db, who.userId);
  if (!user) throw unauthorized(MESSAGES.sessionExpired);
  if (user.passwordHash) {
    if (!input.oldPassword) throw badRequest('请填写原密码');
    if (!(await verifyPassword(input.oldPassword, user.passwordHash))) throw badRequest('原密码不正确');
  } else if (!user.phoneVerifiedAt) {
    throw badRequest('请先使用短信验证码登录，验证本人手机号后再设置密码');
  }
  await checkNewPassword(db, user.id, input.password, user.passwordHash, services.config.sessionTtlHours);
  return services.database.inTransaction(async (tx) => {
    const hash = await hashPassword(input.password);
    await q.updatePassword(tx, user.id, hash);
    await recordPasswordSet(tx, user.id, hash);
    return { revokedSessions: await q.revokeSessionsOfUser(tx, user.id, who.sessionId) };
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

/** The key is exchanged for a token once; an unknown, used or expired key → 登录验证失效. */
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

/**
 * Download tokens prove only who asked and in which company: each download checks the file's own
 * rule (platform/files/access.ts) for that member.
 */
export async function issueTempTokens(services: AppServices, exec: Executor, who: { userId: number; sessionId: number }, companyId: number, count: number): Promise<string[]> {
  const tokens = Array.from({ length: count }, () => newToken(24));
  const expiresAt = new Date(Date.now() + TEMP_TOKEN_TTL_MS);
  await q.insertTempTokens(exec, tokens.map((t) => ({ tokenHash: services.hashToken(t), userId: who.userId, sessionId: who.sessionId, companyId, expiresAt })));
  return tokens;
}

/** A download's ?temptoken=: valid once, for ten minutes, for the user, sign-in and company it was issued to. */
export async function consumeTempToken(services: AppServices, exec: Executor, token: string): Promise<{ userId: number; companyId: number; sessionId: number | null } | null> {
  return q.consumeTempTokenRow(exec, services.hashToken(token));
}
