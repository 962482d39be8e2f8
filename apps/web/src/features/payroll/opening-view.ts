import { DEDUCTION_KINDS, type OpeningView } from '@wfsaas/contracts';
import { addMoney } from './payroll-format.ts';

/** 累计专项附加扣除 of an opening balance: every kind but the personal pension, which counts with the other deductions. */
export function openingAdditionalTotal(deductions: OpeningView['deductions']): string {
  return DEDUCTION_KINDS.filter((k) => k.key !== 'personalPension').reduce((sum, k) => addMoney(sum, deductions[k.key] ?? '0'), '0.00');
}

/** The kinds an opening balance carries, as 子女教育 18,000.00 lines (for a tooltip). */
export function openingDeductionLines(deductions: OpeningView['deductions']): { label: string; amount: string }[] {
  return DEDUCTION_KINDS.filter((k) => k.key !== 'personalPension' && deductions[k.key] && deductions[k.key] !== '0.00').map((k) => ({ label: k.label, amount: deductions[k.key]! }));
}
