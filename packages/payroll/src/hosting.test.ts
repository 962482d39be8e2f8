import { describe, expect, it } from 'vitest';
import { addMonths, annualBase, backPayment, clampBase, declarableMonth, dueDate, firstInsuredMonth, leaveFromMonth, monthsBetween, policyBounds } from './hosting.ts';
import { POLICIES_2025 } from './policies/2025.ts';
import { findPolicy } from './social-insurance.ts';

const hangzhou = (month: string) => findPolicy(POLICIES_2025, '杭州', `${month}-01`);

describe('months', () => {
  it('steps across years both ways', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthsBetween('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsBetween('2026-05', '2026-04')).toEqual([]);
  });

  it('a due date falls back to the last day of a short month', () => {
    expect(dueDate('2026-02', 28)).toBe('2026-02-28');
    expect(dueDate('2026-11', 20)).toBe('2026-11-20');
  });

  it('declares for this month until the deadline day, then for the next', () => {
    expect(declarableMonth('2026-11-20', 20)).toBe('2026-11');
    expect(declarableMonth('2026-11-21', 20)).toBe('2026-12');
    expect(declarableMonth('2026-12-31', 15)).toBe('2027-01');
  });
});

describe('join and leave months', () => {
  it('a city where the join month counts whatever the day insures from the hire month', () => {
    expect(firstInsuredMonth('2026-11-30', { joinCutoffDay: null })).toBe('2026-11');
  });

  it('a city with a cut-off day insures a late joiner from the next month', () => {
    expect(firstInsuredMonth('2026-11-15', { joinCutoffDay: 15 })).toBe('2026-11');
    expect(firstInsuredMonth('2026-11-16', { joinCutoffDay: 15 })).toBe('2026-12');
    expect(firstInsuredMonth('2026-12-20', { joinCutoffDay: 15 })).toBe('2027-01');
  });

  it('a leaver is removed from the month after the last working day', () => {
    expect(leaveFromMonth('2026-11-01')).toBe('2026-12');
    expect(leaveFromMonth('2026-12-31')).toBe('2027-01');
  });

  it('refuses a day that does not exist', () => {
    expect(() => firstInsuredMonth('2026-02-30', { joinCutoffDay: null })).toThrow('入职日期必须是YYYY-MM-DD格式的有效日期');
  });
});

describe('base clamping', () => {
  const bounds = policyBounds(hangzhou('2026-01'));

  it('raises a low base to the floor and lowers a high one to the ceiling', () => {
    expect(clampBase('3000', bounds.siFloor, bounds.siCeiling)).toEqual({ base: bounds.siFloor, clamped: 'floor' });
    expect(clampBase('99999', bounds.siFloor, bounds.siCeiling)).toEqual({ base: bounds.siCeiling, clamped: 'ceiling' });
    expect(clampBase('8000.5', bounds.siFloor, bounds.siCeiling)).toEqual({ base: '8000.50', clamped: null });
  });

  it('reads the housing fund bounds and rate range apart from social insurance', () => {
    expect(bounds.hfRateRange).toEqual({ min: '0.05', max: '0.12' });
    expect(bounds.hfFloor).not.toBeNull();
  });
});

describe('back payment and late fee', () => {
  const settings = { siBase: '8000', hfBase: '8000', hfRate: '0.12', injuryRate: null };

  it('charges 0.05 % a day on each month from its due date, rounded per month', () => {
    const r = backPayment(['2026-09', '2026-10'], hangzhou, settings, 20, '2026-11-20');
    const [sep, oct] = r.months;
    expect(sep!.due).toBe('2026-09-20');
    expect(sep!.lateDays).toBe(61);
    expect(oct!.lateDays).toBe(31);
    // the fee is the month's amount × 0.0005 × days, to the cent
    const fee = (amount: string, days: number) => (Math.round(Number(amount) * 0.0005 * days * 100) / 100).toFixed(2);
    expect(sep!.lateFee).toBe(fee(sep!.amount, 61));
    expect(oct!.lateFee).toBe(fee(oct!.amount, 31));
    expect(r.lateFee).toBe((Number(sep!.lateFee) + Number(oct!.lateFee)).toFixed(2));
    expect(r.amount).toBe((Number(sep!.amount) + Number(oct!.amount)).toFixed(2));
    expect(r.lateDays).toBe(61);
  });

  it('no fee for a month paid by its due date', () => {
    const r = backPayment(['2026-11'], hangzhou, settings, 20, '2026-11-20');
    expect(r.months[0]!.lateDays).toBe(0);
    expect(r.lateFee).toBe('0.00');
  });

  it('the employer housing-fund rate and injury rate are the entity’s', () => {
    const low = backPayment(['2026-10'], hangzhou, { ...settings, hfRate: '0.05' }, 20, '2026-10-01');
    const high = backPayment(['2026-10'], hangzhou, settings, 20, '2026-10-01');
    expect(Number(low.amount)).toBeLessThan(Number(high.amount));
  });
});

describe('annual base adjustment', () => {
  const bounds = { floor: '4812', ceiling: '24930' };

  it('averages the months paid in payroll and clamps to the new bounds', () => {
    const r = annualBase(['9000', '9000', '12000', '0'], '5000', bounds);
    expect(r).toMatchObject({ averageWage: '10000.00', source: 'payroll', months: 3, base: '10000.00', clamped: null });
  });

  it('falls back to the roster salary without payroll results', () => {
    expect(annualBase([], '3000', bounds)).toMatchObject({ source: 'roster', base: '4812.00', clamped: 'floor' });
    expect(annualBase([], '40000', bounds)).toMatchObject({ base: '24930.00', clamped: 'ceiling' });
  });

  it('an average with thirds rounds half up to the cent', () => {
    expect(annualBase(['10000', '10000', '10001'], null, bounds).averageWage).toBe('10000.33');
  });
});
