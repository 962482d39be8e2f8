import { PayrollDecimal } from '../decimal.ts';
import { evaluateFormulasFast, roundText, withholdSalaryTaxCumulative } from '../fast.ts';
import { FormulaError } from '../formula-parser.ts';
import type { SalaryMonth } from '../iit.ts';
import { labourRemunerationTax } from '../labour.ts';
import type { ContributionCalculator, EmployeeContributions } from './contributions.ts';
import { ROUNDED_LIMIT, type CompiledGroup, type PreparedGroup } from './group.ts';
import {
  asSalaryMonth,
  basicDeductionText,
  employeeResult,
  isPlainNumber,
  money,
  openingFor,
  profileDeductions,
  WITHHOLDING_OPTIONS,
  type EmployeeCalcInput,
  type EmployeeCalcResult,
  type EmployeeTaxDetail,
  type ProfileDeductions,
} from './month.ts';

/**
 * The exact path: the employee-month on the values' text, in Decimal where scaled integers are not
 * exact. It takes every input, and gives the result or the error with its Chinese message.
 */
export function calculateEmployeeExact(group: CompiledGroup, contributions: ContributionCalculator, input: EmployeeCalcInput): EmployeeCalcResult {
  const plan = group.prepared;
  const warnings: string[] = [];
  const values: Record<string, string> = plan.template === null ? {} : { ...plan.template };
  const inputs = input.inputs;
  const inputItems = plan.inputItems;
  for (let i = 0; i < inputItems.length; i += 1) {
    const name = inputItems[i]!;
    const v = inputs[name];
    values[name] = v === undefined || v === '' ? '0' : v;
  }
  const salary = input.salary;
  if (plan.salaryItems.length > 0) fixedPayItems(plan, input, values, warnings);

  const own = input.contributions;
  const si = own !== undefined && own !== null ? own : contributions(plan.siBaseRule === 'fixed' ? plan.fixedBase : plan.siBaseRule === 'salary' ? (salary ?? '0') : '0');
  const systemItems = plan.systemItems;
  for (let i = 0; i < systemItems.length; i += 1) {
    const item = systemItems[i]!;
    values[item.name] = systemValue(item.code, input, si) as string;
  }

  copyResults(values, evaluateFormulasFast(group.before, values), group.before.order);
  const gross = money(values[plan.grossItem]!);

  const taxRule = plan.taxRule;
  const deductions = profileDeductions(input.profile);
  let tax = '0.00';
  let cumulative: EmployeeTaxDetail['cumulative'] = null;
  const taxable = gross.startsWith('-') ? '0.00' : gross;
  if (taxRule === 1) {
    const w = wageTax(input, taxable, si.contributionEmployee, deductions);
    tax = w.tax;
    cumulative = w.cumulative;
  } else if (taxRule === 2) {
    tax = labourRemunerationTax(taxable);
  }
  if (group.taxItem) values[group.taxItem] = tax;
  if (group.after) copyResults(values, evaluateFormulasFast(group.after, values), group.after.order);

  checkValues(plan, values);
  const net = money(values[plan.netItem]!);
  if (net.startsWith('-')) warnings.push(`实发工资为负数（${net}）`);
  return employeeResult(values, gross, net, si, taxable, taxRule === 1, deductions, tax, cumulative, warnings);
}

/**
 * The fixed pay items: the month's pay as given, or the salary prorated by employed days; an
 * imported figure overrides an item. The warnings say which.
 */
function fixedPayItems(plan: PreparedGroup, input: EmployeeCalcInput, values: Record<string, string>, warnings: string[]): void {
  const salary = input.salary;
  const inputs = input.inputs;
  const salaryItems = plan.salaryItems;
  const fixedPay = input.fixedPay ?? null;
  const prorate = fixedPay === null && input.employedDays < input.requiredDays;
  const v =
    fixedPay !== null
      ? fixedPay.amount
      : salary === null
        ? '0'
        : !prorate
          ? salary
          : input.requiredDays === 0
            ? '0'
            : new PayrollDecimal(salary).times(input.employedDays).dividedBy(input.requiredDays).toString();
  let overridden = false;
  for (let i = 0; i < salaryItems.length; i += 1) {
    const item = salaryItems[i]!;
    const imported = inputs[item.name];
    if (imported !== undefined && imported !== '') {
      // an imported figure for the month overrides the record's pay, and says so
      values[item.name] = roundText(imported, item.decimals);
      warnings.push(`${item.name}按本月导入值${values[item.name]}计算（档案月薪${salary === null ? '未设置' : money(salary)}，本月不按档案折算）`);
      overridden = true;
    } else {
      values[item.name] = roundText(v, item.decimals);
    }
  }
  if (!overridden) {
    if (fixedPay?.note) warnings.push(fixedPay.note);
    else if (prorate && salary !== null) warnings.push(`月中入职或离职：固定工资按在职工作日${input.employedDays}/${input.requiredDays}天折算`);
  }
}

/** The month's cumulative withholding over the year's months, with the year's sums. */
function wageTax(input: EmployeeCalcInput, taxable: string, contributionEmployee: string, d: ProfileDeductions): { tax: string; cumulative: NonNullable<EmployeeTaxDetail['cumulative']> } {
  const month = input.month;
  const opening = openingFor(input);
  const after = opening?.throughMonth ?? 0;
  const months: SalaryMonth[] = [];
  const prior = input.prior;
  for (let i = 0; i < prior.length; i += 1) {
    const m = prior[i]!;
    if (m.month < month && m.month > after) months.push(asSalaryMonth(m));
  }
  months.push({ month, income: taxable, taxFreeIncome: '0', specialDeduction: contributionEmployee, additionalDeduction: d.additional, otherDeduction: d.other });
  const firstJobOfYear = input.profile?.firstJobOfYear ?? false;
  const previousYearLowIncome = input.profile?.previousYearLowIncome ?? false;
  const options =
    typeof firstJobOfYear === 'boolean' && typeof previousYearLowIncome === 'boolean' ? WITHHOLDING_OPTIONS[(firstJobOfYear ? 1 : 0) + (previousYearLowIncome ? 2 : 0)]! : { firstJobOfYear, previousYearLowIncome };
  const w = withholdSalaryTaxCumulative(months, opening ? { ...options, opening } : options);
  const last = w.lines[w.lines.length - 1]!;
  const cumulative: NonNullable<EmployeeTaxDetail['cumulative']> = {
    months: months.length,
    income: w.income,
    taxFreeIncome: w.taxFreeIncome,
    basicDeduction: basicDeductionText(months.length, month, { firstJobOfYear, previousYearLowIncome }, opening),
    specialDeduction: w.specialDeduction,
    additionalDeduction: w.additionalDeduction,
    otherDeduction: w.otherDeduction,
    taxableIncome: last.cumulativeTaxableIncome,
    rate: last.rate,
    quickDeduction: last.quickDeduction,
    tax: last.cumulativeTax,
    withheldBefore: w.withheldBefore,
  };
  if (opening) cumulative.openingThroughMonth = opening.throughMonth;
  return { tax: last.tax, cumulative };
}

/** Input and system items must hold numbers once the formulas are done; input items are rounded to their decimals. */
function checkValues(plan: PreparedGroup, values: Record<string, string>): void {
  const checks = plan.checks;
  for (let i = 0; i < checks.length; i += 1) {
    const item = checks[i]!;
    const v = values[item.name]!;
    if (item.input) {
      const rounded = item.rounded.get(v);
      if (rounded !== undefined) {
        values[item.name] = rounded;
        continue;
      }
    }
    if (!isPlainNumber(v)) throw new FormulaError(item.name, `工资项「${item.name}」的数值必须是数字，收到："${v}"`);
    if (item.input) {
      const rounded = roundText(v, item.decimals);
      if (item.rounded.size < ROUNDED_LIMIT) item.rounded.set(v, rounded);
      values[item.name] = rounded;
    }
  }
}

/** Object.assign(values, results) for the results of a plan, which has exactly the plan's items. */
function copyResults(values: Record<string, string>, results: Readonly<Record<string, string>>, order: readonly string[]): void {
  for (let i = 0; i < order.length; i += 1) {
    const name = order[i]!;
    values[name] = results[name]!;
  }
}

/** A system item's value (see SYSTEM_CODES in group.ts); undefined for an unknown one. */
function systemValue(code: number, input: EmployeeCalcInput, si: EmployeeContributions): string | undefined {
  switch (code) {
    case 0:
      return String(input.requiredDays);
    case 1:
      return String(input.employedDays);
    case 2:
      return si.siEmployee;
    case 3:
      return si.hfEmployee;
    case 4:
      return si.siEmployer;
    case 5:
      return si.hfEmployer;
    case 6:
      return si.contributionEmployee;
    default:
      return undefined;
  }
}
