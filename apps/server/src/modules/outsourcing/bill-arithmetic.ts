import { FEE_KINDS, VAT_KINDS, type BillAmounts, type FeeKind, type VatKind } from '@wfsaas/contracts';
import { PayrollDecimal } from '@wfsaas/payroll';
import { sumBillLines } from '../trade/index.ts';

/**
 * A client bill's arithmetic: per worker the wages and employer contributions passed through, the
 * plan's service fee and the VAT, each rounded half up to cents; the bill is the sum of its lines.
 */

export type BillPlanTerms = { feeKind: FeeKind; feeAmount: string | null; feeRate: string | null; vatKind: VatKind };
export type BillLineInput = { wages: string; siEmployer: string; hfEmployer: string };

type Dec = InstanceType<typeof PayrollDecimal>;
const cents = (v: Dec) => v.toDecimalPlaces(2, PayrollDecimal.ROUND_HALF_UP);
const VAT_RATE: Record<VatKind, string> = Object.fromEntries(VAT_KINDS.map((k) => [k.value, k.rate])) as Record<VatKind, string>;

/** One worker's line: fee = per head, or rate × (wages + SI + HF); VAT general 6 % on the whole, simplified 5 % on the fee. */
export function billLine(plan: BillPlanTerms, input: BillLineInput): BillAmounts {
  const wages = cents(new PayrollDecimal(input.wages));
  const si = cents(new PayrollDecimal(input.siEmployer));
  const hf = cents(new PayrollDecimal(input.hfEmployer));
  const passed = wages.plus(si).plus(hf);
  const fee = plan.feeKind === 'perHead' ? cents(new PayrollDecimal(plan.feeAmount ?? '0')) : cents(passed.times(plan.feeRate ?? '0'));
  const vatBase = plan.vatKind === 'general' ? passed.plus(fee) : fee;
  const vat = cents(vatBase.times(VAT_RATE[plan.vatKind]));
  return { wages: wages.toFixed(2), siEmployer: si.toFixed(2), hfEmployer: hf.toFixed(2), serviceFee: fee.toFixed(2), vat: vat.toFixed(2), total: passed.plus(fee).plus(vat).toFixed(2) };
}

/** The bill's totals: the sums of its line columns. */
export const billTotals = (lines: readonly BillAmounts[]): BillAmounts => sumBillLines(lines);

/** The plan's fee in words, as the bill keeps it (每人每月 300.00 元 / 8% ×（工资＋单位社保公积金）). */
export function feeText(plan: BillPlanTerms): string {
  const label = FEE_KINDS.find((k) => k.value === plan.feeKind)?.label ?? plan.feeKind;
  if (plan.feeKind === 'perHead') return `${label}：每人每月 ${new PayrollDecimal(plan.feeAmount ?? '0').toFixed(2)} 元`;
  return `${label}：${new PayrollDecimal(plan.feeRate ?? '0').times(100).toDecimalPlaces(4).toString()}% ×（工资＋单位社保＋单位公积金）`;
}

export const vatText = (plan: BillPlanTerms): string => VAT_KINDS.find((k) => k.value === plan.vatKind)?.label ?? plan.vatKind;
