import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../app/ui/table.ts';
import type { MessageView } from './messages.ts';

const BASE = '/wfsaas-system/api/messageNotice';

export const MESSAGE_API = {
  page: `${BASE}/page`,
  unreadCount: `${BASE}/unreadCount`,
  detail: `${BASE}/detail`,
  read: `${BASE}/read`,
  readAll: `${BASE}/readAll`,
  remove: `${BASE}/remove`,
} as const;

/** The bell polls the unread count this often. */
export const UNREAD_POLL_MS = 60_000;

export type MessageQuery = PageQuery & { readStatus?: 0 | 1 };

/** Query keys per company and user; every read/remove invalidates `all` (the bell included). */
export const messageKeys = {
  all: (companyId: number | null, userId: number | null) => ['messages', companyId, userId] as const,
  unread: (companyId: number | null, userId: number | null) => ['messages', companyId, userId, 'unread'] as const,
  page: (companyId: number | null, userId: number | null, q: MessageQuery) => ['messages', companyId, userId, 'page', q] as const,
  latest: (companyId: number | null, userId: number | null) => ['messages', companyId, userId, 'latest'] as const,
};

function useWho() {
  const { companyId, userInfo, token } = useSession();
  return { companyId, userId: userInfo?.sysUser.userId ?? null, ready: !!token && companyId !== null };
}

/** The unread count of the signed-in member (open to every member), polled every minute. */
export function useUnreadCount() {
  const who = useWho();
  return useQuery({
    queryKey: messageKeys.unread(who.companyId, who.userId),
    queryFn: async () => (await api.post<{ count: number }>(MESSAGE_API.unreadCount, undefined, { silent: true })).count,
    enabled: who.ready,
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 10_000,
  });
}

/** The five newest messages (the bell's popover). */
export function useLatestMessages(enabled: boolean) {
  const who = useWho();
  return useQuery({
    queryKey: messageKeys.latest(who.companyId, who.userId),
    queryFn: async () => (await api.postList<MessageView>(MESSAGE_API.page, { pageNum: 1, pageSize: 5 })).data ?? [],
    enabled: enabled && who.ready,
    staleTime: 10_000,
  });
}

export function useMessagePage(q: MessageQuery) {
  const who = useWho();
  return useQuery({
    queryKey: messageKeys.page(who.companyId, who.userId, q),
    queryFn: () => api.postList<MessageView>(MESSAGE_API.page, q),
    enabled: who.ready,
    placeholderData: keepPreviousData,
  });
}

/** Refetches every message query of this member (lists, counts and the bell). */
export function useInvalidateMessages() {
  const who = useWho();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: messageKeys.all(who.companyId, who.userId) });
}

export const messageCalls = {
  detail: (id: number) => api.post<MessageView>(MESSAGE_API.detail, { id }),
  read: (ids: number[]) => api.post<{ updated: number }>(MESSAGE_API.read, { ids }),
  readAll: () => api.post<{ updated: number }>(MESSAGE_API.readAll),
  remove: (ids: number[]) => api.post<{ removed: number }>(MESSAGE_API.remove, { ids }),
};
