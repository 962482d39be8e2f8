import { describe, expect, it } from 'vitest';
import { fieldCaption, fieldProblems, newField, nextKey } from './field-defaults.ts';

const box = { x: 10, y: 20, width: 100, height: 20 };

describe('designer field defaults', () => {
  it('numbers keys per kind, skipping used ones', () => {
    expect(nextKey('input', [])).toBe('input_1');
    expect(nextKey('input', [{ key: 'input_1' }, { key: 'input_3' }])).toBe('input_2');
  });

  it('gives record fields a source and date fields a party', () => {
    const r = newField('record', 0, box, []);
    expect(r).toMatchObject({ key: 'record_1', kind: 'record', source: 'name', label: '姓名', page: 0, ...box });
    const d = newField('signDate', 1, box, [r]);
    expect(d).toMatchObject({ key: 'signDate_1', party: 'employee', page: 1 });
    expect(newField('companySeal', 0, box, []).source).toBeUndefined();
    expect(fieldCaption({ kind: 'signDate', label: 'x', party: 'company' })).toBe('企业签署日期');
  });

  it('refuses repeated keys and a template without an employee signature', () => {
    const sign = newField('employeeSign', 0, box, []);
    expect(fieldProblems([sign])).toEqual([]);
    expect(fieldProblems([])).toEqual(['请至少放置一个「员工签名位置」']);
    expect(fieldProblems([sign, { ...sign }])).toContain('字段标识「employeeSign_1」重复');
  });
});
