import {
  DICT_API,
  DICT_PATHS,
  type DictionaryItem,
  type DictionaryItemSave,
  type DictionaryListView,
  type DictionarySave,
  type DictionaryUsage,
} from '@wfsaas/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import { dictionaryKey } from '../../../app/dictionaries/use-dictionary.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';

const url = (k: keyof typeof DICT_PATHS) => `${DICT_API}${DICT_PATHS[k]}`;
const K = (companyId: number | null, ...rest: unknown[]) => ['dictionary-center', companyId, ...rest] as const;

export function useDictionaryList() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'list'), queryFn: async () => (await api.post<DictionaryListView[]>(url('list'), {})) ?? [], staleTime: 0 });
}

/** Every item of one dictionary, disabled ones included (the editor). */
export function useDictionaryItems(code: string | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'items', code),
    queryFn: async () => (await api.post<DictionaryItem[]>(url('items'), { code, includeDisabled: true })) ?? [],
    enabled: code !== null,
    staleTime: 0,
  });
}

/** After a write: the editor's lists and every select reading the dictionaries. */
export function useInvalidateDictionaryCenter() {
  const qc = useQueryClient();
  const { companyId } = useSession();
  return () => Promise.all([qc.invalidateQueries({ queryKey: K(companyId) }), qc.invalidateQueries({ queryKey: dictionaryKey(companyId) })]);
}

export const dictionaryCalls = {
  save: (body: DictionarySave) => api.post<DictionaryListView>(url('save'), body),
  remove: (code: string) => api.post<unknown>(url('remove'), { code }),
  saveItem: (body: DictionaryItemSave) => api.post<DictionaryItem>(url('itemSave'), body),
  reorder: (code: string, values: string[]) => api.post<DictionaryItem[]>(url('itemReorder'), { code, values }),
  enable: (code: string, value: string, enabled: boolean) => api.post<unknown>(url('itemEnable'), { code, value, enabled }),
  removeItem: (code: string, value: string) => api.post<unknown>(url('itemRemove'), { code, value }),
  usage: (code: string, value: string) => api.post<DictionaryUsage>(url('itemUsage'), { code, value }),
};
