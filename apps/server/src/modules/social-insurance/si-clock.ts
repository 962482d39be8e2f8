import { chinaToday } from '../../platform/china-date.ts';

/**
 * Today as social-insurance hosting reads it (China calendar day): deadlines, the declarable month
 * and back-payment late fees depend on it. Tests move it with `setSiClock` to reach a deadline
 * without waiting for one; everything else leaves it on the real clock.
 */

let override: (() => string) | null = null;

export function siToday(): string {
  return override ? override() : chinaToday();
}

/** Sets (a day 'YYYY-MM-DD') or clears (null) the day the module reads as today. For tests. */
export function setSiClock(day: string | null): void {
  override = day === null ? null : () => day;
}
