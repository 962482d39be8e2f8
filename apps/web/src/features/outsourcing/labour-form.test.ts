import { zDismissHandle, zDismissSave, zOnboardingAdd, zOrderSave, zOsQuitStart, zPlacementTerms } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import {
  arrivalDate,
  defaultLastDay,
  lastDayError,
  openOrdersOf,
  probationError,
  rosterOf,
  termsError,
  termsForClient,
  termsForOrder,
  termsFromSearch,
  termsToSearch,
  toDismissSave,
  toOnboardingAdd,
  toOrderSave,
  toPlacementTerms,
  toQuitStart,
  toReplaceHandle,
  toResignHandle,
} from './labour-form.ts';

const client = {
  id: 4,
  planId: 2,
  agreementStart: '2026-01-01',
  agreementEnd: '2027-12-31',
  posts: [
    { name: '仓储分拣员', kind: 'auxiliary' as const },
    { name: '客服专员', kind: 'regular' as const },
  ],
};

describe('the order and dismissal forms', () => {
  it('sends an order with pay in two places and trimmed text', () => {
    const body = toOrderSave({ clientId: 4, post: ' 仓储分拣员 ', headcount: 3, pay: 5200, startDate: '2026-12-01', requirements: ' 能上夜班 ' });
    expect(body).toEqual({ clientId: 4, post: '仓储分拣员', headcount: 3, pay: '5200.00', startDate: '2026-12-01', requirements: '能上夜班' });
    expect(zOrderSave.safeParse(body).success).toBe(true);
    expect(zOrderSave.safeParse(toOrderSave({ clientId: 4, post: 'x', headcount: 1, pay: null, startDate: '2026-12-01' })).success).toBe(false);
  });

  it('sends a dismissal naming each worker once', () => {
    const body = toDismissSave({ clientId: 4, placementIds: [8, 9, 8], reason: ' 项目结束 ', lastDay: '2026-12-31' });
    expect(body).toEqual({ clientId: 4, placementIds: [8, 9], reason: '项目结束', lastDay: '2026-12-31' });
    expect(zDismissSave.safeParse(body).success).toBe(true);
    expect(rosterOf(1)).toBe('dispatch');
    expect(rosterOf(2)).toBe('epiboly');
    expect(rosterOf(3)).toBe('epiboly');
  });
});

describe('the placement terms', () => {
  it('are complete once client, post and start date are chosen', () => {
    expect(toPlacementTerms({ clientId: 4, post: '仓储分拣员' })).toBeNull();
    expect(toPlacementTerms({ clientId: 4, post: ' ', startDate: '2026-12-01' })).toBeNull();
    const t = toPlacementTerms({ clientId: 4, post: '仓储分拣员', startDate: '2026-12-01', planId: 2, orderId: null, endDate: 'bad' });
    expect(t).toEqual({ clientId: 4, orderId: null, post: '仓储分拣员', planId: 2, startDate: '2026-12-01', endDate: null });
    expect(zPlacementTerms.safeParse(t).success).toBe(true);
  });

  it('travel through the address and come back the same', () => {
    const t = { clientId: 4, orderId: 11, post: '仓储分拣员', planId: 2, startDate: '2026-12-01', endDate: '2027-06-30' };
    expect(termsFromSearch(termsToSearch(t))).toEqual(t);
    const bare = { clientId: 4, orderId: null, post: '客服专员', planId: null, startDate: '2026-12-01', endDate: null };
    expect(termsToSearch(bare)).not.toContain('orderId');
    expect(termsFromSearch(termsToSearch(bare))).toEqual(bare);
    expect(termsFromSearch('clientId=4&post=x')).toBeNull();
    expect(termsFromSearch('clientId=-1&post=x&startDate=2026-12-01')).toBeNull();
  });

  it('are checked against the client before asking the server', () => {
    expect(termsError({ post: '仓储分拣员', startDate: '2026-12-01' }, client)).toBeNull();
    expect(termsError({ post: '保安' }, client)).toBe('派驻岗位：「保安」不在该用工单位的可派驻岗位中');
    expect(termsError({ post: '仓储分拣员', startDate: '2025-12-01' }, client)).toBe('到岗日期：早于协议开始日期 2026-01-01');
    expect(termsError({ post: '仓储分拣员', startDate: '2028-01-02' }, client)).toBe('到岗日期：晚于协议结束日期 2027-12-31');
    expect(termsError({ startDate: '2026-12-01', endDate: '2026-11-30' }, client)).toBe('派驻结束日期：不能早于到岗日期');
    expect(termsError({ startDate: '2026-12-01', endDate: '2028-03-01' }, client)).toBe('派驻结束日期：不能晚于协议结束日期 2027-12-31');
    expect(termsError({ post: '保安' }, null)).toBeNull();
  });

  it('follow the chosen client and order', () => {
    expect(termsForClient(client)).toEqual({ clientId: 4, orderId: null, post: null, planId: 2, endDate: '2027-12-31' });
    expect(termsForOrder({ id: 11, post: '仓储分拣员', startDate: '2026-12-05' }, {})).toEqual({ orderId: 11, post: '仓储分拣员', startDate: '2026-12-05' });
    expect(termsForOrder({ id: 11, post: '仓储分拣员', startDate: '2026-12-05' }, { startDate: '2026-12-09' }).startDate).toBe('2026-12-09');
  });

  it('offer only the client orders still recruiting', () => {
    const orders = [
      { id: 1, clientId: 4, status: 1 as const },
      { id: 2, clientId: 4, status: 2 as const },
      { id: 3, clientId: 4, status: 3 as const },
      { id: 4, clientId: 5, status: 2 as const },
      { id: 5, clientId: 4, status: 4 as const },
    ];
    expect(openOrdersOf(orders, 4).map((o) => o.id)).toEqual([2, 3]);
    expect(openOrdersOf(orders, null)).toEqual([]);
  });
});

describe('the onboarding form', () => {
  const terms = { clientId: 4, orderId: 11, post: '仓储分拣员', planId: null, startDate: '2026-12-01', endDate: null };

  it('hires the worker on the start date with the placement and signing choice', () => {
    const body = toOnboardingAdd(
      { name: ' 张伟 ', mobile: '13800001234', idType: 1, idNumber: '11010519491231002x', departmentId: 3, salary: 5200.5, gender: 1, probationEndDate: '2027-02-28', employeeNo: ' ', email: '', signContract: false },
      terms,
    );
    expect(body.worker).toEqual({ name: '张伟', mobile: '13800001234', idType: 1, idNumber: '11010519491231002X', departmentId: 3, hireDate: '2026-12-01', salary: '5200.50', gender: 1, probationEndDate: '2027-02-28' });
    expect(body.placement).toBe(terms);
    expect(body.signContract).toBe(false);
    expect(zOnboardingAdd.safeParse(body).success).toBe(true);
    expect(toOnboardingAdd({ name: 'a', mobile: '13800001234', idNumber: '11010519491231002X', departmentId: 3, salary: 1 }, terms).signContract).toBe(true);
  });

  it('checks the probation and last days against the start', () => {
    expect(probationError('2026-11-30', '2026-12-01')).toBe('试用期结束日期不能早于到岗日期');
    expect(probationError('2026-12-01', '2026-12-01')).toBeNull();
    expect(probationError(null, '2026-12-01')).toBeNull();
    expect(arrivalDate('2026-12-01', '2026-11-28')).toBe('2026-11-28');
    expect(arrivalDate('2026-11-20', '2026-11-28')).toBe('2026-11-20');
    expect(lastDayError('2026-11-01', '2026-11-02')).toBe('最后工作日不能早于到岗日期 2026-11-02');
    expect(lastDayError('2026-11-02', '2026-11-02')).toBeNull();
    expect(defaultLastDay('2026-11-28', '2026-11-27')).toBe('2026-11-28');
    expect(defaultLastDay('2026-11-02', '2026-11-27')).toBe('2026-11-27');
  });
});

describe('handling returned workers and quits', () => {
  it('re-places or resigns a returned worker', () => {
    const replace = toReplaceHandle(7, 30, { clientId: 5, orderId: null, post: '客服专员', planId: null, startDate: '2027-01-04', endDate: null });
    expect(replace).toEqual({ id: 7, placementId: 30, outcome: 'replace', clientId: 5, post: '客服专员', startDate: '2027-01-04', remark: '' });
    expect(zDismissHandle.safeParse(replace).success).toBe(true);
    expect(toReplaceHandle(7, 30, { clientId: 5, orderId: 12, post: 'x', planId: null, startDate: '2027-01-04', endDate: null }).orderId).toBe(12);
    const resign = toResignHandle(7, 30, ' 本人不愿转派 ');
    expect(resign).toEqual({ id: 7, placementId: 30, outcome: 'resign', remark: '本人不愿转派' });
    expect(zDismissHandle.safeParse(resign).success).toBe(true);
  });

  it('starts a quit with its reason type', () => {
    const body = toQuitStart(30, { source: 'dismiss', lastDay: '2026-12-31', reason: ' 用工单位项目结束 ' });
    expect(body).toEqual({ placementId: 30, source: 'dismiss', lastDay: '2026-12-31', reason: '用工单位项目结束' });
    expect(zOsQuitStart.safeParse(body).success).toBe(true);
    expect(toQuitStart(30, { lastDay: '2026-12-31', reason: '个人原因' }).source).toBe('resign');
  });
});
