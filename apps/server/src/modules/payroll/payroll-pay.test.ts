import { PAYROLL_API, RUN_STATUS, type GroupView, type RunCheckResult, type RunExplainView, type RunProgress, type RunResultsPage, type RunView } from '@wfsaas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobsOnce } from '../../platform/jobs/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDepartment, insertEmployees } from './payroll-fixtures.queries.ts';
import { standardGroup } from './payroll-fixtures.ts';

/**
 * The employee's dated pay drives the fixed pay items: a raise made through 调薪 (dated) reaches the
 * run of its month, a mid-month raise splits the month by days, joiners and leavers are prorated by
 * the group's rule, and a figure imported for the month overrides the record and says so.
 */

let t: TestApp;
let admin: string;
const ids: Record<string, number> = {};
let departmentId: number;

const call = <T = unknown>(path: string, body?: unknown) => t.call<T>(path.startsWith('/wfsaas') ? path : `${PAYROLL_API}${path}`, { token: admin, companyId: 1, body });
async function ok<T>(path: string, body?: unknown): Promise<T> {
  const r = await call<T>(path, body);
  expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
  return r.body.data;
}

async function calculate(runId: number): Promise<void> {
  const r = await ok<RunProgress>('/run/calculate', { runId });
  expect(r.status).toBe(RUN_STATUS.calculating);
  while ((await runDueJobsOnce(t.services)) > 0) {
    /* until the queue is empty */
  }
  expect((await ok<RunView>('/run/detail', { runId })).status).toBe(RUN_STATUS.calculated);
}

/** The explanation's line for 基本工资 (how the fixed pay got its value). */
async function basicPayNote(runId: number, employeeId: number): Promise<string | undefined> {
  const x = await ok<RunExplainView>('/run/explain', { runId, employeeId });
  return x.steps.find((s) => s.name === '基本工资')?.note ?? undefined;
}

async function resultOf(runId: number, name: string) {
  const page = await ok<RunResultsPage>('/run/results', { runId, keyword: name, pageSize: 5 });
  return page.list.find((r) => r.name === name)!;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  departmentId = await t.database.inTenant(1, (tx) => createDepartment(tx, 1, '调薪测试部'));
  const made = await t.database.inTenant(1, (tx) =>
    insertEmployees(t.services, tx, 1, [
      { name: '王萍', employeeNo: 'PAY001', salary: '6000.00', departmentId },
      { name: '赵磊', employeeNo: 'PAY002', salary: '6000.00', departmentId },
      { name: '梁昊', employeeNo: 'PAY003', salary: '5500.00', hireDate: '2026-11-11', departmentId },
      { name: '杜然', employeeNo: 'PAY004', salary: '5500.00', leaveDate: '2026-11-12', departmentId },
    ]),
  );
  [ids.wang, ids.zhao, ids.liang, ids.du] = made;
}, 60_000);
afterAll(async () => t?.close());

describe('fixed pay from the employee’s dated pay', () => {
  let groupId: number;
  let runId: number;

  it('a raise effective before the month, and one in the middle of it, made through 调薪', async () => {
    // 王萍 down to 4,600 from October; 赵磊 up to 6,600 from 11-16
    await ok('/wfsaas-saas/api/companyEmployeeChange/do', { employeeId: ids.wang, effectiveDate: '2026-10-01', salary: '4600', reason: 3 });
    await ok('/wfsaas-saas/api/companyEmployeeChange/do', { employeeId: ids.zhao, effectiveDate: '2026-11-16', salary: '6600', reason: 3 });
    const group = await ok<GroupView>('/group/save', standardGroup('调薪测试组', { departmentIds: [departmentId] }));
    groupId = group.id;
    expect(group.prorationBasis).toBe('workdays');
    runId = (await ok<RunView>('/run/create', { groupId, month: '2026-11' })).id;
    const check = await ok<RunCheckResult>('/run/check', { runId });
    const byName = (n: string) => check.findings.filter((f) => f.name === n).map((f) => [f.kind, f.message]);
    expect(byName('赵磊')).toContainEqual(['payChange', '月中调薪：固定工资按工作日分段折算，11-01至11-15 6000.00×10/21 + 11-16至11-30 6600.00×11/21 = 6314.29']);
    expect(byName('梁昊')).toContainEqual(['joinLeave', '月中11-11入职：固定工资按在职工作日14/21天折算，5500.00×14/21 = 3666.67']);
    expect(byName('杜然')).toContainEqual(['joinLeave', '月中11-12离职：固定工资按在职工作日9/21天折算，5500.00×9/21 = 2357.14']);

    await calculate(runId);
    expect((await resultOf(runId, '王萍')).values['基本工资']).toBe('4600.00');
    const zhao = await resultOf(runId, '赵磊');
    expect(zhao.values['基本工资']).toBe('6314.29');
    expect(zhao.warnings).toContain('月中调薪：固定工资按工作日分段折算，11-01至11-15 6000.00×10/21 + 11-16至11-30 6600.00×11/21 = 6314.29');
    expect((await resultOf(runId, '梁昊')).values['基本工资']).toBe('3666.67');
    expect((await resultOf(runId, '杜然')).values['基本工资']).toBe('2357.14');
    // the explanation of 基本工资 shows the split, or that the whole month was paid
    expect(await basicPayNote(runId, ids.zhao!)).toBe('月中调薪：固定工资按工作日分段折算，11-01至11-15 6000.00×10/21 + 11-16至11-30 6600.00×11/21 = 6314.29');
    expect(await basicPayNote(runId, ids.wang!)).toBe('员工档案月薪，本月全月在职，按月薪计');
  });

  it('by calendar days when the group says so', async () => {
    await ok('/group/save', standardGroup('调薪测试组', { id: groupId, departmentIds: [departmentId], prorationBasis: 'calendar' }));
    await calculate(runId);
    // 11-16 … 11-30: 15 of 30 days at each salary
    expect((await resultOf(runId, '赵磊')).values['基本工资']).toBe('6300.00');
    expect((await resultOf(runId, '梁昊')).values['基本工资']).toBe('3666.67'); // 20 of 30 days
    expect((await resultOf(runId, '杜然')).values['基本工资']).toBe('2200.00'); // 12 of 30 days
  });

  it('a figure entered for the month overrides the record and says so', async () => {
    await ok('/run/input/save', { runId, employeeId: ids.wang, values: { 基本工资: '5000' } });
    const check = await ok<RunCheckResult>('/run/check', { runId });
    expect(check.findings.filter((f) => f.name === '王萍').map((f) => [f.kind, f.message])).toContainEqual(['payImported', '基本工资按本月导入值5000.00计算，不按档案月薪（4600.00）折算']);
    await calculate(runId);
    const wang = await resultOf(runId, '王萍');
    expect(wang.values['基本工资']).toBe('5000.00');
    expect(wang.warnings).toContain('基本工资按本月导入值5000.00计算（档案月薪4600.00，本月不按档案折算）');
    expect(await basicPayNote(runId, ids.wang!)).toBe('基本工资按本月导入值5000.00计算（档案月薪4600.00，本月不按档案折算）');
    // other months read the record again: the figure belongs to this run
    const december = (await ok<RunView>('/run/create', { groupId, month: '2026-12' })).id;
    await calculate(december);
    expect((await resultOf(december, '王萍')).values['基本工资']).toBe('4600.00');
  });
});
