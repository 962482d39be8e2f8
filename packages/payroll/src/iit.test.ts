import { describe, expect, it } from 'vitest';
import { PayrollDecimal } from './decimal.ts';
import { PayrollInputError } from './errors.ts';
import { withholdSalaryTax, type SalaryMonth } from './iit.ts';

/** Twelve (or fewer) identical months starting at `from`. */
function sameEachMonth(count: number, entry: Omit<SalaryMonth, 'month'>, from = 1): SalaryMonth[] {
  return Array.from({ length: count }, (_, index) => ({ month: from + index, ...entry }));
}

const taxes = (rows: ReturnType<typeof withholdSalaryTax>) => rows.map((row) => row.tax);

describe('withholdSalaryTax — worked examples of 国家税务总局公告2018年第61号 解读', () => {
  it('举例1: 10,000 wages, 1,500 三险一金, 1,000 child education → 75.00 every month', () => {
    // (10000 − 5000 − 1500 − 1000) × 3% = 2500 × 0.03 = 75; each later month adds 2,500 of taxable income
    // and stays at 3% (12 × 2,500 = 30,000 ≤ 36,000), so every month withholds 75.00.
    const rows = withholdSalaryTax(sameEachMonth(12, { income: '10000', specialDeduction: '1500', additionalDeduction: '1000' }));
    expect(taxes(rows)).toEqual(Array(12).fill('75.00'));
    expect(rows[2]).toEqual({ month: 3, cumulativeTaxableIncome: '7500.00', rate: '0.03', quickDeduction: '0.00', cumulativeTax: '225.00', tax: '75.00' });
    expect(rows[11].cumulativeTaxableIncome).toBe('30000.00');
    expect(rows[11].cumulativeTax).toBe('900.00');
  });

  it('the same employee with 2,000 of special additional deductions → 45.00 every month', () => {
    // (10000 − 5000 − 1500 − 2000) × 3% = 1500 × 0.03 = 45.00; twelve months reach 18,000, still 3%.
    const rows = withholdSalaryTax(sameEachMonth(12, { income: '10000', specialDeduction: '1500', additionalDeduction: '2000' }));
    expect(taxes(rows)).toEqual(Array(12).fill('45.00'));
    expect(rows[11].cumulativeTax).toBe('540.00');
  });

  it('举例2: 30,000 wages, 4,500 三险一金, 2,000 deductions → 555, 625, 1,850 … crossing 10% and 20%', () => {
    // Monthly taxable income 30000 − 5000 − 4500 − 2000 = 18,500; cumulative 18,500 × k.
    //  1: 18,500 × 3% = 555                                → 555
    //  2: 37,000 × 10% − 2,520 = 1,180                      → 1,180 − 555 = 625
    //  3: 55,500 × 10% − 2,520 = 3,030                      → 1,850
    //  4–7: +1,850 a month (74,000 → 4,880; 92,500 → 6,730; 111,000 → 8,580; 129,500 → 10,430)
    //  8: 148,000 × 20% − 16,920 = 12,680                   → 12,680 − 10,430 = 2,250
    //  9–12: +3,700 a month (166,500 → 16,380; 185,000 → 20,080; 203,500 → 23,780; 222,000 → 27,480)
    // Sum 555 + 625 + 5 × 1,850 + 2,250 + 4 × 3,700 = 27,480 = the year's cumulative tax.
    const rows = withholdSalaryTax(sameEachMonth(12, { income: '30000', specialDeduction: '4500', additionalDeduction: '2000' }));
    expect(taxes(rows)).toEqual([
      '555.00', '625.00', '1850.00', '1850.00', '1850.00', '1850.00', '1850.00', '2250.00', '3700.00', '3700.00', '3700.00', '3700.00',
    ]);
    expect(rows.map((row) => row.rate)).toEqual(['0.03', '0.10', '0.10', '0.10', '0.10', '0.10', '0.10', '0.20', '0.20', '0.20', '0.20', '0.20']);
    expect(rows[1]).toEqual({ month: 2, cumulativeTaxableIncome: '37000.00', rate: '0.10', quickDeduction: '2520.00', cumulativeTax: '1180.00', tax: '625.00' });
    expect(rows[7].quickDeduction).toBe('16920.00');
    expect(rows[11].cumulativeTaxableIncome).toBe('222000.00');
    expect(rows[11].cumulativeTax).toBe('27480.00');
  });
});

describe('withholdSalaryTax — every bracket boundary (upper bounds inclusive)', () => {
  // One month whose income is 5,000 (the basic deduction) + the taxable amount.
  it.each([
    // taxable,     rate,   quick,      cumulative tax (= taxable × rate − quick, half-up to the cent)
    ['0.00', '0.03', '0.00', '0.00'],
    ['0.01', '0.03', '0.00', '0.00'], // 0.0003 → 0.00
    ['1.49', '0.03', '0.00', '0.04'], // 0.0447 → 0.04
    ['1.50', '0.03', '0.00', '0.05'], // 0.045 → 0.05 (half-up; half-even would give 0.04)
    ['36000.00', '0.03', '0.00', '1080.00'], // 36,000 × 3%
    ['36000.01', '0.10', '2520.00', '1080.00'], // 3,600.001 − 2,520 = 1,080.001
    ['36000.05', '0.10', '2520.00', '1080.01'], // 3,600.005 − 2,520 = 1,080.005 → 1,080.01 (half-up)
    ['144000.00', '0.10', '2520.00', '11880.00'], // 14,400 − 2,520
    ['144000.01', '0.20', '16920.00', '11880.00'], // 28,800.002 − 16,920 = 11,880.002
    ['300000.00', '0.20', '16920.00', '43080.00'], // 60,000 − 16,920
    ['300000.01', '0.25', '31920.00', '43080.00'], // 75,000.0025 − 31,920 = 43,080.0025
    ['420000.00', '0.25', '31920.00', '73080.00'], // 105,000 − 31,920
    ['420000.01', '0.30', '52920.00', '73080.00'], // 126,000.003 − 52,920 = 73,080.003
    ['660000.00', '0.30', '52920.00', '145080.00'], // 198,000 − 52,920
    ['660000.01', '0.35', '85920.00', '145080.00'], // 231,000.0035 − 85,920 = 145,080.0035
    ['960000.00', '0.35', '85920.00', '250080.00'], // 336,000 − 85,920
    ['960000.01', '0.45', '181920.00', '250080.00'], // 432,000.0045 − 181,920 = 250,080.0045
    ['2000000.00', '0.45', '181920.00', '718080.00'], // 900,000 − 181,920
  ])('cumulative taxable %s → rate %s, quick deduction %s, tax %s', (taxable, rate, quickDeduction, tax) => {
    const income = new PayrollDecimal(taxable).plus(5000).toFixed(2);
    const [row] = withholdSalaryTax([{ month: 1, income }]);
    expect(row).toEqual({ month: 1, cumulativeTaxableIncome: taxable, rate, quickDeduction, cumulativeTax: tax, tax });
  });
});

describe('withholdSalaryTax — deductions, negative months and no refund', () => {
  it('subtracts tax-free income, special, additional and other deductions, then tax relief', () => {
    // 20000 − 5000 − 1000 (tax-free) − 2000 − 1500 − 500 = 10,000 × 3% = 300; − 100 relief = 200.
    const [row] = withholdSalaryTax([
      { month: 1, income: '20000', taxFreeIncome: '1000', specialDeduction: '2000', additionalDeduction: '1500', otherDeduction: '500', taxRelief: '100' },
    ]);
    expect(row).toEqual({ month: 1, cumulativeTaxableIncome: '10000.00', rate: '0.03', quickDeduction: '0.00', cumulativeTax: '200.00', tax: '200.00' });
  });

  it('floors the cumulative taxable income at 0.00 when deductions exceed income', () => {
    const rows = withholdSalaryTax(sameEachMonth(3, { income: '4000', specialDeduction: '400' }));
    expect(rows.map((row) => [row.cumulativeTaxableIncome, row.cumulativeTax, row.tax])).toEqual(Array(3).fill(['0.00', '0.00', '0.00']));
  });

  it('withholds 0 in a month whose result is negative and refunds nothing later in the year', () => {
    // 1: 20,000 − 5,000 = 15,000 × 3% = 450                → withhold 450
    // 2: income 0: 20,000 − 10,000 = 10,000 → 300; 300 − 450 < 0 → 0 (the 150 is not refunded)
    // 3: 30,000 − 15,000 = 15,000 → 450; 450 − 450 = 0     → 0
    // 4: 40,000 − 20,000 = 20,000 → 600; 600 − 450 = 150   → 150
    const rows = withholdSalaryTax([
      { month: 1, income: '20000' },
      { month: 2, income: '0' },
      { month: 3, income: '10000' },
      { month: 4, income: '10000' },
    ]);
    expect(rows.map((row) => [row.cumulativeTax, row.tax])).toEqual([
      ['450.00', '450.00'],
      ['300.00', '0.00'],
      ['450.00', '0.00'],
      ['600.00', '150.00'],
    ]);
  });

  it('a tax relief larger than the tax gives a cumulative tax of 0.00, not a negative one', () => {
    // 1: 15,000 − 5,000 = 10,000 × 3% = 300 − 500 relief → 0.00
    // 2: 30,000 − 10,000 = 20,000 × 3% = 600 − 500 = 100  → 100.00
    const rows = withholdSalaryTax([
      { month: 1, income: '15000', taxRelief: '500' },
      { month: 2, income: '15000' },
    ]);
    expect(rows.map((row) => [row.cumulativeTax, row.tax])).toEqual([
      ['0.00', '0.00'],
      ['100.00', '100.00'],
    ]);
  });

  it('accepts amounts with one or two decimal places and keeps the cents exact', () => {
    // 10000.10 + 10000.20 − 10000 = 10,000.30 × 3% = 300.009 → 300.01; month 1: 5,000.10 × 3% = 150.003 → 150.00
    const rows = withholdSalaryTax([
      { month: 1, income: '10000.1' },
      { month: 2, income: '10000.20' },
    ]);
    expect(rows.map((row) => [row.cumulativeTaxableIncome, row.cumulativeTax, row.tax])).toEqual([
      ['5000.10', '150.00', '150.00'],
      ['10000.30', '300.01', '150.01'],
    ]);
  });

  it('returns nothing for no months', () => {
    expect(withholdSalaryTax([])).toEqual([]);
  });
});

describe('withholdSalaryTax — mid-year joiners and 国家税务总局公告2020年第13号 (first job of the year)', () => {
  const julyToDecember = sameEachMonth(6, { income: '30000' }, 7);

  it('a mid-year joiner deducts 5,000 per month employed here', () => {
    // 7: 30,000 − 5,000 = 25,000 × 3% = 750                         → 750
    // 8: 60,000 − 10,000 = 50,000 × 10% − 2,520 = 2,480              → 1,730
    // 9: 75,000 → 4,980 → 2,500; 10: 100,000 → 7,480 → 2,500; 11: 125,000 → 9,980 → 2,500
    // 12: 180,000 − 30,000 = 150,000 × 20% − 16,920 = 13,080         → 3,100
    const rows = withholdSalaryTax(julyToDecember);
    expect(taxes(rows)).toEqual(['750.00', '1730.00', '2500.00', '2500.00', '2500.00', '3100.00']);
    expect(rows.map((row) => row.cumulativeTaxableIncome)).toEqual(['25000.00', '50000.00', '75000.00', '100000.00', '125000.00', '150000.00']);
  });

  it('firstJobOfYear counts the basic deduction from January: 5,000 × the month number', () => {
    // 7: 30,000 − 35,000 < 0                                         → 0
    // 8: 60,000 − 40,000 = 20,000 × 3% = 600                         → 600
    // 9: 90,000 − 45,000 = 45,000 × 10% − 2,520 = 1,980              → 1,380
    // 10: 120,000 − 50,000 = 70,000 → 4,480 → 2,500; 11: 95,000 → 6,980 → 2,500
    // 12: 180,000 − 60,000 = 120,000 → 9,480                         → 2,500
    const rows = withholdSalaryTax(julyToDecember, { firstJobOfYear: true });
    expect(taxes(rows)).toEqual(['0.00', '600.00', '1380.00', '2500.00', '2500.00', '2500.00']);
    expect(rows[0].cumulativeTaxableIncome).toBe('0.00');
    expect(rows[5].cumulativeTax).toBe('9480.00');
  });

  it('a graduate starting in July on 15,000 with 2,000 三险一金 pays nothing until October', () => {
    // 7: 15,000 − 2,000 − 35,000 < 0; 8: 30,000 − 4,000 − 40,000 < 0; 9: 45,000 − 6,000 − 45,000 < 0
    // 10: 60,000 − 8,000 − 50,000 = 2,000 × 3% = 60                  → 60
    // 11: 75,000 − 10,000 − 55,000 = 10,000 → 300                    → 240
    // 12: 90,000 − 12,000 − 60,000 = 18,000 → 540                    → 240
    // Without the rule: 8,000 taxable a month: 8,000 → 240; 16,000 → 480; 24,000 → 720; 32,000 → 960
    // (240 each), then 40,000 × 10% − 2,520 = 1,480 → 520 and 48,000 → 2,280 → 800.
    const months = sameEachMonth(6, { income: '15000', specialDeduction: '2000' }, 7);
    expect(taxes(withholdSalaryTax(months, { firstJobOfYear: true }))).toEqual(['0.00', '0.00', '0.00', '60.00', '240.00', '240.00']);
    expect(taxes(withholdSalaryTax(months))).toEqual(['240.00', '240.00', '240.00', '240.00', '520.00', '800.00']);
  });

  it('firstJobOfYear starting in January is the same as the normal rule', () => {
    const months = sameEachMonth(12, { income: '30000', specialDeduction: '4500', additionalDeduction: '2000' });
    expect(withholdSalaryTax(months, { firstJobOfYear: true })).toEqual(withholdSalaryTax(months));
  });
});

describe('withholdSalaryTax — 国家税务总局公告2020年第19号 (previous year ≤ 60,000 at this employer)', () => {
  it('deducts 60,000 from January: nothing until cumulative income exceeds 60,000', () => {
    // 6,000 a month: cumulative 6,000k − 60,000 ≤ 0 for k ≤ 10.
    // 11: 66,000 − 60,000 = 6,000 × 3% = 180                         → 180
    // 12: 72,000 − 60,000 = 12,000 × 3% = 360                        → 180
    // Without the rule: (6,000 − 5,000) × 3% = 30 every month.
    const months = sameEachMonth(12, { income: '6000' });
    const rows = withholdSalaryTax(months, { previousYearLowIncome: true });
    expect(taxes(rows)).toEqual([...Array(10).fill('0.00'), '180.00', '180.00']);
    expect(rows[9].cumulativeTaxableIncome).toBe('0.00');
    expect(rows[10].cumulativeTaxableIncome).toBe('6000.00');
    expect(taxes(withholdSalaryTax(months))).toEqual(Array(12).fill('30.00'));
  });

  it('then computes normally with the other deductions on top of the 60,000', () => {
    // 8,000 wages, 800 三险一金: cumulative 8,000k − 60,000 − 800k
    //  8: 64,000 − 60,000 − 6,400 < 0                                → 0
    //  9: 72,000 − 60,000 − 7,200 = 4,800 × 3% = 144                 → 144
    // 10: 80,000 − 60,000 − 8,000 = 12,000 → 360                     → 216
    // 11: 19,200 → 576 → 216; 12: 26,400 → 792 → 216
    const rows = withholdSalaryTax(sameEachMonth(12, { income: '8000', specialDeduction: '800' }), { previousYearLowIncome: true });
    expect(taxes(rows)).toEqual([...Array(8).fill('0.00'), '144.00', '216.00', '216.00', '216.00']);
  });

  it('takes precedence over firstJobOfYear', () => {
    const months = sameEachMonth(12, { income: '6000' });
    expect(withholdSalaryTax(months, { previousYearLowIncome: true, firstJobOfYear: true })).toEqual(withholdSalaryTax(months, { previousYearLowIncome: true }));
  });
});

describe('withholdSalaryTax — input errors', () => {
  const error = (months: unknown, options?: unknown): PayrollInputError => {
    try {
      withholdSalaryTax(months as SalaryMonth[], options as undefined);
    } catch (caught) {
      if (caught instanceof PayrollInputError) return caught;
      throw caught;
    }
    throw new Error('expected a PayrollInputError');
  };

  it.each([
    ['abc', '1月的本期收入必须是不小于0的金额（数字，最多两位小数），收到："abc"'],
    ['-1', '1月的本期收入必须是不小于0的金额（数字，最多两位小数），收到："-1"'],
    ['100.001', '1月的本期收入必须是不小于0的金额（数字，最多两位小数），收到："100.001"'],
    ['', '1月的本期收入必须是不小于0的金额（数字，最多两位小数），收到：""'],
    ['1e5', '1月的本期收入必须是不小于0的金额（数字，最多两位小数），收到："1e5"'],
    [' 100', '1月的本期收入必须是不小于0的金额（数字，最多两位小数），收到：" 100"'],
    [10000, '1月的本期收入必须是不小于0的金额（数字，最多两位小数），收到：10000'],
    [undefined, '1月的本期收入必须是不小于0的金额（数字，最多两位小数），收到：空'],
  ])('income %j is rejected naming the field', (income, message) => {
    const caught = error([{ month: 1, income }]);
    expect(caught.message).toBe(message);
    expect(caught.field).toBe('months[0].income');
  });

  it.each([
    ['taxFreeIncome', '免税收入'],
    ['specialDeduction', '专项扣除'],
    ['additionalDeduction', '专项附加扣除'],
    ['otherDeduction', '其他扣除'],
    ['taxRelief', '减免税额'],
  ])('%s below zero is rejected as 「%s」', (key, label) => {
    const caught = error([{ month: 1, income: '1000' }, { month: 2, income: '1000', [key]: '-0.01' }]);
    expect(caught.field).toBe(`months[1].${key}`);
    expect(caught.message).toBe(`2月的${label}必须是不小于0的金额（数字，最多两位小数），收到："-0.01"`);
  });

  it.each([0, 13, 1.5, Number.NaN])('month %s is rejected', (month) => {
    const caught = error([{ month, income: '1' }]);
    expect(caught.field).toBe('months[0].month');
    expect(caught.message).toBe('第1条月度数据的月份必须是1到12之间的整数');
  });

  it('months out of order or repeated are rejected', () => {
    expect(error([{ month: 3, income: '1' }, { month: 2, income: '1' }]).message).toBe('第2条月度数据的月份（2月）必须晚于上一条（3月），月份须按顺序且不重复');
    expect(error([{ month: 3, income: '1' }, { month: 3, income: '1' }]).field).toBe('months[1].month');
  });

  it('non-array months, non-object entries and non-boolean options are rejected', () => {
    expect(error('x').message).toBe('月度工资数据必须是数组');
    expect(error([null]).message).toBe('第1条月度数据必须是对象');
    expect(error([], { firstJobOfYear: 'yes' }).message).toBe('计税选项「年度首次取得工资薪金」必须是是/否（true或false）');
    expect(error([], { previousYearLowIncome: 1 }).field).toBe('options.previousYearLowIncome');
    expect(error([], null).message).toBe('计税选项必须是对象');
  });
});
