// Formulas on scaled integers: the compiled plan first, then scaled values mixed with Decimals.
import { evaluateFormulas, type CompiledFormulaItem, type FormulaPlan } from '../formula-engine.ts';
import { compiledPlan, runCompiled } from '../formula-compiled.ts';
import type { FormulaNode } from '../formula-parser.ts';
import { type Num, ONE, ZERO, abs, add, cmp, format, fromDec, isFx, isZero, mul, negate, parseNum, round, toDec } from './num.ts';

const literals = new WeakMap<object, Num>();
function literal(node: FormulaNode & { kind: 'number' }): Num {
  let v = literals.get(node);
  if (v === undefined) {
    v = fromDec(node.value);
    literals.set(node, v);
  }
  return v;
}

class Fallback extends Error {}

type Ctx = { values: Map<string, Num>; inputs: Readonly<Record<string, string>> };

function reference(ctx: Ctx, name: string): Num {
  const known = ctx.values.get(name);
  if (known !== undefined) return known;
  const raw = Object.hasOwn(ctx.inputs, name) ? ctx.inputs[name] : undefined;
  const v = typeof raw === 'string' ? parseNum(raw) : null;
  if (v === null) throw new Fallback();
  ctx.values.set(name, v);
  return v;
}

const truthy = (v: Num) => !isZero(v);

function evaluate(node: FormulaNode, ctx: Ctx): Num {
  switch (node.kind) {
    case 'number':
      return literal(node);
    case 'reference':
      return reference(ctx, node.name);
    case 'negate':
      return negate(evaluate(node.operand, ctx));
    case 'binary': {
      const l = evaluate(node.left, ctx);
      const r = evaluate(node.right, ctx);
      switch (node.operator) {
        case '+':
          return add(l, r);
        case '-':
          return add(l, r, true);
        case '*':
          return mul(l, r);
        case '/':
          if (isZero(r)) throw new Fallback();
          return fromDec(toDec(l).dividedBy(toDec(r)));
        case '=':
          return cmp(l, r) === 0 ? ONE : ZERO;
        case '<>':
          return cmp(l, r) === 0 ? ZERO : ONE;
        case '<':
          return cmp(l, r) < 0 ? ONE : ZERO;
        case '>':
          return cmp(l, r) > 0 ? ONE : ZERO;
        case '<=':
          return cmp(l, r) <= 0 ? ONE : ZERO;
        case '>=':
          return cmp(l, r) >= 0 ? ONE : ZERO;
      }
      break;
    }
    case 'call': {
      const arg = (i: number) => evaluate(node.args[i]!, ctx);
      switch (node.name) {
        case 'IF':
          if (truthy(arg(0))) return arg(1);
          return node.args.length > 2 ? arg(2) : ZERO;
        case 'AND':
          for (let i = 0; i < node.args.length; i += 1) if (!truthy(arg(i))) return ZERO;
          return ONE;
        case 'OR':
          for (let i = 0; i < node.args.length; i += 1) if (truthy(arg(i))) return ONE;
          return ZERO;
        case 'NOT':
          return truthy(arg(0)) ? ZERO : ONE;
        case 'ABS':
          return abs(arg(0));
        case 'ROUND':
        case 'ROUNDUP':
        case 'ROUNDDOWN': {
          let places = 0;
          if (node.args.length > 1) {
            const p = arg(1);
            if (!isFx(p) || p.s !== 0 || p.n < 0 || p.n > 10) {
              const d = toDec(p);
              if (!d.isInteger() || d.lessThan(0) || d.greaterThan(10)) throw new Fallback();
              places = d.toNumber();
            } else places = p.n;
          }
          return round(arg(0), places, node.name === 'ROUND' ? 'halfUp' : node.name === 'ROUNDUP' ? 'up' : 'down');
        }
        case 'MAX':
        case 'MIN':
        case 'SUM': {
          let result = arg(0);
          for (let i = 1; i < node.args.length; i += 1) {
            const v = arg(i);
            if (node.name === 'SUM') result = add(result, v);
            else if (node.name === 'MAX' ? cmp(v, result) > 0 : cmp(v, result) < 0) result = v;
          }
          return result;
        }
      }
    }
  }
  throw new Fallback();
}

/**
 * evaluateFormulas on the fast path: the same results (and, on an error, the same error, from the
 * engine's own evaluation).
 */
export function evaluateFormulasFast(plan: FormulaPlan, inputs: Readonly<Record<string, string>>): Record<string, string> {
  if (typeof plan === 'object' && plan !== null && typeof inputs === 'object' && inputs !== null) {
    const c = compiledPlan(plan);
    if (c !== null) {
      const r = runCompiled(c, inputs);
      if (r !== null) return r;
    }
  }
  return evaluateFormulasMixed(plan, inputs);
}

/** evaluateFormulasFast for values the compiled plan cannot hold exactly: scaled integers and Decimals mixed. */
function evaluateFormulasMixed(plan: FormulaPlan, inputs: Readonly<Record<string, string>>): Record<string, string> {
  const ctx: Ctx = { values: new Map(), inputs };
  const result: Record<string, string> = {};
  try {
    for (const name of plan.order) {
      const item = plan.items.get(name) as CompiledFormulaItem;
      const value = round(evaluate(item.tree, ctx), item.decimals, 'halfUp');
      ctx.values.set(name, value);
      result[name] = format(value, item.decimals);
    }
  } catch (err) {
    if (err instanceof Fallback) return evaluateFormulas(plan, inputs);
    throw err;
  }
  return result;
}
