import dayjs from 'dayjs';

/** Display formats: dates YYYY-MM-DD, times YYYY-MM-DD HH:mm; a missing value shows as —. */
export const EMPTY_TEXT = '—';

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return EMPTY_TEXT;
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : EMPTY_TEXT;
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return EMPTY_TEXT;
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD') : EMPTY_TEXT;
}

/** The table footer of a server-paged list: 共 N 条. */
export function totalText(total: number): string {
  return `共 ${total} 条`;
}

/** File sizes in KB below one megabyte, MB below one gigabyte, then GB, with one decimal. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return EMPTY_TEXT;
  const kb = bytes / 1024;
  if (kb < 1024) return `${bytes > 0 && kb < 0.1 ? '0.1' : kb.toFixed(1)} KB`;
  const mb = kb / 1024;
  if (mb < 1024) return `${mb.toFixed(1)} MB`;
  return `${(mb / 1024).toFixed(1)} GB`;
}

/** Money: ¥12,345.67 (two decimals, thousands separators). Non-numbers are shown as they are. */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value).replace(/[,，¥￥\s]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return String(value);
  const negative = text.startsWith('-');
  const [intPart = '0', fracPart = ''] = text.replace('-', '').split('.');
  let cents = BigInt(intPart) * 100n + BigInt((fracPart + '00').slice(0, 2));
  // round half up on the third decimal
  if ((fracPart[2] ?? '0') >= '5') cents += 1n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = (cents % 100n).toString().padStart(2, '0');
  return `${negative && cents > 0n ? '-' : ''}¥${whole}.${frac}`;
}
