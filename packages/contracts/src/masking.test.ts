import { describe, expect, it } from 'vitest';
import { maskId, maskPhone } from './masking.ts';
import { isValidUscc, usccCheckChar } from './uscc.ts';

describe('masking', () => {
  it.each([
    ['110101199003071234', '110101********1234'],
    ['E12345678', 'E12345678'],
    ['H1234567890', 'H12345*7890'],
    ['', ''],
  ])('maskId(%s) = %s', (input, expected) => {
    expect(maskId(input)).toBe(expected);
  });
  it('keeps the first 6 and last 4 characters with stars between', () => {
    const v = '6222021234567890123';
    const m = maskId(v);
    expect(m).toHaveLength(v.length);
    expect(m.slice(0, 6)).toBe('622202');
    expect(m.slice(-4)).toBe('0123');
    expect(m.slice(6, -4)).toMatch(/^\*+$/);
  });
  it('masks phones as 138****0000', () => {
    expect(maskPhone('13800000000')).toBe('138****0000');
    expect(maskPhone(null)).toBe('');
  });
});

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts codes whose check character is right', () => {
    expect(isValidUscc('91350100M000100Y43')).toBe(true);
    expect(isValidUscc('91330106MA2H0Q1X72')).toBe(true);
  });
  it('refuses a wrong check character, a wrong length and letters outside the charset', () => {
    expect(isValidUscc('91350100M000100Y44')).toBe(false);
    expect(isValidUscc('91350100M000100Y4')).toBe(false);
    expect(isValidUscc('91350100M000I00Y43')).toBe(false);
  });
  it('computes the check character', () => {
    expect(usccCheckChar('91350100M000100Y4')).toBe('3');
    expect(usccCheckChar('short')).toBeNull();
  });
});
