import {
  BILL_API, BILL_PATHS, type PlatformPayee, type BillStatusCount, type OperatorBillRow, type PageMessage, type PlatformBillDetail, type PlatformBillRow,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import { uploadMultipart } from '../../../app/api/upload.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../../app/ui/table.ts';
import { billKey } from './bill-badge.ts';

const url = (k: keyof typeof BILL_PATHS) => `${BILL_API}${BILL_PATHS[k]}`;

export type Paged<T> = { data: T[]; pageMessage: PageMessage };
export type BillPageQuery = PageQuery & { status: number; billType: number; month?: string; billNo?: string };
export type OperatorPageQuery = PageQuery & { status: number; awaitingOnly: boolean };

const K = billKey;

async function paged<T>(path: string, body: unknown): Promise<Paged<T>> {
  const r = await api.postList<T>(path, body);
  return { data: r.data ?? [], pageMessage: r.pageMessage };
}

export const billCalls = {
  confirm: (billId: number) => api.post<PlatformBillRow>(url('confirm'), { billId }),
  unlock: (billId: number, reason: string) => api.post<PlatformBillRow>(url('unlock'), { billId, reason }),
  retry: (billId: number) => api.post<PlatformBillRow>(url('retry'), { billId }),
  payOnline: (billId: number) => api.post<PlatformBillRow>(url('payOnline'), { billId }),
  /** Uploads the proof image, then submits the transfer with its file id. */
  payTransfer: async (billId: number, reference: string, proof: File) => {
    const up = await uploadMultipart<{ fileId: string }>('/wfsaas-file/api/file/upload', proof);
    return api.post<{ paymentId: number }>(url('payTransfer'), { billId, reference, proofFileId: up.fileId });
  },
  proofUrl: (fileId: string) => api.tempTokenUrl(`/wfsaas-file/api/file/download/${fileId}`),
};

export const operatorCalls = {
  detail: (companyId: number, billId: number) => api.post<PlatformBillDetail>(url('operatorDetail'), { companyId, billId }),
  proof: (companyId: number, paymentId: number) => api.download(url('operatorProof'), { companyId, paymentId }),
  confirm: (companyId: number, paymentId: number) => api.post<PlatformBillRow>(url('operatorConfirmTransfer'), { companyId, paymentId }),
  reject: (companyId: number, paymentId: number, reason: string) => api.post<PlatformBillRow>(url('operatorRejectTransfer'), { companyId, paymentId, reason }),
  release: (companyId: number, billId: number) => api.post<PlatformBillRow>(url('operatorRelease'), { companyId, billId }),
  suspend: (companyId: number, billId: number, reason: string) => api.post<PlatformBillRow>(url('operatorSuspend'), { companyId, billId, reason }),
  resume: (companyId: number, billId: number) => api.post<PlatformBillRow>(url('operatorResume'), { companyId, billId }),
  regenerate: (companyId: number, billId: number) => api.post<PlatformBillRow>(url('operatorRegenerate'), { companyId, billId }),
  retry: (companyId: number, billId: number) => api.post<PlatformBillRow>(url('operatorRetry'), { companyId, billId }),
};

export function useBillPage(q: BillPageQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'page', q), queryFn: () => paged<PlatformBillRow>(url('page'), q), placeholderData: keepPreviousData });
}

export function useBillStatusCounts(q: Pick<BillPageQuery, 'billType' | 'month' | 'billNo'>) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'counts', q), queryFn: () => api.post<BillStatusCount[]>(url('statusCounts'), q) });
}

export function useBillDetail(billId: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'detail', billId), queryFn: () => api.post<PlatformBillDetail>(url('detail'), { billId }), enabled: billId !== null });
}

/** The platform's receiving account (null until configured). */
export function usePayee(enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'payee'), queryFn: () => api.post<PlatformPayee | null>(url('payee'), {}), enabled, staleTime: 300_000 });
}

export function useInvalidateBills() {
  const qc = useQueryClient();
  const { companyId } = useSession();
  return () => qc.invalidateQueries({ queryKey: K(companyId) });
}

export function useOperatorBills(q: OperatorPageQuery) {
  return useQuery({ queryKey: ['operator-bills', q], queryFn: () => paged<OperatorBillRow>(url('operatorPage'), q), placeholderData: keepPreviousData });
}

export function useInvalidateOperatorBills() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['operator-bills'] });
}
