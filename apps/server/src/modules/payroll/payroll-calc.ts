import {
  addMoney,
  compileFormulas,
  compileFormulaSlots,
  formatCents,
  evaluateFormulasFast,
  FormulaError,
  labourRemunerationTax,
  PayrollDecimal,
  PayrollInputError,
  prepareContributionCents,
  prepareSocialInsurance,
  roundText,
  setSlotText,
  slotCents,
  slotText,
  textCents,
  withholdMonthCents,
  withholdSalaryTaxCumulative,
  type CityPolicy,
  type FormulaPlan,
  type FormulaSlots,
  type OpeningBalance,
  type SalaryMonth,
  type SocialInsuranceOptions,
  type SocialInsuranceResult,
  type WithholdingOptions,
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
  /** What calculateEmployee needs of the items, prepared once per group and reused for every employee. */
  prepared: PreparedGroup;
};

function valuesTemplate(names: readonly string[]): Record<string, string> | null {
  if (names.some((n) => n in Object.prototype)) return null;
  return JSON.parse(JSON.stringify(Object.fromEntries(names.map((n) => [n, '0'])))) as Record<string, string>;
}

/**
 * The same text as V8 keeps property keys (internalized): an employee's inputs and values records are
 * read and written by item name for every employee, and a key that is not internalized is first
 * looked up in the engine's string table on each access.
 */
function asKey(name: string): string {
  return Object.keys({ [name]: 0 })[0]!;
}

/** A system item other than the tax, with its value's source as a code (see SYSTEM_CODES). */
type PreparedSystemItem = { name: string; code: number };
/** An input or system item whose value is checked to be a number once the formulas are done. */
type PreparedCheck = {
  name: string;
  input: boolean;
  decimals: number;
  /** Input values already checked and rounded to the item's decimals (imported figures repeat across employees). */
  rounded: Map<string, string>;
  /** The same on the integer path: the value as a scaled integer (n × 10^-s) and its rounded text. */
  parsed: Map<string, { n: number; s: number; text: string }>;
};

const ROUNDED_LIMIT = 4096;

type PreparedGroup = {
  inputItems: readonly string[];
  salaryItems: readonly { name: string; decimals: number }[];
  systemItems: readonly PreparedSystemItem[];
  checks: readonly PreparedCheck[];
  /**
   * Every item once with a placeholder, in the order calculateEmployee fills them in (inputs, salary,
   * system items, the formulas before the tax, the tax, the formulas after it); null when a name is
   * one of Object.prototype's. Parsed from JSON so that it has fast properties: a copy of it is each
   * employee's values, filled in with the same key order as an empty object would get.
   */
  template: Readonly<Record<string, string>> | null;
  grossItem: string;
  netItem: string;
  taxRule: number;
  siBaseRule: StoredGroupConfig['siBaseRule'];
  fixedBase: string;
  /** The calculation on scaled integers, one slot per item; null when the group has an item it cannot hold. */
  fast: FastGroup | null;
};

/**
 * Every item has a slot (its index in the template's order) holding its value as n × 10^-scale, and
 * its text in `texts`; the formulas read and write slots, the contributions and the tax go in as
 * integer cents, and the values record is built once from the texts at the end.
 */
type FastGroup = {
  names: readonly string[];
  values: Float64Array;
  scales: Int32Array;
  texts: string[];
  /** Input items in the group's order; their slots are 0 … inputs.length - 1. */
  inputs: readonly PreparedCheck[];
  salarySlots: Int32Array;
  salaryDecimals: Int32Array;
  systemSlots: Int32Array;
  systemCodes: Int32Array;
  before: FormulaSlots;
  after: FormulaSlots | null;
  taxSlot: number;
  grossSlot: number;
  netSlot: number;
  /** The net item is an input item: the net is taken from its value rounded to the item's decimals. */
  netIsInput: boolean;
};

const SYSTEM_CODES: Record<string, number> = { requiredDays: 0, employedDays: 1, siEmployee: 2, hfEmployee: 3, siEmployer: 4, hfEmployer: 5, contributionEmployee: 6 };

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
  const inputItems = config.items.filter((i) => i.type === 1).map((i) => i.name);
  const salaryItems = config.items.filter((i) => i.type === 3).map((i) => ({ name: i.name, decimals: i.decimals }));
  const systemItems = config.items.filter((i) => i.type === 4).map((i) => ({ name: i.name, key: i.systemKey! }));
  // An unknown system key gives undefined, as a lookup of it would.
  const preparedSystem = systemItems.filter((i) => i.key !== 'tax').map((i) => ({ name: i.name, code: Object.hasOwn(SYSTEM_CODES, i.key) ? SYSTEM_CODES[i.key]! : -1 }));
  const checks = config.items.filter((i) => i.type === 1 || i.type === 4).map((i) => ({ name: asKey(i.name), input: i.type === 1, decimals: i.decimals, rounded: new Map<string, string>(), parsed: new Map<string, { n: number; s: number; text: string }>() }));
  const order = [...inputItems, ...salaryItems.map((i) => i.name), ...preparedSystem.map((i) => i.name), ...before.order, ...(taxItem ? [taxItem] : []), ...(after?.order ?? [])].map(asKey);
  const template = valuesTemplate(order);
  const prepared: PreparedGroup = {
    inputItems,
    salaryItems,
    systemItems: preparedSystem,
    checks,
    template,
    grossItem: config.grossItem,
    netItem: config.netItem,
    taxRule: config.taxRule,
    siBaseRule: config.siBaseRule,
    fixedBase: config.siBaseAmount ?? '0',
    fast: null,
  };
  if (template !== null && order.length === config.items.length && preparedSystem.every((i) => i.code >= 0)) {
    prepared.fast = fastGroup(order, checks, salaryItems, preparedSystem, before, after, taxItem, config);
  }
  return { config, before, after, full, inputItems, salaryItems, systemItems, taxItem, prepared };
}

function fastGroup(
  order: readonly string[],
  checks: readonly PreparedCheck[],
  salaryItems: readonly { name: string; decimals: number }[],
  systemItems: readonly PreparedSystemItem[],
  before: FormulaPlan,
  after: FormulaPlan | null,
  taxItem: string | null,
  config: StoredGroupConfig,
): FastGroup | null {
  const slots = new Map(order.map((name, i) => [name, i]));
  const values = new Float64Array(order.length);
  const scales = new Int32Array(order.length);
  const beforeSlots = compileFormulaSlots(before, slots, values, scales);
  const afterSlots = after ? compileFormulaSlots(after, slots, values, scales) : null;
  if (beforeSlots === null || (after !== null && afterSlots === null)) return null;
  const slot = (name: string) => slots.get(name)!;
  const inputs = checks.filter((c) => c.input);
  if (inputs.some((c, i) => slot(c.name) !== i)) return null;
  const placesOk = (d: number) => Number.isInteger(d) && d >= 0 && d <= 15;
  if (!inputs.every((c) => placesOk(c.decimals)) || !salaryItems.every((i) => placesOk(i.decimals))) return null;
  return {
    names: order,
    values,
    scales,
    texts: order.map(() => '0'),
    inputs,
    salarySlots: Int32Array.from(salaryItems, (i) => slot(i.name)),
    salaryDecimals: Int32Array.from(salaryItems, (i) => i.decimals),
    systemSlots: Int32Array.from(systemItems, (i) => slot(i.name)),
    systemCodes: Int32Array.from(systemItems, (i) => i.code),
    before: beforeSlots,
    after: afterSlots,
    taxSlot: taxItem === null ? -1 : slot(taxItem),
    grossSlot: slot(config.grossItem),
    netSlot: slot(config.netItem),
    netIsInput: inputs.some((c) => c.name === config.netItem),
  };
}

export type PriorMonth = { month: number; income: string; taxFreeIncome: string; specialDeduction: string; additionalDeduction: string; otherDeduction: string };

export type TaxProfile = { firstJobOfYear: boolean; previousYearLowIncome: boolean; deductions: Record<string, string> };

export type EmployeeCalcInput = {
  /** Calendar month number of the run. */
  month: number;
  /** The monthly salary (a social-insurance base by salary uses it). */
  salary: string | null;
  /**
   * The month's fixed pay from the employee's pay timeline, already prorated for a mid-month join,
   * leave or pay change, with how it was made; when absent, `salary` prorated by employed days.
   */
  fixedPay?: { amount: string; note: string | null } | null;
  inputs: Readonly<Record<string, string>>;
  requiredDays: number;
  employedDays: number;
  /** Earlier months of this year at this company (locked or submitted), in order. */
  prior: readonly PriorMonth[];
  profile: TaxProfile | null;
  /**
   * The year's figures through a month from a previous payroll system (期初累计数据); it applies to
   * months after its throughMonth, and earlier months it covers are not counted again.
   */
  opening?: OpeningBalance | null;
};

/** A tax profile's monthly deductions: those given (not zero), the special additional ones summed, and the personal pension (an other deduction). */
function profileDeductions(profile: TaxProfile | null): { deductions: Record<string, string>; additional: string; other: string } {
  const deductions: Record<string, string> = {};
  let additional = '0.00';
  let other = '0.00';
  const given = profile?.deductions;
  if (given) {
    for (let k = 0; k < DEDUCTION_KINDS.length; k += 1) {
      const kind = DEDUCTION_KINDS[k]!;
      const v = given[kind];
      if (!v || v === '0') continue;
      deductions[kind] = v;
      if (kind === 'personalPension') other = addMoney(other, v);
      else additional = addMoney(additional, v);
    }
  }
  return { deductions, additional, other };
}

/** The opening balance that applies to the month, or null. */
function openingFor(input: EmployeeCalcInput): OpeningBalance | null {
  const o = input.opening;
  return o && input.month > o.throughMonth ? o : null;
}

/** 累计减除费用 of the month: the 2020 rules, or 5,000 per month counted here on top of an opening balance's. */
function basicDeductionText(months: number, month: number, flags: { firstJobOfYear: boolean; previousYearLowIncome: boolean }, opening: OpeningBalance | null): string {
  if (flags.previousYearLowIncome) return '60000.00';
  if (flags.firstJobOfYear) return `${5000 * month}.00`;
  return addMoney(opening?.basicDeduction ?? '0', `${5000 * months}`);
}

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
const DEDUCTION_KINDS = [...ADDITIONAL_KINDS, 'personalPension'] as const;

const money = (v: string) => roundText(v, 2);

/** The four combinations of the 2020 options, by firstJobOfYear + 2 × previousYearLowIncome. */
const WITHHOLDING_OPTIONS = [
  { firstJobOfYear: false, previousYearLowIncome: false },
  { firstJobOfYear: true, previousYearLowIncome: false },
  { firstJobOfYear: false, previousYearLowIncome: true },
  { firstJobOfYear: true, previousYearLowIncome: true },
] as const;

/** The social-insurance step, computed once per distinct base within a run (the result depends only on it). */
export type ContributionCalculator = (base: string) => {
  lines: StoredContributionLine[];
  siEmployee: string;
  siEmployer: string;
  hfEmployee: string;
  hfEmployer: string;
  /** Social insurance plus housing fund of the employee. */
  contributionEmployee: string;
  /** siEmployee, siEmployer, hfEmployee, hfEmployer and contributionEmployee in integer cents (NaN where one is not exact in cents). */
  cents: readonly number[];
};

/**
 * Bases whose contributions are kept (the cache starts again when it is full). Small on purpose: a
 * fixed or floor base is one entry, while a thousand kept results of distinct salaries survived each
 * young-generation collection and tripled its cost (measured on the engine benchmark: 6 ms against
 * 2 ms a scavenge, with 4 MB promoted each time).
 */
const CONTRIBUTION_CACHE = 64;

export function contributionCalculator(policy: CityPolicy | null, hfRate: string | undefined): ContributionCalculator {
  const cache = new Map<string, ReturnType<ContributionCalculator>>();
  const options: SocialInsuranceOptions = hfRate && policy?.items.some((i) => i.key === 'housingFund') ? { rates: { housingFund: { employer: hfRate, employee: hfRate } } } : {};
  let calculate: ((base: string) => SocialInsuranceResult) | null = null;
  // The lines and totals in integer cents where the policy and base allow (no text totals parsed back).
  const inCents = policy ? prepareContributionCents(policy, options) : null;
  return (base) => {
    const known = cache.get(base);
    if (known) return known;
    let out: ReturnType<ContributionCalculator>;
    const c = inCents?.(base) ?? null;
    if (!policy) out = { lines: [], siEmployee: '0.00', siEmployer: '0.00', hfEmployee: '0.00', hfEmployer: '0.00', contributionEmployee: '0.00', cents: [0, 0, 0, 0, 0] };
    else if (c !== null) {
      const employee = c.siEmployee + c.hfEmployee;
      out = {
        lines: c.items,
        siEmployee: formatCents(c.siEmployee),
        siEmployer: formatCents(c.siEmployer),
        hfEmployee: formatCents(c.hfEmployee),
        hfEmployer: formatCents(c.hfEmployer),
        contributionEmployee: formatCents(employee),
        cents: [c.siEmployee, c.siEmployer, c.hfEmployee, c.hfEmployer, employee],
      };
    } else {
      calculate ??= prepareSocialInsurance(policy, options);
      const r = calculate(base);
      const siEmployee = r.socialInsurance.employee;
      const siEmployer = r.socialInsurance.employer;
      const hfEmployee = r.housingFund.employee;
      const hfEmployer = r.housingFund.employer;
      const contributionEmployee = addMoney(siEmployee, hfEmployee);
      out = { lines: r.items, siEmployee, siEmployer, hfEmployee, hfEmployer, contributionEmployee, cents: [siEmployee, siEmployer, hfEmployee, hfEmployer, contributionEmployee].map(textCents) };
    }
    // A base that repeats (a fixed base, a common salary) is found again; the cache is kept small so
    // that a run of distinct bases does not keep every result alive (which costs the garbage
    // collector more than computing them again).
    if (cache.size >= CONTRIBUTION_CACHE) cache.clear();
    cache.set(base, out);
    return out;
  };
}

/** The tax months of the year for this employee: the earlier months, then this one. */
export function taxMonths(input: Pick<EmployeeCalcInput, 'month' | 'prior'>, current: PriorMonth): SalaryMonth[] {
  const months: SalaryMonth[] = [];
  for (const m of input.prior) if (m.month < input.month) months.push(salaryMonth(m));
  months.push(salaryMonth(current));
  return months;
}

function salaryMonth(m: PriorMonth): SalaryMonth {
  return {
    month: m.month,
    income: m.income,
    taxFreeIncome: m.taxFreeIncome,
    specialDeduction: m.specialDeduction,
    additionalDeduction: m.additionalDeduction,
    otherDeduction: m.otherDeduction,
  };
}

/** A month of the year as the withholding reads it: the object itself when it has no other field the withholding would read. */
function asSalaryMonth(m: PriorMonth): SalaryMonth {
  return (m as SalaryMonth).taxRelief === undefined ? m : salaryMonth(m);
}

/** Whether text is a plain decimal number: an optional minus, digits, and optionally a point and digits. */
function isPlainNumber(v: unknown): boolean {
  if (typeof v !== 'string') return /^-?\d+(\.\d+)?$/.test(String(v));
  const length = v.length;
  let i = v.charCodeAt(0) === 45 ? 1 : 0;
  const start = i;
  while (i < length) {
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) break;
    i += 1;
  }
  if (i === start) return false;
  if (i === length) return true;
  if (v.charCodeAt(i) !== 46) return false;
  i += 1;
  const fraction = i;
  while (i < length) {
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) return false;
    i += 1;
  }
  return i > fraction;
}

/**
 * Calculates one employee-month. Throws FormulaError / PayrollInputError / GroupConfigError with a
 * Chinese message; the caller records it on the employee.
 */
export function calculateEmployee(group: CompiledGroup, contributions: ContributionCalculator, input: EmployeeCalcInput): EmployeeCalcResult {
  return calculateEmployeeFast(group, contributions, input) ?? calculateEmployeeOnText(group, contributions, input);
}

/**
 * calculateEmployee on scaled integers (see FastGroup): the same result, or null when some value or
 * step is not one it takes (a prorated salary, a value that is not a plain number or not exact as a
 * scaled integer, a month the integer withholding does not take); calculateEmployee then takes
 * calculateEmployeeOnText, which gives the result or the error.
 */
export function calculateEmployeeFast(group: CompiledGroup, contributions: ContributionCalculator, input: EmployeeCalcInput): EmployeeCalcResult | null {
  const plan = group.prepared;
  const f = plan.fast;
  if (f === null || plan.template === null) return null;
  const requiredDays = input.requiredDays;
  const employedDays = input.employedDays;
  const fixedPay = input.fixedPay ?? null;
  if ((fixedPay === null && !(employedDays >= requiredDays)) || (fixedPay !== null && fixedPay.note !== null) || !Number.isSafeInteger(requiredDays) || !Number.isSafeInteger(employedDays)) return null;
  const { values, scales, texts } = f;

  const inputs = input.inputs;
  const inputItems = f.inputs;
  for (let i = 0; i < inputItems.length; i += 1) {
    const item = inputItems[i]!;
    const raw = inputs[item.name];
    const v = raw === undefined || raw === '' ? '0' : raw;
    // An imported figure seen before (they repeat across employees) is not parsed or rounded again.
    const known = item.parsed.get(v);
    if (known !== undefined) {
      values[i] = known.n;
      scales[i] = known.s;
      texts[i] = known.text;
      continue;
    }
    if (!setSlotText(values, scales, i, v)) return null;
    const text = slotText(values, scales, i, item.decimals);
    if (text === null) return null;
    if (item.parsed.size < ROUNDED_LIMIT) item.parsed.set(v, { n: values[i]!, s: scales[i]!, text });
    texts[i] = text;
  }

  const salary = input.salary;
  const pay = fixedPay === null ? salary : fixedPay.amount;
  const salarySlots = f.salarySlots;
  for (let i = 0; i < salarySlots.length; i += 1) {
    const slot = salarySlots[i]!;
    // an imported figure for a salary item overrides the record's pay: the exact path says so
    if (inputs[plan.salaryItems[i]!.name] !== undefined) return null;
    if (!setSlotText(values, scales, slot, pay === null ? '0' : pay)) return null;
    const d = f.salaryDecimals[i]!;
    const text = slotText(values, scales, slot, d);
    if (text === null) return null;
    // The formulas see the rounded figure.
    if (scales[slot]! > d) setSlotText(values, scales, slot, text);
    texts[slot] = text;
  }

  const base = plan.siBaseRule === 'fixed' ? plan.fixedBase : plan.siBaseRule === 'salary' ? (salary ?? '0') : '0';
  const si = contributions(base);
  const cents = si.cents;
  const systemSlots = f.systemSlots;
  for (let i = 0; i < systemSlots.length; i += 1) {
    const slot = systemSlots[i]!;
    const code = f.systemCodes[i]!;
    if (code <= 1) {
      const days = code === 0 ? requiredDays : employedDays;
      values[slot] = days;
      scales[slot] = 0;
      texts[slot] = String(days);
    } else {
      const c = cents[code === 2 ? 0 : code === 4 ? 1 : code === 3 ? 2 : code === 5 ? 3 : 4]!;
      if (c !== c) return null;
      values[slot] = c;
      scales[slot] = 2;
      texts[slot] = code === 2 ? si.siEmployee : code === 3 ? si.hfEmployee : code === 4 ? si.siEmployer : code === 5 ? si.hfEmployer : si.contributionEmployee;
    }
  }

  if (!f.before.run(texts)) return null;
  const grossCents = slotCents(values, scales, f.grossSlot);
  if (grossCents !== grossCents) return null;
  const gross = formatCents(grossCents);

  const taxRule = plan.taxRule;
  const taxRuleOne = taxRule === 1;
  const { deductions, additional, other } = profileDeductions(input.profile);
  let tax = '0.00';
  let taxCents = 0;
  let cumulative: StoredTaxDetail['cumulative'] = null;
  const taxableCents = grossCents < 0 ? 0 : grossCents;
  const taxable = grossCents < 0 ? '0.00' : gross;
  if (taxRuleOne) {
    const firstJobOfYear = input.profile?.firstJobOfYear ?? false;
    const previousYearLowIncome = input.profile?.previousYearLowIncome ?? false;
    if (typeof firstJobOfYear !== 'boolean' || typeof previousYearLowIncome !== 'boolean') return null;
    const opening = openingFor(input);
    let prior = input.prior;
    // A month with a tax relief is copied without it by calculateEmployeeOnText.
    for (let i = 0; i < prior.length; i += 1) {
      const m = prior[i];
      if (typeof m !== 'object' || m === null || (m as SalaryMonth).taxRelief !== undefined) return null;
    }
    const flags = WITHHOLDING_OPTIONS[(firstJobOfYear ? 1 : 0) + (previousYearLowIncome ? 2 : 0)]!;
    let options: WithholdingOptions = flags;
    if (opening !== null) {
      prior = prior.filter((m) => m.month > opening.throughMonth);
      options = { ...flags, opening };
    }
    const month = input.month;
    const w = withholdMonthCents(prior, month, taxableCents, 0, cents[4]!, textCents(additional), textCents(other), options);
    if (w === null) return null;
    tax = w.tax;
    taxCents = w.taxCents;
    cumulative = {
      months: w.months,
      income: w.income,
      taxFreeIncome: w.taxFreeIncome,
      basicDeduction: w.basicDeduction,
      specialDeduction: w.specialDeduction,
      additionalDeduction: w.additionalDeduction,
      otherDeduction: w.otherDeduction,
      taxableIncome: w.cumulativeTaxableIncome,
      rate: w.rate,
      quickDeduction: w.quickDeduction,
      tax: w.cumulativeTax,
      withheldBefore: w.withheldBefore,
    };
    if (opening) cumulative.openingThroughMonth = opening.throughMonth;
  } else if (taxRule === 2) {
    tax = labourRemunerationTax(taxable);
    taxCents = textCents(tax);
    if (taxCents !== taxCents) return null;
  }
  const taxSlot = f.taxSlot;
  if (taxSlot >= 0) {
    values[taxSlot] = taxCents;
    scales[taxSlot] = 2;
    texts[taxSlot] = tax;
  }
  if (f.after !== null && !f.after.run(texts)) return null;

  const netCents = f.netIsInput ? textCents(texts[f.netSlot]!) : slotCents(values, scales, f.netSlot);
  if (netCents !== netCents) return null;
  const net = formatCents(netCents);
  const warnings: string[] = [];
  if (netCents < 0) warnings.push(`实发工资为负数（${net}）`);
  const record: Record<string, string> = { ...plan.template };
  const names = f.names;
  for (let i = 0; i < names.length; i += 1) record[names[i]!] = texts[i]!;
  return {
    values: record,
    gross,
    net,
    siEmployee: si.siEmployee,
    siEmployer: si.siEmployer,
    hfEmployee: si.hfEmployee,
    hfEmployer: si.hfEmployer,
    contributions: si.lines,
    taxableIncome: taxable,
    specialDeduction: taxRuleOne ? si.contributionEmployee : '0.00',
    additionalDeduction: taxRuleOne ? additional : '0.00',
    otherDeduction: taxRuleOne ? other : '0.00',
    tax,
    taxDetail: { taxFreeIncome: '0.00', deductions: taxRuleOne ? deductions : {}, cumulative },
    warnings,
  };
}

/** calculateEmployee on the values' text (Decimal where scaled integers are not exact), for every input. */
export function calculateEmployeeOnText(group: CompiledGroup, contributions: ContributionCalculator, input: EmployeeCalcInput): EmployeeCalcResult {
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
  const salaryItems = plan.salaryItems;
  if (salaryItems.length > 0) {
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

  const base = plan.siBaseRule === 'fixed' ? plan.fixedBase : plan.siBaseRule === 'salary' ? (salary ?? '0') : '0';
  const si = contributions(base);
  const contributionEmployee = si.contributionEmployee;
  const systemItems = plan.systemItems;
  for (let i = 0; i < systemItems.length; i += 1) {
    const item = systemItems[i]!;
    values[item.name] = systemValue(item.code, input, si) as string;
  }

  copyResults(values, evaluateFormulasFast(group.before, values), group.before.order);
  const gross = money(values[plan.grossItem]!);

  const taxRule = plan.taxRule;
  const taxRuleOne = taxRule === 1;
  const { deductions, additional, other } = profileDeductions(input.profile);
  let tax = '0.00';
  let cumulative: StoredTaxDetail['cumulative'] = null;
  const taxable = gross.startsWith('-') ? '0.00' : gross;
  if (taxRuleOne) {
    const month = input.month;
    const opening = openingFor(input);
    const after = opening?.throughMonth ?? 0;
    const months: SalaryMonth[] = [];
    const prior = input.prior;
    for (let i = 0; i < prior.length; i += 1) {
      const m = prior[i]!;
      if (m.month < month && m.month > after) months.push(asSalaryMonth(m));
    }
    months.push({ month, income: taxable, taxFreeIncome: '0', specialDeduction: contributionEmployee, additionalDeduction: additional, otherDeduction: other });
    const firstJobOfYear = input.profile?.firstJobOfYear ?? false;
    const previousYearLowIncome = input.profile?.previousYearLowIncome ?? false;
    const options =
      typeof firstJobOfYear === 'boolean' && typeof previousYearLowIncome === 'boolean' ? WITHHOLDING_OPTIONS[(firstJobOfYear ? 1 : 0) + (previousYearLowIncome ? 2 : 0)]! : { firstJobOfYear, previousYearLowIncome };
    const w = withholdSalaryTaxCumulative(months, opening ? { ...options, opening } : options);
    const last = w.lines[w.lines.length - 1]!;
    tax = last.tax;
    cumulative = {
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
  } else if (taxRule === 2) {
    tax = labourRemunerationTax(taxable);
  }
  if (group.taxItem) values[group.taxItem] = tax;
  if (group.after) copyResults(values, evaluateFormulasFast(group.after, values), group.after.order);

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
  const net = money(values[plan.netItem]!);
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
    specialDeduction: taxRuleOne ? contributionEmployee : '0.00',
    additionalDeduction: taxRuleOne ? additional : '0.00',
    otherDeduction: taxRuleOne ? other : '0.00',
    tax,
    taxDetail: { taxFreeIncome: '0.00', deductions: taxRuleOne ? deductions : {}, cumulative },
    warnings,
  };
}

/** Object.assign(values, results) for the results of a plan, which has exactly the plan's items. */
function copyResults(values: Record<string, string>, results: Readonly<Record<string, string>>, order: readonly string[]): void {
  for (let i = 0; i < order.length; i += 1) {
    const name = order[i]!;
    values[name] = results[name]!;
  }
}

/** A system item's value (see SYSTEM_CODES); undefined for an unknown one. */
function systemValue(code: number, input: EmployeeCalcInput, si: ReturnType<ContributionCalculator>): string | undefined {
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

/** A calculation error's Chinese message. */
export function calcErrorMessage(err: unknown): string | null {
  if (err instanceof GroupConfigError || err instanceof PayrollInputError) return err.message;
  return null;
}
