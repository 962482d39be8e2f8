import { describe, expect, it } from 'vitest';
import { balancesOf, isBalanced, move, postingsFor } from './ledger.ts';

describe('custody ledger arithmetic', () => {
  it('a movement is two postings that sum to zero', () => {
    expect(move('custody', 'payable', '1234.5')).toEqual([
      { account: 'custody', amount: '-1234.50' },
      { account: 'payable', amount: '1234.50' },
    ]);
    expect(isBalanced(move('in_transit', 'custody', '0.01'))).toBe(true);
  });

  it('refuses a zero, negative or sub-cent movement', () => {
    expect(() => move('custody', 'fees', '0')).toThrow();
    expect(() => move('custody', 'fees', '-1')).toThrow();
    expect(() => move('custody', 'fees', '1.005')).toThrow();
  });

  it('knows an unbalanced or one-legged transaction', () => {
    expect(isBalanced([{ account: 'custody', amount: '1.00' }])).toBe(false);
    expect(isBalanced([{ account: 'custody', amount: '1.00' }, { account: 'fees', amount: '-0.99' }])).toBe(false);
    expect(isBalanced([{ account: 'custody', amount: '0.00' }, { account: 'fees', amount: '0.00' }])).toBe(false);
  });

  it('a deposit registered, then rejected, leaves every balance where it was', () => {
    const b = balancesOf([...postingsFor.depositRegister('5000.00'), ...postingsFor.depositReject('5000.00')]);
    for (const v of b.values()) expect(v.isZero()).toBe(true);
  });

  it('a full cycle: the balance is deposits confirmed minus wages and fees paid from it', () => {
    const all = [
      ...postingsFor.depositRegister('10000.00'),
      ...postingsFor.depositConfirm('10000.00'),
      ...postingsFor.payoutPay('8765.43', '20.00'),
      ...postingsFor.payoutRelease('8765.43'),
    ];
    const b = balancesOf(all);
    expect(b.get('custody')!.toFixed(2)).toBe('1214.57');
    expect(b.get('payable')!.toFixed(2)).toBe('0.00');
    expect(b.get('paid_out')!.toFixed(2)).toBe('8765.43');
    expect(b.get('fees')!.toFixed(2)).toBe('20.00');
    expect(b.get('in_transit')!.toFixed(2)).toBe('0.00');
    expect(isBalanced(postingsFor.payoutPay('8765.43', '20.00'))).toBe(true);
  });

  it('a payout paid by transfer leaves the custody balance untouched', () => {
    const b = balancesOf([...postingsFor.payoutTransfer('100.00', '2.00'), ...postingsFor.payoutRelease('100.00')]);
    expect(b.get('custody')).toBeUndefined();
    expect(b.get('external')!.toFixed(2)).toBe('-102.00');
  });
});
