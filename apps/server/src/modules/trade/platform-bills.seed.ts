import { Decimal } from 'decimal.js';
import { BILL_PAYMENT_STATUS, BILL_STATUS as S, PLATFORM_BILL_TYPE } from '@wfsaas/contracts';
import { chinaMonth, chinaToday } from '../../platform/china-date.ts';
import type { Tx } from '../../platform/db.ts';
import type { AppServices } from '../../platform/services.ts';
import * as q from './platform-bills.queries.ts';
import { previousMonth } from './platform-bills.service.ts';

/**
 * Demo platform bills of the first company: last month's statement paid by transfer, this month's
 * waiting for confirmation, an older one-off paid, one to pay next week and one overdue.
 */

type Line = [item: string, quantity: string, unit: string, unitPrice: string];
type Step = { action: string; from: number | null; to: number; actor: 'job' | 'member' | 'operator'; reason?: string };

const day = (base: string, n: number) => {
  const d = new Date(`${base}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function addBill(
  tx: Tx,
  companyId: number,
  b: { billType: number; title: string; month: string | null; status: number; due: string | null; created: string; lines: Line[]; steps: Step[]; paidRef?: string },
): Promise<void> {
  const lines = b.lines.map(([item, quantity, unit, unitPrice]) => ({ item, quantity, unit, unitPrice, amount: new Decimal(quantity).times(unitPrice).toFixed(2) }));
  const amount = lines.reduce((s, l) => s.plus(l.amount), new Decimal(0)).toFixed(2);
  const at = new Date(`${b.created}T10:00:00+08:00`);
  const paid = b.status === S.paid ? new Date(at.getTime() + 3 * 86_400_000) : null;
  // numbered after the bills other demo data raised in that month (subscriptions, payouts)
  const stem = `PT${b.created.slice(0, 7).replace('-', '')}`;
  const no = (await q.lastPlatformBillSeq(tx, companyId, stem)) + 1;
  const bill = await q.insertPlatformBill(
    tx,
    { companyId, billNo: `${stem}${String(no).padStart(4, '0')}`, billType: b.billType, kind: 'usage', sourceId: null, title: b.title, month: b.month, status: b.status, amount, dueDate: b.due, createdAt: at, paidAt: paid, confirmedAt: b.steps.some((s) => s.action === 'confirm') ? at : null },
    lines,
  );
  for (const [i, s] of b.steps.entries()) {
    await q.insertPlatformBillEvent(tx, { companyId, billId: bill.id, action: s.action, fromStatus: s.from, toStatus: s.to, actorKind: s.actor, actorUserId: null, reason: s.reason ?? null, at: new Date(at.getTime() + i * 3_600_000) });
  }
  if (b.paidRef && paid) {
    await q.insertPayment(tx, { companyId, billId: bill.id, method: 'transfer', amount, reference: b.paidRef, status: BILL_PAYMENT_STATUS.confirmed, submittedAt: at, decidedAt: paid });
  }
}

export async function seedPlatformBills(s: AppServices, now = new Date()): Promise<void> {
  const [companyId] = await q.listCompanyIds(s.database.db);
  if (!companyId) return;
  await s.database.inTenant(companyId, async (tx) => {
    const today = chinaToday(now);
    const lastMonth = previousMonth(today);
    const twoBack = previousMonth(`${lastMonth}-01`);
    if (await q.findStatement(tx, companyId, lastMonth)) return;
    const thisFirst = `${chinaMonth(now)}-01`;
    const lastFirst = `${lastMonth}-01`;
    const usage: Line[] = [['电子合同签署', '46', '份', '3.00'], ['短信通知', '1280', '条', '0.05'], ['电子工资条发送', '132', '人次', '0.50']];
    const gen: Step = { action: 'generate', from: null, to: S.review, actor: 'job' };
    const release: Step = { action: 'release', from: S.review, to: S.toConfirm, actor: 'operator' };
    await addBill(tx, companyId, {
      billType: PLATFORM_BILL_TYPE.monthly, title: `${twoBack.replace('-', '年')}月 月度结算账单`, month: twoBack, status: S.paid, due: day(lastFirst, 15), created: lastFirst, lines: usage, paidRef: 'ZS20260001882',
      steps: [gen, release, { action: 'confirm', from: S.toConfirm, to: S.toPay, actor: 'member' }, { action: 'submitTransfer', from: S.toPay, to: S.toPay, actor: 'member', reason: 'ZS20260001882' }, { action: 'confirmTransfer', from: S.toPay, to: S.paid, actor: 'operator', reason: 'ZS20260001882' }],
    });
    await addBill(tx, companyId, {
      billType: PLATFORM_BILL_TYPE.monthly, title: `${lastMonth.replace('-', '年')}月 月度结算账单`, month: lastMonth, status: S.toConfirm, due: null, created: thisFirst,
      lines: [['电子合同签署', '52', '份', '3.00'], ['短信通知', '1436', '条', '0.05'], ['电子工资条发送', '135', '人次', '0.50']], steps: [gen, release],
    });
    const oneOff = (to: number): Step => ({ action: 'generate', from: null, to, actor: 'job' });
    await addBill(tx, companyId, {
      billType: PLATFORM_BILL_TYPE.oneOff, title: '短信通知充值包（10000 条）', month: null, status: S.paid, due: day(lastFirst, -20), created: day(lastFirst, -30), lines: [['短信通知充值包', '1', '个', '450.00']], paidRef: 'ZS20260001517',
      steps: [oneOff(S.toPay), { action: 'submitTransfer', from: S.toPay, to: S.toPay, actor: 'member', reason: 'ZS20260001517' }, { action: 'confirmTransfer', from: S.toPay, to: S.paid, actor: 'operator', reason: 'ZS20260001517' }],
    });
    await addBill(tx, companyId, {
      billType: PLATFORM_BILL_TYPE.oneOff, title: '电子签章数字证书年费', month: null, status: S.toPay, due: day(today, 7), created: day(today, -3), lines: [['企业数字证书（一年）', '1', '张', '680.00'], ['个人签名证书', '5', '张', '40.00']], steps: [oneOff(S.toPay)],
    });
    await addBill(tx, companyId, {
      billType: PLATFORM_BILL_TYPE.oneOff, title: '实名认证服务包', month: null, status: S.overdue, due: day(today, -10), created: day(today, -25), lines: [['实名认证（运营商三要素）', '200', '次', '0.80']],
      steps: [oneOff(S.toPay), { action: 'markOverdue', from: S.toPay, to: S.overdue, actor: 'job' }],
    });
  });
}
