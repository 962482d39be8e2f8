import { INVOICE_STATUS, type InvoiceTitleView } from '@wfsaas/contracts';
import type { StatusTone } from '../../../app/ui/StatusTag.tsx';

/** Rules the 发票管理 screen shows before the server checks them. */

export function invoiceStatusTone(status: number): StatusTone {
  if (status === INVOICE_STATUS.pending) return 'processing';
  if (status === INVOICE_STATUS.issued) return 'success';
  if (status === INVOICE_STATUS.rejected) return 'error';
  return 'default';
}

/** The sum of amounts given as two-decimal strings, in whole cents (no floating point), as "1,234.56"-ready text. */
export function sumAmounts(amounts: readonly string[]): string {
  const cents = amounts.reduce((s, a) => {
    const [i = '0', f = ''] = a.split('.');
    return s + BigInt(i) * 100n + BigInt((f + '00').slice(0, 2));
  }, 0n);
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/** What a title lacks for a 增值税专用发票, by the field's label. */
export function missingForSpecial(t: Pick<InvoiceTitleView, 'address' | 'phone' | 'bank' | 'account'>): string[] {
  const fields = [
    ['address', '注册地址'],
    ['phone', '注册电话'],
    ['bank', '开户银行'],
    ['account', '银行账号'],
  ] as const;
  return fields.filter(([k]) => !t[k].trim()).map(([, label]) => label);
}
