import { zDepositAdd } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { covers, depositAmountError, fundingText, payoutActions, signedMoney } from './custody-format.ts';

const fmt = (v: string) => `¥${Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('custody screen rules', () => {
  it('offers confirm, then pay, then nothing once paid or cancelled', () => {
    expect(payoutActions({ status: 1, billStatus: 2 })).toEqual({ confirm: true, pay: false, cancel: true });
    expect(payoutActions({ status: 1, billStatus: 3 })).toEqual({ confirm: false, pay: true, cancel: true });
    expect(payoutActions({ status: 1, billStatus: 6 })).toEqual({ confirm: false, pay: true, cancel: true });
    expect(payoutActions({ status: 2, billStatus: 4 })).toEqual({ confirm: false, pay: false, cancel: false });
    expect(payoutActions({ status: 3, billStatus: 7 })).toEqual({ confirm: false, pay: false, cancel: false });
  });

  it('compares balances in cents', () => {
    expect(covers('100.00', '100')).toBe(true);
    expect(covers('99.99', '100.00')).toBe(false);
    expect(covers('1234567.8', '1234567.80')).toBe(true);
  });

  it('signs balance changes', () => {
    expect(signedMoney('1234.5', fmt)).toBe('+1,234.50');
    expect(signedMoney('-7478.93', fmt)).toBe('-7,478.93');
    expect(signedMoney('0.00', fmt)).toBe('0.00');
  });

  it('says how a paid payout was funded', () => {
    expect(fundingText({ status: 2, fundedBy: 'custody', disbursement: 'manual' })).toBe('托管账户余额支付，平台按明细人工代发');
    expect(fundingText({ status: 2, fundedBy: 'external', disbursement: 'manual' })).toBe('银行转账支付，平台按明细人工代发');
    expect(fundingText({ status: 1, fundedBy: null, disbursement: null })).toBe('—');
  });

  it('checks 充值金额 as the server does', () => {
    const base = { reference: 'R1', payerName: 'x', transferDate: '2026-11-20', proofFileId: 'a'.repeat(32) };
    for (const v of ['0', '0.00', '-1', '1.001', 'abc', '100000000.01', '', '1', '0.01', '100000000', '99999999.99']) {
      expect(depositAmountError(v) === null, v).toBe(zDepositAdd.safeParse({ ...base, amount: v }).success);
    }
    expect(depositAmountError('0')).toBe('充值金额必须大于0');
  });
});
