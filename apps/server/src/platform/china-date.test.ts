import { describe, expect, it } from 'vitest';
import { addMonths, chinaMonth, chinaToday } from './china-date.ts';

describe('China calendar days and months', () => {
  it('turns the day and the month at midnight China time (16:00 UTC), not at midnight UTC', () => {
    expect(chinaToday(new Date('2026-01-31T15:59:59Z'))).toBe('2026-01-31');
    expect(chinaToday(new Date('2026-01-31T16:00:00Z'))).toBe('2026-02-01');
    expect(chinaMonth(new Date('2026-01-31T15:59:59Z'))).toBe('2026-01');
    expect(chinaMonth(new Date('2026-01-31T16:00:00Z'))).toBe('2026-02');
    expect(chinaMonth(new Date('2025-12-31T16:00:00Z'))).toBe('2026-01');
  });

  it('gives the previous month of a month through its first day', () => {
    expect(addMonths(`${chinaMonth(new Date('2026-01-01T00:00:00+08:00'))}-01`, -1).slice(0, 7)).toBe('2025-12');
    expect(addMonths('2026-03-01', -1).slice(0, 7)).toBe('2026-02');
  });
});
