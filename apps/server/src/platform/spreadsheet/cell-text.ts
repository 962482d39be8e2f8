/** Turning stored cell values into the text a person sees, as the former ExcelJS-based readers did. */

/** Built-in number formats that show a date or time: 14–22, 45–47 and the East Asian ones (27–36, 50–58). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

export function isBuiltinDateFormat(id: number): boolean {
  return BUILTIN_DATE_FORMATS.has(id);
}

/** A custom format code shows a date when y/m/d/h/s appear outside quotes, brackets and escapes. */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/\[[^\]]*]/g, '')
    .replace(/"[^"]*"/g, '')
    .replace(/[\\_*]./g, '');
  return /[ymdhs]/i.test(bare);
}

const MS_PER_DAY = 24 * 3600 * 1000;
const MAX_DATE_MS = 8.64e15;

/** An Excel serial date as YYYY-MM-DD (ExcelJS's conversion: no time zone, rounded to the millisecond). */
export function serialDateText(serial: number, date1904: boolean): string | null {
  const ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * MS_PER_DAY);
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_DATE_MS) return null;
  return new Date(ms).toISOString().slice(0, 10);
}

/** A number as JavaScript prints it; '' when the stored text is not a number. */
export function numberText(raw: string): string {
  const n = Number.parseFloat(raw);
  return Number.isFinite(n) ? String(n) : '';
}

/** Column letters to their index (A = 1); 0 when they are not letters. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (let i = 0; i < letters.length; i++) {
    const c = letters.charCodeAt(i) | 0x20;
    if (c < 0x61 || c > 0x7a) return 0;
    n = n * 26 + (c - 0x60);
  }
  return n;
}

const CELL_REF = /^\$?([A-Za-z]{1,7})\$?(\d{1,9})$/;

export function parseCellRef(ref: string): { col: number; row: number } | null {
  const m = CELL_REF.exec(ref);
  if (!m) return null;
  const col = columnIndex(m[1]!);
  const row = Number(m[2]);
  return col > 0 && row > 0 ? { col, row } : null;
}
