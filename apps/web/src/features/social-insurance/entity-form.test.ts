import type { EntityView } from '@wfsaas/contracts';
import { zEntitySave } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { effectiveEntity, entityParam, loadCurrentEntity, saveCurrentEntity } from './current-entity.ts';
import { entityValues, managedByText, percentError, percentToRate, rateToPercent, toEntitySave } from './entity-form.ts';

describe('rates as percentages', () => {
  it('shifts the digits both ways', () => {
    expect(rateToPercent('0.07')).toBe('7');
    expect(rateToPercent('0.004')).toBe('0.4');
    expect(rateToPercent('0.1234')).toBe('12.34');
    expect(rateToPercent('1')).toBe('100');
    expect(rateToPercent(null)).toBe('');
    expect(percentToRate('7')).toBe('0.07');
    expect(percentToRate('0.4')).toBe('0.004');
    expect(percentToRate('12.34')).toBe('0.1234');
    expect(percentToRate('100')).toBe('1');
    expect(percentToRate(5)).toBe('0.05');
    expect(percentToRate('0')).toBe('0');
    expect(percentToRate('')).toBeNull();
    expect(percentToRate('101')).toBeNull();
    expect(percentToRate('abc')).toBeNull();
  });

  it('checks a percentage against a range', () => {
    const range = { label: '公积金缴存比例', min: '0.05', max: '0.12' };
    expect(percentError('', range)).toBeNull();
    expect(percentError('', { ...range, required: true })).toBe('请输入公积金缴存比例');
    expect(percentError('4', range)).toBe('公积金缴存比例不能低于5%');
    expect(percentError('13', range)).toBe('公积金缴存比例不能高于12%');
    expect(percentError('7', range)).toBeNull();
    expect(percentError('x', range)).toBe('公积金缴存比例应为0到100之间的数');
  });
});

describe('the entity form', () => {
  const view: EntityView = {
    id: 3,
    name: '杭州总部社保账户',
    city: '杭州',
    siAccountNo: '330100001',
    hfAccountNo: 'HF001',
    injuryRate: '0.004',
    hfRate: '0.12',
    deadlineDay: 20,
    joinCutoffDay: null,
    managedBy: 'agency',
    agencyName: '杭州人力代理',
    locations: ['杭州', '宁波'],
    isDefault: true,
    baseFollowsPay: false,
    insuredCount: 10,
    policy: null,
    policyError: null,
  };

  it('round-trips an entity into a save body the server schema accepts', () => {
    const body = toEntitySave(entityValues(view), view.id);
    expect(body).toMatchObject({ id: 3, injuryRate: '0.004', hfRate: '0.12', agencyName: '杭州人力代理', locations: ['杭州', '宁波'] });
    expect(zEntitySave.safeParse(body).success).toBe(true);
  });

  it('starts a new entity with a valid body once named', () => {
    const body = toEntitySave({ ...entityValues(null), name: ' 上海分公司 ', city: '上海', locations: [' 上海 ', '上海', ''] }, null);
    expect(body.id).toBeUndefined();
    expect(body).toMatchObject({ name: '上海分公司', injuryRate: null, hfRate: null, agencyName: '', locations: ['上海'] });
    expect(zEntitySave.safeParse(body).success).toBe(true);
  });

  it('drops the agency name of a self-run account and shows who runs it', () => {
    expect(toEntitySave({ ...entityValues(view), managedBy: 'self' }, 3).agencyName).toBe('');
    expect(managedByText(view)).toBe('代理：杭州人力代理');
    expect(managedByText({ managedBy: 'self', agencyName: '' })).toBe('自办');
  });
});

describe('the current entity', () => {
  it('is kept per company', () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
    saveCurrentEntity(storage, 1, 5);
    expect(loadCurrentEntity(storage, 1)).toBe(5);
    expect(loadCurrentEntity(storage, 2)).toBeNull();
    saveCurrentEntity(storage, 1, null);
    expect(loadCurrentEntity(storage, 1)).toBeNull();
  });

  it('falls back to the default entity when the remembered one is gone', () => {
    const known = [{ id: 1, isDefault: false }, { id: 2, isDefault: true }];
    expect(effectiveEntity(1, known)).toBe(1);
    expect(effectiveEntity(9, known)).toBe(2);
    expect(effectiveEntity(null, [{ id: 1 }])).toBeNull();
    expect(effectiveEntity(4, null)).toBe(4);
  });

  it('sends no entity for 全部主体', () => {
    expect(entityParam(0)).toBeUndefined();
    expect(entityParam(undefined)).toBeUndefined();
    expect(entityParam(3)).toBe(3);
  });
});
