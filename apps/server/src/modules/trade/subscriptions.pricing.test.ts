import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { quoteOrder, termState } from './subscriptions.pricing.ts';

/** Price orders: seats × price × months/12, prorated by remaining days, rounded once to the fen. */

const today = '2026-03-15';
const hrPro = { edition: 'pro', seats: 300, startDate: '2025-05-15', endDate: '2026-05-14' };
const refused = (fn: () => unknown, message: string) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe(message);
    return;
  }
  throw new Error('not refused');
};

describe('quoteOrder', () => {
  it('prices a new subscription for the whole term', () => {
    const q = quoteOrder({ product: 'hr', action: 'new', edition: 'basic', seats: 50, months: 24 }, null, today);
    expect(q).toMatchObject({ amount: '6000.00', unitPrice: '60.00', seats: 50, startDate: '2026-03-15', endDate: '2028-03-14', formula: '50人 × 60.00元/人·年 × 24/12' });
    expect(quoteOrder({ product: 'outsourcing', action: 'new', months: 12 }, null, today)).toMatchObject({ amount: '9800.00', seats: 0, edition: 'standard', endDate: '2027-03-14' });
  });

  it('renews from the day after the current end, or from today once expired', () => {
    expect(quoteOrder({ product: 'hr', action: 'renew', months: 12 }, hrPro, today)).toMatchObject({ amount: '36000.00', seats: 300, edition: 'pro', startDate: '2026-05-15', endDate: '2027-05-14' });
    expect(quoteOrder({ product: 'hr', action: 'renew', seats: 320, months: 12 }, { ...hrPro, endDate: '2026-01-31' }, today)).toMatchObject({ amount: '38400.00', startDate: today, endDate: '2027-03-14' });
  });

  it('prorates added seats by the days left in the term, rounding once', () => {
    // 2026-03-15 … 2026-05-14 is 61 days: 7 × 120 × 61 / 365 = 140.3835… → 140.38
    const q = quoteOrder({ product: 'hr', action: 'expand', seats: 7 }, hrPro, today);
    expect(q).toMatchObject({ amount: '140.38', seats: 7, startDate: today, endDate: '2026-05-14', formula: '新增7人 × 120.00元/人·年 × 剩余61天/365' });
    // the last day alone: 3 × 24 × 1 / 365 = 0.19726… → 0.20
    expect(quoteOrder({ product: 'payslip', action: 'expand', seats: 3 }, { edition: 'standard', seats: 10, startDate: '2025-03-15', endDate: today }, today).amount).toBe('0.20');
  });

  it('upgrades every seat for the days left at the price difference', () => {
    const q = quoteOrder({ product: 'hr', action: 'upgrade', edition: 'pro' }, { ...hrPro, edition: 'basic' }, today);
    // 300 × 60 × 61 / 365 = 3008.219… → 3008.22
    expect(q).toMatchObject({ amount: '3008.22', edition: 'pro', seats: 300, unitPrice: '60.00', endDate: '2026-05-14' });
    refused(() => quoteOrder({ product: 'hr', action: 'upgrade', edition: 'basic' }, hrPro, today), '版本：当前已是专业版，只能升级到更高版本');
  });

  it('sells signature packs valid a year, never shortening a longer term', () => {
    expect(quoteOrder({ product: 'econtract', action: 'pack', edition: 'pack500' }, null, today)).toMatchObject({ amount: '2000.00', pack: 500, endDate: '2027-03-14' });
    expect(quoteOrder({ product: 'econtract', action: 'pack', edition: 'pack100' }, { edition: 'pack', seats: 0, startDate: '2026-01-01', endDate: '2027-12-31' }, today).endDate).toBe('2027-12-31');
  });

  it('refuses orders that do not fit the subscription', () => {
    refused(() => quoteOrder({ product: 'hr', action: 'new', edition: 'pro', seats: 10 }, hrPro, today), '已订阅人事管理（至2026-05-14），请选择续费、扩容或升级');
    refused(() => quoteOrder({ product: 'hr', action: 'new', edition: 'pro' }, null, today), '人数：请填写人数');
    refused(() => quoteOrder({ product: 'hr', action: 'new', seats: 5 }, null, today), '版本：请选择版本');
    refused(() => quoteOrder({ product: 'hr', action: 'expand', seats: 5 }, { ...hrPro, endDate: '2026-03-01' }, today), '人事管理订阅已于2026-03-01到期，请先续费');
    refused(() => quoteOrder({ product: 'hr', action: 'expand', seats: 99_701 }, hrPro, today), '人数：扩容后的总人数不能超过100000');
    refused(() => quoteOrder({ product: 'econtract', action: 'new' }, null, today), '电子合同按套餐包购买，请选择套餐包');
    refused(() => quoteOrder({ product: 'siHosting', action: 'new' }, null, today), '社保托管按月结算，随月度结算账单收取，无需下单');
  });
});

describe('termState', () => {
  it('is active to the end date, in grace for fifteen days, then expired', () => {
    expect(termState('2026-03-15', today)).toBe('active');
    expect(termState('2026-02-28', today)).toBe('grace');
    expect(termState('2026-02-27', today)).toBe('expired');
  });
});
