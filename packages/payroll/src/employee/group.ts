import { compileFormulas, type FormulaPlan } from '../formula-engine.ts';
import { compileFormulaSlots, type FormulaSlots } from '../formula-compiled.ts';

/** A salary item of a group: 1 input (imported), 2 formula, 3 fixed pay from the employee's record, 4 system. */
export type SalaryGroupItem = { name: string; type: 1 | 2 | 3 | 4; formula?: string; systemKey?: string; decimals: number };

/** What the calculation reads of a salary group's configuration. */
export type SalaryGroupConfig = {
  items: readonly SalaryGroupItem[];
  grossItem: string;
  netItem: string;
  /** 0 no tax, 1 wages (cumulative withholding), 2 labour remuneration (per payment). */
  taxRule: 0 | 1 | 2;
  siBaseRule: 'salary' | 'fixed' | 'floor' | 'insured';
  siBaseAmount?: string;
};

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
  config: SalaryGroupConfig;
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
export type PreparedSystemItem = { name: string; code: number };
/** An input or system item whose value is checked to be a number once the formulas are done. */
export type PreparedCheck = {
  name: string;
  input: boolean;
  decimals: number;
  /** Input values already checked and rounded to the item's decimals (imported figures repeat across employees). */
  rounded: Map<string, string>;
  /** The same on the integer path: the value as a scaled integer (n × 10^-s) and its rounded text. */
  parsed: Map<string, { n: number; s: number; text: string }>;
};

export const ROUNDED_LIMIT = 4096;

export type PreparedGroup = {
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
  siBaseRule: SalaryGroupConfig['siBaseRule'];
  fixedBase: string;
  /** The calculation on scaled integers, one slot per item; null when the group has an item it cannot hold. */
  fast: FastGroup | null;
};

/**
 * Every item has a slot (its index in the template's order) holding its value as n × 10^-scale, and
 * its text in `texts`; the formulas read and write slots, the contributions and the tax go in as
 * integer cents, and the values record is built once from the texts at the end.
 */
export type FastGroup = {
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
export function compileGroup(config: SalaryGroupConfig): CompiledGroup {
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
  config: SalaryGroupConfig,
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
