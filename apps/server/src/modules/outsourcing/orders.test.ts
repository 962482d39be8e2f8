import type { ClientView, OrderDetail, OrderRow } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectRefused, type TestApp } from '../../test/harness.ts';
import { insertPlacement, onJobEmployees, osCalls } from './os-test-support.ts';
import { recountOrder } from './orders.service.ts';

/** 补岗单: the lifecycle, the client's posts and term, the client's approval under joint custody, and the recount as workers arrive. */

let t: TestApp;
let admin: string;
let c: ClientView;
const { call, ok, custodyOk, plan, client } = osCalls(() => ({ t, token: admin, companyId: 1 }));
const order = (extra: Record<string, unknown> = {}) => ({ clientId: c.id, post: '保洁', headcount: 2, pay: '5200', startDate: '2026-03-01', requirements: '能上夜班', ...extra });
const statusOf = async (id: number) => Number((await t.rows<{ status: number }>(sql`select status from os_orders where id = ${id}`))[0]!.status);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  c = await client('园区物业', (await plan('物业方案')).id);
}, 60_000);
afterAll(async () => t?.close());

describe('fill-post orders', () => {
  it('goes 待接单 → 招聘中 → 已取消, keeping who did what', async () => {
    const created = await ok<OrderRow>('orderSave', order());
    expect(created).toMatchObject({ status: 1, approval: 0, raisedBy: 'provider', postKind: 'auxiliary', filled: 0, clientName: '园区物业', pay: '5200.00' });
    expect(created.orderNo).toMatch(/^BG\d{8}001$/);
    const edited = await ok<OrderRow>('orderSave', order({ id: created.id, headcount: 3 }));
    expect(edited.headcount).toBe(3);
    expect(await ok<OrderRow>('orderAccept', { id: created.id })).toMatchObject({ status: 2 });
    await expectRefused(t, () => call('orderSave', order({ id: created.id })), 409, `补岗单“${created.orderNo}”招聘中，只有待接单的补岗单可以修改`);
    await expectRefused(t, () => call('orderAccept', { id: created.id }), 409, `补岗单“${created.orderNo}”招聘中，只有待接单的补岗单可以接单`);
    expect(await ok<OrderRow>('orderCancel', { id: created.id, reason: '客户暂停招聘' })).toMatchObject({ status: 5 });
    await expectRefused(t, () => call('orderCancel', { id: created.id, reason: '再次取消' }), 409, `补岗单“${created.orderNo}”已取消，不能取消`);
    const detail = await ok<OrderDetail>('orderDetail', { id: created.id });
    expect(detail).toMatchObject({ requirements: '能上夜班', cancelReason: '客户暂停招聘', placements: [] });
    expect(detail.history.map((h) => h.action)).toEqual(['新建补岗单', '修改补岗单', '接单，开始招聘', '取消补岗单：客户暂停招聘']);
    expect(detail.history.every((h) => h.by === detail.history[0]!.by && h.by.length > 0)).toBe(true);
    const page = await call<OrderRow[]>('orderPage', { status: 5, keyword: created.orderNo });
    expect(page.body.data.map((o) => o.id)).toEqual([created.id]);
  });

  it('refuses a post the client does not have and a start outside the agreement', async () => {
    await expectRefused(t, () => call('orderSave', order({ post: '厨师' })), 400, '岗位：“厨师”不是用工单位“园区物业”的可派驻岗位');
    await expectRefused(t, () => call('orderSave', order({ startDate: '2028-01-01' })), 400, '期望到岗日期：应在用工单位“园区物业”的协议期内（2026-01-01 至 2027-12-31）');
    await expectRefused(t, () => call('orderSave', order(), { companyId: 2 }), 404, '用工单位不存在');
  });

  it('counts workers onboarded against it, and will not cancel over pending ones', async () => {
    const o = await ok<OrderRow>('orderSave', order());
    await ok('orderAccept', { id: o.id });
    const [a, b] = await onJobEmployees(t, 1, 2);
    const pending = await insertPlacement(t, { companyId: 1, employeeId: a!.id, clientId: c.id, planId: c.planId, post: '保洁', status: 1, orderId: o.id });
    await expectRefused(t, () => call('orderCancel', { id: o.id, reason: '不要了' }), 409, `补岗单“${o.orderNo}”还有1名待入职人员，请先确认到岗或放弃入职后再取消`);
    await t.rows(sql`update os_placements set status = 2 where id = ${pending}`);
    await recountOrder(t.database.db, 1, o.id);
    expect(await statusOf(o.id)).toBe(3);
    await insertPlacement(t, { companyId: 1, employeeId: b!.id, clientId: c.id, planId: c.planId, post: '保洁', status: 2, orderId: o.id });
    await recountOrder(t.database.db, 1, o.id);
    expect(await statusOf(o.id)).toBe(4);
    const detail = await ok<OrderDetail>('orderDetail', { id: o.id });
    expect(detail).toMatchObject({ filled: 2, status: 4 });
    expect(detail.placements.map((p) => p.name).sort()).toEqual([a!.name, b!.name].sort());
    expect(detail.history.at(-1)!.action).toBe('已到岗2/2人，状态变为已完成');
    // A waiting order is not recounted.
    const waiting = await ok<OrderRow>('orderSave', order());
    await recountOrder(t.database.db, 1, waiting.id);
    expect(await statusOf(waiting.id)).toBe(1);
  });

  it('waits for the client’s approval when custody asks for it', async () => {
    // Company 2 is on the platform with this credit code.
    const linked = await client('启明人力', c.planId, { creditCode: '91310115MA1K4B2C3J' });
    await custodyOk('configSave', { clientId: linked.id, enabled: true, approveOrders: true });
    const o = await ok<OrderRow>('orderSave', order({ clientId: linked.id }));
    expect(o.approval).toBe(1);
    await expectRefused(t, () => call('orderAccept', { id: o.id }), 409, `补岗单“${o.orderNo}”用工单位尚未审批，不能接单`);
    await custodyOk('clientApprove', { providerId: 1, target: 'order', id: o.id, approve: false, remark: '人数过多' }, { companyId: 2 });
    await expectRefused(t, () => call('orderAccept', { id: o.id }), 409, `补岗单“${o.orderNo}”已被用工单位驳回，不能接单`);
    // Edited after a rejection, it goes back to the client.
    expect((await ok<OrderRow>('orderSave', order({ id: o.id, clientId: linked.id, headcount: 1 }))).approval).toBe(1);
    await custodyOk('clientApprove', { providerId: 1, target: 'order', id: o.id, approve: true }, { companyId: 2 });
    expect(await ok<OrderRow>('orderAccept', { id: o.id })).toMatchObject({ status: 2, approval: 2 });
    const history = (await ok<OrderDetail>('orderDetail', { id: o.id })).history.map((h) => h.action);
    expect(history).toEqual(['新建补岗单，待用工单位审批', '用工单位驳回：人数过多', '修改补岗单，重新提交用工单位审批', '用工单位同意', '接单，开始招聘']);
  });
});
