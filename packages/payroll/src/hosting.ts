import { formatMoney, PayrollDecimal, ZERO, type Dec } from './decimal.ts';
import { PayrollInputError } from './errors.ts';
import { calculateSocialInsurance, type CityPolicy, type ContributionItemKey, type SocialInsuranceOptions } from './social-insurance.ts';

/**
 * Social-insurance hosting rules: which months a join or a leave covers, base clamping, back
 * payments with their late fee, and the annual base adjustment. Months are 'YYYY-MM', days
 * 'YYYY-MM-DD'; amounts decimal strings with two places.
 */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseMonth(month: string, label = '月份'): { y: number; m: number } {
  const match = MONTH.exec(month);
  if (!match) throw new PayrollInputError('month', `${label}必须是YYYY-MM格式，收到：${month}`);
  return { y: Number(match[1]), m: Number(match[2]) };
}

function dayParts(day: string, label = '日期'): { y: number; m: number; d: number } {
  const match = DAY.exec(day);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!match || !date || date.toISOString().slice(0, 10) !== day) throw new PayrollInputError('date', `${label}必须是YYYY-MM-DD格式的有效日期，收到：${day}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The month `n` months after `month` (negative: before). */
export function addMonths(month: string, n: number): string {
  const { y, m } = parseMonth(month);
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** Every month from `from` to `to`, both included; empty when `to` is before `from`. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) out.push(m);
  return out;
}

export const monthOf = (day: string): string => {
  const { y, m } = dayParts(day);
  return `${y}-${pad(m)}`;
};

/** Whether a join or leave day's month is contributed in full: social insurance is paid by whole months. */
export type JoinLeaveRules = {
  /** Joining after this day of the month is insured from the next month; null: the join month counts whatever the day. */
  joinCutoffDay: number | null;
};

/** The first insured month of an employee hired on `hireDate`. */
export function firstInsuredMonth(hireDate: string, rules: JoinLeaveRules): string {
  const { d } = dayParts(hireDate, '入职日期');
  const month = monthOf(hireDate);
  return rules.joinCutoffDay !== null && d > rules.joinCutoffDay ? addMonths(month, 1) : month;
}

/** The month a 减员 takes effect for an employee whose last day is `lastDay`: the month after (the last month is paid in full). */
export function leaveFromMonth(lastDay: string): string {
  return addMonths(monthOf(lastDay), 1);
}

/** The due date of a month's declaration: its deadline day in that month (a short month ends sooner). */
export function dueDate(month: string, deadlineDay: number): string {
  const { y, m } = parseMonth(month);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${pad(m)}-${pad(Math.min(deadlineDay, last))}`;
}

/** The month a declaration made on `today` is for: this month until its deadline day, then the next. */
export function declarableMonth(today: string, deadlineDay: number): string {
  const month = monthOf(today);
  return today <= dueDate(month, deadlineDay) ? month : addMonths(month, 1);
}

function daysBetween(from: string, to: string): number {
  const a = dayParts(from);
  const b = dayParts(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysFrom(from: string, to: string): number {
  return daysBetween(from, to);
}

/** A base raised to the floor or lowered to the ceiling, and which bound it met. */
export function clampBase(base: string, floor: string, ceiling: string): { base: string; clamped: 'floor' | 'ceiling' | null } {
  const b = new PayrollDecimal(base);
  if (b.lessThan(floor)) return { base: formatMoney(new PayrollDecimal(floor)), clamped: 'floor' };
  if (b.greaterThan(ceiling)) return { base: formatMoney(new PayrollDecimal(ceiling)), clamped: 'ceiling' };
  return { base: formatMoney(b), clamped: null };
}

/** The social-insurance bounds (the pension's, else the first item's) and the housing fund's, of a policy. */
export function policyBounds(policy: CityPolicy): { siFloor: string; siCeiling: string; hfFloor: string | null; hfCeiling: string | null; hfRateRange: { min: string; max: string } | null } {
  const si = policy.items.find((i) => i.key === 'pension') ?? policy.items.find((i) => i.key !== 'housingFund');
  const hf = policy.items.find((i) => i.key === 'housingFund');
  if (!si) throw new PayrollInputError('items', `${policy.city}社保公积金政策没有社会保险险种`);
  return {
    siFloor: formatMoney(new PayrollDecimal(si.baseFloor)),
    siCeiling: formatMoney(new PayrollDecimal(si.baseCeiling)),
    hfFloor: hf ? formatMoney(new PayrollDecimal(hf.baseFloor)) : null,
    hfCeiling: hf ? formatMoney(new PayrollDecimal(hf.baseCeiling)) : null,
    hfRateRange: hf?.rateRange ? { min: hf.rateRange.min, max: hf.rateRange.max } : null,
  };
}

/** One insured person's settings at an entity: the options of calculateSocialInsurance. */
export type InsuredSettings = { siBase: string; hfBase: string; hfRate: string | null; injuryRate: string | null };

export function contributionOptions(policy: CityPolicy, s: InsuredSettings): { base: string; options: SocialInsuranceOptions } {
  const rates: SocialInsuranceOptions['rates'] = {};
  const hasHf = policy.items.some((i) => i.key === 'housingFund');
  if (hasHf && s.hfRate !== null) rates.housingFund = { employer: s.hfRate, employee: s.hfRate };
  if (s.injuryRate !== null && policy.items.some((i) => i.key === 'injury')) rates.injury = { employer: s.injuryRate };
  const bases: Partial<Record<ContributionItemKey, string>> = hasHf ? { housingFund: s.hfBase } : {};
  return { base: s.siBase, options: { bases, rates } };
}

export type BackPayMonth = { month: string; due: string; employer: string; employee: string; amount: string; lateDays: number; lateFee: string };
export type BackPayment = { months: BackPayMonth[]; amount: string; lateFee: string; lateDays: number };

/**
 * A back payment (补缴) for `months` paid on `paidOn`: each month's contributions under the policy
 * in force that month, and a late fee of `dailyRate` (0.05 %) of the month's amount for every day
 * after that month's due date, rounded to the cent per month.
 */
export function backPayment(
  months: readonly string[],
  policyOf: (month: string) => CityPolicy,
  settings: InsuredSettings,
  deadlineDay: number,
  paidOn: string,
  dailyRate = '0.0005',
): BackPayment {
  dayParts(paidOn, '缴纳日期');
  const rate = new PayrollDecimal(dailyRate);
  let amount: Dec = ZERO;
  let fee: Dec = ZERO;
  let maxDays = 0;
  const out: BackPayMonth[] = [];
  for (const month of months) {
    const policy = policyOf(month);
    const { base, options } = contributionOptions(policy, settings);
    const r = calculateSocialInsurance(policy, base, options);
    const due = dueDate(month, deadlineDay);
    const days = Math.max(0, daysBetween(due, paidOn));
    const total = new PayrollDecimal(r.totals.total);
    const late = total.times(rate).times(days).toDecimalPlaces(2, PayrollDecimal.ROUND_HALF_UP);
    amount = amount.plus(total);
    fee = fee.plus(late);
    maxDays = Math.max(maxDays, days);
    out.push({ month, due, employer: r.totals.employer, employee: r.totals.employee, amount: r.totals.total, lateDays: days, lateFee: formatMoney(late) });
  }
  return { months: out, amount: formatMoney(amount), lateFee: formatMoney(fee), lateDays: maxDays };
}

/**
 * The annual base (年度调基): the average monthly wage of the previous year — from payroll results
 * (gross pay of the months paid) where there are any, else the roster's monthly salary — clamped
 * to the new policy's floor and ceiling.
 */
export function annualBase(
  wages: readonly string[],
  rosterSalary: string | null,
  bounds: { floor: string; ceiling: string },
): { averageWage: string; source: 'payroll' | 'roster'; months: number; base: string; clamped: 'floor' | 'ceiling' | null } {
  const paid = wages.map((w) => new PayrollDecimal(w)).filter((w) => w.greaterThan(0));
  const source = paid.length > 0 ? 'payroll' : 'roster';
  const average = paid.length > 0 ? paid.reduce((a, b) => a.plus(b), ZERO).dividedBy(paid.length).toDecimalPlaces(2, PayrollDecimal.ROUND_HALF_UP) : new PayrollDecimal(rosterSalary ?? '0');
  const clamped = clampBase(average.toFixed(2), bounds.floor, bounds.ceiling);
  return { averageWage: formatMoney(average), source, months: paid.length, base: clamped.base, clamped: clamped.clamped };
}
