/*
 * The hot path of a payroll run: the same results as evaluateFormulas, calculateSocialInsurance and
 * withholdSalaryTax, computed on scaled integers where that is exact. A value is n × 10^-s with n a
 * safe integer; addition, subtraction, multiplication, comparison and rounding of such values are
 * exact in JavaScript numbers, so they give exactly what the 40-digit Decimal gives.
 *
 * Three tiers, each giving the same results: first plain numbers without objects (the compiled
 * formula plan of formula-compiled.ts; integer cents for contributions, tax and sums); where a value
 * does not fit there, scaled values mixed with Decimals (fast/num.ts) (a non-terminating quotient, a
 * result beyond 2^53, more than 15 decimal places are computed by the Decimal constructor, as the
 * engine does); and on any error the engine's own function, so the error (and its Chinese message)
 * is the engine's.
 */

export { evaluateFormulasFast } from './fast/formulas.ts';
export { prepareSocialInsurance, type ContributionCents, prepareContributionCents } from './fast/contributions.ts';
export { withholdSalaryTaxFast, type CumulativeWithholding, withholdSalaryTaxCumulative } from './fast/withholding.ts';
export { type MonthWithholding, withholdMonthCents } from './fast/month-withholding.ts';
export { setSlotText, slotText, slotCents, textCents, addMoney, roundText } from './fast/text.ts';
export { formatCents } from './scaled.ts';
