import {
  addMoney,
  compileFormulas,
  evaluateFormulasFast,
  FormulaError,
  labourRemunerationTax,
  PayrollDecimal,
  PayrollInputError,
  prepareSocialInsurance,
  roundText,
  withholdSalaryTaxFast,
  type CityPolicy,
  type FormulaPlan,
  type SalaryMonth,
  type SocialInsuranceOptions,
  type SocialInsuranceResult,
} from '@wfsaas/payroll';
import type { StoredContributionLine, StoredGroupConfig, StoredTaxDetail } from '../../db/schema/payroll.ts';

/**
 * The calculation of one employee-month under a salary group: input, salary and system items, the
 * formulas that do not depend on the tax, social insurance and housing fund, the tax (cumulative
 * withholding for wages, per payment for labour remuneration), then the formulas after the tax.
 * Pure: the caller loads the data and stores the result.
 */

const SYSTEM_LABELS: Record<string, string> = {
  requiredDays: '应出勤天数',
  employedDays: '在职应出勤天数',
  siEmployee: '社保个人合计',
  hfEmployee: '公积金个人',
  siEmployer: '社保单位合计',
  hfEmployer: '公积金单位',
  contributionEmployee: '社保公积金个人合计',
  tax: '个税',
};

/** A configuration problem of a group, with a Chinese message naming the item. */
export class GroupConfigError extends Error {}

export type CompiledGroup = {
  config: StoredGroupConfig;
  /** Formula items not depending on the tax, then those that do. */
  before: FormulaPlan;
  after: FormulaPlan | null;
  /** Every formula item in one plan (for explanations). */
  full: FormulaPlan;
  inputItems: string[];
  salaryItems: { name: string; decimals: number }[];
  systemItems: { name: string; key: string }[];
  taxItem: string | null;
};

/** Checks and compiles a group's items. Throws GroupConfigError (or FormulaError) with a Chinese message naming the item. */
export function compileGroup(config: StoredGroupConfig): CompiledGroup {
  const names = new Set<string>();
  const systemKeys = new Set<string>();
  for (const item of config.items) {
    if (names.has(item.name)) throw new GroupConfigError(`工资项「${item.name}」重复`);
    names.add(item.name);
    if (item.type === 2 && !item.formula?.trim()) throw new GroupConfigError(`工资项「${item.name}」是公式项，请填写计算公式`);
    if (item.type === 4) {
      if (!item.systemKey) throw new GroupConfigError(`工资项「${item.name}」是系统项，请选择对应的系统项目`);
      if (systemKeys.has(item.systemKey)) throw new GroupConfigError(`系统项目「${SYSTEM_LABELS[item.systemKey] ?? item.systemKey}」只能设置一次（工资项「${item.name}」）`);
      systemKeys.add(item.systemKey);
    }
  }
  if (!names.has(config.grossItem)) throw new GroupConfigError(`应发工资项「${config.grossItem}」不在工资项中`);
  if (!names.has(config.netItem)) throw new GroupConfigError(`实发工资项「${config.netItem}」不在工资项中`);
  const gross = config.items.find((i) => i.name === config.grossItem)!;
  const taxItem = config.items.find((i) => i.type === 4 && i.systemKey === 'tax')?.name ?? null;
  if (gross.type === 4 && gross.systemKey === 'tax') throw new GroupConfigError('应发工资项不能是个税');
  if (config.siBaseRule === 'fixed' && !config.siBaseAmount) throw new GroupConfigError('缴费基数规则为固定基数时，请填写固定缴费基数');

  const formulaItems = config.items.filter((i) => i.type === 2).map((i) => ({ name: i.name, formula: i.formula ?? '', decimals: i.decimals }));
  const others = config.items.filter((i) => i.type !== 2).map((i) => i.name);
  const full = compileFormulas(formulaItems, others);

  // Items depending (directly or not) on the tax are evaluated after it.
  const afterTax = new Set<string>();
  if (taxItem) {
    for (const name of full.order) {
      const item = full.items.get(name)!;
      if (item.references.some((r) => r === taxItem || afterTax.has(r))) afterTax.add(name);
    }
  }
  if (afterTax.has(config.grossItem)) throw new GroupConfigError(`应发工资项「${config.grossItem}」不能引用个税（计税收入须在计算个税之前确定）`);
  const beforeItems = formulaItems.filter((i) => !afterTax.has(i.name));
  const afterItems = formulaItems.filter((i) => afterTax.has(i.name));
  const before = compileFormulas(beforeItems, others.filter((n) => n !== taxItem));
  const after = afterItems.length > 0 ? compileFormulas(afterItems, [...others, ...before.order]) : null;
  return {
    config,
    before,
    after,
    full,
    inputItems: config.items.filter((i) => i.type === 1).map((i) => i.name),
    salaryItems: config.items.filter((i) => i.type === 3).map((i) => ({ name: i.name, decimals: i.decimals })),
    systemItems: config.items.filter((i) => i.type === 4).map((i) => ({ name: i.name, key: i.systemKey! })),
    taxItem,
  };
}

export type PriorMonth = { month: number; income: string; taxFreeIncome: string; specialDeduction: string; additionalDeduction: string; otherDeduction: string };

export type TaxProfile = { firstJobOfYear: boolean; previousYearLowIncome: boolean; deductions: Record<string, string> };

export type EmployeeCalcInput = {
  /** Calendar month number of the run. */
  month: number;
  salary: string | null;
  inputs: Readonly<Record<string, string>>;
  requiredDays: number;
  employedDays: number;
  /** Earlier months of this year at this company (locked or submitted), in order. */
  prior: readonly PriorMonth[];
  profile: TaxProfile | null;
};

export type EmployeeCalcResult = {
  values: Record<string, string>;
  gross: string;
  net: string;
  siEmployee: string;
  siEmployer: string;
  hfEmployee: string;
  hfEmployer: string;
  contributions: StoredContributionLine[];
  taxableIncome: string;
  specialDeduction: string;
  additionalDeduction: string;
  otherDeduction: string;
  tax: string;
  taxDetail: StoredTaxDetail;
  warnings: string[];
};

const ADDITIONAL_KINDS = ['childEducation', 'continuingEducation', 'housingLoanInterest', 'housingRent', 'elderlySupport', 'infantCare'] as const;

const money = (v: string) => roundText(v, 2);
const sumMoney = (values: readonly string[]) => values.reduce((a, b) => addMoney(a, b), '0.00');

/** The social-insurance step, computed once per distinct base within a run (the result depends only on it). */
export type ContributionCalculator = (base: string) => { lines: StoredContributionLine[]; siEmployee: string; siEmployer: string; hfEmployee: string; hfEmployer: string };

export function contributionCalculator(policy: CityPolicy | null, hfRate: string | undefined): ContributionCalculator {
  const cache = new Map<string, ReturnType<ContributionCalculator>>();
  const options: SocialInsuranceOptions = hfRate && policy?.items.some((i) => i.key === 'housingFund') ? { rates: { housingFund: { employer: hfRate, employee: hfRate } } } : {};
  let calculate: ((base: string) => SocialInsuranceResult) | null = null;
  return (base) => {
    const known = cache.get(base);
    if (known) return known;
    let out: ReturnType<ContributionCalculator>;
    if (!policy) out = { lines: [], siEmployee: '0.00', siEmployer: '0.00', hfEmployee: '0.00', hfEmployer: '0.00' };
    else {
      calculate ??= prepareSocialInsurance(policy, options);
      const r = calculate(base);
      out = { lines: r.items, siEmployee: r.socialInsurance.employee, siEmployer: r.socialInsurance.employer, hfEmployee: r.housingFund.employee, hfEmployer: r.housingFund.employer };
    }
    if (cache.size < 50_000) cache.set(base, out);
    return out;
  };
}


/** The tax months of the year for this employee: the earlier months, then this one. */
export function taxMonths(input: Pick<EmployeeCalcInput, 'month' | 'prior'>, current: PriorMonth): SalaryMonth[] {
  return [...input.prior.filter((p) => p.month < input.month), current].map((m) => ({
    month: m.month,
    income: m.income,
    taxFreeIncome: m.taxFreeIncome,
    specialDeduction: m.specialDeduction,
    additionalDeduction: m.additionalDeduction,
    otherDeduction: m.otherDeduction,
  }));
}

/**
 * Calculates one employee-month. Throws FormulaError / PayrollInputError / GroupConfigError with a
 * Chinese message; the caller records it on the employee.
 */
export function calculateEmployee(group: CompiledGroup, contributions: ContributionCalculator, input: EmployeeCalcInput): EmployeeCalcResult {
  const { config } = group;
  const warnings: string[] = [];
  const values: Record<string, string> = {};
  for (const name of group.inputItems) {
    const v = input.inputs[name];
    values[name] = v === undefined || v === '' ? '0' : v;
  }
  const prorate = input.employedDays < input.requiredDays;
  for (const item of group.salaryItems) {
    if (input.salary === null) {
      values[item.name] = roundText('0', item.decimals);
      continue;
    }
    const v = !prorate ? input.salary : input.requiredDays === 0 ? '0' : new PayrollDecimal(input.salary).times(input.employedDays).dividedBy(input.requiredDays).toString();
    values[item.name] = roundText(v, item.decimals);
  }
  if (prorate && group.salaryItems.length > 0 && input.salary !== null) warnings.push(`月中入职或离职：固定工资按在职工作日${input.employedDays}/${input.requiredDays}天折算`);

  const base = config.siBaseRule === 'fixed' ? (config.siBaseAmount ?? '0') : config.siBaseRule === 'salary' ? (input.salary ?? '0') : '0';
  const si = contributions(base);
  const contributionEmployee = addMoney(si.siEmployee, si.hfEmployee);
  const system: Record<string, string> = {
    requiredDays: String(input.requiredDays),
    employedDays: String(input.employedDays),
    siEmployee: si.siEmployee,
    hfEmployee: si.hfEmployee,
    siEmployer: si.siEmployer,
    hfEmployer: si.hfEmployer,
    contributionEmployee,
  };
  for (const item of group.systemItems) if (item.key !== 'tax') values[item.name] = system[item.key]!;

  Object.assign(values, evaluateFormulasFast(group.before, values));
  const gross = money(values[config.grossItem]!);

  const deductions: Record<string, string> = {};
  let additional = '0.00';
  let other = '0.00';
  for (const kind of [...ADDITIONAL_KINDS, 'personalPension'] as const) {
    const v = input.profile?.deductions[kind];
    if (!v || v === '0') continue;
    deductions[kind] = v;
    if (kind === 'personalPension') other = addMoney(other, v);
    else additional = addMoney(additional, v);
  }
  let tax = '0.00';
  let cumulative: StoredTaxDetail['cumulative'] = null;
  const taxable = gross.startsWith('-') ? '0.00' : gross;
  if (config.taxRule === 1) {
    const current: PriorMonth = {
      month: input.month,
      income: taxable,
      taxFreeIncome: '0',
      specialDeduction: contributionEmployee,
      additionalDeduction: additional,
      otherDeduction: other,
    };
    const months = taxMonths(input, current);
    const options = { firstJobOfYear: input.profile?.firstJobOfYear ?? false, previousYearLowIncome: input.profile?.previousYearLowIncome ?? false };
    const lines = withholdSalaryTaxFast(months, options);
    const last = lines[lines.length - 1]!;
    tax = last.tax;
    const sum = (key: keyof PriorMonth) => sumMoney(months.map((m) => (m as unknown as Record<string, string>)[key] ?? '0'));
    const basic = options.previousYearLowIncome ? '60000.00' : `${5000 * (options.firstJobOfYear ? input.month : months.length)}.00`;
    const withheldBefore = sumMoney(lines.slice(0, -1).map((l) => l.tax));
    cumulative = {
      months: months.length,
      income: sum('income'),
      taxFreeIncome: sum('taxFreeIncome'),
      basicDeduction: basic,
      specialDeduction: sum('specialDeduction'),
      additionalDeduction: sum('additionalDeduction'),
      otherDeduction: sum('otherDeduction'),
      taxableIncome: last.cumulativeTaxableIncome,
      rate: last.rate,
      quickDeduction: last.quickDeduction,
      tax: last.cumulativeTax,
      withheldBefore,
    };
  } else if (config.taxRule === 2) {
    tax = labourRemunerationTax(taxable);
  }
  if (group.taxItem) values[group.taxItem] = tax;
  if (group.after) Object.assign(values, evaluateFormulasFast(group.after, values));

  for (const item of config.items) {
    if (item.type === 1 || item.type === 4) {
      const v = values[item.name]!;
      if (!/^-?\d+(\.\d+)?$/.test(v)) throw new FormulaError(item.name, `工资项「${item.name}」的数值必须是数字，收到："${v}"`);
      if (item.type === 1) values[item.name] = roundText(v, item.decimals);
    }
  }
  const net = money(values[config.netItem]!);
  if (net.startsWith('-')) warnings.push(`实发工资为负数（${net}）`);
  return {
    values,
    gross,
    net,
    siEmployee: si.siEmployee,
    siEmployer: si.siEmployer,
    hfEmployee: si.hfEmployee,
    hfEmployer: si.hfEmployer,
    contributions: si.lines,
    taxableIncome: taxable,
    specialDeduction: config.taxRule === 1 ? contributionEmployee : '0.00',
    additionalDeduction: config.taxRule === 1 ? additional : '0.00',
    otherDeduction: config.taxRule === 1 ? other : '0.00',
    tax,
    taxDetail: { taxFreeIncome: '0.00', deductions: config.taxRule === 1 ? deductions : {}, cumulative },
    warnings,
  };
}

/** A calculation error's Chinese message. */
export function calcErrorMessage(err: unknown): string | null {
  if (err instanceof GroupConfigError || err instanceof PayrollInputError) return err.message;
  return null;
}
