import { APPLY_STATUS, type ApplyDetailView, type ApplyMonthView, type EntityView, type InsuredWarning, type SiBoardView } from '@wfsaas/contracts';
import { addMonths, declarableMonth, dueDate, monthOf } from '@wfsaas/payroll';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, chinaToday } from '../../platform/china-date.ts';
import { runAllJobs, readExportedSheet } from '../../test/exports.ts';
import { departmentIdByName, hireEmployee, signInAsRole, type HireInput, type Hired } from '../../test/factories.ts';
import { createTestApp, expectRefused, type TestApp } from '../../test/harness.ts';
import { rowCells, rowValues } from '../payroll/payroll-test-support.ts';
import { setSiClock } from './si-clock.ts';
import { linesOf, siCalls } from './si-test-support.ts';

/**
 * Deadlines: a draft past its month's deadline cannot be submitted and is carried over to the next
 * month as 增员 with 补缴 and its late fee; the portal file; withdrawal; the month view, the board
 * and the warnings. The module's clock is moved past a deadline; everything else runs on today.
 */

let t: TestApp;
let admin: string;
let departmentId: number;
const { call, ok, create } = siCalls(() => ({ t, token: admin, companyId: 1 }));
const today = chinaToday();
const hire = (o: Omit<HireInput, 'token'>) => hireEmployee(t, { token: admin, departmentId, ...o });

let wz: EntityView;
let hired: Hired;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  departmentId = await departmentIdByName(t, '产品部');
  wz = await ok<EntityView>('/socialInsurance/entity/save', { name: '温州社保账户', city: '杭州', deadlineDay: 10, locations: ['温州'], hfRate: '0.1' });
  hired = await hire({ name: '温州新人', hireDate: today, extra: { workLocation: '温州', salary: '8000' } });
}, 60_000);
afterAll(async () => t?.close());
afterEach(() => setSiClock(null));

describe('past the deadline', () => {
  it('refuses to create a declaration for a month whose deadline passed', async () => {
    const closed = addMonths(declarableMonth(today, 10), -1);
    await expectRefused(t, () => call('/apply/create', { entityId: wz.id, month: closed }), 400, `申报月份：${closed}的申报已于${dueDate(closed, 10)}截止，请在下月申报中补缴`);
  });

  it('refuses to submit a draft after its deadline, and carries it over as 增员 with 补缴 and a late fee', async () => {
    const month = declarableMonth(today, 10);
    const d = await create(wz.id, month);
    const after = addDays(dueDate(month, 10), 1);
    setSiClock(after);
    const next = addMonths(month, 1);
    await expectRefused(t, () => call('/apply/submit', { applyId: d.id }), 400, `申报月份：${month}的申报已于${dueDate(month, 10)}截止，不能再提交；请使用「转入下月」把未申报的人员转入${next}申报，并补缴欠缴月份`);
    const carried = await ok<ApplyDetailView>('/apply/carry-over', { applyId: d.id });
    expect(carried).toMatchObject({ month: next, status: APPLY_STATUS.draft });
    const lines = linesOf(carried, hired.id);
    expect(lines.find((l) => l.kind === 1)).toMatchObject({ fromMonth: next, source: 'carried', proposalKey: `join:${hired.id}:${monthOf(today)}` });
    const back = lines.find((l) => l.kind === 4)!;
    expect(back).toMatchObject({ fromMonth: monthOf(today), toMonth: month, source: 'carried' });
    expect(Number(back.backPay)).toBeGreaterThan(0);
    expect(Number(back.lateFee)).toBeGreaterThan(0);
    expect(back.lateDays).toBeGreaterThan(0);
    const old = await ok<ApplyDetailView>('/apply/detail', { applyId: d.id });
    expect(old.status).toBe(APPLY_STATUS.withdrawn);
    expect(old.portalNote).toContain(`转入${next}申报`);
  });
});

describe('submitted declarations', () => {
  let d: ApplyDetailView;
  beforeAll(async () => {
    const [open] = await ok<{ id: number }[]>('/apply/page', { entityId: wz.id, status: 0, pageNum: 1, pageSize: 1 });
    d = await ok<ApplyDetailView>('/apply/submit', { applyId: open!.id });
  });

  it('puts the portal file in 下载中心 in the city’s column set, with the full ID number, for holders of 查看敏感信息 only', async () => {
    const reader = await signInAsRole(t, { adminToken: admin, phone: '13900005101', role: '社保申报', permissionKeys: ['applyMonth', 'downloadCenter'] });
    await expectRefused(t, () => call('/apply/export', { applyId: d.id }, { token: reader.token }), 403, '社保申报文件含完整的证件号码，需要「查看敏感信息」权限，请联系管理员');
    const exp = await ok<{ id: number; name: string }>('/apply/export', { applyId: d.id });
    expect(exp.name).toBe(`温州社保账户${d.month}社保申报`);
    await runAllJobs(t);
    const ws = await readExportedSheet(t, { token: admin, companyId: 1, id: exp.id });
    expect(ws.name).toBe('批量申报');
    expect(rowValues(ws, 1)).toEqual(['单位社保编号', '姓名', '证件号码', '申报类型', '起始年月', '缴费基数', '公积金账号', '公积金基数', '公积金比例']);
    const rows = [2, 3].map((n) => rowCells(ws, n, 9));
    expect(rows).toContainEqual(['', '温州新人', hired.idNumber, '增员', d.month, '8000', '', '8000', '0.1']);
    expect(rows.map((r) => r[3])).toContain('补缴');
  });

  it('withdraws a submitted declaration without results: lines kept, 待增员 undone', async () => {
    const page = await ok<{ status: number }[]>('/socialInsurance/insured/page', { entityId: wz.id });
    expect(page.map((r) => r.status)).toEqual([1]);
    const w = await ok<ApplyDetailView>('/apply/withdraw', { applyId: d.id });
    expect(w.status).toBe(APPLY_STATUS.withdrawn);
    expect(w.lines.length).toBe(d.lines.length);
    expect(await ok<unknown[]>('/socialInsurance/insured/page', { entityId: wz.id })).toEqual([]);
    await expectRefused(t, () => call('/apply/withdraw', { applyId: d.id }), 409, '只有已提交且尚未有办理结果的申报单可以撤回');
  });
});

describe('the month, the board and the warnings', () => {
  it('counts what each entity has to declare', async () => {
    const month = declarableMonth(today, 10);
    const view = await ok<ApplyMonthView>('/apply/month', { month: addMonths(month, 1) });
    const mine = view.entities.find((e) => e.entityId === wz.id)!;
    expect(mine).toMatchObject({ deadline: dueDate(addMonths(month, 1), 10), applyId: null, status: null });
    expect(mine.toDeclare).toBe(2);
    const board = await ok<SiBoardView>('/socialInsurance/board');
    expect(board.entities.find((e) => e.entityId === wz.id)!.waiting).toBeGreaterThan(0);
    expect(board.waiting).toBe(board.entities.reduce((a, e) => a + e.waiting, 0));
  });

  it('warns of people on the roster without insurance', async () => {
    const w = await ok<InsuredWarning[]>('/socialInsurance/insured/warnings');
    expect(w).toContainEqual(expect.objectContaining({ kind: 'notInsured', employeeId: hired.id, message: `在职未参保：温州新人于${today}入职，还没有参保信息` }));
  });
});
