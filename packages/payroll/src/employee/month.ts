import { addMoney, roundText } from '../fast.ts';
import type { OpeningBalance, SalaryMonth } from '../iit.ts';
import type { ContributionLine } from '../social-insurance.ts';
import type { EmployeeContributions } from './contributions.ts';

/**
 * One employee-month: what the calculation reads of an employee and the year so far, what it gives
 * back to be stored, and the steps the fast and exact paths share.
 */

export type PriorMonth = { month: number; income: string; taxFreeIncome: string; specialDeduction: string; additionalDeduction: string; otherDeduction: string };

export type TaxProfile = { firstJobOfYear: boolean; previousYearLowIncome: boolean; deductions: Record<string, string> };

export type EmployeeCalcInput = {
  /** Calendar month number of the run. */
  month: number;
  /** The monthly salary (a social-insurance base by salary uses it). */
  salary: string | null;
  /**
   * The month's fixed pay from the employee's pay timeline, already prorated for a mid-month join,
   * leave or pay change, with how it was made; when absent, `salary` prorated by employed days.
   */
  fixedPay?: { amount: string; note: string | null } | null;
  inputs: Readonly<Record<string, string>>;
  requiredDays: number;
  employedDays: number;
  /** Earlier months of this year at this company (locked or submitted), in order. */
  prior: readonly PriorMonth[];
  profile: TaxProfile | null;
  /**
   * The year's figures through a month from a previous payroll system (期初累计数据); it applies to
   * months after its throughMonth, and earlier months it covers are not counted again.
   */
  opening?: OpeningBalance | null;
  /**
   * This employee's own contributions of the month (a group taking bases from each person's
   * insurance, 按参保信息); when absent, the group's rule and the calculator give them.
   */
  contributions?: EmployeeContributions | null;
};

export type ProfileDeductions = { deductions: Record<string, string>; additional: string; other: string };

/** A tax profile's monthly deductions: those given (not zero), the special additional ones summed, and the personal pension (an other deduction). */
export function profileDeductions(profile: TaxProfile | null): ProfileDeductions {
  const deductions: Record<string, string> = {};
  let additional = '0.00';
  let other = '0.00';
  const given = profile?.deductions;
  if (given) {
    for (let k = 0; k < DEDUCTION_KINDS.length; k += 1) {
      const kind = DEDUCTION_KINDS[k]!;
      const v = given[kind];
      if (!v || v === '0') continue;
      deductions[kind] = v;
      if (kind === 'personalPension') other = addMoney(other, v);
      else additional = addMoney(additional, v);
    }
  }
  return { deductions, additional, other };
}

/** The opening balance that applies to the month, or null. */
export function openingFor(input: EmployeeCalcInput): OpeningBalance | null {
  const o = input.opening;
  return o && input.month > o.throughMonth ? o : null;
}

/** 累计减除费用 of the month: the 2020 rules, or 5,000 per month counted here on top of an opening balance's. */
export function basicDeductionText(months: number, month: number, flags: { firstJobOfYear: boolean; previousYearLowIncome: boolean }, opening: OpeningBalance | null): string {
  if (flags.previousYearLowIncome) return '60000.00';
  if (flags.firstJobOfYear) return `${5000 * month}.00`;
  return addMoney(opening?.basicDeduction ?? '0', `${5000 * months}`);
}

/** The tax part of a result, stored as the employee's tax detail. */
export type EmployeeTaxDetail = {
  taxFreeIncome: string;
  /** Per deduction kind, the month's amount. */
  deductions: Record<string, string>;
  cumulative: {
    months: number;
    income: string;
    taxFreeIncome: string;
    basicDeduction: string;
    specialDeduction: string;
    additionalDeduction: string;
    otherDeduction: string;
    taxableIncome: string;
    rate: string;
    quickDeduction: string;
    tax: string;
    withheldBefore: string;
    /** The month an opening balance (期初累计数据) covers, when the sums start from one. */
    openingThroughMonth?: number;
  } | null;
};

export type EmployeeCalcResult = {
  values: Record<string, string>;
  gross: string;
  net: string;
  siEmployee: string;
  siEmployer: string;
  hfEmployee: string;
  hfEmployer: string;
  contributions: ContributionLine[];
  taxableIncome: string;
  specialDeduction: string;
  additionalDeduction: string;
  otherDeduction: string;
  tax: string;
  taxDetail: EmployeeTaxDetail;
  warnings: string[];
};

const ADDITIONAL_KINDS = ['childEducation', 'continuingEducation', 'housingLoanInterest', 'housingRent', 'elderlySupport', 'infantCare'] as const;
const DEDUCTION_KINDS = [...ADDITIONAL_KINDS, 'personalPension'] as const;

export const money = (v: string) => roundText(v, 2);

/** The four combinations of the 2020 options, by firstJobOfYear + 2 × previousYearLowIncome. */
export const WITHHOLDING_OPTIONS = [
  { firstJobOfYear: false, previousYearLowIncome: false },
  { firstJobOfYear: true, previousYearLowIncome: false },
  { firstJobOfYear: false, previousYearLowIncome: true },
  { firstJobOfYear: true, previousYearLowIncome: true },
] as const;

/** The tax months of the year for this employee: the earlier months, then this one. */
export function taxMonths(input: Pick<EmployeeCalcInput, 'month' | 'prior'>, current: PriorMonth): SalaryMonth[] {
  const months: SalaryMonth[] = [];
  for (const m of input.prior) if (m.month < input.month) months.push(salaryMonth(m));
  months.push(salaryMonth(current));
  return months;
}

function salaryMonth(m: PriorMonth): SalaryMonth {
  return {
    month: m.month,
    income: m.income,
    taxFreeIncome: m.taxFreeIncome,
    specialDeduction: m.specialDeduction,
    additionalDeduction: m.additionalDeduction,
    otherDeduction: m.otherDeduction,
  };
}

/** A month of the year as the withholding reads it: the object itself when it has no other field the withholding would read. */
export function asSalaryMonth(m: PriorMonth): SalaryMonth {
  return (m as SalaryMonth).taxRelief === undefined ? m : salaryMonth(m);
}

/** Whether text is a plain decimal number: an optional minus, digits, and optionally a point and digits. */
export function isPlainNumber(v: unknown): boolean {
  if (typeof v !== 'string') return /^-?\d+(\.\d+)?$/.test(String(v));
  const length = v.length;
  let i = v.charCodeAt(0) === 45 ? 1 : 0;
  const start = i;
  while (i < length) {
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) break;
    i += 1;
  }
  if (i === start) return false;
  if (i === length) return true;
  if (v.charCodeAt(i) !== 46) return false;
  i += 1;
  const fraction = i;
  while (i < length) {
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) return false;
    i += 1;
  }
  return i > fraction;
}

/** The result both paths give, from the month's figures; wage-tax deductions only under the wage tax rule. */
export function employeeResult(
  values: Record<string, string>,
  gross: string,
  net: string,
  si: EmployeeContributions,
  taxable: string,
  wages: boolean,
  d: ProfileDeductions,
  tax: string,
  cumulative: EmployeeTaxDetail['cumulative'],
  warnings: string[],
): EmployeeCalcResult {
  return {
    values,
    gross,
    net,
    siEmployee: si.siEmployee,
    siEmployer: si.siEmployer,
    hfEmployee: si.hfEmployee,
    hfEmployer: si.hfEmployer,
    contributions: si.lines,
    taxableIncome: taxable,
    specialDeduction: wages ? si.contributionEmployee : '0.00',
    additionalDeduction: wages ? d.additional : '0.00',
    otherDeduction: wages ? d.other : '0.00',
    tax,
    taxDetail: { taxFreeIncome: '0.00', deductions: wages ? d.deductions : {}, cumulative },
    warnings,
  };
}
