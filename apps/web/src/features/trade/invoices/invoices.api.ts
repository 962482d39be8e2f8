import {
  INVOICE_API,
  INVOICE_PATHS,
  type InvoiceableBill,
  type InvoiceRequestInput,
  type InvoiceRequestView,
  type InvoiceTitleSave,
  type InvoiceTitleView,
  type OpInvoiceRequestView,
  type PageMessage,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import { saveBlob } from '../../../app/api/save-blob.ts';
import { uploadMultipart } from '../../../app/api/upload.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../../app/ui/table.ts';

const url = (k: keyof typeof INVOICE_PATHS) => `${INVOICE_API}${INVOICE_PATHS[k]}`;
const K = (companyId: number | null, ...rest: unknown[]) => ['invoices', companyId, ...rest] as const;
export type Paged<T> = { data: T[]; pageMessage: PageMessage };

async function paged<T>(path: string, body: unknown): Promise<Paged<T>> {
  const r = await api.postList<T>(path, body);
  return { data: r.data ?? [], pageMessage: r.pageMessage };
}

export function useInvoicePage(q: PageQuery & { status?: number }) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'page', q), queryFn: () => paged<InvoiceRequestView>(url('page'), q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useInvoiceTitles() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'titles'), queryFn: async () => (await api.post<InvoiceTitleView[]>(url('titleList'), {})) ?? [], staleTime: 0 });
}

export function useInvoiceableBills(enabled: boolean) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'bills'), queryFn: async () => (await api.post<InvoiceableBill[]>(url('billsOpen'), {})) ?? [], enabled, staleTime: 0 });
}

export function useInvalidateInvoices() {
  const qc = useQueryClient();
  const { companyId } = useSession();
  return () => qc.invalidateQueries({ queryKey: ['invoices', companyId] });
}

export const invoiceCalls = {
  saveTitle: (body: InvoiceTitleSave) => api.post<InvoiceTitleView>(url('titleSave'), body),
  setDefault: (id: number) => api.post<unknown>(url('titleDefault'), { id }),
  removeTitle: (id: number) => api.post<unknown>(url('titleRemove'), { id }),
  request: (body: InvoiceRequestInput) => api.post<InvoiceRequestView>(url('request'), body),
  withdraw: (id: number) => api.post<InvoiceRequestView>(url('withdraw'), { id }),
  async download(r: Pick<InvoiceRequestView, 'id' | 'invoiceNo' | 'requestNo'>) {
    const { blob, filename } = await api.download(url('download'), { id: r.id });
    saveBlob(blob, filename ?? `发票_${r.invoiceNo ?? r.requestNo}.pdf`);
  },
};

/** The platform operator's queue (no company: the operator acts on each request's company). */
export function useOperatorInvoicePage(q: PageQuery & { status: number; keyword?: string }) {
  return useQuery({ queryKey: ['op-invoices', q], queryFn: () => paged<OpInvoiceRequestView>(url('opPage'), q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useInvalidateOperatorInvoices() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['op-invoices'] });
}

export const operatorInvoiceCalls = {
  reject: (companyId: number, id: number, reason: string) => api.post<InvoiceRequestView>(url('opReject'), { companyId, id, reason }),
  issue: (companyId: number, id: number, invoiceNo: string, invoiceDate: string, file: File) => uploadMultipart<InvoiceRequestView>(url('opIssue'), file, { fields: { companyId, id, invoiceNo, invoiceDate } }),
  async download(r: Pick<OpInvoiceRequestView, 'companyId' | 'id' | 'invoiceNo' | 'requestNo'>) {
    const { blob, filename } = await api.download(url('opDownload'), { companyId: r.companyId, id: r.id });
    saveBlob(blob, filename ?? `发票_${r.invoiceNo ?? r.requestNo}.pdf`);
  },
};
