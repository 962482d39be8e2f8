import {
  CUSTODY_API,
  CUSTODY_PATHS,
  OS_API,
  OS_PATHS,
  PAYROLL_API,
  PAYROLL_PATHS,
  type BillDetail,
  type BillGenerateResult,
  type BillRow,
  type BoardView,
  type ClientSave,
  type ClientView,
  type CustodyBillDetail,
  type CustodyConfigView,
  type CustodyProviderView,
  type CustodySave,
  type CustodyWorkerRow,
  type DismissSave,
  type GroupListItem,
  type OrderSave,
  type PageMessage,
  type PlanSave,
  type PlanTemplateDetail,
  type PlanTemplateRow,
  type PlanView,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../app/ui/table.ts';
import type { ExportView } from '../downloads/downloads.ts';
import { custodyOrdersOf, listOf, type CustodyOrders } from './os-format.ts';

export { OS_PERMISSIONS } from '@wfsaas/contracts';

const url = (k: keyof typeof OS_PATHS) => `${OS_API}${OS_PATHS[k]}`;
const custodyUrl = (k: keyof typeof CUSTODY_PATHS) => `${CUSTODY_API}${CUSTODY_PATHS[k]}`;

export type Paged<T> = { data: T[]; pageMessage: PageMessage };
export type BillPageQuery = PageQuery & { month?: string; clientId?: number; status?: number };
export type CustodyWorkersQuery = PageQuery & { providerId: number; keyword?: string };

/** Query keys per company; every outsourcing write invalidates the company's 'os' keys. */
const K = (companyId: number | null, ...rest: unknown[]) => ['os', companyId, ...rest] as const;

async function paged<T>(path: string, body: unknown): Promise<Paged<T>> {
  const r = await api.postList<T>(path, body);
  return { data: r.data ?? [], pageMessage: r.pageMessage };
}

export function usePlans(enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'plans'), queryFn: async () => listOf<PlanView>(await api.post<unknown>(url('planList'), {})), enabled, staleTime: 0 });
}

export function usePlanTemplates(packageId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'plan-templates', packageId),
    queryFn: async () => listOf<PlanTemplateRow>(await api.post<unknown>(url('planTemplates'), { packageId })),
    enabled: packageId !== null,
    retry: false,
    staleTime: 0,
  });
}

export function usePlanTemplateDetail(templateId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'plan-template', templateId),
    queryFn: () => api.post<PlanTemplateDetail>(url('planTemplateDetail'), { templateId }),
    enabled: templateId !== null,
    retry: false,
    staleTime: 0,
  });
}

export function useClients(enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'clients'), queryFn: async () => listOf<ClientView>(await api.post<unknown>(url('clientList'), {})), enabled, staleTime: 0 });
}

export function useBoard(month: string) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'board', month), queryFn: () => api.post<BoardView>(url('board'), { month }), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useBillPage(q: BillPageQuery, enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'bills', q), queryFn: () => paged<BillRow>(url('billPage'), q), enabled, placeholderData: keepPreviousData, staleTime: 0 });
}

export function useBillDetail(billId: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'bill', billId), queryFn: () => api.post<BillDetail>(url('billDetail'), { billId }), enabled: billId !== null, retry: false, staleTime: 0 });
}

/** The salary groups for the plan's select (the payroll screens' list); only for users who may read them. */
export function useSalaryGroupOptions(enabled: boolean) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: ['payroll', companyId, 'groups'],
    queryFn: async () => (await api.post<GroupListItem[]>(`${PAYROLL_API}${PAYROLL_PATHS.groupList}`, {})) ?? [],
    enabled,
    staleTime: 0,
  });
}

// ── 共管: the provider's settings ──
export function useCustodyConfigs(enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'custody-configs'), queryFn: async () => listOf<CustodyConfigView>(await api.post<unknown>(custodyUrl('configList'), {})), enabled, staleTime: 0 });
}

// ── 共管: the client side ──
/** Providers sharing workers with the caller's company; silent, as a company without any is not an error to show. */
export function useCustodyOverview(enabled = true) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'custody-overview'),
    queryFn: async () => listOf<CustodyProviderView>(await api.post<unknown>(custodyUrl('clientOverview'), {}, { silent: true })),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

export function useCustodyWorkers(q: CustodyWorkersQuery | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'custody-workers', q),
    queryFn: () => paged<CustodyWorkerRow>(custodyUrl('clientWorkers'), q),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useCustodyOrders(providerId: number | null) {
  const { companyId } = useSession();
  return useQuery<CustodyOrders>({
    queryKey: K(companyId, 'custody-orders', providerId),
    queryFn: async () => custodyOrdersOf(await api.post<unknown>(custodyUrl('clientOrders'), { providerId })),
    enabled: providerId !== null,
    staleTime: 0,
  });
}

export function useCustodyBills(providerId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'custody-bills', providerId),
    queryFn: async () => listOf<BillRow>(await api.post<unknown>(custodyUrl('clientBills'), { providerId })),
    enabled: providerId !== null,
    staleTime: 0,
  });
}

export function useCustodyBillDetail(q: { providerId: number; billId: number } | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'custody-bill', q), queryFn: () => api.post<CustodyBillDetail>(custodyUrl('clientBillDetail'), q), enabled: q !== null, retry: false, staleTime: 0 });
}

export function useInvalidateOs() {
  const qc = useQueryClient();
  const { companyId } = useSession();
  return () => qc.invalidateQueries({ queryKey: ['os', companyId] });
}

export const osCalls = {
  savePlan: (body: PlanSave) => api.post<PlanView>(url('planSave'), body),
  removePlan: (id: number) => api.post<unknown>(url('planRemove'), { id }),
  saveClient: (body: ClientSave) => api.post<ClientView>(url('clientSave'), body),
  removeClient: (id: number) => api.post<unknown>(url('clientRemove'), { id }),
  generateBills: (month: string, clientId?: number) => api.post<BillGenerateResult>(url('billGenerate'), { month, ...(clientId ? { clientId } : {}) }),
  /** Queues the bill's xlsx: answers the record in 下载中心. */
  exportBill: (billId: number) => api.post<ExportView>(url('billExport'), { billId }),
  markPaid: (billId: number) => api.post<unknown>(url('billPaid'), { billId }),
  saveCustody: (body: CustodySave) => api.post<unknown>(custodyUrl('configSave'), body),
};

/** Client-side calls under joint custody: each names the provider. */
export const custodyCalls = {
  saveOrder: (providerId: number, body: Omit<OrderSave, 'id' | 'clientId'>) => api.post<unknown>(custodyUrl('clientOrderSave'), { providerId, ...body }),
  saveDismiss: (providerId: number, body: Omit<DismissSave, 'clientId'>) => api.post<unknown>(custodyUrl('clientDismissSave'), { providerId, ...body }),
  approve: (body: { providerId: number; target: 'order' | 'dismiss'; id: number; approve: boolean; remark: string }) => api.post<unknown>(custodyUrl('clientApprove'), body),
  confirmBill: (providerId: number, billId: number) => api.post<unknown>(custodyUrl('clientBillConfirm'), { providerId, billId }),
};
