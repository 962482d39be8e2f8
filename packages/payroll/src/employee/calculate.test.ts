import { describe, expect, it } from 'vitest';
import { POLICIES_2025 } from '../policies/2025.ts';
import { calculateSocialInsurance, findPolicy } from '../social-insurance.ts';
import { calculateEmployee } from './calculate.ts';
import { contributionCalculator, insuredContributionCalculator, NO_CONTRIBUTIONS } from './contributions.ts';
import { calculateEmployeeExact } from './exact-path.ts';
import { calculateEmployeeFast } from './fast-path.ts';
import { compileGroup, GroupConfigError, type SalaryGroupConfig } from './group.ts';

/** The per-employee calculation through its entry point. */

const base: SalaryGroupConfig = {
  items: [
    { name: '基本工资', type: 3, decimals: 2 },
    { name: '奖金', type: 1, decimals: 2 },
    { name: '应发工资', type: 2, formula: '【基本工资】+【奖金】', decimals: 2 },
    { name: '个人合计', type: 4, systemKey: 'contributionEmployee', decimals: 2 },
    { name: '个税', type: 4, systemKey: 'tax', decimals: 2 },
    { name: '实发工资', type: 2, formula: '【应发工资】-【个人合计】-【个税】', decimals: 2 },
  ],
  grossItem: '应发工资',
  netItem: '实发工资',
  taxRule: 1,
  siBaseRule: 'salary',
};

describe('calculateEmployee', () => {
  it('evaluates formulas before and after the tax, with Shanghai contributions', () => {
    const group = compileGroup(base);
    expect(group.before.order).toEqual(['应发工资']);
    expect(group.after?.order).toEqual(['实发工资']);
    const policy = findPolicy(POLICIES_2025, '上海', '2025-10-01');
    const r = calculateEmployee(group, contributionCalculator(policy, '0.05'), { month: 1, salary: '20000', inputs: { 奖金: '1000' }, requiredDays: 22, employedDays: 22, prior: [], profile: null });
    // Shanghai from 2025-07: pension 8% 1,600, medical 2% 400, unemployment 0.5% 100; housing fund at 5%: 1,000.
    expect(r).toMatchObject({ gross: '21000.00', siEmployee: '2100.00', hfEmployee: '1000.00' });
    // (21,000 − 5,000 − 3,100) × 3% = 387.
    expect(r.tax).toBe('387.00');
    expect(r.values['实发工资']).toBe('17513.00');
  });

  it('feeds the 2020 flags and the special additional deductions into the withholding', () => {
    const group = compileGroup(base);
    const calc = (profile: Parameters<typeof calculateEmployee>[2]['profile']) =>
      calculateEmployee(group, contributionCalculator(null, undefined), { month: 6, salary: '20000', inputs: { 奖金: '0' }, requiredDays: 21, employedDays: 21, prior: [], profile });
    // Joined in June: 20,000 − 5,000 = 15,000 × 3% = 450.
    expect(calc(null).tax).toBe('450.00');
    // First job of the year: 5,000 × 6 months deducted, nothing taxable.
    expect(calc({ firstJobOfYear: true, previousYearLowIncome: false, deductions: {} }).tax).toBe('0.00');
    // Elderly support 3,000 and a personal pension of 1,000 a month: (20,000 − 5,000 − 3,000 − 1,000) × 3% = 330.
    const r = calc({ firstJobOfYear: false, previousYearLowIncome: false, deductions: { elderlySupport: '3000', personalPension: '1000' } });
    expect(r).toMatchObject({ tax: '330.00', additionalDeduction: '3000.00', otherDeduction: '1000.00' });
    expect(r.taxDetail.deductions).toEqual({ elderlySupport: '3000', personalPension: '1000' });
  });

  it('taxes labour remuneration per payment and prorates the salary of a joiner', () => {
    const group = compileGroup({ ...base, taxRule: 2 });
    const r = calculateEmployee(group, contributionCalculator(null, undefined), { month: 3, salary: '5000', inputs: {}, requiredDays: 20, employedDays: 10, prior: [], profile: null });
    expect(r.values['基本工资']).toBe('2500.00');
    expect(r.tax).toBe('340.00'); // (2,500 − 800) × 20%
    expect(r.warnings).toEqual(['月中入职或离职：固定工资按在职工作日10/20天折算']);
  });

  it('refuses a gross item that depends on the tax, and a repeated system item', () => {
    expect(() => compileGroup({ ...base, grossItem: '实发工资' })).toThrow(GroupConfigError);
    const twice = { ...base, items: [...base.items, { name: '个税2', type: 4 as const, systemKey: 'tax', decimals: 2 }] };
    expect(() => compileGroup(twice)).toThrow('系统项目「个税」只能设置一次（工资项「个税2」）');
  });

  it("takes each person's own contributions (按参保信息): social insurance and housing fund on their own bases, on both paths", () => {
    const group = compileGroup({ ...base, siBaseRule: 'insured' });
    const policy = findPolicy(POLICIES_2025, '上海', '2025-10-01');
    const own = insuredContributionCalculator(policy, { hfRate: '0.07', injuryRate: '0.004' })('20000', '10000');
    const expected = calculateSocialInsurance(policy, '20000', { bases: { housingFund: '10000' }, rates: { housingFund: { employer: '0.07', employee: '0.07' }, injury: { employer: '0.004' } } });
    expect(own.lines).toEqual(expected.items);
    expect(own).toMatchObject({ siEmployee: expected.socialInsurance.employee, siEmployer: expected.socialInsurance.employer, hfEmployee: '700.00', hfEmployer: '700.00', contributionEmployee: expected.totals.employee });
    const input = { month: 1, salary: '20000', inputs: { 奖金: '0' }, requiredDays: 22, employedDays: 22, prior: [], profile: null, contributions: own };
    // The group's calculator would give nothing: the person's own figures are used instead.
    const none = contributionCalculator(null, undefined);
    const fast = calculateEmployeeFast(group, none, input);
    expect(fast).not.toBeNull();
    expect(fast).toEqual(calculateEmployeeExact(group, none, input));
    expect(fast).toMatchObject({ siEmployee: '2100.00', hfEmployee: '700.00', values: { 个人合计: '2800.00' } });
    expect(fast!.contributions).toEqual(expected.items);
    // Nobody insured: no contributions at all (not the floor).
    expect(calculateEmployee(group, none, { ...input, contributions: NO_CONTRIBUTIONS })).toMatchObject({ siEmployee: '0.00', hfEmployee: '0.00', contributions: [] });
  });
});
