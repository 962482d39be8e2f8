import { describeValue, PayrollDecimal, ZERO, type Dec } from './decimal.ts';
import { PayrollInputError } from './errors.ts';
import { collectReferences, FormulaError, normaliseFormula, parseFormula, type FormulaNode } from './formula-parser.ts';

/** A salary item computed by a formula over other items, e.g. `【基本工资】/【应出勤天数】*【实际出勤天数】`. */
export type FormulaItemDefinition = {
  /** The item's Chinese name, referred to by other formulas as 【name】. */
  name: string;
  formula: string;
  /** Decimal places of the item's result, rounded half-up (0–10; default 2). Dependent items use the rounded value. */
  decimals?: number;
};

export type CompiledFormulaItem = {
  readonly name: string;
  readonly formula: string;
  /** The formula after full-width punctuation was normalised; node positions index it. */
  readonly normalised: string;
  readonly decimals: number;
  readonly tree: FormulaNode;
  /** Items referred to, in order of first appearance. */
  readonly references: readonly string[];
};

/** A checked set of formula items, ready to evaluate for any number of employees. */
export type FormulaPlan = {
  /** Formula items in evaluation order: every item after the items it refers to. */
  readonly order: readonly string[];
  /** Names of the items whose values come from outside (base data, imports, attendance …). */
  readonly inputNames: readonly string[];
  readonly items: ReadonlyMap<string, CompiledFormulaItem>;
};

/** One step of an explanation: an item's formula, the values it used, and its result. */
export type FormulaExplanation = {
  name: string;
  formula: string;
  inputs: { name: string; value: string }[];
  result: string;
};

const ONE = new PayrollDecimal(1);

function checkName(name: unknown, field: string): string {
  if (typeof name !== 'string' || name.trim() === '') throw new PayrollInputError(field, '工资项名称不能为空');
  if (name !== name.trim() || /[【】]/.test(name)) throw new PayrollInputError(field, `工资项名称「${name}」不能包含【】或首尾空格`);
  return name;
}

/**
 * Parses every formula once, checks that each reference names a formula item or an input item,
 * and orders the items so each comes after the items it uses.
 *
 * @param items the formula items, in the order they are shown (ties keep this order)
 * @param inputNames items whose values are supplied at evaluation (base data, imported figures)
 * @throws FormulaError naming the item: a syntax error, an unknown reference, a cycle
 *   (`【应发工资】→【个税】→【应发工资】`); PayrollInputError for duplicate or empty names
 */
export function compileFormulas(items: readonly FormulaItemDefinition[], inputNames: readonly string[]): FormulaPlan {
  if (!Array.isArray(items)) throw new PayrollInputError('items', '公式项必须是数组');
  if (!Array.isArray(inputNames)) throw new PayrollInputError('inputNames', '输入项名称必须是数组');
  const inputs = new Set<string>();
  for (const [index, name] of inputNames.entries()) {
    const checked = checkName(name, `inputNames[${index}]`);
    if (inputs.has(checked)) throw new PayrollInputError(`inputNames[${index}]`, `工资项「${checked}」重复`);
    inputs.add(checked);
  }
  const compiled = new Map<string, CompiledFormulaItem>();
  for (const [index, item] of items.entries()) {
    const name = checkName(item?.name, `items[${index}].name`);
    if (compiled.has(name) || inputs.has(name)) throw new PayrollInputError(`items[${index}].name`, `工资项「${name}」重复`);
    const decimals = item.decimals ?? 2;
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 10) {
      throw new PayrollInputError(`items[${index}].decimals`, `工资项「${name}」的小数位数必须是0到10之间的整数`);
    }
    const tree = parseFormula(item.formula, name);
    compiled.set(name, { name, formula: item.formula, normalised: normaliseFormula(item.formula), decimals, tree, references: collectReferences(tree) });
  }
  for (const item of compiled.values()) {
    for (const reference of item.references) {
      if (!compiled.has(reference) && !inputs.has(reference)) {
        throw new FormulaError(item.name, `工资项「${item.name}」的公式引用了不存在的项目【${reference}】`);
      }
    }
  }

  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (name: string): void => {
    const seen = state.get(name);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      const cycle = [...stack.slice(stack.indexOf(name)), name];
      throw new FormulaError(name, `工资项之间存在循环引用：${cycle.map((item) => `【${item}】`).join('→')}`);
    }
    state.set(name, 'visiting');
    stack.push(name);
    const item = compiled.get(name);
    for (const reference of item?.references ?? []) {
      if (compiled.has(reference)) visit(reference);
    }
    stack.pop();
    state.set(name, 'done');
    order.push(name);
  };
  for (const name of compiled.keys()) visit(name);
  return { order, inputNames: [...inputs], items: compiled };
}

type EvaluationContext = {
  plan: FormulaPlan;
  inputs: Readonly<Record<string, string>>;
  values: Map<string, Dec>;
};

function inputValue(context: EvaluationContext, name: string, itemName: string): Dec {
  const known = context.values.get(name);
  if (known !== undefined) return known;
  const raw = Object.hasOwn(context.inputs, name) ? context.inputs[name] : undefined;
  if (raw === undefined) throw new FormulaError(itemName, `工资项「${itemName}」计算出错：缺少项目【${name}】的数值`);
  if (typeof raw !== 'string' || !/^-?\d+(\.\d+)?$/.test(raw)) {
    throw new FormulaError(itemName, `工资项「${itemName}」计算出错：项目【${name}】的数值必须是数字，收到：${describeValue(raw)}`);
  }
  const value = new PayrollDecimal(raw);
  context.values.set(name, value);
  return value;
}

function roundingPlaces(value: Dec, itemName: string, functionName: string): number {
  if (!value.isInteger() || value.lessThan(0) || value.greaterThan(10)) {
    throw new FormulaError(itemName, `工资项「${itemName}」计算出错：${functionName}的小数位数必须是0到10之间的整数，实际为${value.toString()}`);
  }
  return value.toNumber();
}

function isTrue(value: Dec): boolean {
  return !value.isZero();
}

function evaluateNode(node: FormulaNode, item: CompiledFormulaItem, context: EvaluationContext): Dec {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'reference':
      return inputValue(context, node.name, item.name);
    case 'negate':
      return evaluateNode(node.operand, item, context).negated();
    case 'binary': {
      const left = evaluateNode(node.left, item, context);
      const right = evaluateNode(node.right, item, context);
      switch (node.operator) {
        case '+':
          return left.plus(right);
        case '-':
          return left.minus(right);
        case '*':
          return left.times(right);
        case '/':
          if (right.isZero()) {
            const divisor = item.normalised.slice(node.right.start, node.right.end);
            throw new FormulaError(item.name, `工资项「${item.name}」计算出错：除数${divisor}为0`);
          }
          return left.dividedBy(right);
        case '=':
          return left.equals(right) ? ONE : ZERO;
        case '<>':
          return left.equals(right) ? ZERO : ONE;
        case '<':
          return left.lessThan(right) ? ONE : ZERO;
        case '>':
          return left.greaterThan(right) ? ONE : ZERO;
        case '<=':
          return left.lessThanOrEqualTo(right) ? ONE : ZERO;
        case '>=':
          return left.greaterThanOrEqualTo(right) ? ONE : ZERO;
      }
      break;
    }
    case 'call': {
      const arg = (index: number) => evaluateNode(node.args[index], item, context);
      switch (node.name) {
        case 'IF':
          if (isTrue(arg(0))) return arg(1);
          return node.args.length > 2 ? arg(2) : ZERO;
        case 'AND':
          for (let index = 0; index < node.args.length; index += 1) if (!isTrue(arg(index))) return ZERO;
          return ONE;
        case 'OR':
          for (let index = 0; index < node.args.length; index += 1) if (isTrue(arg(index))) return ONE;
          return ZERO;
        case 'NOT':
          return isTrue(arg(0)) ? ZERO : ONE;
        case 'ABS':
          return arg(0).abs();
        case 'ROUND':
        case 'ROUNDUP':
        case 'ROUNDDOWN': {
          const places = node.args.length > 1 ? roundingPlaces(arg(1), item.name, node.name) : 0;
          const mode = node.name === 'ROUND' ? PayrollDecimal.ROUND_HALF_UP : node.name === 'ROUNDUP' ? PayrollDecimal.ROUND_UP : PayrollDecimal.ROUND_DOWN;
          return arg(0).toDecimalPlaces(places, mode);
        }
        case 'MAX':
        case 'MIN':
        case 'SUM': {
          let result = arg(0);
          for (let index = 1; index < node.args.length; index += 1) {
            const value = arg(index);
            if (node.name === 'SUM') result = result.plus(value);
            else if (node.name === 'MAX' ? value.greaterThan(result) : value.lessThan(result)) result = value;
          }
          return result;
        }
      }
    }
  }
  throw new FormulaError(item.name, `工资项「${item.name}」的公式无法计算`);
}

function computeItem(item: CompiledFormulaItem, context: EvaluationContext): Dec {
  const value = evaluateNode(item.tree, item, context).toDecimalPlaces(item.decimals, PayrollDecimal.ROUND_HALF_UP);
  context.values.set(item.name, value);
  return value;
}

function format(value: Dec, decimals: number): string {
  const text = value.toFixed(decimals);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/**
 * Computes every formula item of the plan for one employee. Arithmetic is decimal (0.1 + 0.2 is
 * exactly 0.3); each item's result is rounded half-up to its `decimals` and dependent items use the
 * rounded value. IF, AND and OR evaluate only the arguments they need, so
 * `IF(【应出勤天数】=0, 0, 【基本工资】/【应出勤天数】)` never divides by zero. Comparisons give 1 or 0.
 *
 * @param inputs the values of the plan's input items, as decimal strings (may be negative)
 * @returns every formula item's result as a decimal string with the item's decimal places
 * @throws FormulaError naming the item on division by zero or a missing or non-numeric input
 */
export function evaluateFormulas(plan: FormulaPlan, inputs: Readonly<Record<string, string>>): Record<string, string> {
  const context: EvaluationContext = { plan, inputs, values: new Map() };
  const result: Record<string, string> = {};
  for (const name of plan.order) {
    const item = plan.items.get(name);
    if (item) result[name] = format(computeItem(item, context), item.decimals);
  }
  return result;
}

/**
 * Explains one computed item for one employee: a step for each formula item it depends on
 * (directly or not) and for the item itself, in evaluation order, each with its formula, the values
 * it used and its result.
 *
 * @throws PayrollInputError when `itemName` is not a formula item; FormulaError as evaluateFormulas
 */
export function explainFormula(plan: FormulaPlan, inputs: Readonly<Record<string, string>>, itemName: string): FormulaExplanation[] {
  if (!plan.items.has(itemName)) throw new PayrollInputError('itemName', `工资项「${itemName}」不是公式项，无法说明计算过程`);
  const needed = new Set<string>();
  const collect = (name: string) => {
    if (needed.has(name)) return;
    needed.add(name);
    for (const reference of plan.items.get(name)?.references ?? []) if (plan.items.has(reference)) collect(reference);
  };
  collect(itemName);
  const context: EvaluationContext = { plan, inputs, values: new Map() };
  const steps: FormulaExplanation[] = [];
  for (const name of plan.order) {
    const item = plan.items.get(name);
    if (!item || !needed.has(name)) continue;
    const value = computeItem(item, context);
    steps.push({
      name,
      formula: item.formula,
      inputs: item.references.map((reference) => {
        const source = plan.items.get(reference);
        const computed = context.values.get(reference);
        if (source && computed) return { name: reference, value: format(computed, source.decimals) };
        const raw = Object.hasOwn(inputs, reference) ? inputs[reference] : undefined;
        return { name: reference, value: typeof raw === 'string' ? raw : '（未提供）' };
      }),
      result: format(value, item.decimals),
    });
  }
  return steps;
}
