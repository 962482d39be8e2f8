// The last month of a cumulative withholding from the year's sums, in integer cents.
import { formatCents, HALF_UP, parseCents, roundScaled } from '../scaled.ts';
import { type SalaryMonth, type WithholdingOptions } from '../iit.ts';
import { BRACKET_CENTS, LIMIT_TAX_CENTS, optionalCents } from './withholding.ts';

/** The last month of a cumulative withholding with the year's sums (withholdSalaryTaxCumulative's figures for its last line). */
export type MonthWithholding = {
  /** Number of months of the year counted, this one included. */
  months: number;
  tax: string;
  /** The month's tax in integer cents. */
  taxCents: number;
  cumulativeTaxableIncome: string;
  rate: string;
  quickDeduction: string;
  cumulativeTax: string;
  income: string;
  taxFreeIncome: string;
  specialDeduction: string;
  additionalDeduction: string;
  otherDeduction: string;
  taxRelief: string;
  /** Tax withheld in the months before this one (the opening balance's included). */
  withheldBefore: string;
  /** 累计减除费用 of this month. */
  basicDeduction: string;
};

/** A non-negative safe integer amount of cents. */
function centsOk(c: number): boolean {
  return Number.isSafeInteger(c) && c >= 0;
}

/**
 * withholdSalaryTaxCumulative of the months of `earlier` before `month` (in order, as given) followed
 * by this month, whose amounts are integer cents (no tax relief), answering only this month's line
 * and the sums, without a line object or text per earlier month. The same figures as
 * withholdSalaryTaxCumulative; null where its integer path does not apply (a month or amount it
 * would not take in cents), and the caller then takes withholdSalaryTaxCumulative, which gives the
 * result or the engine's error.
 */
export function withholdMonthCents(
  earlier: readonly SalaryMonth[],
  month: number,
  incomeCents: number,
  taxFreeCents: number,
  specialCents: number,
  additionalCents: number,
  otherCents: number,
  options: WithholdingOptions,
): MonthWithholding | null {
  if (!Array.isArray(earlier) || typeof options !== 'object' || options === null) return null;
  const firstJob = options.firstJobOfYear;
  const lowIncome = options.previousYearLowIncome;
  if ((firstJob !== undefined && typeof firstJob !== 'boolean') || (lowIncome !== undefined && typeof lowIncome !== 'boolean')) return null;
  if (!Number.isInteger(month) || month < 1 || month > 12) return null;
  const opening = options.opening;
  let through = 0;
  let basicBefore = 0;
  let income = 0;
  let deductions = 0;
  let relief = 0;
  let withheld = 0;
  let free = 0;
  let special = 0;
  let additional = 0;
  let other = 0;
  if (opening !== undefined) {
    // A balance the integer path does not take exactly (or that is wrong) goes to the engine, which answers or explains.
    if (typeof opening !== 'object' || opening === null) return null;
    through = opening.throughMonth;
    if (!Number.isInteger(through) || through < 1 || through > 11 || month <= through) return null;
    const o = [opening.income, opening.basicDeduction, opening.taxWithheld].map((v) => (typeof v === 'string' ? parseCents(v) : -1));
    const f = [opening.taxFreeIncome, opening.specialDeduction, opening.additionalDeduction, opening.otherDeduction, opening.taxRelief].map(optionalCents);
    if (o.some((c) => c < 0 || c > LIMIT_TAX_CENTS) || f.some((c) => c < 0 || c > LIMIT_TAX_CENTS)) return null;
    income = o[0]!;
    basicBefore = o[1]!;
    withheld = o[2]!;
    free = f[0]!;
    special = f[1]!;
    additional = f[2]!;
    other = f[3]!;
    relief = f[4]!;
    deductions = free + special + additional + other;
  }
  if (!(centsOk(incomeCents) && centsOk(taxFreeCents) && centsOk(specialCents) && centsOk(additionalCents) && centsOk(otherCents))) return null;
  let previous = through;
  let count = 0;
  // The earlier months: the cumulative tax of each only to know what was withheld.
  for (let index = 0; index < earlier.length; index += 1) {
    const m = earlier[index];
    if (typeof m !== 'object' || m === null) return null;
    const mm = m.month;
    if (!Number.isInteger(mm)) return null;
    if (!(mm < month)) continue;
    // A month out of order, or one the opening balance covers, is the engine's to refuse.
    if (mm < 1 || mm <= previous) return null;
    previous = mm;
    const inc = typeof m.income === 'string' ? parseCents(m.income) : -1;
    const fr = optionalCents(m.taxFreeIncome);
    const sp = optionalCents(m.specialDeduction);
    const ad = optionalCents(m.additionalDeduction);
    const ot = optionalCents(m.otherDeduction);
    const rel = optionalCents(m.taxRelief);
    if (inc < 0 || fr < 0 || sp < 0 || ad < 0 || ot < 0 || rel < 0) return null;
    income += inc;
    deductions += fr + sp + ad + ot;
    free += fr;
    special += sp;
    additional += ad;
    other += ot;
    relief += rel;
    count += 1;
    if (income > LIMIT_TAX_CENTS || deductions > LIMIT_TAX_CENTS || relief > LIMIT_TAX_CENTS) return null;
    const tax = monthTax(income - (lowIncome ? 6_000_000 : firstJob ? 500_000 * mm : basicBefore + 500_000 * count) - deductions, relief, withheld);
    withheld += tax;
  }
  income += incomeCents;
  deductions += taxFreeCents + specialCents + additionalCents + otherCents;
  free += taxFreeCents;
  special += specialCents;
  additional += additionalCents;
  other += otherCents;
  count += 1;
  if (income > LIMIT_TAX_CENTS || deductions > LIMIT_TAX_CENTS) return null;
  const basic = lowIncome ? 6_000_000 : firstJob ? 500_000 * month : basicBefore + 500_000 * count;
  let taxable = income - basic - deductions;
  if (taxable < 0) taxable = 0;
  let k = 0;
  while (taxable > BRACKET_CENTS[k]!.upTo) k += 1;
  const b = BRACKET_CENTS[k]!;
  let raw = taxable * b.rate - b.quick - relief * b.relief;
  if (raw < 0) raw = 0;
  const cumulative = roundScaled(raw, b.scale, 2, HALF_UP);
  let tax = cumulative - withheld;
  if (tax < 0) tax = 0;
  return {
    months: count,
    tax: formatCents(tax),
    taxCents: tax,
    cumulativeTaxableIncome: formatCents(taxable),
    rate: b.rateText,
    quickDeduction: b.quickText,
    cumulativeTax: formatCents(cumulative),
    income: formatCents(income),
    taxFreeIncome: formatCents(free),
    specialDeduction: formatCents(special),
    additionalDeduction: formatCents(additional),
    otherDeduction: formatCents(other),
    taxRelief: formatCents(relief),
    withheldBefore: formatCents(withheld),
    basicDeduction: formatCents(basic),
  };
}

/** A month's tax in cents on the cumulative taxable amount (before the floor at 0), relief and tax withheld so far. */
function monthTax(taxable: number, relief: number, withheld: number): number {
  if (taxable < 0) taxable = 0;
  let k = 0;
  while (taxable > BRACKET_CENTS[k]!.upTo) k += 1;
  const b = BRACKET_CENTS[k]!;
  let raw = taxable * b.rate - b.quick - relief * b.relief;
  if (raw < 0) raw = 0;
  const tax = roundScaled(raw, b.scale, 2, HALF_UP) - withheld;
  return tax < 0 ? 0 : tax;
}

/** Parses plain decimal text (optional '-', digits, optional '.' and digits) into a slot; false when it is not such a number or not exact here. */
