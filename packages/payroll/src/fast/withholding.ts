// Cumulative withholding of wages tax over the year: integer cents where exact, else the engine.
import { CUMULATIVE_WAGE_BRACKETS } from '../brackets.ts';
import { formatCents, HALF_UP, LIMIT_CENTS, parseCents, roundScaled } from '../scaled.ts';
import { withholdSalaryTax, type SalaryMonth, type SalaryWithholding, type WithholdingOptions } from '../iit.ts';
import { type Fx, type Num, POW, ZERO, add, cmp, format, fx, mul, parseNum, round } from './num.ts';
import { MONEY } from './contributions.ts';
import { addMoney } from './text.ts';

const BRACKETS = CUMULATIVE_WAGE_BRACKETS.map((b) => ({ upTo: b.upTo === null ? null : (parseNum(b.upTo) as Fx), rate: parseNum(b.rate) as Fx, quick: parseNum(b.quickDeduction) as Fx, source: b }));
const BASIC = fx(5000, 0);
const LOW_INCOME = fx(60000, 0);

/** The wage table in integer cents: bounds, rate n × 10^-(scale - 2), quick deduction at `scale`. */
export const BRACKET_CENTS = CUMULATIVE_WAGE_BRACKETS.map((b) => {
  const rate = parseNum(b.rate) as Fx;
  const quick = parseNum(b.quickDeduction) as Fx;
  const upTo = b.upTo === null ? null : (parseNum(b.upTo) as Fx);
  return {
    upTo: upTo === null ? Infinity : upTo.n * POW[2 - upTo.s]!,
    rate: rate.n,
    scale: 2 + rate.s,
    quick: quick.n * POW[2 + rate.s - quick.s]!,
    relief: POW[rate.s]!,
    rateText: b.rate,
    quickText: format(quick, 2),
  };
});
/** Cumulative amounts up to this many cents stay exact through taxable × rate. */
export const LIMIT_TAX_CENTS = 2 ** 45;

export function optionalCents(v: unknown): number {
  if (v === undefined) return 0;
  return typeof v === 'string' ? parseCents(v) : -1;
}

/** withholdSalaryTaxFast in integer cents; null where it does not apply (the caller takes the other path). */
function withholdCents(months: readonly SalaryMonth[], options: WithholdingOptions, sums?: Float64Array): SalaryWithholding[] | null {
  if (!Array.isArray(months) || typeof options !== 'object' || options === null || options.opening !== undefined) return null;
  const firstJob = options.firstJobOfYear;
  const lowIncome = options.previousYearLowIncome;
  if ((firstJob !== undefined && typeof firstJob !== 'boolean') || (lowIncome !== undefined && typeof lowIncome !== 'boolean')) return null;
  let income = 0;
  let deductions = 0;
  let relief = 0;
  let withheld = 0;
  let previous = 0;
  let free = 0;
  let special = 0;
  let additional = 0;
  let other = 0;
  let lastTax = 0;
  const out: SalaryWithholding[] = [];
  for (let index = 0; index < months.length; index += 1) {
    const m = months[index];
    if (typeof m !== 'object' || m === null) return null;
    const month = m.month;
    if (!Number.isInteger(month) || month < 1 || month > 12 || month <= previous) return null;
    previous = month;
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
    if (income > LIMIT_TAX_CENTS || deductions > LIMIT_TAX_CENTS || relief > LIMIT_TAX_CENTS) return null;
    const basic = lowIncome ? 6_000_000 : 500_000 * (firstJob ? month : index + 1);
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
    withheld += tax;
    lastTax = tax;
    out.push({
      month,
      cumulativeTaxableIncome: formatCents(taxable),
      rate: b.rateText,
      quickDeduction: b.quickText,
      cumulativeTax: formatCents(cumulative),
      tax: formatCents(tax),
    });
  }
  if (sums !== undefined) {
    sums[0] = income;
    sums[1] = free;
    sums[2] = special;
    sums[3] = additional;
    sums[4] = other;
    sums[5] = relief;
    sums[6] = withheld - lastTax;
  }
  return out;
}

/** withholdSalaryTax on the fast path: the same lines (and errors, from the engine). */
export function withholdSalaryTaxFast(months: readonly SalaryMonth[], options: WithholdingOptions = {}): SalaryWithholding[] {
  return withholdCents(months, options) ?? withholdMixed(months, options);
}

function withholdMixed(months: readonly SalaryMonth[], options: WithholdingOptions): SalaryWithholding[] {
  const slow = () => withholdSalaryTax(months, options);
  if (!Array.isArray(months) || typeof options !== 'object' || options === null || options.opening !== undefined) return slow();
  if ((options.firstJobOfYear !== undefined && typeof options.firstJobOfYear !== 'boolean') || (options.previousYearLowIncome !== undefined && typeof options.previousYearLowIncome !== 'boolean')) return slow();
  let income: Num = ZERO;
  let deductions: Num = ZERO;
  let relief: Num = ZERO;
  let withheld: Num = ZERO;
  let previous = 0;
  const out: SalaryWithholding[] = [];
  const money = (v: unknown, optional: boolean): Num | null => (v === undefined && optional ? ZERO : typeof v === 'string' && MONEY.test(v) ? parseNum(v) : null);
  for (const [index, m] of months.entries()) {
    if (typeof m !== 'object' || m === null || !Number.isInteger(m.month) || m.month < 1 || m.month > 12 || m.month <= previous) return slow();
    previous = m.month;
    const parts = [money(m.income, false), money(m.taxFreeIncome, true), money(m.specialDeduction, true), money(m.additionalDeduction, true), money(m.otherDeduction, true), money(m.taxRelief, true)];
    if (parts.some((p) => p === null)) return slow();
    const [inc, free, special, additional, other, rel] = parts as Num[];
    income = add(income, inc!);
    deductions = add(add(add(add(deductions, free!), special!), additional!), other!);
    relief = add(relief, rel!);
    const basic = options.previousYearLowIncome ? LOW_INCOME : mul(BASIC, fx(options.firstJobOfYear ? m.month : index + 1, 0));
    let taxable = add(add(income, basic, true), deductions, true);
    if (cmp(taxable, ZERO) < 0) taxable = ZERO;
    const bracket = BRACKETS.find((b) => b.upTo === null || cmp(taxable, b.upTo) <= 0)!;
    let raw = add(add(mul(taxable, bracket.rate), bracket.quick, true), relief, true);
    if (cmp(raw, ZERO) < 0) raw = ZERO;
    const cumulative = round(raw, 2, 'halfUp');
    let tax = add(cumulative, withheld, true);
    if (cmp(tax, ZERO) < 0) tax = ZERO;
    withheld = add(withheld, tax);
    out.push({
      month: m.month,
      cumulativeTaxableIncome: format(round(taxable, 2, 'halfUp'), 2),
      rate: bracket.source.rate,
      quickDeduction: format(bracket.quick, 2),
      cumulativeTax: format(cumulative, 2),
      tax: format(round(tax, 2, 'halfUp'), 2),
    });
  }
  return out;
}

/** withholdSalaryTaxFast's lines with the year's sums so far, each as text with two places. */
export type CumulativeWithholding = {
  lines: SalaryWithholding[];
  income: string;
  taxFreeIncome: string;
  specialDeduction: string;
  additionalDeduction: string;
  otherDeduction: string;
  taxRelief: string;
  /** Tax withheld in the months before the last. */
  withheldBefore: string;
};

/** Sums of withholdCents: income, tax-free income, special, additional, other deductions, relief, tax withheld before the last month. */
const CUMULATIVE_SUMS = new Float64Array(7);

const SUM_FIELDS = ['income', 'taxFreeIncome', 'specialDeduction', 'additionalDeduction', 'otherDeduction', 'taxRelief'] as const;

/**
 * withholdSalaryTaxFast plus the sums of each month field and of the tax withheld before the last
 * month (what a tax detail shows), added in integer cents; an absent amount counts as 0. Errors are
 * withholdSalaryTax's.
 */
export function withholdSalaryTaxCumulative(months: readonly SalaryMonth[], options: WithholdingOptions = {}): CumulativeWithholding {
  if (typeof options === 'object' && options !== null && options.opening !== undefined) return withholdFromOpening(months, options);
  // In integer cents, the sums are taken in the same pass (each within the withholding's limits).
  const cents = withholdCents(months, options, CUMULATIVE_SUMS);
  if (cents !== null) {
    const c = CUMULATIVE_SUMS;
    return {
      lines: cents,
      income: formatCents(c[0]!),
      taxFreeIncome: formatCents(c[1]!),
      specialDeduction: formatCents(c[2]!),
      additionalDeduction: formatCents(c[3]!),
      otherDeduction: formatCents(c[4]!),
      taxRelief: formatCents(c[5]!),
      withheldBefore: formatCents(c[6]!),
    };
  }
  const lines = withholdMixed(months, options);
  const sums = [0, 0, 0, 0, 0, 0];
  let exact = true;
  for (const m of months) {
    for (let k = 0; k < SUM_FIELDS.length; k += 1) {
      const c = optionalCents(m[SUM_FIELDS[k]!]);
      if (c < 0) exact = false;
      sums[k] += c;
    }
  }
  let withheld = 0;
  for (let i = 0; i < lines.length - 1; i += 1) withheld += parseCents(lines[i]!.tax);
  if (!exact || withheld < 0 || withheld > LIMIT_CENTS || sums.some((v) => v > LIMIT_CENTS)) {
    const sum = (values: (string | undefined)[]) => values.reduce((acc: string, v) => addMoney(acc, v ?? '0'), '0.00');
    const field = (key: (typeof SUM_FIELDS)[number]) => sum(months.map((m) => m[key]));
    return {
      lines,
      income: field('income'),
      taxFreeIncome: field('taxFreeIncome'),
      specialDeduction: field('specialDeduction'),
      additionalDeduction: field('additionalDeduction'),
      otherDeduction: field('otherDeduction'),
      taxRelief: field('taxRelief'),
      withheldBefore: sum(lines.slice(0, -1).map((l) => l.tax)),
    };
  }
  return {
    lines,
    income: formatCents(sums[0]!),
    taxFreeIncome: formatCents(sums[1]!),
    specialDeduction: formatCents(sums[2]!),
    additionalDeduction: formatCents(sums[3]!),
    otherDeduction: formatCents(sums[4]!),
    taxRelief: formatCents(sums[5]!),
    withheldBefore: formatCents(withheld),
  };
}

/** withholdSalaryTaxCumulative with an opening balance: the engine's lines, the sums starting from the opening's. */
function withholdFromOpening(months: readonly SalaryMonth[], options: WithholdingOptions): CumulativeWithholding {
  const lines = withholdSalaryTax(months, options);
  const o = options.opening!;
  const sum = (first: string | undefined, values: (string | undefined)[]) => values.reduce((acc: string, v) => addMoney(acc, v ?? '0'), addMoney('0', first ?? '0'));
  const field = (key: (typeof SUM_FIELDS)[number]) => sum(o[key], months.map((m) => m[key]));
  return {
    lines,
    income: field('income'),
    taxFreeIncome: field('taxFreeIncome'),
    specialDeduction: field('specialDeduction'),
    additionalDeduction: field('additionalDeduction'),
    otherDeduction: field('otherDeduction'),
    taxRelief: field('taxRelief'),
    withheldBefore: sum(o.taxWithheld, lines.slice(0, -1).map((l) => l.tax)),
  };
}
