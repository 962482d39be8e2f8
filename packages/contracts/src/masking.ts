/** Keep the first 6 and last 4 characters, stars between. */
export function maskId(value: string | null | undefined, head = 6, tail = 4): string {
  if (!value) return '';
  if (value.length <= head + tail) return value;
  return value.slice(0, head) + '*'.repeat(value.length - head - tail) + value.slice(-tail);
}

/** Phones show as 138****0000 in lists. */
export function maskPhone(value: string | null | undefined): string {
  if (!value) return '';
  if (value.length < 7) return value;
  return value.slice(0, 3) + '****' + value.slice(-4);
}
