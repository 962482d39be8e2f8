import { describe, expect, it } from 'vitest';
import { canVerify, fillValues, linkToken, missingInputs, stepOf } from './contract-phone-state.ts';

const inputs = [
  { key: 'addr', label: '联系地址', required: true, value: null },
  { key: 'note', label: '备注', required: false, value: null },
];

describe('contract phone page rules', () => {
  it('goes read → fill → sign, and ends signed or blocked', () => {
    expect(stepOf({ canSign: true, employeeSignedAt: null, inputs }, false)).toBe('read');
    expect(stepOf({ canSign: true, employeeSignedAt: null, inputs }, true)).toBe('fill');
    expect(stepOf({ canSign: true, employeeSignedAt: null, inputs: [{ ...inputs[0]!, value: '杭州' }] }, true)).toBe('sign');
    expect(stepOf({ canSign: true, employeeSignedAt: null, inputs: [] }, true)).toBe('sign');
    expect(stepOf({ canSign: false, employeeSignedAt: '2026-01-01T00:00:00Z', inputs }, true)).toBe('done');
    expect(stepOf({ canSign: false, employeeSignedAt: null, inputs }, true)).toBe('blocked');
  });

  it('lists required inputs still empty and sends trimmed values', () => {
    expect(missingInputs(inputs)).toEqual(['addr']);
    expect(missingInputs([{ ...inputs[0]!, value: '  ' }])).toEqual(['addr']);
    expect(fillValues(inputs, { addr: ' 杭州市 ' })).toEqual({ addr: '杭州市', note: '' });
  });

  it('checks the verification form and reads the link token', () => {
    expect(canVerify('123456', '张三', '12345X')).toBe(true);
    expect(canVerify('12345', '张三', '12345X')).toBe(false);
    expect(canVerify('123456', ' ', '12345X')).toBe(false);
    expect(canVerify('123456', '张三', '1234')).toBe(false);
    expect(linkToken('?t=abc&x=1')).toBe('abc');
    expect(linkToken('')).toBe('');
  });
});
