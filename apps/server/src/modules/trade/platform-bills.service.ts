import { Decimal } from 'decimal.js';
import { BILL_STATUS, BILL_STATUSES } from '@wfsaas/contracts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { chinaMonth } from '../../platform/china-date.ts';
import * as q from './platform-bills.queries.ts';
import { billPaidHandler } from './statement-sources.ts';

/**
 * Bills the platform issues to the company: subscriptions (a price order), a month's usage statement,
 * a wage payout through the custody account. Raised by the module that knows the amounts; the bill's
 * amount is the sum of its lines. Numbered PT + YYYYMM + a four-digit sequence.
 */

const actorKind = (c: ServiceCtx): string => c.actorKind ?? 'member';

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

export async function raisePlatformBill(c: ServiceCtx, b: NewPlatformBill): Promise<q.PlatformBillRecord> {
  if (b.lines.length === 0) throw badRequest('账单明细不能为空');
  const amount = b.lines.reduce((s, l) => s.plus(l.amount), new Decimal(0)).toFixed(2);
  const stem = `PT${chinaMonth().replace('-', '')}`;
  const seq = (await q.lastPlatformBillSeq(c.tx, c.companyId, stem)) + 1;
  const bill = await q.insertPlatformBill(
    c.tx,
    { companyId: c.companyId, billNo: `${stem}${String(seq).padStart(4, '0')}`, billType: b.billType, kind: b.kind, sourceId: b.sourceId, title: b.title, month: b.month, status: b.status, amount, dueDate: b.dueDate },
    b.lines.map((l) => ({ item: l.item, quantity: l.quantity, unit: l.unit, unitPrice: l.unitPrice, amount: l.amount, note: l.note ?? null })),
  );
  await q.insertPlatformBillEvent(c.tx, { companyId: c.companyId, billId: bill.id, action: 'generate', fromStatus: null, toStatus: b.status, actorKind: actorKind(c), actorUserId: c.user.userId });
  await c.audit({ action: 'platformBill.generate', entity: 'platform_bill', entityId: bill.id, after: { billNo: bill.billNo, amount, status: b.status } });
  return bill;
}

export type PlatformBillWithLines = q.PlatformBillRecord & { lines: q.PlatformBillLineRecord[] };

/** A platform bill of the caller's company with its lines, or null. */
export async function readPlatformBill(c: ServiceCtx, id: number): Promise<PlatformBillWithLines | null> {
  const bill = await q.findPlatformBill(c.tx, c.companyId, id);
  return bill ? { ...bill, lines: await q.listPlatformBillLines(c.tx, c.companyId, id) } : null;
}

const statusLabel = (status: number) => BILL_STATUSES.find((x) => x.value === status)?.label ?? String(status);

async function move(c: ServiceCtx, id: number, action: string, from: readonly number[], set: Parameters<typeof q.updatePlatformBillStatus>[4], reason: string | null = null): Promise<q.PlatformBillRecord> {
  const before = await q.findPlatformBill(c.tx, c.companyId, id);
  if (!before) throw notFound('账单不存在');
  const after = from.includes(before.status) ? await q.updatePlatformBillStatus(c.tx, c.companyId, id, from, set) : null;
  if (!after) throw conflict(`账单${before.billNo}当前为「${statusLabel(before.status)}」，不能执行此操作`);
  await q.insertPlatformBillEvent(c.tx, { companyId: c.companyId, billId: id, action, fromStatus: before.status, toStatus: after.status, actorKind: actorKind(c), actorUserId: c.user.userId, reason });
  await c.audit({ action: `platformBill.${action}`, entity: 'platform_bill', entityId: id, before: { status: before.status }, after: { status: after.status } });
  return after;
}

/** 待确认 → 待付款: the company agrees with the bill. */
export const confirmPlatformBill = (c: ServiceCtx, id: number): Promise<q.PlatformBillRecord> =>
  move(c, id, 'confirm', [BILL_STATUS.toConfirm], { status: BILL_STATUS.toPay, confirmedAt: new Date(), confirmedBy: c.user.userId });

/** 待付款 / 已逾期 → 已付款, then the kind's paid handler (a subscription starts, a payout is released). */
export async function markPlatformBillPaid(c: ServiceCtx, id: number, how: { method: 'transfer' | 'custody' | 'online'; reference: string }): Promise<q.PlatformBillRecord> {
  const bill = await move(c, id, `pay:${how.method}`, [BILL_STATUS.toPay, BILL_STATUS.overdue], { status: BILL_STATUS.paid, paidAt: new Date() }, how.reference);
  await billPaidHandler(bill.kind)?.(c, bill);
  return bill;
}

/** 待确认 / 待付款 / 已逾期 → 已暂停: what the bill was raised for was cancelled (a price order, a payout). */
export const suspendPlatformBill = (c: ServiceCtx, id: number, reason: string): Promise<q.PlatformBillRecord> =>
  move(c, id, 'suspend', [BILL_STATUS.toConfirm, BILL_STATUS.toPay, BILL_STATUS.overdue], { status: BILL_STATUS.suspended, reason }, reason);
