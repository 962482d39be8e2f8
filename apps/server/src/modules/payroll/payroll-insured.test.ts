import type { GroupView } from '@wfsaas/contracts';
import { calculateSocialInsurance, findPolicy, POLICIES_2025 } from '@wfsaas/payroll';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertEntity, insertInsured } from '../social-insurance/records-fixtures.queries.ts';
import { createDepartment, insertEmployees } from './payroll-fixtures.queries.ts';
import { idNumberFor, standardGroup } from './payroll-fixtures.ts';
import { MSG_NOT_INSURED } from './payroll-calculate.ts';
import { payrollCalls } from './payroll-test-support.ts';

/**
 * A salary group whose contribution bases follow each member's insurance (按参保信息): the entity's
 * city policy of the month, its housing-fund and injury rates, the person's two bases; nobody
 * insured that month pays nothing and is told; a city without a policy is that member's error.
 */

let t: TestApp;
let admin: string;
const COMPANY = 1;
const MONTH = '2026-10';
const { ok, runMonth, resultsOf } = payrollCalls(() => ({ t, token: admin, companyId: COMPANY }));
let ids: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  const departmentId = await createDepartment(t.database.db, COMPANY, '参保算薪部');
  ids = await insertEmployees(
    t.services,
    t.database.db,
    COMPANY,
    ['杭参保', '沪参保', '未参保', '拉萨参保', '已停保'].map((name, i) => ({ name, employeeNo: `INS${i + 1}`, salary: '15000', idNumber: idNumberFor(7100 + i), departmentId })),
  );
  const hangzhou = await insertEntity(t.database.db, COMPANY, { name: '算薪测试杭州账户', city: '杭州', injuryRate: '0.004' });
  const shanghai = await insertEntity(t.database.db, COMPANY, { name: '算薪测试上海账户', city: '上海' });
  const lhasa = await insertEntity(t.database.db, COMPANY, { name: '算薪测试拉萨账户', city: '拉萨' });
  await insertInsured(t.database.db, COMPANY, [
    { employeeId: ids[0]!, entityId: hangzhou, siBase: '10000', hfBase: '8000', hfRate: '0.12', startMonth: '2026-01' },
    { employeeId: ids[1]!, entityId: shanghai, siBase: '20000', hfBase: '20000', hfRate: '0.07', startMonth: '2026-01' },
    { employeeId: ids[3]!, entityId: lhasa, siBase: '9000', hfBase: '9000', hfRate: '0.12', startMonth: '2026-01' },
    // stopped before the month: not insured in it
    { employeeId: ids[4]!, entityId: hangzhou, siBase: '9000', hfBase: '9000', hfRate: '0.12', startMonth: '2026-01', endMonth: '2026-09', status: 4 },
  ]);
  const group = await ok<GroupView>('/group/save', standardGroup('按参保信息组', { departmentIds: [departmentId], siCity: null, siBaseRule: 'insured' }));
  expect(group).toMatchObject({ siBaseRule: 'insured', siCity: null, memberCount: 5 });
  const run = await runMonth(group.id, MONTH);
  expect(run.errorCount).toBe(1);
}, 60_000);
afterAll(async () => t?.close());

describe('a run with bases 按参保信息', () => {
  it('数据校验 names the members without insurance in the month', async () => {
    const run = (await ok<{ id: number; groupName: string }[]>('/run/page', { month: MONTH, pageSize: 50 })).find((r) => r.groupName === '按参保信息组')!;
    const check = await ok<{ findings: { name: string; kind: string; message: string }[] }>('/run/check', { runId: run.id });
    const missing = check.findings.filter((f) => f.kind === 'noInsurance');
    expect(missing.map((f) => f.name).sort()).toEqual(['已停保', '未参保']);
    expect(missing[0]!.message).toBe(`${MONTH}没有参保信息，计算时不缴社保公积金；请在社保托管中办理增员或补录参保`);
  });

  it("computes each member's contributions from their entity's city, rates and bases", async () => {
    const run = (await ok<{ id: number; groupName: string }[]>('/run/page', { month: MONTH, pageSize: 50 })).find((r) => r.groupName === '按参保信息组')!;
    const { list } = await resultsOf(run.id);
    const of = (name: string) => list.find((r) => r.name === name)!;
    const hz = calculateSocialInsurance(findPolicy(POLICIES_2025, '杭州', `${MONTH}-01`), '10000', { bases: { housingFund: '8000' }, rates: { housingFund: { employer: '0.12', employee: '0.12' }, injury: { employer: '0.004' } } });
    expect(of('杭参保')).toMatchObject({ error: null, siEmployee: '1050.00', siEmployer: hz.socialInsurance.employer, hfEmployee: '960.00', hfEmployer: '960.00' });
    expect(of('杭参保').warnings).not.toContain(MSG_NOT_INSURED);
    expect(of('杭参保').contributions.find((l) => l.key === 'injury')).toMatchObject({ employer: '40.00' });
    // Shanghai: 8% + 2% + 0.5% of 20,000; the housing fund at 7%.
    expect(of('沪参保')).toMatchObject({ error: null, siEmployee: '2100.00', hfEmployee: '1400.00' });
    for (const name of ['未参保', '已停保']) {
      expect(of(name)).toMatchObject({ error: null, siEmployee: '0.00', siEmployer: '0.00', hfEmployee: '0.00', contributions: [] });
      expect(of(name).warnings).toContain(MSG_NOT_INSURED);
    }
    expect(of('拉萨参保')).toMatchObject({ error: '未找到拉萨在2026-10-01有效的社保公积金政策，请先添加该城市的政策' });
    // The group's items show the person's own figures.
    expect(of('杭参保').values).toMatchObject({ 社保个人: '1050.00', 公积金个人: '960.00' });
    expect(of('未参保').values['社保个人']).toBe('0.00');
  });
});
