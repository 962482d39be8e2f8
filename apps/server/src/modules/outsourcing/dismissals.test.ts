import type { DismissDetail, DismissRow, PlacementRow } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../platform/china-date.ts';
import { departmentIdByName } from '../../test/factories.ts';
import { createTestApp, expectUnchanged, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { employeeState, insertClient, insertPlan, osCalls, placementState, today } from './placements-test-support.ts';

/** 退工单 on the provider's side: two returned workers, one re-placed at another client and one resigned. */

let t: TestApp;
let admin: string;
let deptId: number;
let os: ReturnType<typeof osCalls>;
const ids: Record<string, number> = {};
const employees: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  deptId = await departmentIdByName(t, '行政部');
  os = osCalls(t, admin);
  const plan = await insertPlan(t, 1, '外包方案');
  ids.a = await insertClient(t, 1, { name: '万象商场', kind: 2, planId: plan, posts: [{ name: '保洁', kind: 'regular' }] });
  ids.b = await insertClient(t, 1, { name: '新城物业', kind: 2, planId: plan, posts: [{ name: '保安', kind: 'regular' }] });
  for (const name of ['退工甲', '退工乙', '退工丙']) {
    const r = await os.placeActive(name, deptId, { clientId: ids.a, post: '保洁', startDate: addDays(today, -5) });
    ids[name] = r.placement.id;
    employees[name] = r.placement.employeeId;
  }
  // another company, with a client of its own
  const plan2 = await insertPlan(t, 2, '他司方案');
  ids.foreignClient = await insertClient(t, 2, { name: '他司客户', kind: 2, planId: plan2, posts: [{ name: '保洁', kind: 'regular' }] });
}, 120_000);
afterAll(async () => t?.close());

describe('a provider dismissal', () => {
  it('refuses another company’s placement, a worker of another client and a last day before the start', async () => {
    await expectUnchanged(t.database, () => os.call('/outsource/dismiss/save', { clientId: ids.foreignClient, placementIds: [ids['退工甲']], reason: '越权', lastDay: today }, { companyId: 2 }), 404, '派驻记录不存在');
    await expectUnchanged(t.database, () => os.call('/outsource/dismiss/save', { clientId: ids.b, placementIds: [ids['退工甲']], reason: '项目结束', lastDay: today }), 400, '退回人员：退工甲不是新城物业的在岗人员');
    await expectUnchanged(t.database, () => os.call('/outsource/dismiss/save', { clientId: ids.a, placementIds: [ids['退工甲']], reason: '项目结束', lastDay: addDays(today, -6) }), 400, `最后工作日：不能早于退工甲的到岗日期（${addDays(today, -5)}）`);
  });

  it('returns two workers, re-places one and resigns the other: 处理中, then 已完成', async () => {
    const saved = await os.ok<DismissDetail>('/outsource/dismiss/save', { clientId: ids.a, placementIds: [ids['退工甲'], ids['退工乙']], reason: '项目结束', lastDay: today });
    ids.dismissal = saved.id;
    expect(saved).toMatchObject({ status: 1, approval: 0, raisedBy: 'provider', workerCount: 2, handledCount: 0, names: ['退工乙', '退工甲'], clientName: '万象商场', lastDay: today });
    expect(saved.orderNo).toBe(`TG${today.replaceAll('-', '')}001`);
    // the returned workers leave the post on the last day
    expect(await placementState(t, ids['退工甲'])).toMatchObject({ status: 3, left_date: today, leave_source: 'dismiss' });
    await expectUnchanged(t.database, () => os.call('/outsource/dismiss/save', { clientId: ids.a, placementIds: [ids['退工甲']], reason: '重复', lastDay: today }), 400, '退回人员：退工甲不是万象商场的在岗人员');

    const handle = { id: ids.dismissal, placementId: ids['退工甲'], outcome: 'replace' };
    await expectUnchanged(t.database, () => os.call('/outsource/dismiss/handle', { ...handle, clientId: ids.b, post: '保安', startDate: today }), 400, `到岗日期：应晚于退工单的最后工作日（${today}）`);
    await expectUnchanged(t.database, () => os.call('/outsource/dismiss/handle', { ...handle, clientId: ids.b, post: '保洁', startDate: addDays(today, 1) }), 400, '派驻岗位：「保洁」不是新城物业的可派驻岗位');
    const replaced = await os.ok<DismissDetail>('/outsource/dismiss/handle', { ...handle, clientId: ids.b, post: '保安', startDate: addDays(today, 1) });
    expect(replaced).toMatchObject({ status: 2, handledCount: 1 });
    expect(replaced.lines.find((l) => l.placementId === ids['退工甲'])).toMatchObject({ outcome: 'replace', outcomeText: '重新派遣至新城物业（保安）' });
    expect(await placementState(t, ids['退工甲'])).toMatchObject({ status: 4, left_date: today, leave_source: 'replace' });
    const roster = await os.ok<PlacementRow[]>('/outsource/roster/page', { roster: 'epiboly', clientId: ids.b });
    expect(roster.map((r) => [r.name, r.status, r.startDate])).toEqual([['退工甲', 2, addDays(today, 1)]]);
    expect((await employeeState(t, employees['退工甲']!)).status).toBe(2);

    await expectUnchanged(t.database, () => os.call('/outsource/dismiss/cancel', { id: ids.dismissal, reason: '误操作' }), 400, `退工单${saved.orderNo}已有人员处理，不能取消`);
    await expectUnchanged(t.database, () => os.call('/outsource/dismiss/handle', { ...handle, outcome: 'resign' }), 400, '退工甲已处理，不能重复处理');

    const done = await os.ok<DismissDetail>('/outsource/dismiss/handle', { id: ids.dismissal, placementId: ids['退工乙'], outcome: 'resign', remark: '协商一致' });
    expect(done).toMatchObject({ status: 3, handledCount: 2 });
    expect(done.lines.find((l) => l.placementId === ids['退工乙'])).toMatchObject({ outcome: 'resign', outcomeText: `办理离职（最后工作日${today}）` });
    // the roster's resignation ran with the dismissal's last day
    expect((await employeeState(t, employees['退工乙']!)).status).toBe(4);
    const [quit] = await t.rows<{ effective_date: string }>(sql`select effective_date::text from employee_changes where employee_id = ${employees['退工乙']} and type = 'quit'`);
    expect(quit?.effective_date).toBe(today);
    expect(await placementState(t, ids['退工乙'])).toMatchObject({ status: 3, leave_source: 'dismiss' });

    const page = await os.ok<DismissRow[]>('/outsource/dismiss/page', { keyword: '退工乙' });
    expect(page.map((r) => [r.orderNo, r.status])).toEqual([[saved.orderNo, 3]]);
    await expectUnchanged(t.database, () => os.call('/outsource/dismiss/handle', { id: ids.dismissal, placementId: ids['退工乙'], outcome: 'resign' }), 400, `退工单${saved.orderNo}已完成，不能再处理`);
  });

  it('is not visible to another company', async () => {
    await expectUnchanged(t.database, () => os.call('/outsource/dismiss/detail', { id: ids.dismissal }, { companyId: 2 }), 404, '退工单不存在');
    await expectUnchanged(t.database, () => os.call('/outsource/dismiss/handle', { id: ids.dismissal, placementId: ids['退工乙'], outcome: 'resign' }, { companyId: 2 }), 404, '退工单不存在');
    expect((await os.call<DismissRow[]>('/outsource/dismiss/page', {}, { companyId: 2 })).body.data).toEqual([]);
  });

  it('waits for the client under joint custody, and a cancel puts the workers back on the job', async () => {
    await t.rows(sql`insert into os_custody_links (provider_company_id, client_id, client_company_id, enabled, approve_dismissals) values (1, ${ids.a}, 2, true, true)`);
    const saved = await os.ok<DismissDetail>('/outsource/dismiss/save', { clientId: ids.a, placementIds: [ids['退工丙']], reason: '缩减编制', lastDay: today });
    expect(saved).toMatchObject({ status: 1, approval: 1 });
    expect((await placementState(t, ids['退工丙'])).status).toBe(2);
    await expectUnchanged(t.database, () => os.call('/outsource/dismiss/handle', { id: saved.id, placementId: ids['退工丙'], outcome: 'resign' }), 400, `退工单${saved.orderNo}待用工单位审批，同意后才能处理`);
    const cancelled = await os.ok<DismissDetail>('/outsource/dismiss/cancel', { id: saved.id, reason: '客户撤回' });
    expect(cancelled).toMatchObject({ status: 4, cancelReason: '客户撤回' });
    expect((await placementState(t, ids['退工丙'])).status).toBe(2);

    await t.rows(sql`update os_custody_links set enabled = false where client_id = ${ids.a}`);
    const direct = await os.ok<DismissDetail>('/outsource/dismiss/save', { clientId: ids.a, placementIds: [ids['退工丙']], reason: '缩减编制', lastDay: today });
    expect(direct.approval).toBe(0);
    expect((await placementState(t, ids['退工丙'])).status).toBe(3);
    await os.ok('/outsource/dismiss/cancel', { id: direct.id, reason: '继续留用' });
    expect(await placementState(t, ids['退工丙'])).toMatchObject({ status: 2, left_date: null, leave_source: null });
  });
});
