import { RUN_STATUS, type GroupView, type PushPayslipResult, type RunView } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.ts';
import { createTestApp, expectUnchanged, type TestApp } from '../../test/harness.ts';
import { createDepartment, insertEmployees } from './payroll-fixtures.queries.ts';
import { idNumberFor } from './payroll-fixtures.ts';
import { payrollCalls, rowCells, rowValues, sheet } from './payroll-test-support.ts';

/** A run's outputs at their edges: the payroll sheet of a run with an employee in error, and unlocking a run whose payslips were pushed. */

let t: TestApp;
let admin: string;
let departmentId: number;
const COMPANY = 1;

const { call, ok, calculateNow, runMonth, importData, exported } = payrollCalls(() => ({ t, token: admin, companyId: COMPANY }));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  departmentId = await createDepartment(t.database.db, COMPANY, '薪资核算部');
}, 60_000);
afterAll(async () => t?.close());

describe('the payroll sheet of a run with an employee in error', () => {
  it('is refused before the calculation, then lists the error in a 错误 column with the totals of the others', async () => {
    const ids = await insertEmployees(t.services, t.database.db, COMPANY, [
      { name: '表甲', employeeNo: 'S001', salary: '10000', idNumber: idNumberFor(9301), bankAccount: '6222020200999101', departmentId },
      { name: '表乙', employeeNo: 'S002', salary: '0', idNumber: idNumberFor(9302), bankAccount: '6222020200999102' },
      { name: '表丙', employeeNo: 'S003', salary: '5000.5', idNumber: idNumberFor(9303), bankAccount: '6222020200999103', departmentId },
    ]);
    const items = [
      { name: '基本工资', type: 3, category: 'income' },
      { name: '加班小时', type: 1, decimals: 1, category: 'other' },
      { name: '时薪', type: 2, formula: '【基本工资】/【加班小时】', category: 'other', decimals: 4 },
      { name: '应发工资', type: 2, formula: '【基本工资】', category: 'income' },
      { name: '实发工资', type: 2, formula: '【应发工资】', category: 'net' },
    ];
    const g = await ok<GroupView>('/group/save', { name: '出错组', includeEmployeeIds: ids, items, grossItem: '应发工资', netItem: '实发工资', taxRule: 0 });
    const run = await ok<RunView>('/run/create', { groupId: g.id, month: '2026-07' });
    await expectUnchanged(t.database, () => call('/run/export', { runId: run.id }), 400, '薪资批次还没有计算完成，请先计算薪资再导出工资表');
    const imported = await importData(run.id, await sheet(['工号', '加班小时'], [['S001', 8], ['S002', 0], ['S003', 10]]));
    expect(imported.data.matched).toBe(3);
    const calculated = await calculateNow(run.id);
    expect(calculated).toMatchObject({ status: RUN_STATUS.calculated, errorCount: 1 });

    const { view, ws } = await exported('/run/export', { runId: run.id });
    expect(view.name).toBe('工资表明细_出错组_2026-07');
    expect(rowValues(ws, 1)).toEqual(['工号', '姓名', '部门', '基本工资', '加班小时', '时薪', '应发工资', '实发工资', '错误']);
    expect(rowCells(ws, 2, 9)).toEqual(['S001', '表甲', '薪资核算部', '10000', '8', '1250', '10000', '10000', '']);
    expect(ws.getRow(2).getCell(6).numFmt).toBe('0.0000');
    // 表乙 has no department and no figures: the calculation stopped at the division
    expect(rowCells(ws, 3, 9)).toEqual(['S002', '表乙', '', '', '', '', '', '', '工资项「时薪」计算出错：除数【加班小时】为0']);
    expect(rowCells(ws, 4, 9)).toEqual(['S003', '表丙', '薪资核算部', '5000.5', '10', '500.05', '5000.5', '5000.5', '']);
    expect(rowCells(ws, 5, 9)).toEqual(['合计', '', '', '15000.5', '', '', '15000.5', '15000.5', '']);
    expect(ws.getRow(5).font?.bold).toBe(true);
    expect(ws.rowCount).toBe(5);
  });
});

describe('unlocking a run whose payslips were pushed', () => {
  it('removes a draft batch, withdraws a sent one, refuses while sending, and lets the run push again', async () => {
    const [employeeId] = await insertEmployees(t.services, t.database.db, COMPANY, [{ name: '收回员工', employeeNo: 'R001', salary: '9000', idNumber: idNumberFor(9201), bankAccount: '6222020200999002' }]);
    const items = [
      { name: '基本工资', type: 3, category: 'income', showOnPayslip: true },
      { name: '应发工资', type: 2, formula: '【基本工资】', category: 'income', showOnPayslip: true },
      { name: '实发工资', type: 2, formula: '【应发工资】', category: 'net', showOnPayslip: true },
    ];
    const g = await ok<GroupView>('/group/save', { name: '收回组', includeEmployeeIds: [employeeId], items, grossItem: '应发工资', netItem: '实发工资', taxRule: 0 });
    const run = await runMonth(g.id, '2026-06');
    expect(run.errorCount).toBe(0);
    await ok('/run/lock', { runId: run.id });
    const first = await ok<PushPayslipResult>('/run/push-payslip', { runId: run.id });

    // A draft: removed with the unlock.
    const unlocked = await ok<RunView>('/run/unlock', { runId: run.id, reason: '工资条有误' });
    expect(unlocked.payslipBatchId).toBeNull();
    const archived = rowsOf<{ archived: boolean }>(await t.database.db.execute(sql`select archived_at is not null as archived from payslip_batches where company_id = 1 and id = ${first.batchId}`));
    expect(archived[0]!.archived).toBe(true);

    // Pushed again and sent (as the send job leaves it): the unlock withdraws every payslip.
    await ok('/run/lock', { runId: run.id });
    const second = await ok<PushPayslipResult>('/run/push-payslip', { runId: run.id });
    expect(second.batchId).not.toBe(first.batchId);
    await t.database.db.execute(sql`update payslip_batches set status = 2 where company_id = 1 and id = ${second.batchId}`);
    await expectUnchanged(t.database, () => call('/run/unlock', { runId: run.id, reason: '发送中解锁' }), 400, '本批次的工资条正在发送，请发送完成后再解锁');
    await t.database.db.execute(sql`update payslip_batches set status = 3 where company_id = 1 and id = ${second.batchId}`);
    await t.database.db.execute(sql`update payslips set status = 1, sent_at = now() where company_id = 1 and batch_id = ${second.batchId}`);
    await ok<RunView>('/run/unlock', { runId: run.id, reason: '基本工资调整' });
    const statuses = rowsOf<{ status: number }>(await t.database.db.execute(sql`select status from payslips where company_id = 1 and batch_id = ${second.batchId} and employee_id is not null`));
    expect(statuses.map((r) => Number(r.status))).toEqual([5]);
    const audit = rowsOf<{ after: { payslips: { action: string; withdrawn: number } } }>(await t.database.db.execute(sql`select after from audit_log where action = 'payroll.run.unlock' order by id desc limit 1`));
    expect(audit[0]!.after.payslips).toMatchObject({ batchId: second.batchId, action: 'withdrawn', withdrawn: 1 });
    expect((await ok<RunView>('/run/detail', { runId: run.id })).payslipBatchId).toBeNull();
  });
});
