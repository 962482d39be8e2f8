import type { CalendarDayView } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { calendarSaveBody, toEdited, toggleDay, workingDaysByMonth } from './calendar-edit.ts';

const builtin: CalendarDayView[] = [
  { date: '2025-01-01', kind: 1, name: '元旦', origin: 'builtin' },
  { date: '2025-01-26', kind: 2, name: '春节调休上班', origin: 'builtin' },
  { date: '2025-01-28', kind: 1, name: '春节', origin: 'builtin' },
  { date: '2025-01-29', kind: 1, name: '春节', origin: 'builtin' },
  { date: '2025-01-30', kind: 1, name: '春节', origin: 'builtin' },
  { date: '2025-01-31', kind: 1, name: '春节', origin: 'builtin' },
];

describe('calendar editing', () => {
  it('toggles weekdays to days off and weekends to make-up days', () => {
    let e = toEdited([]);
    e = toggleDay(e, '2025-03-03'); // Monday
    expect(e.get('2025-03-03')).toMatchObject({ kind: 1 });
    e = toggleDay(e, '2025-03-08'); // Saturday
    expect(e.get('2025-03-08')).toMatchObject({ kind: 2 });
    e = toggleDay(e, '2025-03-03');
    expect(e.has('2025-03-03')).toBe(false);
  });

  it('saves company days and clears removed built-in days with kind 0', () => {
    let e = toEdited(builtin);
    e = toggleDay(e, '2025-01-31'); // clear a built-in holiday
    e = toggleDay(e, '2025-02-03'); // a company day off (Monday)
    expect(calendarSaveBody(2025, builtin, e)).toEqual({
      year: 2025,
      days: [
        { date: '2025-01-31', kind: 0, name: '' },
        { date: '2025-02-03', kind: 1, name: '休息日' },
      ],
    });
  });

  it('counts working days with holidays and make-up days', () => {
    // January 2025: 23 weekdays; 1/1, 1/28–1/31 off (5), 1/26 (Sunday) worked → 19
    expect(workingDaysByMonth(2025, toEdited(builtin))[0]).toBe(19);
    expect(workingDaysByMonth(2025, toEdited([]))[0]).toBe(23);
  });
});
