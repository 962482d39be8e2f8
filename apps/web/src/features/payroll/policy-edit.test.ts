import type { PolicyView } from '@wfsaas/contracts';
import { zPolicySave } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { checkPolicyForm, formToPolicySave, newPolicyForm, percentToRate, policyToForm, rateToPercent } from './policy-edit.ts';

const beijing: PolicyView = {
  id: null,
  key: '北京@2025-07-01',
  city: '北京',
  effectiveFrom: '2025-07-01',
  effectiveTo: null,
  source: '北京市人力资源和社会保障局',
  verified: true,
  origin: 'builtin',
  items: [
    { key: 'pension', name: '养老保险', baseFloor: '7162.00', baseCeiling: '35811.00', employerRate: '0.16', employeeRate: '0.08', rounding: { places: 2, mode: 'halfUp' }, source: '', verified: true },
    { key: 'medical', name: '医疗保险', baseFloor: '6733.00', baseCeiling: '35811.00', employerRate: '0.098', employeeRate: '0.02', employeeFixed: '3.00', rounding: { places: 2, mode: 'halfUp' }, source: '', verified: true },
    {
      key: 'housingFund',
      name: '住房公积金',
      baseFloor: '2540.00',
      baseCeiling: '35811.00',
      employerRate: '0.12',
      employeeRate: '0.12',
      rateRange: { min: '0.05', max: '0.12' },
      rounding: { places: 0, mode: 'halfUp' },
      source: '',
      verified: true,
      note: '5%–12%',
    },
  ],
};

describe('rate ↔ percent', () => {
  it('shows rates as percentages without float noise', () => {
    expect(rateToPercent('0.16')).toBe('16');
    expect(rateToPercent('0.005')).toBe('0.5');
    expect(rateToPercent('0.165')).toBe('16.5');
    expect(rateToPercent('0.098')).toBe('9.8');
    expect(rateToPercent('1')).toBe('100');
    expect(rateToPercent('0')).toBe('0');
    expect(rateToPercent('0.000125')).toBe('0.0125');
  });

  it('sends percentages as the 0–1 rates of the contract', () => {
    expect(percentToRate('16')).toBe('0.16');
    expect(percentToRate(0.5)).toBe('0.005');
    expect(percentToRate(16.5)).toBe('0.165');
    expect(percentToRate(9.8)).toBe('0.098');
    expect(percentToRate(100)).toBe('1');
    expect(percentToRate(0)).toBe('0');
    expect(percentToRate('0.0125')).toBe('0.000125');
    expect(percentToRate('007')).toBe('0.07');
  });

  it('refuses what is not 0–100% with at most four decimals', () => {
    expect(percentToRate(100.5)).toBeNull();
    expect(percentToRate('101')).toBeNull();
    expect(percentToRate('-1')).toBeNull();
    expect(percentToRate('1.23456')).toBeNull();
    expect(percentToRate('abc')).toBeNull();
    expect(percentToRate(null)).toBeNull();
  });

  it('round-trips every rate the contract allows with up to six places', () => {
    for (const r of ['0.16', '0.08', '0.005', '0.0025', '0.123456', '1', '0']) expect(percentToRate(rateToPercent(r))).toBe(r);
  });
});

describe('policy form → save body', () => {
  it('keeps a built-in policy as it is when nothing changes, without an id (a company copy)', () => {
    const body = formToPolicySave(policyToForm(beijing));
    expect(body.id).toBeUndefined();
    expect(body.city).toBe('北京');
    expect(body.effectiveFrom).toBe('2025-07-01');
    expect(body.items.map((i) => [i.employerRate, i.employeeRate, i.baseFloor, i.baseCeiling])).toEqual(beijing.items.map((i) => [i.employerRate, i.employeeRate, i.baseFloor, i.baseCeiling]));
    expect(body.items[1]!.employeeFixed).toBe('3.00');
    expect(body.items[2]!.rateRange).toEqual({ min: '0.05', max: '0.12' });
    expect(body.items[2]!.rounding).toEqual({ places: 0, mode: 'halfUp' });
    expect(body.items[2]!.note).toBe('5%–12%');
    expect(zPolicySave.safeParse(body).success).toBe(true);
  });

  it('sends an edited rate and the id of a company policy', () => {
    const f = policyToForm(beijing);
    f.items[0]!.employerPercent = 16.5;
    f.items[0]!.employerFixed = 12;
    const body = formToPolicySave(f, 7);
    expect(body.id).toBe(7);
    expect(body.items[0]!.employerRate).toBe('0.165');
    expect(body.items[0]!.employerFixed).toBe('12.00');
    expect(zPolicySave.safeParse(body).success).toBe(true);
  });

  it('checks floor ≤ ceiling, rates and the city before saving', () => {
    expect(checkPolicyForm(policyToForm(beijing))).toEqual([]);
    const f = policyToForm(beijing);
    f.items[0]!.baseFloor = 40000;
    f.items[1]!.employeePercent = 120;
    f.items[2]!.employerPercent = null;
    expect(checkPolicyForm(f)).toEqual(['养老保险：缴费基数下限不能高于上限', '医疗保险：个人比例应在0%到100%之间，最多四位小数', '住房公积金：请填写单位比例']);
    const n = newPolicyForm('2026-01-01');
    expect(n.items).toHaveLength(6);
    expect(checkPolicyForm(n)[0]).toBe('请填写城市');
    expect(checkPolicyForm({ ...policyToForm(beijing), effectiveTo: '2025-01-01' })).toEqual(['失效日期不能早于生效日期']);
  });
});
