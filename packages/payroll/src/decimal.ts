import Decimal from 'decimal.js';
import { PayrollInputError } from './errors.ts';

/**
 * The engine's own Decimal constructor: 40 significant digits and half-up rounding (ties away from
 * zero), independent of any global Decimal configuration elsewhere in the process.
 */
export const PayrollDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** A value of the engine's Decimal constructor. */
export type Dec = Decimal;

export const ZERO = new PayrollDecimal(0);

const MONEY_PATTERN = /^\d+(\.\d{1,2})?$/;
const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;

/**
 * Parses a non-negative money amount given as a decimal string with at most two places
 * (`'1234'`, `'1234.5'`, `'1234.56'`). Anything else throws a PayrollInputError naming the field.
 */
export function parseMoney(value: unknown, field: string, label: string): Dec {
  if (typeof value !== 'string' || !MONEY_PATTERN.test(value)) {
    throw new PayrollInputError(field, `${label}必须是不小于0的金额（数字，最多两位小数），收到：${describeValue(value)}`);
  }
  return new PayrollDecimal(value);
}

/** Like parseMoney, but an absent (undefined) value counts as zero. */
export function parseOptionalMoney(value: unknown, field: string, label: string): Dec {
  return value === undefined ? ZERO : parseMoney(value, field, label);
}

/**
 * Parses a rate given as a decimal fraction string between 0 and 1 inclusive (`'0.16'` = 16%).
 */
export function parseRate(value: unknown, field: string, label: string): Dec {
  if (typeof value !== 'string' || !NUMBER_PATTERN.test(value)) {
    throw new PayrollInputError(field, `${label}必须是0到1之间的小数（如0.16表示16%），收到：${describeValue(value)}`);
  }
  const rate = new PayrollDecimal(value);
  if (rate.isNegative() || rate.greaterThan(1)) {
    throw new PayrollInputError(field, `${label}必须是0到1之间的小数（如0.16表示16%），收到：${describeValue(value)}`);
  }
  return rate;
}

/** Rounds to the cent, half-up, and formats with exactly two decimal places. */
export function formatMoney(value: Dec): string {
  const text = value.toFixed(2, PayrollDecimal.ROUND_HALF_UP);
  return text === '-0.00' ? '0.00' : text;
}

/** The larger of a value and zero. */
export function floorAtZero(value: Dec): Dec {
  return value.isNegative() ? ZERO : value;
}

export function describeValue(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  if (value === undefined) return '空';
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value;
}

/** A rounding mode of the Decimal constructor (PayrollDecimal.ROUND_HALF_UP …). */
export type RoundingMode = Decimal.Rounding;
