import { Decimal } from 'decimal.js';
import {
  BILL_PAYMENT_STATUS, BILL_STATUS, BILL_TYPE_FILTERS, findBillTransition, memberActions, PLATFORM_BILL_TYPE,
  type BillAction, type BillActor, type BillBadge, type BillStatusCount, type PlatformBillDetail, type PlatformBillPageInput, type PlatformBillRow,
} from '@wfsaas/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { chinaMonth, chinaToday } from '../../platform/china-date.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { claimUpload, publicIdsOf } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';
import type { AppServices } from '../../platform/services.ts';
import type { Tx } from '../../platform/db.ts';
import { paymentGateway } from './platform-bills.gateway.ts';
import * as q from './platform-bills.queries.ts';
import { billPaidHandler, statementSources } from './statement-sources.ts';

/**
 * Bills the platform issues to the company (docs/trade.md): one-off bills raised by the module that
 * knows the amounts (a price order, a payout), and the monthly statement asked of the registered
 * statement sources. Every status change follows BILL_TRANSITIONS and writes an event and an audit row.
 * Numbered PT + YYYYMM + a four-digit sequence.
 */

export const BILL_UPDATE_JOB = 'trade.billStatementUpdate';
/** Days a company has to pay a bill that had no due date, counted from its confirmation. */
export const BILL_PAY_DAYS = 10;

const actorOf = (c: ServiceCtx): BillActor => c.actorKind ?? 'member';

export type NewPlatformBillLine = { item: string; quantity: string; unit: string; unitPrice: string; amount: string; note?: string | null };
export type NewPlatformBill = {
  billType: 1 | 5;
  kind: 'subscription' | 'usage' | 'payout';
  sourceId: number | null;
  title: string;
  month: string | null;
  /** The first status: 1 审核中, 2 待确认 or 3 待付款. */
  status: 1 | 2 | 3;
  dueDate: string | null;
  lines: NewPlatformBillLine[];
};

const sumLines = (lines: readonly NewPlatformBillLine[]): string => lines.reduce((s, l) => s.plus(l.amount), new Decimal(0)).toFixed(2);

async function nextBillNo(c: ServiceCtx): Promise<string> {
  const stem = `PT${chinaMonth().replace('-', '')}`;
  return `${stem}${String((await q.lastPlatformBillSeq(c.tx, c.companyId, stem)) + 1).padStart(4, '0')}`;
}

const toLineRows = (lines: readonly NewPlatformBillLine[]): q.NewLine[] =>
  lines.map((l) => ({ item: l.item, quantity: l.quantity, unit: l.unit, unitPrice: l.unitPrice, amount: l.amount, note: l.note ?? null }));

async function record(c: ServiceCtx, bill: q.PlatformBillRecord, action: BillAction, from: number | null, reason: string | null, extra: Record<string, unknown> = {}): Promise<void> {
  const actor = actorOf(c);
  await q.insertPlatformBillEvent(c.tx, { companyId: c.companyId, billId: bill.id, action, fromStatus: from, toStatus: bill.status, actorKind: actor, actorUserId: actor === 'job' ? null : c.user.userId, reason });
  await c.audit({ action: `platformBill.${action}`, entity: 'platform_bill', entityId: bill.id, before: from === null ? null : { status: from }, after: { status: bill.status, billNo: bill.billNo, ...(reason ? { reason } : {}), ...extra } });
}

/** A one-off bill (or a statement) raised by the module that knows its amounts. */
export async function raisePlatformBill(c: ServiceCtx, b: NewPlatformBill): Promise<q.PlatformBillRecord> {
  if (b.lines.length === 0) throw badRequest('账单明细不能为空');
  const amount = sumLines(b.lines);
  const bill = await q.insertPlatformBill(
    c.tx,
    { companyId: c.companyId, billNo: await nextBillNo(c), billType: b.billType, kind: b.kind, sourceId: b.sourceId, title: b.title, month: b.month, status: b.status, amount, dueDate: b.dueDate },
    toLineRows(b.lines),
  );
  await record(c, bill, 'generate', null, null, { amount });
  return bill;
}

export type PlatformBillWithLines = q.PlatformBillRecord & { lines: q.PlatformBillLineRecord[] };

/** A platform bill of the caller's company with its lines, or null. */
export async function readPlatformBill(c: ServiceCtx, id: number): Promise<PlatformBillWithLines | null> {
  const bill = await q.findPlatformBill(c.tx, c.companyId, id);
  return bill ? { ...bill, lines: await q.listPlatformBillLines(c.tx, c.companyId, id) } : null;
}

async function mustFind(c: ServiceCtx, id: number): Promise<q.PlatformBillRecord> {
  const bill = await q.findPlatformBill(c.tx, c.companyId, id);
  if (!bill) throw notFound('账单');
  return bill;
}

type MoveOpts = { set?: Omit<q.StatusSet, 'status'>; reason?: string | null; failed?: boolean; extra?: Record<string, unknown> };

/**
 * The one way a bill's status changes: the table must hold (status, action, actor); the update is
 * guarded by the status read, so of two concurrent moves one wins and the other is refused.
 */
async function transition(c: ServiceCtx, id: number, action: BillAction, o: MoveOpts = {}): Promise<q.PlatformBillRecord> {
  const before = await mustFind(c, id);
  const found = findBillTransition(before.status, action, actorOf(c));
  if (!found.ok) throw conflict(found.message);
  const to = o.failed ? found.t.failTo : found.t.to;
  if (to === undefined) throw new Error(`transition ${action} has no failure state`);
  const after = await q.updatePlatformBillStatus(c.tx, c.companyId, id, before.status, { ...o.set, status: to });
  if (!after) {
    const now = await mustFind(c, id);
    throw conflict(findBillTransition(now.status, action, actorOf(c)).ok ? '账单刚被其他人处理，请刷新后重试' : (findBillTransition(now.status, action, actorOf(c)) as { message: string }).message);
  }
  await record(c, after, action, before.status, o.reason ?? null, o.extra);
  return after;
}

/** Whether a move is allowed now (answers the refusal otherwise), without changing anything. */
function mustAllow(bill: q.PlatformBillRecord, action: BillAction, actor: BillActor): void {
  const found = findBillTransition(bill.status, action, actor);
  if (!found.ok) throw conflict(found.message);
}

// ---- statements -------------------------------------------------------------------------------


export type SourceAnswer = { lines: NewPlatformBillLine[]; failure: null } | { lines: []; failure: string };

/**
 * Asks every statement source for its lines of the month, in a transaction of its own (read only:
 * a failing source leaves nothing behind and the bill's own writes come after, in another).
 */
export async function askSources(services: AppServices, companyId: number, month: string): Promise<SourceAnswer> {
  const all: NewPlatformBillLine[] = [];
  for (const source of statementSources()) {
    try {
      all.push(...(await services.database.inTenant(companyId, (tx) => source.lines(jobServiceCtx(services, tx, companyId), month))));
    } catch (err) {
      services.log.warn({ err, source: source.kind, companyId }, 'statement source failed');
      return { lines: [], failure: `${source.title}数据读取失败${err instanceof AppError ? `：${err.message}` : '，请稍后重试'}` };
    }
  }
  return { lines: all, failure: null };
}

const statementTitle = (month: string) => `${month.replace('-', '年')}月 月度结算账单`;

/**
 * Writes the month's statement from the sources' answer: none when they yield no line; 审核中 when
 * they do; 生成失败 with the reason when one failed. A month with a statement already is left alone (null).
 */
export async function writeStatement(c: ServiceCtx, month: string, answer: SourceAnswer): Promise<q.PlatformBillRecord | null> {
  if (await q.findStatement(c.tx, c.companyId, month)) return null;
  if (!answer.failure && answer.lines.length === 0) return null;
  const t = findBillTransition(null, 'generate', actorOf(c));
  if (!t.ok) throw conflict(t.message);
  const status = answer.failure ? t.t.failTo! : t.t.to;
  const bill = await q.insertPlatformBill(
    c.tx,
    { companyId: c.companyId, billNo: await nextBillNo(c), billType: PLATFORM_BILL_TYPE.monthly, kind: 'usage', sourceId: null, title: statementTitle(month), month, status, amount: sumLines(answer.lines), dueDate: null, reason: answer.failure },
    toLineRows(answer.lines),
  );
  await record(c, bill, 'generate', null, answer.failure);
  return bill;
}

async function enqueueUpdate(c: ServiceCtx, bill: q.PlatformBillRecord, finish: 'finishUpdate' | 'finishGenerate' = 'finishUpdate'): Promise<void> {
  await enqueueJob(c.tx, { companyId: c.companyId, type: BILL_UPDATE_JOB, payload: { billId: bill.id, finish }, idempotencyKey: `bill-update-${bill.id}-${bill.retryCount}-${Date.now()}`, createdBy: actorOf(c) === 'job' ? null : c.user.userId, maxAttempts: 3 });
}

/**
 * The update job of one bill: 已解锁 → 解锁更新中, then the statement asked again: → 待确认 (or
 * 审核中 for a generation retried) with the new lines, or the failure state with the reason.
 * Each step commits on its own.
 */
export async function runStatementUpdate(services: AppServices, companyId: number, billId: number, finish: 'finishUpdate' | 'finishGenerate' = 'finishUpdate'): Promise<number | null> {
  const inJob = <T>(fn: (c: ServiceCtx) => Promise<T>) => services.database.inTenant(companyId, (tx) => fn(jobServiceCtx(services, tx, companyId)));
  const start = await inJob(async (c) => {
    const bill = await q.findPlatformBill(c.tx, companyId, billId);
    if (bill?.status === BILL_STATUS.unlocked) return transition(c, billId, 'startUpdate');
    return bill;
  });
  if (!start || (start.status !== BILL_STATUS.unlockUpdating && start.status !== BILL_STATUS.updating)) return start?.status ?? null;
  const asked = await askSources(services, companyId, start.month ?? '');
  const answer: SourceAnswer = !asked.failure && asked.lines.length === 0 ? { lines: [], failure: '该月没有需要结算的项目' } : asked;
  const done = await inJob(async (c) => {
    if (answer.failure) return transition(c, billId, finish, { failed: true, set: { reason: answer.failure }, reason: answer.failure });
    await q.replacePlatformBillLines(c.tx, companyId, billId, toLineRows(answer.lines));
    return transition(c, billId, finish, { set: { reason: null, amount: sumLines(answer.lines) } });
  });
  return done.status;
}

/** A job's context on one company: events name the job, audit rows are written as `job:<action>`. */
export function jobServiceCtx(services: AppServices, tx: Tx, companyId: number): ServiceCtx {
  return {
    services, tx, companyId, user: { userId: 0, nickname: '系统任务', sessionId: 0 }, isAdmin: false, ip: '', userAgent: 'job', actorKind: 'job',
    audit: (entry) => writeAudit(tx, { companyId, actorUserId: null, userAgent: 'job' }, { ...entry, action: `job:${entry.action}` }),
  };
}

/** The daily run of one company: 待付款 past the due date → 已逾期; the previous month's statement when it has none. */
export async function runDailyBills(services: AppServices, companyId: number, day: string): Promise<{ overdue: number; statement: string | null }> {
  const overdue = await services.database.inTenant(companyId, async (tx) => {
    const c = jobServiceCtx(services, tx, companyId);
    const ids = await q.listOverdueCandidates(tx, companyId, day);
    for (const id of ids) await transition(c, id, 'markOverdue');
    return ids.length;
  });
  const month = previousMonth(day);
  const exists = await services.database.inTenant(companyId, async (tx) => (await q.findStatement(tx, companyId, month)) !== null);
  if (exists) return { overdue, statement: null };
  const answer = await askSources(services, companyId, month);
  const bill = await services.database.inTenant(companyId, (tx) => writeStatement(jobServiceCtx(services, tx, companyId), month, answer));
  return { overdue, statement: bill?.billNo ?? null };
}

export function previousMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

// ---- the company's actions ---------------------------------------------------------------------

/** 待确认 → 待付款: the company agrees with the bill; a bill without a due date gets one. */
export async function confirmPlatformBill(c: ServiceCtx, id: number): Promise<q.PlatformBillRecord> {
  const bill = await mustFind(c, id);
  return transition(c, id, 'confirm', { set: { confirmedAt: new Date(), confirmedBy: c.user.userId, dueDate: bill.dueDate ?? addDays(chinaToday(), BILL_PAY_DAYS) } });
}

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** 待确认 → 已解锁: the company says the statement is wrong; the update job asks the sources again. */
export async function unlockPlatformBill(c: ServiceCtx, id: number, reason: string): Promise<q.PlatformBillRecord> {
  const bill = await transition(c, id, 'unlock', { set: { reason }, reason });
  await enqueueUpdate(c, bill);
  return bill;
}

/** 重试: 生成失败 / 更新失败 / 解锁更新失败 go back to updating and the update job asks the sources again. */
export async function retryPlatformBill(c: ServiceCtx, id: number): Promise<q.PlatformBillRecord> {
  const bill = await mustFind(c, id);
  if (bill.status === BILL_STATUS.generationError) {
    const moved = await transition(c, id, 'retryGenerate', { set: { retried: true } });
    await enqueueUpdate(c, moved, 'finishGenerate');
    return moved;
  }
  const after = await transition(c, id, 'retryUpdate', { set: { retried: true } });
  await enqueueUpdate(c, after);
  return after;
}

/** A bank transfer: its reference and proof image; the bill waits for the platform to confirm the money arrived. */
export async function submitTransfer(c: ServiceCtx, input: { billId: number; reference: string; proofFileId: string }): Promise<q.PlatformBillPaymentRecord> {
  const bill = await transition(c, input.billId, 'submitTransfer', { reason: input.reference });
  const payment = await q.insertPayment(c.tx, { companyId: c.companyId, billId: bill.id, method: 'transfer', amount: bill.amount, reference: input.reference, status: BILL_PAYMENT_STATUS.pending, submittedBy: c.user.userId });
  if (!payment) throw conflict('该账单已有待平台确认的转账，请等待平台处理');
  const file = await claimUpload(c.tx, c.companyId, input.proofFileId, c.user.userId, { kind: 'platform_bill_proof', ownerId: payment.id });
  if (!file) throw badRequest('付款凭证无效或已被使用，请重新上传');
  if (!file.isImage) throw badRequest('付款凭证须为图片（jpg、png）');
  await q.setPaymentProof(c.tx, c.companyId, payment.id, file.id);
  return { ...payment, proofFileId: file.id };
}

/** 在线支付 through the payment gateway adapter; nothing changes unless the gateway charged the amount. */
export async function payOnline(c: ServiceCtx, id: number): Promise<q.PlatformBillRecord> {
  const bill = await mustFind(c, id);
  mustAllow(bill, 'payOnline', actorOf(c));
  const { reference } = await paymentGateway().pay({ companyId: c.companyId, billNo: bill.billNo, amount: bill.amount });
  return paid(c, bill.id, 'payOnline', 'online', reference);
}

async function paid(c: ServiceCtx, id: number, action: BillAction, method: string, reference: string): Promise<q.PlatformBillRecord> {
  const bill = await transition(c, id, action, { set: { paidAt: new Date() }, reason: reference });
  if (method !== 'transfer') {
    await q.insertPayment(c.tx, { companyId: c.companyId, billId: id, method, amount: bill.amount, reference, status: BILL_PAYMENT_STATUS.confirmed, submittedBy: actorOf(c) === 'job' ? null : c.user.userId, decidedAt: new Date() });
  }
  await billPaidHandler(bill.kind)?.(c, bill);
  return bill;
}

/**
 * 待付款 / 已逾期 → 已付款, then the kind's paid handler (a subscription starts, a payout is released).
 * custody and online are paid at once; transfer confirms the transfer awaiting the platform.
 */
export async function markPlatformBillPaid(c: ServiceCtx, id: number, how: { method: 'transfer' | 'custody' | 'online'; reference: string }): Promise<q.PlatformBillRecord> {
  if (how.method === 'transfer') {
    const pending = await q.findPendingPayment(c.tx, c.companyId, id);
    if (pending) return confirmTransfer(c, pending.id);
    // the operator records a transfer seen on the bank statement that nobody submitted (the table allows operators only)
    const bill = await paid(c, id, 'confirmTransfer', 'transfer', how.reference);
    await q.insertPayment(c.tx, { companyId: c.companyId, billId: id, method: 'transfer', amount: bill.amount, reference: how.reference, status: BILL_PAYMENT_STATUS.confirmed, submittedBy: null, decidedBy: c.user.userId, decidedAt: new Date() });
    return bill;
  }
  return paid(c, id, how.method === 'custody' ? 'payCustody' : 'payOnline', how.method, how.reference);
}

/** 已暂停 for a bill whose price order or payout was cancelled (待确认 / 待付款 / 已逾期). */
export const suspendPlatformBill = (c: ServiceCtx, id: number, reason: string): Promise<q.PlatformBillRecord> => transition(c, id, 'withdraw', { set: { reason }, reason });

// ---- the platform operator's actions (run through inCompany) ----------------------------------

async function mustFindPayment(c: ServiceCtx, paymentId: number): Promise<q.PlatformBillPaymentRecord> {
  const p = await q.findPayment(c.tx, c.companyId, paymentId);
  if (!p) throw notFound('付款记录');
  return p;
}

/** The money of a transfer arrived: the payment is confirmed and the bill 已付款 (its paid handler runs once). */
export async function confirmTransfer(c: ServiceCtx, paymentId: number): Promise<q.PlatformBillRecord> {
  const p = await mustFindPayment(c, paymentId);
  if (!(await q.decidePayment(c.tx, c.companyId, p.id, { status: BILL_PAYMENT_STATUS.confirmed, decidedBy: c.user.userId }))) throw conflict('该付款记录已处理，请刷新后查看');
  return paid(c, p.billId, 'confirmTransfer', 'transfer', p.reference);
}

/** The transfer was not found or does not match: the payment is rejected with the reason; the bill stays to be paid. */
export async function rejectTransfer(c: ServiceCtx, paymentId: number, reason: string): Promise<q.PlatformBillRecord> {
  const p = await mustFindPayment(c, paymentId);
  if (!(await q.decidePayment(c.tx, c.companyId, p.id, { status: BILL_PAYMENT_STATUS.rejected, decidedBy: c.user.userId, rejectReason: reason }))) throw conflict('该付款记录已处理，请刷新后查看');
  return transition(c, p.billId, 'rejectTransfer', { reason });
}

export const releasePlatformBill = (c: ServiceCtx, id: number) => transition(c, id, 'release');
export const pausePlatformBill = (c: ServiceCtx, id: number, reason: string) => transition(c, id, 'suspend', { set: { reason }, reason });
export const resumePlatformBill = (c: ServiceCtx, id: number) => transition(c, id, 'resume', { set: { reason: null } });

/** 待确认 → 更新中: the platform asks the sources again (the update job). */
export async function regeneratePlatformBill(c: ServiceCtx, id: number): Promise<q.PlatformBillRecord> {
  const bill = await mustFind(c, id);
  if (bill.billType !== PLATFORM_BILL_TYPE.monthly) throw conflict('只有月度结算账单可以重新生成');
  const after = await transition(c, id, 'regenerate');
  await enqueueUpdate(c, after);
  return after;
}

// ---- reading -----------------------------------------------------------------------------------

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toBillRow(b: q.BillListRow): PlatformBillRow {
  return { id: b.id, billNo: b.billNo, billType: b.billType, kind: b.kind, title: b.title, month: b.month, status: b.status, amount: b.amount, dueDate: b.dueDate, reason: b.reason, createdAt: b.createdAt.toISOString(), transferPending: b.transferPending };
}

function listFilter(input: Pick<PlatformBillPageInput, 'billType' | 'month' | 'billNo'>): q.BillListFilter {
  const f: q.BillListFilter = { ...(input.month ? { month: input.month } : {}), ...(input.billNo ? { billNo: input.billNo } : {}) };
  switch (input.billType ?? -1) {
    case 1: return { ...f, billType: PLATFORM_BILL_TYPE.monthly };
    case 2: return { ...f, billType: PLATFORM_BILL_TYPE.oneOff, kinds: ['subscription'] };
    case 3: return { ...f, billType: PLATFORM_BILL_TYPE.oneOff, kinds: ['payout'] };
    case 4: return { ...f, billType: PLATFORM_BILL_TYPE.oneOff, notKinds: ['subscription', 'payout'] };
    default: return f;
  }
}
export const TYPE_FILTER_VALUES = BILL_TYPE_FILTERS.map((f) => f.value);

export async function pageBills(c: ServiceCtx, input: { pageNum: number; pageSize: number; status: number; billType: number; month?: string; billNo?: string }): Promise<Paged<PlatformBillRow>> {
  const f = { ...listFilter(input), ...(input.status !== -1 ? { status: input.status } : {}) };
  const { rows, total } = await q.pagePlatformBills(c.tx, c.companyId, f, input.pageSize, (input.pageNum - 1) * input.pageSize);
  return new Paged(rows.map(toBillRow), input.pageNum, input.pageSize, total);
}

export async function billStatusCounts(c: ServiceCtx, input: { billType: number; month?: string; billNo?: string }): Promise<BillStatusCount[]> {
  return q.countPlatformBillsByStatus(c.tx, c.companyId, listFilter(input));
}

export async function billBadge(c: ServiceCtx): Promise<BillBadge> {
  return { billCount: await q.countBillsAwaitingCompany(c.tx, c.companyId) };
}

/** A bill with its lines, status history and payments; `actions` are what a member may do now. */
export async function billDetail(c: ServiceCtx, id: number): Promise<PlatformBillDetail> {
  const bill = await mustFind(c, id);
  const [lines, events, payments] = await Promise.all([q.listPlatformBillLines(c.tx, c.companyId, id), q.listPlatformBillEvents(c.tx, c.companyId, id), q.listPayments(c.tx, c.companyId, id)]);
  const files = await publicIdsOf(c.tx, c.companyId, payments.map((p) => p.proofFileId));
  const transferPending = payments.some((p) => p.status === BILL_PAYMENT_STATUS.pending);
  return {
    ...toBillRow({ ...bill, transferPending }),
    lines: lines.map((l) => ({ lineNo: l.lineNo, item: l.item, quantity: l.quantity, unit: l.unit, unitPrice: l.unitPrice, amount: l.amount, note: l.note })),
    events: events.map((e) => ({ id: e.id, action: e.action, fromStatus: e.fromStatus, toStatus: e.toStatus, actorKind: e.actorKind, reason: e.reason, at: e.at.toISOString() })),
    payments: payments.map((p) => ({ id: p.id, method: p.method, amount: p.amount, reference: p.reference, proofFileId: p.proofFileId ? (files.get(p.proofFileId) ?? null) : null, status: p.status, rejectReason: p.rejectReason, submittedAt: p.submittedAt.toISOString(), decidedAt: iso(p.decidedAt) })),
    actions: memberActions(bill.status).filter((a) => a !== 'payCustody' && !(transferPending && (a === 'submitTransfer' || a === 'payOnline'))),
  };
}
