import { SYSTEM_FIELDS, type SystemFieldSetting } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { ROSTER_COLUMNS } from '../../employees/roster.ts';
import { applyFieldColumns, formFieldRule } from './field-settings.ts';

const defaults = (): SystemFieldSetting[] =>
  SYSTEM_FIELDS.map((d, i) => ({ key: d.key, standardLabel: d.label, label: d.label, visible: true, required: d.required, core: d.core, column: d.column, group: d.group, sortOrder: i + 1 }));
const KNOWN = new Set(SYSTEM_FIELDS.map((f) => f.key));

describe('roster columns from the field settings', () => {
  it('keeps the roster as it is with the default settings', () => {
    expect(applyFieldColumns(ROSTER_COLUMNS, defaults()).map((c) => c.key)).toEqual(ROSTER_COLUMNS.map((c) => c.key));
  });

  it('drops a hidden field, retitles a renamed one and follows the order', () => {
    const fields = defaults()
      .filter((f) => f.key !== 'positionId')
      .map((f) => (f.key === 'hireDate' ? { ...f, label: '到岗日期' } : f));
    const moved = [fields.find((f) => f.key === 'hireDate')!, ...fields.filter((f) => f.key !== 'hireDate')];
    const cols = applyFieldColumns([...ROSTER_COLUMNS, { key: 'custom.shirt', title: '工服', defaultVisible: false }], moved);
    expect(cols.map((c) => c.key).slice(0, 3)).toEqual(['hireDate', 'tenure', 'name']);
    expect(cols.find((c) => c.key === 'hireDate')?.title).toBe('到岗日期');
    expect(cols.map((c) => c.key)).not.toContain('position');
    expect(cols.at(-1)?.key).toBe('custom.shirt');
  });
});

describe('employee form items from the field settings', () => {
  it('hides, renames and requires', () => {
    const fields = defaults()
      .filter((f) => f.key !== 'education')
      .map((f) => (f.key === 'emergencyContact' ? { ...f, label: '应急联系人', required: true } : f.key === 'hireDate' ? { ...f, label: '到岗日期' } : f));
    expect(formFieldRule('education', fields, KNOWN)).toEqual({ hidden: true, label: null, required: false });
    expect(formFieldRule('emergencyPhone', fields, KNOWN)).toEqual({ hidden: false, label: '应急联系人电话', required: true });
    expect(formFieldRule('emergencyRelation', fields, KNOWN)).toEqual({ hidden: false, label: '与应急联系人关系', required: false });
    expect(formFieldRule('hireDate', fields, KNOWN)).toEqual({ hidden: false, label: '到岗日期', required: false });
    expect(formFieldRule('name', fields, KNOWN)).toBeNull();
    expect(formFieldRule('salary', fields, KNOWN)).toBeNull();
  });
});
