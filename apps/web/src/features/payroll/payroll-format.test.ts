import { describe, expect, it } from 'vitest';
import { addMoney, changePercent, chinaMonth, formatItemValue, formatRate, insertAt, isWeekend, monthWeeks, moneyDifference, summaryColumns } from './payroll-format.ts';

describe('insertAt', () => {
  it.each([
    ['', 0, 0, '【基本工资】', '【基本工资】', 6],
    ['a+b', 1, 1, '*2', 'a*2+b', 3],
    ['a+b', 0, 3, 'c', 'c', 1],
    ['ab', 9, 9, 'c', 'abc', 3],
  ])('inserts into %j at %i..%i', (text, s, e, snip, out, caret) => {
    expect(insertAt(text, s, e, snip)).toEqual({ text: out, caret });
  });
});

describe('monthWeeks', () => {
  it('starts on Monday and pads the weeks', () => {
    // 2026-02-01 is a Sunday; February 2026 has 28 days
    const weeks = monthWeeks(2026, 2);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(weeks.flat().filter((d) => d !== null)).toHaveLength(28);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    // 2026-06-01 is a Monday
    expect(monthWeeks(2026, 6)[0]![0]).toBe(1);
  });
  it('knows weekends', () => {
    expect(isWeekend(2026, 2, 1)).toBe(true);
    expect(isWeekend(2026, 2, 2)).toBe(false);
    expect(isWeekend(2026, 2, 7)).toBe(true);
  });
});

describe('changePercent', () => {
  it.each([
    ['11000.00', '10000.00', '+10.0%'],
    ['9000.00', '10000.00', '-10.0%'],
    ['10000.00', '10000.00', '0.0%'],
    ['10000.00', '3000.00', '+233.3%'],
    ['1.00', '3.00', '-66.7%'],
    ['100.00', '0.00', null],
    ['100.00', null, null],
  ])('%s vs %s', (cur, prev, out) => {
    expect(changePercent(cur, prev)).toBe(out);
  });
});

describe('moneyDifference', () => {
  it.each([
    ['11000.50', '10000.00', '1000.50'],
    ['0.10', '0.30', '-0.20'],
    ['5', '5.00', '0.00'],
    ['5', null, null],
  ])('%s − %s', (cur, prev, out) => {
    expect(moneyDifference(cur, prev)).toBe(out);
  });
});

describe('chinaMonth', () => {
  it('uses China time', () => {
    expect(chinaMonth(new Date('2026-01-31T17:00:00Z'))).toBe('2026-02');
    expect(chinaMonth(new Date('2026-01-31T15:00:00Z'))).toBe('2026-01');
  });
});

describe('formatRate', () => {
  it.each([
    ['0.08', '8%'],
    ['0.005', '0.5%'],
    ['0.165', '16.5%'],
    ['0', '0%'],
    ['1', '100%'],
    ['0.12', '12%'],
    ['', '—'],
  ])('%j', (v, out) => {
    expect(formatRate(v)).toBe(out);
  });
});

describe('formatItemValue', () => {
  it('formats money categories as money and the rest as they are', () => {
    expect(formatItemValue('12345.6', 'income')).toBe('¥12,345.60');
    expect(formatItemValue('21', 'other')).toBe('21');
    expect(formatItemValue(undefined, 'income')).toBe('—');
  });
});

describe('addMoney', () => {
  it.each([
    ['0.10', '0.20', '0.30'],
    ['1200.50', '960.00', '2160.50'],
    ['-5.00', '3.25', '-1.75'],
  ])('%s + %s', (a, b, out) => {
    expect(addMoney(a, b)).toBe(out);
  });
});

describe('summary columns after the items', () => {
  it('adds only the figures no item already shows', () => {
    const items = [
      { name: '基本工资', type: 3, category: 'income' },
      { name: '应发工资', type: 2, category: 'income', role: 'gross' as const },
      { name: '社保个人', type: 4, category: 'deduction', systemKey: 'siEmployee' },
      { name: '公积金个人', type: 4, category: 'deduction', systemKey: 'hfEmployee' },
      { name: '个税', type: 4, category: 'deduction', systemKey: 'tax' },
      { name: '实发工资', type: 2, category: 'net', role: 'net' as const },
    ];
    expect(summaryColumns(items, ['gross', 'siEmployee', 'hfEmployee', 'tax', 'net'])).toEqual([]);
    // a group that shows contributions as one item and has no tax item
    const lean = [{ name: '社保公积金个人', type: 4, category: 'deduction', systemKey: 'contributionEmployee' }, { name: '应发', type: 2, category: 'income' }];
    expect(summaryColumns(lean, ['gross', 'siEmployee', 'hfEmployee', 'tax', 'net'])).toEqual(['gross', 'tax', 'net']);
  });
});
