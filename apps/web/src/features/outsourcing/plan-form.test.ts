import { zPlanSave, type PlanView } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { feeAmountError, feePercentError, planValues, toPlanSave } from './plan-form.ts';

const view: PlanView = {
  id: 7,
  name: '杭州派遣标准方案',
  feeKind: 'percent',
  feeAmount: null,
  feeRate: '0.08',
  vatKind: 'general',
  salaryGroupId: 2,
  salaryGroupName: '派遣薪资组',
  siEntityId: 3,
  siEntityName: '杭州参保主体',
  contractPackageId: 4,
  contractPackageName: '三方派遣合同包',
  remark: '含年终结算',
  clientCount: 2,
  updatedAt: '2026-11-01 10:00:00',
};

describe('the plan form', () => {
  it('round-trips a percent plan into a body the server schema accepts', () => {
    const v = planValues(view);
    expect(v.feePercent).toBe('8');
    const body = toPlanSave(v, 7);
    expect(body).toEqual({ id: 7, name: '杭州派遣标准方案', feeKind: 'percent', feeAmount: null, feeRate: '0.08', vatKind: 'general', salaryGroupId: 2, siEntityId: 3, contractPackageId: 4, remark: '含年终结算' });
    expect(zPlanSave.safeParse(body).success).toBe(true);
  });

  it('sends only the fee input of the chosen kind', () => {
    const v = { ...planValues(view), feeKind: 'perHead' as const, feeAmount: ' 1,200.5 ' };
    const body = toPlanSave(v, 7);
    expect(body.feeAmount).toBe('1200.5');
    expect(body.feeRate).toBeNull();
    expect(zPlanSave.safeParse(body).success).toBe(true);
  });

  it('starts a new plan per head with the simplified VAT and no links', () => {
    const v = planValues(null);
    expect(v).toMatchObject({ feeKind: 'perHead', vatKind: 'simplified', salaryGroupId: null, feePercent: '' });
    const body = toPlanSave({ ...v, name: ' 外包方案 ', feeAmount: '300' }, null);
    expect(body.id).toBeUndefined();
    expect(body).toMatchObject({ name: '外包方案', feeAmount: '300', feeRate: null, contractPackageId: null });
    expect(zPlanSave.safeParse(body).success).toBe(true);
  });

  it('checks the per-head amount', () => {
    expect(feeAmountError('')).toBe('请输入每人每月服务费');
    expect(feeAmountError('0')).toBe('服务费应大于0');
    expect(feeAmountError('12.345')).toBe('服务费应为金额，最多两位小数');
    expect(feeAmountError('-5')).toBe('服务费应为金额，最多两位小数');
    expect(feeAmountError('300')).toBeNull();
    expect(feeAmountError('1,200.50')).toBeNull();
  });

  it('checks the rate as a percentage', () => {
    expect(feePercentError('')).toBe('请输入服务费比例');
    expect(feePercentError('0')).toBe('服务费比例应大于0');
    expect(feePercentError('101')).toBe('服务费比例应为0到100之间的数');
    expect(feePercentError('8.12345')).toBe('服务费比例最多保留4位小数');
    expect(feePercentError('8.5')).toBeNull();
  });
});
