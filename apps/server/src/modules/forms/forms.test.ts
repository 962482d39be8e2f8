import type { CrossLibraryValues, CustomFormAnswer, FormDetailView, FormVersionSummary, FormVersionView, FormView } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hireEmployee, signInAsRole } from '../../test/factories.ts';
import { createTestApp, expectUnchanged, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from '../org/index.ts';

/** 表单管理: versions on every save, fills pinned to their version, cross-library values, and who may do what. */

const API = '/wfsaas-saas/api';

let t: TestApp;
let admin: string;
let reader: string;
let dept: number;

const call = <T>(path: string, body: object = {}, token = admin, companyId = 1) => t.call<T>(`${API}${path}`, { token, companyId, body });
async function ok<T>(path: string, body: object = {}, token = admin, companyId = 1): Promise<T> {
  const r = await call<T>(path, body, token, companyId);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}

const text = (key: string, label: string, options: Record<string, unknown> = {}) => ({ id: `w_${key}`, key, label, type: 'input', options });
const form = (name: string, widgetList: object[], formId?: number) => ({ formId, name, formConfig: { cols: 2 }, widgetList });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  dept = Number((await t.rows<{ id: number }>(sql`select id from departments where company_id = 1 order by id limit 1`))[0]!.id);
  reader = (await signInAsRole(t, { adminToken: admin, phone: '13700009301', role: '表单查看', permissionKeys: ['modifyForm'] })).token;
}, 120_000);
afterAll(async () => t?.close());

describe('customerForm', () => {
  it('saves a new version on every save and keeps the old ones readable', async () => {
    const v1 = await ok<FormVersionView>('/customerForm/save', form('入职补充信息', [text('school', '毕业院校', { required: true })]));
    expect(v1).toMatchObject({ name: '入职补充信息', version: 1, current: true });
    const v2 = await ok<FormVersionView>('/customerForm/save', form('入职补充信息', [text('school', '毕业院校'), { id: 'w_edu', key: 'edu', label: '最高学历', type: 'select', options: { dictionaryCode: 'education' } }], v1.formId));
    expect(v2).toMatchObject({ formId: v1.formId, version: 2 });
    const versions = await ok<FormVersionSummary[]>('/customerForm/versions', { formId: v1.formId });
    expect(versions.map((v) => [v.version, v.widgetCount])).toEqual([[2, 2], [1, 1]]);
    const old = await ok<FormVersionView>('/customerForm/version', { formId: v1.formId, version: 1 });
    expect(old).toMatchObject({ version: 1, current: false, widgetList: [{ key: 'school', options: { required: true } }] });
    const list = await ok<{ list: FormView[] } | FormView[]>('/customerForm/list', { keyword: '入职补充' });
    const rows = Array.isArray(list) ? list : list.list;
    expect(rows).toEqual([expect.objectContaining({ id: v1.formId, currentVersion: 2, widgetCount: 2, sceneLabel: '独立表单' })]);
  });

  it('refuses a bad definition by the widget it names, and changes nothing', async () => {
    await expectUnchanged(t.database, () => call('/customerForm/save', form('坏表单', [text('code', '编码', { pattern: '(a+)+' })])), 400, /控件「编码」：正则表达式不能嵌套重复/);
    await expectUnchanged(t.database, () => call('/customerForm/save', form('坏表单', [{ id: 'w_m', key: 'm', label: '补贴', type: 'money', options: { min: 5, max: 1 } }])), 400, /最小值不能大于最大值（补贴）/);
    await expectUnchanged(t.database, () => call('/customerForm/save', form('坏表单', [{ id: 'w_s', key: 's', label: '尺码', type: 'select', options: { dictionaryCode: 'c_size' } }])), 400, '表单定义：控件「尺码」的数据字典「c_size」不存在');
    await expectUnchanged(t.database, () => call('/customerForm/save', form('坏表单', [{ ...text('x', '甲'), type: 'slider' }])), 400, /控件类型/);
    await expectUnchanged(t.database, () => call('/customerForm/save', form('坏表单', [])), 400, '表单定义需要包含表单配置和至少一个控件');
  });

  it('answers another company’s form as not found and a reader without the edit key as refused', async () => {
    const f = await ok<FormVersionView>('/customerForm/save', form('只在一号公司', [text('a', '甲')]));
    await expectUnchanged(t.database, () => call('/customerForm/get', { formId: f.formId }, admin, 2), 404, '表单不存在');
    await expectUnchanged(t.database, () => call('/customerForm/save', form('改名', [text('a', '甲')], f.formId), admin, 2), 404, '表单不存在');
    await expectUnchanged(t.database, () => call('/customerForm/remove', { formId: f.formId }, admin, 2), 404, '表单不存在');
    expect((await ok<FormVersionView>('/customerForm/get', { formId: f.formId }, reader)).name).toBe('只在一号公司');
    const denied = await call('/customerForm/save', form('改名', [text('a', '甲')], f.formId), reader);
    expect(denied.status).toBe(403);
    expect((await call('/customerForm/remove', { formId: f.formId }, reader)).status).toBe(403);
    await ok('/customerForm/remove', { formId: f.formId });
    await expectUnchanged(t.database, () => call('/customerForm/get', { formId: f.formId }), 404, '表单不存在');
  });
});

describe('the employee form as a versioned form', () => {
  it('upgrades a definition kept before versions, pins an employee’s values to the version filled, and refuses removing a used form', async () => {
    // a definition as it was stored before forms had versions
    await t.database.inTenant(1, (tx) =>
      tx.execute(sql`insert into custom_form_definitions (company_id, scene, form_config, widget_list) values (1, 'employee', '{"cols":2}'::jsonb, ${JSON.stringify([text('shirt', '工服尺码')])}::jsonb)`),
    );
    const before = await ok<CustomFormAnswer>('/customForm/get', { scene: 'employee' });
    expect(before).toMatchObject({ version: 1, widgetList: [{ key: 'shirt' }] });
    expect(await t.rows(sql`select 1 from custom_form_definitions where company_id = 1`)).toEqual([]);

    const hired = await hireEmployee(t, { token: admin, name: '钱多多', hireDate: '2024-05-06', departmentId: dept, extra: { customFields: { shirt: 'XL' } } });
    const after = await ok<CustomFormAnswer>('/customForm/save', { scene: 'employee', formConfig: { cols: 2 }, widgetList: [text('badge', '工牌号')] });
    expect(after.version).toBe(2);
    const detail = await ok<FormDetailView>('/customerFormDetail/get', { formId: before.formId, subjectType: 'employee', subjectId: hired.id });
    expect(detail.version).toMatchObject({ version: 1, current: false, widgetList: [{ key: 'shirt', label: '工服尺码' }] });
    expect(detail.values).toEqual({ shirt: 'XL' });
    await expectUnchanged(t.database, () => call('/customerFormDetail/get', { formId: before.formId, subjectType: 'employee', subjectId: hired.id }, admin, 2), 404, '表单不存在');
    await expectUnchanged(t.database, () => call('/customerForm/remove', { formId: before.formId }), 409, /正用作员工档案自定义字段，不能删除/);
  });

  it('reads a cross-library form from the roster and the custom fields, and checks picked departments', async () => {
    const emp = await ok<CustomFormAnswer>('/customForm/save', { scene: 'employee', formConfig: { cols: 2 }, widgetList: [text('badge', '工牌号'), { id: 'w_dept', key: 'mentorDept', label: '导师部门', type: 'department', options: {} }] });
    const hired = await hireEmployee(t, { token: admin, name: '孙悦', hireDate: '2024-06-03', departmentId: dept, extra: { customFields: { badge: 'B-007' } } });
    const cross = await ok<FormVersionView>(
      '/customerForm/save',
      form('员工概览', [
        { ...text('n', '姓名'), source: { library: 'roster', field: 'name' } },
        { ...text('hd', '入职日期'), source: { library: 'roster', field: 'hireDate' } },
        { ...text('b', '工牌号'), source: { library: 'custom', field: 'badge' } },
      ]),
    );
    const values = await ok<CrossLibraryValues>('/crossLibraryForm/values', { formId: cross.formId, employeeId: hired.id });
    expect(values.values.map((v) => [v.label, v.text])).toEqual([['姓名', '孙悦'], ['入职日期', '2024-06-03'], ['工牌号', 'B-007']]);
    await expectUnchanged(t.database, () => call('/customerForm/save', form('坏来源', [{ ...text('x', '甲'), source: { library: 'custom', field: 'nope' } }])), 400, '表单定义：控件「甲」的来源字段不存在，请重新选择');
    await expectUnchanged(t.database, () => call('/crossLibraryForm/values', { formId: cross.formId, employeeId: hired.id }, admin, 2), 404, '表单不存在');
    // a picked department must be the company's own
    const other = Number((await t.rows<{ id: number }>(sql`select id from departments where company_id = 2 order by id limit 1`))[0]?.id ?? 999999);
    const refused = await t.call(`${API}/companyEmployee/update`, { token: admin, companyId: 1, body: { id: hired.id, customFields: { mentorDept: other } } });
    expect(refused.body).toMatchObject({ code: 400, message: '导师部门：所选部门不存在，请重新选择' });
    expect(emp.version).toBeGreaterThan(1);
  });
});
