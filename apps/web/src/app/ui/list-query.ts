import dayjs, { type Dayjs } from 'dayjs';
import type { PageQuery } from './table.ts';

/** How one filter is read from and written to a URL search parameter. */
export type Codec<T> = { parse(raw: string): T | undefined; format(value: T): string };

export type ListSchema = Record<string, Codec<unknown>>;

/** The filter values a schema describes; a missing filter is undefined. */
export type FiltersOf<S extends ListSchema> = { [K in keyof S]?: S[K] extends Codec<infer T> ? T : never };

export const text: Codec<string> = { parse: (raw) => raw, format: (v) => v };

export const int: Codec<number> = {
  parse: (raw) => (/^-?\d+$/.test(raw) ? Number(raw) : undefined),
  format: (v) => String(v),
};

export const bool: Codec<boolean> = { parse: (raw) => (raw === '1' ? true : raw === '0' ? false : undefined), format: (v) => (v ? '1' : '0') };

/** One of a fixed set of values (tabs, statuses); anything else in the URL is ignored. */
export function oneOf<const T extends string | number>(values: readonly T[]): Codec<T> {
  return { parse: (raw) => values.find((v) => String(v) === raw), format: (v) => String(v) };
}

/** A list of integers, comma-separated. */
export const ints: Codec<number[]> = {
  parse: (raw) => {
    const parts = raw.split(',');
    return parts.every((p) => /^-?\d+$/.test(p)) ? parts.map(Number) : undefined;
  },
  format: (v) => v.join(','),
};

function dayCodec(format: string): Codec<Dayjs> {
  return {
    parse: (raw) => {
      const d = dayjs(raw);
      return d.isValid() && d.format(format) === raw ? d : undefined;
    },
    format: (v) => v.format(format),
  };
}

/** A DatePicker value kept as YYYY-MM-DD. */
export const day = dayCodec('YYYY-MM-DD');
/** A month DatePicker value kept as YYYY-MM. */
export const month = dayCodec('YYYY-MM');

/** A RangePicker value kept as `from~to` (either end may be empty). */
export function range(codec: Codec<Dayjs>): Codec<[Dayjs | null, Dayjs | null]> {
  return {
    parse: (raw) => {
      const [a = '', b = ''] = raw.split('~');
      const from = a ? codec.parse(a) : null;
      const to = b ? codec.parse(b) : null;
      return from === undefined || to === undefined || (from === null && to === null) ? undefined : [from, to];
    },
    format: (v) => `${v[0] ? codec.format(v[0]) : ''}~${v[1] ? codec.format(v[1]) : ''}`,
  };
}

export const DEFAULT_PAGE_SIZE = 10;

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0 || v.every((x) => x === null || x === undefined);
  return false;
}

function key(prefix: string, name: string): string {
  return prefix ? `${prefix}.${name}` : name;
}

export type ListState<S extends ListSchema> = { filters: FiltersOf<S>; page: PageQuery };

/** Reads filters and paging from the URL; what is missing or malformed takes the default. */
export function parseListSearch<S extends ListSchema>(search: URLSearchParams, schema: S, defaults: FiltersOf<S> = {}, pageSize = DEFAULT_PAGE_SIZE, prefix = ''): ListState<S> {
  const filters: Record<string, unknown> = {};
  for (const [name, codec] of Object.entries(schema)) {
    const raw = search.get(key(prefix, name));
    const parsed = raw === null || raw === '' ? undefined : codec.parse(raw);
    const value = parsed === undefined ? defaults[name] : parsed;
    if (value !== undefined) filters[name] = value;
  }
  const num = (name: string, fallback: number) => {
    const n = Number(search.get(key(prefix, name)));
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return { filters: filters as FiltersOf<S>, page: { pageNum: num('pageNum', 1), pageSize: num('pageSize', pageSize) } };
}

/**
 * Writes filters and paging into `search` (other parameters are kept): empty values and defaults are
 * left out, so an untouched list has a clean URL.
 */
export function writeListSearch<S extends ListSchema>(search: URLSearchParams, state: ListState<S>, schema: S, defaults: FiltersOf<S> = {}, pageSize = DEFAULT_PAGE_SIZE, prefix = ''): URLSearchParams {
  const out = new URLSearchParams(search);
  for (const [name, codec] of Object.entries(schema)) {
    const value = (state.filters as Record<string, unknown>)[name];
    const fallback = defaults[name];
    const written = isEmpty(value) ? null : codec.format(value);
    const fallbackText = isEmpty(fallback) ? null : codec.format(fallback);
    if (written === fallbackText) out.delete(key(prefix, name));
    else out.set(key(prefix, name), written ?? '');
  }
  const setNum = (name: string, n: number, fallback: number) => (n === fallback ? out.delete(key(prefix, name)) : out.set(key(prefix, name), String(n)));
  setNum('pageNum', state.page.pageNum, 1);
  setNum('pageSize', state.page.pageSize, pageSize);
  return out;
}

/** Filter values as sent to the server: text trimmed, empty values dropped. */
export function cleanFilters<T extends object>(filters: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filters)) {
    const value = typeof v === 'string' ? v.trim() : v;
    if (!isEmpty(value)) out[k] = value;
  }
  return out as Partial<T>;
}

/**
 * The page to show once a result arrived: an empty page past the first (after removals, or a stale
 * link) steps back to the last page that has rows; null when the page is fine.
 */
export function pageFix(page: PageQuery, total: number | undefined, rows: number): PageQuery | null {
  if (rows > 0 || page.pageNum <= 1 || total === undefined) return null;
  const last = Math.max(1, Math.ceil(total / page.pageSize));
  return last < page.pageNum ? { ...page, pageNum: last } : null;
}
