import { DECLARATION_COLUMNS, RUN_STATUS, type GroupView, type PolicyView, type RunCheckResult, type RunExplainView, type RunView } from '@wfsaas/contracts';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectUnchanged, type TestApp } from '../../test/harness.ts';
import { insertEmployees } from './payroll-fixtures.queries.ts';
import { idNumberFor } from './payroll-fixtures.ts';
import { payrollCalls, rowValues } from './payroll-test-support.ts';

/**
 * Wages tax across runs: the cumulative withholding over three months with a company's own city
 * policy and a tax profile, the big-change warning, and one employee in two wage-taxed groups of a month.
 */

let t: TestApp;
let admin: string;
const COMPANY = 1;

const { call, ok, calculateNow, runMonth, resultsOf, exported } = payrollCalls(() => ({ t, token: admin, companyId: COMPANY }));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
}, 60_000);
afterAll(async () => t?.close());

describe('cumulative withholding over three months', () => {
  it('gives 555.00, 625.00 and 1,850.00 for 30,000 a month with 4,500 social insurance and 2,000 child education', async () => {
    // A city of the company's own whose only item takes 15% of the base: 4,500 on 30,000.
    await ok<PolicyView>('/policy/save', {
      city: '样例市',
      effectiveFrom: '2026-01-01',
      source: '计算样例',
      items: [{ key: 'pension', name: '养老保险', baseFloor: '0', baseCeiling: '100000', employerRate: '0.16', employeeRate: '0.15', rounding: { places: 2, mode: 'halfUp' } }],
    });
    const [employeeId] = await insertEmployees(t.services, t.database.db, COMPANY, [{ name: '税例员工', employeeNo: 'T001', salary: '30000', idNumber: idNumberFor(9001) }]);
    await ok('/tax-profile/save', { employeeId, year: 2026, deductions: { childEducation: '2000' } });
    const items = [
      { name: '基本工资', type: 3, category: 'income' },
      { name: '应发工资', type: 2, formula: '【基本工资】', category: 'income' },
      { name: '社保个人', type: 4, systemKey: 'siEmployee', category: 'deduction' },
      { name: '个税', type: 4, systemKey: 'tax', category: 'deduction' },
      { name: '实发工资', type: 2, formula: '【应发工资】-【社保个人】-【个税】', category: 'net' },
    ];
    const g = await ok<GroupView>('/group/save', { name: '税例组', includeEmployeeIds: [employeeId], items, grossItem: '应发工资', netItem: '实发工资', siCity: '样例市' });
    expect(g.memberCount).toBe(1);
    const taxes: string[] = [];
    for (const month of ['2026-01', '2026-02', '2026-03']) {
      const run = await runMonth(g.id, month);
      expect(run.status).toBe(RUN_STATUS.calculated);
      const r = (await resultsOf(run.id)).list[0]!;
      expect(r.siEmployee).toBe('4500.00');
      taxes.push(r.tax);
      await ok('/run/lock', { runId: run.id });
    }
    expect(taxes).toEqual(['555.00', '625.00', '1850.00']);
    const march = (await ok<RunView[]>('/run/page', { groupId: g.id, month: '2026-03' }))[0]!;
    const e = await ok<RunExplainView>('/run/explain', { runId: march.id, employeeId });
    expect(e.withholding.map((w) => w.tax)).toEqual(['555.00', '625.00', '1850.00']);
    expect(e.taxLines).toEqual(expect.arrayContaining([{ label: '累计专项附加扣除', value: '6000.00' }, { label: '累计已预扣预缴税额', value: '1180.00' }]));
    const { ws } = await exported('/declaration/export', { month: '2026-03' });
    const row = Array.from({ length: ws.rowCount - 1 }, (_, i) => rowValues(ws, i + 2)).find((r) => r[0] === 'T001')!;
    expect(row[4]).toBe('30000.00');
    expect(row[6]).toBe('4500.00');
    expect(row[DECLARATION_COLUMNS.indexOf('累计子女教育')]).toBe('6000.00');

    // A raise to 45,000 in April: net pay changes by more than 30%, flagged on the employee and by the check.
    await t.database.db.execute(sql`update employees set salary = 45000 where company_id = 1 and id = ${employeeId}`);
    const april = await ok<RunView>('/run/create', { groupId: g.id, month: '2026-04' });
    await calculateNow(april.id);
    const r = (await resultsOf(april.id)).list[0]!;
    expect(r.lastNet).toBe('23650.00'); // 30,000 − 4,500 − 1,850
    expect(r.netDiff).toBe(new Decimal(r.net).minus('23650.00').toFixed(2));
    expect(r.warnings.some((w) => w.startsWith('实发工资较上月变动+'))).toBe(true);
    const check = await ok<RunCheckResult>('/run/check', { runId: april.id });
    expect(check.findings.map((f) => f.kind).sort()).toEqual(['bigChange', 'noBank']);
    expect(check.findings.find((f) => f.kind === 'bigChange')!.message).toMatch(/^实发工资较上月变动\+48\.5%（上月23650\.00）$/);
  });
});

describe('one employee in two wage-taxed groups in one month', () => {
  it('is flagged by the check, calculated by the first run only, and a labour-remuneration group does not count', async () => {
    const [employeeId] = await insertEmployees(t.services, t.database.db, COMPANY, [{ name: '重复员工', employeeNo: 'D001', salary: '8000', idNumber: idNumberFor(9101), bankAccount: '6222020200999001' }]);
    const items = [
      { name: '基本工资', type: 3, category: 'income' },
      { name: '应发工资', type: 2, formula: '【基本工资】', category: 'income' },
      { name: '个税', type: 4, systemKey: 'tax', category: 'deduction' },
      { name: '实发工资', type: 2, formula: '【应发工资】-【个税】', category: 'net' },
    ];
    const a = await ok<GroupView>('/group/save', { name: '重复甲组', includeEmployeeIds: [employeeId], items, grossItem: '应发工资', netItem: '实发工资' });
    const b = await ok<GroupView>('/group/save', { name: '重复乙组', includeEmployeeIds: [employeeId], items, grossItem: '应发工资', netItem: '实发工资' });
    const otherGroupFindings = async (runId: number) => (await ok<RunCheckResult>('/run/check', { runId })).findings.filter((f) => f.kind === 'otherGroup');
    const runA = await ok<RunView>('/run/create', { groupId: a.id, month: '2026-05' });
    expect(await otherGroupFindings(runA.id)).toEqual([]); // 重复乙组 has no run this month
    const runB = await ok<RunView>('/run/create', { groupId: b.id, month: '2026-05' });
    expect(await otherGroupFindings(runA.id)).toEqual([
      { employeeId, name: '重复员工', employeeNo: 'D001', kind: 'otherGroup', message: '同月也在薪资组「重复乙组」中，工资薪金个税每人每月只能在一个薪资组计算，先计算的薪资组计入，请在其中一个薪资组中排除该员工' },
    ]);

    expect((await calculateNow(runA.id)).errorCount).toBe(0);
    expect((await calculateNow(runB.id)).errorCount).toBe(1);
    expect((await resultsOf(runB.id)).list[0]).toMatchObject({ employeeId, error: '本月工资已在薪资组「重复甲组」计算，工资薪金个税每人每月只能在一个薪资组计算，请在其中一个薪资组中排除该员工' });
    await expectUnchanged(t.database, () => call('/run/lock', { runId: runB.id }), 400, /计算出错/);
    expect((await calculateNow(runA.id)).errorCount).toBe(0); // the other run's error does not count

    // The second group pays the person as labour remuneration: no overlap any more.
    await ok<GroupView>('/group/save', { id: b.id, name: '重复乙组', includeEmployeeIds: [employeeId], items, grossItem: '应发工资', netItem: '实发工资', taxRule: 2 });
    expect(await otherGroupFindings(runA.id)).toEqual([]);
    expect((await calculateNow(runB.id)).errorCount).toBe(0);
    expect((await resultsOf(runB.id)).list[0]).toMatchObject({ employeeId, error: null, gross: '8000.00' });
  });
});
