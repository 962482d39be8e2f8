import { APPLY_STATUS, type ApplyDetailView, type EntityView, type InsuredHistoryView, type InsuredView } from '@wfsaas/contracts';
import { addMonths, declarableMonth, leaveFromMonth, monthOf } from '@wfsaas/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, chinaToday } from '../../platform/china-date.ts';
import { departmentIdByName, hireEmployee, type HireInput, type Hired } from '../../test/factories.ts';
import { createTestApp, expectRefused, type TestApp } from '../../test/harness.ts';
import { switchMonthOf } from './proposals.ts';
import { linesOf, sheet, siCalls } from './si-test-support.ts';

/**
 * A month's declarations proposed from what HR does on the roster — a hire, a resignation, a move to
 * another city — then edited, submitted, answered by the portal's result file (an unknown person in
 * it) and retried. Dates are relative to today, so the test holds on any day.
 */

let t: TestApp;
let admin: string;
const { call, ok, entity, create, importResults } = siCalls(() => ({ t, token: admin, companyId: 1 }));
const today = chinaToday();
const thisMonth = monthOf(today);
const HR = '/wfsaas-saas/api';

let departmentId: number;
const hire = (o: Omit<HireInput, 'token'>) => hireEmployee(t, { token: admin, departmentId, ...o });

let hz: EntityView;
let sh: EntityView;

async function insure(e: Hired, entityId: number, startMonth: string, base: string) {
  await ok<InsuredView>('/socialInsurance/insured/register', { employeeId: e.id, entityId, siBase: base, hfBase: base, hfRate: '0.12', startMonth });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  departmentId = await departmentIdByName(t, '产品部');
  hz = await entity('杭州总部社保账户');
  sh = await entity('上海分公司社保账户');
}, 60_000);
afterAll(async () => t?.close());

describe('proposals from the roster', () => {
  it('a hire in 杭州 is proposed as 增员 of the hire month in the declarable month, with 补缴 for a month already closed', async () => {
    const e = await hire({ name: '社保入职', hireDate: today, extra: { workLocation: '杭州', salary: '9000' } });
    const month = declarableMonth(today, hz.deadlineDay);
    const d = await create(hz.id, month);
    expect(d.status).toBe(APPLY_STATUS.draft);
    const lines = linesOf(d, e.id);
    const join = lines.find((l) => l.kind === 1)!;
    expect(join).toMatchObject({ id: null, proposalKey: `join:${e.id}:${thisMonth}`, fromMonth: month, siBase: '9000.00', hfRate: '0.120000', source: 'onboarding', name: '社保入职' });
    expect(join.idNumberMasked).not.toContain(e.idNumber.slice(6, 14));
    if (month > thisMonth) expect(lines.find((l) => l.kind === 4)).toMatchObject({ fromMonth: thisMonth, toMonth: thisMonth });
    else expect(lines).toHaveLength(1);
    // nothing is written on read
    expect(await t.rows(sqlCount(d.id))).toEqual([{ n: 0 }]);
  });

  it('a resignation is proposed as 减员 from the month after the last working day', async () => {
    const e = await hire({ name: '社保离职', hireDate: addDays(today, -200), extra: { workLocation: '杭州', salary: '9000' } });
    await insure(e, hz.id, monthOf(addDays(today, -200)), '9000');
    const q = await t.call(`${HR}/companyEmployeeQuit/do`, { token: admin, companyId: 1, body: { employeeId: e.id, quitType: 1, reason: '个人发展', lastWorkingDay: today } });
    expect(q.body.code, q.body.message).toBe(200);
    const from = leaveFromMonth(today);
    const d = await create(hz.id, from);
    expect(linesOf(d, e.id)).toEqual([expect.objectContaining({ kind: 2, fromMonth: from, source: 'quit', proposalKey: `leave:${e.id}:${from}`, siBase: '9000.00' })]);
  });

  it('a leaver whose insurance was stopped is not proposed again', async () => {
    const e = await hire({ name: '社保已停保', hireDate: addDays(today, -400), extra: { workLocation: '杭州', salary: '9000' } });
    await insure(e, hz.id, monthOf(addDays(today, -400)), '9000');
    const left = addDays(today, -70);
    await t.database.db.execute(sql`update employees set status = 4, leave_date = ${left} where company_id = 1 and id = ${e.id}`);
    await t.database.db.execute(sql`update si_insured set status = 4, end_month = ${monthOf(left)} where company_id = 1 and employee_id = ${e.id}`);
    const d = await create(hz.id, declarableMonth(today, hz.deadlineDay));
    expect(linesOf(d, e.id)).toEqual([]);
  });

  it('a move to 上海 is proposed as 减员 at 杭州 and 增员 at 上海 from the month after the day before the move', async () => {
    const e = await hire({ name: '社保调动', hireDate: addDays(today, -300), extra: { workLocation: '杭州', salary: '12000' } });
    await insure(e, hz.id, monthOf(addDays(today, -300)), '12000');
    const r = await t.call(`${HR}/companyEmployeeChange/do`, { token: admin, companyId: 1, body: { employeeId: e.id, effectiveDate: today, workLocation: '上海', reason: 1 } });
    expect(r.body.code, r.body.message).toBe(200);
    const month = switchMonthOf(today);
    const out = await create(hz.id, month);
    expect(linesOf(out, e.id)).toEqual([expect.objectContaining({ kind: 2, fromMonth: month, source: 'transfer' })]);
    const into = await create(sh.id, month);
    expect(linesOf(into, e.id)).toEqual([expect.objectContaining({ kind: 1, fromMonth: month, source: 'transfer', proposalKey: `join:${e.id}:${month}` })]);
  });
});

function sqlCount(declarationId: number) {
  return sql`select count(*)::int as n from si_declaration_lines where declaration_id = ${declarationId}`;
}

describe('a declaration from draft to results', () => {
  let nb: EntityView;
  let joiner: Hired;
  let failing: Hired;
  let d: ApplyDetailView;

  beforeAll(async () => {
    nb = await ok<EntityView>('/socialInsurance/entity/save', { name: '宁波社保账户', city: '杭州', deadlineDay: 28, locations: ['宁波'], hfRate: '0.08' });
    joiner = await hire({ name: '宁波甲', hireDate: today, extra: { workLocation: '宁波', salary: '7000' } });
    failing = await hire({ name: '宁波乙', hireDate: today, extra: { workLocation: '宁波', salary: '500' } });
    d = await create(nb.id, declarableMonth(today, 28));
  });

  it('proposes the floor for a salary below it, and refuses a base below the floor naming the field and the bounds', async () => {
    const low = linesOf(d, failing.id).find((l) => l.kind === 1)!;
    expect(low.siBase).toBe(nb.policy!.siFloor);
    const before = async () => [await t.rows(sqlCount(d.id)), (await ok<ApplyDetailView>('/apply/detail', { applyId: d.id })).lines.map((l) => l.siBase)];
    await expectRefused(
      t,
      () => call('/apply/line/save', { applyId: d.id, proposalKey: low.proposalKey, employeeId: failing.id, kind: 1, fromMonth: low.fromMonth, siBase: '100', hfBase: low.hfBase, hfRate: low.hfRate }),
      400,
      `社保缴费基数：应在${nb.policy!.siFloor}到${nb.policy!.siCeiling}之间（杭州，${nb.policy!.effectiveFrom}起），收到100`,
      before,
    );
  });

  it('stores an edited proposal under its key, drops and restores it', async () => {
    const join = linesOf(d, joiner.id).find((l) => l.kind === 1)!;
    const edited = await ok<ApplyDetailView>('/apply/line/save', { applyId: d.id, proposalKey: join.proposalKey, employeeId: joiner.id, kind: 1, fromMonth: join.fromMonth, siBase: '7500', hfBase: '7500', hfRate: '0.08', remark: '按合同工资' });
    const stored = linesOf(edited, joiner.id).find((l) => l.kind === 1)!;
    expect(stored).toMatchObject({ proposalKey: join.proposalKey, siBase: '7500.00', remark: '按合同工资' });
    expect(stored.id).not.toBeNull();
    expect(linesOf(edited, joiner.id).filter((l) => l.kind === 1)).toHaveLength(1);
    const dropped = await ok<ApplyDetailView>('/apply/line/drop', { applyId: d.id, lineId: stored.id });
    expect(linesOf(dropped, joiner.id).find((l) => l.kind === 1)!.dropped).toBe(true);
    const restored = await ok<ApplyDetailView>('/apply/line/restore', { applyId: d.id, lineId: stored.id });
    expect(linesOf(restored, joiner.id).find((l) => l.kind === 1)!.dropped).toBe(false);
  });

  it('submits: proposals frozen, 待增员, the file portal’s note; then the draft cannot change', async () => {
    const s = await ok<ApplyDetailView>('/apply/submit', { applyId: d.id });
    expect(s.status).toBe(APPLY_STATUS.submitted);
    expect(s.portalNote).toBe('请在下载中心下载申报文件，登录杭州社保网上服务平台批量上传后导入办理结果');
    expect(s.lines.every((l) => l.id !== null)).toBe(true);
    const page = await ok<InsuredView[]>('/socialInsurance/insured/page', { entityId: nb.id });
    expect(page.map((r) => [r.name, r.status]).sort()).toEqual([['宁波乙', 1], ['宁波甲', 1]]);
    const r = await call('/apply/line/drop', { applyId: d.id, lineId: s.lines[0]!.id });
    expect(r.body).toMatchObject({ code: 409, message: '申报单已提交，不能修改' });
  });

  it('imports the result file: an unknown person reported and not applied, the known rows applied, 部分成功', async () => {
    const file = await sheet(['姓名', '证件号码', '申报类型', '办理结果', '失败原因'], [
      ['宁波甲', joiner.idNumber, '', '办理成功', ''],
      ['宁波乙', failing.idNumber, '', '不通过', '身份证号码与姓名不匹配'],
      ['查无此人', '110101199001019999', '增员', '成功', ''],
    ]);
    const r = await importResults(d.id, file);
    expect(r.code, r.message).toBe(200);
    expect(r.data).toMatchObject({ rows: 3, applied: 2, success: 1, failure: 1, status: APPLY_STATUS.partial });
    expect(r.data.unknown).toEqual([{ row: 4, name: '查无此人', reason: '证件号码不在本申报单中' }]);
    const page = await ok<InsuredView[]>('/socialInsurance/insured/page', { entityId: nb.id });
    expect(page.map((x) => [x.name, x.status, x.startMonth])).toEqual([['宁波甲', 2, thisMonth]]);
    const history = await ok<InsuredHistoryView[]>('/socialInsurance/insured/history', { employeeId: joiner.id });
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['增员成功', '提交增员']));
    const detail = await ok<ApplyDetailView>('/apply/detail', { applyId: d.id });
    expect(linesOf(detail, failing.id).find((l) => l.kind === 1)).toMatchObject({ result: 2, reason: '身份证号码与姓名不匹配' });
  });

  it('refuses a file without a result column, naming it', async () => {
    const r = await importResults(d.id, await sheet(['姓名', '证件号码'], [['宁波甲', joiner.idNumber]]));
    expect(r.code).toBe(400);
    expect(r.message).toMatch(/^结果文件缺少「结果」列/);
  });

  it('retries the failed line in the next month’s draft, and cannot withdraw a declaration with results', async () => {
    const next = await ok<ApplyDetailView>('/apply/retry-failed', { applyId: d.id });
    expect(next.month).toBe(addMonths(d.month, 1));
    const join = linesOf(next, failing.id).find((l) => l.kind === 1)!;
    expect(join).toMatchObject({ source: 'retry', fromMonth: next.month });
    expect(linesOf(next, failing.id).find((l) => l.kind === 4)).toMatchObject({ fromMonth: thisMonth, toMonth: d.month });
    expect(linesOf(next, joiner.id)).toEqual([]);
    const w = await call('/apply/withdraw', { applyId: d.id });
    expect(w.body.code).toBe(409);
  });
});

describe('isolation and permissions', () => {
  it('another company’s declaration, entity and employee are not found, and nothing changes', async () => {
    const [d] = await ok<{ id: number }[]>('/apply/page', { pageNum: 1, pageSize: 1 });
    await expectRefused(t, () => call('/apply/detail', { applyId: d!.id }, { companyId: 2 }), 404, '申报单不存在');
    await expectRefused(t, () => call('/apply/submit', { applyId: d!.id }, { companyId: 2 }), 404, '申报单不存在');
    await expectRefused(t, () => call('/apply/create', { entityId: hz.id, month: thisMonth }, { companyId: 2 }), 404, '参保主体不存在');
    const e = await hire({ name: '社保隔离', hireDate: today, extra: { salary: '8000' } });
    await expectRefused(t, () => call('/socialInsurance/insured/register', { employeeId: e.id, entityId: hz.id, siBase: '8000', hfBase: '8000', hfRate: '0.12', startMonth: thisMonth }, { companyId: 2 }), 404, '员工不存在');
  });
});
