import { DICT_API, DICT_PATHS, type DictionaryItem } from '@wfsaas/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/instance.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { dictionaryLabel, dictionaryOptions } from './dictionary-options.ts';

/** The query key prefix of every dictionary of the current company (the editor invalidates it). */
export const dictionaryKey = (companyId: number | null, code?: string) => (code ? (['dictionary', companyId, code] as const) : (['dictionary', companyId] as const));

/** One dictionary's items, disabled ones included (for existing values' labels), cached per company. */
export function useDictionary(code: string) {
  const { companyId } = useSession();
  const q = useQuery({
    queryKey: dictionaryKey(companyId, code),
    queryFn: async () => (await api.post<DictionaryItem[]>(`${DICT_API}${DICT_PATHS.items}`, { code, includeDisabled: true })) ?? [],
    staleTime: 5 * 60_000,
  });
  const items = q.data ?? [];
  return {
    items,
    loading: q.isLoading,
    /** Enabled items, and a disabled one only while `current` holds it. */
    options: (current?: unknown, numeric = false) => dictionaryOptions(items, current, numeric),
    label: (value: unknown) => dictionaryLabel(items, value),
  };
}

export function useInvalidateDictionaries() {
  const qc = useQueryClient();
  const { companyId } = useSession();
  return () => qc.invalidateQueries({ queryKey: dictionaryKey(companyId) });
}
