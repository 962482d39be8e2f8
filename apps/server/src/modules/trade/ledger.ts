import { Decimal } from 'decimal.js';
import type { LedgerAccount } from '@wfsaas/contracts';

/**
 * The custody ledger's arithmetic (docs/custody-account.md). A posting is a signed amount on one
 * account; a transaction's postings sum to zero. "A → B: x" is the pair A −x, B +x.
 */

export type Posting = { account: LedgerAccount; amount: string };

/** Moves `amount` (yuan, > 0) from one account to another: two postings. */
export function move(from: LedgerAccount, to: LedgerAccount, amount: Decimal.Value): Posting[] {
  const x = new Decimal(amount);
  if (!x.isFinite() || x.lte(0) || x.decimalPlaces() > 2) throw new Error(`a ledger movement needs a positive amount of cents, got ${x.toString()}`);
  return [
    { account: from, amount: x.neg().toFixed(2) },
    { account: to, amount: x.toFixed(2) },
  ];
}

/** Whether postings form a transaction: at least two, none zero, summing to zero. */
export function isBalanced(postings: readonly Posting[]): boolean {
  if (postings.length < 2) return false;
  if (postings.some((p) => new Decimal(p.amount).isZero())) return false;
  return postings.reduce((s, p) => s.plus(p.amount), new Decimal(0)).isZero();
}

/** The transactions the ledger knows, with their postings. */
export const postingsFor = {
  /** 登记充值: the money is on its way from outside (在途充值). */
  depositRegister: (amount: string) => move('external', 'in_transit', amount),
  /** 充值到账: an operator found it on the bank statement. */
  depositConfirm: (amount: string) => move('in_transit', 'custody', amount),
  /** 充值驳回: the registration reversed. */
  depositReject: (amount: string) => move('in_transit', 'external', amount),
  /** A payout bill paid from the balance: wages reserved, the fee to the platform. */
  payoutPay: (wages: string, fee: string) => [...move('custody', 'payable', wages), ...(new Decimal(fee).gt(0) ? move('custody', 'fees', fee) : [])],
  /** A payout bill paid by bank transfer: the same, funded from outside the balance. */
  payoutTransfer: (wages: string, fee: string) => [...move('external', 'payable', wages), ...(new Decimal(fee).gt(0) ? move('external', 'fees', fee) : [])],
  /** The wages handed to the disbursement: reserved → paid out. */
  payoutRelease: (wages: string) => move('payable', 'paid_out', wages),
  /** Another platform bill (a subscription, a statement) paid from the balance. */
  billPay: (amount: string) => move('custody', 'fees', amount),
};

/** Each account's balance from postings. */
export function balancesOf(postings: readonly Posting[]): Map<LedgerAccount, Decimal> {
  const out = new Map<LedgerAccount, Decimal>();
  for (const p of postings) out.set(p.account, (out.get(p.account) ?? new Decimal(0)).plus(p.amount));
  return out;
}
