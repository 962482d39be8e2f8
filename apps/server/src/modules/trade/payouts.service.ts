import { Decimal } from 'decimal.js';
import ExcelJS from 'exceljs';
import {
  BILL_STATUS,
  BILL_STATUSES,
  PAYOUT_FEE_PER_HEAD,
  PAYOUT_STATUS,
  payoutStatusLabel,
  type PayoutDetail,
  type PayoutRow,
  type PayoutRunOption,
} from '@wfsaas/contracts';
import { chinaMonth } from '../../platform/china-date.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { XLSX_MIME } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { listLockedRuns, runNetPay } from '../payroll/index.ts';
import { yuan } from './custody-account.service.ts';
import { postingsFor } from './ledger.ts';
import { lockLedger, post } from './ledger.service.ts';
import type { PlatformBillRecord } from './platform-bills.queries.ts';
import { confirmPlatformBill, markPlatformBillPaid, raisePlatformBill, readPlatformBill, suspendPlatformBill } from './platform-bills.service.ts';
import { registerBillPaidHandler } from './statement-sources.ts';
import * as q from './payouts.queries.ts';

/**
 * 工资发放 through the custody account (docs/custody-account.md): a payout of a locked payroll run raises
 * a one-off platform bill (kind 'payout'); paying it from the balance reserves the wages and pays the fee;
 * the bill's paid hook hands the wages to the disbursement and marks the payout 已发放.
 */

/** How wages reach the employees' banks. The default is honest: the platform executes the list by hand. */
export type PayoutDisbursement = { submit(c: ServiceCtx, payout: q.PayoutRecord): Promise<{ disbursement: string }> };
const manualDisbursement: PayoutDisbursement = { submit: async () => ({ disbursement: 'manual' }) };
let disbursement: PayoutDisbursement = manualDisbursement;
export function setPayoutDisbursement(d: PayoutDisbursement | null): void {
  disbursement = d ?? manualDisbursement;
}

const billStatusLabel = (s: number) => BILL_STATUSES.find((x) => x.value === s)?.label ?? String(s);
const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);

function payoutRow(p: q.PayoutWithBill): PayoutRow {
  return {
    id: p.id,
    payoutNo: p.payoutNo,
    runId: p.runId,
    month: p.month,
    groupName: p.groupName,
    headcount: p.headcount,
    wages: money(p.wages),
    fee: money(p.fee),
    total: money(p.total),
    status: p.status,
    statusLabel: payoutStatusLabel(p.status),
    billId: p.billId,
    billNo: p.billNo,
    billStatus: p.billStatus,
    fundedBy: p.fundedBy,
    disbursement: p.disbursement,
    cancelReason: p.cancelReason,
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
  };
}

/** Locked runs a payout may be started from, with their paid headcount and net total, and their live payout. */
export async function payoutRuns(c: ServiceCtx): Promise<PayoutRunOption[]> {
  const live = new Map((await q.listLivePayouts(c.tx, c.companyId)).map((p) => [p.runId, p.id]));
  const out: PayoutRunOption[] = [];
  for (const r of await listLockedRuns(c)) {
    const run = await runNetPay(c, r.runId);
    const paid = (run?.lines ?? []).filter((l) => new Decimal(l.net).gt(0));
    out.push({ runId: r.runId, month: r.month, groupName: r.groupName, headcount: paid.length, net: money(paid.reduce((s, l) => s.plus(l.net), new Decimal(0))), payoutId: live.get(r.runId) ?? null });
  }
  return out;
}

/** 发起发放: one live payout per run; its bill is raised 待确认. */
export async function addPayout(c: ServiceCtx, runId: number): Promise<PayoutRow> {
  const run = await runNetPay(c, runId);
  if (!run) throw notFound('工资表');
  const what = `${run.month} ${run.groupName}`;
  if (!run.locked) throw conflict(`工资表（${what}）尚未锁定，请先锁定后再发起发放`);
  await lockLedger(c);
  const live = await q.findLivePayoutOfRun(c.tx, c.companyId, runId);
  if (live) throw conflict(`工资表（${what}）已有发放单${live.payoutNo}（${payoutStatusLabel(live.status)}），不能重复发起`);
  const lines = run.lines.filter((l) => new Decimal(l.net).gt(0));
  if (lines.length === 0) throw conflict(`工资表（${what}）没有实发工资大于0的员工，无需发放`);
  const wages = lines.reduce((s, l) => s.plus(l.net), new Decimal(0));
  const fee = new Decimal(PAYOUT_FEE_PER_HEAD).times(lines.length);
  const stem = `FF${chinaMonth().replace('-', '')}`;
  const payoutNo = `${stem}${String((await q.lastPayoutSeq(c.tx, c.companyId, stem)) + 1).padStart(4, '0')}`;
  const payout = await q.insertPayout(
    c.tx,
    { companyId: c.companyId, payoutNo, runId, month: run.month, groupName: run.groupName, headcount: lines.length, wages: money(wages), feePerHead: PAYOUT_FEE_PER_HEAD, fee: money(fee), total: money(wages.plus(fee)), status: PAYOUT_STATUS.toPay, createdBy: c.user.userId },
    lines.map((l) => ({ employeeId: l.employeeId, name: l.name, employeeNo: l.employeeNo, bankName: l.bankName, bankAccountMasked: l.bankAccountMasked, net: money(l.net) })),
  );
  const bill = await raisePlatformBill(c, {
    billType: 5,
    kind: 'payout',
    sourceId: payout.id,
    title: `${what} 工资代发`,
    month: run.month,
    status: BILL_STATUS.toConfirm,
    dueDate: null,
    lines: [
      { item: `实发工资合计（${lines.length}人）`, quantity: '1', unit: '笔', unitPrice: money(wages), amount: money(wages), note: `发放单${payoutNo}` },
      { item: '代发服务费', quantity: String(lines.length), unit: '人', unitPrice: PAYOUT_FEE_PER_HEAD, amount: money(fee) },
    ],
  });
  const saved = (await q.updatePayout(c.tx, c.companyId, payout.id, PAYOUT_STATUS.toPay, { billId: bill.id }))!;
  await c.audit({ action: 'custody.payout.add', entity: 'custody_payout', entityId: payout.id, after: { payoutNo, runId, headcount: lines.length, wages: money(wages), fee: money(fee), billId: bill.id } });
  return payoutRow({ ...saved, billNo: bill.billNo, billStatus: bill.status });
}

async function livePayout(c: ServiceCtx, id: number): Promise<q.PayoutRecord> {
  const p = await q.findPayout(c.tx, c.companyId, id, { forUpdate: true });
  if (!p) throw notFound('发放单');
  if (p.status !== PAYOUT_STATUS.toPay) throw conflict(`发放单${p.payoutNo}当前为「${payoutStatusLabel(p.status)}」，不能执行此操作`);
  if (!p.billId) throw conflict(`发放单${p.payoutNo}没有账单`);
  return p;
}

async function rowOf(c: ServiceCtx, id: number): Promise<PayoutRow> {
  return payoutRow((await q.findPayoutWithBill(c.tx, c.companyId, id))!);
}

/** 确认账单 of a payout: its bill 待确认 → 待付款. */
export async function confirmPayout(c: ServiceCtx, id: number): Promise<PayoutRow> {
  const p = await livePayout(c, id);
  await confirmPlatformBill(c, p.billId!);
  return rowOf(c, id);
}

/** 托管账户余额支付 of a payout: refused when the balance is short; otherwise 托管资金 → 待发工资 + 平台服务费, then the bill is paid. */
export async function payPayout(c: ServiceCtx, id: number): Promise<PayoutRow> {
  const p = await livePayout(c, id);
  const bill = (await readPlatformBill(c, p.billId!))!;
  if (bill.status !== BILL_STATUS.toPay && bill.status !== BILL_STATUS.overdue) throw conflict(`账单${bill.billNo}当前为「${billStatusLabel(bill.status)}」，${bill.status === BILL_STATUS.toConfirm ? '请先确认账单' : '不能付款'}`);
  const b = await lockLedger(c);
  if (new Decimal(b.custody).lt(p.total)) throw conflict(`托管账户余额不足（可用${yuan(b.custody)}，需${yuan(p.total)}）`);
  await q.updatePayout(c.tx, c.companyId, id, PAYOUT_STATUS.toPay, { fundedBy: 'custody' });
  await post(c, { type: 'payout_pay', refKind: 'payout', refId: id, memo: `工资发放付款 ${p.payoutNo}（${p.month} ${p.groupName}，${p.headcount}人）` }, postingsFor.payoutPay(p.wages, p.fee));
  await c.audit({ action: 'custody.payout.pay', entity: 'custody_payout', entityId: id, after: { method: 'custody', total: money(p.total), balanceBefore: b.custody } });
  await markPlatformBillPaid(c, p.billId!, { method: 'custody', reference: p.payoutNo });
  const after = await rowOf(c, id);
  if (after.status !== PAYOUT_STATUS.paid) throw new Error('the payout bill paid hook is not registered (registerCustodyHooks)');
  return after;
}

/**
 * The paid hook of payout bills. Paid from the balance, the wages are already reserved; paid any other
 * way (a bank transfer an operator confirmed), the money came from outside: 外部 → 待发工资 + 平台服务费.
 * Then 待发工资 → 已发工资 and the payout goes to the disbursement.
 */
export async function onPayoutBillPaid(c: ServiceCtx, bill: PlatformBillRecord): Promise<void> {
  const p = bill.sourceId === null ? null : await q.findPayout(c.tx, c.companyId, bill.sourceId, { forUpdate: true });
  if (!p || p.billId !== bill.id) throw notFound('账单对应的发放单');
  if (p.status !== PAYOUT_STATUS.toPay) throw conflict(`发放单${p.payoutNo}当前为「${payoutStatusLabel(p.status)}」，不能发放`);
  const fundedBy = p.fundedBy === 'custody' ? 'custody' : 'external';
  if (fundedBy === 'external') {
    await post(c, { type: 'payout_transfer', refKind: 'payout', refId: p.id, memo: `工资发放付款（银行转账）${p.payoutNo}` }, postingsFor.payoutTransfer(p.wages, p.fee));
  }
  await post(c, { type: 'payout_release', refKind: 'payout', refId: p.id, memo: `工资代发 ${p.payoutNo}（${p.headcount}人）` }, postingsFor.payoutRelease(p.wages));
  const { disbursement: how } = await disbursement.submit(c, p);
  await q.updatePayout(c.tx, c.companyId, p.id, PAYOUT_STATUS.toPay, { status: PAYOUT_STATUS.paid, fundedBy, disbursement: how, paidAt: new Date() });
  await c.audit({ action: 'custody.payout.release', entity: 'custody_payout', entityId: p.id, before: { status: p.status }, after: { status: PAYOUT_STATUS.paid, fundedBy, disbursement: how, billId: bill.id } });
}

/** 取消发放 before it is paid: the bill is suspended (已暂停) and the run may be paid out again. */
export async function cancelPayout(c: ServiceCtx, id: number, reason: string): Promise<PayoutRow> {
  const p = await livePayout(c, id);
  await suspendPlatformBill(c, p.billId!, `发放单已取消：${reason}`);
  await q.updatePayout(c.tx, c.companyId, id, PAYOUT_STATUS.toPay, { status: PAYOUT_STATUS.cancelled, cancelReason: reason, cancelledAt: new Date() });
  await c.audit({ action: 'custody.payout.cancel', entity: 'custody_payout', entityId: id, before: { status: p.status }, after: { status: PAYOUT_STATUS.cancelled, reason } });
  return rowOf(c, id);
}

/**
 * Pays any platform bill of the company from the custody balance (the bills screen's 托管账户余额支付):
 * a payout bill as above; another bill's whole amount goes 托管资金 → 平台服务费.
 */
export async function payPlatformBillFromCustody(c: ServiceCtx, billId: number): Promise<void> {
  const bill = await readPlatformBill(c, billId);
  if (!bill) throw notFound('账单');
  if (bill.kind === 'payout' && bill.sourceId !== null) {
    await payPayout(c, bill.sourceId);
    return;
  }
  if (bill.status !== BILL_STATUS.toPay && bill.status !== BILL_STATUS.overdue) throw conflict(`账单${bill.billNo}当前为「${billStatusLabel(bill.status)}」，不能付款`);
  const b = await lockLedger(c);
  if (new Decimal(b.custody).lt(bill.amount)) throw conflict(`托管账户余额不足（可用${yuan(b.custody)}，需${yuan(bill.amount)}）`);
  await post(c, { type: 'bill_pay', refKind: 'bill', refId: bill.id, memo: `账单余额支付 ${bill.billNo}` }, postingsFor.billPay(bill.amount));
  await markPlatformBillPaid(c, bill.id, { method: 'custody', reference: bill.billNo });
}

export async function pagePayouts(c: ServiceCtx, f: { status?: number; pageNum: number; pageSize: number }): Promise<Paged<PayoutRow>> {
  const { rows, total } = await q.pagePayouts(c.tx, c.companyId, f, f.pageNum, f.pageSize);
  return new Paged(rows.map(payoutRow), f.pageNum, f.pageSize, total);
}

/** 薪资明细: the payout with every employee's net pay. */
export async function payoutDetail(c: ServiceCtx, id: number): Promise<PayoutDetail> {
  const p = await q.findPayoutWithBill(c.tx, c.companyId, id);
  if (!p) throw notFound('发放单');
  const lines = await q.listPayoutLines(c.tx, c.companyId, id);
  return {
    ...payoutRow(p),
    feePerHead: money(p.feePerHead),
    lines: lines.map((l) => ({ lineNo: l.lineNo, employeeId: l.employeeId, name: l.name, employeeNo: l.employeeNo, bankName: l.bankName, bankAccountMasked: l.bankAccountMasked, net: money(l.net) })),
  };
}

/** 薪资明细 as a spreadsheet: one row per employee, then the totals. */
export async function exportPayout(c: ServiceCtx, id: number): Promise<{ name: string; type: string; body: Buffer }> {
  const d = await payoutDetail(c, id);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('薪资明细');
  ws.columns = [
    { header: '序号', key: 'lineNo', width: 8 },
    { header: '姓名', key: 'name', width: 14 },
    { header: '工号', key: 'employeeNo', width: 14 },
    { header: '开户银行', key: 'bankName', width: 22 },
    { header: '银行账号', key: 'bankAccountMasked', width: 24 },
    { header: '实发工资', key: 'net', width: 14, style: { numFmt: '#,##0.00' } },
  ];
  for (const l of d.lines) ws.addRow({ ...l, net: Number(l.net) });
  ws.addRow({});
  ws.addRow({ name: '实发工资合计', net: Number(d.wages) });
  ws.addRow({ name: `代发服务费（${d.headcount}人×${d.feePerHead}）`, net: Number(d.fee) });
  ws.addRow({ name: '合计', net: Number(d.total) });
  ws.getRow(1).font = { bold: true };
  await c.audit({ action: 'custody.payout.export', entity: 'custody_payout', entityId: id });
  return { name: `薪资明细_${d.payoutNo}.xlsx`, type: XLSX_MIME, body: Buffer.from(await wb.xlsx.writeBuffer()) };
}

/** The payout bills' paid hook; called by the app and the worker at start. */
export function registerCustodyHooks(): void {
  registerBillPaidHandler('payout', onPayoutBillPaid);
}
