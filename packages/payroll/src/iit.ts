import { CUMULATIVE_WAGE_BRACKETS, findBracket, parseBrackets } from './brackets.ts';
import { floorAtZero, formatMoney, parseOptionalMoney, parseMoney, PayrollDecimal, ZERO, type Dec } from './decimal.ts';
import { PayrollInputError } from './errors.ts';

/**
 * One month of wages at one employer. All amounts are the month's own figures (not cumulative), as
 * non-negative decimal strings with at most two places.
 */
export type SalaryMonth = {
  /** Calendar month, 1–12. */
  month: number;
  /** 本期收入: the month's taxable wages and salaries before any deduction. */
  income: string;
  /** 本期免税收入. */
  taxFreeIncome?: string;
  /** 专项扣除: the employee's own basic pension, medical, unemployment insurance and housing fund. */
  specialDeduction?: string;
  /** 专项附加扣除: the month's total (see monthlyAdditionalDeduction). */
  additionalDeduction?: string;
  /** 依法确定的其他扣除: enterprise annuity, commercial health insurance, tax-deferred pension, etc. */
  otherDeduction?: string;
  /** 减免税额. */
  taxRelief?: string;
};

export type WithholdingOptions = {
  /**
   * 国家税务总局公告2020年第13号: the employee receives wages for the first time this year (nothing
   * earlier this year from wages, nor continuous labour remuneration withheld cumulatively). The
   * cumulative basic deduction counts from January: 5,000 × the calendar month number instead of
   * 5,000 × the months employed here.
   */
  firstJobOfYear?: boolean;
  /**
   * 国家税务总局公告2020年第19号: every month of the previous full year was withheld at this employer
   * and that year's wages were at most 60,000. The cumulative basic deduction is 60,000 from January
   * (累计减除费用自1月份起直接按照全年6万元计算扣除): no tax while cumulative income stays within it,
   * then the normal computation with that 60,000 deduction. Takes precedence over firstJobOfYear.
   */
  previousYearLowIncome?: boolean;
  /**
   * The year's cumulative figures at this employer through `throughMonth`, as the previous payroll
   * system or the withholding client recorded them (期初累计数据). The months given all come after
   * it; the cumulative sums start from it and the tax already withheld is its taxWithheld.
   */
  opening?: OpeningBalance;
};

/**
 * 期初累计数据: one employee's cumulative wage figures of the year at this employer through a month,
 * brought from a previous payroll system. Amounts are non-negative decimal strings with at most two
 * places; absent ones count as zero.
 */
export type OpeningBalance = {
  /** The last month the figures cover, 1–11. */
  throughMonth: number;
  /** 累计收入额. */
  income: string;
  /** 累计免税收入. */
  taxFreeIncome?: string;
  /**
   * 累计减除费用: 5,000 for each month employed here through throughMonth (or as a 2020 rule gave
   * it). Later months add 5,000 each; under previousYearLowIncome the deduction is 60,000 and under
   * firstJobOfYear 5,000 × the month, whatever this says.
   */
  basicDeduction: string;
  /** 累计专项扣除. */
  specialDeduction?: string;
  /** 累计专项附加扣除. */
  additionalDeduction?: string;
  /** 累计依法确定的其他扣除 (personal pension included). */
  otherDeduction?: string;
  /** 累计减免税额. */
  taxRelief?: string;
  /** 累计已预扣预缴税额. */
  taxWithheld: string;
};

const OPENING_LABELS = {
  income: '累计收入额',
  taxFreeIncome: '累计免税收入',
  basicDeduction: '累计减除费用',
  specialDeduction: '累计专项扣除',
  additionalDeduction: '累计专项附加扣除',
  otherDeduction: '累计其他扣除',
  taxRelief: '累计减免税额',
  taxWithheld: '累计已预缴税额',
} as const;

export type ParsedOpening = {
  throughMonth: number;
  income: Dec;
  taxFreeIncome: Dec;
  basicDeduction: Dec;
  specialDeduction: Dec;
  additionalDeduction: Dec;
  otherDeduction: Dec;
  taxRelief: Dec;
  taxWithheld: Dec;
};

/** Checks an opening balance (undefined: none); the months given must all come after its throughMonth. */
export function parseOpening(opening: unknown, months: readonly { month: number }[] = []): ParsedOpening | null {
  if (opening === undefined) return null;
  if (typeof opening !== 'object' || opening === null) throw new PayrollInputError('options.opening', '期初累计数据必须是对象');
  const o = opening as Record<string, unknown>;
  const through = o.throughMonth;
  if (!Number.isInteger(through) || (through as number) < 1 || (through as number) > 11) {
    throw new PayrollInputError('options.opening.throughMonth', '期初累计数据的截至月份必须是1到11之间的整数');
  }
  const first = months.find((m) => typeof m === 'object' && m !== null && Number.isInteger(m.month) && m.month <= (through as number));
  if (first) throw new PayrollInputError('months', `${first.month}月已包含在期初累计数据中（截至${through as number}月），月度数据须从${(through as number) + 1}月起`);
  const money = (key: keyof typeof OPENING_LABELS, optional: boolean) =>
    optional ? parseOptionalMoney(o[key], `options.opening.${key}`, `期初${OPENING_LABELS[key]}`) : parseMoney(o[key], `options.opening.${key}`, `期初${OPENING_LABELS[key]}`);
  return {
    throughMonth: through as number,
    income: money('income', false),
    taxFreeIncome: money('taxFreeIncome', true),
    basicDeduction: money('basicDeduction', false),
    specialDeduction: money('specialDeduction', true),
    additionalDeduction: money('additionalDeduction', true),
    otherDeduction: money('otherDeduction', true),
    taxRelief: money('taxRelief', true),
    taxWithheld: money('taxWithheld', false),
  };
}

/** The withholding computed for one month. Amounts are decimal strings with two places. */
export type SalaryWithholding = {
  month: number;
  /** 累计预扣预缴应纳税所得额, floored at '0.00'. */
  cumulativeTaxableIncome: string;
  /** 预扣率 as a fraction with two places: '0.03', '0.10', '0.20', '0.25', '0.30', '0.35', '0.45'. */
  rate: string;
  /** 速算扣除数, e.g. '2520.00'. */
  quickDeduction: string;
  /**
   * 累计应预扣预缴税额: cumulativeTaxableIncome × rate − quickDeduction − cumulative tax relief,
   * floored at '0.00' and rounded to the cent.
   */
  cumulativeTax: string;
  /** 本期应预扣预缴税额: cumulativeTax − tax already withheld this year, floored at '0.00' (never refunded). */
  tax: string;
};

const WAGE_BRACKETS = parseBrackets(CUMULATIVE_WAGE_BRACKETS);
const MONTHLY_BASIC_DEDUCTION = new PayrollDecimal(5000);
const LOW_INCOME_ANNUAL_DEDUCTION = new PayrollDecimal(60000);

const FIELD_LABELS = {
  income: '本期收入',
  taxFreeIncome: '免税收入',
  specialDeduction: '专项扣除',
  additionalDeduction: '专项附加扣除',
  otherDeduction: '其他扣除',
  taxRelief: '减免税额',
} as const;

type ParsedMonth = {
  month: number;
  income: Dec;
  taxFreeIncome: Dec;
  specialDeduction: Dec;
  additionalDeduction: Dec;
  otherDeduction: Dec;
  taxRelief: Dec;
};

function parseMonths(months: readonly SalaryMonth[]): ParsedMonth[] {
  if (!Array.isArray(months)) throw new PayrollInputError('months', '月度工资数据必须是数组');
  let previous = 0;
  return months.map((entry, index) => {
    const path = `months[${index}]`;
    const where = `第${index + 1}条月度数据`;
    if (typeof entry !== 'object' || entry === null) throw new PayrollInputError(path, `${where}必须是对象`);
    const { month } = entry;
    if (!Number.isInteger(month) || month < 1 || month > 12) {
      throw new PayrollInputError(`${path}.month`, `${where}的月份必须是1到12之间的整数`);
    }
    if (month <= previous) {
      throw new PayrollInputError(`${path}.month`, `${where}的月份（${month}月）必须晚于上一条（${previous}月），月份须按顺序且不重复`);
    }
    previous = month;
    const label = (key: keyof typeof FIELD_LABELS) => `${month}月的${FIELD_LABELS[key]}`;
    return {
      month,
      income: parseMoney(entry.income, `${path}.income`, label('income')),
      taxFreeIncome: parseOptionalMoney(entry.taxFreeIncome, `${path}.taxFreeIncome`, label('taxFreeIncome')),
      specialDeduction: parseOptionalMoney(entry.specialDeduction, `${path}.specialDeduction`, label('specialDeduction')),
      additionalDeduction: parseOptionalMoney(entry.additionalDeduction, `${path}.additionalDeduction`, label('additionalDeduction')),
      otherDeduction: parseOptionalMoney(entry.otherDeduction, `${path}.otherDeduction`, label('otherDeduction')),
      taxRelief: parseOptionalMoney(entry.taxRelief, `${path}.taxRelief`, label('taxRelief')),
    };
  });
}

function validateOptions(options: WithholdingOptions): void {
  if (typeof options !== 'object' || options === null) throw new PayrollInputError('options', '计税选项必须是对象');
  for (const [key, label] of [
    ['firstJobOfYear', '年度首次取得工资薪金'],
    ['previousYearLowIncome', '上年收入不超过6万元'],
  ] as const) {
    const value = options[key];
    if (value !== undefined && typeof value !== 'boolean') {
      throw new PayrollInputError(`options.${key}`, `计税选项「${label}」必须是是/否（true或false）`);
    }
  }
}

/**
 * Individual income tax withheld on wages by the cumulative method (累计预扣法) of
 * 国家税务总局公告2018年第61号:
 *
 * 累计预扣预缴应纳税所得额 = 累计收入 − 累计免税收入 − 累计减除费用 − 累计专项扣除 − 累计专项附加扣除 − 累计依法确定的其他扣除
 * 本期应预扣预缴税额 = (累计预扣预缴应纳税所得额 × 预扣率 − 速算扣除数) − 累计减免税额 − 累计已预扣预缴税额
 *
 * `months` are this employer's months of the year in calendar order, the first being the first month
 * employed here this year; list every month employed (with income '0' for a month without pay),
 * because the cumulative basic deduction is 5,000 × the number of months listed so far (see the
 * options for the two 2020 exceptions). A month whose computed tax is negative withholds 0 and
 * nothing is refunded during the year (the difference is settled in the annual reconciliation).
 * Amounts are rounded half-up to the cent. With `options.opening`, the year's figures through its
 * month are taken as given (sums, basic deduction, tax withheld) and the months continue from them.
 *
 * @throws PayrollInputError for a non-numeric or negative amount, a month outside 1–12 or out of order,
 * or a month covered by the opening balance.
 */
export function withholdSalaryTax(months: readonly SalaryMonth[], options: WithholdingOptions = {}): SalaryWithholding[] {
  validateOptions(options);
  const parsed = parseMonths(months);
  const opening = parseOpening(options.opening, parsed);
  let income = opening?.income ?? ZERO;
  let deductions = opening ? opening.taxFreeIncome.plus(opening.specialDeduction).plus(opening.additionalDeduction).plus(opening.otherDeduction) : ZERO;
  let relief = opening?.taxRelief ?? ZERO;
  let withheld = opening?.taxWithheld ?? ZERO;
  const basicBefore = opening?.basicDeduction ?? ZERO;
  return parsed.map((entry, index) => {
    income = income.plus(entry.income);
    deductions = deductions
      .plus(entry.taxFreeIncome)
      .plus(entry.specialDeduction)
      .plus(entry.additionalDeduction)
      .plus(entry.otherDeduction);
    relief = relief.plus(entry.taxRelief);
    const basicDeduction = options.previousYearLowIncome
      ? LOW_INCOME_ANNUAL_DEDUCTION
      : options.firstJobOfYear
        ? MONTHLY_BASIC_DEDUCTION.times(entry.month)
        : basicBefore.plus(MONTHLY_BASIC_DEDUCTION.times(index + 1));
    const taxable = floorAtZero(income.minus(basicDeduction).minus(deductions));
    const bracket = findBracket(WAGE_BRACKETS, taxable);
    const cumulativeTax = floorAtZero(taxable.times(bracket.rate).minus(bracket.quickDeduction).minus(relief)).toDecimalPlaces(2);
    const tax = floorAtZero(cumulativeTax.minus(withheld));
    withheld = withheld.plus(tax);
    return {
      month: entry.month,
      cumulativeTaxableIncome: formatMoney(taxable),
      rate: bracket.source.rate,
      quickDeduction: formatMoney(bracket.quickDeduction),
      cumulativeTax: formatMoney(cumulativeTax),
      tax: formatMoney(tax),
    };
  });
}
