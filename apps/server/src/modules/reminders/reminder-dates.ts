import { addDays } from '../../platform/china-date.ts';
/**
 * The calendar arithmetic of reminders, on YYYY-MM-DD strings (China Standard Time days). Pure.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(day: string): [number, number, number] {
  const m = ISO.exec(day);
  if (!m) throw new Error(`not a date: ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/**
 * The month-days ('MM-DD') of the window [from, from + daysAhead], each with the date it falls on. A
 * 29 February birth or hire date is remembered on 28 February in a common year.
 */
export function monthDaysOfWindow(from: string, daysAhead: number): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i <= daysAhead; i++) {
    const day = addDays(from, i);
    const md = day.slice(5);
    if (!out.has(md)) out.set(md, day);
    if (md === '02-28' && !isLeapYear(parts(day)[0]) && !out.has('02-29')) out.set('02-29', day);
  }
  return out;
}

/** Whole years from a birth or hire date to the occasion. */
export function yearsOn(original: string, occasion: string): number {
  return parts(occasion)[0] - parts(original)[0];
}
