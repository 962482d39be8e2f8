import { BILL_API, BILL_PATHS as P, type BillBadge, type BillStatusCount, type OperatorBillRow, type PlatformBillDetail, type PlatformBillRow } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaToday } from '../../platform/china-date.ts';
import { runAllJobs } from '../../test/exports.ts';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { PNG, postFile } from '../../test/uploads.ts';
import { registerBillPaidHandler, registerStatementSource, raisePlatformBill, type NewPlatformBillLine } from './index.ts';
import { jobServiceCtx, previousMonth, runDailyBills } from './platform-bills.service.ts';

/**
 * 账单管理 through the API: the seeded bills, confirmation (and a concurrent double one), unlock and
 * the update job, transfer payment confirmed or rejected by an operator, online payment without a
 * gateway, the daily job (overdue, statement generation failing then retried), and what another
 * company, a member without the key and a non-operator are refused.
 */

let t: TestApp;
let admin: string;
let staff: string;
let operator: string;
const url = (p: string) => `${BILL_API}${p}`;
const call = <T = unknown>(p: string, body: unknown, companyId = 1, token = admin) => t.call<T>(url(p), { token, companyId, body });
const op = <T = unknown>(p: string, body: unknown, token = operator) => t.call<T>(url(p), { token, body });
async function ok<T>(p: string, body: unknown, companyId = 1, token = admin): Promise<T> {
  const r = await call<T>(p, body, companyId, token);
  expect(r.body.code, `${p}: ${r.body.message}`).toBe(200);
  return r.body.data;
}
async function opOk<T>(p: string, body: unknown): Promise<T> {
  const r = await op<T>(p, body);
  expect(r.body.code, `${p}: ${r.body.message}`).toBe(200);
  return r.body.data;
}
const badge = async (companyId = 1) => (await ok<BillBadge>(P.badge, {}, companyId)).billCount;
const detail = (billId: number, companyId = 1) => ok<PlatformBillDetail>(P.detail, { billId }, companyId);
const statusOf = async (billId: number, companyId = 1) => (await detail(billId, companyId)).status;

/** The test's statement source: lines for the month, or a failure the next `failures` times it is asked. */
const source = { failures: 0, empty: false };
const LINES: NewPlatformBillLine[] = [
  { item: '电子合同签署', quantity: '10', unit: '份', unitPrice: '3.00', amount: '30.00' },
  { item: '短信通知', quantity: '333', unit: '条', unitPrice: '0.05', amount: '16.65' },
];
const paidRuns: number[] = [];

async function raise(companyId: number, status: 1 | 2 | 3, dueDate: string | null, billType: 1 | 5 = 5, month: string | null = null): Promise<number> {
  return t.services.database.inTenant(companyId, async (tx) => (await raisePlatformBill(jobServiceCtx(t.services, tx, companyId), { billType, kind: 'usage', sourceId: null, title: '测试账单', month, status, dueDate, lines: LINES })).id);
}
const addDays = (n: number) => new Date(Date.parse(`${chinaToday()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
async function uploadProof(token = admin, companyId = 1): Promise<string> {
  const r = await postFile<{ fileId: string }>(t, '/wfsaas-file/api/file/upload', { token, companyId, filename: '转账回单.png', content: PNG });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data.fileId;
}

beforeAll(async () => {
  registerStatementSource({
    kind: 'test-usage',
    title: '测试用量',
    lines: async () => {
      if (source.failures > 0) {
        source.failures--;
        throw new Error('connection reset');
      }
      return source.empty ? [] : LINES;
    },
  });
  registerBillPaidHandler('usage', async (_c, bill) => {
    paidRuns.push(bill.id);
  });
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  operator = await t.login('13900000000');
});
afterAll(async () => {
  await t?.close();
});

describe('账单管理', () => {
  it('lists the seeded bills with filters, tab counts and the badge', async () => {
    const all = await call<PlatformBillRow[]>(P.page, { status: -1, billType: -1 });
    expect(all.body.code).toBe(200);
    // this module's five demo bills, the subscription orders' four (one renewal 待付款) and the payout's one
    expect(all.body.data.map((b) => b.status).sort()).toEqual([2, 3, 3, 4, 4, 4, 4, 4, 4, 6]);
    expect(all.body.data.every((b) => /^PT\d{10}$/.test(b.billNo))).toBe(true);
    const statements = await ok<PlatformBillRow[]>(P.page, { billType: 1 });
    expect(statements.map((b) => b.month).sort()).toEqual([previousMonth(`${previousMonth(chinaToday())}-01`), previousMonth(chinaToday())]);
    expect((await ok<PlatformBillRow[]>(P.page, { billType: 4 })).length).toBe(3);
    expect((await ok<PlatformBillRow[]>(P.page, { billType: 2 })).length).toBe(4);
    expect((await ok<PlatformBillRow[]>(P.page, { billType: 3 })).length).toBe(1);
    expect((await ok<PlatformBillRow[]>(P.page, { status: 6 })).map((b) => b.title)).toEqual(['实名认证服务包']);
    const counts = await ok<BillStatusCount[]>(P.statusCounts, { billType: -1 });
    expect(Object.fromEntries(counts.map((c) => [c.status, c.count]))).toEqual({ 2: 1, 3: 2, 4: 6, 6: 1 });
    expect(await badge()).toBe(4);
    expect(await badge(2)).toBe(0);
    const toConfirm = statements.find((b) => b.status === 2)!;
    const d = await detail(toConfirm.id);
    expect(d.lines.map((l) => l.item)).toEqual(['电子合同签署', '短信通知', '电子工资条发送']);
    expect(d.amount).toBe('295.30');
    expect(d.events.map((e) => e.action)).toEqual(['generate', 'release']);
    expect(d.actions).toEqual(['confirm', 'unlock']);
  });

  it('refuses bad filters naming the field, another company’s bill (404), and members without the keys (403)', async () => {
    const bad = await call(P.page, { status: 13 });
    expect([bad.body.code, bad.body.message]).toEqual([400, expect.stringContaining('账单状态')]);
    const badType = await call(P.page, { billType: 5 });
    expect([badType.body.code, badType.body.message]).toEqual([400, expect.stringContaining('账单类型')]);
    const [one] = await ok<PlatformBillRow[]>(P.page, { status: 2 });
    const other = await call(P.detail, { billId: one!.id }, 2);
    expect(other.body.code).toBe(404);
    const otherConfirm = await call(P.confirm, { billId: one!.id }, 2);
    expect([otherConfirm.body.code, otherConfirm.body.message]).toEqual([404, '账单不存在']);
    expect(await statusOf(one!.id)).toBe(2);
    // the staff member has neither key; with 账单管理 alone they may look but not act
    expect((await call(P.page, {}, 1, staff)).status).toBe(403);
    await t.database.db.execute(sql`insert into role_permissions (company_id, role_id, permission_key) select company_id, id, 'billManagement' from roles where company_id = 1 and name = 'HR专员'`);
    expect((await call(P.page, {}, 1, staff)).body.code).toBe(200);
    expect((await call(P.badge, {}, 1, staff)).body.code).toBe(200);
    const before = await snapshotCounts(t.database);
    for (const [p, body] of [[P.confirm, { billId: one!.id }], [P.unlock, { billId: one!.id, reason: '数量不对' }], [P.retry, { billId: one!.id }], [P.payOnline, { billId: one!.id }]] as const) {
      expect((await call(p, body, 1, staff)).status, p).toBe(403);
    }
    // operator endpoints are for operators only
    expect((await op(P.operatorPage, {}, admin)).status).toBe(403);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('confirms a bill once: of two concurrent confirmations one wins; the tabs move; a refused move changes nothing', async () => {
    const id = await raise(1, 2, null);
    const [a, b] = await Promise.all([call(P.confirm, { billId: id }), call(P.confirm, { billId: id })]);
    expect([a.body.code, b.body.code].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.body.code === 409)!.body.message).toBe('账单当前为「待付款」，不能确认账单');
    const d = await detail(id);
    expect(d.status).toBe(3);
    expect(d.dueDate).toBe(addDays(10));
    expect(d.events.filter((e) => e.action === 'confirm')).toHaveLength(1);
    const audits = await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_log where company_id = 1 and action = 'platformBill.confirm' and entity_id = ${String(id)}`);
    expect(audits[0]!.n).toBe(1);
    const before = await snapshotCounts(t.database);
    const again = await call(P.unlock, { billId: id, reason: '金额不对' });
    expect([again.body.code, again.body.message]).toEqual([409, '账单当前为「待付款」，不能申请解锁']);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('pays by transfer: proof required; the operator confirms (paid handler runs once) or rejects (back to 待付款)', async () => {
    const id = await raise(1, 3, addDays(5));
    const before = await snapshotCounts(t.database);
    const noProof = await call(P.payTransfer, { billId: id, reference: 'ZS001' });
    expect([noProof.body.code, noProof.body.message]).toEqual([400, expect.stringContaining('付款凭证')]);
    const noRef = await call(P.payTransfer, { billId: id, proofFileId: 'x' });
    expect([noRef.body.code, noRef.body.message]).toEqual([400, expect.stringContaining('转账流水号')]);
    expect(await snapshotCounts(t.database)).toEqual(before);
    const fake = await call(P.payTransfer, { billId: id, reference: 'ZS001', proofFileId: 'not-a-file' });
    expect([fake.body.code, fake.body.message]).toEqual([400, '付款凭证无效或已被使用，请重新上传']);

    const badgeBefore = await badge();
    const proof = await uploadProof();
    await ok(P.payTransfer, { billId: id, reference: 'ZS20261128001', proofFileId: proof });
    expect(await badge()).toBe(badgeBefore - 1);
    let d = await detail(id);
    expect([d.status, d.transferPending, d.payments[0]!.status, d.payments[0]!.reference]).toEqual([3, true, 1, 'ZS20261128001']);
    expect(d.actions).not.toContain('submitTransfer');
    // the list row says so too (its flag is a subquery of the list's select)
    const rows = await ok<PlatformBillRow[]>(P.page, { status: 3 });
    expect(rows.find((r) => r.id === id)?.transferPending).toBe(true);
    expect(rows.filter((r) => r.id !== id).every((r) => !r.transferPending)).toBe(true);
    const twice = await call(P.payTransfer, { billId: id, reference: 'ZS2', proofFileId: await uploadProof() });
    expect([twice.body.code, twice.body.message]).toEqual([409, '该账单已有待平台确认的转账，请等待平台处理']);
    const queue = await opOk<OperatorBillRow[]>(P.operatorPage, { awaitingOnly: true });
    const mine = queue.find((r) => r.id === id && r.companyId === 1)!;
    expect([mine.companyName, mine.pendingReference]).toEqual(['杭州云帆科技有限公司', 'ZS20261128001']);
    const all = await opOk<OperatorBillRow[]>(P.operatorPage, { pageSize: 50 });
    expect(all[0]!.pendingPaymentId).not.toBeNull();
    const img = await t.app.inject({ method: 'POST', url: url(P.operatorProof), headers: { authorization: `Bearer ${operator}` }, payload: { companyId: 1, paymentId: mine.pendingPaymentId } });
    expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/png']);
    // another company's number does not find it
    expect((await op(P.operatorConfirmTransfer, { companyId: 2, paymentId: mine.pendingPaymentId })).body.code).toBe(404);
    const runs = paidRuns.length;
    const [c1, c2] = await Promise.all([op(P.operatorConfirmTransfer, { companyId: 1, paymentId: mine.pendingPaymentId }), op(P.operatorConfirmTransfer, { companyId: 1, paymentId: mine.pendingPaymentId })]);
    expect([c1.body.code, c2.body.code].sort()).toEqual([200, 409]);
    expect(paidRuns.slice(runs)).toEqual([id]);
    d = await detail(id);
    expect([d.status, d.transferPending, d.payments[0]!.status]).toEqual([4, false, 2]);
    expect(d.events.at(-1)).toMatchObject({ action: 'confirmTransfer', actorKind: 'operator', fromStatus: 3, toStatus: 4 });
    const audits = await t.rows<{ action: string }>(sql`select action from audit_log where company_id = 1 and entity_id = ${String(id)} and action like 'operator:%' order by id`);
    expect(audits.map((a) => a.action)).toEqual(['operator:platformBill.confirmTransfer']);

    const rejected = await raise(1, 3, addDays(5));
    await ok(P.payTransfer, { billId: rejected, reference: 'ZS404', proofFileId: await uploadProof() });
    const pending = (await detail(rejected)).payments[0]!.id;
    const noReason = await op(P.operatorRejectTransfer, { companyId: 1, paymentId: pending });
    expect([noReason.body.code, noReason.body.message]).toEqual([400, expect.stringContaining('驳回原因')]);
    await opOk(P.operatorRejectTransfer, { companyId: 1, paymentId: pending, reason: '未查到该笔转账' });
    d = await detail(rejected);
    expect([d.status, d.transferPending, d.payments[0]!.status, d.payments[0]!.rejectReason]).toEqual([3, false, 3, '未查到该笔转账']);
    expect(d.actions).toContain('submitTransfer');
    expect(paidRuns).not.toContain(rejected);
  });

  it('online payment without a gateway says so and changes nothing', async () => {
    const id = await raise(1, 3, addDays(3));
    const before = await snapshotCounts(t.database);
    const r = await call(P.payOnline, { billId: id });
    expect([r.body.code, r.body.message]).toEqual([400, '暂未开通在线支付，请使用银行转账付款']);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('unlock: the update job asks the sources again (→ 待确认), or fails (→ 解锁更新失败) and a retry succeeds', async () => {
    const month = '2026-03';
    const id = await raise(1, 2, null, 1, month);
    const noReason = await call(P.unlock, { billId: id, reason: '  ' });
    expect([noReason.body.code, noReason.body.message]).toEqual([400, expect.stringContaining('解锁原因')]);
    await ok(P.unlock, { billId: id, reason: '短信条数与实际不符' });
    expect(await statusOf(id)).toBe(5);
    source.failures = 1;
    await runAllJobs(t);
    let d = await detail(id);
    expect([d.status, d.reason]).toEqual([11, '测试用量数据读取失败，请稍后重试']);
    expect(d.actions).toEqual(['retryUpdate']);
    await ok(P.retry, { billId: id });
    expect(await statusOf(id)).toBe(9);
    await runAllJobs(t);
    d = await detail(id);
    expect([d.status, d.amount, d.lines.length, d.reason]).toEqual([2, '46.65', 2, null]);
    expect(d.events.map((e) => `${e.action}:${e.toStatus}`)).toEqual(['generate:2', 'unlock:5', 'startUpdate:9', 'finishUpdate:11', 'retryUpdate:9', 'finishUpdate:2']);
    // the platform regenerates a statement: 更新中, then the job puts it back to 待确认
    await opOk(P.operatorRegenerate, { companyId: 1, billId: id });
    expect(await statusOf(id)).toBe(8);
    await runAllJobs(t);
    expect(await statusOf(id)).toBe(2);
  });

  it('operators suspend and resume a bill; release a statement under review', async () => {
    const id = await raise(1, 3, addDays(3));
    const refused = await op(P.operatorResume, { companyId: 1, billId: id });
    expect([refused.body.code, refused.body.message]).toEqual([409, '账单当前为「待付款」，不能恢复账单']);
    const seen = await opOk<PlatformBillDetail>(P.operatorDetail, { companyId: 1, billId: id });
    expect([seen.amount, seen.lines.length]).toEqual(['46.65', 2]);
    expect((await op(P.operatorDetail, { companyId: 2, billId: id })).body.code).toBe(404);
    const noReason = await op(P.operatorSuspend, { companyId: 1, billId: id });
    expect([noReason.body.code, noReason.body.message]).toEqual([400, expect.stringContaining('原因')]);
    await opOk(P.operatorSuspend, { companyId: 1, billId: id, reason: '企业申请延期' });
    expect(await statusOf(id)).toBe(7);
    await opOk(P.operatorResume, { companyId: 1, billId: id });
    expect(await statusOf(id)).toBe(3);
    const review = await raise(1, 1, null);
    expect((await detail(review)).actions).toEqual([]);
    expect((await op(P.operatorRelease, { companyId: 2, billId: review })).body.code).toBe(404);
    await opOk(P.operatorRelease, { companyId: 1, billId: review });
    expect(await statusOf(review)).toBe(2);
  });
});

describe('the daily job', () => {
  it('marks only 待付款 bills past due (not one with a transfer awaiting the platform), and generates the previous month’s statement', async () => {
    const today = chinaToday();
    const late = await raise(2, 3, addDays(-1));
    const notYet = await raise(2, 3, addDays(1));
    const waiting = await raise(2, 3, addDays(-2));
    const toConfirm = await raise(2, 2, addDays(-5));
    await ok(P.payTransfer, { billId: waiting, reference: 'ZS777', proofFileId: await uploadProof(admin, 2) }, 2);
    source.failures = 1;
    const first = await runDailyBills(t.services, 2, today);
    expect(first.overdue).toBe(1);
    expect([await statusOf(late, 2), await statusOf(notYet, 2), await statusOf(waiting, 2), await statusOf(toConfirm, 2)]).toEqual([6, 3, 3, 2]);
    const [failed] = await ok<PlatformBillRow[]>(P.page, { billType: 1 }, 2);
    expect([failed!.status, failed!.month, failed!.reason]).toEqual([12, previousMonth(today), '测试用量数据读取失败，请稍后重试']);
    // the next day's run leaves the failed statement for a retry
    const second = await runDailyBills(t.services, 2, today);
    expect([second.overdue, second.statement]).toEqual([0, null]);
    expect((await detail(failed!.id, 2)).actions).toEqual(['retryGenerate']);
    await ok(P.retry, { billId: failed!.id }, 2);
    expect(await statusOf(failed!.id, 2)).toBe(8);
    await runAllJobs(t);
    const d = await detail(failed!.id, 2);
    expect([d.status, d.amount, d.reason, d.lines.length]).toEqual([1, '46.65', null, 2]);
  });

  it('gives no bill to a company whose sources yield no line, and runs through the job queue', async () => {
    source.empty = true;
    const r = await runDailyBills(t.services, 2, '2026-02-01');
    expect(r.statement).toBeNull();
    expect(await ok<PlatformBillRow[]>(P.page, { month: '2026-01' }, 2)).toEqual([]);
    source.empty = false;
    const { enqueueDailyJobs } = await import('../../platform/jobs/runner.ts');
    await enqueueDailyJobs(t.services, '2026-03-02');
    await runAllJobs(t);
    const [feb] = await ok<PlatformBillRow[]>(P.page, { month: '2026-02' }, 2);
    expect([feb?.status, feb?.amount]).toEqual([1, '46.65']);
  });
});

