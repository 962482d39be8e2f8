import { describe, expect, it } from 'vitest';
import { duplicateWidget, insertAt, newWidget, saveErrors, widgetSpan } from './designer.ts';

describe('form designer helpers', () => {
  it('makes widgets with fresh ids and keys, and choices with two options', () => {
    const a = newWidget('input', [], 100);
    const b = newWidget('select', [a], 100);
    expect(a).toMatchObject({ id: 'w_2s', key: 'f_2s', label: '单行文本' });
    expect(b.key).not.toBe(a.key);
    expect(b.options.options).toHaveLength(2);
  });

  it('duplicates after the source and inserts where dropped', () => {
    const list = [newWidget('input', [], 1), newWidget('date', [], 50)];
    const out = duplicateWidget(list, 0, 200);
    expect(out.map((w) => w.label)).toEqual(['单行文本', '单行文本副本', '日期']);
    expect(new Set(out.map((w) => w.id)).size).toBe(3);
    expect(insertAt([1, 2, 3], 1, 9)).toEqual([1, 9, 2, 3]);
    expect(insertAt([1, 2], 99, 9)).toEqual([1, 2, 9]);
  });

  it('spans 24 ÷ columns; a section title takes the whole row', () => {
    expect(widgetSpan({ type: 'input' }, 2)).toBe(12);
    expect(widgetSpan({ type: 'input', cols: 3 }, 2)).toBe(8);
    expect(widgetSpan({ type: 'section' }, 4)).toBe(24);
  });

  it('names the widget in every save error', () => {
    const w = { ...newWidget('number', [], 1), label: '工龄', options: { min: 5, max: 1 } };
    expect(saveErrors('', { formConfig: { cols: 2 }, widgetList: [] })).toEqual(['请填写表单名称', '表单定义需要包含表单配置和至少一个控件']);
    expect(saveErrors('表单', { formConfig: { cols: 2 }, widgetList: [w] })).toEqual(['最小值不能大于最大值（工龄）']);
    const bad = { ...newWidget('input', [], 1), label: '编码', options: { pattern: '[a-' } };
    expect(saveErrors('表单', { formConfig: { cols: 2 }, widgetList: [bad] })).toEqual(['表单定义：控件「编码」：正则表达式无效，请检查写法']);
    expect(saveErrors('表单', { formConfig: { cols: 2 }, widgetList: [{ ...bad, label: '', options: {} }] })[0]).toMatch(/控件「第1个」/);
  });
});
