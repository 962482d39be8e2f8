import { PAYROLL_API, PAYROLL_OPENING_PATHS, type OpeningImportResult, type OpeningView, type PageMessage } from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { saveBlob } from '../../app/api/save-blob.ts';
import { uploadMultipart } from '../../app/api/upload.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';

const url = (k: keyof typeof PAYROLL_OPENING_PATHS) => `${PAYROLL_API}${PAYROLL_OPENING_PATHS[k]}`;

export type OpeningQuery = { year: number; keyword?: string; pageNum: number; pageSize: number };

/** The year's opening balances (期初累计数据), a page at a time; under the payroll keys, so payroll writes refresh it too. */
export function useOpenings(q: OpeningQuery, enabled: boolean) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: ['payroll', companyId, 'openings', q],
    queryFn: async (): Promise<{ data: OpeningView[]; pageMessage: PageMessage }> => {
      const r = await api.postList<OpeningView>(url('page'), q);
      return { data: r.data ?? [], pageMessage: r.pageMessage };
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useInvalidateOpenings() {
  const client = useQueryClient();
  const { companyId } = useSession();
  return () => client.invalidateQueries({ queryKey: ['payroll', companyId] });
}

export const openingCalls = {
  template: async (year: number) => {
    const { blob, filename } = await api.download(url('template'), { year });
    saveBlob(blob, filename ?? `期初累计数据导入模板_${year}.xlsx`);
  },
  import: (year: number, file: File) => uploadMultipart<OpeningImportResult>(`${url('import')}?year=${year}`, file, { timeoutMs: 120_000 }),
  remove: (year: number, employeeIds: number[]) => api.post<{ removed: number }>(url('remove'), { year, employeeIds }),
};
