import type { EmployeeChangeView, InductionConfirmResult, InductionCounts, InductionRow } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobsOnce } from '../../platform/jobs/index.ts';
import { enqueueDailyJobs } from '../../platform/jobs/runner.ts';
import { departmentIdByName } from '../../test/factories.ts';
import { createTestApp, expectUnchanged as expectDbUnchanged, type TestApp } from '../../test/harness.ts';
import { makeIdNumber } from '../employees/employees.seed.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { chinaToday, addDays, addMonths } from '../../platform/china-date.ts';

/** 入职: pending hires added, confirmed one by one and in a batch, discontinued, cancelled, reopened. */

const API = '/wfsaas-saas/api';
const IND = `${API}/companyEmployeeInduction`;

let t: TestApp;
let admin: string;
let staff: string;
let deptId: number;
const today = chinaToday();
const ids: Record<string, number> = {};

let seq = 1100;
function candidate(name: string, extra: object = {}) {
  seq++;
  return { name, mobile: `152${String(70_000_000 + seq).slice(-8)}`, idType: 1, idNumber: makeIdNumber('330106', '1997-02-03', seq, 2), employmentType: 1, employeeNo: `RZ${seq}`, departmentId: deptId, hireDate: addDays(today, 7), ...extra };
}

async function add(key: string, extra: object = {}) {
  const r = await t.call<EmployeeChangeView>(`${IND}/add`, { token: admin, companyId: 1, body: candidate(`入职测试${key}`, extra) });
  expect(r.body.code, r.body.message).toBe(200);
  ids[key] = r.body.data.employeeId;
}

const call = <T>(path: string, body: object, token = admin, companyId = 1) => t.call<T>(`${IND}/${path}`, { token, companyId, body });
const tab = async (name: string) => (await call<InductionRow[]>('pageList', { tab: name, keyword: '入职测试', pageSize: 100 })).body.data.map((r) => r.name).sort();
const employee = async (key: string) => (await t.rows<{ status: number; hire_date: string; archived: boolean }>(sql`select status, hire_date::text, archived_at is not null as archived from employees where id = ${ids[key]}`))[0]!;

const expectUnchanged = (run: () => Promise<{ body: { code: number; message: string } }>, code: number, message: string | RegExp) => expectDbUnchanged(t.database, run, code, message);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  deptId = await departmentIdByName(t, '行政部');
  await add('试用', { probationEndDate: addMonths(addDays(today, 7), 3) });
  await add('正式');
  await add('批量一');
  await add('批量二');
  await add('放弃');
  await add('取消');
}, 60_000);
afterAll(async () => t?.close());

describe('pending hires', () => {
  it('are 待入职 on the roster and listed with their expected date; the daily job leaves them alone', async () => {
    expect(await employee('试用')).toMatchObject({ status: 0, hire_date: addDays(today, 7), archived: false });
    expect(await tab('pending')).toHaveLength(6);
    const counts = (await call<InductionCounts>('counts', { keyword: '入职测试' })).body.data;
    expect(counts).toEqual({ pending: 6, onboarded: 0, discontinued: 0, cancelled: 0 });
    await enqueueDailyJobs(t.services, addDays(today, 8));
    await runDueJobsOnce(t.services);
    expect((await employee('试用')).status).toBe(0);
  });

  it('refuses a bad probation, a duplicate mobile, bad input and a member without the permission', async () => {
    await expectUnchanged(() => call('add', candidate('入职测试坏', { probationEndDate: addMonths(addDays(today, 7), 7) })), 400, /试用期最长不得超过6个月/);
    const first = candidate('入职测试重复');
    await call('add', first);
    await expectUnchanged(() => call('add', { ...candidate('入职测试重复二'), mobile: first.mobile }), 409, /手机号/);
    await expectUnchanged(() => call('add', { ...candidate('入职测试坏号'), idNumber: '330106199702031234' }), 400, /身份证/);
    await expectUnchanged(() => call('add', candidate('入职测试无权'), staff), 403, /selfOnboardingList\.edit/);
  });
});

describe('confirming', () => {
  it('makes a hire 试用期 with a probation end, otherwise 正式, on the confirmed date', async () => {
    await expectUnchanged(() => call('confirm', { employeeIds: [ids['试用']], hireDate: addDays(today, 1) }), 400, '入职日期：确认入职时不能晚于今天');
    const r = await call<InductionConfirmResult>('confirm', { employeeIds: [ids['试用'], ids['正式']], hireDate: today });
    expect(r.body.data).toEqual({ confirmed: 2, names: ['入职测试试用', '入职测试正式'] });
    expect(await employee('试用')).toMatchObject({ status: 1, hire_date: today });
    expect((await employee('正式')).status).toBe(2);
    expect(await tab('onboarded')).toEqual(['入职测试正式', '入职测试试用']);
  });

  it('confirms a batch all or none', async () => {
    await expectUnchanged(() => call('confirm', { employeeIds: [ids['批量一'], ids['正式']], hireDate: today }), 400, '入职测试正式不是待入职员工');
    expect((await employee('批量一')).status).toBe(0);
    const r = await call<InductionConfirmResult>('confirm', { employeeIds: [ids['批量一'], ids['批量二']], hireDate: today });
    expect(r.body.data.confirmed).toBe(2);
  });
});

describe('confirming without a date', () => {
  it('confirms each hire on its own expected hire date, and refuses one expected after today', async () => {
    await add('按期一', { hireDate: addDays(today, -3), probationEndDate: addMonths(addDays(today, -3), 3) });
    await add('按期二', { hireDate: today });
    await add('未到');
    const r = await call<InductionConfirmResult>('confirm', { employeeIds: [ids['按期一'], ids['按期二']] });
    expect(r.body.code, r.body.message).toBe(200);
    expect(await employee('按期一')).toMatchObject({ status: 1, hire_date: addDays(today, -3) });
    expect(await employee('按期二')).toMatchObject({ status: 2, hire_date: today });
    const timeline = (await t.call<EmployeeChangeView[]>(`${API}/companyEmployeeChange/timeline`, { token: admin, companyId: 1, body: { employeeId: ids['按期一'] } })).body.data;
    expect(timeline.find((x) => x.type === 'onboard')).toMatchObject({ status: 1, effectiveDate: addDays(today, -3) });
    await expectUnchanged(() => call('confirm', { employeeIds: [ids['未到']] }), 400, `入职日期：入职测试未到的预计入职日期（${addDays(today, 7)}）晚于今天，请选择实际入职日期`);
  });
});

describe('discontinuing, cancelling and reopening', () => {
  it('takes a discontinued or cancelled hire off the roster with its reason, and reopens it', async () => {
    const d = await call<EmployeeChangeView>('discontinue', { employeeId: ids['放弃'], reason: '接受了其他offer' });
    expect(d.body.data).toMatchObject({ status: 2, after: { outcome: 'discontinued', reason: '接受了其他offer' } });
    await call('cancel', { employeeId: ids['取消'], reason: '岗位需求取消' });
    expect((await employee('放弃')).archived).toBe(true);
    expect(await tab('discontinued')).toEqual(['入职测试放弃']);
    expect((await call<InductionRow[]>('pageList', { tab: 'cancelled', keyword: '入职测试' })).body.data[0]).toMatchObject({ name: '入职测试取消', reason: '岗位需求取消' });
    const roster = await t.call<{ name: string }[]>(`${API}/companyEmployee/pageList`, { token: admin, companyId: 1, body: { keyword: '入职测试放弃' } });
    expect(roster.body.data).toEqual([]);
    await expectUnchanged(() => call('confirm', { employeeIds: [ids['放弃']], hireDate: today }), 404, '员工不存在');
    await expectUnchanged(() => call('againDo', { employeeId: ids['正式'], hireDate: today }), 400, /不是已放弃或已取消的入职/);

    const again = await call<EmployeeChangeView>('againDo', { employeeId: ids['放弃'], hireDate: addDays(today, 3) });
    expect(again.body.data).toMatchObject({ type: 'onboard', status: 0, effectiveDate: addDays(today, 3) });
    expect(await employee('放弃')).toMatchObject({ status: 0, archived: false, hire_date: addDays(today, 3) });
    expect(await tab('discontinued')).toEqual([]);
  });

  it('refuses to reopen a hire whose mobile a current employee now holds', async () => {
    const mobile = (await t.rows<{ m: string }>(sql`select mobile_hash as m from employees where id = ${ids['取消']}`))[0]!.m;
    // a new hire with the same person's mobile arrived meanwhile
    await t.database.db.execute(sql`update employees set mobile_hash = ${mobile} where id = ${ids['批量二']}`);
    await expectUnchanged(() => call('againDo', { employeeId: ids['取消'], hireDate: today }), 400, '入职测试取消的手机号已被在职或待入职员工使用，无法重新办理');
  });
});
