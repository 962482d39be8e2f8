import type { ConversionCounts, ConversionRow, EmployeeChangeView } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobsOnce } from '../../platform/jobs/index.ts';
import { enqueueDailyJobs } from '../../platform/jobs/runner.ts';
import { departmentIdByName, hireEmployee, type Hired } from '../../test/factories.ts';
import { createTestApp, expectUnchanged as expectDbUnchanged, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { chinaToday, addDays, addMonths } from '../../platform/china-date.ts';

/** 转正: the list's tabs, doing, early and future-dated regularisation, cancel, re-date, extension, the daily job. */

const API = '/wfsaas-saas/api';
const REG = `${API}/employeeRegularWorker`;

let t: TestApp;
let admin: string;
let staff: string;
let deptId: number;
const today = chinaToday();
const E: Record<string, Hired> = {};

async function hire(key: string, hireDate: string, probationEndDate: string | null, status: 1 | 2 = 1) {
  E[key] = await hireEmployee(t, { token: admin, name: `转正测试${key}`, departmentId: deptId, hireDate, probationEndDate, status, birthDate: '1992-07-08' });
}

const call = <T>(path: string, body: object, token = admin, companyId = 1) => t.call<T>(`${REG}/${path}`, { token, companyId, body });
const statusOf = async (key: string) => Number((await t.rows<{ status: number }>(sql`select status from employees where id = ${E[key]!.id}`))[0]!.status);
const tab = async (name: string, extra: object = {}) => (await call<ConversionRow[]>('pageList', { tab: name, keyword: '转正测试', pageSize: 100, ...extra })).body.data.map((r) => r.name).sort();

const expectUnchanged = (run: () => Promise<{ body: { code: number; message: string } }>, code: number, message: string | RegExp) => expectDbUnchanged(t.database, run, code, message);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  deptId = await departmentIdByName(t, '产品部');
  const hired = addMonths(today, -3);
  await hire('逾期', addMonths(today, -4), addDays(today, -5));
  await hire('临近', hired, addDays(today, 10));
  await hire('较远', hired, addDays(today, 60));
  await hire('提前', hired, addDays(today, 20));
  await hire('定时', hired, addDays(today, 3));
  await hire('延长', hired, addDays(today, 7));
  await hire('正式', hired, null, 2);
}, 60_000);
afterAll(async () => t?.close());

describe('the conversion list', () => {
  it('lists probation ending within the window (overdue included), overdue alone, and counts each tab', async () => {
    expect(await tab('due')).toEqual(['转正测试定时', '转正测试延长', '转正测试提前', '转正测试临近', '转正测试逾期'].sort());
    expect(await tab('overdue')).toEqual(['转正测试逾期']);
    expect(await tab('due', { withinDays: 90 })).toContain('转正测试较远');
    const rowsDue = (await call<ConversionRow[]>('pageList', { tab: 'due', keyword: '转正测试逾期' })).body.data;
    expect(rowsDue[0]).toMatchObject({ daysLeft: -5, change: null, departmentName: '产品部' });
    const counts = (await call<ConversionCounts>('counts', { keyword: '转正测试' })).body.data;
    expect(counts).toMatchObject({ due: 5, overdue: 1, waiting: 0, done: 0 });
  });

  it('refuses bad input and a member without the permission', async () => {
    await expectUnchanged(() => call('pageList', { tab: 'soon' }), 400, /列表/);
    await expectUnchanged(() => call('do', { employeeId: E['临近']!.id, effectiveDate: '2025-02-30' }), 400, /转正日期/);
    await expectUnchanged(() => call('do', { employeeId: E['临近']!.id, effectiveDate: today, salary: '-1' }), 400, /转正后薪资/);
    await expectUnchanged(() => call('do', { employeeId: E['临近']!.id, effectiveDate: today }, staff), 403, /conversion\.edit/);
    await expectUnchanged(() => call('do', { employeeId: E['临近']!.id, effectiveDate: today }, admin, 2), 404, '员工不存在');
  });
});

describe('doing a regularisation', () => {
  it('takes effect at once when dated today or earlier, early before the probation end, and records the pay', async () => {
    const r = await call<EmployeeChangeView>('do', { employeeId: E['提前']!.id, effectiveDate: today, salary: '12000', remark: '表现优秀' });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ type: 'regularize', status: 1, statusLabel: '已生效', early: true, after: { status: 2, salary: '12000.00' }, remark: '表现优秀' });
    expect(await statusOf('提前')).toBe(2);
    expect(await tab('done')).toEqual(['转正测试提前']);
    await expectUnchanged(() => call('do', { employeeId: E['提前']!.id, effectiveDate: today }), 400, '转正测试提前不在试用期，无法办理转正');
    await expectUnchanged(() => call('do', { employeeId: E['正式']!.id, effectiveDate: today }), 400, /不在试用期/);
  });

  it('waits when dated later: one waiting regularisation, re-dated, cancelled, and applied by the daily job', async () => {
    const later = addDays(today, 3);
    const r = await call<EmployeeChangeView>('do', { employeeId: E['定时']!.id, effectiveDate: later });
    expect(r.body.data).toMatchObject({ status: 0, statusLabel: '待生效', effectiveDate: later, early: false });
    expect(await statusOf('定时')).toBe(1);
    expect(await tab('waiting')).toEqual(['转正测试定时']);
    expect(await tab('due')).not.toContain('转正测试定时');
    await expectUnchanged(() => call('do', { employeeId: E['定时']!.id, effectiveDate: later }), 400, /已有待生效的转正/);
    await expectUnchanged(() => call('extendProbation', { employeeId: E['定时']!.id, probationEndDate: addDays(today, 30) }), 400, /已有待生效的转正/);
    await expectUnchanged(() => call('updateEffectiveDate', { changeId: r.body.data.id, effectiveDate: '2000-01-01' }), 400, /生效日期：不能早于入职日期/);

    // the daily job of a day before the date changes nothing; on the date it applies the change
    await enqueueDailyJobs(t.services, addDays(today, 1));
    await runDueJobsOnce(t.services);
    expect(await statusOf('定时')).toBe(1);
    const redated = await call<EmployeeChangeView>('updateEffectiveDate', { changeId: r.body.data.id, effectiveDate: addDays(today, 2) });
    expect(redated.body.data).toMatchObject({ status: 0, effectiveDate: addDays(today, 2) });
    await enqueueDailyJobs(t.services, addDays(today, 2));
    await runDueJobsOnce(t.services);
    expect(await statusOf('定时')).toBe(2);
    const timeline = await t.call<EmployeeChangeView[]>(`${API}/companyEmployeeChange/timeline`, { token: admin, companyId: 1, body: { employeeId: E['定时']!.id } });
    expect(timeline.body.data).toMatchObject([{ type: 'regularize', status: 1, effectiveDate: addDays(today, 2) }]);
    await expectUnchanged(() => call('cancel', { changeId: r.body.data.id }), 400, '只有待生效或待审批的转正可以取消，该记录已生效');
  });

  it('cancels a waiting regularisation: the employee stays on probation and is due again', async () => {
    const r = await call<EmployeeChangeView>('do', { employeeId: E['临近']!.id, effectiveDate: addDays(today, 10) });
    const c = await call<EmployeeChangeView>('cancel', { changeId: r.body.data.id });
    expect(c.body.data).toMatchObject({ status: 2, statusLabel: '已取消' });
    expect(await statusOf('临近')).toBe(1);
    expect(await tab('due')).toContain('转正测试临近');
    const audit = await t.rows<{ action: string }>(sql`select action from audit_log where company_id = 1 and entity = 'employee' and entity_id = ${E['临近']!.id} order by id`);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['employee.regularize', 'employeeChange.cancel']));
  });
});

describe('extending the probation', () => {
  it('moves the probation end later, within six months of the hire date', async () => {
    const e = E['延长']!;
    const limit = addMonths(e.hireDate!, 6);
    await expectUnchanged(() => call('extendProbation', { employeeId: e.id, probationEndDate: addDays(today, 1) }), 400, /应晚于当前的试用期结束日期/);
    await expectUnchanged(() => call('extendProbation', { employeeId: e.id, probationEndDate: addDays(limit, 1) }), 400, /试用期最长不得超过6个月/);
    const r = await call<EmployeeChangeView>('extendProbation', { employeeId: e.id, probationEndDate: limit, remark: '考核未达标' });
    expect(r.body.data).toMatchObject({ type: 'extendProbation', status: 1, before: { probationEndDate: addDays(today, 7) }, after: { probationEndDate: limit } });
    const stored = await t.rows<{ d: string }>(sql`select probation_end_date::text as d from employees where id = ${e.id}`);
    expect(stored[0]!.d).toBe(limit);
  });
});
