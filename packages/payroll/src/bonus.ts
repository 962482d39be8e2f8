import { findBracket, MONTHLY_CONVERTED_BRACKETS, parseBrackets } from './brackets.ts';
import { floorAtZero, formatMoney, parseMoney, PayrollDecimal } from './decimal.ts';
import { PayrollInputError } from './errors.ts';
import { withholdSalaryTax, type SalaryMonth, type WithholdingOptions } from './iit.ts';

const BONUS_BRACKETS = parseBrackets(MONTHLY_CONVERTED_BRACKETS);

/**
 * Tax on an annual one-off bonus (全年一次性奖金) taxed separately from the year's comprehensive
 * income — 财税〔2018〕164号 第一条第（一）项, extended to 2027-12-31 by 财政部 税务总局公告2023年第30号:
 * the bonus ÷ 12 selects the rate and quick deduction of the monthly-converted table, and
 * tax = bonus × rate − quick deduction. The bracket is chosen without dividing (bonus ≤ 12 × bound),
 * so 36,000.00 is 3% and 36,000.01 is 10%.
 *
 * @param bonus the bonus, a non-negative decimal string with at most two places
 * @returns the tax, rounded half-up to the cent, two decimal places
 * @throws PayrollInputError for a non-numeric or negative bonus
 */
export function annualBonusTax(bonus: string): string {
  const amount = parseMoney(bonus, 'bonus', '全年一次性奖金');
  const bracket = findBracket(BONUS_BRACKETS, amount, 12);
  return formatMoney(floorAtZero(amount.times(bracket.rate).minus(bracket.quickDeduction)));
}

export type BonusComparisonInput = {
  /** The year's wages at this employer without the bonus, as for withholdSalaryTax. */
  months: readonly SalaryMonth[];
  /** The annual one-off bonus. */
  bonus: string;
  /** The calendar month in which the bonus is paid; must be one of `months`. */
  bonusMonth: number;
  options?: WithholdingOptions;
};

export type BonusMethodResult = {
  /** Tax on the wages (with the bonus, when merged) — the cumulative tax at the last month supplied. */
  wageTax: string;
  /** Tax on the bonus taxed separately; '0.00' when merged. */
  bonusTax: string;
  /** wageTax + bonusTax. */
  totalTax: string;
};

export type BonusComparison = {
  /** 单独计税: the bonus under annualBonusTax, the wages under the cumulative method without it. */
  separate: BonusMethodResult;
  /** 并入综合所得: the bonus added to the income of bonusMonth, everything under the cumulative method. */
  merged: BonusMethodResult;
  /** The method with the lower total; 'separate' on a tie. */
  recommended: 'separate' | 'merged';
  /** How much less the recommended method costs, two decimal places. */
  saving: string;
};

/**
 * Compares the two ways of taxing an annual one-off bonus for one employee and one year: taxed
 * separately (财税〔2018〕164号) or merged into that month's wages. Each method's year total is the
 * cumulative tax the cumulative method reaches at the last month supplied (equal to the sum withheld
 * when no month went negative) plus, when separate, the bonus tax. Supply all the year's months
 * — with expected figures for months not yet paid — to compare whole years; the annual reconciliation
 * (income from other payers, the full 60,000 deduction, serious-illness medical expenses) is outside
 * this comparison.
 *
 * @throws PayrollInputError for invalid amounts, or a bonusMonth that is not among `months`
 */
export function compareBonusMethods(input: BonusComparisonInput): BonusComparison {
  const { months, bonus, bonusMonth, options } = input;
  const bonusAmount = parseMoney(bonus, 'bonus', '全年一次性奖金');
  if (!Array.isArray(months)) throw new PayrollInputError('months', '月度工资数据必须是数组');
  const bonusIndex = months.findIndex((entry) => entry.month === bonusMonth);
  if (bonusIndex < 0) {
    throw new PayrollInputError('bonusMonth', `奖金发放月份（${String(bonusMonth)}）必须是已提供工资数据的月份之一`);
  }

  const lastCumulativeTax = (rows: readonly SalaryMonth[]) => {
    const result = withholdSalaryTax(rows, options);
    return new PayrollDecimal(result[result.length - 1].cumulativeTax);
  };
  const separateWageTax = lastCumulativeTax(months);
  const separateBonusTax = new PayrollDecimal(annualBonusTax(bonus));
  const separateTotal = separateWageTax.plus(separateBonusTax);

  const mergedMonths = months.map((entry, index) =>
    index === bonusIndex ? { ...entry, income: formatMoney(parseMoney(entry.income, `months[${index}].income`, `${entry.month}月的本期收入`).plus(bonusAmount)) } : entry,
  );
  const mergedTotal = lastCumulativeTax(mergedMonths);

  const recommended = mergedTotal.lessThan(separateTotal) ? 'merged' : 'separate';
  return {
    separate: { wageTax: formatMoney(separateWageTax), bonusTax: formatMoney(separateBonusTax), totalTax: formatMoney(separateTotal) },
    merged: { wageTax: formatMoney(mergedTotal), bonusTax: '0.00', totalTax: formatMoney(mergedTotal) },
    recommended,
    saving: formatMoney(separateTotal.minus(mergedTotal).abs()),
  };
}
