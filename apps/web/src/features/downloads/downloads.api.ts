import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../app/api/client.ts';
import { api, apiBaseURL } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../app/ui/table.ts';
import { ACTIVE_POLL_MS, hasActiveExports, type ExportStats, type ExportView } from './downloads.ts';

const BASE = '/wfsaas-file/api/fileInfo';

export const DOWNLOAD_API = {
  page: `${BASE}/page`,
  stat: `${BASE}/stat`,
  remove: `${BASE}/remove`,
  downloadToken: `${BASE}/downloadToken`,
  exportAuditLog: `${BASE}/exportAuditLog`,
} as const;

export type ExportQuery = PageQuery & { status?: number };

export const downloadKeys = {
  all: (companyId: number | null, userId: number | null) => ['downloads', companyId, userId] as const,
  page: (companyId: number | null, userId: number | null, q: ExportQuery) => ['downloads', companyId, userId, 'page', q] as const,
  stat: (companyId: number | null, userId: number | null) => ['downloads', companyId, userId, 'stat'] as const,
};

function useWho() {
  const { companyId, userInfo } = useSession();
  return { companyId, userId: userInfo?.sysUser.userId ?? null };
}

/** The caller's exports; refreshed every 3 s while one is queued or being generated. */
export function useExportPage(q: ExportQuery) {
  const who = useWho();
  return useQuery({
    queryKey: downloadKeys.page(who.companyId, who.userId, q),
    queryFn: () => api.postList<ExportView>(DOWNLOAD_API.page, q),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (hasActiveExports(query.state.data?.data) ? ACTIVE_POLL_MS : false),
  });
}

export function useExportStats() {
  const who = useWho();
  return useQuery({
    queryKey: downloadKeys.stat(who.companyId, who.userId),
    queryFn: () => api.post<ExportStats>(DOWNLOAD_API.stat),
    staleTime: 0,
    refetchInterval: (query) => (hasActiveExports(null, query.state.data) ? ACTIVE_POLL_MS : false),
  });
}

export function useInvalidateDownloads() {
  const who = useWho();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: downloadKeys.all(who.companyId, who.userId) });
}

/** The temp-token link of the API resolved against the API origin. */
export function absoluteDownloadUrl(url: string): string {
  return apiUrl(url, apiBaseURL()).toString();
}

/** Starts a browser download of a link (an attachment: the page stays). */
export function startDownload(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = absoluteDownloadUrl(url);
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export const downloadCalls = {
  remove: (id: number) => api.post<null>(DOWNLOAD_API.remove, { id }),
  downloadLink: (id: number) => api.post<{ url: string; fileName: string; size: number | null }>(DOWNLOAD_API.downloadToken, { id }),
  exportAuditLog: (body: { from?: string; to?: string }) => api.post<ExportView>(DOWNLOAD_API.exportAuditLog, body),
};
