import { describe, expect, it } from 'vitest';
import { PayrollDecimal } from './decimal.ts';
import { PayrollInputError } from './errors.ts';
import { withholdMonthCents, withholdSalaryTaxCumulative, withholdSalaryTaxFast } from './fast.ts';
import { withholdSalaryTax, type OpeningBalance, type SalaryMonth } from './iit.ts';

/**
 * 期初累计数据: a year started in a previous payroll system continues from its cumulative figures
 * through a month. Cut anywhere, a year continued from its own figures gives the same tax as the
 * whole year; a previous system's different withholding carries into the next month.
 */

const sum = (values: (string | undefined)[]) => values.reduce((acc: string, v) => new PayrollDecimal(acc).plus(v ?? '0').toFixed(2), '0.00');
const cents = (v: string | undefined) => (v === undefined ? 0 : Number(new PayrollDecimal(v).times(100).toFixed(0)));

/** The opening balance of a year's first `k` months, as the previous system would have recorded it. */
function openingOf(months: SalaryMonth[], k: number, options: { firstJobOfYear?: boolean; previousYearLowIncome?: boolean }): OpeningBalance {
  const lines = withholdSalaryTax(months.slice(0, k), options);
  const head = months.slice(0, k);
  const basic = options.previousYearLowIncome ? 60_000 : 5000 * (options.firstJobOfYear ? head[k - 1]!.month : k);
  return {
    throughMonth: head[k - 1]!.month,
    income: sum(head.map((m) => m.income)),
    taxFreeIncome: sum(head.map((m) => m.taxFreeIncome)),
    basicDeduction: `${basic}.00`,
    specialDeduction: sum(head.map((m) => m.specialDeduction)),
    additionalDeduction: sum(head.map((m) => m.additionalDeduction)),
    otherDeduction: sum(head.map((m) => m.otherDeduction)),
    taxRelief: sum(head.map((m) => m.taxRelief)),
    taxWithheld: sum(lines.map((l) => l.tax)),
  };
}

const example = (count: number, from = 1): SalaryMonth[] =>
  Array.from({ length: count }, (_, i) => ({ month: from + i, income: '30000', specialDeduction: '4500', additionalDeduction: '2000' }));

describe('withholdSalaryTax with an opening balance', () => {
  it('continues 举例2 from February: March withholds 1,850.00 as in the whole year', () => {
    const opening: OpeningBalance = { throughMonth: 2, income: '60000', basicDeduction: '10000', specialDeduction: '9000', additionalDeduction: '4000', taxWithheld: '1180' };
    const rows = withholdSalaryTax(example(1, 3), { opening });
    expect(rows).toEqual([{ month: 3, cumulativeTaxableIncome: '55500.00', rate: '0.10', quickDeduction: '2520.00', cumulativeTax: '3030.00', tax: '1850.00' }]);
  });

  it('takes the tax the previous system actually withheld: 20.00 more withheld then is 20.00 less now', () => {
    const opening: OpeningBalance = { throughMonth: 2, income: '60000', basicDeduction: '10000', specialDeduction: '9000', additionalDeduction: '4000', taxWithheld: '1200' };
    expect(withholdSalaryTax(example(1, 3), { opening })[0]!.tax).toBe('1830.00');
    // Withheld beyond the cumulative tax: nothing more this month, nothing refunded.
    expect(withholdSalaryTax(example(1, 3), { opening: { ...opening, taxWithheld: '5000' } })[0]!.tax).toBe('0.00');
  });

  it('adds 5,000 a month to the opening basic deduction; the 2020 rules set it whatever the opening says', () => {
    const opening: OpeningBalance = { throughMonth: 6, income: '30000', basicDeduction: '15000', taxWithheld: '450' };
    // A joiner in April: 3 months before July. July: 40,000 − 20,000 = 20,000 × 3% = 600 − 450 = 150.
    expect(withholdSalaryTax([{ month: 7, income: '10000' }], { opening })[0]).toMatchObject({ cumulativeTaxableIncome: '20000.00', tax: '150.00' });
    // 13号: 5,000 × 7 = 35,000 → 5,000 × 3% = 150 − 450 → 0.
    expect(withholdSalaryTax([{ month: 7, income: '10000' }], { opening, firstJobOfYear: true })[0]).toMatchObject({ cumulativeTaxableIncome: '5000.00', tax: '0.00' });
    // 19号: 60,000 → nothing taxable.
    expect(withholdSalaryTax([{ month: 7, income: '10000' }], { opening, previousYearLowIncome: true })[0]).toMatchObject({ cumulativeTaxableIncome: '0.00', tax: '0.00' });
  });

  it('refuses a month the opening covers, a through month outside 1–11 and bad amounts, naming the figure', () => {
    const opening: OpeningBalance = { throughMonth: 6, income: '30000', basicDeduction: '30000', taxWithheld: '0' };
    const refuse = (months: SalaryMonth[], o: unknown) => {
      try {
        withholdSalaryTax(months, { opening: o as OpeningBalance });
      } catch (err) {
        expect(err).toBeInstanceOf(PayrollInputError);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refuse([{ month: 6, income: '1' }], opening)).toBe('6月已包含在期初累计数据中（截至6月），月度数据须从7月起');
    expect(refuse([], { ...opening, throughMonth: 12 })).toBe('期初累计数据的截至月份必须是1到11之间的整数');
    expect(refuse([], { ...opening, throughMonth: 0 })).toBe('期初累计数据的截至月份必须是1到11之间的整数');
    expect(refuse([], { ...opening, taxWithheld: '-1' })).toMatch(/^期初累计已预缴税额必须是不小于0的金额/);
    expect(refuse([], { ...opening, specialDeduction: 'abc' })).toMatch(/^期初累计专项扣除必须是不小于0的金额/);
    expect(refuse([], { ...opening, income: undefined })).toMatch(/^期初累计收入额必须是不小于0的金额/);
    expect(refuse([], 'x')).toBe('期初累计数据必须是对象');
  });
});

describe('a year continued from its own opening balance', () => {
  let seed = 777;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const amount = (max: number) => `${int(0, max)}.${String(int(0, 99)).padStart(2, '0')}`;

  it('gives the whole year’s lines after the cut on every path, on 2,000 generated years', () => {
    let inCents = 0;
    for (let i = 0; i < 2000; i += 1) {
      const start = int(1, 10);
      const months: SalaryMonth[] = Array.from({ length: int(2, 13 - start) }, (_, k) => ({
        month: start + k,
        income: i % 5 === 0 ? amount(300_000) : amount(60_000),
        taxFreeIncome: k % 3 === 0 ? amount(500) : undefined,
        specialDeduction: amount(6000),
        additionalDeduction: `${int(0, 5000)}`,
        otherDeduction: k % 4 === 0 ? amount(1000) : undefined,
        taxRelief: k % 5 === 0 ? amount(100) : undefined,
      }));
      const options = { firstJobOfYear: i % 3 === 0, previousYearLowIncome: i % 11 === 0 };
      const whole = withholdSalaryTax(months, options);
      const k = int(1, months.length - 1);
      const opening = openingOf(months, k, options);
      const rest = months.slice(k);
      const withOpening = { ...options, opening };
      expect(withholdSalaryTax(rest, withOpening)).toEqual(whole.slice(k));
      expect(withholdSalaryTaxFast(rest, withOpening)).toEqual(whole.slice(k));
      const c = withholdSalaryTaxCumulative(rest, withOpening);
      expect(c.lines).toEqual(whole.slice(k));
      const all = withholdSalaryTaxCumulative(months, options);
      expect({ ...c, lines: null }).toEqual({ ...all, lines: null });
      // The month in cents after the earlier months, from the opening.
      const last = rest[rest.length - 1]!;
      if (last.taxRelief === undefined) {
        const w = withholdMonthCents(rest.slice(0, -1), last.month, cents(last.income), cents(last.taxFreeIncome), cents(last.specialDeduction), cents(last.additionalDeduction), cents(last.otherDeduction), withOpening);
        expect(w).not.toBeNull();
        inCents += 1;
        const line = whole[whole.length - 1]!;
        expect(w).toMatchObject({
          months: rest.length,
          tax: line.tax,
          cumulativeTax: line.cumulativeTax,
          cumulativeTaxableIncome: line.cumulativeTaxableIncome,
          income: all.income,
          specialDeduction: all.specialDeduction,
          additionalDeduction: all.additionalDeduction,
          otherDeduction: all.otherDeduction,
          taxFreeIncome: all.taxFreeIncome,
          taxRelief: all.taxRelief,
          withheldBefore: all.withheldBefore,
          basicDeduction: options.previousYearLowIncome ? '60000.00' : `${5000 * (options.firstJobOfYear ? last.month : months.length)}.00`,
        });
      }
    }
    expect(inCents).toBeGreaterThan(1000);
  });
});
