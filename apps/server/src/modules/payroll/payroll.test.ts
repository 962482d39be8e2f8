import {
  BANK_FILE_COLUMNS,
  DECLARATION_COLUMNS,
  RUN_STATUS,
  SHEET_EXPORT_COLUMNS,
  type DeclarationView,
  type GroupView,
  type PushPayslipResult,
  type RunCheckResult,
  type RunExplainView,
  type RunView,
} from '@wfsaas/contracts';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMonths, chinaMonth } from '../../platform/china-date.ts';
import { rowsOf } from '../../platform/db.ts';
import { runAllJobs } from '../../test/exports.ts';
import { createTestApp, expectUnchanged, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { createDepartment, insertEmployees } from './payroll-fixtures.queries.ts';
import { idNumberFor, standardGroup, STANDARD_ITEMS } from './payroll-fixtures.ts';
import { MSG_RUN_LOCKED } from './payroll-runs.service.ts';
import { payrollCalls, rowCells, rowValues, sheet, type ExportView } from './payroll-test-support.ts';

/**
 * 算薪, a month of 200 employees from the salary group to the files: data import, the integrity
 * check, the calculation job, explanation, lock/unlock/submit, the declaration file, bank file and
 * payroll sheet (export jobs read back from 下载中心), the push to payslips, isolation between
 * companies and permissions, and the files that need the permission to view sensitive data.
 */

let t: TestApp;
let admin: string;
let staff: string;
const COMPANY = 1;

const { call, ok, calculateNow, resultsOf, importData, exported } = payrollCalls(() => ({ t, token: admin, companyId: COMPANY }));
const runJobs = () => runAllJobs(t);

async function countExports(): Promise<number> {
  const rows = rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from file_exports where company_id = ${COMPANY}`));
  return Number(rows[0]!.n);
}

// The test roster: 200 employees in a new department, 12,000 a month, hired long ago, with bank accounts;
// P007 joins on 2026-10-15.
let departmentId: number;
const NO = (i: number) => `P${String(i).padStart(3, '0')}`;
// The month's salary group and run, made by the first tests and used by the rest.
let groupId: number;
let runId: number;
let workingDays: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  departmentId = await createDepartment(t.database.db, COMPANY, '薪资核算部');
  await insertEmployees(
    t.services,
    t.database.db,
    COMPANY,
    Array.from({ length: 200 }, (_, i) => ({
      name: `算薪员工${i + 1}`,
      employeeNo: NO(i + 1),
      salary: '12000',
      hireDate: i + 1 === 7 ? '2026-10-15' : '2024-03-01',
      idNumber: idNumberFor(500 + i),
      bankAccount: `6222020200${String(100000 + i)}`,
      departmentId,
    })),
  );
}, 60_000);
afterAll(async () => t?.close());

describe('a month of 200 employees', () => {
  it('saves a group with members by department and shows them', async () => {
    const g = await ok<GroupView>('/group/save', standardGroup('月薪组', { departmentIds: [departmentId] }));
    expect(g.memberCount).toBe(200);
    const members = await call<{ employeeId: number; via: string }[]>('/group/members', { id: g.id, month: '2026-10', pageSize: 5 });
    expect(members.body.data).toHaveLength(5);
    expect(members.body.pageMessage).toMatchObject({ total: 200 });
  });

  it('creates the run with the month’s working days from the 2026 calendar', async () => {
    groupId = (await ok<{ id: number; name: string }[]>('/group/list')).find((g) => g.name === '月薪组')!.id;
    const run = await ok<RunView>('/run/create', { groupId, month: '2026-10' });
    runId = run.id;
    workingDays = run.workingDays;
    // October 2026: 22 weekdays, 1–2 and 5–7 off for 国庆节, Saturday the 10th worked.
    expect(workingDays).toBe(18);
    expect(run.status).toBe(RUN_STATUS.awaitingImport);
    const cal = await ok<{ workingDays: number[] }>('/calendar/list', { year: 2026 });
    expect(cal.workingDays[9]).toBe(18);
  });

  it('imports attendance by 工号, reporting an unmatched row and a bad number', async () => {
    const rows: (string | number)[][] = Array.from({ length: 200 }, (_, i) => [NO(i + 1), `算薪员工${i + 1}`, i + 1 === 2 ? workingDays - 2 : i + 1 === 7 ? 12 : workingDays, 1000, 500]);
    rows[4]![2] = 0; // P005 attended no day: its 日均绩效 divides by zero below.
    rows.push(['X999', '查无此人', 20, 0, 0]);
    rows.push([NO(3), '算薪员工3', 20, '一千', 0]);
    const r = await importData(runId, await sheet(['工号', '姓名', '实际出勤天数', '绩效奖金', '岗位津贴', '备注列'], rows));
    expect(r.code, r.message).toBe(200);
    expect(r.data.columns).toEqual(['实际出勤天数', '绩效奖金', '岗位津贴']);
    expect(r.data.ignoredColumns).toEqual(['备注列']);
    expect(r.data.matched).toBe(200);
    expect(r.data.unmatched).toEqual([
      expect.objectContaining({ rowNo: 202, name: '查无此人', reason: '工号X999不是本薪资组本月的人员' }),
      expect.objectContaining({ rowNo: 203, reason: '与前面的行重复（算薪员工3）' }),
    ]);
    const bad = await importData(runId, await sheet(['工号', '绩效奖金'], [[NO(10), '一千']]));
    expect(bad.code, bad.message).toBe(200);
    expect(bad.data).toMatchObject({ matched: 0, unmatched: [expect.objectContaining({ rowNo: 2, reason: '「绩效奖金」不是数字：一千' })] });
    await expectUnchanged(t.database, async () => ({ body: await importData(runId, Buffer.from('not a workbook')) }), 400, '文件内容不是有效的 .xlsx 表格');
  });

  it('checks integrity: the mid-month joiner is prorated', async () => {
    const r = await ok<RunCheckResult>('/run/check', { runId });
    expect(r.memberCount).toBe(200);
    const joiner = r.findings.find((f) => f.employeeNo === NO(7) && f.kind === 'joinLeave');
    expect(joiner?.message).toBe('月中10-15入职：固定工资按在职工作日12/18天折算，12000.00×12/18 = 8000.00');
    expect(r.findings.filter((f) => f.kind === 'missingInput')).toHaveLength(0);
  });

  it('calculates 200 employees as a job; one employee’s error stays on that employee', async () => {
    // A reporting item that divides by the attendance: P005 (0 days) fails, the rest complete.
    const items = [...STANDARD_ITEMS, { name: '日均绩效', type: 2 as const, formula: '【绩效奖金】/【实际出勤天数】', category: 'other' as const, showOnPayslip: false }];
    await ok('/group/save', standardGroup('月薪组', { id: groupId, departmentIds: [departmentId], items }));
    const run = await calculateNow(runId);
    expect(run.status).toBe(RUN_STATUS.calculated);
    expect(run.errorCount).toBe(1);
    expect(run.totals!.headcount).toBe(199);
    const failed = (await resultsOf(runId, NO(5))).list[0]!;
    expect(failed.error).toBe('工资项「日均绩效」计算出错：除数【实际出勤天数】为0');

    // 12,000 + 500 + 1,000 − 0; Beijing from 2025-07: pension 960, medical 240 + 3, unemployment 60, housing fund 1,440;
    // tax (13,500 − 5,000 − 2,703) × 3% = 173.91.
    const p1 = (await resultsOf(runId, NO(1))).list[0]!;
    expect(p1).toMatchObject({ gross: '13500.00', siEmployee: '1263.00', hfEmployee: '1440.00', tax: '173.91', net: '10623.09', error: null });
    expect(p1.values).toMatchObject({ 基本工资: '12000.00', 应出勤天数: '18', 缺勤扣款: '0.00', 个税: '173.91', 实发工资: '10623.09' });
    expect(p1.contributions.find((l) => l.key === 'pension')).toMatchObject({ base: '12000.00', employee: '960.00', employer: '1920.00' });
    const p2 = (await resultsOf(runId, NO(2))).list[0]!;
    expect(p2.values['缺勤扣款']).toBe('1333.33'); // 12,000 / 18 × 2
    const p7 = (await resultsOf(runId, NO(7))).list[0]!;
    expect(p7.values).toMatchObject({ 基本工资: '8000.00', 在职应出勤天数: '12', 缺勤扣款: '0.00' });
    expect(p7.warnings).toContain('月中10-15入职：固定工资按在职工作日12/18天折算，12000.00×12/18 = 8000.00');

    await expectUnchanged(t.database, () => call('/run/lock', { runId }), 400, '有1名员工计算出错，请处理后重新计算再锁定');
    await ok('/run/input/save', { runId, employeeId: failed.employeeId, values: { 实际出勤天数: String(workingDays) } });
    const again = await calculateNow(runId);
    expect(again.errorCount).toBe(0);
    expect(again.totals!.headcount).toBe(200);
  });

  it('explains one employee: formulas with their inputs, and the cumulative withholding lines', async () => {
    const p2 = (await resultsOf(runId, NO(2))).list[0]!;
    const e = await ok<RunExplainView>('/run/explain', { runId, employeeId: p2.employeeId });
    const step = e.steps.find((s) => s.name === '缺勤扣款')!;
    expect(step).toMatchObject({ kind: 'formula', result: '1333.33' });
    expect(step.inputs).toEqual([
      { name: '基本工资', value: '12000.00' },
      { name: '在职应出勤天数', value: '18' },
      { name: '实际出勤天数', value: '16.0' },
    ]);
    expect(e.taxLines).toEqual(expect.arrayContaining([{ label: '累计减除费用', value: '5000.00' }, { label: '本期应预扣预缴税额', value: p2.tax }]));
    expect(e.withholding).toHaveLength(1);
  });

  it('locks; refuses a recalculation; unlocks with a reason (audited); recalculates; submits', async () => {
    expect((await ok<RunView>('/run/lock', { runId })).status).toBe(RUN_STATUS.locked);
    await expectUnchanged(t.database, () => call('/run/calculate', { runId }), 400, MSG_RUN_LOCKED);
    await expectUnchanged(t.database, () => call('/run/unlock', { runId, reason: '' }), 400, /解锁原因/);
    const unlocked = await ok<RunView>('/run/unlock', { runId, reason: '补发绩效需重算' });
    expect(unlocked).toMatchObject({ status: RUN_STATUS.calculated, unlockReason: '补发绩效需重算' });
    const audit = rowsOf<{ after: { reason: string } }>(await t.database.db.execute(sql`select after from audit_log where action = 'payroll.run.unlock' order by id desc limit 1`));
    expect(audit[0]!.after.reason).toBe('补发绩效需重算');
    expect((await calculateNow(runId)).status).toBe(RUN_STATUS.calculated);
    await ok('/run/lock', { runId });
    // the employees paid are metered for the subscription centre once per run, however often it is locked
    const metered = rowsOf<{ qty: number }>(await t.database.db.execute(sql`select qty from usage_records where meter = 'payrollEmployees' and ref = ${`run:${runId}`}`));
    expect(metered).toEqual([{ qty: 200 }]);
    const submitted = await ok<RunView>('/run/submit', { runId });
    expect(submitted.status).toBe(RUN_STATUS.submitted);
    await expectUnchanged(t.database, () => call('/run/unlock', { runId, reason: '再改一次' }), 400, '工资表已提交，不能解锁');
    const sheets = await call<RunView[]>('/sheet/page', { month: '2026-10' });
    expect(sheets.body.data.map((s) => s.id)).toContain(runId);
  });
});

describe('the month’s declaration, bank file, payroll sheet and payslips', () => {
  it('queues the declaration file in the downloads centre; the job writes exactly the official columns; records the declaration status', async () => {
    const { view, ws } = await exported('/declaration/export', { month: '2026-10' });
    expect(view.name).toBe('正常工资薪金所得_2026-10');
    expect(ws.name).toBe('正常工资薪金所得');
    expect(rowValues(ws, 1)).toEqual([...DECLARATION_COLUMNS]);
    // The demo seed's locked run of the same month is declared too.
    const all = Array.from({ length: ws.rowCount - 1 }, (_, i) => rowValues(ws, i + 2)).filter((r) => /^P\d{3}$/.test(r[0]!));
    expect(all).toHaveLength(200);
    const p1 = all.find((r) => r[0] === NO(1))!;
    expect(p1.slice(0, 10)).toEqual([NO(1), '算薪员工1', '居民身份证', idNumberFor(500), '13500.00', '0.00', '960.00', '243.00', '60.00', '1440.00']);
    const p1Row = Array.from({ length: ws.rowCount }, (_, i) => i + 1).find((n) => rowValues(ws, n)[0] === NO(1))!;
    expect(rowCells(ws, p1Row, DECLARATION_COLUMNS.length).slice(17)).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '']);
    const audit = rowsOf<{ entity_id: string; after: { exportId: number; name: string } }>(
      await t.database.db.execute(sql`select entity_id, after from audit_log where company_id = 1 and action = 'payroll.declaration.export' order by id desc limit 1`),
    );
    expect(audit[0]).toMatchObject({ entity_id: '202610', after: { exportId: view.id, name: '正常工资薪金所得_2026-10' } });
    const d = await ok<DeclarationView>('/declaration/status', { month: '2026-10', status: 1 });
    expect(d).toMatchObject({ status: 1, statusLabel: '已申报' });
    expect(d.headcount).toBeGreaterThanOrEqual(200);
    expect((await ok<DeclarationView[]>('/declaration/list', { year: 2026 })).find((x) => x.month === '2026-10')!.status).toBe(1);
  });

  it('queues the bank transfer file; the job writes full account numbers', async () => {
    const { view, ws } = await exported('/payment/bank-file', { runId });
    expect(view.name).toBe('银行代发_月薪组_2026-10');
    expect(view.progressTotal).toBe(200);
    expect(ws.name).toBe('银行代发');
    expect(rowValues(ws, 1)).toEqual([...BANK_FILE_COLUMNS]);
    expect(ws.rowCount).toBe(202);
    expect(rowCells(ws, 2, BANK_FILE_COLUMNS.length)).toEqual([NO(1), '算薪员工1', '中国工商银行', '6222020200100000', '10623.09', '']);
    // amounts are numbers in the money format (Excel sums them); account numbers stay text
    const amount = ws.getRow(2).getCell(5);
    expect(typeof amount.value).toBe('number');
    expect(amount.numFmt).toBe('#,##0.00');
    expect(typeof ws.getRow(2).getCell(4).value).toBe('string');
    const amounts = Array.from({ length: 200 }, (_, i) => new Decimal(String(ws.getRow(i + 2).getCell(5).value)));
    const sum = amounts.reduce((a, b) => a.plus(b), new Decimal(0));
    const footer = ws.getRow(202);
    expect([footer.getCell(1).value, footer.getCell(2).value]).toEqual(['合计', '共200人']);
    expect(new Decimal(String(footer.getCell(5).value)).toFixed(2)).toBe(sum.toFixed(2));
    expect(footer.font?.bold).toBe(true);
    const badLayout = await call('/payment/bank-file', { runId, layout: 'icbc-2019' });
    expect(badLayout.body.code).toBe(400);
    expect(badLayout.body.message).toContain('代发文件格式');
    const audit = rowsOf<{ after: { exportId: number } }>(await t.database.db.execute(sql`select after from audit_log where company_id = 1 and action = 'payroll.bankFile.export' and entity_id = ${String(runId)}`));
    expect(audit.map((a) => a.after.exportId)).toEqual([view.id]);
    const pay = await call<{ amount: string; bankAccountMasked: string }[]>('/payment/page', { runId, pageSize: 1 });
    expect(pay.body.data[0]).toMatchObject({ amount: '10623.09', bankAccountMasked: '6222****0000' });
  });

  it('writes the bank file in the chosen paying account’s layout (招商银行 xlsx, 工商银行 GBK text)', async () => {
    const save = (body: object) => t.call<{ id: number }>('/wfsaas-saas/api/payConfig/account/save', { token: admin, companyId: COMPANY, body: { branch: '杭州分行', accountName: '杭州云帆科技有限公司', ...body } });
    const cmb = (await save({ bankName: '招商银行', accountNumber: '571908765410802', layout: 'cmb', isDefault: true })).body.data.id;
    const icbc = (await save({ bankName: '中国工商银行', accountNumber: '1202020209900012345', layout: 'icbc' })).body.data.id;
    // no choice: the default account's layout
    const { view, ws } = await exported('/payment/bank-file', { runId });
    expect(view.name).toBe('银行代发_月薪组_2026-10_招商银行');
    expect(ws.name).toBe('招商银行代发');
    expect(rowValues(ws, 1)).toEqual(['账号', '户名', '金额', '注释']);
    expect(rowCells(ws, 2, 4)).toEqual(['6222020200100000', '算薪员工1', '10623.09', '工资']);
    expect(ws.rowCount).toBe(201);
    // the 工商银行 account: a GBK text file with the paying account on its first line
    const r = await call<ExportView>('/payment/bank-file', { runId, accountId: icbc });
    expect(r.body.data).toMatchObject({ name: '银行代发_月薪组_2026-10_工商银行', fileName: '银行代发_月薪组_2026-10_工商银行.txt' });
    await runJobs();
    const link = await t.call<{ url: string; fileName: string }>('/wfsaas-file/api/fileInfo/downloadToken', { token: admin, companyId: COMPANY, body: { id: r.body.data.id } });
    expect(link.body.data.fileName).toMatch(/\.txt$/);
    const lines = new TextDecoder('gbk').decode((await t.app.inject({ method: 'GET', url: link.body.data.url })).rawPayload).split('\r\n');
    expect(lines[0]).toMatch(/^1202020209900012345\|200\|\d+\.\d{2}$/);
    expect(lines[1]).toBe('6222020200100000|算薪员工1|10623.09|工资');
    // 工商银行 without any paying account to name is refused
    await t.call('/wfsaas-saas/api/payConfig/account/enable', { token: admin, companyId: COMPANY, body: { id: cmb, enabled: false } });
    await t.call('/wfsaas-saas/api/payConfig/account/remove', { token: admin, companyId: COMPANY, body: { id: icbc } });
    await expectUnchanged(t.database, () => call('/payment/bank-file', { runId, layout: 'icbc' }), 400, '工商银行代发文件须写明付款账号，请选择付款账户后导出');
  });

  it('exports the payroll sheet: every item of the group in order, numbers with the item’s decimals, a bold 合计 row, header frozen', async () => {
    const { view, ws } = await exported('/run/export', { runId });
    expect(view.name).toBe('工资表明细_月薪组_2026-10');
    expect(ws.name).toBe('工资表明细');
    const itemNames = [...STANDARD_ITEMS.map((i) => i.name), '日均绩效'];
    // no employee of this run is in error: no 错误 column
    expect(rowValues(ws, 1)).toEqual([...SHEET_EXPORT_COLUMNS.leading, ...itemNames]);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.rowCount).toBe(1 + 200 + 1);
    const col = (name: string) => 4 + itemNames.indexOf(name);
    const p1 = ws.getRow(2);
    expect([p1.getCell(1).value, p1.getCell(2).value, p1.getCell(3).value]).toEqual([NO(1), '算薪员工1', '薪资核算部']);
    expect(p1.getCell(col('基本工资')).value).toBe(12000);
    expect(p1.getCell(col('基本工资')).numFmt).toBe('#,##0.00');
    expect(p1.getCell(col('个税')).value).toBe(173.91);
    expect(p1.getCell(col('实发工资')).value).toBe(10623.09);
    expect(p1.getCell(col('应出勤天数')).value).toBe(18);
    expect(p1.getCell(col('应出勤天数')).numFmt).toBe('0');
    expect(p1.getCell(col('实际出勤天数')).numFmt).toBe('0.0');
    const total = ws.getRow(202);
    expect(total.getCell(1).value).toBe('合计');
    expect(total.font?.bold).toBe(true);
    const run = await ok<RunView>('/run/detail', { runId });
    expect(Number(total.getCell(col('实发工资')).value).toFixed(2)).toBe(run.totals!.net);
    expect(Number(total.getCell(col('个税')).value).toFixed(2)).toBe(run.totals!.tax);
    expect(Number(total.getCell(col('应发工资')).value).toFixed(2)).toBe(run.totals!.gross);
    // day counts and reporting items are not money: no total
    expect(total.getCell(col('应出勤天数')).value).toBeNull();
    expect(total.getCell(col('日均绩效')).value).toBeNull();
  });

  it('makes one export of a double click (the same request within ten seconds)', async () => {
    // A moment of its own (an hour before this test app existed), so that the exports of the tests above,
    // made within the last ten seconds, do not count; jobs are due from that moment on.
    const at = (Math.floor(Date.now() / 10_000) - 360) * 10_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(at);
    try {
      const before = await countExports();
      const a = await ok<ExportView>('/run/export', { runId });
      clock.mockReturnValue(at + 4_000);
      const b = await ok<ExportView>('/run/export', { runId });
      expect(b.id).toBe(a.id);
      const c = await ok<ExportView>('/payment/bank-file', { runId });
      const d = await ok<ExportView>('/payment/bank-file', { runId });
      expect(d.id).toBe(c.id);
      expect(c.id).not.toBe(a.id);
      expect(await countExports()).toBe(before + 2);
      // ten seconds later it is a new request
      clock.mockReturnValue(at + 10_000);
      expect((await ok<ExportView>('/run/export', { runId })).id).not.toBe(a.id);
      expect(await countExports()).toBe(before + 3);
    } finally {
      clock.mockRestore();
    }
    await runJobs();
    const jobs = rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from file_exports where company_id = 1 and status <> 2`));
    expect(Number(jobs[0]!.n)).toBe(0);
  });

  it('pushes the run to payslips: a draft batch with every employee matched', async () => {
    const r = await ok<PushPayslipResult>('/run/push-payslip', { runId });
    expect(r).toMatchObject({ rowCount: 200, matched: 200 });
    const rows = rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*) as n from payslips where company_id = 1 and batch_id = ${r.batchId} and employee_id is not null`));
    expect(Number(rows[0]!.n)).toBe(200);
    const detail = await t.call<{ batch: { status: number } }>('/wfsaas-payslip/api/payslip/detail', { token: admin, companyId: COMPANY, body: { batchId: r.batchId } });
    expect(detail.body.data.batch.status).toBe(0);
    expect((await ok<RunView>('/run/detail', { runId })).payslipBatchId).toBe(r.batchId);
    await expectUnchanged(t.database, () => call('/run/push-payslip', { runId }), 400, /已推送/);
  });

  it('shows this month’s runs per group on the start page', async () => {
    const o = await ok<{ groups: { groupName: string; memberCount: number; run: { id: number; status: number; statusLabel: string } | null }[] }>('/overview', { month: '2026-10' });
    expect(o.groups.find((g) => g.groupName === '月薪组')).toMatchObject({ memberCount: 200, run: { id: runId, status: RUN_STATUS.submitted, statusLabel: '已提交' } });
    const next = await ok<{ groups: { groupName: string; run: unknown }[] }>('/overview', { month: '2026-12' });
    expect(next.groups.find((g) => g.groupName === '月薪组')!.run).toBeNull();
  });

  it('answers another company’s ids as not found and refuses a user without the permission, changing nothing', async () => {
    const before = await snapshotCounts(t.database);
    for (const [path, body] of [
      ['/run/detail', { runId }],
      ['/run/results', { runId }],
      ['/run/calculate', { runId }],
      ['/run/explain', { runId, employeeId: 1 }],
      ['/run/push-payslip', { runId }],
      ['/run/export', { runId }],
      ['/payment/bank-file', { runId }],
      ['/group/detail', { id: groupId }],
      ['/sheet/detail', { payslipId: runId }],
    ] as const) {
      const r = await call(path, body, { companyId: 2 });
      expect([path, r.body.code]).toEqual([path, 404]);
    }
    for (const [path, body] of [
      ['/group/save', standardGroup('越权组')],
      ['/run/calculate', { runId }],
      ['/run/results', { runId }],
      ['/run/export', { runId }],
      ['/payment/bank-file', { runId }],
      ['/declaration/export', { month: '2026-10' }],
      ['/run/unlock', { runId, reason: '越权解锁' }],
      ['/declaration/status', { month: '2026-10', status: 0 }],
    ] as const) {
      const r = await call(path, body, { token: staff });
      expect([path, r.status]).toEqual([path, 403]);
    }
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});

describe('files with full identifiers', () => {
  it('need the permission to view sensitive data besides the page’s: refused at the request, nothing queued', async () => {
    // The HR staff role gets the payment, declaration and run pages, not 查看敏感信息.
    await t.database.db.execute(
      sql`insert into role_permissions (company_id, role_id, permission_key) select company_id, id, k from roles, (values ('payroll'), ('declarationRecords'), ('salaryByBatch')) as v(k) where company_id = 1 and name = 'HR专员'`,
    );
    const runs = await call<RunView[]>('/sheet/page', { month: '2026-10' }, { token: staff });
    expect(runs.status).toBe(403);
    const runId = (await ok<RunView[]>('/sheet/page', { month: '2026-10' })).find((r) => r.groupName === '月薪组')!.id;
    await expectUnchanged(t.database, () => call('/payment/bank-file', { runId }, { token: staff }), 403, '银行代发文件含完整的证件号码或银行账号，需要「查看敏感信息」权限，请联系管理员');
    await expectUnchanged(t.database, () => call('/declaration/export', { month: '2026-10' }, { token: staff }), 403, '个税申报表含完整的证件号码或银行账号，需要「查看敏感信息」权限，请联系管理员');
    expect((await call('/payment/page', { runId, pageSize: 1 }, { token: staff })).body.code).toBe(200);

    // The payroll sheet holds amounts, not identifiers: the run read permission is enough.
    const { view, ws } = await exported('/run/export', { runId }, staff);
    expect(view.name).toBe('工资表明细_月薪组_2026-10');
    expect(ws.rowCount).toBe(202);
  });

  it('are refused with today’s messages when there is nothing to export, nothing queued', async () => {
    // the demo seed's run of last month is locked, not submitted; this month has no run yet
    const thisMonth = chinaMonth();
    const demoMonth = addMonths(`${thisMonth}-01`, -1).slice(0, 7);
    const runId = (await ok<RunView[]>('/run/page', { month: demoMonth, pageSize: 50 })).find((r) => r.groupName === '月薪制员工')!.id;
    await expectUnchanged(t.database, () => call('/payment/bank-file', { runId }), 400, '工资表尚未提交，没有发放记录');
    await expectUnchanged(t.database, () => call('/declaration/export', { month: thisMonth }), 400, `${thisMonth}没有已锁定或已提交的工资薪金，无法生成申报表`);
    await expectUnchanged(t.database, () => call('/declaration/export', { month: '2026-10' }, { companyId: 2 }), 400, '2026-10没有已锁定或已提交的工资薪金，无法生成申报表');
  });
});
