import { describe, expect, it } from 'vitest';
import { certificationTone, normaliseVerifyAmount, verifyOutcome } from './enterprise-format.ts';

describe('enterprise formats', () => {
  it.each([
    ['0.37', '0.37'],
    ['¥0.37', '0.37'],
    ['.5', '0.50'],
    ['0.05元', '0.05'],
    ['0.00', null],
    ['1.00', null],
    ['abc', null],
    ['0.123', null],
  ])('reads the typed amount %s as %s', (raw, want) => {
    expect(normaliseVerifyAmount(raw)).toBe(want);
  });

  it('words the outcome of a try', () => {
    expect(verifyOutcome({ verified: true, status: 2, triesLeft: 0 }).ok).toBe(true);
    expect(verifyOutcome({ verified: false, status: 1, triesLeft: 2 }).text).toBe('金额不正确，还可尝试 2 次');
    expect(verifyOutcome({ verified: false, status: 3, triesLeft: 0 }).text).toContain('已锁定');
  });

  it('colours the certification status', () => {
    expect([0, 1, 2, 3].map(certificationTone)).toEqual(['default', 'processing', 'success', 'error']);
  });
});
