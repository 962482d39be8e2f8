import { zApplyLineSave, type ApplyLineView } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { lineValues, moneyError, monthRangeError, toLineSave } from './line-form.ts';

const proposed: ApplyLineView = {
  id: null,
  proposalKey: 'join:12',
  employeeId: 12,
  name: '王五',
  employeeNo: 'E012',
  idNumberMasked: '330102********1234',
  kind: 1,
  source: 'onboarding',
  fromMonth: '2026-11',
  toMonth: null,
  siBase: '8000.00',
  hfBase: '8000.00',
  hfRate: '0.12',
  backPay: null,
  lateFee: null,
  lateDays: null,
  remark: '',
  dropped: false,
  result: 0,
  reason: '',
};

describe('the line form', () => {
  it('saves a proposal by its key and a stored line by its id', () => {
    const v = lineValues(proposed, '2026-11');
    expect(v.hfPercent).toBe('12');
    const body = toLineSave(5, proposed, { ...v, siBase: ' 9000 ' });
    expect(body).toMatchObject({ applyId: 5, proposalKey: 'join:12', employeeId: 12, siBase: '9000', hfRate: '0.12', toMonth: null });
    expect(body.lineId).toBeUndefined();
    expect(zApplyLineSave.safeParse(body).success).toBe(true);
    expect(toLineSave(5, { ...proposed, id: 8 }, v)).toMatchObject({ lineId: 8 });
  });

  it('adds a manual line for the chosen employee', () => {
    const v = { ...lineValues(null, '2026-11'), employeeId: 30, siBase: '5000', hfBase: '5000', hfPercent: '7', kind: 4 as const, fromMonth: '2026-09', toMonth: '2026-10' };
    const body = toLineSave(5, null, v);
    expect(body).toMatchObject({ employeeId: 30, kind: 4, fromMonth: '2026-09', toMonth: '2026-10', hfRate: '0.07' });
    expect(body.lineId).toBeUndefined();
    expect(body.proposalKey).toBeUndefined();
    expect(zApplyLineSave.safeParse(body).success).toBe(true);
  });

  it('checks months and amounts', () => {
    expect(monthRangeError('2026-10', '2026-09')).toBe('截止月不能早于起始月');
    expect(monthRangeError('2026-10', null)).toBeNull();
    expect(moneyError('', '社保基数')).toBe('请输入社保基数');
    expect(moneyError('12.345', '社保基数')).toBe('社保基数应为不小于0的金额，最多两位小数');
    expect(moneyError('8000', '社保基数')).toBeNull();
  });
});
