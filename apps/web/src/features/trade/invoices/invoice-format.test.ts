import { describe, expect, it } from 'vitest';
import { invoiceStatusTone, missingForSpecial, sumAmounts } from './invoice-format.ts';

describe('invoice helpers', () => {
  it('sums money in cents', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(sumAmounts(['1200.50', '99.5'])).toBe('1300.00');
    expect(sumAmounts([])).toBe('0.00');
  });

  it('names what a title lacks for a special invoice', () => {
    expect(missingForSpecial({ address: '杭州', phone: '', bank: ' ', account: '1' })).toEqual(['注册电话', '开户银行']);
    expect(missingForSpecial({ address: 'a', phone: 'b', bank: 'c', account: 'd' })).toEqual([]);
  });

  it('tones statuses', () => {
    expect([1, 2, 3, 4].map(invoiceStatusTone)).toEqual(['processing', 'success', 'error', 'default']);
  });
});
