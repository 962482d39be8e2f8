import { describe, expect, it } from 'vitest';
import { PayrollInputError } from './errors.ts';
import { labourRemunerationTax } from './labour.ts';

describe('labourRemunerationTax — 国家税务总局公告2018年第61号 预扣率表二', () => {
  it.each([
    // payment,    tax           taxable = payment − 800 (≤ 4,000) or × 80%; then 20% / 30% − 2,000 / 40% − 7,000
    ['0', '0.00'],
    ['500', '0.00'], // below the 800 expense: nothing taxable
    ['800', '0.00'], // 0 × 20%
    ['800.01', '0.00'], // 0.01 × 20% = 0.002
    ['802.53', '0.51'], // 2.53 × 20% = 0.506 → 0.51
    ['1000', '40.00'], // 200 × 20%
    ['2000', '240.00'], // 61号公告解读: (2,000 − 800) × 20% = 240
    ['4000', '640.00'], // 3,200 × 20%
    ['4000.01', '640.00'], // 3,200.008 × 20% = 640.0016
    ['4001', '640.16'], // 3,200.8 × 20%
    ['25000', '4000.00'], // 20,000 × 20% (20,000 is inclusive in the first row)
    ['25000.01', '4000.00'], // 20,000.008 × 30% − 2,000 = 4,000.0024
    ['30000', '5200.00'], // 24,000 × 30% − 2,000
    ['62500', '13000.00'], // 50,000 × 30% − 2,000 (50,000 inclusive in the second row)
    ['62500.01', '13000.00'], // 50,000.008 × 40% − 7,000 = 13,000.0032
    ['100000', '25000.00'], // 80,000 × 40% − 7,000
  ])('payment %s → %s', (payment, tax) => {
    expect(labourRemunerationTax(payment)).toBe(tax);
  });

  it.each(['-800', 'x', '1.234', ''])('rejects %j naming the field', (payment) => {
    expect(() => labourRemunerationTax(payment)).toThrow(PayrollInputError);
    expect(() => labourRemunerationTax(payment)).toThrow(`劳务报酬收入必须是不小于0的金额（数字，最多两位小数），收到："${payment}"`);
  });
});
