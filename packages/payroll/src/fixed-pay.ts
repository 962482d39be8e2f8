import { PayrollDecimal, type Dec } from './decimal.ts';

/**
 * The fixed monthly pay of one employee-month from their pay timeline: each monthly salary counts
 * for the days it was in force while the person was employed, over the month's days. Days are
 * working days (the calendar's, holidays and make-up days included) or calendar days, by the
 * salary group's rule.
 */

export type ProrationBasis = 'workdays' | 'calendar';

/** A monthly salary in force from `from` ('YYYY-MM-DD') until the next entry. */
export type PayFrom = { from: string; salary: string };

export type PaySegment = { from: string; to: string; salary: string; days: number };

export type MonthFixedPay = {
  /** The month's fixed pay, unrounded (the item rounds it to its places). */
  amount: string;
  /** The salary in force at the month's last employed day (a social-insurance base by salary uses it). */
  salary: string;
  segments: PaySegment[];
  /** Days counted for pay, and the month's days by the same rule. */
  days: number;
  totalDays: number;
  prorated: boolean;
  /** How the amount was made, for the calculation's explanation; null for a whole month at one salary. */
  note: string | null;
};

export type FixedPayInput = {
  /** 'YYYY-MM' */
  month: string;
  /** Ascending by `from`; the first entry is in force before the month when it starts earlier. */
  timeline: readonly PayFrom[];
  hireDate: string | null;
  leaveDate: string | null;
  basis: ProrationBasis;
  /** Whether a date is a working day (the calendar data: weekends, holidays, make-up days). */
  isWorkingDay: (date: string) => boolean;
};

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const md = (date: string) => date.slice(5);

function monthEnds(month: string): { first: string; last: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { first: `${month}-01`, last: iso(Date.UTC(y, m, 0)) };
}

function countDays(from: string, to: string, basis: ProrationBasis, isWorkingDay: (d: string) => boolean): number {
  let n = 0;
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += DAY) if (basis === 'calendar' || isWorkingDay(iso(t))) n += 1;
  return n;
}

const money = (v: Dec | string) => new PayrollDecimal(v).toFixed(2);

/** Null when no salary is known for the employed part of the month (or nobody was employed in it). */
export function monthFixedPay(input: FixedPayInput): MonthFixedPay | null {
  const { first, last } = monthEnds(input.month);
  const start = input.hireDate && input.hireDate > first ? input.hireDate : first;
  const end = input.leaveDate && input.leaveDate < last ? input.leaveDate : last;
  if (start > end) return null;
  const totalDays = countDays(first, last, input.basis, input.isWorkingDay);
  // the salaries in force over [start, end]: the last entry from on or before `start`, then those after it
  const timeline = [...input.timeline].sort((a, b) => a.from.localeCompare(b.from));
  let current: PayFrom | undefined;
  const later: PayFrom[] = [];
  for (const p of timeline) {
    if (p.from <= start) current = p;
    else if (p.from <= end) later.push(p);
  }
  const pieces: { from: string; salary: string }[] = [];
  if (current) pieces.push({ from: start, salary: current.salary });
  for (const p of later) pieces.push({ from: p.from, salary: p.salary });
  if (pieces.length === 0) return null;
  const segments: PaySegment[] = pieces.map((p, i) => {
    const next = pieces[i + 1];
    const to = next ? iso(Date.parse(`${next.from}T00:00:00Z`) - DAY) : end;
    return { from: p.from, to, salary: p.salary, days: countDays(p.from, to, input.basis, input.isWorkingDay) };
  });
  const days = segments.reduce((n, s) => n + s.days, 0);
  const whole = segments.length === 1 && segments[0]!.from === first && end === last;
  const salary = segments[segments.length - 1]!.salary;
  if (whole) return { amount: salary, salary, segments, days, totalDays, prorated: false, note: null };
  const amount =
    totalDays === 0 ? new PayrollDecimal(0) : segments.reduce((sum, s) => sum.plus(new PayrollDecimal(s.salary).times(s.days).dividedBy(totalDays)), new PayrollDecimal(0));
  const unit = input.basis === 'calendar' ? '日历日' : '工作日';
  const parts = segments.map((s) => `${money(s.salary)}×${s.days}/${totalDays}`);
  const event = input.hireDate && input.hireDate > first ? `${md(start)}入职` : input.leaveDate && input.leaveDate < last ? `${md(end)}离职` : `${md(segments[0]!.from)}起薪`;
  const note =
    segments.length === 1
      ? `月中${event}：固定工资按在职${unit}${days}/${totalDays}天折算，${parts[0]} = ${money(amount)}`
      : `月中调薪：固定工资按${unit}分段折算，${segments.map((s, i) => `${md(s.from)}至${md(s.to)} ${parts[i]}`).join(' + ')} = ${money(amount)}`;
  return { amount: amount.toString(), salary, segments, days, totalDays, prorated: true, note };
}
