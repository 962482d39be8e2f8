/** Dates as people in the product read them: China Standard Time (UTC+8, no daylight saving). */
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

/** YYYY-MM-DD HH:mm:ss in China Standard Time. */
export function formatChinaDateTime(at: Date): string {
  const p = Object.fromEntries(DATE_TIME.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The start of a calendar day (YYYY-MM-DD) in China Standard Time. */
export function chinaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/** The start of the next calendar day. */
export function chinaDayEnd(day: string): Date {
  return new Date(chinaDayStart(day).getTime() + 24 * 3600_000);
}
