import type { EmployeeChangeView, EmployeePlacement, TransferRow } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobsOnce } from '../../platform/jobs/index.ts';
import { enqueueDailyJobs } from '../../platform/jobs/runner.ts';
import { hireEmployee, type Hired } from '../../test/factories.ts';
import { createTestApp, expectUnchanged as expectDbUnchanged, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { chinaToday, addDays, addMonths } from '../../platform/china-date.ts';

/** 调岗调薪: now and dated, the rules, cancel and re-date, the daily job (applying and cancelling), the timeline. */

const API = '/wfsaas-saas/api';
const CHG = `${API}/companyEmployeeChange`;

let t: TestApp;
let admin: string;
let staff: string;
const dept: Record<string, number> = {};
const E: Record<string, Hired> = {};
const today = chinaToday();

async function hire(key: string, department: string, status: 0 | 1 | 2 = 2) {
  E[key] = await hireEmployee(t, { token: admin, name: `调岗测试${key}`, departmentId: dept[department], hireDate: addMonths(today, -12), status, gender: 2, extra: { workLocation: '杭州' } });
}

const call = <T>(path: string, body: object, token = admin, companyId = 1) => t.call<T>(`${CHG}/${path}`, { token, companyId, body });
const placement = async (key: string) => (await call<EmployeePlacement>('current', { employeeId: E[key]!.id })).body.data;

const expectUnchanged = (run: () => Promise<{ body: { code: number; message: string } }>, code: number, message: string | RegExp) => expectDbUnchanged(t.database, run, code, message);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  for (const r of await t.rows<{ id: number; name: string }>(sql`select id, name from departments where company_id = 1`)) dept[r.name] = Number(r.id);
  await hire('甲', '前端组');
  await hire('乙', '后端组');
  await hire('丙', '测试组');
  await hire('待入职', '测试组', 0);
}, 60_000);
afterAll(async () => t?.close());

describe('a transfer dated today', () => {
  it('moves the employee and sets the salary at once, with names on both sides, audited', async () => {
    const r = await call<TransferRow>('do', { employeeId: E['甲']!.id, effectiveDate: today, departmentId: dept['后端组'], salary: 18000, workLocation: '上海', reason: 3, remark: '晋升为高级工程师' });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({
      type: 'transfer',
      status: 1,
      reason: 3,
      reasonLabel: '晋升',
      before: { departmentId: dept['前端组'], departmentName: '前端组', workLocation: '杭州', salary: null },
      after: { departmentId: dept['后端组'], departmentName: '后端组', workLocation: '上海', salary: '18000.00' },
    });
    expect(await placement('甲')).toMatchObject({ departmentName: '后端组', workLocation: '上海', salary: '18000.00', waiting: null });
    // the roster's department filter finds the employee by name in the new department (the name tokens follow)
    const page = await t.call<{ name: string }[]>(`${API}/companyEmployee/pageList`, { token: admin, companyId: 1, body: { keyword: '调岗测试甲', departmentId: dept['后端组'] } });
    expect(page.body.data.map((e) => e.name)).toEqual(['调岗测试甲']);
    const audit = await t.rows<{ action: string }>(sql`select action from audit_log where company_id = 1 and entity = 'employee' and entity_id = ${E['甲']!.id} order by id`);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['employee.update', 'employee.transfer']));
  });
});

describe('the rules', () => {
  it('refuses nothing-to-change, a disabled department, a pending hire, bad dates, bad input, another company and a member without the permission', async () => {
    const same = await placement('乙');
    await expectUnchanged(() => call('do', { employeeId: E['乙']!.id, effectiveDate: today, departmentId: same.departmentId, reason: 1 }), 400, /请至少调整一项/);
    await t.database.db.execute(sql`update departments set status = 0 where company_id = 1 and id = ${dept['品牌组']}`);
    await expectUnchanged(() => call('do', { employeeId: E['乙']!.id, effectiveDate: today, departmentId: dept['品牌组'], reason: 1 }), 400, /已停用/);
    await t.database.db.execute(sql`update departments set status = 1 where company_id = 1 and id = ${dept['品牌组']}`);
    await expectUnchanged(() => call('do', { employeeId: E['待入职']!.id, effectiveDate: today, salary: 9000, reason: 1 }), 400, '调岗测试待入职不是在职员工（试用期或正式），无法调岗调薪');
    await expectUnchanged(() => call('do', { employeeId: E['乙']!.id, effectiveDate: '2001-01-01', salary: 9000, reason: 1 }), 400, /生效日期：不能早于入职日期/);
    await expectUnchanged(() => call('do', { employeeId: E['乙']!.id, effectiveDate: addDays(today, 400), salary: 9000, reason: 1 }), 400, '生效日期：不能晚于一年之后');
    await expectUnchanged(() => call('do', { employeeId: E['乙']!.id, effectiveDate: today, salary: '9千', reason: 1 }), 400, /调整后月基本工资/);
    await expectUnchanged(() => call('do', { employeeId: E['乙']!.id, effectiveDate: today, salary: 9000, reason: 7 }), 400, /异动原因/);
    await expectUnchanged(() => call('do', { employeeId: E['乙']!.id, effectiveDate: today, salary: 9000, reason: 1 }, admin, 2), 404, '员工不存在');
    await expectUnchanged(() => call('do', { employeeId: E['乙']!.id, effectiveDate: today, salary: 9000, reason: 1 }, staff), 403, /alternation\.edit/);
  });
});

describe('a dated transfer', () => {
  it('waits, is the only waiting one, is re-dated and applied by the daily job on its date', async () => {
    const later = addDays(today, 5);
    const r = await call<TransferRow>('do', { employeeId: E['乙']!.id, effectiveDate: later, departmentId: dept['测试组'], salary: '15000.5', reason: 1 });
    expect(r.body.data).toMatchObject({ status: 0, statusLabel: '待生效', effectiveDate: later });
    expect(await placement('乙')).toMatchObject({ departmentName: '后端组', salary: null, waiting: { id: r.body.data.id } });
    await expectUnchanged(() => call('do', { employeeId: E['乙']!.id, effectiveDate: later, salary: 1, reason: 1 }), 400, /已有待生效的调岗调薪/);

    const list = await call<TransferRow[]>('pageList', { keyword: '调岗测试', status: 0 });
    expect(list.body.data.map((x) => x.name)).toEqual(['调岗测试乙']);

    await call('updateEffectiveDate', { changeId: r.body.data.id, effectiveDate: addDays(today, 2) });
    await enqueueDailyJobs(t.services, addDays(today, 1));
    await runDueJobsOnce(t.services);
    expect((await placement('乙')).departmentName).toBe('后端组');
    await enqueueDailyJobs(t.services, addDays(today, 2));
    await runDueJobsOnce(t.services);
    expect(await placement('乙')).toMatchObject({ departmentName: '测试组', salary: '15000.50', waiting: null });
    await expectUnchanged(() => call('cancel', { changeId: r.body.data.id }), 400, '只有待生效或待审批的调岗调薪可以取消，该记录已生效');
  });

  it('is cancelled on its date, with the reason, when its department was disabled meanwhile; cancelled by hand changes nothing', async () => {
    const r = await call<TransferRow>('do', { employeeId: E['丙']!.id, effectiveDate: addDays(today, 3), departmentId: dept['渠道组'], reason: 6 });
    await t.database.db.execute(sql`update departments set status = 0 where company_id = 1 and id = ${dept['渠道组']}`);
    await enqueueDailyJobs(t.services, addDays(today, 3));
    await runDueJobsOnce(t.services);
    const timeline = (await t.call<EmployeeChangeView[]>(`${CHG}/timeline`, { token: admin, companyId: 1, body: { employeeId: E['丙']!.id } })).body.data;
    expect(timeline[0]).toMatchObject({ id: r.body.data.id, status: 2, remark: expect.stringContaining('到期未能生效，已自动取消') });
    expect((await placement('丙')).departmentName).toBe('测试组');
    await t.database.db.execute(sql`update departments set status = 1 where company_id = 1 and id = ${dept['渠道组']}`);

    const again = await call<TransferRow>('do', { employeeId: E['丙']!.id, effectiveDate: addDays(today, 3), salary: 12000, reason: 5 });
    const cancelled = await call<TransferRow>('cancel', { changeId: again.body.data.id });
    expect(cancelled.body.data).toMatchObject({ status: 2, statusLabel: '已取消' });
    expect((await placement('丙')).salary).toBeNull();
  });
});
