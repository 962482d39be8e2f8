import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import type { MessageView } from './messages.ts';
import { MESSAGE_API, messageKeys, useWho, type MessageQuery } from './unread-count.ts';

export { MESSAGE_API, UNREAD_POLL_MS, messageKeys, useUnreadCount, type MessageQuery } from './unread-count.ts';

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
