import { describe, expect, it } from 'vitest';
import { compilePattern, FORM_DEFINITION_INVALID, gridSpan, validateCustomFieldValues, zFormDefinition, type Widget } from '../custom-form.ts';
import { employeeVisibleWidgets, formatWidgetValue, SYSTEM_FORM_DICTIONARIES, withDictionaryOptions, zFormSave } from './custom-forms.ts';

const w = (type: Widget['type'], options: Widget['options'] = {}, extra: Partial<Widget> = {}): Widget => ({ id: `w_${type}`, key: `k_${type}`, label: `字段${type}`, type, options, ...extra });
const def = (...widgetList: Widget[]) => ({ formConfig: { cols: 2 }, widgetList });
const firstError = (d: unknown) => {
  const r = zFormDefinition.safeParse(d);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('form definition rules', () => {
  it('is valid only with formConfig and at least one widget', () => {
    expect(firstError({ widgetList: [w('input')] })).toBe(FORM_DEFINITION_INVALID);
    expect(firstError({ formConfig: { cols: 2 }, widgetList: [] })).toBe(FORM_DEFINITION_INVALID);
    expect(firstError(def(w('input')))).toBeNull();
  });

  it('spans 24 / columns, 2 columns by default', () => {
    expect([gridSpan(1), gridSpan(2), gridSpan(3), gridSpan(4), gridSpan(undefined)]).toEqual([24, 12, 8, 6, 12]);
  });

  it('refuses an unknown widget type', () => {
    expect(zFormDefinition.safeParse(def({ ...w('input'), type: 'slider' as Widget['type'] })).success).toBe(false);
  });

  it('refuses min above max, and an earliest date after the latest, naming the widget', () => {
    expect(firstError(def(w('money', { min: 10, max: 1 })))).toMatch(/最小值不能大于最大值（字段money）/);
    expect(firstError(def(w('date', { minDate: '2025-02-01', maxDate: '2025-01-01' })))).toBe('表单定义：控件「字段date」的最早日期不能晚于最晚日期');
  });

  it('refuses a bad or dangerous pattern with the widget named, and accepts a plain one', () => {
    expect(firstError(def(w('input', { pattern: '[a-' })))).toBe('表单定义：控件「字段input」：正则表达式无效，请检查写法');
    expect(firstError(def(w('input', { pattern: '(a+)+$' })))).toMatch(/不能嵌套重复/);
    expect(firstError(def(w('input', { pattern: '(\\w)\\1' })))).toMatch(/反向引用/);
    expect(firstError(def(w('input', { pattern: 'x'.repeat(201) })))).not.toBeNull();
    expect(firstError(def(w('number', { pattern: '\\d+' })))).toMatch(/不支持正则表达式校验/);
    expect(firstError(def(w('input', { pattern: '[A-Z]{2}\\d{4}' })))).toBeNull();
    expect(compilePattern('[A-Z]{2}\\d{4}')).toBe(compilePattern('[A-Z]{2}\\d{4}'));
  });

  it('needs options or a dictionary for a choice, and a default that fits the widget', () => {
    expect(firstError(def(w('select')))).toMatch(/选项至少需要一项/);
    expect(firstError(def(w('select', { dictionaryCode: 'education' })))).toBeNull();
    expect(firstError(def(w('number', { dictionaryCode: 'education' })))).toMatch(/不能使用数据字典/);
    expect(firstError(def(w('number', { min: 0, max: 10, defaultValue: 11 })))).toMatch(/默认值无效：字段number不能大于10/);
    expect(firstError(def(w('section', { required: true })))).toMatch(/不能设为必填/);
  });

  it('names a new form and requires the rules of a definition', () => {
    expect(zFormSave.safeParse({ name: '', ...def(w('input')) }).success).toBe(false);
    expect(zFormSave.safeParse({ name: '入职补充信息', formConfig: { cols: 3 } }).error?.issues[0]?.message).toBe(FORM_DEFINITION_INVALID);
  });
});

describe('values checked by widget', () => {
  const check = (widget: Widget, v: unknown) => validateCustomFieldValues({ widgetList: [widget] }, { [widget.key]: v });
  it.each<[Widget, unknown, unknown]>([
    [w('money', { min: 0 }), '1,234.5', '1234.50'],
    [w('dateRange'), ['2025-01-01', '2025-01-31'], ['2025-01-01', '2025-01-31']],
    [w('employee'), '12', 12],
    [w('department'), 3, 3],
    [w('input', { pattern: '[A-Z]{2}\\d{4}' }), 'AB1234', 'AB1234'],
    [w('date', { minDate: '2025-01-01' }), '2025-03-01', '2025-03-01'],
  ])('accepts %#', (widget, v, out) => {
    const r = check(widget, v);
    expect(r.errors).toEqual([]);
    expect(r.values[widget.key]).toEqual(out);
  });

  it.each<[Widget, unknown, RegExp]>([
    [w('money'), '12.345', /最多两位小数/],
    [w('money', { max: 100 }), 101, /不能大于100/],
    [w('dateRange'), ['2025-02-01', '2025-01-01'], /开始日期不能晚于结束日期/],
    [w('dateRange'), ['2025-02-01'], /两个YYYY-MM-DD日期/],
    [w('employee'), 'abc', /取值无效/],
    [w('input', { pattern: '[A-Z]{2}\\d{4}', patternMessage: '应为两个大写字母加四位数字' }), 'ab12', /字段input应为两个大写字母加四位数字/],
    [w('date', { maxDate: '2025-01-01' }), '2025-03-01', /不能晚于2025-01-01/],
    [w('input', { required: true }), '  ', /请填写字段input/],
  ])('refuses %#', (widget, v, message) => {
    expect(check(widget, v).errors[0]?.message).toMatch(message);
  });

  it('takes no value for a section title and checks dictionary items as options', () => {
    const edu = withDictionaryOptions(def(w('section', { required: false }), w('select', { dictionaryCode: 'education' })), (code) => SYSTEM_FORM_DICTIONARIES[code]?.items ?? null);
    expect(edu.widgetList[1]!.options.options).toContainEqual({ label: '本科', value: '6' });
    const r = validateCustomFieldValues(edu, { k_section: 'x', k_select: '本科' });
    expect(r).toMatchObject({ ok: true, values: { k_select: '6' } });
    expect(validateCustomFieldValues(edu, { k_select: '幼儿园' }).errors[0]?.message).toMatch(/请从选项中选择/);
    expect(formatWidgetValue(edu.widgetList[1]!, '6')).toBe('本科');
  });

  it('keeps the widgets shown to the employee', () => {
    expect(employeeVisibleWidgets([w('input', { visibleToEmployee: true }), w('number')]).map((x) => x.type)).toEqual(['input']);
  });
});
