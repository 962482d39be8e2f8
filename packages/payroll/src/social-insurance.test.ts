import { describe, expect, it } from 'vitest';
import { PayrollDecimal } from './decimal.ts';
import { PayrollInputError } from './errors.ts';
import { POLICIES_2025 } from './policies/2025.ts';
import { calculateSocialInsurance, findPolicy, validateCityPolicy, type CityPolicy, type ContributionItemPolicy, type SocialInsuranceResult } from './social-insurance.ts';

const policyOf = (city: string, date: string) => findPolicy(POLICIES_2025, city, date);

/** item key → [base, employer, employee] */
const lines = (result: SocialInsuranceResult) => Object.fromEntries(result.items.map((line) => [line.key, [line.base, line.employer, line.employee]]));

const cityItem = (overrides: Partial<ContributionItemPolicy>): ContributionItemPolicy => ({
  key: 'pension',
  name: '养老保险',
  baseFloor: '1000',
  baseCeiling: '100000',
  employerRate: '0.1',
  employeeRate: '0.1',
  rounding: { places: 2, mode: 'halfUp' },
  source: '测试数据',
  verified: true,
  ...overrides,
});

const customPolicy = (items: ContributionItemPolicy[], overrides: Partial<CityPolicy> = {}): CityPolicy => ({
  city: '成都',
  effectiveFrom: '2025-01-01',
  effectiveTo: null,
  source: '测试数据',
  verified: true,
  items,
  ...overrides,
});

describe('calculateSocialInsurance — 北京', () => {
  it('computes every item at a base inside the limits, with the 3 yuan on the employee medical', () => {
    const result = calculateSocialInsurance(policyOf('北京', '2025-09-01'), '10000');
    expect(lines(result)).toEqual({
      pension: ['10000.00', '1600.00', '800.00'], // 16% / 8%
      medical: ['10000.00', '980.00', '203.00'], // 9.8% / 2% + 3
      unemployment: ['10000.00', '50.00', '50.00'], // 0.5% / 0.5%
      injury: ['10000.00', '20.00', '0.00'], // 0.2%
      housingFund: ['10000.00', '1200.00', '1200.00'], // 12% / 12%
    });
    expect(result.city).toBe('北京');
    expect(result.items[1]).toMatchObject({ name: '医疗保险（含生育）', employerRate: '0.098', employeeRate: '0.02' });
    // 1600 + 980 + 50 + 20 = 2650; 800 + 203 + 50 = 1053
    expect(result.socialInsurance).toEqual({ employer: '2650.00', employee: '1053.00', total: '3703.00' });
    expect(result.housingFund).toEqual({ employer: '1200.00', employee: '1200.00', total: '2400.00' });
    expect(result.totals).toEqual({ employer: '3850.00', employee: '2253.00', total: '6103.00' });
  });

  it('raises a base below the floor to each item’s own floor', () => {
    // Social insurance floor 7,162; the housing fund's floor is 2,540, so 3,000 stands there.
    const result = calculateSocialInsurance(policyOf('北京', '2025-09-01'), '3000');
    expect(lines(result)).toEqual({
      pension: ['7162.00', '1145.92', '572.96'],
      medical: ['7162.00', '701.88', '146.24'], // 701.876 → 701.88; 143.24 + 3
      unemployment: ['7162.00', '35.81', '35.81'],
      injury: ['7162.00', '14.32', '0.00'], // 14.324 → 14.32
      housingFund: ['3000.00', '360.00', '360.00'],
    });
    // 1145.92 + 701.88 + 35.81 + 14.32 + 360 = 2257.93; 572.96 + 146.24 + 35.81 + 360 = 1115.01
    expect(result.totals).toEqual({ employer: '2257.93', employee: '1115.01', total: '3372.94' });
  });

  it('lowers a base above the ceiling and rounds the housing fund to the yuan', () => {
    const result = calculateSocialInsurance(policyOf('北京', '2025-09-01'), '50000');
    expect(lines(result)).toEqual({
      pension: ['35811.00', '5729.76', '2864.88'],
      medical: ['35811.00', '3509.48', '719.22'], // 3509.478 → 3509.48; 716.22 + 3
      unemployment: ['35811.00', '179.06', '179.06'], // 179.055 → 179.06 (half-up)
      injury: ['35811.00', '71.62', '0.00'], // 71.622 → 71.62
      housingFund: ['35811.00', '4297.00', '4297.00'], // 4297.32 → 4297
    });
  });

  it('uses the 2024 figures until 2025-06-30', () => {
    const result = calculateSocialInsurance(policyOf('北京', '2025-06-30'), '40000');
    expect(lines(result).pension).toEqual(['35283.00', '5645.28', '2822.64']);
    expect(lines(result).housingFund).toEqual(['35283.00', '4234.00', '4234.00']); // 4233.96 → 4234
  });
});

describe('calculateSocialInsurance — 上海 housing fund to the yuan, half-up', () => {
  const shanghai = () => policyOf('上海', '2025-03-01');

  it.each([
    ['12345', '12345.00', '864.00'], // 864.15 → 864
    ['12350', '12350.00', '865.00'], // 864.5 → 865 (half-up)
    ['2000', '2690.00', '188.00'], // floor 2,690 × 7% = 188.3 → 188
    ['99999', '36921.00', '2584.00'], // ceiling 36,921 × 7% = 2,584.47 → 2,584
  ])('base %s → housing fund base %s, %s each side', (base, fundBase, amount) => {
    expect(lines(calculateSocialInsurance(shanghai(), base)).housingFund).toEqual([fundBase, amount, amount]);
  });

  it('keeps social insurance to the cent and raises its base to its own floor', () => {
    const result = calculateSocialInsurance(shanghai(), '12350');
    expect(lines(result)).toMatchObject({
      pension: ['12350.00', '1976.00', '988.00'],
      medical: ['12350.00', '1235.00', '247.00'],
      unemployment: ['12350.00', '61.75', '61.75'],
      injury: ['12350.00', '19.76', '0.00'], // 0.16%
    });
    expect(lines(calculateSocialInsurance(shanghai(), '2000')).pension).toEqual(['7384.00', '1181.44', '590.72']);
  });

  it('accepts the employer’s own housing-fund rate within 5%–7% and rejects one outside', () => {
    // 12,350 × 5% = 617.5 → 618
    const result = calculateSocialInsurance(shanghai(), '12350', { rates: { housingFund: { employer: '0.05', employee: '0.05' } } });
    expect(lines(result).housingFund).toEqual(['12350.00', '618.00', '618.00']);
    expect(() => calculateSocialInsurance(shanghai(), '12350', { rates: { housingFund: { employer: '0.08' } } })).toThrow(
      '上海住房公积金的单位缴费比例必须在5%到7%之间',
    );
    expect(() => calculateSocialInsurance(shanghai(), '12350', { rates: { housingFund: { employee: '0.04' } } })).toThrow(
      '上海住房公积金的个人缴费比例必须在5%到7%之间',
    );
  });
});

describe('calculateSocialInsurance — options and other cities', () => {
  it('广州 lists maternity as its own item', () => {
    const result = calculateSocialInsurance(policyOf('广州', '2025-03-01'), '10000');
    expect(result.items.map((line) => line.key)).toEqual(['pension', 'medical', 'unemployment', 'injury', 'maternity', 'housingFund']);
    expect(lines(result)).toMatchObject({
      medical: ['10000.00', '550.00', '200.00'],
      unemployment: ['10000.00', '80.00', '20.00'],
      maternity: ['10000.00', '85.00', '0.00'],
    });
  });

  it.each(['北京', '上海', '广州', '深圳', '杭州'])('%s: totals are the sums of the items', (city) => {
    const result = calculateSocialInsurance(policyOf(city, '2025-03-01'), '15000');
    const sum = (key: 'employer' | 'employee', filter: (k: string) => boolean) =>
      result.items
        .filter((line) => filter(line.key))
        .reduce((total, line) => total.plus(line[key]), new PayrollDecimal(0))
        .toFixed(2);
    expect(result.totals.employer).toBe(sum('employer', () => true));
    expect(result.totals.employee).toBe(sum('employee', () => true));
    expect(result.socialInsurance.employee).toBe(sum('employee', (key) => key !== 'housingFund'));
    expect(result.housingFund.employer).toBe(sum('employer', (key) => key === 'housingFund'));
    expect(result.totals.employer).not.toBe('0.00');
  });

  it('computes only the chosen items and takes a separate base per item', () => {
    const result = calculateSocialInsurance(policyOf('北京', '2025-09-01'), '10000', { items: ['medical', 'housingFund'], bases: { housingFund: '5000' } });
    expect(lines(result)).toEqual({
      medical: ['10000.00', '980.00', '203.00'],
      housingFund: ['5000.00', '600.00', '600.00'],
    });
    expect(result.totals).toEqual({ employer: '1580.00', employee: '803.00', total: '2383.00' });
  });

  it('takes the employer’s assessed injury rate', () => {
    const result = calculateSocialInsurance(policyOf('北京', '2025-09-01'), '10000', { rates: { injury: { employer: '0.004' } } });
    expect(lines(result).injury).toEqual(['10000.00', '40.00', '0.00']);
  });

  it('applies each item’s rounding rule and fixed add-ons (a city a user added)', () => {
    // base 1,000.50 × 10% = 100.05
    const policy = customPolicy([
      cityItem({ key: 'pension', rounding: { places: 0, mode: 'up' } }), // → 101
      cityItem({ key: 'medical', name: '医疗保险', rounding: { places: 0, mode: 'down' } }), // → 100
      cityItem({ key: 'unemployment', name: '失业保险', rounding: { places: 1, mode: 'halfUp' } }), // → 100.1
      cityItem({ key: 'injury', name: '工伤保险', employerRate: '0.001', employeeRate: '0', employerFixed: '5' }), // 1.0005 → 1.00 + 5
    ]);
    expect(lines(calculateSocialInsurance(policy, '1000.50'))).toEqual({
      pension: ['1000.50', '101.00', '101.00'],
      medical: ['1000.50', '100.00', '100.00'],
      unemployment: ['1000.50', '100.10', '100.10'],
      injury: ['1000.50', '6.00', '0.00'],
    });
  });

  it('rejects a bad base, base override, rate or item', () => {
    const policy = policyOf('北京', '2025-09-01');
    expect(() => calculateSocialInsurance(policy, '-1')).toThrow('缴费基数必须是不小于0的金额（数字，最多两位小数），收到："-1"');
    expect(() => calculateSocialInsurance(policy, '1000', { bases: { pension: 'x' } })).toThrow('养老保险缴费基数必须是不小于0的金额');
    expect(() => calculateSocialInsurance(policy, '1000', { rates: { pension: { employer: '1.2' } } })).toThrow('北京养老保险的单位缴费比例必须是0到1之间的小数');
    expect(() => calculateSocialInsurance(policy, '1000', { items: ['maternity'] })).toThrow('北京社保公积金政策中没有险种："maternity"');
  });
});

describe('findPolicy', () => {
  it('finds the policy in force on a date, the latest one open-ended', () => {
    expect(policyOf('北京', '2024-07-01').effectiveFrom).toBe('2024-07-01');
    expect(policyOf('北京', '2025-06-30').effectiveFrom).toBe('2024-07-01');
    expect(policyOf('北京', '2025-07-01').effectiveFrom).toBe('2025-07-01');
    expect(policyOf('北京', '2030-01-01').effectiveFrom).toBe('2025-07-01');
  });

  it('reports a city or date without a policy, an invalid date and overlapping policies', () => {
    expect(() => policyOf('北京', '2024-06-30')).toThrow('未找到北京在2024-06-30有效的社保公积金政策，请先添加该城市的政策');
    expect(() => policyOf('成都', '2025-01-01')).toThrow('未找到成都在2025-01-01有效的社保公积金政策');
    expect(() => policyOf('北京', '2025-02-30')).toThrow('查询社保政策的日期必须是YYYY-MM-DD格式的有效日期，收到："2025-02-30"');
    expect(() => policyOf('北京', '2025/01/01')).toThrow(PayrollInputError);
    const overlapping = [customPolicy([cityItem({})]), customPolicy([cityItem({})], { effectiveFrom: '2025-06-01' })];
    expect(() => findPolicy(overlapping, '成都', '2025-07-01')).toThrow('成都在2025-07-01有2条有效的社保公积金政策，生效期间不能重叠');
    expect(findPolicy(overlapping, '成都', '2025-05-31')).toBe(overlapping[0]);
  });
});

describe('the shipped 2025 policies', () => {
  it.each(POLICIES_2025.map((policy) => [policy.city, policy.effectiveFrom, policy] as const))('%s from %s is valid and sourced', (_city, _from, policy) => {
    expect(() => validateCityPolicy(policy)).not.toThrow();
    expect(policy.source).not.toBe('');
    for (const item of policy.items) {
      expect(item.source.length).toBeGreaterThan(10);
      expect(item.source).toMatch(/（20\d\d年）$/);
      expect(policy.verified && !item.verified).toBe(false);
    }
    expect(policy.items.map((item) => item.key)).toEqual(expect.arrayContaining(['pension', 'medical', 'unemployment', 'injury', 'housingFund']));
  });

  it.each(['北京', '上海', '广州', '深圳', '杭州'])('%s has exactly one policy on every day of 2025 and after', (city) => {
    for (const date of ['2025-01-01', '2025-06-30', '2025-07-01', '2025-12-31', '2026-11-22']) {
      expect(policyOf(city, date).city).toBe(city);
    }
  });

  it('marks Beijing’s 3 yuan as an employee add-on on medical', () => {
    for (const policy of POLICIES_2025.filter((p) => p.city === '北京')) {
      expect(policy.items.find((item) => item.key === 'medical')?.employeeFixed).toBe('3');
    }
  });
});

describe('validateCityPolicy', () => {
  const rejects = (policy: unknown, field: string, message: string) => {
    try {
      validateCityPolicy(policy as CityPolicy);
    } catch (caught) {
      expect(caught).toBeInstanceOf(PayrollInputError);
      expect((caught as PayrollInputError).field).toBe(field);
      expect((caught as PayrollInputError).message).toBe(message);
      return;
    }
    throw new Error('expected a PayrollInputError');
  };

  it('names the first bad field', () => {
    rejects(customPolicy([cityItem({ baseFloor: '200000' })]), 'items[0].baseFloor', '成都养老保险的缴费基数下限不能高于上限');
    rejects(customPolicy([cityItem({ employeeRate: '8' })]), 'items[0].employeeRate', '成都养老保险的个人缴费比例必须是0到1之间的小数（如0.16表示16%），收到："8"');
    rejects(customPolicy([cityItem({ rateRange: { min: '0.12', max: '0.05' } })]), 'items[0].rateRange', '成都养老保险的最低缴存比例不能高于最高缴存比例');
    rejects(customPolicy([cityItem({ rounding: { places: 3, mode: 'halfUp' } as never })]), 'items[0].rounding', '成都养老保险的舍入规则无效：保留位数只能是0（元）、1（角）或2（分），方式只能是四舍五入、进位或舍去');
    rejects(customPolicy([cityItem({}), cityItem({})]), 'items[1].key', '成都社保公积金政策中险种「养老保险」重复');
    rejects(customPolicy([cityItem({ key: 'annuity' as never })]), 'items[0].key', '成都社保政策的第1个险种类型无效："annuity"');
    rejects(customPolicy([cityItem({})], { effectiveTo: '2024-12-31' }), 'effectiveTo', '成都社保公积金政策的失效日期不能早于生效日期');
    rejects(customPolicy([cityItem({})], { effectiveFrom: '2025-13-01' }), 'effectiveFrom', '成都社保公积金政策的生效日期必须是YYYY-MM-DD格式的有效日期');
    rejects(customPolicy([cityItem({})], { city: ' ' }), 'city', '社保公积金政策的城市不能为空');
    rejects(customPolicy([cityItem({ employeeFixed: '-3' })]), 'items[0].employeeFixed', '成都养老保险的个人固定缴费额必须是不小于0的金额（数字，最多两位小数），收到："-3"');
  });
});
