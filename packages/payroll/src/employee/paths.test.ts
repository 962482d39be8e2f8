import { describe, expect, it } from 'vitest';
import { monthFixedPay } from '../fixed-pay.ts';
import { POLICIES_2025 } from '../policies/2025.ts';
import { findPolicy, type CityPolicy } from '../social-insurance.ts';
import { calculateEmployee } from './calculate.ts';
import { contributionCalculator } from './contributions.ts';
import { calculateEmployeeExact } from './exact-path.ts';
import { calculateEmployeeFast } from './fast-path.ts';
import { variedEmployees } from './generated-employees.ts';
import { compileGroup, type SalaryGroupConfig } from './group.ts';
import type { EmployeeCalcInput, EmployeeCalcResult } from './month.ts';
import { fortyItemGroup } from './sample-groups.ts';

/**
 * The fast path (scaled integers) and the exact path (text and Decimal) behind calculateEmployee give
 * the same employee-month to the cent, or the same error; the fast path may only decline (null).
 */

const beijing = findPolicy(POLICIES_2025, '北京', '2025-10-01')!;
const shanghai = findPolicy(POLICIES_2025, '上海', '2025-10-01')!;

const withDeduction: SalaryGroupConfig = {
  items: [
    { name: '基本工资', type: 3, decimals: 2 },
    { name: '岗位工资', type: 3, decimals: 0 },
    { name: '奖金', type: 1, decimals: 2 },
    { name: '扣款', type: 1, decimals: 2 },
    { name: '出勤', type: 1, decimals: 1 },
    { name: '应发工资', type: 2, formula: 'ROUND(【基本工资】*【出勤】/21.75,2)+【奖金】+【岗位工资】', decimals: 2 },
    { name: '应出勤', type: 4, systemKey: 'requiredDays', decimals: 0 },
    { name: '单位社保', type: 4, systemKey: 'siEmployer', decimals: 2 },
    { name: '个人合计', type: 4, systemKey: 'contributionEmployee', decimals: 2 },
    { name: '个税', type: 4, systemKey: 'tax', decimals: 2 },
    { name: '实发工资', type: 2, formula: '【应发工资】-【个人合计】-【个税】-【扣款】', decimals: 2 },
  ],
  grossItem: '应发工资',
  netItem: '实发工资',
  taxRule: 1,
  siBaseRule: 'salary',
};

/** A group whose net is imported as it is to be paid. */
const importedNet: SalaryGroupConfig = {
  items: [
    { name: '基本工资', type: 3, decimals: 2 },
    { name: '实发工资', type: 1, decimals: 2 },
    { name: '应发工资', type: 2, formula: '【基本工资】', decimals: 2 },
    { name: '个税', type: 4, systemKey: 'tax', decimals: 2 },
  ],
  grossItem: '应发工资',
  netItem: '实发工资',
  taxRule: 1,
  siBaseRule: 'fixed',
  siBaseAmount: '8000',
};

type Outcome = (EmployeeCalcResult & { order: string[] }) | { error: string };

function outcome(f: () => EmployeeCalcResult): Outcome {
  try {
    const r = f();
    return { ...r, order: Object.keys(r.values) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** Both paths on their own compiled group and contributions (no cache shared), and the entry point. */
function bothPaths(config: SalaryGroupConfig, policy: CityPolicy | null, hfRate?: string) {
  const fastGroup = compileGroup(config);
  const exactGroup = compileGroup(config);
  const entryGroup = compileGroup(config);
  const fastSi = contributionCalculator(policy, hfRate);
  const exactSi = contributionCalculator(policy, hfRate);
  const entrySi = contributionCalculator(policy, hfRate);
  return (input: EmployeeCalcInput) => {
    const exact = outcome(() => calculateEmployeeExact(exactGroup, exactSi, input));
    let fast: Outcome | null;
    try {
      const r = calculateEmployeeFast(fastGroup, fastSi, input);
      fast = r === null ? null : { ...r, order: Object.keys(r.values) };
    } catch (err) {
      fast = { error: (err as Error).message };
    }
    const entry = outcome(() => calculateEmployee(entryGroup, entrySi, input));
    return { exact, fast, entry };
  };
}

describe('the fast and exact paths agree on generated employees', () => {
  const cases: [string, SalaryGroupConfig, CityPolicy | null, string | undefined][] = [
    ['the 40-item group, Beijing', fortyItemGroup(), beijing, undefined],
    ['a deduction and a 7% housing fund, Shanghai', withDeduction, shanghai, '0.07'],
    ['a fixed base', { ...withDeduction, siBaseRule: 'fixed', siBaseAmount: '40000' }, shanghai, undefined],
    ['the floor base', { ...withDeduction, siBaseRule: 'floor' }, beijing, undefined],
    ['labour remuneration', { ...withDeduction, taxRule: 2 }, null, undefined],
    ['no tax', { ...withDeduction, taxRule: 0 }, beijing, '0.12'],
    ['an imported net', importedNet, beijing, undefined],
  ];
  it.each(cases)('%s: 400 employees', (_, config, policy, hfRate) => {
    const run = bothPaths(config, policy, hfRate);
    let fastAnswered = 0;
    let fastDeclined = 0;
    let errors = 0;
    for (const input of variedEmployees(config, 400, config.items.length * 7919 + config.taxRule * 104_729 + config.siBaseRule.length)) {
      const { exact, fast, entry } = run(input);
      expect(entry).toEqual(exact);
      if (fast === null) fastDeclined += 1;
      else {
        fastAnswered += 1;
        expect(fast).toEqual(exact);
      }
      if ('error' in exact) errors += 1;
    }
    // Both paths are exercised, and most employees are calculated rather than refused.
    expect(fastAnswered).toBeGreaterThan(40);
    expect(fastDeclined).toBeGreaterThan(40);
    expect(errors).toBeLessThan(80);
  });
});

describe('the paths on the edge cases', () => {
  const run = bothPaths(withDeduction, beijing);
  const month: EmployeeCalcInput = { month: 11, salary: '5500.00', inputs: { 出勤: '21.75' }, requiredDays: 21, employedDays: 21, prior: [], profile: null };
  const weekdays = (d: string) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay());
  const fixedPay = (hireDate: string | null, leaveDate: string | null, timeline = [{ from: '2026-01-01', salary: '5500.00' }]) => {
    const pay = monthFixedPay({ month: '2026-11', timeline, hireDate, leaveDate, basis: 'workdays', isWorkingDay: weekdays })!;
    return { salary: pay.salary, fixedPay: { amount: pay.amount, note: pay.note } };
  };

  /** The exact result, the entry point's equal to it, and whether the fast path answered (equally) or declined. */
  function agreed(input: EmployeeCalcInput) {
    const { exact, fast, entry } = run(input);
    expect(entry).toEqual(exact);
    if (fast !== null) expect(fast).toEqual(exact);
    if ('error' in exact) throw new Error(exact.error);
    return { r: exact, fast: fast !== null };
  }

  it('a whole month from the timeline is taken by the fast path', () => {
    const { r, fast } = agreed({ ...month, ...fixedPay(null, null) });
    expect(fast).toBe(true);
    expect(r.values['基本工资']).toBe('5500.00');
    expect(r.warnings).toEqual([]);
  });

  it.each([
    ['a joiner', '2026-11-11', null, '3666.67', '3667', '月中11-11入职：固定工资按在职工作日14/21天折算，5500.00×14/21 = 3666.67'],
    ['a leaver', null, '2026-11-12', '2357.14', '2357', '月中11-12离职：固定工资按在职工作日9/21天折算，5500.00×9/21 = 2357.14'],
  ])('%s is prorated on the exact path, with the note', (_, hire, leave, amount, whole, note) => {
    const { r, fast } = agreed({ ...month, ...fixedPay(hire, leave) });
    expect(fast).toBe(false);
    expect(r.values['基本工资']).toBe(amount);
    expect(r.values['岗位工资']).toBe(whole);
    expect(r.warnings).toEqual([note]);
  });

  it('a salary prorated by employed days without a timeline', () => {
    const { r, fast } = agreed({ ...month, salary: '5000', employedDays: 7 });
    expect(fast).toBe(false);
    expect(r.values['基本工资']).toBe('1666.67');
    expect(r.warnings).toEqual(['月中入职或离职：固定工资按在职工作日7/21天折算']);
  });

  it('a raise in the middle of the month splits the pay', () => {
    const split = fixedPay(null, null, [
      { from: '2024-01-01', salary: '6000.00' },
      { from: '2026-11-16', salary: '6600.00' },
    ]);
    const { r, fast } = agreed({ ...month, ...split });
    expect(fast).toBe(false);
    expect(r.values['基本工资']).toBe('6314.29'); // 6000 × 10/21 + 6600 × 11/21
    expect(r.warnings).toEqual([split.fixedPay.note]);
    // The base by salary is the pay in force at the month's end, within each item's bounds.
    for (const line of r.contributions) {
      const item = beijing.items.find((i) => i.key === line.key)!;
      expect(Number(line.base)).toBe(Math.min(Math.max(6600, Number(item.baseFloor)), Number(item.baseCeiling)));
    }
  });

  it('an imported figure overrides the fixed pay and says so; an empty one does not', () => {
    const over = agreed({ ...month, inputs: { ...month.inputs, 基本工资: '5000' }, salary: '4600' });
    expect(over.fast).toBe(false);
    expect(over.r.values['基本工资']).toBe('5000.00');
    expect(over.r.warnings).toEqual(['基本工资按本月导入值5000.00计算（档案月薪4600.00，本月不按档案折算）']);
    const empty = agreed({ ...month, inputs: { ...month.inputs, 基本工资: '' }, salary: '4600' });
    expect(empty.r.values['基本工资']).toBe('4600.00');
    expect(empty.r.warnings).toEqual([]);
  });

  // Twelve equal months: the year's taxable income is 12 × monthly − 60,000 (no contributions, no deductions).
  const wages: SalaryGroupConfig = {
    items: [
      { name: '基本工资', type: 3, decimals: 2 },
      { name: '奖金', type: 1, decimals: 2 },
      { name: '应发工资', type: 2, formula: '【基本工资】+【奖金】', decimals: 2 },
      { name: '个税', type: 4, systemKey: 'tax', decimals: 2 },
      { name: '实发工资', type: 2, formula: '【应发工资】-【个税】', decimals: 2 },
    ],
    grossItem: '应发工资',
    netItem: '实发工资',
    taxRule: 1,
    siBaseRule: 'salary',
  };
  const noContributions = bothPaths(wages, null);
  it.each([
    ['8000.00', '0', '0.03', '0.00', '1080.00'],
    ['8000.00', '0.01', '0.10', '2520.00', '1080.00'],
    ['17000.00', '0', '0.10', '2520.00', '11880.00'],
    ['17000.00', '0.01', '0.20', '16920.00', '11880.00'],
    ['30000.00', '0.01', '0.25', '31920.00', '43080.00'],
    ['40000.00', '0.01', '0.30', '52920.00', '73080.00'],
    ['60000.00', '0.01', '0.35', '85920.00', '145080.00'],
    ['85000.00', '0.01', '0.45', '181920.00', '250080.00'],
  ])('cumulative withholding at %s a month, %s more in December', (pay, bonus, rate, quickDeduction, cumulativeTax) => {
    const prior = Array.from({ length: 11 }, (_, i) => ({ month: i + 1, income: pay, taxFreeIncome: '0.00', specialDeduction: '0.00', additionalDeduction: '0.00', otherDeduction: '0.00' }));
    const input = { ...month, month: 12, salary: pay, inputs: { 奖金: bonus }, prior };
    const { exact, fast, entry } = noContributions(input);
    expect(fast).toEqual(exact);
    expect(entry).toEqual(exact);
    if ('error' in exact) throw new Error(exact.error);
    expect(exact.taxDetail.cumulative).toMatchObject({ months: 12, rate, quickDeduction, tax: cumulativeTax });
  });

  it.each([
    ['above the ceiling', '100000', 'baseCeiling'],
    ['below the floor', '1000', 'baseFloor'],
  ] as const)('a salary %s is contributed on the bound', (_, salary, bound) => {
    const { r, fast } = agreed({ ...month, salary });
    expect(fast).toBe(true);
    expect(r.contributions.length).toBe(beijing.items.length);
    for (const line of r.contributions) {
      const item = beijing.items.find((i) => i.key === line.key)!;
      expect(Number(line.base)).toBe(Number(item[bound]));
    }
  });

  it('a net of zero has no warning, a negative net one warning, a negative gross no tax', () => {
    const zero = bothPaths(withDeduction, null)({ ...month, salary: '0', inputs: {} });
    expect(zero.fast).toEqual(zero.exact);
    expect(zero.exact).toMatchObject({ gross: '0.00', net: '0.00', tax: '0.00', warnings: [] });
    const negative = agreed({ ...month, inputs: { ...month.inputs, 扣款: '20000' } });
    expect(negative.fast).toBe(true);
    expect(negative.r.net.startsWith('-')).toBe(true);
    expect(negative.r.warnings).toEqual([`实发工资为负数（${negative.r.net}）`]);
    const negativeGross = agreed({ ...month, salary: '0', inputs: { 奖金: '-500' } });
    expect(negativeGross.r).toMatchObject({ gross: '-500.00', taxableIncome: '0.00', tax: '0.00' });
    expect(negativeGross.r.warnings).toHaveLength(1);
  });
});
