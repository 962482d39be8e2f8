import type { PayslipStatus } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { finalStateOf, normaliseIdLast6, smsButtonText } from './phone-state.ts';

describe('finalStateOf', () => {
  const cases: [PayslipStatus, boolean, string | null][] = [
    [1, false, null],
    [2, false, null],
    [3, false, '已确认'],
    [4, false, '已反馈'],
    [5, false, '该工资条已撤回'],
    [3, true, '该工资条已撤回'],
  ];
  it.each(cases)('status %i, withdrawn %s → %s', (status, withdrawn, title) => {
    expect(finalStateOf({ status, withdrawn })?.title ?? null).toBe(title);
  });
});

describe('smsButtonText', () => {
  it('counts down, then offers to send again', () => {
    expect(smsButtonText(0, false)).toBe('获取验证码');
    expect(smsButtonText(59, true)).toBe('重新获取(59s)');
    expect(smsButtonText(0, true)).toBe('重新获取');
  });
});

describe('normaliseIdLast6', () => {
  it('keeps six letters or digits, X in upper case', () => {
    expect(normaliseIdLast6('12345x')).toBe('12345X');
    expect(normaliseIdLast6(' 1234 567 ')).toBe('123456');
  });
});
