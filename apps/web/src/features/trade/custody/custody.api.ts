import {
  CUSTODY_ACCOUNT_API,
  CUSTODY_ACCOUNT_PATHS,
  type CustodySummary,
  type DepositAdd,
  type DepositRow,
  type LedgerRow,
  type LedgerType,
  type OperatorDepositRow,
  type PageMessage,
  type PayoutDetail,
  type PayoutRow,
  type PayoutRunOption,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import { uploadMultipart } from '../../../app/api/upload.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../../app/ui/table.ts';

export { CUSTODY_PERMISSIONS } from '@wfsaas/contracts';

const url = (k: keyof typeof CUSTODY_ACCOUNT_PATHS) => `${CUSTODY_ACCOUNT_API}${CUSTODY_ACCOUNT_PATHS[k]}`;

export type Paged<T> = { data: T[]; pageMessage: PageMessage };
export type LedgerQuery = PageQuery & { type?: LedgerType; from?: string; to?: string };
export type StatusQuery = PageQuery & { status?: number };

/** Query keys per company; every custody write invalidates the company's 'custody' keys (and bills, which payouts raise). */
const K = (companyId: number | null, ...rest: unknown[]) => ['custody', companyId, ...rest] as const;

async function paged<T>(path: string, body: unknown): Promise<Paged<T>> {
  const r = await api.postList<T>(path, body);
  return { data: r.data ?? [], pageMessage: r.pageMessage };
}

export function useCustodySummary() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'summary'), queryFn: () => api.post<CustodySummary>(url('summary'), {}), staleTime: 0 });
}

export function useLedgerPage(q: LedgerQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'ledger', q), queryFn: () => paged<LedgerRow>(url('ledgerPage'), q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useDepositPage(q: StatusQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'deposits', q), queryFn: () => paged<DepositRow>(url('depositPage'), q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function usePayoutPage(q: StatusQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'payouts', q), queryFn: () => paged<PayoutRow>(url('payoutPage'), q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function usePayoutRuns(enabled: boolean) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'payout-runs'), queryFn: async () => (await api.post<PayoutRunOption[]>(url('payoutRuns'), {})) ?? [], enabled, staleTime: 0 });
}

export function usePayoutDetail(id: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'payout', id), queryFn: () => api.post<PayoutDetail>(url('payoutDetail'), { id }), enabled: id !== null, retry: false, staleTime: 0 });
}

export function useInvalidateCustody() {
  const qc = useQueryClient();
  const { companyId } = useSession();
  return () => Promise.all([qc.invalidateQueries({ queryKey: ['custody', companyId] }), qc.invalidateQueries({ queryKey: ['bills', companyId] })]);
}

export type DepositForm = Omit<DepositAdd, 'proofFileId'> & { proof: File };

export const custodyCalls = {
  /** Uploads the proof image, then registers the deposit with it. */
  async addDeposit(v: DepositForm): Promise<DepositRow> {
    const { fileId } = await uploadMultipart<{ fileId: string }>('/wfsaas-file/api/file/upload', v.proof);
    const { proof: _proof, ...rest } = v;
    return api.post<DepositRow>(url('depositAdd'), { ...rest, proofFileId: fileId });
  },
  addPayout: (runId: number) => api.post<PayoutRow>(url('payoutAdd'), { runId }),
  confirmPayout: (id: number) => api.post<PayoutRow>(url('payoutConfirm'), { id }),
  payPayout: (id: number) => api.post<PayoutRow>(url('payoutPay'), { id }),
  cancelPayout: (id: number, reason: string) => api.post<PayoutRow>(url('payoutCancel'), { id, reason }),
  exportPayout: (id: number) => api.download(url('payoutExport'), { id }),
  /** A deposit's proof image through a single-use link. */
  proofUrl: (fileId: string) => api.tempTokenUrl(`/wfsaas-file/api/file/download/${fileId}`),
};

// ── platform operators ──

export function useOperatorDeposits(q: StatusQuery) {
  return useQuery({ queryKey: ['custody-operator', 'deposits', q], queryFn: () => paged<OperatorDepositRow>(url('operatorDepositPage'), q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useInvalidateOperatorDeposits() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['custody-operator'] });
}

export const operatorCalls = {
  confirm: (companyId: number, id: number) => api.post<DepositRow>(url('operatorDepositConfirm'), { companyId, id }),
  reject: (companyId: number, id: number, reason: string) => api.post<DepositRow>(url('operatorDepositReject'), { companyId, id, reason }),
  proof: (companyId: number, id: number) => api.download(url('operatorDepositProof'), { companyId, id }),
};
