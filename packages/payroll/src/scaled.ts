/*
 * Scaled-integer helpers of the hot path: a value is n × 10^-s with n a safe integer and 0 ≤ s ≤ 15.
 * Functions answer NaN (or -1 for a scale) where the exact result would not be a safe integer; the
 * caller then computes with the Decimal constructor instead.
 */

export const POW: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);
export const MAX_SCALE = 15;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Scale of the last parseScaled call. */
export let parsedScale = 0;

/**
 * Parses '-12.345'-style text (the engine's number syntax: optional '-', digits, optional '.' and
 * digits) into n with parsedScale s; NaN when the text is not such a number or n is not safe.
 */
export function parseScaled(text: string): number {
  const len = text.length;
  let i = 0;
  const negative = len > 0 && text.charCodeAt(0) === 45;
  if (negative) i = 1;
  if (i >= len) return NaN;
  let n = 0;
  let s = 0;
  let dot = -1;
  for (; i < len; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 46) {
      if (dot >= 0 || i === (negative ? 1 : 0) || i === len - 1) return NaN;
      dot = i;
      continue;
    }
    if (c < 48 || c > 57) return NaN;
    n = n * 10 + (c - 48);
    if (dot >= 0) s += 1;
  }
  if (n > MAX_SAFE || s > MAX_SCALE) return NaN;
  parsedScale = s;
  return negative ? -n : n;
}

/**
 * A money amount as the engine accepts it (`^\d+(\.\d{1,2})?$`) in integer cents; -1 when the text
 * is not such an amount, -2 when it is but its cents are not a safe integer.
 */
export function parseCents(text: string): number {
  const len = text.length;
  if (len === 0) return -1;
  // Stored and imported amounts mostly have exactly two places, and many are zero.
  if (len >= 4 && text.charCodeAt(len - 3) === 46) {
    if (text === '0.00') return 0;
    let n = 0;
    for (let i = 0; i < len - 3; i += 1) {
      const d = text.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return -1;
      n = n * 10 + d;
    }
    const d1 = text.charCodeAt(len - 2) - 48;
    const d2 = text.charCodeAt(len - 1) - 48;
    if (d1 < 0 || d1 > 9 || d2 < 0 || d2 > 9) return -1;
    const cents = n * 100 + d1 * 10 + d2;
    return cents <= MAX_SAFE && n <= MAX_SAFE ? cents : -2;
  }
  let n = 0;
  let i = 0;
  for (; i < len; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 46) break;
    if (c < 48 || c > 57) return -1;
    n = n * 10 + (c - 48);
  }
  if (i === 0) return -1;
  let frac = 0;
  if (i < len) {
    const places = len - i - 1;
    if (places < 1 || places > 2) return -1;
    const d1 = text.charCodeAt(i + 1) - 48;
    if (d1 < 0 || d1 > 9) return -1;
    frac = d1 * 10;
    if (places === 2) {
      const d2 = text.charCodeAt(i + 2) - 48;
      if (d2 < 0 || d2 > 9) return -1;
      frac += d2;
    }
  }
  const cents = n * 100 + frac;
  return cents <= MAX_SAFE && n <= MAX_SAFE ? cents : -2;
}

/** n × 10^k, or NaN when that is not a safe integer. */
export function upscale(n: number, k: number): number {
  if (k === 0) return n;
  const r = n * POW[k]!;
  return r >= -MAX_SAFE && r <= MAX_SAFE ? r : NaN;
}

const LIMIT_ROUND = 2 ** 52;

/** 0 = half-up (ties away from zero), 1 = up (away from zero), 2 = down (toward zero). */
export type ModeCode = 0 | 1 | 2;
export const HALF_UP: ModeCode = 0;
export const UP: ModeCode = 1;
export const DOWN: ModeCode = 2;

/** n × 10^-s rounded to `places` (< s) decimals: the integer at scale `places`. */
export function roundScaled(n: number, s: number, places: number, mode: ModeCode): number {
  if (s <= places) return upscale(n, places - s);
  const k = POW[s - places]!;
  const a = n < 0 ? -n : n;
  if (a > LIMIT_ROUND) return NaN;
  let q = Math.floor(a / k);
  let r = a - q * k;
  // a / k in binary floating point may be off by one for large a.
  if (r < 0) {
    q -= 1;
    r += k;
  } else if (r >= k) {
    q += 1;
    r -= k;
  }
  if (r !== 0 && (mode === UP || (mode === HALF_UP && r * 2 >= k))) q += 1;
  return n < 0 ? -q : q;
}

const LIMIT_DIV = 2 ** 51;

/**
 * (nl × 10^-sl) ÷ (nr × 10^-sr) rounded to `places` decimals by `mode`, as the integer at scale
 * `places`; NaN when the operands are too large to do this exactly (or nr is 0).
 *
 * This equals rounding the Decimal constructor's 40-digit quotient: the exact quotient is A/D with
 * D < 2^51, so unless it lies exactly on a rounding boundary it is at least 1/D units of 10^-places
 * from one, while the 40-digit quotient differs from it by less than |quotient| × 10^-39 < 1/D of
 * those units for any quotient below 2^53 units; a quotient exactly on a boundary has few digits and
 * is the 40-digit quotient itself.
 */
export function divideRounded(nl: number, sl: number, nr: number, sr: number, places: number, mode: ModeCode): number {
  if (nr === 0) return NaN;
  const e = sr + places - sl;
  let num = nl < 0 ? -nl : nl;
  let den = nr < 0 ? -nr : nr;
  if (e >= 0) {
    if (e > 22) return NaN;
    num *= POW[e]!;
  } else {
    if (-e > 22) return NaN;
    den *= POW[-e]!;
  }
  if (num > LIMIT_DIV || den > LIMIT_DIV) return NaN;
  let q = Math.floor(num / den);
  let r = num - q * den;
  if (r < 0) {
    q -= 1;
    r += den;
  } else if (r >= den) {
    q += 1;
    r -= den;
  }
  if (r !== 0 && (mode === UP || (mode === HALF_UP && r * 2 >= den))) q += 1;
  return (nl < 0) !== (nr < 0) ? -q : q;
}

/** Scale of the last divideExact call. */
export let quotientScale = 0;

function gcd(a: number, b: number): number {
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/**
 * (nl × 10^-sl) ÷ (nr × 10^-sr) when the quotient terminates within 15 decimals with a safe integer
 * (the Decimal constructor's 40-digit quotient is then exactly it): n with quotientScale; NaN
 * otherwise (or when nr is 0).
 */
export function divideExact(nl: number, sl: number, nr: number, sr: number): number {
  if (nr === 0) return NaN;
  let a = nl < 0 ? -nl : nl;
  let d = nr < 0 ? -nr : nr;
  const g = gcd(a, d);
  if (g === 0) return NaN;
  a /= g;
  d /= g;
  // d must be 2^x 5^y; then a/d = a × (10^k / d) / 10^k with k = max(x, y).
  let x = 0;
  let y = 0;
  let rest = d;
  while (rest % 2 === 0) {
    rest /= 2;
    x += 1;
  }
  while (rest % 5 === 0) {
    rest /= 5;
    y += 1;
  }
  if (rest !== 1) return NaN;
  const k = x > y ? x : y;
  if (k > 22) return NaN;
  const factor = POW[k]! / d;
  const n = a * factor;
  if (!(n <= MAX_SAFE)) return NaN;
  let s = sl - sr + k;
  let out = n;
  if (s < 0) {
    out = upscale(n, -s);
    if (out !== out) return NaN;
    s = 0;
  }
  if (s > MAX_SCALE) return NaN;
  quotientScale = s;
  return (nl < 0) !== (nr < 0) ? -out : out;
}

const SMALL_CENTS: string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

/** n × 10^-s (s ≤ decimals) as text with exactly `decimals` places, never '-0…'; null when not exact. */
export function formatScaled(n: number, s: number, decimals: number): string | null {
  const m = s === decimals ? n : upscale(n, decimals - s);
  if (m !== m) return null;
  const negative = m < 0;
  const a = negative ? -m : m;
  if (decimals === 0) return negative ? `-${a}` : String(a);
  if (a > LIMIT_ROUND) return null;
  const p = POW[decimals]!;
  let ip = Math.floor(a / p);
  let fp = a - ip * p;
  if (fp < 0) {
    ip -= 1;
    fp += p;
  } else if (fp >= p) {
    ip += 1;
    fp -= p;
  }
  // Two places (money) from a table: no digits string to make and pad.
  let frac = decimals === 2 ? SMALL_CENTS[fp]! : String(fp);
  if (frac.length < decimals) frac = '0'.repeat(decimals - frac.length) + frac;
  return negative ? `-${ip}.${frac}` : `${ip}.${frac}`;
}

/** Integer cents (|c| ≤ 2^52) as text with two places, never '-0.00'. */
export function formatCents(c: number): string {
  if (c === 0) return '0.00';
  const a = c < 0 ? -c : c;
  let ip = Math.floor(a / 100);
  let r = a - ip * 100;
  if (r < 0) {
    ip -= 1;
    r += 100;
  } else if (r >= 100) {
    ip += 1;
    r -= 100;
  }
  return c < 0 ? `-${ip}.${SMALL_CENTS[r]}` : `${ip}.${SMALL_CENTS[r]}`;
}

/** Largest magnitude of cents the hot path formats (beyond it the Decimal path is used). */
export const LIMIT_CENTS = 2 ** 52;
