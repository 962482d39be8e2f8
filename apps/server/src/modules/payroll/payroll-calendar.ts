/**
 * The statutory holidays and make-up working days of China, as published each year by the General
 * Office of the State Council, and the working days of a month computed from them. A company may
 * change any day (payroll_calendar_days); its setting wins over the built-in one.
 */

export type CalendarDay = { date: string; kind: 1 | 2; name: string };

type YearCalendar = { source: string; days: CalendarDay[] };

function range(from: string, to: string, name: string): CalendarDay[] {
  const out: CalendarDay[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) out.push({ date: new Date(t).toISOString().slice(0, 10), kind: 1, name });
  return out;
}
const work = (date: string, name: string): CalendarDay => ({ date, kind: 2, name: `${name}调休上班` });

/** Built-in years. */
export const BUILTIN_CALENDARS: Readonly<Record<number, YearCalendar>> = {
  2025: {
    source: '国务院办公厅关于2025年部分节假日安排的通知（国办发明电〔2024〕12号）',
    days: [
      ...range('2025-01-01', '2025-01-01', '元旦'),
      work('2025-01-26', '春节'),
      ...range('2025-01-28', '2025-02-04', '春节'),
      work('2025-02-08', '春节'),
      ...range('2025-04-04', '2025-04-06', '清明节'),
      work('2025-04-27', '劳动节'),
      ...range('2025-05-01', '2025-05-05', '劳动节'),
      ...range('2025-05-31', '2025-06-02', '端午节'),
      work('2025-09-28', '国庆节、中秋节'),
      ...range('2025-10-01', '2025-10-08', '国庆节、中秋节'),
      work('2025-10-11', '国庆节、中秋节'),
    ],
  },
  2026: {
    source: '国务院办公厅关于2026年部分节假日安排的通知',
    days: [
      ...range('2026-01-01', '2026-01-03', '元旦'),
      work('2026-01-04', '元旦'),
      work('2026-02-14', '春节'),
      ...range('2026-02-15', '2026-02-23', '春节'),
      work('2026-02-28', '春节'),
      ...range('2026-04-04', '2026-04-06', '清明节'),
      ...range('2026-05-01', '2026-05-05', '劳动节'),
      work('2026-05-09', '劳动节'),
      ...range('2026-06-19', '2026-06-21', '端午节'),
      work('2026-09-20', '国庆节'),
      ...range('2026-09-25', '2026-09-27', '中秋节'),
      ...range('2026-10-01', '2026-10-07', '国庆节'),
      work('2026-10-10', '国庆节'),
    ],
  },
};

/** A company's own setting of a day: 0 clears a built-in day (weekend rule), 1 rest, 2 make-up working day. */
export type CompanyDay = { date: string; kind: 0 | 1 | 2; name: string };

/** The effective special days of a year: built-in days overridden by the company's. */
export function effectiveDays(year: number, own: readonly CompanyDay[]): (CalendarDay & { origin: 'builtin' | 'company' })[] {
  const map = new Map<string, CalendarDay & { origin: 'builtin' | 'company' }>();
  for (const d of BUILTIN_CALENDARS[year]?.days ?? []) map.set(d.date, { ...d, origin: 'builtin' });
  for (const d of own) {
    if (!d.date.startsWith(`${year}-`)) continue;
    if (d.kind === 0) map.delete(d.date);
    else map.set(d.date, { date: d.date, kind: d.kind, name: d.name, origin: 'company' });
  }
  return [...map.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Is the day a working day: a make-up day works, a holiday rests, otherwise Monday–Friday work. */
export type DayKinds = ReadonlyMap<string, 1 | 2>;

export function dayKinds(days: readonly { date: string; kind: 1 | 2 }[]): DayKinds {
  return new Map(days.map((d) => [d.date, d.kind]));
}

function isWorkingDay(t: number, kinds: DayKinds): boolean {
  const date = new Date(t).toISOString().slice(0, 10);
  const kind = kinds.get(date);
  if (kind === 2) return true;
  if (kind === 1) return false;
  const weekday = new Date(t).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** Is the date ('YYYY-MM-DD') a working day by these special days. */
export function isWorkingDate(date: string, kinds: DayKinds): boolean {
  return isWorkingDay(Date.parse(`${date}T00:00:00Z`), kinds);
}

export function monthBounds(month: string): { first: string; last: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { first: `${month}-01`, last };
}

/** Working days between two dates, inclusive ('YYYY-MM-DD'). */
export function countWorkingDays(from: string, to: string, kinds: DayKinds): number {
  let n = 0;
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) if (isWorkingDay(t, kinds)) n += 1;
  return n;
}

/** Working days of a month. */
export function monthWorkingDays(month: string, kinds: DayKinds): number {
  const { first, last } = monthBounds(month);
  return countWorkingDays(first, last, kinds);
}

/** Working days of the month the employee was employed (hire and leave dates inclusive). */
export function employedWorkingDays(month: string, kinds: DayKinds, hireDate: string | null, leaveDate: string | null): number {
  const { first, last } = monthBounds(month);
  const from = hireDate && hireDate > first ? hireDate : first;
  const to = leaveDate && leaveDate < last ? leaveDate : last;
  if (from > to) return 0;
  return countWorkingDays(from, to, kinds);
}
