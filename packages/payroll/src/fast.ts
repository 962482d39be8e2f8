import { CUMULATIVE_WAGE_BRACKETS } from './brackets.ts';
import { PayrollDecimal, type Dec } from './decimal.ts';
import { evaluateFormulas, type CompiledFormulaItem, type FormulaPlan } from './formula-engine.ts';
import { compiledPlan, runCompiled } from './formula-compiled.ts';
import { DOWN, formatCents, formatScaled, HALF_UP, LIMIT_CENTS, parseCents, parsedScale, parseScaled, roundScaled, UP, upscale, type ModeCode } from './scaled.ts';
import type { FormulaNode } from './formula-parser.ts';
import { withholdSalaryTax, type SalaryMonth, type SalaryWithholding, type WithholdingOptions } from './iit.ts';
import { calculateSocialInsurance, type CityPolicy, type ContributionLine, type ContributionTotals, type SocialInsuranceOptions, type SocialInsuranceResult } from './social-insurance.ts';

/*
 * The hot path of a payroll run: the same results as evaluateFormulas, calculateSocialInsurance and
 * withholdSalaryTax, computed on scaled integers where that is exact. A value is n × 10^-s with n a
 * safe integer; addition, subtraction, multiplication, comparison and rounding of such values are
 * exact in JavaScript numbers, so they give exactly what the 40-digit Decimal gives.
 *
 * Three tiers, each giving the same results: first plain numbers without objects (the compiled
 * formula plan of formula-compiled.ts; integer cents for contributions, tax and sums); where a value
 * does not fit there, the scaled values below mixed with Decimals (a non-terminating quotient, a
 * result beyond 2^53, more than 15 decimal places are computed by the Decimal constructor, as the
 * engine does); and on any error the engine's own function, so the error (and its Chinese message)
 * is the engine's.
 */

type Fx = { readonly n: number; readonly s: number };
/** A scaled integer, or a Decimal where the scaled form would not be exact. */
type Num = Fx | Dec;

const POW: number[] = Array.from({ length: 16 }, (_, i) => 10 ** i);
const MAX_SCALE = 15;

const isFx = (x: Num): x is Fx => !(x instanceof PayrollDecimal);
const toDec = (x: Num): Dec => (isFx(x) ? new PayrollDecimal(x.n).dividedBy(POW[x.s]!) : x);
const fx = (n: number, s: number): Fx => ({ n, s });
const ZERO: Fx = fx(0, 0);
const ONE: Fx = fx(1, 0);

/** Parses '-12.345'-style text; null when it is not a plain decimal number. */
function parseNum(text: string): Num | null {
  const t = text;
  let i = 0;
  const negative = t.charCodeAt(0) === 45;
  if (negative) i = 1;
  if (i >= t.length) return null;
  let n = 0;
  let s = 0;
  let dot = false;
  let digits = 0;
  for (; i < t.length; i += 1) {
    const c = t.charCodeAt(i);
    if (c === 46) {
      if (dot || digits === 0 || i === t.length - 1) return null;
      dot = true;
      continue;
    }
    if (c < 48 || c > 57) return null;
    n = n * 10 + (c - 48);
    digits += 1;
    if (dot) s += 1;
  }
  if (digits === 0) return null;
  if (!Number.isSafeInteger(n) || s > MAX_SCALE) return new PayrollDecimal(text);
  return fx(negative ? -n : n, s);
}

function fromDec(d: Dec): Num {
  const s = d.decimalPlaces();
  if (s > MAX_SCALE) return d;
  const n = d.times(POW[s]!).toNumber();
  return Number.isSafeInteger(n) ? fx(n, s) : d;
}

/** Both operands on one scale, or null when that is not exact. */
function align(a: Fx, b: Fx): [number, number, number] | null {
  if (a.s === b.s) return [a.n, b.n, a.s];
  if (a.s < b.s) {
    const n = a.n * POW[b.s - a.s]!;
    return Number.isSafeInteger(n) ? [n, b.n, b.s] : null;
  }
  const n = b.n * POW[a.s - b.s]!;
  return Number.isSafeInteger(n) ? [a.n, n, a.s] : null;
}

function add(a: Num, b: Num, negateB = false): Num {
  if (isFx(a) && isFx(b)) {
    const al = align(a, b);
    if (al) {
      const r = negateB ? al[0] - al[1] : al[0] + al[1];
      if (Number.isSafeInteger(r)) return fx(r, al[2]);
    }
  }
  return negateB ? toDec(a).minus(toDec(b)) : toDec(a).plus(toDec(b));
}

function mul(a: Num, b: Num): Num {
  if (isFx(a) && isFx(b)) {
    const r = a.n * b.n;
    if (Number.isSafeInteger(r) && a.s + b.s <= MAX_SCALE) return fx(r, a.s + b.s);
  }
  return toDec(a).times(toDec(b));
}

function cmp(a: Num, b: Num): number {
  if (isFx(a) && isFx(b)) {
    const al = align(a, b);
    if (al) return al[0] < al[1] ? -1 : al[0] > al[1] ? 1 : 0;
  }
  return toDec(a).comparedTo(toDec(b));
}

const isZero = (a: Num) => (isFx(a) ? a.n === 0 : a.isZero());
const negate = (a: Num): Num => (isFx(a) ? fx(-a.n, a.s) : a.negated());
const abs = (a: Num): Num => (isFx(a) ? fx(Math.abs(a.n), a.s) : a.abs());

type Mode = 'halfUp' | 'up' | 'down';
const DEC_MODES = { halfUp: PayrollDecimal.ROUND_HALF_UP, up: PayrollDecimal.ROUND_UP, down: PayrollDecimal.ROUND_DOWN } as const;

/** Rounds to `places` decimals (ties away from zero for halfUp; up = away from zero; down = toward zero). */
function round(a: Num, places: number, mode: Mode): Num {
  if (!isFx(a)) return fromDec(a.toDecimalPlaces(places, DEC_MODES[mode]));
  if (a.s <= places) return a;
  const k = POW[a.s - places]!;
  const r = a.n % k;
  let q = (a.n - r) / k;
  if (r !== 0) {
    const away = mode === 'up' || (mode === 'halfUp' && Math.abs(r) * 2 >= k);
    if (away) q += a.n < 0 ? -1 : 1;
  }
  return fx(q, places);
}

/** Exactly `decimals` places (the value already has at most that many), like Decimal#toFixed; never '-0.00'. */
function format(a: Num, decimals: number): string {
  if (!isFx(a)) {
    const text = a.toFixed(decimals);
    return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
  }
  let n = a.n;
  let s = a.s;
  if (s < decimals) {
    const scaled = n * POW[decimals - s]!;
    if (!Number.isSafeInteger(scaled)) return format(toDec(a), decimals);
    n = scaled;
    s = decimals;
  }
  const negative = n < 0;
  const digits = String(Math.abs(n)).padStart(s + 1, '0');
  const body = s === 0 ? digits : `${digits.slice(0, digits.length - s)}.${digits.slice(digits.length - s)}`;
  return negative && n !== 0 ? `-${body}` : body;
}

// ── Formulas ──

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

// ── Social insurance ──

type PreparedItem = { line: Omit<ContributionLine, 'base' | 'employer' | 'employee'>; floor: Fx; ceiling: Fx; employerRate: Fx; employeeRate: Fx; employerFixed: Fx; employeeFixed: Fx; places: number; mode: Mode; ownBase: string | undefined };

const MONEY = /^\d+(\.\d{1,2})?$/;

/**
 * calculateSocialInsurance with the policy and options checked and parsed once: answers a function of
 * the base giving the same result. The policy and options are checked here (same errors as the engine).
 */
export function prepareSocialInsurance(policy: CityPolicy, options: SocialInsuranceOptions = {}): (base: string) => SocialInsuranceResult {
  const { calculate, items, exact, city } = prepareMixed(policy, options);
  const inCents = baseInCents(items, exact);
  if (inCents === null) return calculate;
  return (base) => {
    const c = inCents(base);
    if (c === null) return calculate(base);
    return {
      city,
      items: c.items,
      socialInsurance: centsTotals(c.siEmployer, c.siEmployee),
      housingFund: centsTotals(c.hfEmployer, c.hfEmployee),
      totals: centsTotals(c.siEmployer + c.hfEmployer, c.siEmployee + c.hfEmployee),
    };
  };
}

/** The contribution lines of a base with the four totals in integer cents (what a payroll calculation stores). */
export type ContributionCents = { items: ContributionLine[]; siEmployer: number; siEmployee: number; hfEmployer: number; hfEmployee: number };

/**
 * prepareSocialInsurance's lines and totals for the bases its integer path takes, with the totals as
 * integer cents instead of text and no combined totals; null for a policy or base it does not take
 * that way (the caller then uses prepareSocialInsurance, which answers or explains).
 */
export function prepareContributionCents(policy: CityPolicy, options: SocialInsuranceOptions = {}): ((base: string) => ContributionCents | null) | null {
  const { items, exact } = prepareMixed(policy, options);
  return baseInCents(items, exact);
}

/** The integer path of prepared items: a base's lines and totals in cents, or null for a base it does not take; null for items it cannot take exactly. */
function baseInCents(items: readonly PreparedItem[], exact: boolean): ((base: string) => ContributionCents | null) | null {
  const table = exact ? centsTable(items) : null;
  if (table === null) return null;
  const inCents = linesInCents(table);
  return (base) => {
    const given = typeof base === 'string' ? parseCents(base) : -1;
    return given < 0 || given > LIMIT_CENTS ? null : inCents(given);
  };
}

/** The lines and totals of a base given in integer cents, on the prepared items in cents. */
function linesInCents(table: readonly CentsItem[]): (given: number) => ContributionCents {
  return (given) => {
    const lines: ContributionLine[] = [];
    // Most lines take the base as given: its text is made once.
    let givenText: string | null = null;
    let siEr = 0;
    let siEe = 0;
    let hfEr = 0;
    let hfEe = 0;
    for (const t of table) {
      const own = t.ownBase >= 0 ? t.ownBase : given;
      const clamped = own < t.floor ? t.floor : own > t.ceiling ? t.ceiling : own;
      const employer = upscale(roundScaled(clamped * t.employerRate, t.employerScale, t.places, t.mode), 2 - t.places) + t.employerFixed;
      const employee = upscale(roundScaled(clamped * t.employeeRate, t.employeeScale, t.places, t.mode), 2 - t.places) + t.employeeFixed;
      const line = t.line;
      lines.push({
        key: line.key,
        name: line.name,
        employerRate: line.employerRate,
        employeeRate: line.employeeRate,
        base: clamped === t.floor ? t.floorText : clamped === t.ceiling ? t.ceilingText : clamped === given ? (givenText ??= formatCents(given)) : formatCents(clamped),
        employer: formatCents(employer),
        employee: formatCents(employee),
      });
      if (t.housingFund) {
        hfEr += employer;
        hfEe += employee;
      } else {
        siEr += employer;
        siEe += employee;
      }
    }
    return { items: lines, siEmployer: siEr, siEmployee: siEe, hfEmployer: hfEr, hfEmployee: hfEe };
  };
}

function centsTotals(employer: number, employee: number): ContributionTotals {
  return { employer: formatCents(employer), employee: formatCents(employee), total: formatCents(employer + employee) };
}

type CentsItem = {
  line: PreparedItem['line'];
  housingFund: boolean;
  floor: number;
  ceiling: number;
  floorText: string;
  ceilingText: string;
  employerRate: number;
  employerScale: number;
  employeeRate: number;
  employeeScale: number;
  employerFixed: number;
  employeeFixed: number;
  places: number;
  mode: ModeCode;
  ownBase: number;
};

const MODE_CODES = { halfUp: HALF_UP, up: UP, down: DOWN } as const;

/** The prepared items in integer cents, or null when some product could leave the safe integers. */
function centsTable(items: readonly PreparedItem[]): CentsItem[] | null {
  const cents = (v: Num) => (isFx(v) && v.s <= 2 ? upscale(v.n, 2 - v.s) : NaN);
  const out: CentsItem[] = [];
  for (const i of items) {
    const ownBase = i.ownBase === undefined ? -1 : parseCents(i.ownBase);
    if (i.ownBase !== undefined && ownBase < 0) return null;
    const floor = cents(i.floor);
    const ceiling = cents(i.ceiling);
    const employerFixed = cents(i.employerFixed);
    const employeeFixed = cents(i.employeeFixed);
    if (!isFx(i.employerRate) || !isFx(i.employeeRate)) return null;
    const t: CentsItem = {
      line: i.line,
      housingFund: i.line.key === 'housingFund',
      floor,
      ceiling,
      floorText: formatCents(floor),
      ceilingText: formatCents(ceiling),
      employerRate: i.employerRate.n,
      employerScale: 2 + i.employerRate.s,
      employeeRate: i.employeeRate.n,
      employeeScale: 2 + i.employeeRate.s,
      employerFixed,
      employeeFixed,
      places: i.places,
      mode: MODE_CODES[i.mode],
      ownBase,
    };
    const bounded = [floor, ceiling, employerFixed, employeeFixed].every((v) => v >= 0 && v <= 2 ** 40);
    if (!bounded || t.employerScale > MAX_SCALE || t.employeeScale > MAX_SCALE || ceiling * Math.max(t.employerRate, t.employeeRate) > 2 ** 52 || t.employerRate < 0 || t.employeeRate < 0) return null;
    out.push(t);
  }
  return out;
}

/** prepareSocialInsurance on scaled integers and Decimals mixed, for any base. */
function prepareMixed(policy: CityPolicy, options: SocialInsuranceOptions) {
  const probe = calculateSocialInsurance(policy, '0', options);
  const wanted = options.items;
  const items: PreparedItem[] = [];
  for (const item of policy.items) {
    if (wanted !== undefined && !wanted.includes(item.key)) continue;
    const probeLine = probe.items.find((l) => l.key === item.key)!;
    const n = (text: string) => parseNum(text) as Fx;
    items.push({
      line: { key: item.key, name: probeLine.name, employerRate: probeLine.employerRate, employeeRate: probeLine.employeeRate },
      floor: n(item.baseFloor),
      ceiling: n(item.baseCeiling),
      employerRate: n(probeLine.employerRate),
      employeeRate: n(probeLine.employeeRate),
      employerFixed: n(item.employerFixed ?? '0'),
      employeeFixed: n(item.employeeFixed ?? '0'),
      places: item.rounding.places,
      mode: item.rounding.mode,
      ownBase: options.bases?.[item.key],
    });
  }
  const exact = items.every((i) => [i.floor, i.ceiling, i.employerRate, i.employeeRate, i.employerFixed, i.employeeFixed].every((v) => v && isFx(v)));
  const calculate = (base: string): SocialInsuranceResult => {
    if (!exact || !MONEY.test(base) || items.some((i) => i.ownBase !== undefined && !MONEY.test(i.ownBase))) return calculateSocialInsurance(policy, base, options);
    const given = parseNum(base)!;
    const lines: ContributionLine[] = [];
    let siEr: Num = ZERO;
    let siEe: Num = ZERO;
    let hfEr: Num = ZERO;
    let hfEe: Num = ZERO;
    for (const i of items) {
      const own = i.ownBase === undefined ? given : parseNum(i.ownBase)!;
      const clamped = cmp(own, i.floor) < 0 ? i.floor : cmp(own, i.ceiling) > 0 ? i.ceiling : own;
      const employer = add(round(mul(clamped, i.employerRate), i.places, i.mode), i.employerFixed);
      const employee = add(round(mul(clamped, i.employeeRate), i.places, i.mode), i.employeeFixed);
      lines.push({ ...i.line, base: format(round(clamped, 2, 'halfUp'), 2), employer: format(round(employer, 2, 'halfUp'), 2), employee: format(round(employee, 2, 'halfUp'), 2) });
      if (i.line.key === 'housingFund') {
        hfEr = add(hfEr, employer);
        hfEe = add(hfEe, employee);
      } else {
        siEr = add(siEr, employer);
        siEe = add(siEe, employee);
      }
    }
    const totals = (er: Num, ee: Num) => ({ employer: format(round(er, 2, 'halfUp'), 2), employee: format(round(ee, 2, 'halfUp'), 2), total: format(round(add(er, ee), 2, 'halfUp'), 2) });
    return { city: probe.city, items: lines, socialInsurance: totals(siEr, siEe), housingFund: totals(hfEr, hfEe), totals: totals(add(siEr, hfEr), add(siEe, hfEe)) };
  };
  return { calculate, items, exact: exact && items.every((i) => i.ownBase === undefined || MONEY.test(i.ownBase)), city: probe.city };
}

// ── Wage tax ──

const BRACKETS = CUMULATIVE_WAGE_BRACKETS.map((b) => ({ upTo: b.upTo === null ? null : (parseNum(b.upTo) as Fx), rate: parseNum(b.rate) as Fx, quick: parseNum(b.quickDeduction) as Fx, source: b }));
const BASIC = fx(5000, 0);
const LOW_INCOME = fx(60000, 0);

/** The wage table in integer cents: bounds, rate n × 10^-(scale - 2), quick deduction at `scale`. */
const BRACKET_CENTS = CUMULATIVE_WAGE_BRACKETS.map((b) => {
  const rate = parseNum(b.rate) as Fx;
  const quick = parseNum(b.quickDeduction) as Fx;
  const upTo = b.upTo === null ? null : (parseNum(b.upTo) as Fx);
  return {
    upTo: upTo === null ? Infinity : upTo.n * POW[2 - upTo.s]!,
    rate: rate.n,
    scale: 2 + rate.s,
    quick: quick.n * POW[2 + rate.s - quick.s]!,
    relief: POW[rate.s]!,
    rateText: b.rate,
    quickText: format(quick, 2),
  };
});
/** Cumulative amounts up to this many cents stay exact through taxable × rate. */
const LIMIT_TAX_CENTS = 2 ** 45;

function optionalCents(v: unknown): number {
  if (v === undefined) return 0;
  return typeof v === 'string' ? parseCents(v) : -1;
}

/** withholdSalaryTaxFast in integer cents; null where it does not apply (the caller takes the other path). */
function withholdCents(months: readonly SalaryMonth[], options: WithholdingOptions, sums?: Float64Array): SalaryWithholding[] | null {
  if (!Array.isArray(months) || typeof options !== 'object' || options === null || options.opening !== undefined) return null;
  const firstJob = options.firstJobOfYear;
  const lowIncome = options.previousYearLowIncome;
  if ((firstJob !== undefined && typeof firstJob !== 'boolean') || (lowIncome !== undefined && typeof lowIncome !== 'boolean')) return null;
  let income = 0;
  let deductions = 0;
  let relief = 0;
  let withheld = 0;
  let previous = 0;
  let free = 0;
  let special = 0;
  let additional = 0;
  let other = 0;
  let lastTax = 0;
  const out: SalaryWithholding[] = [];
  for (let index = 0; index < months.length; index += 1) {
    const m = months[index];
    if (typeof m !== 'object' || m === null) return null;
    const month = m.month;
    if (!Number.isInteger(month) || month < 1 || month > 12 || month <= previous) return null;
    previous = month;
    const inc = typeof m.income === 'string' ? parseCents(m.income) : -1;
    const fr = optionalCents(m.taxFreeIncome);
    const sp = optionalCents(m.specialDeduction);
    const ad = optionalCents(m.additionalDeduction);
    const ot = optionalCents(m.otherDeduction);
    const rel = optionalCents(m.taxRelief);
    if (inc < 0 || fr < 0 || sp < 0 || ad < 0 || ot < 0 || rel < 0) return null;
    income += inc;
    deductions += fr + sp + ad + ot;
    free += fr;
    special += sp;
    additional += ad;
    other += ot;
    relief += rel;
    if (income > LIMIT_TAX_CENTS || deductions > LIMIT_TAX_CENTS || relief > LIMIT_TAX_CENTS) return null;
    const basic = lowIncome ? 6_000_000 : 500_000 * (firstJob ? month : index + 1);
    let taxable = income - basic - deductions;
    if (taxable < 0) taxable = 0;
    let k = 0;
    while (taxable > BRACKET_CENTS[k]!.upTo) k += 1;
    const b = BRACKET_CENTS[k]!;
    let raw = taxable * b.rate - b.quick - relief * b.relief;
    if (raw < 0) raw = 0;
    const cumulative = roundScaled(raw, b.scale, 2, HALF_UP);
    let tax = cumulative - withheld;
    if (tax < 0) tax = 0;
    withheld += tax;
    lastTax = tax;
    out.push({
      month,
      cumulativeTaxableIncome: formatCents(taxable),
      rate: b.rateText,
      quickDeduction: b.quickText,
      cumulativeTax: formatCents(cumulative),
      tax: formatCents(tax),
    });
  }
  if (sums !== undefined) {
    sums[0] = income;
    sums[1] = free;
    sums[2] = special;
    sums[3] = additional;
    sums[4] = other;
    sums[5] = relief;
    sums[6] = withheld - lastTax;
  }
  return out;
}

/** withholdSalaryTax on the fast path: the same lines (and errors, from the engine). */
export function withholdSalaryTaxFast(months: readonly SalaryMonth[], options: WithholdingOptions = {}): SalaryWithholding[] {
  return withholdCents(months, options) ?? withholdMixed(months, options);
}

function withholdMixed(months: readonly SalaryMonth[], options: WithholdingOptions): SalaryWithholding[] {
  const slow = () => withholdSalaryTax(months, options);
  if (!Array.isArray(months) || typeof options !== 'object' || options === null || options.opening !== undefined) return slow();
  if ((options.firstJobOfYear !== undefined && typeof options.firstJobOfYear !== 'boolean') || (options.previousYearLowIncome !== undefined && typeof options.previousYearLowIncome !== 'boolean')) return slow();
  let income: Num = ZERO;
  let deductions: Num = ZERO;
  let relief: Num = ZERO;
  let withheld: Num = ZERO;
  let previous = 0;
  const out: SalaryWithholding[] = [];
  const money = (v: unknown, optional: boolean): Num | null => (v === undefined && optional ? ZERO : typeof v === 'string' && MONEY.test(v) ? parseNum(v) : null);
  for (const [index, m] of months.entries()) {
    if (typeof m !== 'object' || m === null || !Number.isInteger(m.month) || m.month < 1 || m.month > 12 || m.month <= previous) return slow();
    previous = m.month;
    const parts = [money(m.income, false), money(m.taxFreeIncome, true), money(m.specialDeduction, true), money(m.additionalDeduction, true), money(m.otherDeduction, true), money(m.taxRelief, true)];
    if (parts.some((p) => p === null)) return slow();
    const [inc, free, special, additional, other, rel] = parts as Num[];
    income = add(income, inc!);
    deductions = add(add(add(add(deductions, free!), special!), additional!), other!);
    relief = add(relief, rel!);
    const basic = options.previousYearLowIncome ? LOW_INCOME : mul(BASIC, fx(options.firstJobOfYear ? m.month : index + 1, 0));
    let taxable = add(add(income, basic, true), deductions, true);
    if (cmp(taxable, ZERO) < 0) taxable = ZERO;
    const bracket = BRACKETS.find((b) => b.upTo === null || cmp(taxable, b.upTo) <= 0)!;
    let raw = add(add(mul(taxable, bracket.rate), bracket.quick, true), relief, true);
    if (cmp(raw, ZERO) < 0) raw = ZERO;
    const cumulative = round(raw, 2, 'halfUp');
    let tax = add(cumulative, withheld, true);
    if (cmp(tax, ZERO) < 0) tax = ZERO;
    withheld = add(withheld, tax);
    out.push({
      month: m.month,
      cumulativeTaxableIncome: format(round(taxable, 2, 'halfUp'), 2),
      rate: bracket.source.rate,
      quickDeduction: format(bracket.quick, 2),
      cumulativeTax: format(cumulative, 2),
      tax: format(round(tax, 2, 'halfUp'), 2),
    });
  }
  return out;
}

/** withholdSalaryTaxFast's lines with the year's sums so far, each as text with two places. */
export type CumulativeWithholding = {
  lines: SalaryWithholding[];
  income: string;
  taxFreeIncome: string;
  specialDeduction: string;
  additionalDeduction: string;
  otherDeduction: string;
  taxRelief: string;
  /** Tax withheld in the months before the last. */
  withheldBefore: string;
};

/** Sums of withholdCents: income, tax-free income, special, additional, other deductions, relief, tax withheld before the last month. */
const CUMULATIVE_SUMS = new Float64Array(7);

const SUM_FIELDS = ['income', 'taxFreeIncome', 'specialDeduction', 'additionalDeduction', 'otherDeduction', 'taxRelief'] as const;

/**
 * withholdSalaryTaxFast plus the sums of each month field and of the tax withheld before the last
 * month (what a tax detail shows), added in integer cents; an absent amount counts as 0. Errors are
 * withholdSalaryTax's.
 */
export function withholdSalaryTaxCumulative(months: readonly SalaryMonth[], options: WithholdingOptions = {}): CumulativeWithholding {
  if (typeof options === 'object' && options !== null && options.opening !== undefined) return withholdFromOpening(months, options);
  // In integer cents, the sums are taken in the same pass (each within the withholding's limits).
  const cents = withholdCents(months, options, CUMULATIVE_SUMS);
  if (cents !== null) {
    const c = CUMULATIVE_SUMS;
    return {
      lines: cents,
      income: formatCents(c[0]!),
      taxFreeIncome: formatCents(c[1]!),
      specialDeduction: formatCents(c[2]!),
      additionalDeduction: formatCents(c[3]!),
      otherDeduction: formatCents(c[4]!),
      taxRelief: formatCents(c[5]!),
      withheldBefore: formatCents(c[6]!),
    };
  }
  const lines = withholdMixed(months, options);
  const sums = [0, 0, 0, 0, 0, 0];
  let exact = true;
  for (const m of months) {
    for (let k = 0; k < SUM_FIELDS.length; k += 1) {
      const c = optionalCents(m[SUM_FIELDS[k]!]);
      if (c < 0) exact = false;
      sums[k] += c;
    }
  }
  let withheld = 0;
  for (let i = 0; i < lines.length - 1; i += 1) withheld += parseCents(lines[i]!.tax);
  if (!exact || withheld < 0 || withheld > LIMIT_CENTS || sums.some((v) => v > LIMIT_CENTS)) {
    const sum = (values: (string | undefined)[]) => values.reduce((acc: string, v) => addMoney(acc, v ?? '0'), '0.00');
    const field = (key: (typeof SUM_FIELDS)[number]) => sum(months.map((m) => m[key]));
    return {
      lines,
      income: field('income'),
      taxFreeIncome: field('taxFreeIncome'),
      specialDeduction: field('specialDeduction'),
      additionalDeduction: field('additionalDeduction'),
      otherDeduction: field('otherDeduction'),
      taxRelief: field('taxRelief'),
      withheldBefore: sum(lines.slice(0, -1).map((l) => l.tax)),
    };
  }
  return {
    lines,
    income: formatCents(sums[0]!),
    taxFreeIncome: formatCents(sums[1]!),
    specialDeduction: formatCents(sums[2]!),
    additionalDeduction: formatCents(sums[3]!),
    otherDeduction: formatCents(sums[4]!),
    taxRelief: formatCents(sums[5]!),
    withheldBefore: formatCents(withheld),
  };
}

/** withholdSalaryTaxCumulative with an opening balance: the engine's lines, the sums starting from the opening's. */
function withholdFromOpening(months: readonly SalaryMonth[], options: WithholdingOptions): CumulativeWithholding {
  const lines = withholdSalaryTax(months, options);
  const o = options.opening!;
  const sum = (first: string | undefined, values: (string | undefined)[]) => values.reduce((acc: string, v) => addMoney(acc, v ?? '0'), addMoney('0', first ?? '0'));
  const field = (key: (typeof SUM_FIELDS)[number]) => sum(o[key], months.map((m) => m[key]));
  return {
    lines,
    income: field('income'),
    taxFreeIncome: field('taxFreeIncome'),
    specialDeduction: field('specialDeduction'),
    additionalDeduction: field('additionalDeduction'),
    otherDeduction: field('otherDeduction'),
    taxRelief: field('taxRelief'),
    withheldBefore: sum(o.taxWithheld, lines.slice(0, -1).map((l) => l.tax)),
  };
}

/** The last month of a cumulative withholding with the year's sums (withholdSalaryTaxCumulative's figures for its last line). */
export type MonthWithholding = {
  /** Number of months of the year counted, this one included. */
  months: number;
  tax: string;
  /** The month's tax in integer cents. */
  taxCents: number;
  cumulativeTaxableIncome: string;
  rate: string;
  quickDeduction: string;
  cumulativeTax: string;
  income: string;
  taxFreeIncome: string;
  specialDeduction: string;
  additionalDeduction: string;
  otherDeduction: string;
  taxRelief: string;
  /** Tax withheld in the months before this one (the opening balance's included). */
  withheldBefore: string;
  /** 累计减除费用 of this month. */
  basicDeduction: string;
};

/** A non-negative safe integer amount of cents. */
function centsOk(c: number): boolean {
  return Number.isSafeInteger(c) && c >= 0;
}

/**
 * withholdSalaryTaxCumulative of the months of `earlier` before `month` (in order, as given) followed
 * by this month, whose amounts are integer cents (no tax relief), answering only this month's line
 * and the sums, without a line object or text per earlier month. The same figures as
 * withholdSalaryTaxCumulative; null where its integer path does not apply (a month or amount it
 * would not take in cents), and the caller then takes withholdSalaryTaxCumulative, which gives the
 * result or the engine's error.
 */
export function withholdMonthCents(
  earlier: readonly SalaryMonth[],
  month: number,
  incomeCents: number,
  taxFreeCents: number,
  specialCents: number,
  additionalCents: number,
  otherCents: number,
  options: WithholdingOptions,
): MonthWithholding | null {
  if (!Array.isArray(earlier) || typeof options !== 'object' || options === null) return null;
  const firstJob = options.firstJobOfYear;
  const lowIncome = options.previousYearLowIncome;
  if ((firstJob !== undefined && typeof firstJob !== 'boolean') || (lowIncome !== undefined && typeof lowIncome !== 'boolean')) return null;
  if (!Number.isInteger(month) || month < 1 || month > 12) return null;
  const opening = options.opening;
  let through = 0;
  let basicBefore = 0;
  let income = 0;
  let deductions = 0;
  let relief = 0;
  let withheld = 0;
  let free = 0;
  let special = 0;
  let additional = 0;
  let other = 0;
  if (opening !== undefined) {
    // A balance the integer path does not take exactly (or that is wrong) goes to the engine, which answers or explains.
    if (typeof opening !== 'object' || opening === null) return null;
    through = opening.throughMonth;
    if (!Number.isInteger(through) || through < 1 || through > 11 || month <= through) return null;
    const o = [opening.income, opening.basicDeduction, opening.taxWithheld].map((v) => (typeof v === 'string' ? parseCents(v) : -1));
    const f = [opening.taxFreeIncome, opening.specialDeduction, opening.additionalDeduction, opening.otherDeduction, opening.taxRelief].map(optionalCents);
    if (o.some((c) => c < 0 || c > LIMIT_TAX_CENTS) || f.some((c) => c < 0 || c > LIMIT_TAX_CENTS)) return null;
    income = o[0]!;
    basicBefore = o[1]!;
    withheld = o[2]!;
    free = f[0]!;
    special = f[1]!;
    additional = f[2]!;
    other = f[3]!;
    relief = f[4]!;
    deductions = free + special + additional + other;
  }
  if (!(centsOk(incomeCents) && centsOk(taxFreeCents) && centsOk(specialCents) && centsOk(additionalCents) && centsOk(otherCents))) return null;
  let previous = through;
  let count = 0;
  // The earlier months: the cumulative tax of each only to know what was withheld.
  for (let index = 0; index < earlier.length; index += 1) {
    const m = earlier[index];
    if (typeof m !== 'object' || m === null) return null;
    const mm = m.month;
    if (!Number.isInteger(mm)) return null;
    if (!(mm < month)) continue;
    // A month out of order, or one the opening balance covers, is the engine's to refuse.
    if (mm < 1 || mm <= previous) return null;
    previous = mm;
    const inc = typeof m.income === 'string' ? parseCents(m.income) : -1;
    const fr = optionalCents(m.taxFreeIncome);
    const sp = optionalCents(m.specialDeduction);
    const ad = optionalCents(m.additionalDeduction);
    const ot = optionalCents(m.otherDeduction);
    const rel = optionalCents(m.taxRelief);
    if (inc < 0 || fr < 0 || sp < 0 || ad < 0 || ot < 0 || rel < 0) return null;
    income += inc;
    deductions += fr + sp + ad + ot;
    free += fr;
    special += sp;
    additional += ad;
    other += ot;
    relief += rel;
    count += 1;
    if (income > LIMIT_TAX_CENTS || deductions > LIMIT_TAX_CENTS || relief > LIMIT_TAX_CENTS) return null;
    const tax = monthTax(income - (lowIncome ? 6_000_000 : firstJob ? 500_000 * mm : basicBefore + 500_000 * count) - deductions, relief, withheld);
    withheld += tax;
  }
  income += incomeCents;
  deductions += taxFreeCents + specialCents + additionalCents + otherCents;
  free += taxFreeCents;
  special += specialCents;
  additional += additionalCents;
  other += otherCents;
  count += 1;
  if (income > LIMIT_TAX_CENTS || deductions > LIMIT_TAX_CENTS) return null;
  const basic = lowIncome ? 6_000_000 : firstJob ? 500_000 * month : basicBefore + 500_000 * count;
  let taxable = income - basic - deductions;
  if (taxable < 0) taxable = 0;
  let k = 0;
  while (taxable > BRACKET_CENTS[k]!.upTo) k += 1;
  const b = BRACKET_CENTS[k]!;
  let raw = taxable * b.rate - b.quick - relief * b.relief;
  if (raw < 0) raw = 0;
  const cumulative = roundScaled(raw, b.scale, 2, HALF_UP);
  let tax = cumulative - withheld;
  if (tax < 0) tax = 0;
  return {
    months: count,
    tax: formatCents(tax),
    taxCents: tax,
    cumulativeTaxableIncome: formatCents(taxable),
    rate: b.rateText,
    quickDeduction: b.quickText,
    cumulativeTax: formatCents(cumulative),
    income: formatCents(income),
    taxFreeIncome: formatCents(free),
    specialDeduction: formatCents(special),
    additionalDeduction: formatCents(additional),
    otherDeduction: formatCents(other),
    taxRelief: formatCents(relief),
    withheldBefore: formatCents(withheld),
    basicDeduction: formatCents(basic),
  };
}

/** A month's tax in cents on the cumulative taxable amount (before the floor at 0), relief and tax withheld so far. */
function monthTax(taxable: number, relief: number, withheld: number): number {
  if (taxable < 0) taxable = 0;
  let k = 0;
  while (taxable > BRACKET_CENTS[k]!.upTo) k += 1;
  const b = BRACKET_CENTS[k]!;
  let raw = taxable * b.rate - b.quick - relief * b.relief;
  if (raw < 0) raw = 0;
  const tax = roundScaled(raw, b.scale, 2, HALF_UP) - withheld;
  return tax < 0 ? 0 : tax;
}

// ── Slots: values of a calculation as scaled integers (n × 10^-scale), one slot per item ──

/** Parses plain decimal text (optional '-', digits, optional '.' and digits) into a slot; false when it is not such a number or not exact here. */
export function setSlotText(values: Float64Array, scales: Int32Array, slot: number, text: unknown): boolean {
  if (typeof text !== 'string') return false;
  const n = parseScaled(text);
  if (n !== n) return false;
  values[slot] = n;
  scales[slot] = parsedScale;
  return true;
}

/** A slot's value rounded half-up to `decimals` places, as text with exactly that many (never '-0…'); null when not exact here. */
export function slotText(values: Float64Array, scales: Int32Array, slot: number, decimals: number): string | null {
  const n = values[slot]!;
  const s = scales[slot]!;
  return s <= decimals ? formatScaled(n, s, decimals) : formatScaled(roundScaled(n, s, decimals, HALF_UP), decimals, decimals);
}

/** A slot's value rounded half-up to integer cents; NaN when not exact here. */
export function slotCents(values: Float64Array, scales: Int32Array, slot: number): number {
  const c = roundScaled(values[slot]!, scales[slot]!, 2, HALF_UP);
  return c >= -LIMIT_CENTS && c <= LIMIT_CENTS ? c : NaN;
}

/** Plain decimal text rounded half-up to integer cents; NaN when it is not such a number or not exact here. */
export function textCents(text: string): number {
  if (typeof text !== 'string') return NaN;
  const n = parseScaled(text);
  if (n !== n) return NaN;
  const c = roundScaled(n, parsedScale, 2, HALF_UP);
  return c >= -LIMIT_CENTS && c <= LIMIT_CENTS ? c : NaN;
}

/** Integer cents (|c| ≤ 2^52) as text with two places, never '-0.00'. */
export { formatCents };

let lastSum = '0.00';
let lastSumCents = 0;

/** Decimal helpers for callers on the hot path: exact sums and formatting of plain decimal strings. */
export function addMoney(a: string, b: string): string {
  if (typeof a === 'string' && typeof b === 'string') {
    // A running sum passes back the text just returned: its cents are known.
    let x = a === lastSum ? lastSumCents : parseScaled(a);
    let sx = a === lastSum ? 2 : parsedScale;
    let y = parseScaled(b);
    const sy = parsedScale;
    if (sx < sy) {
      x = upscale(x, sy - sx);
      sx = sy;
    } else if (sy < sx) y = upscale(y, sx - sy);
    const r = roundScaled(x + y, sx, 2, HALF_UP);
    if (r >= -LIMIT_CENTS && r <= LIMIT_CENTS && (sx >= 2 || Math.abs(x + y) <= Number.MAX_SAFE_INTEGER)) {
      lastSum = formatCents(r);
      lastSumCents = r;
      return lastSum;
    }
  }
  const x = parseNum(a);
  const y = parseNum(b);
  if (x === null || y === null) return new PayrollDecimal(a).plus(b).toFixed(2);
  return format(round(add(x, y), 2, 'halfUp'), 2);
}

/** Rounds a decimal string half-up to `decimals` places and formats it with exactly that many. */
export function roundText(value: string, decimals: number): string {
  if (typeof value === 'string' && Number.isInteger(decimals) && decimals >= 0 && decimals <= MAX_SCALE) {
    const n = parseScaled(value);
    const s = parsedScale;
    if (n === n) {
      const text = s <= decimals ? formatScaled(n, s, decimals) : formatScaled(roundScaled(n, s, decimals, HALF_UP), decimals, decimals);
      if (text !== null) return text;
    }
  }
  const x = parseNum(value);
  if (x === null) return new PayrollDecimal(value).toFixed(decimals, PayrollDecimal.ROUND_HALF_UP);
  return format(round(x, decimals, 'halfUp'), decimals);
}
