import type { PageMessage } from '@wfsaas/contracts';
import type { TablePaginationConfig } from 'antd';
import { totalText } from './format.ts';

export type PageQuery = { pageNum: number; pageSize: number };

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** Server-side paging for an antd Table: 共 N 条, page size choice; a changed size starts at page 1. */
export function serverPagination(query: PageQuery, page: PageMessage | undefined, onChange: (next: PageQuery) => void): TablePaginationConfig {
  return {
    current: query.pageNum,
    pageSize: query.pageSize,
    total: page?.total ?? 0,
    showTotal: totalText,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    onChange: (pageNum, pageSize) => onChange(nextPage(query, pageNum, pageSize)),
  };
}

export function nextPage(query: PageQuery, pageNum: number, pageSize: number): PageQuery {
  return pageSize !== query.pageSize ? { pageNum: 1, pageSize } : { pageNum, pageSize };
}

/**
 * After removing `removed` rows from the last page, the page to show: the previous one when the
 * current page would be empty.
 */
export function pageAfterRemoval(query: PageQuery, total: number, removed: number): PageQuery {
  const remaining = Math.max(0, total - removed);
  const lastPage = Math.max(1, Math.ceil(remaining / query.pageSize));
  return query.pageNum > lastPage ? { ...query, pageNum: lastPage } : query;
}
