export { PayrollInputError } from './errors.ts';
export { PayrollDecimal } from './decimal.ts';
export {
  CUMULATIVE_WAGE_BRACKETS,
  LABOUR_REMUNERATION_BRACKETS,
  MONTHLY_CONVERTED_BRACKETS,
  type TaxBracket,
} from './brackets.ts';
export { parseOpening, withholdSalaryTax, type OpeningBalance, type SalaryMonth, type SalaryWithholding, type WithholdingOptions } from './iit.ts';
export {
  annualBonusTax,
  compareBonusMethods,
  type BonusComparison,
  type BonusComparisonInput,
  type BonusMethodResult,
} from './bonus.ts';
export { labourRemunerationTax } from './labour.ts';
export {
  ADDITIONAL_DEDUCTION_STANDARDS,
  additionalDeductionBreakdown,
  monthlyAdditionalDeduction,
  type AdditionalDeductionBreakdown,
  type AdditionalDeductionInput,
  type DeductionShare,
  type ElderlySupport,
  type RentCityTier,
} from './additional-deduction.ts';
export {
  calculateSocialInsurance,
  CONTRIBUTION_ITEM_KEYS,
  findPolicy,
  validateCityPolicy,
  type CityPolicy,
  type ContributionItemKey,
  type ContributionItemPolicy,
  type ContributionLine,
  type ContributionTotals,
  type RateOverride,
  type RoundingRule,
  type SocialInsuranceOptions,
  type SocialInsuranceResult,
} from './social-insurance.ts';
export { POLICIES_2025 } from './policies/2025.ts';
export {
  collectReferences,
  FORMULA_FUNCTIONS,
  FormulaError,
  normaliseFormula,
  parseFormula,
  type BinaryOperator,
  type FormulaFunctionName,
  type FormulaNode,
} from './formula-parser.ts';
export {
  compileFormulas,
  evaluateFormulas,
  explainFormula,
  type CompiledFormulaItem,
  type FormulaExplanation,
  type FormulaItemDefinition,
  type FormulaPlan,
} from './formula-engine.ts';
export {
  addMoney,
  evaluateFormulasFast,
  formatCents,
  prepareContributionCents,
  prepareSocialInsurance,
  roundText,
  setSlotText,
  slotCents,
  slotText,
  textCents,
  withholdMonthCents,
  withholdSalaryTaxCumulative,
  withholdSalaryTaxFast,
  type ContributionCents,
  type CumulativeWithholding,
  type MonthWithholding,
} from './fast.ts';
export { compileFormulaSlots, type FormulaSlots } from './formula-compiled.ts';
export { monthFixedPay, type FixedPayInput, type MonthFixedPay, type PayFrom, type PaySegment, type ProrationBasis } from './fixed-pay.ts';
export { calcErrorMessage, calculateEmployee } from './employee/calculate.ts';
export { compileGroup, GroupConfigError, type CompiledGroup, type SalaryGroupConfig, type SalaryGroupItem } from './employee/group.ts';
export { contributionCalculator, insuredContributionCalculator, NO_CONTRIBUTIONS, type ContributionCalculator, type EmployeeContributions, type InsuredContributionCalculator } from './employee/contributions.ts';
export { taxMonths, type EmployeeCalcInput, type EmployeeCalcResult, type EmployeeTaxDetail, type PriorMonth, type TaxProfile } from './employee/month.ts';
export {
  addMonths,
  annualBase,
  backPayment,
  clampBase,
  contributionOptions,
  daysFrom,
  declarableMonth,
  dueDate,
  firstInsuredMonth,
  leaveFromMonth,
  monthOf,
  monthsBetween,
  policyBounds,
  type BackPayment,
  type BackPayMonth,
  type InsuredSettings,
  type JoinLeaveRules,
} from './hosting.ts';
