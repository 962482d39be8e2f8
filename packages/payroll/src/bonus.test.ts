import { describe, expect, it } from 'vitest';
import { annualBonusTax, compareBonusMethods } from './bonus.ts';
import { PayrollDecimal } from './decimal.ts';
import { PayrollInputError } from './errors.ts';
import type { SalaryMonth } from './iit.ts';

describe('annualBonusTax — 财税〔2018〕164号 separate taxation on the monthly-converted table', () => {
  it.each([
    // bonus,        tax          bonus ÷ 12 → bracket; tax = bonus × rate − quick deduction
    ['0', '0.00'],
    ['1000', '30.00'], // 83.33 → 3%: 30
    ['0.50', '0.02'], // 3%: 0.015 → 0.02 (half-up)
    ['1.50', '0.05'], // 3%: 0.045 → 0.05 (half-up; half-even would give 0.04)
    ['36000', '1080.00'], // 3,000 → 3%: 1,080
    ['36000.01', '3390.00'], // 3,000.0008 → 10%: 3,600.001 − 210 = 3,390.001
    ['36001', '3390.10'], // 3,000.08 → 10%: 3,600.1 − 210 — the famous cliff: one more yuan, 2,310.10 more tax
    ['38566.67', '3646.67'], // 10%: 3,856.667 − 210 = 3,646.667; net 34,920.00 = net of 36,000 (the end of the cliff)
    ['144000', '14190.00'], // 12,000 → 10%: 14,400 − 210
    ['144000.01', '27390.00'], // 20%: 28,800.002 − 1,410 = 27,390.002
    ['300000', '58590.00'], // 25,000 → 20%: 60,000 − 1,410
    ['300000.01', '72340.00'], // 25%: 75,000.0025 − 2,660 = 72,340.0025
    ['420000', '102340.00'], // 35,000 → 25%: 105,000 − 2,660
    ['420000.01', '121590.00'], // 30%: 126,000.003 − 4,410 = 121,590.003
    ['660000', '193590.00'], // 55,000 → 30%: 198,000 − 4,410
    ['660000.01', '223840.00'], // 35%: 231,000.0035 − 7,160 = 223,840.0035
    ['960000', '328840.00'], // 80,000 → 35%: 336,000 − 7,160
    ['960000.01', '416840.00'], // 45%: 432,000.0045 − 15,160 = 416,840.0045
    ['1000000', '434840.00'], // 45%: 450,000 − 15,160
  ])('bonus %s → %s', (bonus, tax) => {
    expect(annualBonusTax(bonus)).toBe(tax);
  });

  it('the cliff: after-tax income falls from 34,920.00 at 36,000 and recovers only at 38,566.67', () => {
    const net = (bonus: string) => new PayrollDecimal(bonus).minus(annualBonusTax(bonus)).toFixed(2);
    expect(net('36000')).toBe('34920.00');
    expect(net('36001')).toBe('32610.90');
    expect(net('38566.66')).toBe('34919.99'); // tax 3,646.666 → 3,646.67
    expect(net('38566.67')).toBe('34920.00');
  });

  it.each(['-1', 'abc', '1,000', '1e5', '100.001', ''])('rejects %j naming the field', (bonus) => {
    expect(() => annualBonusTax(bonus)).toThrow(PayrollInputError);
    expect(() => annualBonusTax(bonus)).toThrow(`全年一次性奖金必须是不小于0的金额（数字，最多两位小数），收到："${bonus}"`);
  });
});

describe('compareBonusMethods', () => {
  const year = (income: string, specialDeduction?: string): SalaryMonth[] =>
    Array.from({ length: 12 }, (_, index) => ({ month: index + 1, income, specialDeduction }));

  it('recommends separate taxation when the wages already fill the 3% bracket', () => {
    // Wages: (10,000 − 5,000 − 2,000) × 12 = 36,000 × 3% = 1,080; bonus 36,000 separately: 1,080 → 2,160.
    // Merged into December: 156,000 − 60,000 − 24,000 = 72,000 × 10% − 2,520 = 4,680.
    const result = compareBonusMethods({ months: year('10000', '2000'), bonus: '36000', bonusMonth: 12 });
    expect(result).toEqual({
      separate: { wageTax: '1080.00', bonusTax: '1080.00', totalTax: '2160.00' },
      merged: { wageTax: '4680.00', bonusTax: '0.00', totalTax: '4680.00' },
      recommended: 'separate',
      saving: '2520.00',
    });
  });

  it('recommends merging when the wages leave the basic deduction unused', () => {
    // Wages 3,000 × 12 = 36,000 < 60,000: no wage tax; bonus 20,000 separately: 1,666.67 → 3% = 600.
    // Merged: 56,000 − 60,000 < 0 → 0.
    const result = compareBonusMethods({ months: year('3000'), bonus: '20000', bonusMonth: 12 });
    expect(result.separate.totalTax).toBe('600.00');
    expect(result.merged.totalTax).toBe('0.00');
    expect(result.recommended).toBe('merged');
    expect(result.saving).toBe('600.00');
  });

  it('prefers separate on a tie', () => {
    // 5,000 × 12 = 60,000: wages exactly use the deduction; bonus 20,000 → 600 either way.
    const result = compareBonusMethods({ months: year('5000'), bonus: '20000', bonusMonth: 6 });
    expect(result.separate.totalTax).toBe('600.00');
    expect(result.merged.totalTax).toBe('600.00');
    expect(result.recommended).toBe('separate');
    expect(result.saving).toBe('0.00');
  });

  it('applies the withholding options to both methods', () => {
    // previousYearLowIncome: 4,000 × 12 + 20,000 = 68,000 − 60,000 = 8,000 × 3% = 240 merged; separate 600.
    const result = compareBonusMethods({ months: year('4000'), bonus: '20000', bonusMonth: 12, options: { previousYearLowIncome: true } });
    expect(result.merged.totalTax).toBe('240.00');
    expect(result.separate.totalTax).toBe('600.00');
  });

  it('rejects a bonus month without wage data and an invalid bonus', () => {
    expect(() => compareBonusMethods({ months: year('3000').slice(0, 6), bonus: '1000', bonusMonth: 12 })).toThrow('奖金发放月份（12）必须是已提供工资数据的月份之一');
    expect(() => compareBonusMethods({ months: [], bonus: '1000', bonusMonth: 1 })).toThrow(PayrollInputError);
    expect(() => compareBonusMethods({ months: year('3000'), bonus: '-5', bonusMonth: 1 })).toThrow('全年一次性奖金必须是不小于0的金额');
  });
});
