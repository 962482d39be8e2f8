import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../app/ui/table.ts';

/** The paths, keys and unread count the header bell needs: loaded with the layout, so this file stays small. */

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

export function useWho() {
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
