import type { ReminderConfig, ReminderConfigView, ReminderKind, ReminderOccasion } from '@wfsaas/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';

export const REMINDER_EDIT = 'employmentRelationship.edit';

const BASE = '/wfsaas-saas/api/remind';

const keys = {
  config: (companyId: number | null) => ['reminders', companyId, 'config'] as const,
  upcoming: (companyId: number | null, kind: ReminderKind | undefined) => ['reminders', companyId, 'upcoming', kind ?? 'all'] as const,
};

export function useReminderConfig() {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.config(companyId), queryFn: () => api.post<ReminderConfigView>(`${BASE}/config/get`, {}), staleTime: 0 });
}

export function useUpcomingReminders(kind: ReminderKind | undefined) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.upcoming(companyId, kind), queryFn: () => api.post<ReminderOccasion[]>(`${BASE}/upcoming`, kind ? { kind } : {}), staleTime: 0 });
}

export function useSaveReminderConfig() {
  const { companyId } = useSession();
  const qc = useQueryClient();
  return async (config: ReminderConfig): Promise<ReminderConfigView> => {
    const saved = await api.post<ReminderConfigView>(`${BASE}/config/save`, config);
    qc.setQueryData(keys.config(companyId), saved);
    await qc.invalidateQueries({ queryKey: ['reminders', companyId, 'upcoming'] });
    return saved;
  };
}

/** 今天 / 明天 / N 天后 */
export function daysLeftText(n: number): string {
  if (n <= 0) return '今天';
  if (n === 1) return '明天';
  return `${n} 天后`;
}
