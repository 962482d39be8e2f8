import { findBracket, LABOUR_REMUNERATION_BRACKETS, parseBrackets } from './brackets.ts';
import { floorAtZero, formatMoney, parseMoney, PayrollDecimal } from './decimal.ts';

const LABOUR_BRACKETS = parseBrackets(LABOUR_REMUNERATION_BRACKETS);
const FIXED_EXPENSE = new PayrollDecimal(800);
const FIXED_EXPENSE_LIMIT = new PayrollDecimal(4000);
const INCOME_SHARE_ABOVE_LIMIT = new PayrollDecimal('0.8');

/**
 * Tax withheld on one payment of labour remuneration (劳务报酬所得) to a resident individual,
 * 国家税务总局公告2018年第61号 第八条 and 预扣率表二: a payment of at most 4,000 less 800 of expenses,
 * a larger payment less 20%; the result taxed at 20% up to 20,000, 30% less 2,000 up to 50,000,
 * and 40% less 7,000 above (bounds inclusive).
 *
 * @param payment one payment (每次收入), a non-negative decimal string with at most two places
 * @returns the tax, rounded half-up to the cent, two decimal places
 * @throws PayrollInputError for a non-numeric or negative payment
 */
export function labourRemunerationTax(payment: string): string {
  const amount = parseMoney(payment, 'payment', '劳务报酬收入');
  const taxable = amount.lessThanOrEqualTo(FIXED_EXPENSE_LIMIT) ? floorAtZero(amount.minus(FIXED_EXPENSE)) : amount.times(INCOME_SHARE_ABOVE_LIMIT);
  const bracket = findBracket(LABOUR_BRACKETS, taxable);
  return formatMoney(floorAtZero(taxable.times(bracket.rate).minus(bracket.quickDeduction)));
}
