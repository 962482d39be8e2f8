import type { ClientView, CustodyConfigView, CustodyOrdersView, CustodyProviderView, CustodyWorkerRow, OrderRow } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRole } from '../../test/factories.ts';
import { createTestApp, expectRefused, type TestApp } from '../../test/harness.ts';
import { createPlatformCompany, insertPlacement, onJobEmployees, osCalls, testUscc } from './os-test-support.ts';

/**
 * 共管 from both sides. Provider P (the demo company 1) has clients X and Y, each a company on the
 * platform (CX, CY) matched by credit code. A client company sees only its own workers, only the
 * fields P shares, and never P's other data.
 */

let t: TestApp;
let admin: string;
let cx: { token: string; companyId: number };
let cy: { token: string; companyId: number };
let x: ClientView;
let y: ClientView;
let workers: { id: number; name: string; employeeNo: string | null }[];
let placements: number[];
const p = osCalls(() => ({ t, token: admin, companyId: 1 }));
const asCx = () => ({ token: cx.token, companyId: cx.companyId });
const asCy = () => ({ token: cy.token, companyId: cy.companyId });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  cx = await createPlatformCompany(t, { adminToken: admin, phone: '13700000301', nickname: '甲方人事', name: '杭州甲方制造有限公司', creditCode: testUscc(301) });
  cy = await createPlatformCompany(t, { adminToken: admin, phone: '13700000302', nickname: '乙方人事', name: '杭州乙方物流有限公司', creditCode: testUscc(302) });
  const plan = await p.plan('共管方案');
  x = await p.client('甲方制造', plan.id, { creditCode: testUscc(301) });
  y = await p.client('乙方物流', plan.id, { creditCode: testUscc(302) });
  workers = await onJobEmployees(t, 1, 3);
  placements = [
    await insertPlacement(t, { companyId: 1, employeeId: workers[0]!.id, clientId: x.id, planId: plan.id, post: '保洁', status: 2 }),
    await insertPlacement(t, { companyId: 1, employeeId: workers[1]!.id, clientId: x.id, planId: plan.id, post: '保洁', status: 2 }),
    await insertPlacement(t, { companyId: 1, employeeId: workers[2]!.id, clientId: y.id, planId: plan.id, post: '保洁', status: 2 }),
  ];
}, 120_000);
afterAll(async () => t?.close());

describe('the provider’s settings', () => {
  it('links clients by credit code and refuses custody for a client not on the platform', async () => {
    const z = await p.client('未入驻客户', x.planId, { creditCode: testUscc(399) });
    await expectRefused(t, () => p.custody('configSave', { clientId: z.id, enabled: true }), 400, '开启共管：用工单位“未入驻客户”尚未入驻平台（按统一社会信用代码匹配），无法共管');
    const saved = await p.custodyOk<CustodyConfigView>('configSave', { clientId: x.id, enabled: true, fields: ['employeeNo'], payVisible: false });
    expect(saved).toMatchObject({ linkedCompanyId: cx.companyId, linkedCompanyName: '杭州甲方制造有限公司', enabled: true, fields: ['employeeNo'], payVisible: false });
    await p.custodyOk('configSave', { clientId: y.id, enabled: true, fields: ['mobile', 'startDate'] });
    const second = await p.client('甲方制造二厂', x.planId, { creditCode: testUscc(301) });
    await expectRefused(t, () => p.custody('configSave', { clientId: second.id, enabled: true }), 409, '开启共管：平台企业“杭州甲方制造有限公司”已作为用工单位“甲方制造”开启共管，同一企业只能开启一个用工单位的共管');
    const list = await p.custodyOk<CustodyConfigView[]>('configList');
    expect(list.find((c) => c.clientId === z.id)).toMatchObject({ enabled: false, linkedCompanyId: null });
    expect(list.find((c) => c.clientId === y.id)).toMatchObject({ enabled: true, linkedCompanyId: cy.companyId });
  });
});

describe('the client’s side', () => {
  it('shows CX only X’s workers, with only the shared fields', async () => {
    const r = await p.custody<CustodyWorkerRow[]>('clientWorkers', { providerId: 1 }, asCx());
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data.map((w) => w.name).sort()).toEqual([workers[0]!.name, workers[1]!.name].sort());
    for (const w of r.body.data) expect(Object.keys(w).sort()).toEqual(['employeeNo', 'name', 'placementId', 'post', 'status']);
    expect(r.body.data.map((w) => w.employeeNo).sort()).toEqual([workers[0]!.employeeNo, workers[1]!.employeeNo].sort());
    const overview = await p.custodyOk<CustodyProviderView[]>('clientOverview', {}, asCx());
    expect(overview).toEqual([expect.objectContaining({ providerId: 1, providerName: '杭州云帆科技有限公司', clientId: x.id, clientName: '甲方制造', placed: 2, waitingApprovals: 0 })]);
  });

  it('shows CY only Y’s worker, never X’s', async () => {
    const rows = await p.custodyOk<CustodyWorkerRow[]>('clientWorkers', { providerId: 1 }, asCy());
    expect(rows.map((w) => w.name)).toEqual([workers[2]!.name]);
    expect(rows[0]).toMatchObject({ mobile: expect.stringMatching(/^\d{3}\*{4}\d{4}$/), startDate: '2026-02-01' });
    expect(rows[0]).not.toHaveProperty('employeeNo');
    // Searched by name only: an employee number it is not shown finds nothing, nor another client's worker.
    expect(await p.custodyOk<CustodyWorkerRow[]>('clientWorkers', { providerId: 1, keyword: workers[2]!.employeeNo }, asCy())).toEqual([]);
    expect((await p.custodyOk<CustodyWorkerRow[]>('clientWorkers', { providerId: 1, keyword: workers[2]!.name.slice(1) }, asCy())).map((w) => w.name)).toEqual([workers[2]!.name]);
    expect(await p.custodyOk<CustodyWorkerRow[]>('clientWorkers', { providerId: 1, keyword: workers[0]!.name }, asCy())).toEqual([]);
    expect(await p.custodyOk<CustodyOrdersView>('clientOrders', { providerId: 1 }, asCy())).toEqual({ orders: [], dismissals: [] });
  });

  it('shows pay only when the provider makes it visible: the latest bill’s wages', async () => {
    const [bill] = await t.rows<{ id: string }>(sql`insert into bills (company_id, bill_no, bill_type, source, source_id, counterparty_name, month, status, wages, total, line_count)
      values (1, 'ZD-T-1', 1, 'outsourcing', ${x.id}, '甲方制造', '2026-03', 2, '6100.00', '6100.00', 1) returning id`);
    await t.rows(sql`insert into bill_lines (company_id, bill_id, line_no, employee_id, name, post, wages, total) values (1, ${bill!.id}, 1, ${workers[0]!.id}, ${workers[0]!.name}, '保洁', '6100.00', '6100.00')`);
    expect((await p.custodyOk<CustodyWorkerRow[]>('clientWorkers', { providerId: 1 }, asCx())).every((w) => !('pay' in w))).toBe(true);
    await p.custodyOk('configSave', { clientId: x.id, enabled: true, fields: ['employeeNo'], payVisible: true });
    const rows = await p.custodyOk<CustodyWorkerRow[]>('clientWorkers', { providerId: 1 }, asCx());
    expect(Object.fromEntries(rows.map((w) => [w.name, w.pay]))).toEqual({ [workers[0]!.name]: '6100.00', [workers[1]!.name]: null });
    await p.custodyOk('configSave', { clientId: x.id, enabled: true, fields: ['employeeNo'], payVisible: false });
  });

  it('refuses a provider with no link, and CX on P’s own endpoints', async () => {
    await expectRefused(t, () => p.custody('clientWorkers', { providerId: 2 }, asCx()), 403, '该外包服务商未与本企业开启共管');
    await expectRefused(t, () => p.custody('clientOrderSave', { providerId: 2, post: '保洁', headcount: 1, pay: '5000', startDate: '2026-04-01' }, asCx()), 403, '该外包服务商未与本企业开启共管');
    await expectRefused(t, () => p.call('orderPage', {}, { token: cx.token, companyId: 1 }), 403, '您不是该公司的成员，无权访问');
    await expectRefused(t, () => p.call('clientList', {}, { token: cx.token, companyId: 1 }), 403, '您不是该公司的成员，无权访问');
    await expectRefused(t, () => p.custody('configList', {}, { token: cx.token, companyId: 1 }), 403, '您不是该公司的成员，无权访问');
    // Under its own company, CX reads nothing of P's clients or orders.
    expect(await p.ok<ClientView[]>('clientList', {}, asCx())).toEqual([]);
    expect((await p.call<OrderRow[]>('orderPage', {}, asCx())).body.data).toEqual([]);
  });

  it('needs the client key to act for CX, not only to read', async () => {
    const reader = await signInAsRole(t, { adminToken: cx.token, companyId: cx.companyId, phone: '13700000311', role: '共管查看', permissionKeys: ['condominiumManage'] });
    expect((await p.custodyOk<CustodyProviderView[]>('clientOverview', {}, { token: reader.token, companyId: cx.companyId })).map((v) => v.clientId)).toEqual([x.id]);
    await expectRefused(t, () => p.custody('clientWorkers', { providerId: 1 }, { token: reader.token, companyId: cx.companyId }), 403, '您没有此操作的权限（condominiumManage.client），请联系管理员');
  });

  it('puts CX’s own order in P’s orders, raised by the client', async () => {
    const raised = await p.custodyOk<OrderRow>('clientOrderSave', { providerId: 1, post: '保洁', headcount: 2, pay: '5000', startDate: '2026-04-01', requirements: '白班' }, asCx());
    expect(raised).toMatchObject({ clientId: x.id, raisedBy: 'client', approval: 2, status: 1 });
    await expectRefused(t, () => p.custody('clientOrderSave', { providerId: 1, post: '厨师', headcount: 1, pay: '5000', startDate: '2026-04-01' }, asCx()), 400, '岗位：“厨师”不是用工单位“甲方制造”的可派驻岗位');
    const page = await p.call<OrderRow[]>('orderPage', { clientId: x.id });
    expect(page.body.data).toEqual([expect.objectContaining({ id: raised.id, raisedBy: 'client', clientName: '甲方制造' })]);
    expect((await p.custodyOk<CustodyOrdersView>('clientOrders', { providerId: 1 }, asCx())).orders.map((o) => o.id)).toContain(raised.id);
    expect((await p.custodyOk<CustodyOrdersView>('clientOrders', { providerId: 1 }, asCy())).orders.map((o) => o.id)).not.toContain(raised.id);
    const audit = await t.rows<{ company_id: string }>(sql`select company_id from audit_log where action = 'os.custody.order.create'`);
    expect(audit.map((a) => Number(a.company_id))).toEqual([1]);
    await p.ok('orderAccept', { id: raised.id });
  });

  it('lets CX approve P’s order when approval is asked, and not CY', async () => {
    await p.custodyOk('configSave', { clientId: x.id, enabled: true, fields: ['employeeNo'], approveOrders: true });
    const o = await p.ok<OrderRow>('orderSave', { clientId: x.id, post: '保洁', headcount: 1, pay: '5100', startDate: '2026-05-01' });
    expect(o.approval).toBe(1);
    expect((await p.custodyOk<CustodyProviderView[]>('clientOverview', {}, asCx()))[0]!.waitingApprovals).toBe(1);
    await expectRefused(t, () => p.custody('clientApprove', { providerId: 1, target: 'order', id: o.id, approve: true }, asCy()), 404, '补岗单不存在');
    await expectRefused(t, () => p.call('orderAccept', { id: o.id }), 409, `补岗单“${o.orderNo}”用工单位尚未审批，不能接单`);
    await p.custodyOk('clientApprove', { providerId: 1, target: 'order', id: o.id, approve: true, remark: '同意' }, asCx());
    await expectRefused(t, () => p.custody('clientApprove', { providerId: 1, target: 'order', id: o.id, approve: false }, asCx()), 409, `补岗单“${o.orderNo}”不在待审批状态`);
    expect(await p.ok<OrderRow>('orderAccept', { id: o.id })).toMatchObject({ status: 2, approval: 2 });
    // A cancelled order no longer waits for the client.
    const dropped = await p.ok<OrderRow>('orderSave', { clientId: x.id, post: '保洁', headcount: 1, pay: '5100', startDate: '2026-05-01' });
    await p.ok('orderCancel', { id: dropped.id, reason: '需求取消' });
    expect((await p.custodyOk<CustodyProviderView[]>('clientOverview', {}, asCx()))[0]!.waitingApprovals).toBe(0);
    await expectRefused(t, () => p.custody('clientApprove', { providerId: 1, target: 'order', id: dropped.id, approve: true }, asCx()), 409, `补岗单“${dropped.orderNo}”不在待审批状态`);
  });

  it('lets CX return its own worker on the job, and no one else’s', async () => {
    await expectRefused(t, () => p.custody('clientDismissSave', { providerId: 1, placementIds: [placements[2]], reason: '合同到期', lastDay: '2026-06-30' }, asCx()), 400, '退回人员：只能退回本单位在岗的派驻人员');
    const d = await p.custodyOk<{ id: number; orderNo: string }>('clientDismissSave', { providerId: 1, placementIds: [placements[0]], reason: '岗位撤销', lastDay: '2026-06-30' }, asCx());
    expect(d.orderNo).toMatch(/^TG\d{8}001$/);
    const [row] = await t.rows<{ company_id: string; client_id: string; raised_by: string; status: number; n: number }>(
      sql`select d.company_id, d.client_id, d.raised_by, d.status, (select count(*)::int from os_dismissal_lines l where l.company_id = d.company_id and l.dismissal_id = d.id) as n from os_dismissals d where d.id = ${d.id}`,
    );
    expect(row).toMatchObject({ raised_by: 'client', status: 1, n: 1 });
    expect([Number(row!.company_id), Number(row!.client_id)]).toEqual([1, x.id]);
    await expectRefused(t, () => p.custody('clientDismissSave', { providerId: 1, placementIds: [placements[0]], reason: '再退', lastDay: '2026-06-30' }, asCx()), 409, `退回人员：${workers[0]!.name}（${d.orderNo}）已在处理中的退工单上`);
    const mine = await p.custodyOk<CustodyOrdersView>('clientOrders', { providerId: 1 }, asCx());
    expect(mine.dismissals).toEqual([expect.objectContaining({ id: d.id, raisedBy: 'client', names: [workers[0]!.name] })]);
    expect((await p.custodyOk<CustodyOrdersView>('clientOrders', { providerId: 1 }, asCy())).dismissals).toEqual([]);
  });

  it('stops showing anything once P switches custody off', async () => {
    await p.custodyOk('configSave', { clientId: x.id, enabled: false });
    await expectRefused(t, () => p.custody('clientWorkers', { providerId: 1 }, asCx()), 403, '该外包服务商未与本企业开启共管');
    expect(await p.custodyOk<CustodyProviderView[]>('clientOverview', {}, asCx())).toEqual([]);
    expect((await p.custodyOk<CustodyProviderView[]>('clientOverview', {}, asCy())).map((v) => v.clientId)).toEqual([y.id]);
  });
});
