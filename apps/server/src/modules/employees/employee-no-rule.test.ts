import type { EmployeeChangeView, EmployeeDetail, EmployeeNoRuleView } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectUnchanged as expectDbUnchanged, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { makeIdNumber } from './employees.seed.ts';
import { chinaToday, addDays } from '../../platform/china-date.ts';

/** 工号规则: automatic employee numbers on add, pending hire and the import check; the rule's settings; positions by department. */

const API = '/wfsaas-saas/api';
const ADD = `${API}/companyEmployee/add/v2`;
const RULE = `${API}/employeeNoRule`;

let t: TestApp;
let admin: string;
let staff: string;
const dept: Record<string, number> = {};

const expectUnchanged = (run: () => Promise<{ body: { code: number; message: string } }>, code: number, message: string | RegExp) => expectDbUnchanged(t.database, run, code, message);

let seq = 0;
function person(extra: Record<string, unknown> = {}) {
  seq++;
  return { name: `编号测试${seq}`, mobile: `136${String(20_000_000 + seq).slice(-8)}`, idType: 1, idNumber: makeIdNumber('330106', '1991-04-09', seq, 1), departmentId: dept['产品部'], hireDate: '2024-03-01', employmentType: 1, ...extra };
}
const add = (extra: Record<string, unknown> = {}, token = admin, companyId = 1) => t.call<EmployeeDetail>(ADD, { token, companyId, body: person(extra) });
const saveRule = (body: object, token = admin, companyId = 1) => t.call<EmployeeNoRuleView>(`${RULE}/save`, { token, companyId, body });
const getRule = (token = admin, companyId = 1) => t.call<EmployeeNoRuleView>(`${RULE}/get`, { token, companyId, body: {} });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  for (const r of await t.rows<{ id: number; name: string }>(sql`select id, name from departments where company_id = 1`)) dept[r.name] = Number(r.id);
}, 60_000);
afterAll(async () => t?.close());

describe('the numbering rule', () => {
  it('is off until saved: a number is required as before; once on, an empty number gets the next one', async () => {
    expect((await getRule()).body.data).toMatchObject({ enabled: false, nextNo: null });
    await expectUnchanged(() => add(), 400, '请填写工号');
    const saved = await saveRule({ enabled: true, prefix: 'CP', digits: 4 });
    expect(saved.body.code, saved.body.message).toBe(200);
    expect(saved.body.data).toMatchObject({ enabled: true, prefix: 'CP', digits: 4, nextNo: 'CP0001' });
    const a = await add({ employeeNo: '' });
    expect(a.body.code, a.body.message).toBe(200);
    expect(a.body.data.employeeNo).toBe('CP0001');
    expect((await add()).body.data.employeeNo).toBe('CP0002');
    expect((await getRule()).body.data.nextNo).toBe('CP0003');
    const audit = await t.rows<{ after: unknown }>(sql`select after from audit_log where company_id = 1 and action = 'employeeNoRule.save'`);
    expect(audit.map((x) => x.after)).toEqual([{ enabled: true, prefix: 'CP', digits: 4 }]);
  });

  it('skips numbers already held (archived records too); the prefilled number typed back moves the counter on', async () => {
    await add({ employeeNo: 'CP0004' });
    const archived = await add({ employeeNo: 'CP0005' });
    await t.call(`${API}/companyEmployee/delete`, { token: admin, companyId: 1, body: { ids: [archived.body.data.id] } });
    // CP0003 is what the form proposes; typed back as is, the next proposal skips it and the held ones
    expect((await add({ employeeNo: 'CP0003' })).body.code).toBe(200);
    expect((await getRule()).body.data.nextNo).toBe('CP0006');
    expect((await add()).body.data.employeeNo).toBe('CP0006');
    // a number typed far ahead does not move the counter, it is only skipped when reached
    await add({ employeeNo: 'CP0100' });
    expect((await getRule()).body.data.nextNo).toBe('CP0007');
    await expectUnchanged(() => add({ employeeNo: 'CP0100' }), 409, /工号已被员工「编号测试\d+」使用/);
  });

  it('gives two concurrent adds different numbers', async () => {
    const [a, b] = await Promise.all([add(), add()]);
    expect([a.body.code, b.body.code]).toEqual([200, 200]);
    expect(new Set([a.body.data.employeeNo, b.body.data.employeeNo])).toEqual(new Set(['CP0007', 'CP0008']));
  });

  it('numbers pending hires too, and a changed format starts again from 1', async () => {
    expect((await saveRule({ enabled: true, prefix: 'RZ-', digits: 3 })).body.data.nextNo).toBe('RZ-001');
    const hire = await t.call<EmployeeChangeView>(`${API}/companyEmployeeInduction/add`, { token: admin, companyId: 1, body: person({ hireDate: addDays(chinaToday(), 7) }) });
    expect(hire.body.code, hire.body.message).toBe(200);
    const [e] = await t.rows<{ employee_no: string; status: number }>(sql`select employee_no, status from employees where id = ${hire.body.data.employeeId}`);
    expect(e).toEqual({ employee_no: 'RZ-001', status: 0 });
  });

  it('refuses a bad prefix or width in Chinese, a member without the settings permission, and keeps companies apart', async () => {
    await expectUnchanged(() => saveRule({ enabled: true, prefix: '工号', digits: 4 }), 400, '工号前缀只能包含字母、数字、下划线和短横线');
    await expectUnchanged(() => saveRule({ enabled: true, prefix: 'ABCDEFGHIJK', digits: 4 }), 400, '工号前缀不能超过10个字符');
    await expectUnchanged(() => saveRule({ enabled: true, prefix: 'YF', digits: 11 }), 400, '流水号位数不能大于10');
    await expectUnchanged(() => saveRule({ enabled: true, prefix: 'YF', digits: 4 }, staff), 403, /transactionSet\.edit/);
    expect((await getRule(admin, 2)).body.data).toMatchObject({ enabled: false, nextNo: null });
    const d2 = Number((await t.rows<{ id: number }>(sql`select id from departments where company_id = 2 order by id limit 1`))[0]!.id);
    await expectUnchanged(() => add({ departmentId: d2 }, admin, 2), 400, '请填写工号');
    // the staff member reads the rule (their add form prefills from it) but company 1's counter is untouched by company 2
    expect((await getRule(staff)).body.data.nextNo).toBe('RZ-002');
  });

  it('switched off again, requires the number', async () => {
    await saveRule({ enabled: false, prefix: 'RZ-', digits: 3 });
    await expectUnchanged(() => add(), 400, '请填写工号');
    expect((await add({ employeeNo: 'MANUAL01' })).body.data.employeeNo).toBe('MANUAL01');
  });
});

describe('positions by department', () => {
  it('takes a company-wide position or one of the chosen department, and refuses another department’s', async () => {
    const pos = new Map((await t.rows<{ id: number; name: string; department_id: number | null }>(sql`select id, name, department_id from positions where company_id = 1`)).map((p) => [p.name, p]));
    const designer = Number(pos.get('UI设计师')!.id); // 产品部
    const manager = Number(pos.get('部门经理')!.id); // company-wide
    const accountant = Number(pos.get('会计')!.id); // 财务部
    expect((await add({ employeeNo: 'POS001', positionId: designer })).body.data.positionName).toBe('UI设计师');
    expect((await add({ employeeNo: 'POS002', positionId: manager })).body.data.positionName).toBe('部门经理');
    await expectUnchanged(() => add({ employeeNo: 'POS003', positionId: accountant }), 400, '所选岗位「会计」不属于所选部门，请重新选择岗位');
    const e = (await add({ employeeNo: 'POS004' })).body.data;
    await expectUnchanged(() => t.call(`${API}/companyEmployee/update`, { token: admin, companyId: 1, body: { id: e.id, positionId: accountant } }), 400, '所选岗位「会计」不属于所选部门，请重新选择岗位');
    const moved = await t.call<EmployeeDetail>(`${API}/companyEmployee/update`, { token: admin, companyId: 1, body: { id: e.id, departmentId: dept['财务部'], positionId: accountant } });
    expect(moved.body.data).toMatchObject({ departmentName: '财务部', positionName: '会计' });
  });
});
