// Money as text, and the calculation's value slots: each item's value a scaled integer (n × 10^-scale) in one slot.
import { PayrollDecimal } from '../decimal.ts';
import { formatCents, formatScaled, HALF_UP, LIMIT_CENTS, parsedScale, parseScaled, roundScaled, upscale } from '../scaled.ts';
import { MAX_SCALE, add, format, parseNum, round } from './num.ts';

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
