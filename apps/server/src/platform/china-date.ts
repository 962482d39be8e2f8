/** Calendar days as people in the product read them: China Standard Time (UTC+8, no daylight saving), as YYYY-MM-DD. */

const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
const DATE_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The calendar day in China of `at` (now by default), YYYY-MM-DD. */
export function chinaToday(at: Date = new Date()): string {
  return DAY.format(at);
}

/** The calendar month in China of `at` (now by default), YYYY-MM. */
export function chinaMonth(at: Date = new Date()): string {
  return chinaToday(at).slice(0, 7);
}

/** YYYY-MM-DD HH:mm:ss in China Standard Time. */
export function formatChinaDateTime(at: Date): string {
  const p = Object.fromEntries(DATE_TIME.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The instant a China calendar day (YYYY-MM-DD) starts. */
export function chinaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/** The instant the next China calendar day starts. */
export function chinaDayEnd(day: string): Date {
  return new Date(chinaDayStart(day).getTime() + 24 * 3600_000);
}

/** YYYY-MM-DD plus n days (calendar arithmetic, no time-zone drift). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The same day n months later, clamped to the month's end (2025-08-31 + 6 → 2026-02-28). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + n;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
