import { CODES } from '@wfsaas/contracts';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { smsCodes } from '../db/schema/index.ts';
import { newSmsCode } from './crypto.ts';
import { rowsOf } from './db.ts';
import { AppError, badRequest } from './errors.ts';
import { createSmsGateway, enqueueMessage } from './notify.ts';
import type { AppServices } from './services.ts';

/**
 * One-time SMS codes (sign-in, the phone pages, proving a phone): sent at most once a minute and
 * five times an hour to a number, twenty times an hour from one address; a code lasts five minutes
 * and allows five attempts, each counted in its own statement so a refused attempt stays counted.
 */

const CODE_TTL_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;

/** Sends a code for `purpose` to `phone`; `text` words the message around the code. */
export async function sendSmsCode(
  s: AppServices,
  input: { phone: string; purpose: string; ip: string; companyId: number | null; text: (code: string) => string },
): Promise<{ expiresIn: number; resendAfter: number }> {
  const { db } = s.database;
  const phoneHash = s.cipher.lookupHash(input.phone);
  const now = Date.now();
  const since = async (by: { phoneHash?: string; ip?: string }, ms: number) => {
    const cond = by.phoneHash ? eq(smsCodes.phoneHash, by.phoneHash) : eq(smsCodes.ip, by.ip ?? '');
    const [r] = await db.select({ n: count() }).from(smsCodes).where(and(cond, gt(smsCodes.createdAt, new Date(now - ms))));
    return Number(r?.n ?? 0);
  };
  if ((await since({ phoneHash }, 60_000)) > 0) throw new AppError(CODES.tooManyRequests, '验证码发送过于频繁，请60秒后再试');
  if ((await since({ phoneHash }, 3600_000)) >= 5) throw new AppError(CODES.tooManyRequests, '该手机号本小时获取验证码次数已达上限，请稍后再试');
  if ((await since({ ip: input.ip }, 3600_000)) >= 20) throw new AppError(CODES.tooManyRequests, '当前网络获取验证码过于频繁，请稍后再试');
  const code = newSmsCode();
  await s.database.inTransaction(async (tx) => {
    await tx.insert(smsCodes).values({ phoneHash, codeHash: s.hashToken(code), purpose: input.purpose, ip: input.ip, expiresAt: new Date(now + CODE_TTL_MS) });
    await enqueueMessage(tx, s.cipher, { channel: 'sms', recipient: input.phone, companyId: input.companyId, body: input.text(code), deliver: createSmsGateway(s.config) !== undefined });
  });
  return { expiresIn: CODE_TTL_MS / 1000, resendAfter: 60 };
}

/** Checks a code for `purpose` sent to `phone`, and uses it up; refuses with a Chinese message. */
export async function checkSmsCode(s: AppServices, input: { phone: string; purpose: string; code: string }): Promise<void> {
  const { db } = s.database;
  const phoneHash = s.cipher.lookupHash(input.phone);
  const [row] = rowsOf<{ id: number; code_hash: string; attempts: number }>(
    await db.execute(sql`
      update sms_codes set attempts = attempts + 1
      where id = (select id from sms_codes where phone_hash = ${phoneHash} and purpose = ${input.purpose}
                  and used_at is null and expires_at > now() order by created_at desc limit 1)
      returning id, code_hash, attempts`),
  );
  if (!row || row.attempts > MAX_ATTEMPTS) throw badRequest('验证码已失效，请重新获取');
  if (row.code_hash !== s.hashToken(input.code)) throw badRequest('验证码不正确');
  const used = await db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, Number(row.id)), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (used.length !== 1) throw badRequest('验证码已失效，请重新获取');
}
