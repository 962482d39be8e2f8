import { BILL_STATUS, PAYROLL_API, PAYROLL_PATHS, SUBS_API, SUBS_PATHS, type AppProductList, type SubsOrderView, type SubsQuote } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, chinaMonth, chinaToday } from '../../platform/china-date.ts';
import { jobCtx } from '../../platform/http.ts';
import { initiateContract } from '../../test/factories.ts';
import { createTestApp, expectRefused, type TestApp } from '../../test/harness.ts';
import { giveIdNumbers, setUpTemplates } from '../econtracts/econtract-test-support.ts';
import { markPlatformBillPaid, meterUsage } from './index.ts';
import { assertServiceActive, econtractExpiredMessage, signaturesSpentMessage, usageStatementLines } from './usage.service.ts';

/** 订阅中心: the catalogue, price orders and their bills, activation when paid, cancelling, and the e-contract pack gate. */

let t: TestApp;
let admin: string;
let staff: string;
const call = <T = unknown>(k: keyof typeof SUBS_PATHS, body?: unknown, o: { token?: string; companyId?: number } = {}) =>
  t.call<T>(`${SUBS_API}${SUBS_PATHS[k]}`, { token: o.token ?? admin, companyId: o.companyId ?? 1, body });
const ok = async <T>(k: keyof typeof SUBS_PATHS, body?: unknown, o: { companyId?: number } = {}) => {
  const r = await call<T>(k, body, o);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
};
const bill = async (id: number) => (await t.rows<{ status: number; amount: string; kind: string; source_id: number; bill_type: number; due_date: string }>(sql`select status, amount, kind, source_id::int as source_id, bill_type, due_date from platform_bills where id = ${id}`))[0]!;
const subOf = async (companyId: number, product: string) => (await t.rows<{ edition: string; seats: number; end_date: string; signatures_bought: number }>(sql`select edition, seats, end_date, signatures_bought from subscriptions where company_id = ${companyId} and product = ${product}`))[0];
const pay = (companyId: number, billId: number) =>
  t.services.database.inTenant(companyId, (tx) => markPlatformBillPaid({ ...jobCtx(t.services, tx, companyId, { userId: 1, nickname: '财务', sessionId: 0 }), actorKind: 'operator' }, billId, { method: 'transfer', reference: '银行回单' }));
const product = (list: AppProductList, code: string) => list.products.find((p) => p.code === code)!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
}, 60_000);
afterAll(async () => t?.close());

describe('catalogue and usage', () => {
  it('shows each product with the demo subscription, the pending renewal and the pack balance', async () => {
    const list = await ok<AppProductList>('productList');
    expect(list.products.map((p) => p.name)).toEqual(['人事管理', '电子合同', '电子工资条', '薪酬计算', '社保托管', '外包管理']);
    const hr = product(list, 'hr');
    expect(hr.subscription).toMatchObject({ edition: 'pro', editionName: '专业版', seats: 300, state: 'active' });
    expect(hr.pendingOrder).toMatchObject({ action: 'renew', amount: '36000.00' });
    expect(product(list, 'payroll').subscription).toBeNull();
    expect(list.usage).toMatchObject({ roster: 10, signaturesBought: 500, signaturesUsed: 137, signaturesLeft: 363, smsThisMonth: 0 });
    const other = await ok<AppProductList>('productList', undefined, { companyId: 2 });
    expect(product(other, 'outsourcing').subscription).toMatchObject({ editionName: '标准版' });
    expect(product(other, 'econtract').subscription).toBeNull();
  });

  it('is refused to a member without 订阅中心', async () => {
    await expectRefused(t, () => call('productList', undefined, { token: staff }), 403, '您没有此操作的权限（appCenter），请联系管理员');
  });
});

describe('price orders', () => {
  it('quotes on the server and refuses bad seats naming 人数', async () => {
    const q = await ok<SubsQuote>('orderQuote', { product: 'payroll', action: 'new', seats: 120, months: 12 });
    expect(q).toMatchObject({ amount: '4320.00', startDate: chinaToday() });
    for (const seats of [0, 100_001]) {
      const r = await call('orderQuote', { product: 'payroll', action: 'new', seats, months: 12 });
      expect(r.body.code).toBe(400);
      expect(r.body.message).toMatch(/^人数/);
    }
    await expectRefused(t, () => call('orderSubmit', { product: 'payroll', action: 'new', seats: 0, months: 12 }), 400, (await call('orderQuote', { product: 'payroll', action: 'new', seats: 0, months: 12 })).body.message);
    await expectRefused(t, () => call('orderSubmit', { product: 'payroll', action: 'new', seats: 10, months: 7 }), 400, (await call('orderQuote', { product: 'payroll', action: 'new', seats: 10, months: 7 })).body.message);
  });

  it('raises a bill of the order price; paying it starts the subscription exactly once', async () => {
    const order = await ok<SubsOrderView>('orderSubmit', { product: 'payroll', action: 'new', seats: 120, months: 12 });
    expect(order).toMatchObject({ status: 1, amount: '4320.00', orderNo: expect.stringMatching(/^DY\d{6}\d{4}$/) });
    expect(await bill(order.billId!)).toMatchObject({ status: BILL_STATUS.toPay, amount: '4320.00', kind: 'subscription', source_id: order.id, bill_type: 5, due_date: addDays(chinaToday(), 7) });
    await expectRefused(t, () => call('orderSubmit', { product: 'payroll', action: 'new', seats: 10, months: 12 }), 409, `薪酬计算已有待付款订单${order.orderNo}，请先付款或取消后再下单`);
    expect(await subOf(1, 'payroll')).toBeUndefined();
    await pay(1, order.billId!);
    expect(await subOf(1, 'payroll')).toMatchObject({ edition: 'standard', seats: 120, end_date: addDays(addMonths(chinaToday(), 12), -1) });
    await expect(pay(1, order.billId!)).rejects.toThrow(/已付款」，不能确认到账/);
    const page = await ok<SubsOrderView[]>('orderPage', { status: 2 });
    expect(page.find((o) => o.id === order.id)).toMatchObject({ status: 2, billNo: expect.stringMatching(/^PT/) });
    // an expansion adds seats, prorated; paid once
    const more = await ok<SubsOrderView>('orderSubmit', { product: 'payroll', action: 'expand', seats: 30 });
    await pay(1, more.billId!);
    expect((await subOf(1, 'payroll'))!.seats).toBe(150);
  });

  it('cancels an unpaid order and suspends its bill; refuses once paid, another company and a member without the key', async () => {
    const list = await ok<AppProductList>('productList');
    const renewal = product(list, 'hr').pendingOrder!;
    const other = (await t.rows<{ id: string }>(sql`select id from subscription_orders where company_id = 2 limit 1`))[0]!;
    await expectRefused(t, () => call('orderCancel', { id: Number(other.id), reason: '不要了' }), 404, '订单不存在');
    await expectRefused(t, () => call('orderCancel', { id: renewal.id, reason: '不要了' }, { token: staff }), 403, '您没有此操作的权限（appCenter.edit），请联系管理员');
    await expectRefused(t, () => call('orderCancel', { id: renewal.id, reason: ' ' }), 400, (await call('orderCancel', { id: renewal.id, reason: ' ' })).body.message);
    const cancelled = await ok<SubsOrderView>('orderCancel', { id: renewal.id, reason: '预算调整' });
    expect(cancelled).toMatchObject({ status: 3, cancelReason: '预算调整' });
    expect((await bill(cancelled.billId!)).status).toBe(BILL_STATUS.suspended);
    await expect(pay(1, cancelled.billId!)).rejects.toThrow(/已暂停/);
    await expectRefused(t, () => call('orderCancel', { id: renewal.id, reason: '再次' }), 409, `订单${renewal.orderNo}已取消，不能取消`);
    const paid = (await ok<SubsOrderView[]>('orderPage', { status: 2 }))[0]!;
    await expectRefused(t, () => call('orderCancel', { id: paid.id, reason: '退款' }), 409, `订单${paid.orderNo}已付款生效，不能取消`);
  });
});

describe('e-contract packs', () => {
  let packageId: number;
  let employees: number[];
  beforeAll(async () => {
    employees = [...(await giveIdNumbers(t, 1)).keys()];
    packageId = (await setUpTemplates(t, admin)).packageId;
  }, 60_000);
  const initiate = (employeeId: number) => t.call(`/wfsaas-sign/api/contract/initiate`, { token: admin, companyId: 1, body: { employeeId, packageId, contractStart: '2026-12-01', contractEnd: '2029-11-30' } });

  it('refuses to initiate once the pack is spent, and initiates again after a pack is bought', async () => {
    await initiateContract(t, { token: admin, employeeId: employees[0]!, packageId });
    await t.rows(sql`insert into usage_records (company_id, meter, ref, qty, month, covered_by) values (1, 'signature', 'test:spent', 363, ${chinaMonth()}, 'pack')`);
    expect((await ok<AppProductList>('productList')).usage.signaturesLeft).toBe(0);
    await expectRefused(t, () => initiate(employees[1]!), 400, signaturesSpentMessage);
    const order = await ok<SubsOrderView>('orderSubmit', { product: 'econtract', action: 'pack', edition: 'pack100' });
    expect(order.amount).toBe('500.00');
    await expectRefused(t, () => initiate(employees[1]!), 400, signaturesSpentMessage);
    await pay(1, order.billId!);
    expect((await ok<AppProductList>('productList')).usage).toMatchObject({ signaturesBought: 600, signaturesLeft: 100 });
    await initiateContract(t, { token: admin, employeeId: employees[1]!, packageId });
  });

  it('meters a completed signature once, from the pack or as overage billed on the usage statement', async () => {
    const meter = (ref: string) => t.services.database.inTenant(1, (tx) => meterUsage({ tx, companyId: 1 }, 'signature', 1, ref));
    await meter('contract:test-1');
    await meter('contract:test-1');
    expect((await ok<AppProductList>('productList')).usage.signaturesLeft).toBe(99);
    await t.rows(sql`insert into usage_records (company_id, meter, ref, qty, month, covered_by) values (1, 'signature', 'test:rest', 99, ${chinaMonth()}, 'pack')`);
    await meter('contract:test-2');
    await meter('contract:test-3');
    const lines = await t.services.database.inTenant(1, (tx) => usageStatementLines({ tx, companyId: 1 }, chinaMonth()));
    expect(lines).toEqual([expect.objectContaining({ item: '电子合同超出套餐签署', quantity: '2', unitPrice: '6.00', amount: '12.00' })]);
    expect(await t.services.database.inTenant(2, (tx) => usageStatementLines({ tx, companyId: 2 }, chinaMonth()))).toEqual([]);
  });

  it('refuses to initiate after the term and its grace period have passed', async () => {
    await t.rows(sql`delete from usage_records where company_id = 1 and ref like 'test:%'`);
    await t.rows(sql`update subscriptions set end_date = ${addDays(chinaToday(), -16)} where company_id = 1 and product = 'econtract'`);
    await expectRefused(t, () => initiate(employees[2]!), 400, econtractExpiredMessage);
    await t.rows(sql`update subscriptions set end_date = ${addDays(chinaToday(), -15)} where company_id = 1 and product = 'econtract'`);
    await initiateContract(t, { token: admin, employeeId: employees[2]!, packageId });
  });

  it('calculating payroll turns read-only once the payroll subscription has expired past its grace; no subscription, no refusal', async () => {
    // a run that could be calculated again (calculated, not locked) for the length of the test
    const [run] = await t.rows<{ id: number; status: number }>(sql`select id::int as id, status from payroll_runs where company_id = 1 order by id limit 1`);
    const calculate = () => t.call(`${PAYROLL_API}${PAYROLL_PATHS.runCalculate}`, { token: admin, companyId: 1, body: { runId: run!.id } });
    const active = () => t.services.database.inTenant(1, (tx) => assertServiceActive({ tx, companyId: 1 }, 'payroll'));
    const [held] = await t.rows<{ end_date: string }>(sql`select end_date from subscriptions where company_id = 1 and product = 'payroll'`);
    await t.rows(sql`delete from subscriptions where company_id = 1 and product = 'payroll'`);
    await expect(active()).resolves.toBeUndefined();
    await t.rows(sql`update payroll_runs set status = 3 where company_id = 1 and id = ${run!.id}`);
    await t.rows(sql`insert into subscriptions (company_id, product, edition, seats, start_date, end_date) values (1, 'payroll', 'standard', 300, ${addDays(chinaToday(), -400)}, ${addDays(chinaToday(), -16)})`);
    try {
      await expectRefused(t, calculate, 400, '薪酬计算服务已到期，请续费后继续使用（数据仍可查看和导出）');
      await t.rows(sql`update subscriptions set end_date = ${addDays(chinaToday(), -15)} where company_id = 1 and product = 'payroll'`);
      await expect(active()).resolves.toBeUndefined();
    } finally {
      if (held) await t.rows(sql`update subscriptions set end_date = ${held.end_date} where company_id = 1 and product = 'payroll'`);
      else await t.rows(sql`delete from subscriptions where company_id = 1 and product = 'payroll'`);
      await t.rows(sql`update payroll_runs set status = ${run!.status} where company_id = 1 and id = ${run!.id}`);
    }
  });
});
