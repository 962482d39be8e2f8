import {
  HELP_API,
  HELP_PATHS,
  type HelpArticleListItem,
  type HelpArticleSave,
  type HelpArticleView,
  type HelpColumnSave,
  type HelpColumnView,
  type HelpSearchHit,
  type OpHelpArticleView,
  type OpHelpColumnView,
  type PageMessage,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import type { PageQuery } from '../../../app/ui/table.ts';

const url = (k: keyof typeof HELP_PATHS) => `${HELP_API}${HELP_PATHS[k]}`;
export type Paged<T> = { data: T[]; pageMessage: PageMessage };

async function paged<T>(path: string, body: unknown): Promise<Paged<T>> {
  const r = await api.postList<T>(path, body);
  return { data: r.data ?? [], pageMessage: r.pageMessage };
}

// Help content is the platform's, the same in every company: the keys carry no company.

export function useHelpColumns() {
  return useQuery({ queryKey: ['help', 'columns'], queryFn: async () => (await api.post<HelpColumnView[]>(url('columnList'), {})) ?? [] });
}

export function useHelpArticles(q: PageQuery & { columnId?: number; pinned?: boolean }, enabled = true) {
  return useQuery({ queryKey: ['help', 'articles', q], queryFn: () => paged<HelpArticleListItem>(url('articlePage'), q), enabled, placeholderData: keepPreviousData });
}

export function useHelpSearch(keyword: string, paging: PageQuery) {
  return useQuery({
    queryKey: ['help', 'search', keyword, paging],
    queryFn: () => paged<HelpSearchHit>(url('articleSearch'), { keyword, ...paging }),
    enabled: keyword.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Reading an article counts a view: fetched once per opening, not refetched behind the reader's back. */
export function useHelpArticle(id: number | null) {
  return useQuery({
    queryKey: ['help', 'article', id],
    queryFn: () => api.post<HelpArticleView>(url('articleDetail'), { id }),
    enabled: id !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export const helpCalls = {
  feedback: (id: number, helpful: boolean) => api.post<Pick<HelpArticleView, 'helpfulCount' | 'unhelpfulCount' | 'myFeedback'>>(url('articleFeedback'), { id, helpful }),
};

// ── the platform operator ──

export function useOpHelpColumns() {
  return useQuery({ queryKey: ['op-help', 'columns'], queryFn: async () => (await api.post<OpHelpColumnView[]>(url('opColumnList'), {})) ?? [], staleTime: 0 });
}

export type OpArticleRow = HelpArticleListItem & { status: number; statusLabel: string };

export function useOpHelpArticles(q: PageQuery & { columnId?: number; status?: 0 | 1; keyword?: string }) {
  return useQuery({ queryKey: ['op-help', 'articles', q], queryFn: () => paged<OpArticleRow>(url('opArticlePage'), q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useInvalidateOpHelp() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['op-help'] });
}

export const opHelpCalls = {
  saveColumn: (body: HelpColumnSave) => api.post<OpHelpColumnView>(url('opColumnSave'), body),
  removeColumn: (id: number) => api.post<unknown>(url('opColumnRemove'), { id }),
  reorderColumns: (ids: number[]) => api.post<OpHelpColumnView[]>(url('opColumnReorder'), { ids }),
  article: (id: number) => api.post<OpHelpArticleView>(url('opArticleDetail'), { id }),
  saveArticle: (body: HelpArticleSave) => api.post<OpHelpArticleView>(url('opArticleSave'), body),
  publish: (id: number) => api.post<OpHelpArticleView>(url('opArticlePublish'), { id }),
  unpublish: (id: number) => api.post<OpHelpArticleView>(url('opArticleUnpublish'), { id }),
  pin: (id: number, pinned: boolean) => api.post<OpHelpArticleView>(url('opArticlePin'), { id, pinned }),
  removeArticle: (id: number) => api.post<unknown>(url('opArticleRemove'), { id }),
};
