import { Decimal } from 'decimal.js';
import {
  CUSTODY_PERMISSIONS,
  DEPOSIT_STATUS,
  depositStatusLabel,
  ledgerAccountLabel,
  ledgerTypeLabel,
  PAYOUT_FEE_PER_HEAD,
  type CustodySummary,
  type DepositAddBody,
  type DepositRow,
  type LedgerAccount,
  type LedgerRow,
  type LedgerType,
  type OperatorDepositRow,
} from '@wfsaas/contracts';
import type { Readable } from 'node:stream';
import { chinaToday } from '../../platform/china-date.ts';
import type { Tx } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { claimUpload, findFile, openStoredFile, readerHolds, type FileAccessRule, type FileRow } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { postingsFor } from './ledger.ts';
import * as lq from './ledger.queries.ts';
import { balances, lockLedger, post } from './ledger.service.ts';
import * as q from './custody-account.queries.ts';

/** 托管账户: the balance, its ledger, and deposits a platform operator confirms (docs/custody-account.md). */

/** ¥1,234.56 */
export function yuan(v: Decimal.Value): string {
  const [int, frac] = new Decimal(v).toFixed(2).split('.');
  return `¥${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

export async function summary(c: ServiceCtx): Promise<CustodySummary> {
  const account = await lq.findAccount(c.tx, c.companyId);
  const b = await balances(c);
  return {
    accountNo: account?.accountNo ?? `TG${String(c.companyId).padStart(8, '0')}`,
    balance: b.custody,
    inTransit: b.inTransit,
    reserved: b.payable,
    paidOut: b.paidOut,
    fees: b.fees,
    receivingAccount: c.services.config.platformPayee ?? null,
    feePerHead: PAYOUT_FEE_PER_HEAD,
  };
}

export async function pageLedger(c: ServiceCtx, f: { type?: LedgerType; from?: string; to?: string; pageNum: number; pageSize: number }): Promise<Paged<LedgerRow>> {
  if (f.from && f.to && f.from > f.to) throw badRequest('开始日期不能晚于结束日期');
  const { rows, total } = await lq.pageLedger(c.tx, c.companyId, f, f.pageNum, f.pageSize);
  const postings = await lq.listPostingsOf(c.tx, c.companyId, rows.map((r) => r.id));
  const list = rows.map((r) => ({
    id: r.id,
    type: r.type as LedgerType,
    typeLabel: ledgerTypeLabel(r.type),
    memo: r.memo,
    at: r.at.toISOString(),
    change: r.change,
    balanceAfter: r.balanceAfter,
    postings: postings
      .filter((p) => p.transactionId === r.id)
      .map((p) => ({ account: p.account as LedgerAccount, accountLabel: ledgerAccountLabel(p.account), amount: new Decimal(p.amount).toFixed(2) })),
  }));
  return new Paged(list, f.pageNum, f.pageSize, total);
}

function depositRow(d: q.DepositWithProof): DepositRow {
  return {
    id: d.id,
    amount: new Decimal(d.amount).toFixed(2),
    reference: d.reference,
    payerName: d.payerName,
    transferDate: d.transferDate,
    proofFileId: d.proofPublicId,
    status: d.status,
    statusLabel: depositStatusLabel(d.status),
    rejectReason: d.rejectReason,
    createdAt: d.createdAt.toISOString(),
    decidedAt: d.decidedAt?.toISOString() ?? null,
  };
}

/** 登记充值: 待确认 until an operator finds the transfer; posted 外部 → 在途充值 at once. */
export async function addDeposit(c: ServiceCtx, input: DepositAddBody): Promise<DepositRow> {
  if (input.transferDate > chinaToday()) throw badRequest('转账日期不能晚于今天');
  await lockLedger(c);
  const amount = new Decimal(input.amount).toFixed(2);
  if (await q.findDepositByReference(c.tx, c.companyId, input.reference)) throw conflict(`流水号「${input.reference}」已登记，请勿重复登记`);
  const deposit = await q.insertDeposit(c.tx, { companyId: c.companyId, amount, reference: input.reference, payerName: input.payerName, transferDate: input.transferDate, status: DEPOSIT_STATUS.pending, createdBy: c.user.userId });
  const proof = await claimUpload(c.tx, c.companyId, input.proofFileId, c.user.userId, { kind: 'deposit_proof', ownerId: deposit.id });
  if (!proof) throw badRequest('转账凭证不存在或已被使用，请重新上传');
  if (!proof.isImage) throw badRequest('转账凭证须为图片（png、jpg 等）');
  const saved = (await q.updateDeposit(c.tx, c.companyId, deposit.id, DEPOSIT_STATUS.pending, { proofFileId: proof.id }))!;
  await post(c, { type: 'deposit_register', refKind: 'deposit', refId: deposit.id, memo: `登记充值 流水号${input.reference}` }, postingsFor.depositRegister(amount));
  await c.audit({ action: 'custody.deposit.add', entity: 'custody_deposit', entityId: deposit.id, after: { amount, reference: input.reference, transferDate: input.transferDate, status: DEPOSIT_STATUS.pending } });
  return depositRow({ ...saved, proofPublicId: proof.publicId });
}

export async function pageDeposits(c: ServiceCtx, f: { status?: number; pageNum: number; pageSize: number }): Promise<Paged<DepositRow>> {
  const { rows, total } = await q.pageDeposits(c.tx, c.companyId, f, f.pageNum, f.pageSize);
  return new Paged(rows.map(depositRow), f.pageNum, f.pageSize, total);
}

async function decide(c: ServiceCtx, id: number, to: 2 | 3, reason: string | null): Promise<DepositRow> {
  await lockLedger(c);
  const d = await q.findDeposit(c.tx, c.companyId, id, { forUpdate: true });
  if (!d) throw notFound('充值记录');
  if (d.status !== DEPOSIT_STATUS.pending) throw conflict(`该充值（流水号${d.reference}）${depositStatusLabel(d.status)}，不能重复处理`);
  const saved = (await q.updateDeposit(c.tx, c.companyId, id, DEPOSIT_STATUS.pending, { status: to, rejectReason: reason, decidedAt: new Date(), decidedBy: c.user.userId }))!;
  if (to === DEPOSIT_STATUS.confirmed) {
    await post(c, { type: 'deposit_confirm', refKind: 'deposit', refId: id, memo: `充值到账 流水号${d.reference}` }, postingsFor.depositConfirm(d.amount));
  } else {
    await post(c, { type: 'deposit_reject', refKind: 'deposit', refId: id, memo: `充值驳回 流水号${d.reference}：${reason}` }, postingsFor.depositReject(d.amount));
  }
  await c.audit({ action: to === DEPOSIT_STATUS.confirmed ? 'custody.deposit.confirm' : 'custody.deposit.reject', entity: 'custody_deposit', entityId: id, before: { status: d.status }, after: { status: to, ...(reason ? { reason } : {}) } });
  const proof = d.proofFileId ? await findFile(c.tx, c.companyId, d.proofFileId) : null;
  return depositRow({ ...saved, proofPublicId: proof?.publicId ?? null });
}

/** An operator found the transfer on the bank statement: 在途充值 → 托管资金. */
export const confirmDeposit = (c: ServiceCtx, id: number) => decide(c, id, DEPOSIT_STATUS.confirmed, null);
/** An operator did not: the registration is reversed, 在途充值 → 外部. */
export const rejectDeposit = (c: ServiceCtx, id: number, reason: string) => decide(c, id, DEPOSIT_STATUS.rejected, reason);

/** A deposit's proof image (operators, through their endpoint); each view is audited, as the file kind's downloads are. */
export async function depositProof(c: ServiceCtx, id: number): Promise<{ file: FileRow; body: Readable }> {
  const d = await q.findDeposit(c.tx, c.companyId, id);
  if (!d) throw notFound('充值记录');
  const file = d.proofFileId ? await findFile(c.tx, c.companyId, d.proofFileId) : null;
  if (!file) throw notFound('转账凭证');
  await c.audit({ action: 'custody.deposit.proof', entity: 'custody_deposit', entityId: id, after: { fileId: file.id } });
  return { file, body: await openStoredFile(c.services, file) };
}

/** Deposits of every company, for the operators' confirmation queue (default: 待确认, oldest first). */
export async function pageAllDeposits(tx: Tx, f: { status?: number; pageNum: number; pageSize: number }): Promise<Paged<OperatorDepositRow>> {
  const { rows, total } = await q.pageDepositsOfAllCompanies(tx, { status: f.status ?? DEPOSIT_STATUS.pending }, f.pageNum, f.pageSize);
  return new Paged(rows.map((r) => ({ ...depositRow(r), companyId: r.companyId, companyName: r.companyName })), f.pageNum, f.pageSize, total);
}

/** A deposit's proof is shown on the custody account screen: members holding its key. */
export const depositProofFileRule: FileAccessRule = {
  audited: true,
  allows: (r) => readerHolds(r, CUSTODY_PERMISSIONS.read),
};
