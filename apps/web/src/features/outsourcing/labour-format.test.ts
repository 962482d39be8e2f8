import { describe, expect, it } from 'vitest';
import {
  approvalTag,
  canAcceptOrder,
  canCancelOrder,
  canCompleteQuit,
  dismissDetailPath,
  dismissStatusLabel,
  dismissStatusTone,
  fillText,
  idParam,
  isLineOpen,
  leaveSourceLabel,
  onboardingStartPath,
  orderDetailPath,
  orderStatusLabel,
  orderStatusTone,
  percentShort,
  percentText,
  phoneText,
  placementStatusLabel,
  placementStatusTone,
  postKindColor,
  postKindLabel,
  raisedByLabel,
  ratioText,
  ratioTone,
} from './labour-format.ts';

describe('labour formats', () => {
  it('gives orders, dismissals and placements their labels and tones', () => {
    expect([1, 2, 3, 4, 5].map(orderStatusTone)).toEqual(['pending', 'processing', 'processing', 'success', 'default']);
    expect(orderStatusLabel(3)).toBe('部分到岗');
    expect([1, 2, 3, 4].map(dismissStatusTone)).toEqual(['pending', 'processing', 'success', 'default']);
    expect(dismissStatusLabel(2)).toBe('处理中');
    expect([1, 2, 3, 4, 5].map(placementStatusTone)).toEqual(['pending', 'success', 'warning', 'default', 'default']);
    expect(placementStatusLabel(5)).toBe('已放弃');
  });

  it('tags only the approvals that need the provider to look', () => {
    expect(approvalTag(0)).toBeNull();
    expect(approvalTag(2)).toBeNull();
    expect(approvalTag(1)).toEqual({ text: '待用工单位审批', tone: 'warning' });
    expect(approvalTag(3)).toEqual({ text: '用工单位已驳回', tone: 'error' });
  });

  it('names post kinds, leave sources and who raised an order', () => {
    expect(postKindLabel('auxiliary')).toBe('辅助性');
    expect(postKindLabel(null)).toBe('未登记');
    expect(postKindColor('regular')).toBe('orange');
    expect(postKindColor('temporary')).toBe('blue');
    expect(leaveSourceLabel('dismiss')).toBe('用工单位退工');
    expect(leaveSourceLabel(null)).toBe('—');
    expect(raisedByLabel('client')).toBe('用工单位提交');
    expect(raisedByLabel('provider')).toBe('服务商录入');
  });

  it('shows how far an order is filled', () => {
    expect(fillText(2, 3)).toEqual({ text: '2/3', percent: 67 });
    expect(fillText(5, 3)).toEqual({ text: '5/3', percent: 100 });
    expect(fillText(0, 0)).toEqual({ text: '0/0', percent: 0 });
  });

  it('writes the dispatch ratio as a percentage with its figures', () => {
    expect(percentText('0.085')).toBe('8.50%');
    expect(percentText('0.08333')).toBe('8.33%');
    expect(percentText('0.099995')).toBe('10.00%');
    expect(percentText('0.1')).toBe('10.00%');
    expect(percentText('1')).toBe('100.00%');
    expect(percentText('abc')).toBe('—');
    expect(['0.10', '0.09', '0.085', '1'].map(percentShort)).toEqual(['10%', '9%', '8.5%', '100%']);
    expect(ratioText({ ratio: '0.085', dispatched: 17, total: 200 })).toBe('派遣比例 8.50%（17/200）');
    expect([ratioTone('ok'), ratioTone('warn'), ratioTone('refuse')]).toEqual(['success', 'warning', 'error']);
  });

  it('masks phones in lists', () => {
    expect(phoneText('13800001234')).toBe('138****1234');
    expect(phoneText('139****0000')).toBe('139****0000');
    expect(phoneText(null)).toBe('—');
  });

  it('says which actions a record allows', () => {
    expect(canCompleteQuit({ status: 3, leftDate: '2026-11-20' }, '2026-11-21')).toBe(true);
    expect(canCompleteQuit({ status: 3, leftDate: '2026-11-21' }, '2026-11-21')).toBe(true);
    expect(canCompleteQuit({ status: 3, leftDate: '2026-11-22' }, '2026-11-21')).toBe(false);
    expect(canCompleteQuit({ status: 4, leftDate: '2026-11-01' }, '2026-11-21')).toBe(false);
    expect(isLineOpen({ outcome: null }, 2)).toBe(true);
    expect(isLineOpen({ outcome: 'resign' }, 2)).toBe(false);
    expect(isLineOpen({ outcome: null }, 4)).toBe(false);
    expect(canAcceptOrder({ status: 1, approval: 0 })).toBe(true);
    expect(canAcceptOrder({ status: 1, approval: 1 })).toBe(false);
    expect(canAcceptOrder({ status: 2, approval: 0 })).toBe(false);
    expect([1, 2, 3, 4, 5].map((status) => canCancelOrder({ status }))).toEqual([true, true, true, false, false]);
  });

  it('builds the addresses of the detail and onboarding screens', () => {
    expect(orderDetailPath(7, 'BG 001')).toBe('/outsourcingLabor/outsourceOrder/fillPostOrderDetail/7/BG%20001');
    expect(dismissDetailPath(3, 'TG2026')).toBe('/outsourcingLabor/outsourceOrder/dismissOrderDetail/3/TG2026');
    expect(onboardingStartPath(5, 9)).toBe('/outsourcingLabor/onboardingManagement/initiateOnboarding?clientId=5&orderId=9');
    expect(onboardingStartPath()).toBe('/outsourcingLabor/onboardingManagement/initiateOnboarding');
    expect(idParam('12')).toBe(12);
    expect(idParam('0')).toBeNull();
    expect(idParam('1a')).toBeNull();
    expect(idParam(null)).toBeNull();
  });
});
