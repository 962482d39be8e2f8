import ExcelJS from 'exceljs';
import type { EmployeeDetail, LoginResult, PageWatermarkView, SystemConfigView, SystemFieldSetting } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRole } from '../../test/factories.ts';
import { createTestApp, expectUnchanged, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { joinCompany } from '../../test/members.ts';
import { purgeOldRecords } from './system-config.jobs.ts';

/** 系统配置: field settings read by the roster, the add form and the import; sign-in rules; watermark; retention. */

const FIELDS = '/wfsaas-system/api/systemFieldConfig';
const CONFIG = '/wfsaas-system/api/systemConfig';

let t: TestApp;
let admin: string;
let reader: string;
let outsider: string;

const call = <T>(url: string, body: object = {}, token = admin, companyId = 1) => t.call<T>(url, { token, companyId, body });
async function ok<T>(url: string, body: object = {}, token = admin, companyId = 1): Promise<T> {
  const r = await call<T>(url, body, token, companyId);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}

const SECURITY = { passwordMinLength: 8, passwordClasses: ['letter', 'digit'], passwordExpiryDays: 0, passwordHistory: 0, lockAfterFailures: 5, lockMinutes: 15, sessionHours: null };

async function templateHeaders(companyId = 1): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/wfsaas-saas/api/dynamicFormTemplate/template?name=employee', headers: { authorization: `Bearer ${admin}`, companyid: String(companyId) } });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
}

const newEmployee = (n: number, extra: Record<string, unknown> = {}) => ({
  name: `配置测试${n}`,
  mobile: `1997100${String(n).padStart(4, '0')}`,
  idType: 2,
  idNumber: `E${String(n).padStart(8, '0')}`,
  employmentType: 1,
  employeeNo: `SC${n}`,
  departmentId: 1,
  hireDate: '2024-03-01',
  gender: 1,
  birthDate: '1990-01-01',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  reader = (await signInAsRole(t, { adminToken: admin, phone: '13700009201', role: '配置查看', permissionKeys: ['systemConfig'] })).token;
  outsider = (await signInAsRole(t, { adminToken: admin, phone: '13700009202', role: '花名册查看', permissionKeys: ['staffRoll'] })).token;
}, 120_000);
afterAll(async () => t?.close());

describe('field settings', () => {
  it('hides, renames and requires fields for the roster columns, the import template and the add form', async () => {
    const before = await ok<SystemFieldSetting[]>(`${FIELDS}/list`);
    expect(before.find((f) => f.key === 'costCenterId')).toMatchObject({ visible: true, label: '成本中心', core: false });
    const fields = before.map((f) => ({
      key: f.key,
      visible: f.key !== 'costCenterId',
      required: f.key === 'education' ? true : f.required,
      label: f.key === 'workLocation' ? '办公城市' : f.label,
    }));
    // work location first among the non-core fields: the order is kept
    const order = [...fields.filter((f) => f.key !== 'workLocation'), fields.find((f) => f.key === 'workLocation')!];
    await ok(`${FIELDS}/save`, { fields: order });

    const columns = await ok<SystemFieldSetting[]>(`${FIELDS}/columns`, {}, outsider);
    expect(columns.map((c) => c.key)).not.toContain('costCenterId');
    expect(columns.at(-1)).toMatchObject({ key: 'workLocation', label: '办公城市', standardLabel: '工作地点', column: 'workLocation' });
    expect(columns.find((c) => c.key === 'education')).toMatchObject({ required: true });

    const headers = await templateHeaders();
    expect(headers).toContain('办公城市');
    expect(headers).toContain('*学历');
    expect(headers).not.toContain('成本中心');
    expect(headers).not.toContain('工作地点');

    await expectUnchanged(t.database, () => call('/wfsaas-saas/api/companyEmployee/add/v2', newEmployee(1)), 400, '请填写学历');
    const added = await ok<EmployeeDetail>('/wfsaas-saas/api/companyEmployee/add/v2', newEmployee(2, { education: 5 }));
    await expectUnchanged(t.database, () => call('/wfsaas-saas/api/companyEmployee/update', { id: added.id, education: null }), 400, '请填写学历');
  });

  it('keeps core identity fields shown and required, and a shown name to one field', async () => {
    const list = await ok<SystemFieldSetting[]>(`${FIELDS}/list`);
    const base = list.map((f) => ({ key: f.key, visible: f.visible, required: f.required, label: f.label }));
    const hideId = base.map((f) => (f.key === 'idNumber' ? { ...f, visible: false } : f));
    await expectUnchanged(t.database, () => call(`${FIELDS}/save`, { fields: hideId }), 400, '「证件号码」是核心字段，不能隐藏');
    const optionalName = base.map((f) => (f.key === 'name' ? { ...f, required: false } : f));
    await expectUnchanged(t.database, () => call(`${FIELDS}/save`, { fields: optionalName }), 400, '「姓名」是核心字段，不能修改是否必填');
    const clash = base.map((f) => (f.key === 'address' ? { ...f, label: '部门' } : f));
    await expectUnchanged(t.database, () => call(`${FIELDS}/save`, { fields: clash }), 400, '显示名称「部门」与字段「部门」重复');
    await expectUnchanged(t.database, () => call(`${FIELDS}/save`, { fields: [{ key: 'salaryGrade', visible: true, required: false }] }), 400, '字段「salaryGrade」不存在');
  });

  it('leaves another company as it was', async () => {
    const other = await ok<SystemFieldSetting[]>(`${FIELDS}/columns`, {}, admin, 2);
    expect(other.map((c) => c.key)).toContain('costCenterId');
    expect(other.find((c) => c.key === 'workLocation')?.label).toBe('工作地点');
    expect(await templateHeaders(2)).toContain('工作地点');
  });

  it('refuses a member without the keys', async () => {
    expect((await call(`${FIELDS}/list`, {}, outsider)).body.code).toBe(403);
    expect((await call(`${CONFIG}/detail`, {}, outsider)).body.code).toBe(403);
    await ok(`${FIELDS}/list`, {}, reader);
    await expectUnchanged(t.database, () => call(`${FIELDS}/save`, { fields: [{ key: 'gender', visible: false, required: false }] }, reader), 403, /systemConfig\.edit/);
    await expectUnchanged(t.database, () => call(`${CONFIG}/security/save`, SECURITY, reader), 403, /systemConfig\.edit/);
  });
});

describe('sign-in and passwords', () => {
  it('refuses a password breaking the policy, naming the rule, and a recent one', async () => {
    const member = await joinCompany(t, { adminToken: admin, companyId: 1, phone: '13700009203', nickname: '密码测试', password: 'first-pass-1' });
    await ok(`${CONFIG}/security/save`, { ...SECURITY, passwordMinLength: 10, passwordClasses: ['letter', 'digit', 'symbol'], passwordHistory: 2 });
    const weak = await t.call('/wfsaas-auth/password/update', { token: member.token, body: { password: 'abcdefgh12', oldPassword: 'first-pass-1' } });
    expect(weak.body).toMatchObject({ code: 400, message: '密码须包含特殊符号（企业密码策略）' });
    const short = await t.call('/wfsaas-auth/password/update', { token: member.token, body: { password: 'ab-12345', oldPassword: 'first-pass-1' } });
    expect(short.body).toMatchObject({ code: 400, message: '密码长度不能少于10位（企业密码策略）' });
    const reused = await t.call('/wfsaas-auth/password/update', { token: member.token, body: { password: 'first-pass-1', oldPassword: 'first-pass-1' } });
    expect(reused.body).toMatchObject({ code: 400, message: '新密码不能与最近2次使用过的密码相同（企业密码策略）' });
    const good = await t.call('/wfsaas-auth/password/update', { token: member.token, body: { password: 'second-pass-2', oldPassword: 'first-pass-1' } });
    expect(good.body.code, good.body.message).toBe(200);
    await t.login('13700009203', 'second-pass-2');
  });

  it('applies the session lifetime to a new sign-in, within the platform ceiling', async () => {
    const ceiling = t.services.config.sessionTtlHours;
    await expectUnchanged(t.database, () => call(`${CONFIG}/security/save`, { ...SECURITY, sessionHours: ceiling + 1 }), 400, `登录有效期（小时）不能超过平台上限${ceiling}小时`);
    await ok(`${CONFIG}/security/save`, { ...SECURITY, sessionHours: 2 });
    const r = await t.call<LoginResult>('/wfsaas-auth/login', { body: { username: '13800000000', password: TEST_PASSWORD } });
    expect(r.body.data.expires_in).toBeGreaterThan(7000);
    expect(r.body.data.expires_in).toBeLessThanOrEqual(7200);
    await ok(`${CONFIG}/security/save`, SECURITY);
    const back = await t.call<LoginResult>('/wfsaas-auth/login', { body: { username: '13800000000', password: TEST_PASSWORD } });
    expect(back.body.data.expires_in).toBeGreaterThan(7200);
  });

  it('locks the password sign-in after the company’s count of failures', async () => {
    await joinCompany(t, { adminToken: admin, companyId: 1, phone: '13700009204', nickname: '锁定测试', password: 'lock-pass-1' });
    await ok(`${CONFIG}/security/save`, { ...SECURITY, lockAfterFailures: 3, lockMinutes: 30 });
    const wrong = () => t.call('/wfsaas-auth/login', { body: { username: '13700009204', password: 'wrong-pass-1' } });
    expect((await wrong()).body.message).toBe('手机号或密码错误，再错2次将锁定30分钟');
    await wrong();
    expect((await wrong()).body).toMatchObject({ code: 423, message: '密码错误次数过多，密码登录已锁定30分钟，请使用短信验证码登录或稍后再试' });
    await ok(`${CONFIG}/security/save`, SECURITY);
  });
});

describe('watermark and retention', () => {
  it('draws the member’s name, phone tail and date once switched on', async () => {
    expect(await ok<PageWatermarkView>(`${CONFIG}/watermark/current`, {}, outsider)).toEqual({ enabled: false, lines: [] });
    await ok(`${CONFIG}/watermark/save`, { enabled: true, showName: true, showPhone: true, showDate: false, text: '内部资料' });
    const w = await ok<PageWatermarkView>(`${CONFIG}/watermark/current`, {}, outsider);
    expect(w).toEqual({ enabled: true, lines: ['花名册查看 9202', '内部资料'] });
    expect(await ok<PageWatermarkView>(`${CONFIG}/watermark/current`, {}, admin, 2)).toMatchObject({ enabled: false });
  });

  it('keeps audit entries at least 180 days and purges what is past the company’s period', async () => {
    const view = await ok<SystemConfigView>(`${CONFIG}/detail`);
    await expectUnchanged(t.database, () => call(`${CONFIG}/retention/save`, { ...view.retention, auditDays: 100 }), 400, /操作日志保留天数/);
    await ok(`${CONFIG}/retention/save`, { importDays: 3, auditDays: 200, outboxDays: 90 });
    await t.rows(sql`insert into audit_log (company_id, action, entity, created_at) values (1, 'test.old', 'test', now() - interval '300 days'), (1, 'test.recent', 'test', now() - interval '190 days'), (2, 'test.old', 'test', now() - interval '300 days')`);
    const r = await purgeOldRecords(t.services, 1);
    expect(r.audit).toBe(1);
    const left = await t.rows<{ company_id: string; action: string }>(sql`select company_id::text, action from audit_log where entity = 'test' order by company_id, action`);
    expect(left).toEqual([
      { company_id: '1', action: 'test.recent' },
      { company_id: '2', action: 'test.old' },
    ]);
    // outside the clean-up, the log stays append-only
    const refused = await t.rows(sql`delete from audit_log where entity = 'test'`).catch((e: Error) => e);
    expect(String((refused as Error & { cause?: Error }).cause?.message)).toMatch(/append-only/);
  });
});
