import { PayrollDecimal } from '@wfsaas/payroll';

/** The amount columns a bill and each of its lines carry, as decimal strings with two places. */
export type BillAmountColumns = { wages: string; siEmployer: string; hfEmployer: string; serviceFee: string; vat: string; total: string };

export const AMOUNT_KEYS = ['wages', 'siEmployer', 'hfEmployer', 'serviceFee', 'vat', 'total'] as const;

/** A bill's totals: each column summed over its lines (the one place bill totals are computed). */
export function sumBillLines(lines: readonly BillAmountColumns[]): BillAmountColumns {
  const sums = AMOUNT_KEYS.map(() => new PayrollDecimal(0));
  for (const line of lines) AMOUNT_KEYS.forEach((k, i) => (sums[i] = sums[i]!.plus(line[k])));
  return Object.fromEntries(AMOUNT_KEYS.map((k, i) => [k, sums[i]!.toFixed(2)])) as BillAmountColumns;
}
