import { describe, expect, it } from 'vitest';
import { AGE_BANDS, bandOf, boardHref, formatYearsMonths, TENURE_BANDS, wholeMonthsBetween } from './stats.ts';

describe('durations', () => {
  it.each([
    ['2020-01-15', '2025-03-14', 61],
    ['2020-01-15', '2025-03-15', 62],
    ['2024-01-31', '2024-02-29', 1],
    ['2023-01-31', '2023-02-28', 1],
    ['2024-03-31', '2024-04-30', 1],
    ['2024-05-10', '2024-05-10', 0],
  ])('counts whole months from %s to %s: %i', (from, to, months) => {
    expect(wholeMonthsBetween(from, to)).toBe(months);
  });

  it.each([
    [0, '0个月'],
    [11, '11个月'],
    [12, '1年0个月'],
    [62, '5年2个月'],
    [-1, '—'],
  ])('formats %i months as %s', (m, text) => {
    expect(formatYearsMonths(m)).toBe(text);
  });
});

describe('bands', () => {
  it('puts a value in the band [from, to), unknown for nothing or nonsense', () => {
    expect(bandOf(24, AGE_BANDS)).toBe('under25');
    expect(bandOf(25, AGE_BANDS)).toBe('25to30');
    expect(bandOf(80, AGE_BANDS)).toBe('50plus');
    expect(bandOf(0, TENURE_BANDS)).toBe('under1y');
    expect(bandOf(36, TENURE_BANDS)).toBe('3to5y');
    expect(bandOf(null, AGE_BANDS)).toBe('unknown');
    expect(bandOf(-3, AGE_BANDS)).toBe('unknown');
    expect(bandOf(2.5, AGE_BANDS)).toBe('unknown');
  });
});

describe('board links', () => {
  it('writes the query of a link, or the bare path', () => {
    expect(boardHref({ path: '/staffRoll', query: {} })).toBe('/staffRoll');
    expect(boardHref({ path: '/staffRoll', query: { status: '1,2,3', hireDate: '~2025-02-28' } })).toBe('/staffRoll?status=1,2,3&hireDate=~2025-02-28');
    expect(boardHref({ path: '/a', query: { q: '甲 乙&' } })).toBe('/a?q=%E7%94%B2%20%E4%B9%99%26');
  });
});
