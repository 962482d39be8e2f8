import type { CustodySummary, DepositRow, LedgerRow, OperatorDepositRow, PayoutDetail, PayoutRow, PayoutRunOption } from '@wfsaas/contracts';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaToday } from '../../platform/china-date.ts';
import { jobCtx } from '../../platform/http.ts';
import { signInAsRole } from '../../test/factories.ts';
import { createTestApp, expectRefused, type TestApp } from '../../test/harness.ts';
import { PDF, PNG, postFile } from '../../test/uploads.ts';
import { downloadStatus } from '../../test/factories.ts';
import { seedDemoGroupRun } from '../payroll/index.ts';
import { markPlatformBillPaid, payPlatformBillFromCustody, raisePlatformBill, readPlatformBill } from './index.ts';

/**
 * 托管账户 through the real app, on the second demo company (its account starts empty; the first one's
 * seeded account is "another company"). After every operation the ledger is checked as a whole.
 */

const API = '/wfsaas-saas/api';
const CO = 2;
let t: TestApp;
let admin: string;
let operator: string;
let reader: string;
let outsider: string;
let ref = 0;

type Res<T> = { status: number; body: { code: number; message: string; data: T } };
const call = <T>(path: string, body: unknown = {}, o: { token?: string; companyId?: number } = {}): Promise<Res<T>> =>
  t.call<T>(`${API}${path}`, { token: o.token ?? admin, companyId: o.companyId ?? CO, body });
async function ok<T>(path: string, body: unknown = {}, o: { token?: string; companyId?: number } = {}): Promise<T> {
  const r = await call<T>(path, body, o);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}
const op = <T>(path: string, body: unknown) => t.call<T>(`${API}/operator/custody/deposit/${path}`, { token: operator, body });
const summary = () => ok<CustodySummary>('/fiduciaryAccount/summary');

async function uploadProof(content = PNG, filename = 'proof.png'): Promise<string> {
  const r = await postFile<{ fileId: string }>(t, '/wfsaas-file/api/file/upload', { token: admin, companyId: CO, filename, content });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data.fileId;
}

async function addDeposit(amount: string): Promise<DepositRow> {
  ref += 1;
  return ok<DepositRow>('/fiduciaryAccount/deposit/add', { amount, reference: `T${Date.now()}${ref}`, payerName: '上海启明人力资源有限公司', transferDate: '2026-11-20', proofFileId: await uploadProof() });
}

async function confirmed(amount: string): Promise<DepositRow> {
  const d = await addDeposit(amount);
  const r = await op<DepositRow>('confirm', { companyId: CO, id: d.id });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}

/** The whole ledger of a company, as the owner: every transaction balanced, the balances equal to what the records say. */
async function expectLedgerHolds(companyId = CO): Promise<void> {
  const unbalanced = await t.rows(sql`select transaction_id from custody_postings where company_id = ${companyId} group by transaction_id having sum(amount) <> 0 or count(*) < 2`);
  expect(unbalanced).toEqual([]);
  const orphan = await t.rows(sql`select id from custody_transactions t where company_id = ${companyId} and not exists (select 1 from custody_postings p where p.company_id = t.company_id and p.transaction_id = t.id)`);
  expect(orphan).toEqual([]);
  const [total] = await t.rows<{ s: string }>(sql`select coalesce(sum(amount), 0)::numeric(14,2)::text as s from custody_postings where company_id = ${companyId}`);
  expect(total!.s).toBe('0.00');
  const bal = new Map((await t.rows<{ account: string; s: string }>(sql`select account, sum(amount)::numeric(14,2)::text as s from custody_postings where company_id = ${companyId} group by account`)).map((r) => [r.account, r.s]));
  const one = async (q: ReturnType<typeof sql>) => new Decimal((await t.rows<{ s: string }>(q))[0]!.s).toFixed(2);
  const deposits = await one(sql`select coalesce(sum(amount), 0)::text as s from custody_deposits where company_id = ${companyId} and status = 2`);
  const pending = await one(sql`select coalesce(sum(amount), 0)::text as s from custody_deposits where company_id = ${companyId} and status = 1`);
  const fromBalance = await one(sql`select coalesce(sum(total), 0)::text as s from custody_payouts where company_id = ${companyId} and status = 2 and funded_by = 'custody'`);
  const billsFromBalance = await one(
    sql`select coalesce(sum(p.amount), 0)::text as s from custody_postings p join custody_transactions x on x.company_id = p.company_id and x.id = p.transaction_id where p.company_id = ${companyId} and x.type = 'bill_pay' and p.account = 'fees'`,
  );
  const wages = await one(sql`select coalesce(sum(wages), 0)::text as s from custody_payouts where company_id = ${companyId} and status = 2`);
  const get = (k: string) => new Decimal(bal.get(k) ?? 0).toFixed(2);
  expect(get('custody')).toBe(new Decimal(deposits).minus(fromBalance).minus(billsFromBalance).toFixed(2));
  expect(get('in_transit')).toBe(pending);
  expect(get('paid_out')).toBe(wages);
  expect(get('payable')).toBe('0.00');
  const s = await ok<CustodySummary>('/fiduciaryAccount/summary', {}, { companyId });
  expect([s.balance, s.inTransit, s.paidOut]).toEqual([get('custody'), get('in_transit'), get('paid_out')]);
}

/** A locked (or, with `status`, another status) payroll run of the test company over its roster; one group per month. */
async function seedRun(name: string, month: string, status?: number): Promise<number> {
  const ids = (await t.rows<{ id: number }>(sql`select id from employees where company_id = ${CO} order by id`)).map((r) => Number(r.id));
  const { groupId } = await t.database.inTenant(CO, (tx) => seedDemoGroupRun(tx, CO, { name, month, employeeIds: ids, siCity: '上海' }));
  const [run] = await t.rows<{ id: number }>(sql`select id from payroll_runs where company_id = ${CO} and group_id = ${groupId}`);
  if (status !== undefined) await t.rows(sql`update payroll_runs set status = ${status} where company_id = ${CO} and id = ${run!.id}`);
  return Number(run!.id);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  operator = await t.login('13900000000');
  reader = (await signInAsRole(t, { adminToken: admin, companyId: CO, phone: '13700000501', role: '托管账户查看', permissionKeys: ['fiduciaryAccount'] })).token;
  outsider = (await signInAsRole(t, { adminToken: admin, companyId: CO, phone: '13700000502', role: '花名册', permissionKeys: ['staffRoll'] })).token;
}, 120_000);
afterAll(async () => t?.close());

describe('deposits', () => {
  it('registers a deposit 待确认: money in transit, the balance unchanged', async () => {
    const d = await addDeposit('12345.67');
    expect(d).toMatchObject({ amount: '12345.67', status: 1, statusLabel: '待确认', proofFileId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(await summary()).toMatchObject({ balance: '0.00', inTransit: '12345.67', receivingAccount: null });
    await expectLedgerHolds();
    expect((await ok<DepositRow[]>('/fiduciaryAccount/deposit/page', { status: 1 })).map((x) => x.id)).toContain(d.id);
  });

  it('refuses a 流水号 already registered (409), a bad amount naming 充值金额 (400), a proof that is not an image', async () => {
    const d = await addDeposit('10.00');
    const body = { amount: '5.00', reference: d.reference, payerName: '上海启明', transferDate: '2026-11-20', proofFileId: await uploadProof() };
    await expectRefused(t, () => call('/fiduciaryAccount/deposit/add', body), 409, `流水号「${d.reference}」已登记，请勿重复登记`);
    await expectRefused(t, () => call('/fiduciaryAccount/deposit/add', { ...body, reference: 'NEW-1', amount: '0' }), 400, '充值金额必须大于0');
    await expectRefused(t, () => call('/fiduciaryAccount/deposit/add', { ...body, reference: 'NEW-1', amount: '-5' }), 400, '充值金额格式不正确，应为最多两位小数的金额');
    await expectRefused(t, () => call('/fiduciaryAccount/deposit/add', { ...body, reference: 'NEW-1', amount: '100000000.01' }), 400, '充值金额不能大于100,000,000');
    await expectRefused(t, () => call('/fiduciaryAccount/deposit/add', { ...body, reference: 'NEW-1', amount: '1.001' }), 400, '充值金额格式不正确，应为最多两位小数的金额');
    await expectRefused(t, () => call('/fiduciaryAccount/deposit/add', { ...body, reference: 'NEW-1', transferDate: '2026-02-30' }), 400, '转账日期不是有效的日期');
    await expectRefused(t, () => call('/fiduciaryAccount/deposit/add', { ...body, reference: 'NEW-1', transferDate: '2099-01-01' }), 400, '转账日期不能晚于今天');
    await expectRefused(t, () => call('/fiduciaryAccount/deposit/add', { ...body, reference: '流水 1' }), 400, '流水号只能包含字母、数字、-、_');
    await expectRefused(t, () => call('/fiduciaryAccount/ledger/page', { from: '2026-11-20', to: '2026-11-01' }), 400, '开始日期不能晚于结束日期');
    const pdf = await uploadProof(PDF, 'proof.pdf');
    await expectRefused(t, () => call('/fiduciaryAccount/deposit/add', { ...body, reference: 'NEW-1', proofFileId: pdf }), 400, '转账凭证须为图片（png、jpg 等）');
    expect(await ok<DepositRow>('/fiduciaryAccount/deposit/add', { ...body, reference: 'NEW-1', amount: '100000000' })).toMatchObject({ amount: '100000000.00' });
    await expectLedgerHolds();
  });

  it('lets only holders of the keys read or register; the proof is served under the screen’s key', async () => {
    await expectRefused(t, () => call('/fiduciaryAccount/summary', {}, { token: outsider }), 403, '您没有此操作的权限（fiduciaryAccount），请联系管理员');
    await expectRefused(t, () => call('/fiduciaryAccount/deposit/add', { amount: '1', reference: 'R-9', payerName: 'x', transferDate: '2026-11-20', proofFileId: '0'.repeat(32) }, { token: reader }), 403, '您没有此操作的权限（fiduciaryAccount.edit），请联系管理员');
    const [d] = await ok<DepositRow[]>('/fiduciaryAccount/deposit/page', {}, { token: reader });
    expect(await downloadStatus(t, { token: reader, companyId: CO, publicId: d!.proofFileId! })).toBe(200);
    expect(await downloadStatus(t, { token: outsider, companyId: CO, publicId: d!.proofFileId! })).not.toBe(200);
  });

  it('is confirmed by a platform operator only: 在途充值 → 托管资金', async () => {
    const d = await addDeposit('500.00');
    const before = await summary();
    const member = await t.call(`${API}/operator/custody/deposit/confirm`, { token: admin, body: { companyId: CO, id: d.id } });
    expect([member.status, member.body.message]).toEqual([403, '仅平台运营人员可以操作']);
    expect(await summary()).toEqual(before);
    const queue = await op<OperatorDepositRow[]>('page', {});
    expect(queue.body.data.find((x) => x.id === d.id && x.companyId === CO)).toMatchObject({ companyName: '上海启明人力资源有限公司', status: 1 });
    const proof = await t.app.inject({ method: 'POST', url: `${API}/operator/custody/deposit/proof`, headers: { authorization: `Bearer ${operator}` }, payload: { companyId: CO, id: d.id } });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/png');
    await expect.poll(async () => (await t.rows(sql`select 1 from audit_log where company_id = ${CO} and action = 'operator:custody.deposit.proof'`)).length).toBe(1);
    await expectRefused(t, () => op('confirm', { companyId: 1, id: d.id + 1000 }), 404, '充值记录不存在');
    const r = await op<DepositRow>('confirm', { companyId: CO, id: d.id });
    expect(r.body.data).toMatchObject({ status: 2, statusLabel: '已确认' });
    const after = await summary();
    expect(after.balance).toBe(new Decimal(before.balance).plus('500').toFixed(2));
    expect(after.inTransit).toBe(new Decimal(before.inTransit).minus('500').toFixed(2));
    await expectRefused(t, () => op('confirm', { companyId: CO, id: d.id }), 409, `该充值（流水号${d.reference}）已确认，不能重复处理`);
    await expectLedgerHolds();
    const audit = await t.rows<{ action: string }>(sql`select action from audit_log where company_id = ${CO} and entity = 'custody_deposit' and entity_id = ${String(d.id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['custody.deposit.add', 'operator:custody.deposit.proof', 'operator:custody.deposit.confirm']);
  });

  it('a rejected deposit is reversed: every balance as before it was registered, and its 流水号 free again', async () => {
    const before = await summary();
    const d = await addDeposit('777.77');
    await expectRefused(t, () => op('reject', { companyId: CO, id: d.id, reason: ' ' }), 400, '请填写驳回原因');
    const r = await op<DepositRow>('reject', { companyId: CO, id: d.id, reason: '银行流水中未找到该笔转账' });
    expect(r.body.data).toMatchObject({ status: 3, rejectReason: '银行流水中未找到该笔转账' });
    expect(await summary()).toEqual(before);
    await expectLedgerHolds();
    const again = await ok<DepositRow>('/fiduciaryAccount/deposit/add', { amount: '777.77', reference: d.reference, payerName: '上海启明', transferDate: '2026-11-21', proofFileId: await uploadProof() });
    expect(again.status).toBe(1);
    await op('reject', { companyId: CO, id: again.id, reason: '重复登记' });
    const ledger = await ok<LedgerRow[]>('/fiduciaryAccount/ledger/page', { type: 'deposit_reject' });
    expect(ledger[0]).toMatchObject({ typeLabel: '充值驳回', change: '0.00', postings: [{ account: 'in_transit', amount: '-777.77' }, { account: 'external', amount: '777.77' }] });
    const today = chinaToday();
    expect((await ok<LedgerRow[]>('/fiduciaryAccount/ledger/page', { type: 'deposit_reject', from: today, to: today })).length).toBe(2);
    expect(await ok<LedgerRow[]>('/fiduciaryAccount/ledger/page', { from: '2020-01-01', to: '2020-01-31' })).toEqual([]);
  });

  it('the ledger cannot be rewritten, by the application or by the owner (append-only)', async () => {
    const refusal = (run: Promise<unknown>) =>
      run.then(
        () => 'changed',
        (e: Error & { cause?: unknown }) => String(e.cause ?? e),
      );
    expect(await refusal(t.database.inTenant(CO, (tx) => tx.execute(sql`update custody_postings set amount = amount * 2 where company_id = ${CO}`)))).toMatch(/permission denied/);
    expect(await refusal(t.database.inTenant(CO, (tx) => tx.execute(sql`delete from custody_transactions where company_id = ${CO}`)))).toMatch(/permission denied/);
    expect(await refusal(t.database.db.execute(sql`update custody_postings set amount = amount * 2 where company_id = ${CO}`))).toMatch(/append-only/);
    expect(await refusal(t.database.db.execute(sql`delete from custody_transactions where company_id = ${CO}`))).toMatch(/append-only/);
    await expectLedgerHolds();
  });
});

describe('payouts', () => {
  let runId: number;
  let payout: PayoutRow;

  beforeAll(async () => {
    runId = await seedRun('托管发放测试', '2026-10');
  }, 60_000);

  it('refuses a run that is not locked (409) and an unknown run (404)', async () => {
    const unlocked = await seedRun('未锁定工资', '2026-09', 3);
    await expectRefused(t, () => call('/fiduciaryAccount/payout/add', { runId: unlocked }), 409, '工资表（2026-09 未锁定工资）尚未锁定，请先锁定后再发起发放');
    await expectRefused(t, () => call('/fiduciaryAccount/payout/add', { runId: 999_999 }), 404, '工资表不存在');
    await expectRefused(t, () => call('/fiduciaryAccount/payout/add', { runId: 'x' }), 400, '工资表格式不正确');
  });

  it('starts a payout of a locked run with its bill 待确认; a second one for the run is refused', async () => {
    const options = await ok<PayoutRunOption[]>('/fiduciaryAccount/payout/runs');
    const option = options.find((o) => o.runId === runId)!;
    expect(option).toMatchObject({ payoutId: null, groupName: '托管发放测试' });
    payout = await ok<PayoutRow>('/fiduciaryAccount/payout/add', { runId });
    expect(payout).toMatchObject({ status: 1, statusLabel: '待付款', headcount: option.headcount, wages: option.net, billStatus: 2 });
    expect(payout.fee).toBe(new Decimal('2.00').times(option.headcount).toFixed(2));
    expect(payout.total).toBe(new Decimal(payout.wages).plus(payout.fee).toFixed(2));
    const bill = await t.database.inTenant(CO, (tx) => readPlatformBill(jobCtx(t.services, tx, CO, { userId: 0, nickname: 't', sessionId: 0 }), payout.billId!));
    expect(bill).toMatchObject({ kind: 'payout', sourceId: payout.id, billType: 5, amount: payout.total, status: 2 });
    expect(bill!.lines.map((l) => [l.item, l.amount])).toEqual([
      [`实发工资合计（${option.headcount}人）`, payout.wages],
      ['代发服务费', payout.fee],
    ]);
    await expectRefused(t, () => call('/fiduciaryAccount/payout/add', { runId }), 409, `工资表（2026-10 托管发放测试）已有发放单${payout.payoutNo}（待付款），不能重复发起`);
    await expectLedgerHolds();
  });

  it('salary details equal the run’s net pay per employee to the cent', async () => {
    const d = await ok<PayoutDetail>('/fiduciaryAccount/payout/detail', { id: payout.id });
    const results = await t.rows<{ employee_id: number; name: string; net: string }>(
      sql`select employee_id, name, net::text as net from payroll_results where company_id = ${CO} and run_id = ${runId} and error is null and net > 0 order by employee_id`,
    );
    expect(results.length).toBeGreaterThan(0);
    expect(d.lines.map((l) => [l.employeeId, l.name, l.net])).toEqual(results.map((r) => [Number(r.employee_id), r.name, new Decimal(r.net).toFixed(2)]));
    expect(d.wages).toBe(results.reduce((s, r) => s.plus(r.net), new Decimal(0)).toFixed(2));
    expect(d).toMatchObject({ feePerHead: '2.00', headcount: results.length });
    const x = await t.app.inject({ method: 'POST', url: `${API}/fiduciaryAccount/payout/export`, headers: { authorization: `Bearer ${admin}`, companyid: String(CO) }, payload: { id: payout.id } });
    expect(x.headers['content-type']).toContain('spreadsheetml');
    // a file reply is sent before its transaction commits: wait for the export's audit row
    await expect.poll(async () => (await t.rows(sql`select 1 from audit_log where company_id = ${CO} and action = 'custody.payout.export'`)).length).toBe(1);
    await expectRefused(t, () => call('/fiduciaryAccount/payout/detail', { id: payout.id }, { token: reader }), 403, '您没有此操作的权限（salaryDetails），请联系管理员');
  });

  it('another company’s payout is not found', async () => {
    const [other] = await t.rows<{ id: number }>(sql`select id from custody_payouts where company_id = 1`);
    expect(other).toBeDefined();
    for (const path of ['detail', 'confirm', 'pay']) await expectRefused(t, () => call(`/fiduciaryAccount/payout/${path}`, { id: Number(other!.id) }), 404, '发放单不存在');
    await expectRefused(t, () => call('/fiduciaryAccount/payout/cancel', { id: Number(other!.id), reason: '测试' }), 404, '发放单不存在');
  });

  it('pays from the balance only when it covers wages and fee; the balance falls by exactly that', async () => {
    await expectRefused(t, () => call('/fiduciaryAccount/payout/pay', { id: payout.id }), 409, `账单${payout.billNo}当前为「待确认」，请先确认账单`);
    await expectRefused(t, () => call('/fiduciaryAccount/payout/pay', { id: payout.id }, { token: reader }), 403, '您没有此操作的权限（fiduciaryAccount.edit），请联系管理员');
    expect(await ok<PayoutRow>('/fiduciaryAccount/payout/confirm', { id: payout.id })).toMatchObject({ billStatus: 3 });
    const short = await summary();
    expect(new Decimal(short.balance).lt(payout.total)).toBe(true);
    const fmt = (v: string) => `¥${new Decimal(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
    await expectRefused(t, () => call('/fiduciaryAccount/payout/pay', { id: payout.id }), 409, `托管账户余额不足（可用${fmt(short.balance)}，需${fmt(payout.total)}）`);
    await confirmed(new Decimal(payout.total).minus(short.balance).plus('100.00').toFixed(2));
    const before = await summary();
    const paid = await ok<PayoutRow>('/fiduciaryAccount/payout/pay', { id: payout.id });
    expect(paid).toMatchObject({ status: 2, statusLabel: '已发放', billStatus: 4, fundedBy: 'custody', disbursement: 'manual' });
    const after = await summary();
    expect(after.balance).toBe(new Decimal(before.balance).minus(payout.total).toFixed(2));
    expect(after.balance).toBe('100.00');
    expect(after.paidOut).toBe(new Decimal(before.paidOut).plus(payout.wages).toFixed(2));
    expect(after.fees).toBe(new Decimal(before.fees).plus(payout.fee).toFixed(2));
    expect(after.reserved).toBe('0.00');
    await expectLedgerHolds();
    const ledger = await ok<LedgerRow[]>('/fiduciaryAccount/ledger/page', { pageSize: 2 });
    expect(ledger.map((l) => [l.type, l.change, l.balanceAfter])).toEqual([
      ['payout_release', '0.00', '100.00'],
      ['payout_pay', new Decimal(payout.total).neg().toFixed(2), '100.00'],
    ]);
    await expectRefused(t, () => call('/fiduciaryAccount/payout/pay', { id: payout.id }), 409, `发放单${payout.payoutNo}当前为「已发放」，不能执行此操作`);
    await expectRefused(t, () => call('/fiduciaryAccount/payout/cancel', { id: payout.id, reason: '晚了' }), 409, `发放单${payout.payoutNo}当前为「已发放」，不能执行此操作`);
    await expectRefused(t, () => call('/fiduciaryAccount/payout/add', { runId }), 409, `工资表（2026-10 托管发放测试）已有发放单${payout.payoutNo}（已发放），不能重复发起`);
  });

  it('a cancelled payout suspends its bill and frees the run; paid by a bank transfer instead, the balance is untouched', async () => {
    const run2 = await seedRun('转账发放测试', '2026-08');
    const first = await ok<PayoutRow>('/fiduciaryAccount/payout/add', { runId: run2 });
    expect(await ok<PayoutRow>('/fiduciaryAccount/payout/cancel', { id: first.id, reason: '工资表需调整' })).toMatchObject({ status: 3, statusLabel: '已取消', billStatus: 7, cancelReason: '工资表需调整' });
    await expectLedgerHolds();
    const second = await ok<PayoutRow>('/fiduciaryAccount/payout/add', { runId: run2 });
    await ok('/fiduciaryAccount/payout/confirm', { id: second.id });
    const before = await summary();
    await t.database.inTenant(CO, (tx) => markPlatformBillPaid({ ...jobCtx(t.services, tx, CO, { userId: 0, nickname: '运营', sessionId: 0 }), actorKind: 'operator' }, second.billId!, { method: 'transfer', reference: 'BANK-001' }));
    const row = (await ok<PayoutRow[]>('/fiduciaryAccount/payout/page', { status: 2 })).find((p) => p.id === second.id);
    expect(row).toMatchObject({ status: 2, fundedBy: 'external', billStatus: 4 });
    const after = await summary();
    expect(after.balance).toBe(before.balance);
    expect(after.paidOut).toBe(new Decimal(before.paidOut).plus(second.wages).toFixed(2));
    await expectLedgerHolds();
  });

  it('another platform bill is paid from the balance as a whole (托管资金 → 平台服务费)', async () => {
    const ctx = (tx: Parameters<typeof jobCtx>[1]) => jobCtx(t.services, tx, CO, { userId: 0, nickname: 't', sessionId: 0 });
    const bill = await t.database.inTenant(CO, (tx) =>
      raisePlatformBill(ctx(tx), { billType: 5, kind: 'subscription', sourceId: null, title: '订阅', month: null, status: 3, dueDate: null, lines: [{ item: '标准版', quantity: '1', unit: '年', unitPrice: '60.00', amount: '60.00' }] }),
    );
    await t.database.inTenant(CO, (tx) => payPlatformBillFromCustody(ctx(tx), bill.id));
    expect((await summary()).balance).toBe('40.00');
    await expect(t.database.inTenant(CO, (tx) => payPlatformBillFromCustody(ctx(tx), bill.id))).rejects.toThrow(/不能付款/);
    await expectLedgerHolds();
  });
});

describe('the demo', () => {
  it('company 1 has two confirmed deposits, one pending, and last month’s locked payroll paid out with its bill paid', async () => {
    const deposits = await ok<DepositRow[]>('/fiduciaryAccount/deposit/page', {}, { companyId: 1 });
    expect(deposits.map((d) => d.status).sort()).toEqual([1, 2, 2]);
    const [p] = await ok<PayoutRow[]>('/fiduciaryAccount/payout/page', {}, { companyId: 1 });
    expect(p).toMatchObject({ status: 2, billStatus: 4, fundedBy: 'custody' });
    await expectLedgerHolds(1);
  });
});
