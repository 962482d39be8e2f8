import type { PageMessage } from '@wfsaas/contracts';
import type { TablePaginationConfig } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { cleanFilters, DEFAULT_PAGE_SIZE, parseListSearch, pageFix, writeListSearch, type FiltersOf, type ListSchema } from './list-query.ts';
import { serverPagination, type PageQuery } from './table.ts';

export type ListQueryOptions<S extends ListSchema> = {
  /** Names the list in query keys; also prefixes its URL parameters when `prefix` is set. */
  name: string;
  schema: S;
  defaults?: FiltersOf<S>;
  pageSize?: number;
  /** Set when a screen shows several URL-kept lists. */
  prefix?: string;
};

export type ListQuery<S extends ListSchema> = {
  filters: FiltersOf<S>;
  page: PageQuery;
  /** Filters (trimmed, empties dropped) with pageNum and pageSize: the body of a page call. */
  params: Partial<FiltersOf<S>> & PageQuery;
  queryKey: readonly [string, Partial<FiltersOf<S>> & PageQuery];
  /** Changes the given filters (the query form's fields, a tab): back to page 1; others are kept. */
  search: (filters: FiltersOf<S>) => void;
  setPage: (page: PageQuery) => void;
  pagination: (message: PageMessage | undefined) => TablePaginationConfig;
  /** Steps back when a page came back empty past page 1 (after removals). */
  settle: (message: PageMessage | undefined, rows: number) => void;
};

/** Filters and paging of a list screen, kept in the URL so a reload or a shared link shows the same page. */
export function useListQuery<S extends ListSchema>({ name, schema, defaults, pageSize = DEFAULT_PAGE_SIZE, prefix = '' }: ListQueryOptions<S>): ListQuery<S> {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => parseListSearch(search, schema, defaults, pageSize, prefix), [search, schema, defaults, pageSize, prefix]);
  const write = useCallback(
    (next: { filters: FiltersOf<S>; page: PageQuery }) => setSearch((cur) => writeListSearch(cur, next, schema, defaults, pageSize, prefix), { replace: true }),
    [setSearch, schema, defaults, pageSize, prefix],
  );
  const { filters, page } = state;
  const params = useMemo(() => ({ ...cleanFilters(filters), ...page }), [filters, page]);
  const search1 = useCallback((f: FiltersOf<S>) => write({ filters: { ...filters, ...f }, page: { ...page, pageNum: 1 } }), [write, filters, page]);
  const setPage = useCallback((p: PageQuery) => write({ filters, page: p }), [write, filters]);
  const settle = useCallback(
    (message: PageMessage | undefined, rows: number) => {
      const fixed = pageFix(page, message?.total, rows);
      if (fixed) setPage(fixed);
    },
    [page, setPage],
  );
  return {
    filters,
    page,
    params,
    queryKey: [name, params] as const,
    search: search1,
    setPage,
    pagination: (message) => serverPagination(page, message, setPage),
    settle,
  };
}
