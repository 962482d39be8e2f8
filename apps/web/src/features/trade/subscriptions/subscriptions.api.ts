import { SUBS_API, SUBS_PATHS, type AppProductList, type PageMessage, type ServiceAgreementRow, type SubsOrderInput, type SubsOrderView, type SubsQuote } from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import { saveBlob } from '../../../app/api/save-blob.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../../app/ui/table.ts';

const url = (k: keyof typeof SUBS_PATHS) => `${SUBS_API}${SUBS_PATHS[k]}`;

export type Paged<T> = { data: T[]; pageMessage: PageMessage };

/** Query keys per company; every subscription write invalidates the company's 'subs' keys. */
const K = (companyId: number | null, ...rest: unknown[]) => ['subs', companyId, ...rest] as const;

async function paged<T>(path: string, body: unknown): Promise<Paged<T>> {
  const r = await api.postList<T>(path, body);
  return { data: r.data ?? [], pageMessage: r.pageMessage };
}

export const subsCalls = {
  submit: (body: SubsOrderInput) => api.post<SubsOrderView>(url('orderSubmit'), body),
  cancel: (id: number, reason: string) => api.post<SubsOrderView>(url('orderCancel'), { id, reason }),
  download: async (row: ServiceAgreementRow) => {
    const { blob, filename } = await api.download(url('agreementDownload'), { id: row.id }, { timeout: 60_000 });
    saveBlob(blob, filename ?? `服务协议-${row.agreementNo}.pdf`);
  },
};

export function useProducts() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'products'), queryFn: () => api.post<AppProductList>(url('productList'), {}), staleTime: 0 });
}

/** The server's price of the order being filled in; quiet, since the form shows why it is not priced. */
export function useQuote(input: SubsOrderInput | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'quote', input),
    queryFn: () => api.post<SubsQuote>(url('orderQuote'), input, { silent: true }),
    enabled: input !== null,
    retry: false,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useOrderPage(q: PageQuery & { status?: number }) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'orders', q), queryFn: () => paged<SubsOrderView>(url('orderPage'), q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useAgreementPage(q: PageQuery & { product?: string }) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'agreements', q), queryFn: () => paged<ServiceAgreementRow>(url('agreementPage'), q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useInvalidateSubs() {
  const qc = useQueryClient();
  const { companyId } = useSession();
  return () => qc.invalidateQueries({ queryKey: K(companyId) });
}
