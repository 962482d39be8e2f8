import { describe, expect, it } from 'vitest';
import { PayrollDecimal } from '../decimal.ts';
import { evaluateFormulas } from '../formula-engine.ts';
import { withholdSalaryTax } from '../iit.ts';
import { labourRemunerationTax } from '../labour.ts';
import { POLICIES_2025 } from '../policies/2025.ts';
import { calculateSocialInsurance, findPolicy, type CityPolicy } from '../social-insurance.ts';
import { calculateEmployee } from './calculate.ts';
import { contributionCalculator } from './contributions.ts';
import { calculateEmployeeFast } from './fast-path.ts';
import { compileGroup, type SalaryGroupConfig } from './group.ts';
import type { EmployeeCalcInput, EmployeeCalcResult } from './month.ts';
import { fortyItemGroup } from './sample-groups.ts';
import { DEDUCTION_KINDS as KINDS, employees } from './generated-employees.ts';

/**
 * calculateEmployee on its prepared group (precomputed item lists, cached rounding of imported
 * figures, sums of the year in integer cents) against a straightforward calculation with the
 * engine's own functions (Decimal arithmetic throughout), on generated employees: every stored
 * figure, the order of the values and the tax detail must be the same.
 */

const fixed = (v: string, places: number) => {
  const text = new PayrollDecimal(v).toFixed(places, PayrollDecimal.ROUND_HALF_UP);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
};
const sum = (values: readonly string[]) => values.reduce((a, b) => new PayrollDecimal(a).plus(b).toFixed(2), '0.00');

/** The cumulative withholding of the month with the year's sums, on withholdSalaryTax and Decimal sums. */
function straightforwardWageTax(input: EmployeeCalcInput, taxable: string, contributionEmployee: string, additional: string, other: string) {
  const opening = input.opening && input.month > input.opening.throughMonth ? input.opening : null;
  const months = [
    ...input.prior.filter((p) => p.month < input.month && p.month > (opening?.throughMonth ?? 0)),
    { month: input.month, income: taxable, taxFreeIncome: '0', specialDeduction: contributionEmployee, additionalDeduction: additional, otherDeduction: other },
  ];
  const flags = { firstJobOfYear: input.profile?.firstJobOfYear ?? false, previousYearLowIncome: input.profile?.previousYearLowIncome ?? false };
  const lines = withholdSalaryTax(months, opening ? { ...flags, opening } : flags);
  const last = lines[lines.length - 1]!;
  const field = (key: 'income' | 'taxFreeIncome' | 'specialDeduction' | 'additionalDeduction' | 'otherDeduction') => sum([opening?.[key] ?? '0', ...months.map((m) => m[key])]);
  const cumulative: EmployeeCalcResult['taxDetail']['cumulative'] = {
    months: months.length,
    income: field('income'),
    taxFreeIncome: field('taxFreeIncome'),
    basicDeduction: flags.previousYearLowIncome ? '60000.00' : flags.firstJobOfYear ? `${5000 * input.month}.00` : sum([opening?.basicDeduction ?? '0', `${5000 * months.length}`]),
    specialDeduction: field('specialDeduction'),
    additionalDeduction: field('additionalDeduction'),
    otherDeduction: field('otherDeduction'),
    taxableIncome: last.cumulativeTaxableIncome,
    rate: last.rate,
    quickDeduction: last.quickDeduction,
    tax: last.cumulativeTax,
    withheldBefore: sum([opening?.taxWithheld ?? '0', ...lines.slice(0, -1).map((l) => l.tax)]),
    ...(opening ? { openingThroughMonth: opening.throughMonth } : {}),
  };
  return { tax: last.tax, cumulative };
}

function straightforward(config: SalaryGroupConfig, policy: CityPolicy | null, hfRate: string | undefined, input: EmployeeCalcInput): EmployeeCalcResult {
  const group = compileGroup(config);
  const values: Record<string, string> = {};
  const warnings: string[] = [];
  for (const name of group.inputItems) values[name] = input.inputs[name] === undefined || input.inputs[name] === '' ? '0' : input.inputs[name]!;
  const prorate = input.employedDays < input.requiredDays;
  for (const item of group.salaryItems) {
    const v = input.salary === null ? '0' : !prorate ? input.salary : input.requiredDays === 0 ? '0' : new PayrollDecimal(input.salary).times(input.employedDays).dividedBy(input.requiredDays).toString();
    values[item.name] = fixed(v, item.decimals);
  }
  if (prorate && group.salaryItems.length > 0 && input.salary !== null) warnings.push(`月中入职或离职：固定工资按在职工作日${input.employedDays}/${input.requiredDays}天折算`);
  const base = config.siBaseRule === 'fixed' ? (config.siBaseAmount ?? '0') : config.siBaseRule === 'salary' ? (input.salary ?? '0') : '0';
  const options = hfRate && policy?.items.some((i) => i.key === 'housingFund') ? { rates: { housingFund: { employer: hfRate, employee: hfRate } } } : {};
  const si = policy ? calculateSocialInsurance(policy, base, options) : null;
  const siEmployee = si?.socialInsurance.employee ?? '0.00';
  const hfEmployee = si?.housingFund.employee ?? '0.00';
  const contributionEmployee = sum([siEmployee, hfEmployee]);
  const system: Record<string, string> = {
    requiredDays: String(input.requiredDays),
    employedDays: String(input.employedDays),
    siEmployee,
    hfEmployee,
    siEmployer: si?.socialInsurance.employer ?? '0.00',
    hfEmployer: si?.housingFund.employer ?? '0.00',
    contributionEmployee,
  };
  for (const item of group.systemItems) if (item.key !== 'tax') values[item.name] = system[item.key]!;
  Object.assign(values, evaluateFormulas(group.before, values));
  const gross = fixed(values[config.grossItem]!, 2);
  const deductions: Record<string, string> = {};
  const additional: string[] = [];
  const other: string[] = [];
  for (const kind of KINDS) {
    const v = input.profile?.deductions[kind];
    if (!v || v === '0') continue;
    deductions[kind] = v;
    (kind === 'personalPension' ? other : additional).push(v);
  }
  const taxable = gross.startsWith('-') ? '0.00' : gross;
  let tax = '0.00';
  let cumulative: EmployeeCalcResult['taxDetail']['cumulative'] = null;
  if (config.taxRule === 1) {
    const w = straightforwardWageTax(input, taxable, contributionEmployee, sum(additional), sum(other));
    tax = w.tax;
    cumulative = w.cumulative;
  } else if (config.taxRule === 2) tax = labourRemunerationTax(taxable);
  if (group.taxItem) values[group.taxItem] = tax;
  if (group.after) Object.assign(values, evaluateFormulas(group.after, values));
  for (const item of config.items) if (item.type === 1) values[item.name] = fixed(values[item.name]!, item.decimals);
  const net = fixed(values[config.netItem]!, 2);
  if (net.startsWith('-')) warnings.push(`实发工资为负数（${net}）`);
  const ruleOne = config.taxRule === 1;
  return {
    values,
    gross,
    net,
    siEmployee,
    siEmployer: system.siEmployer!,
    hfEmployee,
    hfEmployer: system.hfEmployer!,
    contributions: si?.items ?? [],
    taxableIncome: taxable,
    specialDeduction: ruleOne ? contributionEmployee : '0.00',
    additionalDeduction: ruleOne ? sum(additional) : '0.00',
    otherDeduction: ruleOne ? sum(other) : '0.00',
    tax,
    taxDetail: { taxFreeIncome: '0.00', deductions: ruleOne ? deductions : {}, cumulative },
    warnings,
  };
}

const tested: SalaryGroupConfig = {
  items: [
    { name: '基本工资', type: 3, decimals: 2 },
    { name: '岗位工资', type: 3, decimals: 0 },
    { name: '奖金', type: 1, decimals: 2 },
    { name: '出勤', type: 1, decimals: 1 },
    { name: '应发工资', type: 2, formula: 'ROUND(【基本工资】*【出勤】/21.75,2)+【奖金】+【岗位工资】/3', decimals: 2 },
    { name: '天数', type: 4, systemKey: 'employedDays', decimals: 0 },
    { name: '单位社保', type: 4, systemKey: 'siEmployer', decimals: 2 },
    { name: '单位公积金', type: 4, systemKey: 'hfEmployer', decimals: 2 },
    { name: '个人合计', type: 4, systemKey: 'contributionEmployee', decimals: 2 },
    { name: '个税', type: 4, systemKey: 'tax', decimals: 2 },
    { name: '实发工资', type: 2, formula: '【应发工资】-【个人合计】-【个税】', decimals: 2 },
    { name: '税负', type: 2, formula: 'IF(【应发工资】>0,【个税】/【应发工资】,0)', decimals: 4 },
  ],
  grossItem: '应发工资',
  netItem: '实发工资',
  taxRule: 1,
  siBaseRule: 'salary',
};

describe('calculateEmployee on a prepared group', () => {
  const beijing = findPolicy(POLICIES_2025, '北京', '2025-10-01');
  const shanghai = findPolicy(POLICIES_2025, '上海', '2025-10-01');
  const cases: [string, SalaryGroupConfig, CityPolicy | null, string | undefined][] = [
    ['the 40-item group with Beijing contributions', fortyItemGroup(), beijing, undefined],
    ['a group with prorated salary items and Shanghai contributions at a 7% housing fund', tested, shanghai, '0.07'],
    ['a fixed base', { ...tested, siBaseRule: 'fixed', siBaseAmount: '12345.67' }, shanghai, undefined],
    ['the floor base without a city', { ...tested, siBaseRule: 'floor' }, null, undefined],
    ['labour remuneration', { ...tested, taxRule: 2 }, shanghai, undefined],
    ['no tax', { ...tested, taxRule: 0 }, beijing, '0.12'],
  ];
  it.each(cases)('gives the straightforward results for 300 generated employees: %s', (_, config, policy, hfRate) => {
    const group = compileGroup(config);
    const contributions = contributionCalculator(policy, hfRate);
    const outcome = (f: () => EmployeeCalcResult) => {
      try {
        const r = f();
        return { ...r, order: Object.keys(r.values) };
      } catch (err) {
        return { error: (err as Error).message };
      }
    };
    let calculated = 0;
    let onIntegers = 0;
    for (const input of employees(config, 300, config.items.length * 7919 + (config.taxRule + 1) * 104_729 + config.siBaseRule.length)) {
      const expected = outcome(() => straightforward(config, policy, hfRate, input));
      const fast = outcome(() => calculateEmployee(group, contributions, input));
      expect(fast).toEqual(expected);
      if (!('error' in fast)) calculated += 1;
      // The integer path, where it answers, answers the same; where it cannot, it says so (null).
      let integer: EmployeeCalcResult | null = null;
      try {
        integer = calculateEmployeeFast(group, contributions, input);
      } catch (err) {
        // The integer path refuses bad input with the same error.
        expect(expected).toEqual({ error: (err as Error).message });
      }
      if (integer !== null) {
        onIntegers += 1;
        expect({ ...integer, order: Object.keys(integer.values) }).toEqual(expected);
      }
    }
    expect(calculated).toBeGreaterThan(240);
    // Whole months with plain amounts go through the integer path (a quotient that is not exact,
    // such as 【基本工资】/21.75, sends an employee to the Decimal path).
    expect(onIntegers).toBeGreaterThan(20);
  });
});
