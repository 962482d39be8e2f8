import {
  SI_API,
  SI_PATHS,
  type AnnualDeclare,
  type AnnualPreviewView,
  type ApplyDetailView,
  type ApplyLineSave,
  type ApplyListItem,
  type ApplyMonthView,
  type EntitySave,
  type EntityView,
  type InsuredHistoryView,
  type InsuredRegister,
  type InsuredView,
  type InsuredWarning,
  type LayoutSave,
  type LayoutView,
  type PageMessage,
  type ReconcileView,
  type RecordRowView,
  type RecordSummaryView,
  type ResultImportView,
  type SiBoardView,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { uploadMultipart } from '../../app/api/upload.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../app/ui/table.ts';
import type { ExportView } from '../downloads/downloads.ts';
import type { Created } from './si-format.ts';

export { SI_PERMISSIONS } from '@wfsaas/contracts';

type PathKey = keyof typeof SI_PATHS;
const url = (k: PathKey) => `${SI_API}${SI_PATHS[k]}`;

export type Paged<T> = { data: T[]; pageMessage: PageMessage };
export type ApplyPageQuery = PageQuery & { entityId?: number; month?: string; status?: number };
export type InsuredPageQuery = PageQuery & { entityId?: number; status?: number; month?: string; keyword?: string };
export type RecordPageQuery = PageQuery & { month: string; entityId?: number; keyword?: string };
export type LineRef = { applyId: number; lineId?: number; proposalKey?: string };

/** Query keys per company; every social-insurance write invalidates the company's 'si' keys. */
const K = (companyId: number | null, ...rest: unknown[]) => ['si', companyId, ...rest] as const;

async function paged<T>(k: PathKey, body: unknown): Promise<Paged<T>> {
  const r = await api.postList<T>(url(k), body);
  return { data: r.data ?? [], pageMessage: r.pageMessage };
}

/** The company's entities (selectInsured); `enabled` false for users who may not read them. */
export function useEntities(enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'entities'), queryFn: async () => (await api.post<EntityView[]>(url('entityList'), {})) ?? [], enabled, staleTime: 0 });
}

export function useLayouts(enabled: boolean) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'layouts'), queryFn: async () => (await api.post<LayoutView[]>(url('layoutList'), {})) ?? [], enabled, staleTime: 0 });
}

export function useApplyMonth(month: string | undefined) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'apply-month', month ?? 'open'), queryFn: () => api.post<ApplyMonthView>(url('applyMonth'), { month }), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useApplyPage(q: ApplyPageQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'apply-page', q), queryFn: () => paged<ApplyListItem>('applyPage', q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useApplyDetail(applyId: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'apply', applyId), queryFn: () => api.post<ApplyDetailView>(url('applyDetail'), { applyId }), enabled: applyId !== null, retry: false, staleTime: 0 });
}

export function useInsuredPage(q: InsuredPageQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'insured-page', q), queryFn: () => paged<InsuredView>('insuredPage', q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useInsuredHistory(employeeId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'insured-history', employeeId),
    queryFn: async () => (await api.post<InsuredHistoryView[]>(url('insuredHistory'), { employeeId })) ?? [],
    enabled: employeeId !== null,
    staleTime: 0,
  });
}

export function useInsuredWarnings() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'insured-warnings'), queryFn: async () => (await api.post<InsuredWarning[]>(url('insuredWarnings'), {})) ?? [], staleTime: 0 });
}

/** The home board's count of lines waiting for this month's declarations. */
export function useSiBoard(enabled: boolean) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'board'), queryFn: () => api.post<SiBoardView>(url('board'), {}, { silent: true }), enabled, staleTime: 60_000, retry: false });
}

export function useAnnualPreview(q: { entityId: number; year: number } | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'annual', q), queryFn: () => api.post<AnnualPreviewView>(url('annualPreview'), q), enabled: q !== null, retry: false, staleTime: 0 });
}

export function useRecordSummary(month: string) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'record-summary', month), queryFn: () => api.post<RecordSummaryView>(url('recordSummary'), { month }), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useRecordPage(q: RecordPageQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'record-page', q), queryFn: () => paged<RecordRowView>('recordPage', q), placeholderData: keepPreviousData, staleTime: 0 });
}

/** The last reconciliation of an entity's month (null when there is none). */
export function useReconcileResult(q: { entityId: number; month: string } | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'reconcile', q),
    queryFn: async () => (await api.post<ReconcileView | null>(url('recordReconcileResult'), q)) ?? null,
    enabled: q !== null,
    retry: false,
    staleTime: 0,
  });
}

export function useInvalidateSi() {
  const qc = useQueryClient();
  const { companyId } = useSession();
  return () => qc.invalidateQueries({ queryKey: ['si', companyId] });
}

export const siCalls = {
  saveEntity: (body: EntitySave) => api.post<EntityView>(url('entitySave'), body),
  removeEntity: (id: number) => api.post<unknown>(url('entityRemove'), { id }),
  saveLayout: (body: LayoutSave) => api.post<LayoutView>(url('layoutSave'), body),
  resetLayout: (city: string) => api.post<LayoutView>(url('layoutReset'), { city }),
  registerInsured: (body: InsuredRegister) => api.post<unknown>(url('insuredRegister'), body),
  createApply: (entityId: number, month: string) => api.post<Created>(url('applyCreate'), { entityId, month }),
  saveLine: (body: ApplyLineSave) => api.post<unknown>(url('applyLineSave'), body),
  dropLine: (ref: LineRef) => api.post<unknown>(url('applyLineDrop'), ref),
  restoreLine: (ref: LineRef) => api.post<unknown>(url('applyLineRestore'), ref),
  submit: (applyId: number) => api.post<ApplyDetailView>(url('applySubmit'), { applyId }),
  withdraw: (applyId: number) => api.post<unknown>(url('applyWithdraw'), { applyId }),
  carryOver: (applyId: number) => api.post<Created | null>(url('applyCarryOver'), { applyId }),
  retryFailed: (applyId: number) => api.post<Created | null>(url('applyRetryFailed'), { applyId }),
  /** The portal's bulk-upload file is an export job: answers the record queued in 下载中心. */
  exportApply: (applyId: number) => api.post<ExportView>(url('applyExport'), { applyId }),
  importResult: (applyId: number, file: File) => uploadMultipart<ResultImportView>(`${url('applyResultImport')}?applyId=${applyId}`, file, { timeoutMs: 120_000 }),
  saveResult: (body: { applyId: number; lineId: number; result: 1 | 2; reason: string }) => api.post<unknown>(url('applyResultSave'), body),
  annualDeclare: (body: AnnualDeclare) => api.post<Created>(url('annualDeclare'), body),
  generateRecords: (month: string, entityId?: number) => api.post<unknown>(url('recordGenerate'), { month, ...(entityId ? { entityId } : {}) }),
  exportRecords: (month: string, entityId?: number) => api.post<ExportView>(url('recordExport'), { month, ...(entityId ? { entityId } : {}) }),
  reconcile: (entityId: number, month: string, file: File) =>
    uploadMultipart<ReconcileView>(`${url('recordReconcile')}?entityId=${entityId}&month=${encodeURIComponent(month)}`, file, { timeoutMs: 120_000 }),
};
