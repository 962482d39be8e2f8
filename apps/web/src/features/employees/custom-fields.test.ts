import { WIDGET_TYPES, zCustomFormSave, type CustomFormAnswer, type Widget } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import {
  assignOptionValues,
  canBeRequired,
  compatibleTypes,
  definitionErrors,
  draftOf,
  draftsOf,
  isChanged,
  labelError,
  moveItem,
  newDraft,
  newFieldKey,
  numberError,
  optionsError,
  optionSummary,
  toSaveBody,
  toWidget,
  WIDGET_TYPE_CHOICES,
  type FieldDraft,
} from './custom-fields.ts';

const STORED: CustomFormAnswer = {
  scene: 'employee',
  formConfig: { labelWidth: 120, cols: 2 },
  updatedAt: '2024-05-01T00:00:00.000Z',
  widgetList: [
    { id: 'w_school', type: 'input', label: '毕业院校', key: 'school', options: { maxLength: 50, placeholder: '请输入毕业院校' } },
    { id: 'w_shirt', type: 'select', label: '工服尺码', key: 'shirtSize', options: { required: true, options: ['S', 'M'].map((v) => ({ label: v, value: v })) }, cols: 1 },
    { id: 'w_years', type: 'number', label: '工作年限', key: 'priorYears', options: { min: 0, max: 50, precision: 0 } },
  ],
};

const draft = (over: Partial<FieldDraft>): FieldDraft => ({ ...newDraft([], [], 1), label: '字段', ...over });

describe('widget types', () => {
  it('offers exactly the types the schema accepts, with Chinese names', () => {
    expect(WIDGET_TYPE_CHOICES.map((c) => c.value)).toEqual([...WIDGET_TYPES]);
    expect(WIDGET_TYPE_CHOICES.find((c) => c.value === 'select')?.label).toBe('下拉单选');
  });

  it.each([
    ['input', false, WIDGET_TYPES.length],
    ['input', true, 2],
    ['select', true, 2],
    ['multiSelect', true, 2],
    ['date', true, 1],
  ] as const)('%s (saved %s) may become one of %i types', (type, saved, n) => {
    const allowed = compatibleTypes(type, saved);
    expect(allowed).toHaveLength(n);
    expect(allowed).toContain(type);
  });

  it.each([
    ['input', true],
    ['select', true],
    ['switch', false],
    ['image', false],
    ['file', false],
  ] as const)('%s can be required: %s', (type, can) => expect(canBeRequired(type)).toBe(can));
});

describe('field keys', () => {
  it('makes a key the schema accepts from the time, skipping taken ones', () => {
    const seed = 1_700_000_000_000;
    const k = newFieldKey([], seed);
    expect(k).toMatch(/^[A-Za-z][A-Za-z0-9_]{0,49}$/);
    expect(newFieldKey([k], seed)).not.toBe(k);
    expect(newFieldKey([k], seed)).toMatch(/^cf_/);
  });

  it('gives a new draft a fresh key and an id no other field has', () => {
    const seed = 42;
    const key = newFieldKey([], seed);
    const d = newDraft([], [`w_${key}`], seed);
    expect(d.key).toBe(key);
    expect(d.id).toBe(`w_${key}_2`);
    expect(d.saved).toBe(false);
  });

  it('keeps the key and id when the label is edited', () => {
    const d = draftOf(STORED.widgetList[0]!);
    const w = toWidget({ ...d, label: '最高学历院校' });
    expect([w.key, w.id, w.label]).toEqual(['school', 'w_school', '最高学历院校']);
  });
});

describe('options', () => {
  it('keeps the value of a renamed option and gives new ones their label, unique', () => {
    expect(assignOptionValues([{ label: '小号', value: 'S' }, { label: 'S' }, { label: 'L' }])).toEqual([
      { label: '小号', value: 'S' },
      { label: 'S', value: 'S_2' },
      { label: 'L', value: 'L' },
    ]);
  });

  it.each([
    ['select', [], '下拉选项至少一项'],
    ['radio', [], '选项至少一项'],
    ['select', [{ label: 'S' }, { label: ' ' }], '第2个下拉选项的名称不能为空'],
    ['checkbox', [{ label: 'A' }, { label: 'A ' }], '选项「A」重复'],
    ['select', [{ label: 'x'.repeat(51) }], '下拉选项「xxxxxxxxxx…」不能超过50个字符'],
    ['select', [{ label: 'S' }], null],
    ['input', [], null],
  ] as const)('%s with %j → %s', (type, options, message) => expect(optionsError(type, options)).toBe(message));

  it('lists the option names for the table', () => {
    expect(optionSummary({ type: 'select', options: [{ label: 'S' }, { label: 'M' }] })).toBe('S、M');
    expect(optionSummary({ type: 'input', options: [] })).toBe('-');
  });
});

describe('field checks', () => {
  it.each([
    ['', [], '字段名称不能为空'],
    ['  ', [], '字段名称不能为空'],
    ['名'.repeat(51), [], '字段名称不能超过50个字符'],
    ['工装尺码', ['工装尺码 '], '字段名称「工装尺码」已存在，请换一个名称'],
    ['工装尺码', ['毕业院校'], null],
  ] as const)('label %j (others %j) → %s', (label, others, message) => expect(labelError(label, others)).toBe(message));

  it.each([
    [{ type: 'number', min: 5, max: 1, precision: null }, '最小值不能大于最大值'],
    [{ type: 'number', min: null, max: null, precision: 7 }, '小数位数应为0到6的整数'],
    [{ type: 'number', min: 1, max: 1, precision: 2 }, null],
    [{ type: 'input', min: 5, max: 1, precision: null }, null],
  ] as const)('number settings %j → %s', (d, message) => expect(numberError(d)).toBe(message));

  it('names the field in every message of the whole definition', () => {
    const fields = [draft({ id: 'a', key: 'a', label: '' }), draft({ id: 'b', key: 'b', label: '工装尺码', type: 'select', options: [] }), draft({ id: 'c', key: 'a', label: '年限', type: 'number', min: 3, max: 1 })];
    expect(definitionErrors(fields, 2)).toEqual(['第1个字段：字段名称不能为空', '字段「工装尺码」：下拉选项至少一项', '字段「年限」：最小值不能大于最大值', '字段「年限」：字段标识重复（a）']);
  });

  it('refuses an empty definition (docs/product.md#client-conventions) and a grid outside 1–24 columns', () => {
    expect(definitionErrors([], 2)).toEqual(['请至少保留一个字段（表单定义需要至少一个控件）']);
    expect(definitionErrors([draft({})], 0)).toEqual(['表单列数应为1到24的整数']);
  });
});

describe('the save body', () => {
  it('round-trips the stored form unchanged, keeping formConfig settings and widget extras', () => {
    const { fields, cols } = draftsOf(STORED);
    const body = toSaveBody(fields, cols, STORED);
    expect(body.formConfig).toEqual({ labelWidth: 120, cols: 2 });
    expect(body.widgetList).toEqual(STORED.widgetList);
    expect(isChanged(fields, cols, STORED)).toBe(false);
    expect(isChanged(fields, 3, STORED)).toBe(true);
  });

  it('starts an undefined form empty with 2 columns', () => {
    expect(draftsOf(null)).toEqual({ fields: [], cols: 2 });
  });

  it('saves only the properties the type uses, and passes the server schema', () => {
    const d = draft({ label: ' 工装尺码 ', type: 'select', required: true, options: [{ label: 'S' }, { label: 'M' }, { label: 'L' }], min: 1, maxLength: 10, placeholder: '请选择尺码' });
    const w: Widget = toWidget(d);
    expect(w).toEqual({
      id: d.id,
      key: d.key,
      type: 'select',
      label: '工装尺码',
      options: { required: true, placeholder: '请选择尺码', options: ['S', 'M', 'L'].map((v) => ({ label: v, value: v })) },
    });
    expect(toWidget({ ...d, type: 'switch' }).options).toEqual({});
    const body = toSaveBody([...draftsOf(STORED).fields, d], 3, STORED);
    expect(definitionErrors([...draftsOf(STORED).fields, d], 3)).toEqual([]);
    expect(zCustomFormSave.safeParse(body).success).toBe(true);
  });
});

describe('reordering', () => {
  it.each([
    [1, -1, ['b', 'a', 'c']],
    [1, 1, ['a', 'c', 'b']],
    [0, -1, ['a', 'b', 'c']],
    [2, 1, ['a', 'b', 'c']],
  ] as const)('moves item %i by %i', (i, delta, out) => expect(moveItem(['a', 'b', 'c'], i, delta)).toEqual(out));
});
