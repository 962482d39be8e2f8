import type { EmployeeDetail, Widget } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { badgeQrText, badgeSizeMm, DEFAULT_BADGE_LAYOUT, parseBadgeLayout } from './badge.ts';
import { customFieldError, documentNumberError, editIdFromSearch, employeeNoField, formValuesOf, idCardAutofill, toAddBody, toUpdateBody } from './employee-form.ts';
import { groupQuery } from './group.ts';
import {
  ACTIVE_STATUSES,
  compactCustom,
  customFilterCodec,
  customValueText,
  departmentLabel,
  fileIdFromSearch,
  formatTenure,
  monthsBetween,
  ROSTER_COLUMNS,
  ROSTER_TABS,
  rosterColumnsWith,
  rosterRequest,
  rosterTabCodec,
  statusesFor,
  statusTone,
} from './roster.ts';
import { taskQuery, taskTone } from './tasks.ts';
import { columnStorageKey, loadVisibleColumns, saveVisibleColumns } from '../../app/ui/column-prefs.ts';

// GB 11643-1999 sample: 11010519491231002X is the standard's published example number.
const ID_SAMPLE = '11010519491231002X';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

const W = (w: Partial<Widget> & Pick<Widget, 'key' | 'type' | 'label'>): Widget => ({ id: w.key, options: {}, ...w });
const WIDGETS: Widget[] = [
  W({ key: 'school', type: 'input', label: '毕业院校' }),
  W({ key: 'years', type: 'number', label: '工作年限', options: { min: 0, max: 50, precision: 0 } }),
  W({ key: 'grad', type: 'date', label: '毕业日期' }),
  W({ key: 'size', type: 'select', label: '尺码', options: { options: [{ label: '中号', value: 'M' }] } }),
  W({ key: 'car', type: 'switch', label: '是否有车' }),
  W({ key: 'photo2', type: 'image', label: '生活照' }),
];

describe('roster tabs and filters', () => {
  it('tabs are 全部 and the active statuses; 全部 means every status but 已离职', () => {
    expect(ROSTER_TABS.map((t) => t.label)).toEqual(['全部', '待入职', '试用期', '正式', '待离职']);
    expect(rosterTabCodec.parse('2')).toBe('2');
    expect(rosterTabCodec.parse('4')).toBeUndefined();
    expect(statusesFor('all', undefined)).toEqual([...ACTIVE_STATUSES]);
    expect(statusesFor('1', undefined)).toEqual([1]);
    expect(statusesFor('all', [2, 3])).toEqual([2, 3]);
    expect(statusesFor('1', [2])).toBeNull();
    expect(statusTone(0)).toBe('pending');
    expect(statusTone(1)).toBe('processing');
    expect(statusTone(2)).toBe('success');
    expect(statusTone(3)).toBe('warning');
    expect(statusTone(4)).toBe('default');
  });

  it('maps the query form to the pageList body', () => {
    expect(rosterRequest({}, 'all')).toEqual({ includeSubDepartments: true, status: [0, 1, 2, 3] });
    // the service board's 未签劳动合同 link: on the roster, full-time, hired on or before a day, no contract in force
    expect(rosterRequest({ status: [1, 2, 3], employmentType: [1], hireDate: ['', '2025-02-28'], labourContract: 'none' }, 'all')).toEqual({
      includeSubDepartments: true,
      status: [1, 2, 3],
      employmentType: [1],
      hireDateTo: '2025-02-28',
      withoutLabourContract: true,
    });
    expect(
      rosterRequest(
        {
          keyword: '  张 ',
          departmentId: 7,
          includeSubDepartments: false,
          positionId: 3,
          rankId: 4,
          employmentType: [1, 2],
          hireDate: ['2024-01-01', ''],
          custom: { school: ' 浙大 ', years: ['1', '5'], grad: ['', '2020-06-30'], size: 'M', car: false, photo2: '9', unknown: 'x' },
        },
        '2',
        WIDGETS,
      ),
    ).toEqual({
      keyword: '张',
      departmentId: 7,
      includeSubDepartments: false,
      positionId: 3,
      rankId: 4,
      status: [2],
      employmentType: [1, 2],
      hireDateFrom: '2024-01-01',
      customFieldFilters: [
        { key: 'school', op: 'contains', value: '浙大' },
        { key: 'years', op: 'gte', value: 1 },
        { key: 'years', op: 'lte', value: 5 },
        { key: 'grad', op: 'lte', value: '2020-06-30' },
        { key: 'size', op: 'eq', value: 'M' },
        { key: 'car', op: 'eq', value: false },
      ],
    });
    expect(rosterRequest({ status: [4] }, 'all')).toBeNull();
  });
});

describe('column chooser', () => {
  const key = columnStorageKey('staffRoll', 5, 1);
  it('keeps the stored key; defaults, then the stored choice; the name column cannot be hidden', () => {
    expect(key).toBe('staffRoll.columns.5.1');
    const s = memoryStorage();
    const defaults = loadVisibleColumns(s, key, ROSTER_COLUMNS);
    expect(defaults).toEqual(ROSTER_COLUMNS.filter((c) => c.defaultVisible).map((c) => c.key));
    saveVisibleColumns(s, key, ['employeeNo', 'tenure', 'gone']);
    expect(loadVisibleColumns(s, key, ROSTER_COLUMNS)).toEqual(['name', 'employeeNo', 'tenure']);
  });
});

describe('custom-field filters in the URL', () => {
  it('round-trips the filled filters and ignores what is not a filter object', () => {
    const v = { shirt: 'L', hired: ['2024-01-01', ''] as [string, string], dorm: false };
    expect(customFilterCodec.parse(customFilterCodec.format(v))).toEqual(v);
    expect(customFilterCodec.parse('{bad')).toBeUndefined();
    expect(customFilterCodec.parse('[1,2]')).toBeUndefined();
    expect(customFilterCodec.parse('{"a":{"b":1}}')).toBeUndefined();
    expect(customFilterCodec.parse('{"a":""}')).toBeUndefined();
  });
  it('drops empty entries, and the whole object when nothing is left', () => {
    expect(compactCustom({ a: '', b: undefined, c: null, d: 0 })).toEqual({ d: 0 });
    expect(compactCustom({ a: '' })).toBeUndefined();
    expect(compactCustom(undefined)).toBeUndefined();
  });
});

describe('custom fields as roster columns', () => {
  const widgets: Widget[] = [
    { id: 'w1', type: 'select', label: '工服尺码', key: 'shirt', options: { options: [{ label: '中号', value: 'M' }, { label: '大号', value: 'L' }] } },
    { id: 'w2', type: 'image', label: '证件照', key: 'photo', options: {} },
    { id: 'w3', type: 'checkbox', label: '技能', key: 'skills', options: { options: [{ label: '焊接', value: 'weld' }, { label: '叉车', value: 'fork' }] } },
    { id: 'w4', type: 'switch', label: '住宿', key: 'dorm', options: {} },
  ];
  it('adds a hidden column per custom field a cell can show, kept when chosen and dropped when the field goes', () => {
    const cols = rosterColumnsWith(widgets);
    expect(cols.slice(ROSTER_COLUMNS.length)).toEqual([
      { key: 'custom.shirt', title: '工服尺码', defaultVisible: false },
      { key: 'custom.skills', title: '技能', defaultVisible: false },
      { key: 'custom.dorm', title: '住宿', defaultVisible: false },
    ]);
    const key = columnStorageKey('staffRoll', 5, 1);
    const s = memoryStorage({ [key]: JSON.stringify(['employeeNo', 'custom.shirt', 'custom.photo']) });
    expect(loadVisibleColumns(s, key, cols)).toEqual(['name', 'employeeNo', 'custom.shirt']);
    expect(loadVisibleColumns(s, key, rosterColumnsWith([]))).toEqual(['name', 'employeeNo']);
  });
  it('shows option labels, 是/否 and joined choices', () => {
    expect(customValueText(widgets[0]!, 'L')).toBe('大号');
    expect(customValueText(widgets[2]!, ['weld', 'fork'])).toBe('焊接、叉车');
    expect(customValueText(widgets[2]!, [])).toBe('—');
    expect(customValueText(widgets[3]!, false)).toBe('否');
    expect(customValueText(widgets[0]!, undefined, '-')).toBe('-');
  });
});

describe('司龄 (N年M个月)', () => {
  it('counts whole months', () => {
    expect(monthsBetween('2020-01-15', '2020-02-14')).toBe(0);
    expect(monthsBetween('2020-01-15', '2020-02-15')).toBe(1);
    expect(monthsBetween('2020-01-31', '2020-02-29')).toBe(1);
    expect(monthsBetween('2019-01-31', '2019-02-28')).toBe(1);
    expect(monthsBetween('2019-01-30', '2019-02-27')).toBe(0);
  });
  it('formats from the hire date to today or the leave date', () => {
    expect(formatTenure('2021-03-10', '2024-08-09')).toBe('3年4个月');
    expect(formatTenure('2021-03-10', '2024-08-10')).toBe('3年5个月');
    expect(formatTenure('2024-08-01', '2024-08-20')).toBe('0年0个月');
    expect(formatTenure('2020-01-01', '2025-01-01', '2022-07-01')).toBe('2年6个月');
    expect(formatTenure('2025-01-01', '2024-12-01')).toBe('—');
    expect(formatTenure(null, '2024-12-01')).toBe('—');
  });
});

describe('small rules', () => {
  it('file and edit ids from the query string', () => {
    expect(fileIdFromSearch('?file=12')).toBe(12);
    expect(fileIdFromSearch('?file=0')).toBeNull();
    expect(fileIdFromSearch('?file=abc')).toBeNull();
    expect(editIdFromSearch('?id=3')).toBe(3);
    expect(editIdFromSearch('')).toBeNull();
  });
  it('department trail below the company', () => {
    expect(departmentLabel({ departmentName: '前端组', departmentPathNames: ['杭州云帆科技', '研发中心', '前端组'] })).toBe('研发中心 / 前端组');
    expect(departmentLabel({ departmentName: '公司', departmentPathNames: ['公司'] })).toBe('公司');
    expect(departmentLabel({ departmentName: null, departmentPathNames: [] })).toBe('—');
  });
  it('tasks and group filters', () => {
    expect(taskQuery({ keyword: ' ', type: null, status: 0, overdue: false })).toEqual({ status: 0 });
    expect(taskQuery({ keyword: '证书', type: 1, overdue: true })).toEqual({ keyword: '证书', type: 1, overdue: true });
    expect(taskTone({ status: 1, isOverdue: true })).toBe('success');
    expect(taskTone({ status: 0, isOverdue: true })).toBe('error');
    expect(taskTone({ status: 0, isOverdue: false })).toBe('processing');
    expect(groupQuery({ keyword: ' 王 ', groupCompanyId: 2, status: [] })).toEqual({ keyword: '王', groupCompanyId: 2 });
  });
  it('badge layouts', () => {
    expect(parseBadgeLayout(null)).toEqual(DEFAULT_BADGE_LAYOUT);
    expect(parseBadgeLayout('{"orientation":"landscape","fields":["qrcode","name","junk"],"color":"red","title":"云帆"}')).toEqual({ orientation: 'landscape', fields: ['name', 'qrcode'], color: '#1677ff', title: '云帆' });
    expect(parseBadgeLayout('nope')).toEqual(DEFAULT_BADGE_LAYOUT);
    expect(badgeSizeMm('portrait')).toEqual({ width: 54, height: 85.6 });
    expect(badgeQrText(' E001 ')).toBe('E001');
    expect(badgeQrText(null)).toBeNull();
  });
});

describe('the employee form', () => {
  const now = new Date('2025-06-01T00:00:00');
  it('checks document numbers with the contracts validator and fills birth date and gender', () => {
    expect(documentNumberError(1, ID_SAMPLE, now)).toBeNull();
    expect(documentNumberError(1, '110105194912310021', now)).toBe('身份证号码校验位不正确');
    expect(documentNumberError(2, 'E1234567', now)).toBeNull();
    expect(documentNumberError(1, '', now)).toBeNull();
    expect(idCardAutofill(1, ID_SAMPLE.toLowerCase(), now)).toEqual({ birthDate: '1949-12-31', gender: 2 });
    expect(idCardAutofill(2, ID_SAMPLE, now)).toBeNull();
    expect(idCardAutofill(1, '110105194912310021', now)).toBeNull();
  });

  it('custom field checks mirror the server', () => {
    const [school, years, , , car] = WIDGETS as [Widget, Widget, Widget, Widget, Widget];
    expect(customFieldError({ ...school, options: { required: true } }, ' ')).toBe('请填写毕业院校');
    expect(customFieldError(years, 51)).toBe('工作年限不能大于50');
    expect(customFieldError(years, 1.5)).toBe('工作年限应为整数');
    expect(customFieldError(car, false)).toBeNull();
    expect(customFieldError(W({ key: 'p', type: 'phone', label: '家庭电话' }), '12345')).toBe('家庭电话格式不正确，应为手机号或座机号');
  });

  it('maps the add form to add/v2', () => {
    const body = toAddBody(
      {
        name: ' 林晓 ',
        mobile: '13912345678',
        idType: 1,
        idNumber: ID_SAMPLE.toLowerCase(),
        departmentId: 3,
        employeeNo: 'E9',
        hireDate: '2025-05-06',
        employmentType: 2,
        gender: 2,
        birthDate: { format: () => '1949-12-31' },
        email: '',
        bankAccount: '6222 0000 1111',
        emergencyName: '林父',
        emergencyPhone: '13800000009',
        emergencyRelation: '',
        custom: { school: ' 浙大 ', years: 3, grad: null, car: false },
      },
      WIDGETS,
    );
    expect(body).toEqual({
      name: '林晓',
      mobile: '13912345678',
      idType: 1,
      idNumber: ID_SAMPLE,
      departmentId: 3,
      employeeNo: 'E9',
      hireDate: '2025-05-06',
      employmentType: 2,
      gender: 2,
      birthDate: '1949-12-31',
      bankAccount: '622200001111',
      emergencyContact: { name: '林父', phone: '13800000009' },
      customFields: { school: '浙大', years: 3, car: false },
    });
  });

  it('maps an edit to update with only the changes; identifiers only when typed again', () => {
    const detail = {
      id: 9, name: '林晓', gender: 2, birthDate: '1949-12-31', nationality: '中国', ethnicity: '汉族', hukouType: null, education: 6, maritalStatus: null,
      idType: 1, email: null, address: null, employeeNo: 'E9', departmentId: 3, positionId: null, rankId: null, costCenterId: null, employmentType: 1,
      workLocation: null, hireDate: '2025-05-06', probationEndDate: null, status: 1, bankName: null,
      emergencyContact: { name: '林父', phoneMasked: '138****0009', relation: null }, customFields: { school: '浙大', years: 3 },
    } as unknown as EmployeeDetail;
    const initial = formValuesOf(detail, WIDGETS);
    expect(initial.idNumber).toBe('');
    expect(initial.custom).toEqual({ school: '浙大', years: 3 });
    expect(toUpdateBody(9, initial, initial, WIDGETS)).toEqual({ id: 9 });
    const changed = { ...initial, departmentId: 4, education: null, workLocation: ' 杭州 ', mobile: '13912345679', custom: { school: '浙大', years: 4 } };
    expect(toUpdateBody(9, changed, initial, WIDGETS)).toEqual({ id: 9, departmentId: 4, education: null, workLocation: '杭州', mobile: '13912345679', customFields: { years: 4 } });
    // a new document type without the number is not sent; the emergency contact needs its phone; clearing the name removes it
    expect(toUpdateBody(9, { ...initial, idType: 2 }, initial, WIDGETS)).toEqual({ id: 9 });
    expect(toUpdateBody(9, { ...initial, emergencyName: '' }, initial, WIDGETS)).toEqual({ id: 9, emergencyContact: null });
    expect(toUpdateBody(9, { ...initial, emergencyPhone: '13800000010' }, initial, WIDGETS)).toEqual({ id: 9, emergencyContact: { name: '林父', phone: '13800000010' } });
  });
});

describe('工号 under the numbering rule', () => {
  it('is prefilled with the next number and may be left empty when the rule is on; required when it is off', () => {
    expect(employeeNoField({ enabled: true, nextNo: 'YF0201' })).toMatchObject({ required: false, prefill: 'YF0201', extra: '已按工号规则预填下一个工号，可修改' });
    expect(employeeNoField({ enabled: false, nextNo: null })).toMatchObject({ required: true, prefill: null, placeholder: '请输入工号' });
    expect(employeeNoField(undefined)).toMatchObject({ required: true, prefill: null });
  });

  it('leaves an empty number out of the add body, for the server to assign', () => {
    const base = { name: '张伟', mobile: '13912345678', idType: 1, idNumber: ID_SAMPLE, departmentId: 3, hireDate: '2024-03-01', employmentType: 1 };
    expect('employeeNo' in toAddBody({ ...base, employeeNo: '  ' }, [])).toBe(false);
    expect(toAddBody({ ...base, employeeNo: ' YF0201 ' }, []).employeeNo).toBe('YF0201');
  });
});
