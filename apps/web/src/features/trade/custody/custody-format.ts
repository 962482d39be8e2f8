import { BILL_STATUS, BILL_STATUSES, DEPOSIT_STATUS, PAYOUT_STATUS, type PayoutRow } from '@wfsaas/contracts';
import type { StatusTone } from '../../../app/ui/StatusTag.tsx';

/** Rules of the custody screens, kept apart from the components (docs/custody-account.md). */

export function depositTone(status: number): StatusTone {
  return status === DEPOSIT_STATUS.pending ? 'processing' : status === DEPOSIT_STATUS.confirmed ? 'success' : 'error';
}

export function payoutTone(status: number): StatusTone {
  return status === PAYOUT_STATUS.toPay ? 'warning' : status === PAYOUT_STATUS.paid ? 'success' : 'default';
}

export function billStatusText(status: number | null): string {
  if (status === null) return '—';
  return BILL_STATUSES.find((s) => s.value === status)?.label ?? String(status);
}

/** How a paid payout was funded and how its wages reach the banks. */
export function fundingText(p: Pick<PayoutRow, 'fundedBy' | 'disbursement' | 'status'>): string {
  if (p.status !== PAYOUT_STATUS.paid) return '—';
  const funded = p.fundedBy === 'custody' ? '托管账户余额支付' : '银行转账支付';
  const how = p.disbursement === 'manual' ? '平台按明细人工代发' : (p.disbursement ?? '');
  return how ? `${funded}，${how}` : funded;
}

/** What a payout's row offers: confirm its bill, pay it from the balance, cancel it. */
export function payoutActions(p: Pick<PayoutRow, 'status' | 'billStatus'>): { confirm: boolean; pay: boolean; cancel: boolean } {
  const live = p.status === PAYOUT_STATUS.toPay;
  return {
    confirm: live && p.billStatus === BILL_STATUS.toConfirm,
    pay: live && (p.billStatus === BILL_STATUS.toPay || p.billStatus === BILL_STATUS.overdue),
    cancel: live,
  };
}

/** Whether the balance covers an amount, compared in cents (amounts are decimal strings). */
export function covers(balance: string, amount: string): boolean {
  return toCents(balance) >= toCents(amount);
}

function toCents(v: string): bigint {
  const negative = v.trim().startsWith('-');
  const [int = '0', frac = ''] = v.trim().replace('-', '').split('.');
  const cents = BigInt(int || '0') * 100n + BigInt((frac + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/** A signed change of the balance: +1,234.56 / -1,234.56 / 0.00 (the table shows it with its colour). */
export function signedMoney(v: string, format: (v: string) => string): string {
  const cents = toCents(v);
  if (cents === 0n) return format('0').replace('¥', '');
  const text = format(v.replace('-', '')).replace('¥', '');
  return cents > 0n ? `+${text}` : `-${text}`;
}

/** A positive amount with at most two decimals, and at most 100,000,000 (the server's rule for 充值金额). */
export function depositAmountError(raw: string | undefined): string | null {
  const v = (raw ?? '').trim();
  if (!v) return '请填写充值金额';
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(v)) return '充值金额格式不正确，应为最多两位小数的金额';
  if (toCents(v) <= 0n) return '充值金额必须大于0';
  if (toCents(v) > 10_000_000_000n) return '充值金额不能大于100,000,000';
  return null;
}
