import { DEFAULT_PORTAL_LAYOUTS, type EntityView, type LayoutView } from '@wfsaas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaToday } from '../../platform/china-date.ts';
import { departmentIdByName, hireEmployee, signInAsRole } from '../../test/factories.ts';
import { createTestApp, expectRefused, type TestApp } from '../../test/harness.ts';
import { siCalls } from './si-test-support.ts';

/** 参保主体 and the portal column sets: the policy rules, one default, removal, isolation and permissions. */

let t: TestApp;
let admin: string;
const { call, ok, entity } = siCalls(() => ({ t, token: admin, companyId: 1 }));
const base = { siAccountNo: '', hfAccountNo: '', deadlineDay: 15, locations: [] };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
}, 60_000);
afterAll(async () => t?.close());

describe('entities', () => {
  it('lists the demo entities with the policy in force and who is insured there', async () => {
    const hz = await entity('杭州总部社保账户');
    expect(hz).toMatchObject({ city: '杭州', isDefault: true, deadlineDay: 20, hfRate: '0.120000', insuredCount: 0, policyError: null });
    expect(hz.policy).toMatchObject({ key: expect.stringMatching(/^杭州:/), hfRateRange: { min: expect.any(String), max: expect.any(String) } });
    expect((await entity('上海分公司社保账户')).agencyName).toBe('上海易才人力');
  });

  it('refuses a city without a policy, a housing-fund rate outside its range and an injury rate above 10%', async () => {
    await expectRefused(t, () => call('/socialInsurance/entity/save', { ...base, name: '拉萨账户', city: '拉萨' }), 400, `参保城市：未找到拉萨在${chinaToday().slice(0, 7)}有效的社保公积金政策，请先在社保公积金政策中添加`);
    await expectRefused(t, () => call('/socialInsurance/entity/save', { ...base, name: '北京账户', city: '北京', hfRate: '0.2' }), 400, '公积金缴存比例：北京的缴存比例应在5%到12%之间');
    await expectRefused(t, () => call('/socialInsurance/entity/save', { ...base, name: '北京账户', city: '北京', injuryRate: '0.2' }), 400, '工伤保险费率：应在0到10%之间');
    await expectRefused(t, () => call('/socialInsurance/entity/save', { ...base, name: '杭州总部社保账户', city: '杭州' }), 409, '参保主体「杭州总部社保账户」已存在');
  });

  it('keeps one default: saving another as default clears the first', async () => {
    const bj = await ok<EntityView>('/socialInsurance/entity/save', { ...base, name: '北京账户', city: '北京', isDefault: true, hfRate: '0.1' });
    expect(bj.isDefault).toBe(true);
    const all = await ok<EntityView[]>('/socialInsurance/entity/list');
    expect(all.filter((e) => e.isDefault).map((e) => e.name)).toEqual(['北京账户']);
  });

  it('refuses to remove an entity while someone is insured there, removes it otherwise', async () => {
    const bj = await entity('北京账户');
    const dept = await departmentIdByName(t, '产品部');
    const e = await hireEmployee(t, { token: admin, name: '北京在保', hireDate: '2025-03-01', departmentId: dept, extra: { salary: '10000', workLocation: '北京' } });
    await ok('/socialInsurance/insured/register', { employeeId: e.id, entityId: bj.id, siBase: '10000', hfBase: '10000', hfRate: '0.1', startMonth: '2025-03' });
    await expectRefused(t, () => call('/socialInsurance/insured/register', { employeeId: e.id, entityId: bj.id, siBase: '10000', hfBase: '10000', hfRate: '0.1', startMonth: '2025-03' }), 409, '北京在保已有参保信息（在保），不能重复补录');
    await expectRefused(t, () => call('/socialInsurance/entity/remove', { id: bj.id }), 409, '参保主体「北京账户」还有1名员工的参保信息（待增员、在保或待减员），不能删除');
    const other = await ok<EntityView>('/socialInsurance/entity/save', { ...base, name: '深圳账户', city: '深圳' });
    await ok('/socialInsurance/entity/remove', { id: other.id });
    expect((await ok<EntityView[]>('/socialInsurance/entity/list')).map((x) => x.name)).not.toContain('深圳账户');
  });

  it('answers 404 for another company’s entity, changing nothing', async () => {
    const hz = await entity('杭州总部社保账户');
    await expectRefused(t, () => call('/socialInsurance/entity/save', { ...base, id: hz.id, name: '改名', city: '杭州' }, { companyId: 2 }), 404, '参保主体不存在');
    await expectRefused(t, () => call('/socialInsurance/entity/remove', { id: hz.id }, { companyId: 2 }), 404, '参保主体不存在');
    expect((await call<EntityView[]>('/socialInsurance/entity/list', {}, { companyId: 2 })).body.data).toEqual([]);
  });
});

describe('portal column sets', () => {
  it('answers the product’s set, the company’s own after saving, and the product’s again after a reset', async () => {
    const builtin = (await ok<LayoutView[]>('/socialInsurance/layout/list')).find((l) => l.city === '杭州')!;
    expect(builtin).toMatchObject({ origin: 'builtin', sheetName: DEFAULT_PORTAL_LAYOUTS.find((l) => l.city === '杭州')!.sheetName });
    const own = await ok<LayoutView>('/socialInsurance/layout/save', { city: '杭州', sheetName: '增减员', columns: [{ title: '姓名', field: 'name' }, { title: '身份证', field: 'idNumber' }] });
    expect(own).toMatchObject({ origin: 'company', sheetName: '增减员' });
    await expectRefused(t, () => call('/socialInsurance/layout/save', { city: '杭州', sheetName: 'x', columns: [{ title: '姓名', field: 'name' }] }), 400, '列：申报文件必须包含「证件号码」列');
    const bogus = await call('/socialInsurance/layout/save', { city: '杭州', sheetName: 'x', columns: [{ title: '姓名', field: 'bogus' }] });
    expect(bogus.body.code).toBe(400);
    expect(bogus.body.message).toMatch(/取值字段/);
    expect(await ok<LayoutView>('/socialInsurance/layout/reset', { city: '杭州' })).toMatchObject({ origin: 'builtin' });
    expect((await ok<LayoutView[]>('/socialInsurance/layout/list')).find((l) => l.city === '北京')!.origin).toBe('builtin');
  });
});

describe('permissions', () => {
  it('refuses a member without the key, and a reader writing', async () => {
    const none = await signInAsRole(t, { adminToken: admin, phone: '13900005001', role: '无社保权限', permissionKeys: ['home'] });
    await expectRefused(t, () => call('/socialInsurance/entity/list', {}, { token: none.token }), 403, '您没有此操作的权限（selectInsured），请联系管理员');
    await expectRefused(t, () => call('/apply/month', {}, { token: none.token }), 403, '您没有此操作的权限（applyMonth），请联系管理员');
    await expectRefused(t, () => call('/socialInsurance/insured/page', { pageNum: 1, pageSize: 10 }, { token: none.token }), 403, '您没有此操作的权限（insuranceInformation），请联系管理员');
    const reader = await signInAsRole(t, { adminToken: admin, phone: '13900005002', role: '社保查看', permissionKeys: ['selectInsured', 'applyMonth'] });
    expect((await call('/apply/month', {}, { token: reader.token })).body.code).toBe(200);
    await expectRefused(t, () => call('/socialInsurance/entity/save', { ...base, name: '杭州二', city: '杭州' }, { token: reader.token }), 403, '您没有此操作的权限（selectInsured.edit），请联系管理员');
    const hz = await entity('杭州总部社保账户');
    await expectRefused(t, () => call('/apply/create', { entityId: hz.id, month: chinaToday().slice(0, 7) }, { token: reader.token }), 403, '您没有此操作的权限（applyMonth.edit），请联系管理员');
  });
});
