import type { DictionaryItem } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { dictionaryLabel, dictionaryOptions } from './dictionary-options.ts';

const item = (value: string, label: string, enabled = true): DictionaryItem => ({ value, label, enabled, sort: 0, system: false });
const items = [item('1', '个人发展'), item('c_1', '异地发展', false), item('c_2', '创业')];

describe('dictionary options', () => {
  it('hides a disabled item from new input', () => {
    expect(dictionaryOptions(items, undefined).map((o) => o.value)).toEqual(['1', 'c_2']);
    expect(dictionaryOptions(items, 'c_2').map((o) => o.value)).toEqual(['1', 'c_2']);
  });

  it('keeps a disabled item the field holds, by its label, not offered again', () => {
    expect(dictionaryOptions(items, 'c_1')).toEqual([
      { value: '1', label: '个人发展' },
      { value: 'c_1', label: '异地发展（已停用）', disabled: true },
      { value: 'c_2', label: '创业' },
    ]);
    expect(dictionaryOptions(items, ['c_1', '1']).map((o) => o.value)).toContain('c_1');
  });

  it('gives numbers for a numeric field, matching a held number', () => {
    const codes = [item('1', '全职'), item('4', '劳务派遣', false)];
    expect(dictionaryOptions(codes, 4, true)).toEqual([
      { value: 1, label: '全职' },
      { value: 4, label: '劳务派遣（已停用）', disabled: true },
    ]);
  });

  it('labels a stored value, or shows the value the dictionary no longer has', () => {
    expect(dictionaryLabel(items, 'c_1')).toBe('异地发展');
    expect(dictionaryLabel(items, 'gone')).toBe('gone');
    expect(dictionaryLabel(items, null)).toBe('');
  });
});
