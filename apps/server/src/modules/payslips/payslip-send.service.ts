import {
  BATCH_STATUS,
  PAYSLIP_STATUS,
  type PayslipAction,
  type PayslipBatchView,
  type PayslipActionResult,
  type PayslipChannel,
  type PayslipSubmit,
} from '@wfsaas/contracts';
import { writeAudit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { cancelJob, enqueueJob, type JobContext } from '../../platform/jobs/index.ts';
import { createShortLink, MSG_NO_PUBLIC_URL, notify, publicBaseUrl, requirePublicBaseUrl, smsTemplates, type NotifyChannel, type NotifyEvent } from '../../platform/notify.ts';
import type { AppServices } from '../../platform/services.ts';
import { appendEvents, type NewEvent } from './payslip-evidence.ts';
import { PAYSLIP_SHORT_LINK_DAYS, payslipLinkPath, payslipLinkToken, payslipShortLinkKey, payslipTokenHash } from './payslip-links.ts';
import { batchView } from './payslip-views.ts';
import * as q from './payslips.queries.ts';
import { insertLink } from './payslip-phone.queries.ts';
import { countCompanySmsThisMonth, countSmsRecipients, listAutoConfirmDue, listDeliveryTargets, type DeliveryTarget } from './payslip-send.queries.ts';
import { assertServiceActive } from '../trade/index.ts';

export const SEND_JOB = 'payslips.send';
export const SEND_CHUNK = 200;
const MSG_NO_MOBILE = '员工未登记手机号，无法发送短信';
const MSG_NO_EMAIL = '员工未登记邮箱，无法发送邮件';

type Actor = { userId: number | null; ip?: string | null; userAgent?: string | null };
type DeliveryKind = 'send' | 'resend' | 'urge';

/** The in-app and email wording; `link` (email) is the absolute phone link, in-app notices carry it as their link. */
function noticeText(batch: q.BatchRow, kind: DeliveryKind, link?: string): { title: string; content: string } {
  const open = link ? `请打开 ${link} 查看并确认` : '请查看并确认';
  if (kind === 'urge') return { title: '工资条确认提醒', content: `您的${batch.month}工资条（${batch.title}）尚未确认，${open}。` };
  return { title: '工资条通知', content: `您的${batch.month}工资条（${batch.title}）已发放，${open}。` };
}

/** Sending by SMS or email needs links to start with PUBLIC_URL: refused before anything is written. */
export function requireLinksFor(s: AppServices, channels: readonly string[]): void {
  if (channels.includes('sms') || channels.includes('email')) requirePublicBaseUrl(s.config);
}

type Reach = { mobile: string | null; reasons: string[]; bySms: boolean; byEmail: boolean; reachable: boolean };

/** How a payslip reaches its employee on the batch's channels, and why a channel cannot. */
function reachOf(services: AppServices, channels: readonly PayslipChannel[], base: ReturnType<typeof publicBaseUrl>, t: DeliveryTarget): Reach {
  const mobile = t.mobileEnc ? services.cipher.decrypt(t.mobileEnc) : null;
  const reasons: string[] = [];
  if (channels.includes('sms') && !mobile) reasons.push(MSG_NO_MOBILE);
  if (channels.includes('email') && !t.email) reasons.push(MSG_NO_EMAIL);
  if (!base && (channels.includes('sms') || channels.includes('email'))) reasons.push(MSG_NO_PUBLIC_URL);
  const bySms = channels.includes('sms') && !!mobile && !!base;
  const byEmail = channels.includes('email') && !!t.email && !!base;
  return { mobile, reasons, bySms, byEmail, reachable: channels.includes('app') || bySms || byEmail };
}

type Delivery = { services: AppServices; tx: Tx; companyId: number; batch: q.BatchRow; kind: DeliveryKind; companyName: string; base: ReturnType<typeof publicBaseUrl> };

/** The notices of one payslip on every channel that reaches its employee; answers the channels used. */
async function sendNotices(d: Delivery, payslipId: number, t: DeliveryTarget, reach: Reach, link: { token: string; round: number; now: Date }): Promise<NotifyChannel[]> {
  const { services, tx, companyId, batch, kind } = d;
  const path = payslipLinkPath(link.token);
  const idempotencyKey = `payslip:${payslipId}:r${link.round}`;
  const via: NotifyChannel[] = [];
  if ((batch.channels as PayslipChannel[]).includes('app') && t.userId !== null) {
    via.push('inapp');
    await notify(tx, services, { companyId, userId: t.userId, channels: ['inapp'], ...noticeText(batch, kind), link: path, idempotencyKey });
  }
  if (reach.bySms) {
    via.push('sms');
    const expiresAt = new Date(link.now.getTime() + PAYSLIP_SHORT_LINK_DAYS * 86_400_000);
    const short = await createShortLink(tx, services, { key: payslipShortLinkKey(companyId, payslipId), target: path, expiresAt, companyId });
    const sms = (kind === 'urge' ? smsTemplates.payslipUrge : smsTemplates.payslipLink)({ companyName: d.companyName, month: batch.month, link: short });
    const event = pushEventOf(d, t, short);
    await notify(tx, services, { companyId, recipient: { phone: reach.mobile! }, channels: ['sms'], ...noticeText(batch, kind), sms, idempotencyKey, event });
  }
  if (reach.byEmail) {
    via.push('email');
    const event = pushEventOf(d, t, `${d.base}${path}`);
    await notify(tx, services, { companyId, recipient: { email: t.email! }, channels: ['email'], ...noticeText(batch, kind, `${d.base}${path}`), idempotencyKey, event });
  }
  return via;
}

/** The push event of a payslip notice, for the company's email and SMS templates (PUSH_EVENTS). */
function pushEventOf(d: Delivery, t: DeliveryTarget, link: string): NotifyEvent {
  return {
    key: d.kind === 'urge' ? 'payslipUrge' : 'payslipSend',
    values: { 员工姓名: t.payslip.name, 企业名称: d.companyName, 月份: d.batch.month, 工资条名称: d.batch.title, 链接: link },
  };
}

/**
 * Delivers the payslips `ids` of a batch in the caller's transaction. For a first send, each payslip
 * moves from 待发送 once (a conditional update): one that another run already moved is skipped, so a
 * retried job or a double submit gives nobody a second copy. Resend and urge notify again with a new
 * round in the notices' idempotency keys.
 */
export async function deliverPayslips(
  services: AppServices,
  tx: Tx,
  companyId: number,
  batch: q.BatchRow,
  ids: number[],
  kind: DeliveryKind,
  actor: Actor,
): Promise<{ delivered: number; failed: number; skipped: number }> {
  const targets = await listDeliveryTargets(tx, companyId, ids);
  const channels = batch.channels as PayslipChannel[];
  // SMS and email carry an absolute link: without PUBLIC_URL in production they are not sent
  const base = publicBaseUrl(services.config);
  const companyName = channels.includes('sms') || channels.includes('email') ? await q.findCompanyName(tx, companyId) : '';
  const delivery: Delivery = { services, tx, companyId, batch, kind, companyName, base };
  const events: NewEvent[] = [];
  let delivered = 0;
  let failed = 0;
  let skipped = 0;
  for (const t of targets) {
    const p = t.payslip;
    if (p.employeeId === null || !p.isCurrent) {
      skipped++;
      continue;
    }
    const allowed =
      kind === 'send' ? [PAYSLIP_STATUS.pending] : kind === 'resend' ? [PAYSLIP_STATUS.sent, PAYSLIP_STATUS.failed] : [PAYSLIP_STATUS.sent, PAYSLIP_STATUS.viewed];
    if (!(allowed as number[]).includes(p.status)) {
      skipped++;
      continue;
    }
    const reach = reachOf(services, channels, base, t);
    const { reasons, reachable } = reach;
    const token = payslipLinkToken(services, companyId, p.id);
    const tokenHash = payslipTokenHash(services, token);
    const round = kind === 'send' ? 0 : p.notifyRound + 1;
    const now = new Date();
    let nextStatus: number = p.status;
    if (kind === 'send') nextStatus = reachable ? PAYSLIP_STATUS.sent : PAYSLIP_STATUS.failed;
    else if (kind === 'resend') nextStatus = reachable ? PAYSLIP_STATUS.sent : PAYSLIP_STATUS.failed;
    const moved = await q.updatePayslip(
      tx,
      companyId,
      p.id,
      {
        status: nextStatus,
        tokenHash,
        notifyRound: round,
        failReason: reachable ? null : reasons.join('；'),
        ...(reachable && kind !== 'urge' ? { sentAt: now } : {}),
      },
      allowed,
    );
    if (!moved) {
      skipped++;
      continue;
    }
    if (kind === 'send') await insertLink(tx, { tokenHash, companyId, payslipId: p.id });
    if (!reachable) {
      failed++;
      events.push({ payslipId: p.id, kind: 'fail', actorUserId: actor.userId, ip: actor.ip, userAgent: actor.userAgent, detail: { reason: reasons.join('；'), round } });
      continue;
    }
    const via = await sendNotices(delivery, p.id, t, reach, { token, round, now });
    delivered++;
    events.push({
      payslipId: p.id,
      kind: kind === 'send' ? 'send' : kind,
      actorUserId: actor.userId,
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: { channels: via.length > 0 ? via : ['link'], round, version: p.version, ...(reasons.length > 0 ? { partial: reasons.join('；') } : {}) },
    });
  }
  await appendEvents(tx, companyId, batch.id, events);
  return { delivered, failed, skipped };
}

export type SendJobPayload = { batchId: number };

/** The send job: every payslip still 待发送, by chunks; then the batch is 已发送. Safe to run again. */
export async function runSendJob(ctx: Pick<JobContext<SendJobPayload>, 'job' | 'services' | 'eachChunk'>): Promise<unknown> {
  const { services } = ctx;
  const companyId = ctx.job.companyId;
  const batchId = Number(ctx.job.payload?.batchId);
  const start = await services.database.inTenant(companyId, async (tx) => {
    const batch = await q.findBatch(tx, companyId, batchId);
    if (!batch || (batch.status !== BATCH_STATUS.scheduled && batch.status !== BATCH_STATUS.sending)) return null;
    const live = batch.status === BATCH_STATUS.scheduled ? await q.updateBatch(tx, companyId, batchId, { status: BATCH_STATUS.sending }, [BATCH_STATUS.scheduled]) : batch;
    if (!live) return null;
    return { batch: live, ids: await q.listPayslipIds(tx, companyId, batchId, [PAYSLIP_STATUS.pending]) };
  });
  if (!start) return { skipped: true };
  let delivered = 0;
  let failed = 0;
  await ctx.eachChunk(
    start.ids.map(String),
    SEND_CHUNK,
    async (keys, tx) => {
      const r = await deliverPayslips(services, tx, companyId, start.batch, keys.map(Number), 'send', { userId: ctx.job.createdBy });
      delivered += r.delivered;
      failed += r.failed;
    },
  );
  await services.database.inTenant(companyId, async (tx) => {
    const done = await q.updateBatch(tx, companyId, batchId, { status: BATCH_STATUS.sent, sentAt: new Date() }, [BATCH_STATUS.sending]);
    if (done) {
      await writeAudit(tx, { companyId, actorUserId: ctx.job.createdBy }, { action: 'payslip.sent', entity: 'payslip_batch', entityId: batchId, before: { status: BATCH_STATUS.sending }, after: { status: BATCH_STATUS.sent, delivered, failed } });
    }
  });
  return { batchId, delivered, failed };
}

export const MSG_SEND_JOB_FAILED = '发送任务多次失败，请重新发送';

/**
 * When the send job has failed for good: the payslips it did not reach become 发送失败 (so 重新发送
 * picks them up) and the batch 已发送.
 */
export async function markSendJobFailed(services: AppServices, companyId: number, batchId: number): Promise<void> {
  await services.database.inTenant(companyId, async (tx) => {
    const batch = await q.findBatch(tx, companyId, batchId);
    if (!batch || batch.status !== BATCH_STATUS.sending) return;
    const ids = await q.listPayslipIds(tx, companyId, batchId, [PAYSLIP_STATUS.pending]);
    const events: NewEvent[] = [];
    for (const id of ids) {
      const row = await q.updatePayslip(tx, companyId, id, { status: PAYSLIP_STATUS.failed, failReason: MSG_SEND_JOB_FAILED }, [PAYSLIP_STATUS.pending]);
      if (row) events.push({ payslipId: id, kind: 'fail', detail: { reason: MSG_SEND_JOB_FAILED } });
    }
    await appendEvents(tx, companyId, batchId, events);
    await q.updateBatch(tx, companyId, batchId, { status: BATCH_STATUS.sent, sentAt: new Date() }, [BATCH_STATUS.sending]);
    await writeAudit(tx, { companyId, actorUserId: null }, { action: 'payslip.sendFailed', entity: 'payslip_batch', entityId: batchId, after: { failed: events.length } });
  });
}

async function liveBatch(c: ServiceCtx, batchId: number): Promise<q.BatchRow> {
  const batch = await q.findBatch(c.tx, c.companyId, batchId);
  if (!batch) throw notFound('工资条批次');
  return batch;
}

/** SMS the company may still send this month (SMS_MONTHLY_QUOTA less what went to the outbox since the 1st). */
export async function smsQuotaLeft(s: AppServices, c: Pick<ServiceCtx, 'tx' | 'companyId'>): Promise<number> {
  return Math.max(0, s.config.smsMonthlyQuota - (await countCompanySmsThisMonth(c.tx, c.companyId)));
}

export async function submitBatch(s: AppServices, c: ServiceCtx, input: PayslipSubmit): Promise<PayslipBatchView> {
  const batch = await liveBatch(c, input.batchId);
  if (batch.status !== BATCH_STATUS.draft) throw badRequest('只有草稿状态的工资条可以发送，该批次已提交过');
  await assertServiceActive(c, 'payslip');
  requireLinksFor(s, input.channels);
  const unmatched = await q.countUnmatched(c.tx, c.companyId, batch.id);
  if (unmatched > 0) throw badRequest(`还有 ${unmatched} 条工资条未匹配到人员，请先指定人员或删除后再发送`);
  if ((await q.countCurrentRows(c.tx, c.companyId, batch.id)) === 0) throw badRequest('该批次没有可发送的工资条');
  let sendAt: Date | null = null;
  if (input.sendAt) {
    sendAt = new Date(input.sendAt);
    if (sendAt.getTime() <= Date.now()) throw badRequest('定时发送时间应晚于当前时间');
  }
  const status = sendAt ? BATCH_STATUS.scheduled : BATCH_STATUS.sending;
  const channels = [...new Set(input.channels)];
  if (channels.includes('sms')) {
    const needed = await countSmsRecipients(c.tx, c.companyId, batch.id);
    const left = await smsQuotaLeft(s, c);
    if (needed > left) throw badRequest(`发送渠道：短信余量不足，本批需发送 ${needed} 条，本月剩余 ${left} 条；请改用应用内或邮件渠道`);
  }
  const updated = await q.updateBatch(
    c.tx,
    c.companyId,
    batch.id,
    { status, channels, sendAt, verifyMethod: input.verifyMethod, requireSignature: input.requireSignature, requirePassword: input.requirePassword, autoConfirmDays: input.autoConfirmDays },
    [BATCH_STATUS.draft],
  );
  if (!updated) throw badRequest('只有草稿状态的工资条可以发送，该批次已提交过');
  const job = await enqueueJob(c.tx, {
    companyId: c.companyId,
    type: SEND_JOB,
    payload: { batchId: batch.id } satisfies SendJobPayload,
    idempotencyKey: `payslip-send-${batch.id}`,
    createdBy: c.user.userId,
    ...(sendAt ? { runAt: sendAt } : {}),
  });
  const withJob = (await q.updateBatch(c.tx, c.companyId, batch.id, { jobId: job.id }))!;
  await c.audit({ action: 'payslip.submit', entity: 'payslip_batch', entityId: batch.id, before: { status: batch.status }, after: { status, channels, sendAt: sendAt?.toISOString() ?? null } });
  return batchView(c.tx, c.companyId, withJob);
}

export async function abortBatch(c: ServiceCtx, batchId: number): Promise<{ batchId: number; status: number }> {
  const batch = await liveBatch(c, batchId);
  const updated = await q.updateBatch(c.tx, c.companyId, batch.id, { status: BATCH_STATUS.aborted }, [BATCH_STATUS.scheduled]);
  if (!updated) throw badRequest('只有定时发送、尚未开始发送的工资条可以终止');
  if (batch.jobId) await cancelJob(c.tx, c.companyId, batch.jobId);
  await c.audit({ action: 'payslip.abort', entity: 'payslip_batch', entityId: batch.id, before: { status: batch.status }, after: { status: BATCH_STATUS.aborted } });
  return { batchId: batch.id, status: BATCH_STATUS.aborted };
}

function requireSentBatch(batch: q.BatchRow) {
  if (batch.status !== BATCH_STATUS.sent && batch.status !== BATCH_STATUS.sending) throw badRequest('该批次尚未发送，不能执行此操作');
}

async function pickIds(c: ServiceCtx, input: PayslipAction, statuses: number[]): Promise<{ ids: number[]; skipped: number }> {
  const ids = await q.listPayslipIds(c.tx, c.companyId, input.batchId, statuses, input.payslipIds);
  const asked = input.payslipIds ? new Set(input.payslipIds).size : ids.length;
  return { ids, skipped: Math.max(0, asked - ids.length) };
}

/** Sends again to the chosen payslips that failed or are not yet viewed. */
export async function resendPayslips(s: AppServices, c: ServiceCtx, input: PayslipAction): Promise<PayslipActionResult> {
  const batch = await liveBatch(c, input.batchId);
  requireSentBatch(batch);
  requireLinksFor(s, batch.channels);
  const { ids, skipped } = await pickIds(c, input, [PAYSLIP_STATUS.sent, PAYSLIP_STATUS.failed]);
  const actor = { userId: c.user.userId, ip: c.ip, userAgent: c.userAgent };
  const r = await deliverPayslips(s, c.tx, c.companyId, batch, ids, 'resend', actor);
  await c.audit({ action: 'payslip.resend', entity: 'payslip_batch', entityId: batch.id, after: { delivered: r.delivered, failed: r.failed } });
  return { affected: r.delivered + r.failed, skipped: skipped + r.skipped };
}

/** Reminds the employees who have not confirmed (已发送 / 已查看). */
export async function urgePayslips(s: AppServices, c: ServiceCtx, input: PayslipAction): Promise<PayslipActionResult> {
  const batch = await liveBatch(c, input.batchId);
  requireSentBatch(batch);
  requireLinksFor(s, batch.channels);
  const { ids, skipped } = await pickIds(c, input, [PAYSLIP_STATUS.sent, PAYSLIP_STATUS.viewed]);
  const r = await deliverPayslips(s, c.tx, c.companyId, batch, ids, 'urge', { userId: c.user.userId, ip: c.ip, userAgent: c.userAgent });
  await c.audit({ action: 'payslip.urge', entity: 'payslip_batch', entityId: batch.id, after: { reminded: r.delivered } });
  return { affected: r.delivered, skipped: skipped + r.skipped };
}

const WITHDRAWABLE = [PAYSLIP_STATUS.sent, PAYSLIP_STATUS.viewed, PAYSLIP_STATUS.confirmed, PAYSLIP_STATUS.feedback, PAYSLIP_STATUS.failed];

/** Withdraws payslips already sent: the phone page then says it was withdrawn and shows no figures. */
export async function withdrawPayslips(c: ServiceCtx, input: PayslipAction): Promise<PayslipActionResult> {
  const batch = await liveBatch(c, input.batchId);
  requireSentBatch(batch);
  const { ids, skipped } = await pickIds(c, input, WITHDRAWABLE);
  const events: NewEvent[] = [];
  let affected = 0;
  const now = new Date();
  for (const id of ids) {
    const row = await q.updatePayslip(c.tx, c.companyId, id, { status: PAYSLIP_STATUS.withdrawn, withdrawnAt: now }, WITHDRAWABLE);
    if (!row) continue;
    affected++;
    events.push({ payslipId: id, kind: 'withdraw', actorUserId: c.user.userId, ip: c.ip, userAgent: c.userAgent });
  }
  await appendEvents(c.tx, c.companyId, batch.id, events);
  await c.audit({ action: 'payslip.withdraw', entity: 'payslip_batch', entityId: batch.id, after: { withdrawn: affected, payslipIds: ids.slice(0, 100) } });
  return { affected, skipped: skipped + ids.length - affected };
}

/** The daily auto-confirmation: sent or viewed payslips past their batch's auto-confirm days. */
export async function autoConfirmPayslips(tx: Tx, companyId: number, now = new Date()): Promise<number> {
  const due = await listAutoConfirmDue(tx, companyId, now);
  const byBatch = new Map<number, NewEvent[]>();
  for (const d of due) {
    const row = await q.updatePayslip(tx, companyId, d.id, { status: PAYSLIP_STATUS.confirmed, confirmedAt: now, autoConfirmed: true }, [PAYSLIP_STATUS.sent, PAYSLIP_STATUS.viewed]);
    if (!row) continue;
    const list = byBatch.get(d.batchId) ?? [];
    list.push({ payslipId: d.id, kind: 'autoConfirm', detail: { at: now.toISOString() } });
    byBatch.set(d.batchId, list);
  }
  let n = 0;
  for (const [batchId, events] of byBatch) {
    await appendEvents(tx, companyId, batchId, events);
    await writeAudit(tx, { companyId, actorUserId: null }, { action: 'payslip.autoConfirm', entity: 'payslip_batch', entityId: batchId, after: { confirmed: events.length, payslipIds: events.slice(0, 100).map((e) => e.payslipId) } });
    n += events.length;
  }
  return n;
}
