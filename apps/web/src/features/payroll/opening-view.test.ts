import { describe, expect, it } from 'vitest';
import { openingAdditionalTotal, openingDeductionLines } from './opening-view.ts';

describe('opening balance view', () => {
  it('sums the special additional deductions without the personal pension', () => {
    expect(openingAdditionalTotal({ childEducation: '18000.00', housingRent: '13500.50', personalPension: '1000.00' })).toBe('31500.50');
    expect(openingAdditionalTotal({})).toBe('0.00');
  });

  it('lists the kinds it carries in the order of the deduction table', () => {
    expect(openingDeductionLines({ elderlySupport: '27000.00', childEducation: '18000.00', infantCare: '0.00', personalPension: '1000.00' })).toEqual([
      { label: '子女教育', amount: '18000.00' },
      { label: '赡养老人', amount: '27000.00' },
    ]);
  });
});
