import { describe, expect, it } from 'vitest';
import { monthFixedPay, type FixedPayInput } from './fixed-pay.ts';

// November 2026: 21 working days (no holidays), 30 calendar days.
const weekdays = (d: string) => {
  const w = new Date(`${d}T00:00:00Z`).getUTCDay();
  return w !== 0 && w !== 6;
};
const base: Omit<FixedPayInput, 'timeline'> = { month: '2026-11', hireDate: null, leaveDate: null, basis: 'workdays', isWorkingDay: weekdays };

describe('monthFixedPay', () => {
  it('a whole month at one salary is the salary, not prorated', () => {
    const r = monthFixedPay({ ...base, timeline: [{ from: '2025-03-01', salary: '6000.00' }] })!;
    expect(r).toMatchObject({ amount: '6000.00', salary: '6000.00', prorated: false, days: 21, totalDays: 21, note: null });
  });

  it.each([
    // joined 11-11 (a Wednesday): 14 of 21 working days
    ['a joiner by working days', { hireDate: '2026-11-11' }, 'workdays', '3666.67', 14, 21, '月中11-11入职：固定工资按在职工作日14/21天折算，5500.00×14/21 = 3666.67'],
    ['a joiner by calendar days', { hireDate: '2026-11-11' }, 'calendar', '3666.67', 20, 30, '月中11-11入职：固定工资按在职日历日20/30天折算，5500.00×20/30 = 3666.67'],
    // left 11-12 (a Thursday): 9 working days
    ['a leaver by working days', { leaveDate: '2026-11-12' }, 'workdays', '2357.14', 9, 21, '月中11-12离职：固定工资按在职工作日9/21天折算，5500.00×9/21 = 2357.14'],
    ['a leaver by calendar days', { leaveDate: '2026-11-12' }, 'calendar', '2200.00', 12, 30, '月中11-12离职：固定工资按在职日历日12/30天折算，5500.00×12/30 = 2200.00'],
  ] as const)('%s', (_n, dates, basis, amount, days, total, note) => {
    const r = monthFixedPay({ ...base, ...dates, basis, timeline: [{ from: '2026-11-01', salary: '5500.00' }] })!;
    expect(Number(r.amount).toFixed(2)).toBe(amount);
    expect(r).toMatchObject({ days, totalDays: total, prorated: true, note });
  });

  it('a raise effective mid-month splits the month by days', () => {
    // 6,000 until 11-15, 6,600 from 11-16: 10 + 11 working days
    const r = monthFixedPay({ ...base, timeline: [{ from: '2024-01-01', salary: '6000.00' }, { from: '2026-11-16', salary: '6600.00' }] })!;
    expect(r.segments).toEqual([
      { from: '2026-11-01', to: '2026-11-15', salary: '6000.00', days: 10 },
      { from: '2026-11-16', to: '2026-11-30', salary: '6600.00', days: 11 },
    ]);
    expect(Number(r.amount).toFixed(2)).toBe('6314.29');
    expect(r.salary).toBe('6600.00');
    expect(r.note).toBe('月中调薪：固定工资按工作日分段折算，11-01至11-15 6000.00×10/21 + 11-16至11-30 6600.00×11/21 = 6314.29');
  });

  it('a change from the first of the month, or before it, is the whole month at the new salary', () => {
    expect(monthFixedPay({ ...base, timeline: [{ from: '2026-01-01', salary: '6000.00' }, { from: '2026-11-01', salary: '4600.00' }] })).toMatchObject({ amount: '4600.00', prorated: false });
    expect(monthFixedPay({ ...base, timeline: [{ from: '2026-01-01', salary: '6000.00' }, { from: '2026-10-20', salary: '4600.00' }] })).toMatchObject({ amount: '4600.00', prorated: false });
    // a change after the month does not count
    expect(monthFixedPay({ ...base, timeline: [{ from: '2026-01-01', salary: '6000.00' }, { from: '2026-12-01', salary: '9000.00' }] })).toMatchObject({ amount: '6000.00' });
  });

  it('a join and a raise in one month: each salary for its days while employed', () => {
    const r = monthFixedPay({ ...base, hireDate: '2026-11-11', timeline: [{ from: '2026-11-11', salary: '5000.00' }, { from: '2026-11-23', salary: '5500.00' }] })!;
    expect(r.segments.map((s) => [s.from, s.to, s.days])).toEqual([
      ['2026-11-11', '2026-11-22', 8],
      ['2026-11-23', '2026-11-30', 6],
    ]);
    expect(r.days).toBe(14);
    expect(Number(r.amount).toFixed(2)).toBe(((5000 * 8 + 5500 * 6) / 21).toFixed(2));
  });

  it('holidays of the calendar data are not working days', () => {
    const golden = (d: string) => weekdays(d) && !(d >= '2026-10-01' && d <= '2026-10-07');
    const r = monthFixedPay({ ...base, month: '2026-10', isWorkingDay: golden, hireDate: '2026-10-12', timeline: [{ from: '2026-10-12', salary: '8000.00' }] })!;
    expect([r.days, r.totalDays]).toEqual([15, 17]);
  });

  it('no salary known, or not employed in the month: null', () => {
    expect(monthFixedPay({ ...base, timeline: [] })).toBeNull();
    expect(monthFixedPay({ ...base, hireDate: '2026-12-01', timeline: [{ from: '2026-01-01', salary: '1.00' }] })).toBeNull();
    // only known from after the month started: the days before count for nothing
    const late = monthFixedPay({ ...base, timeline: [{ from: '2026-11-16', salary: '6600.00' }] })!;
    expect(late.segments).toHaveLength(1);
    expect(late.prorated).toBe(true);
  });
});
