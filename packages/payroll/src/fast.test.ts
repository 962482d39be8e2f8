import { describe, expect, it } from 'vitest';
import { PayrollDecimal } from './decimal.ts';
import { addMoney, evaluateFormulasFast, prepareContributionCents, prepareSocialInsurance, roundText, withholdMonthCents, withholdSalaryTaxCumulative, withholdSalaryTaxFast } from './fast.ts';
import { compileFormulas, evaluateFormulas } from './formula-engine.ts';
import { withholdSalaryTax } from './iit.ts';
import { POLICIES_2025 } from './policies/2025.ts';
import { calculateSocialInsurance, type CityPolicy } from './social-insurance.ts';

/** The fast path gives exactly the engine's results (and errors) on many generated inputs. */

let seed = 12345;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const amount = (max: number, places = 2) => (int(0, max * 10 ** places) / 10 ** places).toFixed(int(0, places));

function outcome<T>(fn: () => T): T | string {
  try {
    return fn();
  } catch (err) {
    return `error: ${(err as Error).message}`;
  }
}

describe('evaluateFormulasFast', () => {
  const plan = compileFormulas(
    [
      { name: '日薪', formula: '【基本工资】/【应出勤天数】', decimals: 4 },
      { name: '缺勤扣款', formula: 'ROUND(【日薪】*(【应出勤天数】-【出勤】),2)' },
      { name: '加班', formula: 'ROUNDUP(【日薪】/8*1.5*【加班小时】, 1)' },
      { name: '奖金', formula: 'IF(AND(【出勤】>=【应出勤天数】, NOT(【迟到】>2)), 300, IF(OR(【迟到】=3,【迟到】<>4), 100.5, 0))' },
      { name: '应发', formula: 'SUM(【基本工资】,【加班】,【奖金】,-【缺勤扣款】) + 【补贴】*12%', decimals: 2 },
      { name: '比例', formula: 'ROUNDDOWN(【应发】/ABS(【基本工资】+0.001), 6)', decimals: 6 },
      { name: '封顶', formula: 'MAX(MIN(【应发】, 30000), -【补贴】) - 0.005', decimals: 2 },
      { name: '整数', formula: 'ROUND(【封顶】, 0) * 【比例】', decimals: 0 },
    ],
    ['基本工资', '应出勤天数', '出勤', '加班小时', '迟到', '补贴'],
  );
  it('matches evaluateFormulas on 5,000 generated employees, including negative values and errors', () => {
    for (let i = 0; i < 5000; i += 1) {
      const inputs: Record<string, string> = {
        基本工资: i % 97 === 0 ? '-1234.5' : amount(50000),
        应出勤天数: String(int(i % 211 === 0 ? 0 : 18, 23)),
        出勤: amount(23, 1),
        加班小时: amount(40, 1),
        迟到: String(int(0, 5)),
        补贴: i % 13 === 0 ? `-${amount(800)}` : amount(3000, 4),
      };
      if (i % 389 === 0) inputs['补贴'] = 'abc';
      if (i % 401 === 0) delete inputs['迟到'];
      expect(outcome(() => evaluateFormulasFast(plan, inputs))).toEqual(outcome(() => evaluateFormulas(plan, inputs)));
    }
  });
});

describe('evaluateFormulasFast on quotients', () => {
  const modes = ['ROUND', 'ROUNDUP', 'ROUNDDOWN'];
  const items = Array.from({ length: 33 }, (_, k) => ({
    name: `商${k}`,
    formula: k % 3 === 2 ? '【甲】/【乙】' : `${modes[k % 3]}(【甲】/【乙】, ${k % 11})`,
    decimals: (k * 7) % 11,
  }));
  const plan = compileFormulas(
    [
      ...items,
      { name: '连除', formula: 'ROUND(【甲】/8*1.5*【乙】/100, 2)' },
      { name: '比例', formula: 'IF(【乙】<>0, ROUND(【甲】/【乙】, 4), 0)', decimals: 4 },
      { name: '均值', formula: 'ROUND(SUM(【甲】,【乙】,【丙】)/3, 2)' },
      { name: '精度', formula: 'ROUND(【甲】*【乙】*【丙】, 10)', decimals: 10 },
      { name: '参数', formula: 'ROUND(【甲】/【乙】, 【丙】-【丙】+3)', decimals: 3 },
      { name: '比较', formula: 'IF(MAX(【甲】,【乙】)>=MIN(【丙】,【甲】)*2, ABS(-【甲】), 【乙】-【丙】)' },
    ],
    ['甲', '乙', '丙'],
  );
  const value = () => {
    const pick = int(0, 9);
    const sign = int(0, 4) === 0 ? '-' : '';
    if (pick === 0) return `${sign}${int(0, 9)}`;
    if (pick === 1) return `${sign}${int(1, 999_999_999_999)}.${String(int(0, 9999)).padStart(4, '0')}`;
    if (pick === 2) return `${sign}${int(1, 9_000_000_000_000_000)}`;
    if (pick === 3) return `${sign}0.${String(int(1, 99_999_999)).padStart(int(8, 14), '0')}`;
    if (pick === 4) return `${sign}${[3, 7, 8, 11, 22, 21.75, 0.125, 6, 9, 40][int(0, 9)]}`;
    return `${sign}${amount(100000, int(0, 6))}`;
  };
  it('matches evaluateFormulas on 4,000 generated operands: every rounding mode and place, ties, large and tiny values', () => {
    for (let i = 0; i < 4000; i += 1) {
      const inputs = { 甲: value(), 乙: value(), 丙: value() };
      if (i % 10 === 0) inputs['甲'] = String(int(1, 1000) * 125);
      if (i % 10 === 1) inputs['乙'] = String(int(1, 16) * 8);
      expect(outcome(() => evaluateFormulasFast(plan, inputs))).toEqual(outcome(() => evaluateFormulas(plan, inputs)));
    }
  });
});

describe('addMoney and roundText', () => {
  it('match Decimal on 5,000 generated values', () => {
    for (let i = 0; i < 5000; i += 1) {
      const a = `${int(0, 3) === 0 ? '-' : ''}${amount(i % 50 === 0 ? 9e13 : 100000, int(0, 6))}`;
      const b = i % 97 === 0 ? '90071992547409.93' : `${int(0, 3) === 0 ? '-' : ''}${amount(100000, int(0, 4))}`;
      const sum = new PayrollDecimal(a).plus(b).toFixed(2, PayrollDecimal.ROUND_HALF_UP);
      expect(addMoney(a, b)).toBe(sum === '-0.00' ? '0.00' : sum);
      const places = int(0, 8);
      const rounded = new PayrollDecimal(a).toFixed(places, PayrollDecimal.ROUND_HALF_UP);
      expect(roundText(a, places)).toBe(/^-0(\.0*)?$/.test(rounded) ? rounded.slice(1) : rounded);
    }
  });
});

describe('prepareSocialInsurance', () => {
  it('matches calculateSocialInsurance for every rounding rule, long rates, fixed add-ons and own bases', () => {
    const modes = ['halfUp', 'up', 'down'] as const;
    for (let k = 0; k < 30; k += 1) {
      const rate = () => `0.${String(int(0, 999_999)).padStart(int(2, 6), '0')}`.replace(/^0\.(\d{0,6}).*$/, '0.$1');
      const policy: CityPolicy = {
        city: '测试',
        effectiveFrom: '2025-01-01',
        effectiveTo: null,
        source: '生成',
        verified: false,
        items: (['pension', 'medical', 'housingFund'] as const).map((key) => ({
          key,
          name: key,
          baseFloor: amount(5000),
          baseCeiling: (50000 + int(0, 99999) / 100).toFixed(2),
          employerRate: rate(),
          employeeRate: rate(),
          employerFixed: int(0, 1) ? amount(10) : undefined,
          employeeFixed: int(0, 1) ? amount(10) : undefined,
          rounding: { places: int(0, 2) as 0 | 1 | 2, mode: modes[int(0, 2)]! },
          source: '生成',
          verified: true,
        })),
      };
      const options = k % 3 === 0 ? { bases: { housingFund: amount(40000) } } : k % 3 === 1 ? { items: ['pension', 'housingFund'] as const } : {};
      const fast = prepareSocialInsurance(policy, options);
      for (let i = 0; i < 300; i += 1) {
        const base = i % 100 === 0 ? '123456789012345678.5' : amount(80000);
        expect(outcome(() => fast(base))).toEqual(outcome(() => calculateSocialInsurance(policy, base, options)));
      }
    }
  });

  it('prepareContributionCents gives the same lines and the totals in cents, or null for a base it does not take', () => {
    const cents = (v: string) => Number(new PayrollDecimal(v).times(100).toFixed(0));
    for (const policy of POLICIES_2025) {
      const prepared = prepareContributionCents(policy);
      expect(prepared).not.toBeNull();
      for (let i = 0; i < 300; i += 1) {
        const base = i % 50 === 0 ? 'x' : i % 50 === 1 ? '12.345' : amount(60000);
        const got = prepared!(base);
        if (i % 50 < 2) {
          expect(got).toBeNull();
          continue;
        }
        const r = calculateSocialInsurance(policy, base);
        expect(got).toEqual({ items: r.items, siEmployer: cents(r.socialInsurance.employer), siEmployee: cents(r.socialInsurance.employee), hfEmployer: cents(r.housingFund.employer), hfEmployee: cents(r.housingFund.employee) });
      }
    }
  });
});

describe('prepareSocialInsurance on the built-in policies', () => {
  it('matches calculateSocialInsurance for every built-in policy on 500 bases each, with a housing-fund rate', () => {
    for (const policy of POLICIES_2025) {
      const hf = policy.items.find((i) => i.key === 'housingFund');
      const options = hf?.rateRange ? { rates: { housingFund: { employer: hf.rateRange.min, employee: hf.rateRange.min } } } : {};
      const fast = prepareSocialInsurance(policy, options);
      for (let i = 0; i < 500; i += 1) {
        const base = i % 50 === 0 ? 'x' : amount(60000);
        expect(outcome(() => fast(base))).toEqual(outcome(() => calculateSocialInsurance(policy, base, options)));
      }
    }
  });
});

describe('withholdSalaryTaxFast', () => {
  it('matches withholdSalaryTax on 3,000 generated years, with both 2020 options and bad input', () => {
    // withholdMonthCents answers null where it does not take a year (amounts past its range): the caller then takes the general path.
    let inCents = 0;
    for (let i = 0; i < 3000; i += 1) {
      const start = int(1, 12);
      const months = Array.from({ length: int(1, 13 - start) }, (_, k) => ({
        month: start + k,
        income: i % 7 === 0 ? amount(500000) : amount(60000),
        taxFreeIncome: k % 3 === 0 ? amount(500) : undefined,
        specialDeduction: amount(6000),
        additionalDeduction: amount(5000, 0),
        otherDeduction: k % 4 === 0 ? amount(1000) : undefined,
        taxRelief: k % 5 === 0 ? amount(100) : undefined,
      }));
      if (i % 500 === 0) months[0]!.income = '-1';
      if (i % 250 === 7) months[0]!.income = '99999999999999.99';
      if (i % 250 === 9) months[months.length - 1]!.income = '123456789012345678901.5';
      const options = { firstJobOfYear: i % 3 === 0, previousYearLowIncome: i % 11 === 0 };
      const reference = outcome(() => withholdSalaryTax(months, options));
      expect(outcome(() => withholdSalaryTaxFast(months, options))).toEqual(reference);
      const sum = (values: (string | undefined)[]) => values.reduce((acc: string, v) => new PayrollDecimal(acc).plus(v ?? '0').toFixed(2), '0.00');
      expect(outcome(() => withholdSalaryTaxCumulative(months, options))).toEqual(
        typeof reference === 'string'
          ? reference
          : {
              lines: reference,
              income: sum(months.map((m) => m.income)),
              taxFreeIncome: sum(months.map((m) => m.taxFreeIncome)),
              specialDeduction: sum(months.map((m) => m.specialDeduction)),
              additionalDeduction: sum(months.map((m) => m.additionalDeduction)),
              otherDeduction: sum(months.map((m) => m.otherDeduction)),
              taxRelief: sum(months.map((m) => m.taxRelief)),
              withheldBefore: sum(reference.slice(0, -1).map((l) => l.tax)),
            },
      );
      // The last month in cents after the earlier months as given: the same line and sums.
      const last = months[months.length - 1]!;
      const cents = (v: string | undefined) => (v === undefined ? 0 : Number(new PayrollDecimal(v).times(100).toFixed(0)));
      if (last.taxRelief === undefined && !last.income.startsWith('-') && Number.isSafeInteger(cents(last.income))) {
        const w = withholdMonthCents(months.slice(0, -1), last.month, cents(last.income), cents(last.taxFreeIncome), cents(last.specialDeduction), cents(last.additionalDeduction), cents(last.otherDeduction), options);
        if (typeof reference === 'string') expect(w).toBeNull();
        else if (w !== null) {
          inCents += 1;
          const line = reference[reference.length - 1]!;
          expect(w).toEqual({
            months: months.length,
            tax: line.tax,
            taxCents: cents(line.tax),
            cumulativeTaxableIncome: line.cumulativeTaxableIncome,
            rate: line.rate,
            quickDeduction: line.quickDeduction,
            cumulativeTax: line.cumulativeTax,
            income: sum(months.map((m) => m.income)),
            taxFreeIncome: sum(months.map((m) => m.taxFreeIncome)),
            specialDeduction: sum(months.map((m) => m.specialDeduction)),
            additionalDeduction: sum(months.map((m) => m.additionalDeduction)),
            otherDeduction: sum(months.map((m) => m.otherDeduction)),
            taxRelief: sum(months.map((m) => m.taxRelief)),
            withheldBefore: sum(reference.slice(0, -1).map((l) => l.tax)),
            basicDeduction: `${options.previousYearLowIncome ? 60_000 : 5000 * (options.firstJobOfYear ? last.month : months.length)}.00`,
          });
        }
      }
    }
    expect(inCents).toBeGreaterThan(2000);
  });

  it('rounds text half-up', () => {
    expect([roundText('1.005', 2), roundText('-1.005', 2), roundText('2', 2), roundText('0.4', 0)]).toEqual(['1.01', '-1.01', '2.00', '0']);
  });
});
