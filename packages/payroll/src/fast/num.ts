// Scaled integers (n × 10^-s) and Decimals mixed: parsing, exact arithmetic, rounding and text.
import { PayrollDecimal, type Dec } from '../decimal.ts';

export type Fx = { readonly n: number; readonly s: number };
/** A scaled integer, or a Decimal where the scaled form would not be exact. */
export type Num = Fx | Dec;

export const POW: number[] = Array.from({ length: 16 }, (_, i) => 10 ** i);
export const MAX_SCALE = 15;

export const isFx = (x: Num): x is Fx => !(x instanceof PayrollDecimal);
export const toDec = (x: Num): Dec => (isFx(x) ? new PayrollDecimal(x.n).dividedBy(POW[x.s]!) : x);
export const fx = (n: number, s: number): Fx => ({ n, s });
export const ZERO: Fx = fx(0, 0);
export const ONE: Fx = fx(1, 0);

/** Parses '-12.345'-style text; null when it is not a plain decimal number. */
export function parseNum(text: string): Num | null {
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

export function fromDec(d: Dec): Num {
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

export function add(a: Num, b: Num, negateB = false): Num {
  if (isFx(a) && isFx(b)) {
    const al = align(a, b);
    if (al) {
      const r = negateB ? al[0] - al[1] : al[0] + al[1];
      if (Number.isSafeInteger(r)) return fx(r, al[2]);
    }
  }
  return negateB ? toDec(a).minus(toDec(b)) : toDec(a).plus(toDec(b));
}

export function mul(a: Num, b: Num): Num {
  if (isFx(a) && isFx(b)) {
    const r = a.n * b.n;
    if (Number.isSafeInteger(r) && a.s + b.s <= MAX_SCALE) return fx(r, a.s + b.s);
  }
  return toDec(a).times(toDec(b));
}

export function cmp(a: Num, b: Num): number {
  if (isFx(a) && isFx(b)) {
    const al = align(a, b);
    if (al) return al[0] < al[1] ? -1 : al[0] > al[1] ? 1 : 0;
  }
  return toDec(a).comparedTo(toDec(b));
}

export const isZero = (a: Num) => (isFx(a) ? a.n === 0 : a.isZero());
export const negate = (a: Num): Num => (isFx(a) ? fx(-a.n, a.s) : a.negated());
export const abs = (a: Num): Num => (isFx(a) ? fx(Math.abs(a.n), a.s) : a.abs());

export type Mode = 'halfUp' | 'up' | 'down';
const DEC_MODES = { halfUp: PayrollDecimal.ROUND_HALF_UP, up: PayrollDecimal.ROUND_UP, down: PayrollDecimal.ROUND_DOWN } as const;

/** Rounds to `places` decimals (ties away from zero for halfUp; up = away from zero; down = toward zero). */
export function round(a: Num, places: number, mode: Mode): Num {
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
export function format(a: Num, decimals: number): string {
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
