import { PayrollDecimal } from './decimal.ts';
import type { FormulaPlan } from './formula-engine.ts';
import type { FormulaNode } from './formula-parser.ts';
import { divideExact, divideRounded, DOWN, formatScaled, HALF_UP, MAX_SCALE, parseScaled, parsedScale, POW, quotientScale, roundScaled, UP, upscale, type ModeCode } from './scaled.ts';

/*
 * A formula plan compiled once into a tree of closures over flat arrays of scaled integers (one slot
 * per item): no name lookups, no decimal text and no objects per operation. Each closure answers the
 * integer n of its value n × 10^-S and leaves the scale in S. NaN means "not exact here" (a quotient
 * that does not terminate, a value beyond 2^53, a division by zero, a missing or non-numeric input):
 * the caller then evaluates the employee on the slower paths, which give the same results and the
 * engine's errors.
 */

type Fn = () => number;

const MAX = Number.MAX_SAFE_INTEGER;
let S = 0;

export type CompiledPlan = {
  /** Input items the formulas refer to, and their slots. */
  readonly inputNames: readonly string[];
  readonly names: readonly string[];
  readonly decimals: Int32Array;
  readonly steps: readonly Fn[];
  readonly values: Float64Array;
  readonly scales: Int32Array;
};

const compiled = new WeakMap<FormulaPlan, CompiledPlan | null>();

/** The plan compiled for the hot path (once per plan), or null when it cannot be. */
export function compiledPlan(plan: FormulaPlan): CompiledPlan | null {
  let c = compiled.get(plan);
  if (c === undefined) {
    c = compilePlan(plan);
    compiled.set(plan, c);
  }
  return c;
}

function compilePlan(plan: FormulaPlan): CompiledPlan | null {
  const slots = new Map<string, number>();
  const inputNames: string[] = [];
  for (const name of plan.order) {
    const item = plan.items.get(name);
    if (!item) return null;
    collectInputs(item.tree, plan, inputNames);
  }
  inputNames.forEach((name, i) => slots.set(name, i));
  const formulaBase = inputNames.length;
  plan.order.forEach((name, i) => slots.set(name, formulaBase + i));
  const size = formulaBase + plan.order.length;
  const values = new Float64Array(size);
  const scales = new Int32Array(size);
  const decimals = new Int32Array(plan.order.length);
  const steps: Fn[] = [];
  for (const [i, name] of plan.order.entries()) {
    const item = plan.items.get(name)!;
    decimals[i] = item.decimals;
    steps.push(compileRounded(item.tree, item.decimals, HALF_UP, slots, values, scales));
  }
  return { inputNames, names: plan.order, decimals, steps, values, scales };
}

function collectInputs(node: FormulaNode, plan: FormulaPlan, into: string[]): void {
  switch (node.kind) {
    case 'reference':
      if (!plan.items.has(node.name) && !into.includes(node.name)) into.push(node.name);
      return;
    case 'negate':
      collectInputs(node.operand, plan, into);
      return;
    case 'binary':
      collectInputs(node.left, plan, into);
      collectInputs(node.right, plan, into);
      return;
    case 'call':
      for (const arg of node.args) collectInputs(arg, plan, into);
      return;
    case 'number':
      return;
  }
}

/** Evaluates the compiled plan; null when any value is not exact here (the caller falls back). */
export function runCompiled(c: CompiledPlan, inputs: Readonly<Record<string, string>>): Record<string, string> | null {
  const { values, scales, inputNames } = c;
  for (let i = 0; i < inputNames.length; i += 1) {
    const name = inputNames[i]!;
    const raw = Object.hasOwn(inputs, name) ? inputs[name] : undefined;
    if (typeof raw === 'string') {
      values[i] = parseScaled(raw);
      scales[i] = parsedScale;
    } else values[i] = NaN;
  }
  const base = inputNames.length;
  const { steps, decimals, names } = c;
  const result: Record<string, string> = {};
  for (let i = 0; i < steps.length; i += 1) {
    const n = steps[i]!();
    if (n !== n) return null;
    const d = decimals[i]!;
    const text = formatScaled(n, S, d);
    if (text === null) return null;
    values[base + i] = n;
    scales[base + i] = S;
    result[names[i]!] = text;
  }
  return result;
}

function literalValue(node: FormulaNode & { kind: 'number' }): [number, number] | null {
  const d = node.value;
  const s = d.decimalPlaces();
  if (s > MAX_SCALE) return null;
  const n = d.times(new PayrollDecimal(10).pow(s)).toNumber();
  return Number.isSafeInteger(n) ? [n, s] : null;
}

const notExact: Fn = () => NaN;

/** Rounds node's value to `places` by `mode`; a quotient is rounded from its exact value. */
function compileRounded(node: FormulaNode, places: number, mode: ModeCode, slots: Map<string, number>, values: Float64Array, scales: Int32Array): Fn {
  if (node.kind === 'binary' && node.operator === '/') {
    const l = compileNode(node.left, slots, values, scales);
    const r = compileNode(node.right, slots, values, scales);
    return () => {
      const a = l();
      const sa = S;
      const b = r();
      const sb = S;
      if (a !== a || b !== b) return NaN;
      const q = divideRounded(a, sa, b, sb, places, mode);
      S = places;
      return q;
    };
  }
  const inner = compileNode(node, slots, values, scales);
  return () => {
    const n = inner();
    if (S <= places) return n;
    const q = roundScaled(n, S, places, mode);
    S = places;
    return q;
  };
}

/** Compares two scaled values: -1, 0, 1, or NaN when that is not exact here. */
function compare(a: number, sa: number, b: number, sb: number): number {
  if (sa < sb) a = upscale(a, sb - sa);
  else if (sb < sa) b = upscale(b, sa - sb);
  if (a !== a || b !== b) return NaN;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compileNode(node: FormulaNode, slots: Map<string, number>, values: Float64Array, scales: Int32Array): Fn {
  const sub = (n: FormulaNode) => compileNode(n, slots, values, scales);
  switch (node.kind) {
    case 'number': {
      const v = literalValue(node);
      if (v === null) return notExact;
      const [n, s] = v;
      return () => {
        S = s;
        return n;
      };
    }
    case 'reference': {
      const slot = slots.get(node.name);
      if (slot === undefined) return notExact;
      return () => {
        S = scales[slot]!;
        return values[slot]!;
      };
    }
    case 'negate': {
      const operand = sub(node.operand);
      return () => -operand();
    }
    case 'binary': {
      const l = sub(node.left);
      const r = sub(node.right);
      switch (node.operator) {
        case '+':
        case '-': {
          const minus = node.operator === '-';
          return () => {
            let a = l();
            const sa = S;
            let b = r();
            const sb = S;
            if (sa < sb) {
              a = upscale(a, sb - sa);
              S = sb;
            } else if (sb < sa) {
              b = upscale(b, sa - sb);
              S = sa;
            }
            const x = minus ? a - b : a + b;
            return x >= -MAX && x <= MAX ? x : NaN;
          };
        }
        case '*':
          return () => {
            const a = l();
            const sa = S;
            const b = r();
            const s = sa + S;
            const x = a * b;
            if (s > MAX_SCALE || !(x >= -MAX && x <= MAX)) return NaN;
            S = s;
            return x;
          };
        case '/':
          return () => {
            const a = l();
            const sa = S;
            const b = r();
            const sb = S;
            if (a !== a || b !== b) return NaN;
            const q = divideExact(a, sa, b, sb);
            S = quotientScale;
            return q;
          };
        default: {
          const test = comparison(node.operator);
          return () => {
            const a = l();
            const sa = S;
            const b = r();
            const c = compare(a, sa, b, S);
            S = 0;
            if (c !== c) return NaN;
            return test(c) ? 1 : 0;
          };
        }
      }
    }
    case 'call': {
      const args = node.args.map(sub);
      switch (node.name) {
        case 'IF': {
          const [cond, yes] = args as [Fn, Fn];
          const no = args[2];
          return () => {
            const c = cond();
            if (c !== c) return NaN;
            if (c !== 0) return yes();
            if (no) return no();
            S = 0;
            return 0;
          };
        }
        case 'AND':
          return () => {
            for (let i = 0; i < args.length; i += 1) {
              const v = args[i]!();
              if (v !== v) return NaN;
              if (v === 0) {
                S = 0;
                return 0;
              }
            }
            S = 0;
            return 1;
          };
        case 'OR':
          return () => {
            for (let i = 0; i < args.length; i += 1) {
              const v = args[i]!();
              if (v !== v) return NaN;
              if (v !== 0) {
                S = 0;
                return 1;
              }
            }
            S = 0;
            return 0;
          };
        case 'NOT': {
          const [a] = args as [Fn];
          return () => {
            const v = a();
            S = 0;
            return v !== v ? NaN : v === 0 ? 1 : 0;
          };
        }
        case 'ABS': {
          const [a] = args as [Fn];
          return () => Math.abs(a());
        }
        case 'ROUND':
        case 'ROUNDUP':
        case 'ROUNDDOWN': {
          const mode = node.name === 'ROUND' ? HALF_UP : node.name === 'ROUNDUP' ? UP : DOWN;
          const placesNode = node.args[1];
          let fixed = placesNode === undefined ? 0 : -1;
          if (placesNode?.kind === 'number') {
            const v = literalValue(placesNode);
            if (v !== null && v[1] === 0 && v[0] >= 0 && v[0] <= 10) fixed = v[0];
          }
          if (fixed >= 0) return compileRounded(node.args[0]!, fixed, mode, slots, values, scales);
          const [x, p] = args as [Fn, Fn];
          return () => {
            const pn = p();
            const ps = S;
            if (pn !== pn) return NaN;
            const k = POW[ps]!;
            if (pn % k !== 0) return NaN;
            const places = pn / k;
            if (places < 0 || places > 10) return NaN;
            const n = x();
            if (S <= places) return n;
            const q = roundScaled(n, S, places, mode);
            S = places;
            return q;
          };
        }
        case 'SUM':
          return () => {
            let acc = args[0]!();
            let sa = S;
            for (let i = 1; i < args.length; i += 1) {
              let v = args[i]!();
              const sv = S;
              if (sa < sv) {
                acc = upscale(acc, sv - sa);
                sa = sv;
              } else if (sv < sa) v = upscale(v, sa - sv);
              acc += v;
              if (!(acc >= -MAX && acc <= MAX)) return NaN;
            }
            S = sa;
            return acc;
          };
        case 'MAX':
        case 'MIN': {
          const max = node.name === 'MAX';
          return () => {
            let acc = args[0]!();
            let sa = S;
            for (let i = 1; i < args.length; i += 1) {
              const v = args[i]!();
              const sv = S;
              const c = compare(v, sv, acc, sa);
              if (c !== c) return NaN;
              if (max ? c > 0 : c < 0) {
                acc = v;
                sa = sv;
              }
            }
            S = sa;
            return acc;
          };
        }
      }
    }
  }
  return notExact;
}

function comparison(operator: '=' | '<>' | '<' | '>' | '<=' | '>='): (c: number) => boolean {
  switch (operator) {
    case '=':
      return (c) => c === 0;
    case '<>':
      return (c) => c !== 0;
    case '<':
      return (c) => c < 0;
    case '>':
      return (c) => c > 0;
    case '<=':
      return (c) => c <= 0;
    case '>=':
      return (c) => c >= 0;
  }
}

/**
 * A plan compiled over the caller's slots: every item the formulas refer to, and every formula item,
 * has a slot in `values`/`scales` (n × 10^-scale). `run` evaluates the items in order, writes each
 * result into its slot and its text (exactly the item's decimals, as evaluateFormulas formats it)
 * into `texts` at the same index; false when some value is not exact here (the caller then takes
 * the slower path for the whole calculation).
 */
export type FormulaSlots = { readonly run: (texts: string[]) => boolean };

/** Compiles a plan over slots; null when an item or reference has no slot or the plan cannot be compiled. */
export function compileFormulaSlots(plan: FormulaPlan, slots: ReadonlyMap<string, number>, values: Float64Array, scales: Int32Array): FormulaSlots | null {
  const count = plan.order.length;
  const steps: Fn[] = [];
  const targets = new Int32Array(count);
  const decimals = new Int32Array(count);
  for (let i = 0; i < count; i += 1) {
    const name = plan.order[i]!;
    const item = plan.items.get(name);
    const slot = slots.get(name);
    if (!item || slot === undefined || !referencesHaveSlots(item.tree, slots)) return null;
    targets[i] = slot;
    decimals[i] = item.decimals;
    steps.push(compileRounded(item.tree, item.decimals, HALF_UP, slots as Map<string, number>, values, scales));
  }
  return {
    run: (texts) => {
      for (let i = 0; i < count; i += 1) {
        const n = steps[i]!();
        if (n !== n) return false;
        const text = formatScaled(n, S, decimals[i]!);
        if (text === null) return false;
        const slot = targets[i]!;
        values[slot] = n;
        scales[slot] = S;
        texts[slot] = text;
      }
      return true;
    },
  };
}

function referencesHaveSlots(node: FormulaNode, slots: ReadonlyMap<string, number>): boolean {
  switch (node.kind) {
    case 'reference':
      return slots.has(node.name);
    case 'negate':
      return referencesHaveSlots(node.operand, slots);
    case 'binary':
      return referencesHaveSlots(node.left, slots) && referencesHaveSlots(node.right, slots);
    case 'call':
      return node.args.every((a) => referencesHaveSlots(a, slots));
    case 'number':
      return true;
  }
}
