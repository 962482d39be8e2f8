import { zAnnualDeclare, zLayoutSave, type AnnualPreviewView, type PortalColumn } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { annualErrors, baseError, clampText, editedRow, setBase, toAnnualDeclare } from './annual-edit.ts';
import { addColumn, layoutError, layoutOriginText, moveColumn, removeColumn, setColumnField, setColumnTitle, toLayoutSave } from './layout-edit.ts';

const cols: PortalColumn[] = [
  { title: '姓名', field: 'name' },
  { title: '证件号码', field: 'idNumber' },
  { title: '缴费基数', field: 'siBase' },
];

describe('editing a portal column set', () => {
  it('moves columns up and down within the list', () => {
    expect(moveColumn(cols, 1, -1).map((c) => c.field)).toEqual(['idNumber', 'name', 'siBase']);
    expect(moveColumn(cols, 1, 1).map((c) => c.field)).toEqual(['name', 'siBase', 'idNumber']);
    expect(moveColumn(cols, 0, -1)).toEqual(cols);
    expect(moveColumn(cols, 2, 1)).toEqual(cols);
  });

  it('adds the first unused field and removes by position', () => {
    expect(addColumn(cols).at(-1)).toEqual({ title: '证件类型', field: 'idType' });
    expect(removeColumn(cols, 0).map((c) => c.field)).toEqual(['idNumber', 'siBase']);
  });

  it('lets the title follow a changed field unless it was renamed', () => {
    expect(setColumnField(cols, 0, 'employeeNo')[0]).toEqual({ title: '工号', field: 'employeeNo' });
    expect(setColumnField(cols, 2, 'hfBase')[2]).toEqual({ title: '缴费基数', field: 'hfBase' });
    expect(setColumnTitle(cols, 0, '职工姓名')[0]!.title).toBe('职工姓名');
  });

  it('refuses what the server would refuse, and saves a body it accepts', () => {
    const d = { city: '杭州', sheetName: '批量申报', columns: cols };
    expect(layoutError(d)).toBeNull();
    expect(layoutError({ ...d, sheetName: ' ' })).toBe('请输入工作表名称');
    expect(layoutError({ ...d, columns: [] })).toBe('至少保留一列');
    expect(layoutError({ ...d, columns: setColumnTitle(cols, 1, '') })).toBe('第2列的列标题不能为空');
    expect(layoutError({ ...d, columns: setColumnTitle(cols, 1, '姓名') })).toBe('列标题「姓名」重复');
    expect(zLayoutSave.safeParse(toLayoutSave({ ...d, sheetName: ' 批量申报 ' })).success).toBe(true);
    expect(layoutOriginText('company')).toBe('企业自定义');
  });
});

describe('annual base adjustment', () => {
  const view: AnnualPreviewView = {
    entityId: 2,
    year: 2026,
    effectiveMonth: '2026-07',
    siFloor: '4462',
    siCeiling: '22311',
    hfFloor: '2490',
    hfCeiling: '36921',
    rows: [
      { employeeId: 1, name: '张三', employeeNo: 'E1', averageWage: '9000.00', source: 'payroll', months: 12, oldSiBase: '8000.00', siBase: '9000.00', hfBase: '9000.00', clamped: null },
      { employeeId: 2, name: '李四', employeeNo: 'E2', averageWage: '3000.00', source: 'roster', months: 5, oldSiBase: '4462.00', siBase: '4462.00', hfBase: '3000.00', clamped: 'floor' },
    ],
  };

  it('applies HR edits over the proposal', () => {
    const edits = setBase({}, 1, 'siBase', ' 9500 ');
    expect(editedRow(view.rows[0]!, edits)).toMatchObject({ siBase: '9500', hfBase: '9000.00' });
    expect(editedRow(view.rows[1]!, edits)).toBe(view.rows[1]);
  });

  it('keeps every base within the bounds', () => {
    expect(baseError('4000', '4462', '22311', '社保基数')).toBe('社保基数不能低于下限 4462');
    expect(baseError('30000', '4462', '22311', '社保基数')).toBe('社保基数不能高于上限 22311');
    expect(baseError('1.234', null, null, '社保基数')).toBe('社保基数应为金额，最多两位小数');
    expect(baseError('', null, null, '社保基数')).toBe('请输入社保基数');
    expect(annualErrors(view, {})).toEqual({});
    expect(annualErrors(view, setBase({}, 2, 'hfBase', '100'))).toEqual({ 2: { field: 'hfBase', message: '公积金基数不能低于下限 2490' } });
  });

  it('builds the declaration the server accepts', () => {
    const body = toAnnualDeclare(view, setBase({}, 1, 'hfBase', '9100'), '2026-07');
    expect(body.rows).toEqual([
      { employeeId: 1, siBase: '9000.00', hfBase: '9100' },
      { employeeId: 2, siBase: '4462.00', hfBase: '3000.00' },
    ]);
    expect(zAnnualDeclare.safeParse(body).success).toBe(true);
    expect(clampText('floor')).toBe('按下限');
    expect(clampText(null)).toBeNull();
  });
});
