import { RUN_STATUS, type PolicyView, type RunView } from '@wfsaas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectUnchanged, type TestApp } from '../../test/harness.ts';
import { standardGroup, STANDARD_ITEMS } from './payroll-fixtures.ts';
import { payrollCalls } from './payroll-test-support.ts';

/** Setting payroll up: the demo seed's salary group and run, the built-in city policies and their checks, a group's formula checks. */

let t: TestApp;
let admin: string;
const COMPANY = 1;

const { call, ok, resultsOf } = payrollCalls(() => ({ t, token: admin, companyId: COMPANY }));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
}, 60_000);
afterAll(async () => t?.close());

describe('demo seed', () => {
  it('has a salary group with last month’s run calculated and locked, with real figures', async () => {
    const runs = await call<RunView[]>('/run/page', { pageSize: 10 });
    const seeded = runs.body.data.find((r) => r.groupName === '月薪制员工')!;
    expect(seeded).toMatchObject({ status: RUN_STATUS.locked, errorCount: 0 });
    expect(seeded.totals!.headcount).toBeGreaterThan(0);
    expect(Number(seeded.totals!.net)).toBeGreaterThan(0);
    expect(Number(seeded.totals!.siEmployee)).toBeGreaterThan(0);
    const first = (await resultsOf(seeded.id)).list[0]!;
    expect(first.contributions.map((l) => l.key)).toEqual(['pension', 'medical', 'unemployment', 'injury', 'housingFund']);
  });
});

describe('city policies and salary group formulas', () => {
  it('lists the built-in 2025 city policies and refuses a policy with a floor above its ceiling', async () => {
    const list = await ok<PolicyView[]>('/policy/list', {});
    expect(list.filter((p) => p.origin === 'builtin').map((p) => p.city)).toEqual(expect.arrayContaining(['北京', '上海', '广州', '深圳', '杭州']));
    await expectUnchanged(
      t.database,
      () =>
        call('/policy/save', {
          city: '测试市',
          effectiveFrom: '2026-01-01',
          items: [{ key: 'pension', name: '养老保险', baseFloor: '9000', baseCeiling: '8000', employerRate: '0.16', employeeRate: '0.08', rounding: { places: 2, mode: 'halfUp' } }],
        }),
      400,
      '测试市养老保险的缴费基数下限不能高于上限',
    );
  });

  it('refuses a formula error naming the item, and a cycle, storing nothing', async () => {
    const broken = STANDARD_ITEMS.map((i) => (i.name === '缺勤扣款' ? { ...i, formula: '【基本工资】/（【应出勤天数】' } : i));
    await expectUnchanged(t.database, () => call('/group/save', standardGroup('公式错误组', { items: broken })), 400, /工资项「缺勤扣款」的公式/);
    const unknown = STANDARD_ITEMS.map((i) => (i.name === '应发工资' ? { ...i, formula: '【基本工资】+【加班费】' } : i));
    await expectUnchanged(t.database, () => call('/group/save', standardGroup('公式错误组', { items: unknown })), 400, '工资项「应发工资」的公式引用了不存在的项目【加班费】');
    const cycle = STANDARD_ITEMS.map((i) => (i.name === '缺勤扣款' ? { ...i, formula: '【实发工资】*0.01' } : i));
    await expectUnchanged(t.database, () => call('/group/save', standardGroup('循环组', { items: cycle })), 400, /循环引用.*【缺勤扣款】/);
    const grossAfterTax = STANDARD_ITEMS.map((i) => (i.name === '应发工资' ? { ...i, formula: '【基本工资】-【个税】' } : i));
    await expectUnchanged(t.database, () => call('/group/save', standardGroup('税后应发组', { items: grossAfterTax })), 400, /应发工资项「应发工资」不能引用个税/);
  });
});
