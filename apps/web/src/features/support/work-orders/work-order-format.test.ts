import { describe, expect, it } from 'vitest';
import { authorText, idParam, messageSide, workOrderDetailPath, workOrderStatusTone } from './work-order-format.ts';

describe('work order format', () => {
  it('tones follow the status', () => {
    expect([1, 2, 3, 4, 5].map(workOrderStatusTone)).toEqual(['pending', 'processing', 'warning', 'success', 'default']);
  });
  it('sides of the conversation depend on who reads it', () => {
    expect(messageSide({ authorKind: 'company' }, 'company')).toBe('mine');
    expect(messageSide({ authorKind: 'company' }, 'operator')).toBe('theirs');
    expect(messageSide({ authorKind: 'operator' }, 'company')).toBe('theirs');
    expect(messageSide({ authorKind: 'system' }, 'operator')).toBe('event');
  });
  it('names the platform as 平台客服', () => {
    expect(authorText({ authorKind: 'operator', authorName: '孙悦' })).toBe('平台客服 · 孙悦');
    expect(authorText({ authorKind: 'company', authorName: '林晓' })).toBe('林晓');
  });
  it('builds and reads the detail address', () => {
    expect(workOrderDetailPath({ id: 12, orderNo: 'GD2025060001' })).toBe('/managementDetail/12/GD2025060001');
    expect(idParam('12')).toBe(12);
    expect(idParam('0')).toBeNull();
    expect(idParam('x1')).toBeNull();
    expect(idParam(undefined)).toBeNull();
  });
});
