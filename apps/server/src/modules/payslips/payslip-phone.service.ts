import { Readable } from 'node:stream';
import {
  CODES,
  maskPhone,
  PAYSLIP_STATUS,
  type PayslipEmployeeView,
  type PayslipOpenView,
  type PayslipSmsSent,
  type PayslipTicket,
  type VerifyMethod,
} from '@wfsaas/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { hashPassword, newSmsCode, verifyPassword } from '../../platform/crypto.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { recordUpload, storeUpload } from '../../platform/files/index.ts';
import type { PublicCtx } from '../../platform/http.ts';
import { createSmsGateway, enqueueMessage, smsTemplates } from '../../platform/notify.ts';
import type { AppServices } from '../../platform/services.ts';
import { appendEvents, type NewEvent } from './payslip-evidence.ts';
import { checkPayslipTicket, payslipTokenHash, signPayslipTicket, TICKET_TTL_MS } from './payslip-links.ts';
import { isWithdrawn, MSG_WITHDRAWN, toEmployeeView } from './payslip-views.ts';
import * as q from './payslips.queries.ts';
import { countRecentEvents } from './payslip-evidence.queries.ts';
import { countSmsSince, findLink, findPayslipPassword, insertPayslipPassword, insertSmsCode, markSmsUsed, takeSmsAttempt } from './payslip-phone.queries.ts';

/**
 * The employee's phone page (/m/payslip/:token): no session. The token finds the company (through
 * payslip_links, read as the owner); everything after runs in that company's tenant transaction.
 */

export const MSG_BAD_LINK = '工资条链接无效或已失效，请联系公司HR';
const SMS_TTL_MS = 5 * 60_000;
const SMS_MAX_ATTEMPTS = 5;
const VERIFY_FAIL_LIMIT = 5;
const VERIFY_FAIL_WINDOW_MS = 15 * 60_000;
const MAX_SIGNATURE_BYTES = 280 * 1024;

type Ctx = PublicCtx<{ token: string }>;
type Loaded = { companyId: number; tokenHash: string; payslip: q.PayslipRow; batch: q.BatchRow };

function badLink() {
  return new AppError(CODES.notFound, MSG_BAD_LINK);
}

async function findLinked(s: AppServices, token: string): Promise<{ companyId: number; payslipId: number; tokenHash: string }> {
  const tokenHash = payslipTokenHash(s, token);
  const link = await findLink(s.database.db, tokenHash);
  if (!link) throw badLink();
  return { ...link, tokenHash };
}

/** Runs fn in the link's company with its payslip and batch loaded. */
async function withPayslip<T>(s: AppServices, token: string, fn: (tx: Tx, l: Loaded) => Promise<T>): Promise<T> {
  const link = await findLinked(s, token);
  return s.database.inTenant(link.companyId, async (tx) => {
    const payslip = await q.findPayslip(tx, link.companyId, link.payslipId);
    const batch = payslip ? await q.findBatch(tx, link.companyId, payslip.batchId) : null;
    if (!payslip || !batch || payslip.tokenHash !== link.tokenHash) throw badLink();
    return fn(tx, { companyId: link.companyId, tokenHash: link.tokenHash, payslip, batch });
  });
}

function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? name : `${'*'.repeat(chars.length - 1)}${chars[chars.length - 1]}`;
}

/** The employee's own actions go to the audit log with no signed-in actor. */
async function auditEmployee(tx: Tx, l: Loaded, c: { ip: string; userAgent: string }, action: string, before: unknown, after: unknown): Promise<void> {
  await writeAudit(tx, { companyId: l.companyId, actorUserId: null, ip: c.ip, userAgent: c.userAgent.slice(0, 500) }, { action, entity: 'payslip', entityId: l.payslip.id, before, after });
}

function client(c: Ctx) {
  return { ip: c.ip, userAgent: c.userAgent.slice(0, 500) };
}

export async function openPayslip(s: AppServices, c: Ctx): Promise<PayslipOpenView> {
  return withPayslip(s, c.body.token, async (tx, l) => {
    const employee = l.payslip.employeeId ? await q.findEmployee(tx, l.companyId, l.payslip.employeeId) : null;
    return {
      companyName: await q.findCompanyName(tx, l.companyId),
      month: l.batch.month,
      title: l.batch.title,
      maskedName: maskName(l.payslip.name),
      maskedMobile: employee?.mobileMasked ?? null,
      verifyMethod: l.batch.verifyMethod as VerifyMethod,
      withdrawn: isWithdrawn(l.payslip),
    };
  });
}

const smsPurpose = (companyId: number, payslipId: number) => `payslip:${companyId}:${payslipId}`;

/** Sends a verification code to the employee's registered mobile (limited like sign-in codes). */
export async function sendPayslipSms(s: AppServices, c: Ctx): Promise<PayslipSmsSent> {
  const target = await withPayslip(s, c.body.token, async (tx, l) => {
    if (l.batch.verifyMethod !== 'sms') throw badRequest('本工资条需使用「姓名 + 证件号后6位」验证');
    if (isWithdrawn(l.payslip)) throw badRequest(MSG_WITHDRAWN);
    const employee = l.payslip.employeeId ? await q.findEmployee(tx, l.companyId, l.payslip.employeeId) : null;
    if (!employee?.mobileEnc || !employee.mobileHash) throw badRequest('您未在公司登记手机号，无法接收验证码，请联系公司HR');
    return { companyId: l.companyId, payslipId: l.payslip.id, phone: s.cipher.decrypt(employee.mobileEnc), phoneHash: employee.mobileHash };
  });
  const { db } = s.database;
  const now = Date.now();
  if ((await countSmsSince(db, { phoneHash: target.phoneHash }, new Date(now - 60_000))) > 0) throw new AppError(CODES.tooManyRequests, '验证码发送过于频繁，请60秒后再试');
  if ((await countSmsSince(db, { phoneHash: target.phoneHash }, new Date(now - 3600_000))) >= 5) throw new AppError(CODES.tooManyRequests, '该手机号本小时获取验证码次数已达上限，请稍后再试');
  if ((await countSmsSince(db, { ip: c.ip }, new Date(now - 3600_000))) >= 20) throw new AppError(CODES.tooManyRequests, '当前网络获取验证码过于频繁，请稍后再试');
  const code = newSmsCode();
  await s.database.inTransaction(async (tx) => {
    await insertSmsCode(tx, { phoneHash: target.phoneHash, codeHash: s.hashToken(code), purpose: smsPurpose(target.companyId, target.payslipId), ip: c.ip, expiresAt: new Date(now + SMS_TTL_MS) });
    await enqueueMessage(tx, s.cipher, {
      channel: 'sms',
      recipient: target.phone,
      companyId: target.companyId,
      body: smsTemplates.payslipCode(code),
      deliver: createSmsGateway(s.config) !== undefined,
    });
  });
  return { maskedMobile: maskPhone(target.phone), expiresIn: SMS_TTL_MS / 1000, resendAfter: 60 };
}

type PasswordState = NonNullable<PayslipTicket['password']>;

/** Whether the batch asks for the payslip password, and whether the employee has chosen one. */
async function passwordState(tx: Tx, l: Loaded): Promise<PasswordState> {
  if (!l.batch.requirePassword) return 'none';
  if (!l.payslip.employeeId) return 'unset';
  return (await findPayslipPassword(tx, l.companyId, l.payslip.employeeId)) ? 'set' : 'unset';
}

/** The ticket after the password: signed over the token hash marked as password-checked. */
const passwordLevel = (tokenHash: string) => `${tokenHash}:password`;

function issueTicket(s: AppServices, tokenHash: string, password: PasswordState = 'none'): PayslipTicket {
  return { ticket: signPayslipTicket(s, tokenHash, Date.now() + TICKET_TTL_MS), expiresIn: TICKET_TTL_MS / 1000, password };
}

export async function verifyPayslipSms(s: AppServices, c: PublicCtx<{ token: string; code: string }>): Promise<PayslipTicket> {
  const target = await withPayslip(s, c.body.token, async (tx, l) => {
    const employee = l.payslip.employeeId ? await q.findEmployee(tx, l.companyId, l.payslip.employeeId) : null;
    return { purpose: smsPurpose(l.companyId, l.payslip.id), phoneHash: employee?.mobileHash ?? '', tokenHash: l.tokenHash, password: await passwordState(tx, l) };
  });
  // Counted in its own statement, so a wrong code stays counted.
  const row = target.phoneHash ? await takeSmsAttempt(s.database.db, target.phoneHash, target.purpose) : null;
  if (!row || row.attempts > SMS_MAX_ATTEMPTS) throw badRequest('验证码已失效，请重新获取');
  if (row.code_hash !== s.hashToken(c.body.code)) throw badRequest('验证码不正确');
  if (!(await markSmsUsed(s.database.db, row.id))) throw badRequest('验证码已失效，请重新获取');
  return issueTicket(s, target.tokenHash, target.password);
}

export async function verifyPayslipId(s: AppServices, c: PublicCtx<{ token: string; name: string; idLast6: string }>): Promise<PayslipTicket> {
  const outcome = await withPayslip(s, c.body.token, async (tx, l) => {
    if (l.batch.verifyMethod !== 'idNumber') throw badRequest('本工资条需使用短信验证码验证');
    const since = new Date(Date.now() - VERIFY_FAIL_WINDOW_MS);
    if ((await countRecentEvents(tx, l.companyId, l.payslip.id, 'verifyFail', since)) >= VERIFY_FAIL_LIMIT) {
      throw new AppError(CODES.tooManyRequests, '验证失败次数过多，请15分钟后再试');
    }
    const employee = l.payslip.employeeId ? await q.findEmployee(tx, l.companyId, l.payslip.employeeId) : null;
    const idNumber = employee?.idNumberEnc ? s.cipher.decrypt(employee.idNumberEnc) : '';
    const ok = !!employee && employee.name === c.body.name.replace(/\s+/g, '') && idNumber.length >= 6 && idNumber.slice(-6).toUpperCase() === c.body.idLast6.toUpperCase();
    // A failure is recorded (and committed) before the refusal.
    if (!ok) await appendEvents(tx, l.companyId, l.batch.id, [{ payslipId: l.payslip.id, kind: 'verifyFail', ...client(c as unknown as Ctx) }]);
    return { ok, tokenHash: l.tokenHash, noId: !idNumber, password: await passwordState(tx, l) };
  });
  if (!outcome.ok) throw badRequest(outcome.noId ? '您未在公司登记证件号码，请联系公司HR' : '姓名或证件号后6位不正确');
  return issueTicket(s, outcome.tokenHash, outcome.password);
}

function requireIdentityTicket(s: AppServices, tokenHash: string, ticket: string) {
  const check = checkPayslipTicket(s, tokenHash, ticket);
  if (check === 'expired') throw badRequest('查看凭证已过期，请重新验证身份');
  if (check !== 'ok') throw badRequest('查看凭证无效，请重新验证身份');
}

/** The ticket that opens the payslip: after the identity check, and after the password when the batch asks for one. */
function requireTicket(s: AppServices, l: Loaded, ticket: string) {
  if (!l.batch.requirePassword) return requireIdentityTicket(s, l.tokenHash, ticket);
  const check = checkPayslipTicket(s, passwordLevel(l.tokenHash), ticket);
  if (check === 'ok') return;
  if (check === 'expired') throw badRequest('查看凭证已过期，请重新验证身份');
  if (checkPayslipTicket(s, l.tokenHash, ticket) === 'ok') throw badRequest('请先输入工资条查询密码');
  throw badRequest('查看凭证无效，请重新验证身份');
}

/**
 * m/payslip/password: after the identity check, sets the payslip password on the first visit or
 * checks it on later ones (5 failures lock it for 15 minutes); answers the ticket that opens the payslip.
 */
export async function payslipPassword(s: AppServices, c: PublicCtx<{ token: string; ticket: string; password: string }>): Promise<PayslipTicket> {
  const outcome = await withPayslip(s, c.body.token, async (tx, l) => {
    requireIdentityTicket(s, l.tokenHash, c.body.ticket);
    if (!l.batch.requirePassword) throw badRequest('本工资条无需查询密码');
    if (!l.payslip.employeeId) throw badLink();
    const since = new Date(Date.now() - VERIFY_FAIL_WINDOW_MS);
    if ((await countRecentEvents(tx, l.companyId, l.payslip.id, 'passwordFail', since)) >= VERIFY_FAIL_LIMIT) {
      throw new AppError(CODES.tooManyRequests, '查询密码错误次数过多，请15分钟后再试');
    }
    const stored = await findPayslipPassword(tx, l.companyId, l.payslip.employeeId);
    if (!stored) {
      if (/^(\d)\1{5}$/.test(c.body.password) || '0123456789'.includes(c.body.password) || '9876543210'.includes(c.body.password)) {
        return { ok: false as const, message: '查询密码：请勿使用连续或重复的数字' };
      }
      await insertPayslipPassword(tx, l.companyId, l.payslip.employeeId, await hashPassword(c.body.password));
      await auditEmployee(tx, l, client(c as unknown as Ctx), 'payslip.passwordSet', null, { employeeId: l.payslip.employeeId });
      return { ok: true as const, tokenHash: l.tokenHash };
    }
    if (await verifyPassword(c.body.password, stored)) return { ok: true as const, tokenHash: l.tokenHash };
    // A failure is recorded (and committed) before the refusal.
    await appendEvents(tx, l.companyId, l.batch.id, [{ payslipId: l.payslip.id, kind: 'passwordFail', ...client(c as unknown as Ctx) }]);
    return { ok: false as const, message: '查询密码不正确' };
  });
  if (!outcome.ok) throw badRequest(outcome.message);
  return { ticket: signPayslipTicket(s, passwordLevel(outcome.tokenHash), Date.now() + TICKET_TTL_MS), expiresIn: TICKET_TTL_MS / 1000, password: 'set' };
}

async function employeeView(tx: Tx, l: Loaded, p: q.PayslipRow): Promise<PayslipEmployeeView> {
  return toEmployeeView(await q.findCompanyName(tx, l.companyId), l.batch, p);
}

type TicketCtx = PublicCtx<{ token: string; ticket: string }>;

/** Records a view (已发送 → 已查看) and answers the payslip; a withdrawn one shows no figures. */
export async function viewPayslip(s: AppServices, c: TicketCtx): Promise<PayslipEmployeeView> {
  return withPayslip(s, c.body.token, async (tx, l) => {
    requireTicket(s, l, c.body.ticket);
    let p = l.payslip;
    if (!isWithdrawn(p)) {
      const now = new Date();
      if (p.status === PAYSLIP_STATUS.sent || p.status === PAYSLIP_STATUS.failed) {
        const before = p.status;
        p = (await q.updatePayslip(tx, l.companyId, p.id, { status: PAYSLIP_STATUS.viewed, viewedAt: now }, [PAYSLIP_STATUS.sent, PAYSLIP_STATUS.failed])) ?? p;
        await auditEmployee(tx, l, c, 'payslip.view', { status: before }, { status: p.status });
      } else if (!p.viewedAt) {
        p = (await q.updatePayslip(tx, l.companyId, p.id, { viewedAt: now })) ?? p;
      }
    }
    await appendEvents(tx, l.companyId, l.batch.id, [{ payslipId: p.id, kind: 'view', ...client(c as unknown as Ctx), detail: { withdrawn: isWithdrawn(p) } }]);
    return employeeView(tx, l, p);
  });
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function decodeSignature(dataUrl: string): Buffer {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl.trim());
  if (!m) throw badRequest('手写签名：应为 PNG 图片');
  const png = Buffer.from(m[1]!, 'base64');
  if (png.length < 64 || !png.subarray(0, 8).equals(PNG_MAGIC)) throw badRequest('手写签名：应为 PNG 图片');
  if (png.length > MAX_SIGNATURE_BYTES) throw badRequest('手写签名图片过大，请重新签名');
  return png;
}

export async function confirmPayslip(s: AppServices, c: PublicCtx<{ token: string; ticket: string; signature?: string }>): Promise<PayslipEmployeeView> {
  const first = await withPayslip(s, c.body.token, async (_tx, l) => {
    requireTicket(s, l, c.body.ticket);
    if (isWithdrawn(l.payslip)) throw badRequest(`${MSG_WITHDRAWN}，无需确认`);
    return { companyId: l.companyId, needsSignature: l.batch.requireSignature && l.payslip.status !== PAYSLIP_STATUS.confirmed };
  });
  let stored: Awaited<ReturnType<typeof storeUpload>> | null = null;
  if (first.needsSignature) {
    if (!c.body.signature) throw badRequest('手写签名：请先签名再确认');
    const png = decodeSignature(c.body.signature);
    stored = await storeUpload(s, { companyId: first.companyId, userId: null, filename: 'signature.png', body: Readable.from([png]), kind: 'upload', isTruncated: () => false });
  }
  return withPayslip(s, c.body.token, async (tx, l) => {
    let p = l.payslip;
    if (isWithdrawn(p)) throw badRequest(`${MSG_WITHDRAWN}，无需确认`);
    if (p.status === PAYSLIP_STATUS.confirmed) return employeeView(tx, l, p);
    const file = stored ? await recordUpload(tx, l.companyId, null, stored, { kind: 'payslip_signature', ownerId: p.id }) : null;
    const now = new Date();
    p =
      (await q.updatePayslip(
        tx,
        l.companyId,
        p.id,
        { status: PAYSLIP_STATUS.confirmed, confirmedAt: now, viewedAt: p.viewedAt ?? now, signatureFileId: file?.id ?? null },
        [PAYSLIP_STATUS.sent, PAYSLIP_STATUS.viewed, PAYSLIP_STATUS.feedback, PAYSLIP_STATUS.failed],
      )) ?? p;
    await auditEmployee(tx, l, c, 'payslip.confirm', { status: l.payslip.status }, { status: p.status, signatureFileId: file?.id ?? null });
    const event: NewEvent = { payslipId: p.id, kind: 'confirm', ...client(c as unknown as Ctx), detail: { signatureFileId: file?.id ?? null, version: p.version } };
    await appendEvents(tx, l.companyId, l.batch.id, [event]);
    return employeeView(tx, l, p);
  });
}

export async function feedbackPayslip(s: AppServices, c: PublicCtx<{ token: string; ticket: string; feedback: string }>): Promise<PayslipEmployeeView> {
  return withPayslip(s, c.body.token, async (tx, l) => {
    requireTicket(s, l, c.body.ticket);
    let p = l.payslip;
    if (isWithdrawn(p)) throw badRequest(`${MSG_WITHDRAWN}，如有疑问请联系公司HR`);
    const now = new Date();
    const status = p.status === PAYSLIP_STATUS.confirmed ? PAYSLIP_STATUS.confirmed : PAYSLIP_STATUS.feedback;
    p = (await q.updatePayslip(tx, l.companyId, p.id, { status, feedback: c.body.feedback, feedbackAt: now, viewedAt: p.viewedAt ?? now })) ?? p;
    await auditEmployee(tx, l, c, 'payslip.feedback', { status: l.payslip.status, feedback: l.payslip.feedback }, { status: p.status, feedback: p.feedback });
    await appendEvents(tx, l.companyId, l.batch.id, [{ payslipId: p.id, kind: 'feedback', ...client(c as unknown as Ctx), detail: { feedback: c.body.feedback } }]);
    return employeeView(tx, l, p);
  });
}
