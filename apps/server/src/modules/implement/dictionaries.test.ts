import type { DictionaryItem, DictionaryListView, DictionaryUsage, EmployeeChangeView } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, chinaToday } from '../../platform/china-date.ts';
import { departmentIdByName, hireEmployee, signInAsRole, type Hired } from '../../test/factories.ts';
import { createTestApp, expectUnchanged, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from '../org/org.seed.ts';

/** 字典中心: system dictionaries read-only, the company's own and its additions, usage, and the quit form's 离职原因. */

const API = '/wfsaas-saas/api';
const D = `${API}/customDictionary`;
const today = chinaToday();

let t: TestApp;
let admin: string;
let staff: string;
let reader: string;
let deptId: number;

const call = <T>(path: string, body: object = {}, token = admin, companyId = 1) => t.call<T>(path, { token, companyId, body });
async function ok<T>(path: string, body: object = {}, token = admin, companyId = 1): Promise<T> {
  const r = await call<T>(path, body, token, companyId);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}
const refused = (run: () => Promise<{ body: { code: number; message: string } }>, code: number, message: string | RegExp) => expectUnchanged(t.database, run, code, message);
const items = (code: string, includeDisabled = false, token = admin) => ok<DictionaryItem[]>(`${D}/items`, { code, includeDisabled }, token);
let n = 0;
const hire = (name: string): Promise<Hired> => hireEmployee(t, { token: admin, name: `${name}${++n}`, departmentId: deptId, hireDate: addMonths(today, -12) });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  reader = (await signInAsRole(t, { adminToken: admin, phone: '13700009201', role: '字典查看', permissionKeys: ['dictionaryCenter'] })).token;
  deptId = await departmentIdByName(t, '财务部');
}, 120_000);
afterAll(async () => t?.close());

describe('system dictionaries', () => {
  it('are listed first and served from the code tables, values as the stored codes', async () => {
    const list = await ok<DictionaryListView[]>(`${D}/list`, {}, reader);
    expect(list.slice(0, 3).map((d) => [d.code, d.name, d.system])).toEqual([
      ['idType', '证件类型', true],
      ['gender', '性别', true],
      ['employmentType', '用工类型', true],
    ]);
    expect(list.find((d) => d.code === 'quitReason')).toMatchObject({ name: '离职原因', system: true, extendable: true });
    expect((await items('idType', false, staff)).map((i) => [i.value, i.label])).toEqual([
      ['1', '身份证'],
      ['2', '护照'],
      ['3', '港澳台通行证'],
    ]);
    expect((await items('ethnicity')).slice(0, 2).map((i) => i.value)).toEqual(['汉族', '蒙古族']);
    expect((await items('politicalStatus')).map((i) => i.label)).toContain('共青团员');
  });

  it('refuse every edit: add, rename, disable, delete, reorder', async () => {
    await refused(() => call(`${D}/save`, { code: 'education', name: '学历2', isNew: true }), 400, /字典编码应以 c_ 开头/);
    await refused(() => call(`${D}/item/save`, { code: 'education', label: '博士后' }), 400, '「学历」是系统字典，不能新增选项');
    await refused(() => call(`${D}/item/enable`, { code: 'education', value: '1', enabled: false }), 400, /系统字典，不能停用/);
    await refused(() => call(`${D}/item/remove`, { code: 'gender', value: '1' }), 400, /系统字典，不能删除/);
    await refused(() => call(`${D}/remove`, { code: 'gender' }), 400, '「性别」是系统字典，不能删除');
    // an extendable one keeps its own items fixed too
    await refused(() => call(`${D}/item/save`, { code: 'quitReason', value: '1', label: '个人成长' }), 400, '「个人发展」是系统选项，不能修改');
    await refused(() => call(`${D}/item/enable`, { code: 'quitReason', value: '1', enabled: false }), 400, '系统选项不能停用');
  });

  it('answer where a system item is used', async () => {
    const e = await hire('字典证件');
    const usage = await ok<DictionaryUsage>(`${D}/item/usage`, { code: 'idType', value: '1' }, reader);
    expect(usage.count).toBeGreaterThan(0);
    expect(usage.places[0]).toMatchObject({ place: '员工档案 · 证件类型' });
    expect(usage.places[0]!.count).toBe(usage.count);
    expect((await ok<DictionaryUsage>(`${D}/item/usage`, { code: 'idType', value: '3' })).count).toBe(0);
    expect(e.idType).toBe(1);
  });
});

describe("a company's own dictionary", () => {
  it('is added with a c_ code, its items added, renamed, reordered, disabled', async () => {
    await refused(() => call(`${D}/save`, { code: 'C-1', name: '工装尺码', isNew: true }), 400, /^字典编码/);
    await refused(() => call(`${D}/save`, { code: 'c_size', name: '', isNew: true }), 400, /字典名称/);
    await refused(() => call(`${D}/save`, { code: 'c_size', name: '工装尺码', isNew: true }, staff), 403, /dictionaryCenter\.edit/);
    await refused(() => call(`${D}/save`, { code: 'c_size', name: '工装尺码', isNew: true }, reader), 403, /dictionaryCenter\.edit/);
    const d = await ok<DictionaryListView>(`${D}/save`, { code: 'c_size', name: '工装尺码', description: '发放工装用', isNew: true });
    expect(d).toMatchObject({ code: 'c_size', system: false, itemCount: 0 });
    await refused(() => call(`${D}/save`, { code: 'c_size', name: '尺码', isNew: true }), 409, '字典编码「c_size」已存在');
    await refused(() => call(`${D}/save`, { code: 'c_other', name: '学历', isNew: true }), 409, '字典名称「学历」已存在');

    for (const label of ['S', 'M', 'L']) await ok(`${D}/item/save`, { code: 'c_size', label });
    await refused(() => call(`${D}/item/save`, { code: 'c_size', label: 'M' }), 409, '选项名称「M」已存在');
    expect((await items('c_size')).map((i) => [i.value, i.label, i.system])).toEqual([
      ['1', 'S', false],
      ['2', 'M', false],
      ['3', 'L', false],
    ]);
    await ok(`${D}/item/save`, { code: 'c_size', value: '3', label: 'XL' });
    await ok(`${D}/item/reorder`, { code: 'c_size', values: ['3', '1', '2'] });
    expect((await items('c_size')).map((i) => i.label)).toEqual(['XL', 'S', 'M']);
    await refused(() => call(`${D}/item/reorder`, { code: 'c_size', values: ['3', '1'] }), 400, /选项顺序/);

    await ok(`${D}/item/enable`, { code: 'c_size', value: '1', enabled: false });
    expect((await items('c_size')).map((i) => i.label)).toEqual(['XL', 'M']);
    expect((await items('c_size', true)).find((i) => i.value === '1')).toMatchObject({ label: 'S', enabled: false });
    const list = await ok<DictionaryListView[]>(`${D}/list`);
    expect(list.at(-1)).toMatchObject({ code: 'c_size', itemCount: 3, enabledCount: 2 });

    const audit = await t.rows<{ action: string }>(sql`select action from audit_log where entity = 'dictionary' and company_id = 1 order by id`);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['dictionary.add', 'dictionaryItem.add', 'dictionaryItem.edit', 'dictionaryItem.reorder', 'dictionaryItem.disable']));
  });

  it("is another company's: 404", async () => {
    await refused(() => call(`${D}/items`, { code: 'c_size' }, admin, 2), 404, '字典「c_size」不存在');
    await refused(() => call(`${D}/item/save`, { code: 'c_size', label: 'XXL' }, admin, 2), 404, '字典「c_size」不存在');
    await refused(() => call(`${D}/remove`, { code: 'c_size' }, admin, 2), 404, '字典「c_size」不存在');
  });

  it('deletes an unused item and an unused dictionary', async () => {
    await ok(`${D}/item/save`, { code: 'c_size', label: 'XXL' });
    await ok(`${D}/item/remove`, { code: 'c_size', value: '4' });
    expect((await items('c_size', true)).map((i) => i.value)).not.toContain('4');
    await ok(`${D}/save`, { code: 'c_tmp', name: '临时', isNew: true });
    await ok(`${D}/item/save`, { code: 'c_tmp', label: '一' });
    await ok(`${D}/remove`, { code: 'c_tmp' });
    await refused(() => call(`${D}/items`, { code: 'c_tmp' }), 404, /不存在/);
  });
});

describe('离职原因: the company adds its own, the quit form uses it', () => {
  it('accepts an added reason, refuses an unknown or disabled one, and never deletes a used one', async () => {
    const added = await ok<DictionaryItem>(`${D}/item/save`, { code: 'quitReason', label: '异地发展' });
    expect(added).toMatchObject({ value: 'c_1', label: '异地发展', system: false, enabled: true });
    expect((await items('quitReason', false, staff)).map((i) => i.label).slice(-2)).toEqual(['其他', '异地发展']);

    const [a, b] = [await hire('离职字典'), await hire('离职字典')];
    const quit = (employeeId: number, reasonCode: string) => call<EmployeeChangeView>(`${API}/companyEmployeeQuit/do`, { employeeId, quitType: 1, reasonCode, lastWorkingDay: addDays(today, 10) });
    await refused(() => quit(a.id, 'c_99'), 400, '离职原因：「c_99」不是有效的选项');
    await refused(() => call(`${API}/companyEmployeeQuit/do`, { employeeId: a.id, quitType: 1, lastWorkingDay: addDays(today, 10) }), 400, '离职原因：请选择离职原因');
    const r = await quit(a.id, 'c_1');
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data.after).toMatchObject({ reason: '异地发展', reasonCode: 'c_1' });

    const usage = await ok<DictionaryUsage>(`${D}/item/usage`, { code: 'quitReason', value: 'c_1' });
    expect(usage).toMatchObject({ count: 1, places: [{ place: '离职记录 · 离职原因', count: 1, examples: [a.name] }] });
    await refused(() => call(`${D}/item/remove`, { code: 'quitReason', value: 'c_1' }), 409, `选项「异地发展」已被1条记录使用（离职记录 · 离职原因1条），不能删除，可停用后不再供选择`);

    await ok(`${D}/item/enable`, { code: 'quitReason', value: 'c_1', enabled: false });
    expect((await items('quitReason')).map((i) => i.value)).not.toContain('c_1');
    await refused(() => quit(b.id, 'c_1'), 400, '离职原因：「异地发展」已停用，请选择其他选项');
  });
});
