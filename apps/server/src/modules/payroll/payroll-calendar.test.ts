import { describe, expect, it } from 'vitest';
import { dayKinds, effectiveDays, employedWorkingDays, monthWorkingDays } from './payroll-calendar.ts';

/** The calendar's working days without a database. */

const kinds2025 = dayKinds(effectiveDays(2025, []));
const kinds2026 = dayKinds(effectiveDays(2026, []));

describe('working days', () => {
  it.each([
    ['2025-01', 19], // 23 weekdays − 1/1, 1/28–1/31 + Sunday 1/26
    ['2025-02', 19], // 20 − 2/3, 2/4 + Saturday 2/8
    ['2025-04', 22], // 22 weekdays − 4/4 + Sunday 4/27
    ['2025-05', 19], // 22 − 5/1, 5/2, 5/5
    ['2025-06', 20], // 21 − 6/2
    ['2025-09', 23], // 22 + Sunday 9/28
    ['2025-10', 18], // 23 − 10/1–10/3, 10/6–10/8 + Saturday 10/11
    ['2025-11', 20],
    ['2026-02', 16], // 20 − 2/16–2/20, 2/23 + Saturdays 2/14, 2/28
    ['2026-10', 18], // 22 − 10/1, 10/2, 10/5–10/7 + Saturday 10/10
  ])('%s has %i working days', (month, days) => {
    expect(monthWorkingDays(month, month.startsWith('2025') ? kinds2025 : kinds2026)).toBe(days);
  });

  it('lets a company override a built-in day and counts a mid-month joiner’s days', () => {
    const own = dayKinds(effectiveDays(2025, [{ date: '2025-10-08', kind: 0, name: '' }, { date: '2025-11-03', kind: 1, name: '司庆日' }]));
    expect(monthWorkingDays('2025-10', own)).toBe(19);
    expect(monthWorkingDays('2025-11', own)).toBe(19);
    expect(employedWorkingDays('2025-10', kinds2025, '2025-10-09', null)).toBe(18); // 17 weekdays + Saturday 10/11
    expect(employedWorkingDays('2025-10', kinds2025, null, '2025-10-10')).toBe(2);
  });
});
