import { describe, expect, it } from 'vitest';
import { billTypeLabel, eventText, statusTabs } from './bill-format.ts';

describe('bill words', () => {
  it('counts the tabs, 全部 being the sum', () => {
    const t = statusTabs([{ status: 2, count: 3 }, { status: 4, count: 5 }]);
    expect(t.counts).toEqual({ '-1': 8, '2': 3, '4': 5 });
    expect(t.items.slice(0, 3).map((i) => i.label)).toEqual(['全部', '审核中', '待确认']);
    expect(t.items).toHaveLength(13);
    expect(statusTabs(undefined).counts).toEqual({ '-1': 0 });
  });

  it('names the type, a one-off by what raised it', () => {
    expect(billTypeLabel({ billType: 1, kind: 'usage' })).toBe('月度结算账单');
    expect(billTypeLabel({ billType: 5, kind: 'subscription' })).toBe('一次性账单 · 订阅');
    expect(billTypeLabel({ billType: 5, kind: 'usage' })).toBe('一次性账单');
  });

  it('writes an event as who, what, where to and why', () => {
    expect(eventText({ action: 'unlock', actorKind: 'member', fromStatus: 2, toStatus: 5, reason: '数量不对' })).toBe('企业申请解锁（待确认 → 已解锁）：数量不对');
    expect(eventText({ action: 'generate', actorKind: 'job', fromStatus: null, toStatus: 1, reason: null })).toBe('系统生成账单（审核中）');
    expect(eventText({ action: 'rejectTransfer', actorKind: 'operator', fromStatus: 3, toStatus: 3, reason: '未到账' })).toBe('平台驳回转账：未到账');
  });
});
