import type { BoardView, FormerRow, OnboardingCheck, OnboardingConfirmResult, OnboardingResult, PlacementRow } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../platform/china-date.ts';
import { departmentIdByName } from '../../test/factories.ts';
import { createTestApp, expectUnchanged, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { employeeState, insertClient, insertOrder, insertPlan, insertSiEntity, osCalls, placementState, today, worker } from './placements-test-support.ts';

/** 入职与派驻: onboarding against an order under the dispatch rules, the rosters, a quit and a re-placement of the former worker. */

let t: TestApp;
let admin: string;
let deptId: number;
let os: ReturnType<typeof osCalls>;
const ids: Record<string, number> = {};

const orderStatus = async () => (await t.rows<{ status: number }>(sql`select status from os_orders where id = ${ids.order}`))[0]!.status;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  deptId = await departmentIdByName(t, '行政部');
  os = osCalls(t, admin);
  ids.entity = await insertSiEntity(t, 1, '苏州园区外包社保户', '苏州', ['苏州工业园区']);
  ids.plan = await insertPlan(t, 1, '派遣标准方案', ids.entity);
  const [group] = await t.rows<{ id: string }>(sql`select id from payroll_groups where company_id = 1 and archived_at is null order by id limit 1`);
  ids.group = Number(group!.id);
  await t.rows(sql`update os_plans set salary_group_id = ${ids.group} where company_id = 1 and id = ${ids.plan} returning id`);
  ids.outPlan = await insertPlan(t, 1, '外包标准方案');
  ids.dispatch = await insertClient(t, 1, {
    name: '宏达电子',
    kind: 1,
    planId: ids.plan,
    headcount: 18,
    posts: [
      { name: '装配工', kind: 'auxiliary' },
      { name: '研发工程师', kind: 'regular' },
    ],
  });
  ids.short = await insertClient(t, 1, { name: '短约物业', kind: 2, planId: ids.outPlan, posts: [{ name: '保洁', kind: 'regular' }], agreementEnd: addDays(today, 10) });
  ids.other = await insertClient(t, 1, { name: '绿城物业', kind: 2, planId: ids.outPlan, posts: [{ name: '保洁', kind: 'regular' }] });
  ids.order = await insertOrder(t, 1, { clientId: ids.dispatch, orderNo: 'BG20260101001', post: '装配工', headcount: 2 });
}, 120_000);
afterAll(async () => t?.close());

const dispatchTerms = (extra: object = {}) => ({ clientId: ids.dispatch, orderId: ids.order, post: '装配工', startDate: today, ...extra });

describe('onboarding against an order', () => {
  it('checks, adds a pending 劳务派遣 hire, confirms it and fills the order', async () => {
    const check = await os.ok<OnboardingCheck>('/outsource/onboarding/check', dispatchTerms());
    expect(check).toMatchObject({ postKind: 'auxiliary', errors: [], warnings: [], endDate: addDays(today, 365), ratio: { dispatched: 1, total: 19, ratio: '0.0526', level: 'ok' } });
    expect(check.plan).toMatchObject({ id: ids.plan, name: '派遣标准方案', siEntityName: '苏州园区外包社保户' });

    const added = await os.ok<OnboardingResult>('/outsource/onboarding/add', { worker: worker('派遣甲', deptId), placement: dispatchTerms(), signContract: false });
    expect(added.placement).toMatchObject({ status: 1, kind: 1, clientName: '宏达电子', orderNo: 'BG20260101001', postKind: 'auxiliary', endDate: addDays(today, 365) });
    ids.first = added.placement.id;
    ids.firstEmployee = added.placement.employeeId;
    // a pending hire of the provider, insured where the plan's entity insures
    expect(await employeeState(t, ids.firstEmployee)).toMatchObject({ status: 0, employment_type: 4, work_location: '苏州工业园区', hire_date: today });
    expect(await orderStatus()).toBe(2);
    // paid in the plan's salary group: added to it by hand
    const [group] = await t.rows<{ ids: number[] }>(sql`select config->'includeEmployeeIds' as ids from payroll_groups where company_id = 1 and id = ${ids.group}`);
    expect(group!.ids).toContain(ids.firstEmployee);

    const confirmed = await os.ok<OnboardingConfirmResult>('/outsource/onboarding/confirm', { placementId: ids.first });
    expect(confirmed).toMatchObject({ placement: { status: 2, startDate: today }, contractIds: [], insuranceText: `苏州园区外包社保户 ${today.slice(0, 7)}` });
    expect((await employeeState(t, ids.firstEmployee)).status).toBe(2);
    expect(await orderStatus()).toBe(3);
    await expectUnchanged(t.database, () => os.call('/outsource/onboarding/confirm', { placementId: ids.first }), 400, '只有待入职的人员可以确认到岗，该人员在岗');
  });

  it('warns at 10 % and completes the order with the second worker', async () => {
    const warning = '派遣人数将达到2人，占用工总量20人的10.00%，接近10%的上限（劳务派遣暂行规定第四条）';
    const check = await os.ok<OnboardingCheck>('/outsource/onboarding/check', dispatchTerms());
    expect(check).toMatchObject({ errors: [], warnings: [warning], ratio: { dispatched: 2, total: 20, ratio: '0.1000', level: 'warn' } });
    const added = await os.ok<OnboardingResult>('/outsource/onboarding/add', { worker: worker('派遣乙', deptId), placement: dispatchTerms(), signContract: false });
    expect(added.warnings).toEqual([warning]);
    ids.second = added.placement.id;
    await os.ok('/outsource/onboarding/confirm', { placementId: ids.second });
    expect(await orderStatus()).toBe(4);
  });

  it('refuses the third dispatched worker past 10 %, with the figures, and a full order', async () => {
    const refusal = '派遣人数将达到3人，占用工总量21人的14.29%，超过10%的上限（劳务派遣暂行规定第四条）';
    const check = await os.ok<OnboardingCheck>('/outsource/onboarding/check', dispatchTerms());
    expect(check.errors).toEqual([refusal, '补岗单：BG20260101001已完成，只有招聘中或部分到岗的补岗单可以入职']);
    await expectUnchanged(t.database, () => os.call('/outsource/onboarding/add', { worker: worker('派遣丙', deptId), placement: dispatchTerms({ orderId: null }) }), 400, refusal);
  });

  it('refuses a regular post for dispatch, a post the client lacks and a start after the agreement', async () => {
    const check = await os.ok<OnboardingCheck>('/outsource/onboarding/check', dispatchTerms({ orderId: null, post: '研发工程师' }));
    expect(check.errors[0]).toBe('派驻岗位：「研发工程师」为主营岗位，劳务派遣只能用于临时性、辅助性或替代性岗位（劳动合同法第六十六条）');
    await expectUnchanged(t.database, () => os.call('/outsource/onboarding/add', { worker: worker('主营岗', deptId), placement: dispatchTerms({ orderId: null, post: '研发工程师' }) }), 400, check.errors[0]!);
    await expectUnchanged(t.database, () => os.call('/outsource/onboarding/add', { worker: worker('无岗位', deptId), placement: { clientId: ids.other, post: '保安', startDate: today } }), 400, '派驻岗位：「保安」不是绿城物业的可派驻岗位');
    const late = { clientId: ids.short, post: '保洁', startDate: addDays(today, 11) };
    await expectUnchanged(t.database, () => os.call('/outsource/onboarding/add', { worker: worker('协议外', deptId), placement: late }), 400, `到岗日期：不能晚于用工单位协议结束日期（${addDays(today, 10)}）`);
    const longer = { clientId: ids.short, post: '保洁', startDate: today, endDate: addDays(today, 11) };
    await expectUnchanged(t.database, () => os.call('/outsource/onboarding/add', { worker: worker('超期', deptId), placement: longer }), 400, `派驻结束日期：不能晚于用工单位协议结束日期（${addDays(today, 10)}）`);
  });

  it('lists the onboarding and shows the clients on the board', async () => {
    const page = await os.ok<PlacementRow[]>('/outsource/onboarding/page', { clientId: ids.dispatch });
    expect(page.map((r) => r.name)).toEqual(['派遣乙', '派遣甲']);
    const board = await os.ok<BoardView>('/outsource/board', {});
    const row = board.clients.find((c) => c.clientId === ids.dispatch);
    expect(row).toMatchObject({ placed: 2, joiningThisMonth: 2, leavingThisMonth: 0, openOrders: 0, openDismissals: 0, agreementDaysLeft: 365, bill: null, ratio: { dispatched: 2, total: 20, level: 'warn' } });
    expect(board.clients.find((c) => c.clientId === ids.other)).toMatchObject({ placed: 0, ratio: null });
    expect(board.totals).toMatchObject({ placed: 2, joining: 2, clients: 3 });
  });
});

describe('rosters, quits and former staff', () => {
  it('shows dispatched workers on the dispatch roster only, to those allowed to read it', async () => {
    const dispatch = await os.ok<PlacementRow[]>('/outsource/roster/page', { roster: 'dispatch' });
    expect(dispatch.map((r) => r.name).sort()).toEqual(['派遣乙', '派遣甲']);
    expect(await os.ok<PlacementRow[]>('/outsource/roster/page', { roster: 'epiboly' })).toEqual([]);
    const staff = await t.login('13800000001');
    const r = await os.call('/outsource/roster/page', { roster: 'dispatch' }, { token: staff });
    expect(r.body).toMatchObject({ code: 403, message: '您没有此操作的权限（dispatch），请联系管理员' });
  });

  it('takes a resigning worker through leaving to former, and places them again at another client', async () => {
    const leaving = await os.ok<PlacementRow>('/outsource/quit/start', { placementId: ids.first, source: 'resign', lastDay: today, reason: '回老家发展' });
    expect(leaving).toMatchObject({ status: 3, leftDate: today, leaveSource: 'resign', leaveReason: '回老家发展' });
    // the roster's resignation ran with the same last day
    expect((await employeeState(t, ids.firstEmployee)).status).toBe(4);
    expect((await os.ok<PlacementRow[]>('/outsource/quit/page', { status: 3 })).map((r) => r.id)).toEqual([ids.first]);
    expect(await os.ok<FormerRow[]>('/outsource/former/page', {})).toEqual([]);

    await os.ok('/outsource/quit/complete', { placementId: ids.first });
    expect((await placementState(t, ids.first)).status).toBe(4);
    const former = await os.ok<FormerRow[]>('/outsource/former/page', {});
    expect(former).toEqual([
      { employeeId: ids.firstEmployee, name: '派遣甲', employeeNo: expect.any(String), mobile: expect.stringContaining('****'), lastClientName: '宏达电子', lastPost: '装配工', leftDate: today, leaveSource: 'resign', leaveReason: '回老家发展', placementCount: 1 },
    ]);

    // an active worker is no former one
    const secondEmployee = (await placementRowOf(ids.second)).employeeId;
    await expectUnchanged(t.database, () => os.call('/outsource/former/replace', { employeeId: secondEmployee, placement: { clientId: ids.other, post: '保洁', startDate: addDays(today, 1) } }), 400, '派遣乙不是前员工（最近一次派驻未离岗），无法重新派遣');

    const again = await os.ok<OnboardingResult>('/outsource/former/replace', { employeeId: ids.firstEmployee, placement: { clientId: ids.other, post: '保洁', startDate: addDays(today, 1) } });
    expect(again.placement).toMatchObject({ status: 2, clientName: '绿城物业', kind: 2, startDate: addDays(today, 1) });
    expect(await employeeState(t, ids.firstEmployee)).toMatchObject({ status: 2, hire_date: addDays(today, 1) });
    expect(await os.ok<FormerRow[]>('/outsource/former/page', {})).toEqual([]);
    expect((await os.ok<PlacementRow[]>('/outsource/roster/page', { roster: 'epiboly' })).map((r) => r.name)).toEqual(['派遣甲']);
    expect((await os.ok<PlacementRow[]>('/outsource/roster/page', { roster: 'dispatch' })).map((r) => r.name)).toEqual(['派遣乙']);
  });
});

describe('contracts and abandoned onboarding', () => {
  it('starts the plan’s contract package on confirming instead of the company’s onboarding scene', async () => {
    const [pkg] = await t.rows<{ id: number }>(sql`select id from sign_packages where company_id = 1 and name = '入职合同包'`);
    const plan = await insertPlan(t, 1, '灵活用工含合同方案', null, Number(pkg!.id));
    const client = await insertClient(t, 1, { name: '鲜丰快送', kind: 3, planId: plan, posts: [{ name: '骑手', kind: 'temporary' }] });
    const added = await os.ok<OnboardingResult>('/outsource/onboarding/add', { worker: worker('合同骑手', deptId), placement: { clientId: client, post: '骑手', startDate: today } });
    expect(await employeeState(t, added.placement.employeeId)).toMatchObject({ employment_type: 5, work_location: null });
    const confirmed = await os.ok<OnboardingConfirmResult>('/outsource/onboarding/confirm', { placementId: added.placement.id });
    expect(confirmed.contractIds).toHaveLength(1);
    expect(confirmed.insuranceText).toBeNull();
    const contracts = await t.rows<{ id: number; package_id: number }>(sql`select id, package_id from econtracts where employee_id = ${added.placement.employeeId}`);
    expect(contracts.map((r) => [Number(r.id), Number(r.package_id)])).toEqual([[confirmed.contractIds[0], Number(pkg!.id)]]);
    const [row] = await os.ok<PlacementRow[]>('/outsource/onboarding/page', { clientId: client });
    expect(row).toMatchObject({ name: '合同骑手', status: 2, contractStatusText: '待签署' });
  });

  it('abandons a pending onboarding only, discontinuing the pending hire', async () => {
    const added = await os.ok<OnboardingResult>('/outsource/onboarding/add', { worker: worker('放弃入职', deptId), placement: { clientId: ids.other, post: '保洁', startDate: addDays(today, 3) } });
    const abandoned = await os.ok<PlacementRow>('/outsource/onboarding/abandon', { placementId: added.placement.id, reason: '另有工作' });
    expect(abandoned).toMatchObject({ status: 5, leaveReason: '另有工作' });
    const [e] = await t.rows<{ archived: boolean }>(sql`select archived_at is not null as archived from employees where id = ${added.placement.employeeId}`);
    expect(e?.archived).toBe(true);
    await expectUnchanged(t.database, () => os.call('/outsource/onboarding/abandon', { placementId: ids.second, reason: '误操作' }), 400, '只有待入职的人员可以放弃入职，该人员在岗');
  });
});

async function placementRowOf(id: number): Promise<PlacementRow> {
  const rows = await os.ok<PlacementRow[]>('/outsource/roster/page', { roster: 'dispatch', pageSize: 100 });
  return rows.find((r) => r.id === id)!;
}
