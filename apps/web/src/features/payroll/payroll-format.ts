import type { ResultItemColumn } from '@wfsaas/contracts';
import type { StatusTone } from '../../app/ui/StatusTag.tsx';
import { formatMoney } from '../../app/ui/format.ts';

/** Inserts `snippet` in place of text[start, end); answers the new text and the caret after the snippet. */
export function insertAt(text: string, start: number, end: number, snippet: string): { text: string; caret: number } {
  const s = Math.max(0, Math.min(start, text.length));
  const e = Math.max(s, Math.min(end, text.length));
  return { text: text.slice(0, s) + snippet + text.slice(e), caret: s + snippet.length };
}

/** This month in China Standard Time as YYYY-MM. */
export function chinaMonth(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(now).slice(0, 7);
}

/**
 * The weeks of a month as rows of seven cells (Monday first); a cell is the day of the month or null
 * before the first and after the last day.
 */
export function monthWeeks(year: number, month: number): (number | null)[][] {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay(); // 0 Sunday
  const lead = (first + 6) % 7;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (number | null)[] = [...Array<null>(lead).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** YYYY-MM-DD of a day. */
export function isoDay(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Saturday or Sunday. */
export function isWeekend(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return d === 0 || d === 6;
}

/**
 * The change of a figure against last month as a signed percentage with one decimal ("+12.5%"),
 * computed on cents so no float rounding shows; null when last month is missing or zero.
 */
export function changePercent(current: string | null | undefined, previous: string | null | undefined): string | null {
  const cur = toCents(current);
  const prev = toCents(previous);
  if (cur === null || prev === null || prev === 0n) return null;
  const diff = cur - prev;
  const abs = prev < 0n ? -prev : prev;
  // tenths of a percent, rounded half away from zero
  const scaled = diff * 1000n;
  let tenths = scaled / abs;
  const rem = scaled % abs;
  if ((rem < 0n ? -rem : rem) * 2n >= abs) tenths += diff < 0n ? -1n : 1n;
  const sign = tenths > 0n ? '+' : tenths < 0n ? '-' : '';
  const t = tenths < 0n ? -tenths : tenths;
  return `${sign}${t / 10n}.${t % 10n}%`;
}

function toCents(v: string | null | undefined): bigint | null {
  if (v === null || v === undefined || v === '') return null;
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(v.trim());
  if (!m) return null;
  const cents = BigInt(m[2]!) * 100n + BigInt(((m[3] ?? '') + '00').slice(0, 2));
  return m[1] === '-' ? -cents : cents;
}

/** The difference of two money strings as a money string with two decimals (current − previous). */
export function moneyDifference(current: string | null | undefined, previous: string | null | undefined): string | null {
  const cur = toCents(current);
  const prev = toCents(previous);
  if (cur === null || prev === null) return null;
  const d = cur - prev;
  const a = d < 0n ? -d : d;
  return `${d < 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}


/** Tones of a run status: pending grey, calculating blue, to review orange, locked / submitted green. */
export function runStatusTone(status: number): StatusTone {
  switch (status) {
    case 2:
      return 'processing';
    case 3:
      return 'warning';
    case 4:
    case 5:
      return 'success';
    default:
      return 'pending';
  }
}

/** An item's value in the results: money for payslip money categories, the plain number otherwise. */
export function formatItemValue(value: string | null | undefined, category: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (category === 'income' || category === 'deduction' || category === 'net') return formatMoney(value);
  return value;
}

/** A rate such as '0.08' as '8%', '0.005' as '0.5%', '0.165' as '16.5%'. */
export function formatRate(v: string | null | undefined): string {
  if (!v) return '—';
  const m = /^(\d+)(?:\.(\d+))?$/.exec(v.trim());
  if (!m) return v;
  const frac = (m[2] ?? '').padEnd(2, '0');
  const whole = `${m[1]}${frac.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = frac.slice(2).replace(/0+$/, '');
  return `${whole}${rest ? `.${rest}` : ''}%`;
}

/** a + b of two money strings, computed on cents, with two decimals. */
export function addMoney(a: string, b: string): string {
  const x = toCents(a) ?? 0n;
  const y = toCents(b) ?? 0n;
  const s = x + y;
  const abs = s < 0n ? -s : s;
  return `${s < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export type SummaryColumn = 'gross' | 'siEmployee' | 'hfEmployee' | 'tax' | 'net';

const SHOWN_BY: Record<Exclude<SummaryColumn, 'gross' | 'net'>, readonly string[]> = {
  siEmployee: ['siEmployee', 'contributionEmployee'],
  hfEmployee: ['hfEmployee', 'contributionEmployee'],
  tax: ['tax'],
};

/** The summary columns a results table adds after the group's items: only those no item already shows. */
export function summaryColumns<K extends SummaryColumn>(items: readonly ResultItemColumn[], wanted: readonly K[]): K[] {
  return wanted.filter((k) => {
    if (k === 'gross' || k === 'net') return !items.some((i) => i.role === k);
    return !items.some((i) => i.systemKey !== undefined && SHOWN_BY[k as Exclude<SummaryColumn, 'gross' | 'net'>].includes(i.systemKey));
  });
}
