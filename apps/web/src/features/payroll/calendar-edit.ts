import type { CalendarDayView, CalendarSave } from '@wfsaas/contracts';
import { isWeekend } from './payroll-format.ts';

export type EditedDay = { kind: 1 | 2; name: string; origin: 'builtin' | 'company' };
export type EditedDays = ReadonlyMap<string, EditedDay>;

export function toEdited(days: readonly CalendarDayView[]): Map<string, EditedDay> {
  return new Map(days.map((d) => [d.date, { kind: d.kind, name: d.name, origin: d.origin }]));
}

/**
 * A click on a day: a weekday becomes a day off (休息) and back; a weekend day becomes a make-up
 * working day (调休上班) and back; a marked day returns to the weekly rule.
 */
export function toggleDay(days: EditedDays, date: string): Map<string, EditedDay> {
  const next = new Map(days);
  if (next.has(date)) {
    next.delete(date);
    return next;
  }
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  next.set(date, isWeekend(y, m, d) ? { kind: 2, name: '调休上班', origin: 'company' } : { kind: 1, name: '休息日', origin: 'company' });
  return next;
}

/**
 * The company's own days to save: every day the company set, plus 按周末规则 (kind 0) for each
 * built-in day that was cleared, so the built-in notice no longer applies to it.
 */
export function calendarSaveBody(year: number, original: readonly CalendarDayView[], edited: EditedDays): CalendarSave {
  const days: CalendarSave['days'] = [];
  for (const [date, d] of edited) if (d.origin === 'company') days.push({ date, kind: d.kind, name: d.name });
  for (const o of original) if (o.origin === 'builtin' && !edited.has(o.date)) days.push({ date: o.date, kind: 0, name: '' });
  days.sort((a, b) => a.date.localeCompare(b.date));
  return { year, days };
}

/** Working days of each month of a year under the edited days (January first). */
export function workingDaysByMonth(year: number, edited: EditedDays): number[] {
  return Array.from({ length: 12 }, (_, i) => {
    const last = new Date(Date.UTC(year, i + 1, 0)).getUTCDate();
    let n = 0;
    for (let d = 1; d <= last; d++) {
      const key = `${year}-${String(i + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
      const kind = edited.get(key)?.kind;
      if (kind === 2 || (kind !== 1 && !isWeekend(year, i + 1, d))) n += 1;
    }
    return n;
  });
}
