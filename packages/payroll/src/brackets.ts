import { PayrollDecimal, type Dec } from './decimal.ts';

/**
 * One row of a progressive tax table: taxable amounts up to and including `upTo` (the last row has
 * `upTo: null`, no upper bound) are taxed at `rate` minus `quickDeduction`. All decimal strings;
 * rates as fractions with two places ('0.03' = 3%).
 */
export type TaxBracket = { readonly upTo: string | null; readonly rate: string; readonly quickDeduction: string };

/**
 * 个人所得税预扣率表一（居民个人工资、薪金所得预扣预缴适用）— the annual comprehensive-income
 * table of the IIT Law (2018) used cumulatively by 国家税务总局公告2018年第61号. Upper bounds inclusive.
 */
export const CUMULATIVE_WAGE_BRACKETS: readonly TaxBracket[] = [
  { upTo: '36000', rate: '0.03', quickDeduction: '0' },
  { upTo: '144000', rate: '0.10', quickDeduction: '2520' },
  { upTo: '300000', rate: '0.20', quickDeduction: '16920' },
  { upTo: '420000', rate: '0.25', quickDeduction: '31920' },
  { upTo: '660000', rate: '0.30', quickDeduction: '52920' },
  { upTo: '960000', rate: '0.35', quickDeduction: '85920' },
  { upTo: null, rate: '0.45', quickDeduction: '181920' },
];

/**
 * 按月换算后的综合所得税率表 — the monthly-converted table that 财税〔2018〕164号 applies to
 * (annual bonus ÷ 12). Upper bounds inclusive.
 */
export const MONTHLY_CONVERTED_BRACKETS: readonly TaxBracket[] = [
  { upTo: '3000', rate: '0.03', quickDeduction: '0' },
  { upTo: '12000', rate: '0.10', quickDeduction: '210' },
  { upTo: '25000', rate: '0.20', quickDeduction: '1410' },
  { upTo: '35000', rate: '0.25', quickDeduction: '2660' },
  { upTo: '55000', rate: '0.30', quickDeduction: '4410' },
  { upTo: '80000', rate: '0.35', quickDeduction: '7160' },
  { upTo: null, rate: '0.45', quickDeduction: '15160' },
];

/**
 * 个人所得税预扣率表二（居民个人劳务报酬所得预扣预缴适用）of 国家税务总局公告2018年第61号.
 * Upper bounds inclusive.
 */
export const LABOUR_REMUNERATION_BRACKETS: readonly TaxBracket[] = [
  { upTo: '20000', rate: '0.20', quickDeduction: '0' },
  { upTo: '50000', rate: '0.30', quickDeduction: '2000' },
  { upTo: null, rate: '0.40', quickDeduction: '7000' },
];

export type ParsedBracket = { upTo: Dec | null; rate: Dec; quickDeduction: Dec; source: TaxBracket };

export function parseBrackets(table: readonly TaxBracket[]): readonly ParsedBracket[] {
  return table.map((row) => ({
    upTo: row.upTo === null ? null : new PayrollDecimal(row.upTo),
    rate: new PayrollDecimal(row.rate),
    quickDeduction: new PayrollDecimal(row.quickDeduction),
    source: row,
  }));
}

/**
 * The row whose range holds `amount` (upper bounds inclusive). `scale` multiplies every bound,
 * which lets a caller compare an unscaled amount against a converted table without dividing
 * (`bonus ≤ 12 × 3,000` instead of `bonus ÷ 12 ≤ 3,000`).
 */
export function findBracket(table: readonly ParsedBracket[], amount: Dec, scale = 1): ParsedBracket {
  for (const row of table) {
    if (row.upTo === null || amount.lessThanOrEqualTo(scale === 1 ? row.upTo : row.upTo.times(scale))) return row;
  }
  return table[table.length - 1];
}
