import {
  EC_PATHS,
  type BatchInitiateResult,
  type BatchProgress,
  type CompanySign,
  type CompanySignResult,
  type ContractBatchInitiate,
  type ContractDetail,
  type ContractEvidence,
  type ContractInitiate,
  type ContractPage,
  type ContractTypeSave,
  type ContractTypeView,
  type ContractView,
  type InitiateResult,
  type PackageSave,
  type PackageView,
  type SceneForm,
  type SceneSave,
  type SceneView,
  type TemplateDetail,
  type TemplateSave,
  type TemplateUploaded,
  type TemplateView,
  type WatermarkView,
} from '@wfsaas/contracts';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../app/api/instance.ts';
import { saveBlob } from '../../app/api/save-blob.ts';
import { uploadMultipart } from '../../app/api/upload.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';

export {
  EC_CONFIG_EDIT,
  EC_INITIATE_EDIT,
  EC_MANAGE_EDIT,
  EC_PACKAGE_EDIT,
  EC_SEAL,
  EC_TYPE_EDIT,
  EC_WATERMARK_EDIT,
} from '@wfsaas/contracts';

/** Query keys per company; every e-contract write invalidates the company's 'econtracts' keys. */
export const ecKeys = {
  all: (companyId: number | null) => ['econtracts', companyId] as const,
  of: (companyId: number | null, what: string, q?: unknown) => ['econtracts', companyId, what, q] as const,
};

export type ContractPageQuery = Partial<ContractPage> & { pageNum: number; pageSize: number };

export function useContractPage(q: ContractPageQuery | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: ecKeys.of(companyId, 'contracts', q),
    queryFn: () => api.postList<ContractView>(EC_PATHS.contractPage, q),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** How many contracts each filter matches (one row asked for each), by the filter's key (the tab counts). */
export function useContractCounts(filters: Readonly<Record<string, Omit<ContractPageQuery, 'pageNum' | 'pageSize'>>>): Partial<Record<string, number>> {
  const { companyId } = useSession();
  const keys = Object.keys(filters);
  const results = useQueries({
    queries: keys.map((key) => ({
      queryKey: ecKeys.of(companyId, 'count', filters[key]),
      queryFn: async () => (await api.postList<ContractView>(EC_PATHS.contractPage, { ...filters[key], pageNum: 1, pageSize: 1 }, { silent: true })).pageMessage.total,
      staleTime: 0,
    })),
  });
  return Object.fromEntries(keys.map((key, i) => [key, results[i]?.data]));
}

export function useContractDetail(contractId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: ecKeys.of(companyId, 'detail', contractId),
    queryFn: () => api.post<ContractDetail>(EC_PATHS.contractDetail, { contractId }),
    enabled: contractId !== null,
    retry: false,
    staleTime: 0,
  });
}

export function useEvidence(contractId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: ecKeys.of(companyId, 'evidence', contractId),
    queryFn: () => api.post<ContractEvidence>(EC_PATHS.contractEvidence, { contractId }),
    enabled: contractId !== null,
    retry: false,
    staleTime: 0,
  });
}

export function useEmployeeContracts(employeeId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: ecKeys.of(companyId, 'ofEmployee', employeeId),
    queryFn: async () => (await api.post<ContractView[]>(EC_PATHS.contractOfEmployee, { employeeId })) ?? [],
    enabled: employeeId !== null,
    staleTime: 0,
  });
}

export function useContractTypes() {
  const { companyId } = useSession();
  return useQuery({ queryKey: ecKeys.of(companyId, 'types'), queryFn: async () => (await api.post<ContractTypeView[]>(EC_PATHS.typeList, {})) ?? [], staleTime: 0 });
}

export function useTemplatePage(q: { pageNum: number; pageSize: number; name?: string; contractTypeId?: number }) {
  const { companyId } = useSession();
  return useQuery({ queryKey: ecKeys.of(companyId, 'templates', q), queryFn: () => api.postList<TemplateView>(EC_PATHS.templatePage, q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useTemplateDetail(templateId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: ecKeys.of(companyId, 'template', templateId),
    queryFn: () => api.post<TemplateDetail>(EC_PATHS.templateDetail, { templateId }),
    enabled: templateId !== null,
    retry: false,
    staleTime: 0,
  });
}

export function usePackagePage(q: { pageNum: number; pageSize: number; name?: string }) {
  const { companyId } = useSession();
  return useQuery({ queryKey: ecKeys.of(companyId, 'packages', q), queryFn: () => api.postList<PackageView>(EC_PATHS.packagePage, q), placeholderData: keepPreviousData, staleTime: 0 });
}

/** Every package (for pickers). */
export function usePackageOptions() {
  const { companyId } = useSession();
  return useQuery({ queryKey: ecKeys.of(companyId, 'packageList'), queryFn: async () => (await api.post<PackageView[]>(EC_PATHS.packageList, {})) ?? [], staleTime: 0 });
}

export function usePackageDetail(packageId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: ecKeys.of(companyId, 'package', packageId),
    queryFn: () => api.post<PackageView>(EC_PATHS.packageDetail, { packageId }),
    enabled: packageId !== null,
    retry: false,
    staleTime: 0,
  });
}

export function useScenes(dealCode?: number) {
  const { companyId } = useSession();
  return useQuery({ queryKey: ecKeys.of(companyId, 'scenes', dealCode ?? null), queryFn: async () => (await api.post<SceneView[]>(EC_PATHS.sceneList, dealCode ? { dealCode } : {})) ?? [], staleTime: 0 });
}

export function useSceneForm(dealCode: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: ecKeys.of(companyId, 'sceneForm', dealCode),
    queryFn: () => api.post<SceneForm>(EC_PATHS.sceneForm, { dealCode }),
    enabled: dealCode !== null,
    staleTime: 0,
  });
}

export function useWatermark() {
  const { companyId } = useSession();
  return useQuery({ queryKey: ecKeys.of(companyId, 'watermark'), queryFn: () => api.post<WatermarkView>(EC_PATHS.watermarkGet, {}), staleTime: 0 });
}

/** A batch's progress, read every 1.5 s until it is done or failed. */
export function useBatchProgress(jobId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: ecKeys.of(companyId, 'progress', jobId),
    queryFn: () => api.post<BatchProgress>(EC_PATHS.contractProgress, { jobId }),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data && (query.state.data.state === 'done' || query.state.data.state === 'failed') ? false : 1500),
  });
}

export function useInvalidateContracts() {
  const { companyId } = useSession();
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ecKeys.all(companyId) });
}

/** A PDF the API answers, as an object URL (revoked when no longer shown). */
export function usePdfUrl(path: string, body: Record<string, unknown> | null, version: unknown = 0) {
  const { companyId } = useSession();
  const q = useQuery({
    queryKey: ecKeys.of(companyId, 'pdf', { path, body, version }),
    queryFn: async () => (await api.download(path, body, { timeout: 120_000 })).blob,
    enabled: body !== null,
    retry: false,
    staleTime: 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!q.data) return;
    const u = URL.createObjectURL(q.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [q.data]);
  return { url, isLoading: q.isLoading, isError: q.isError, blob: q.data ?? null };
}

/** Downloads a file the API answers and saves it under the server's file name (or `fallback`). */
export async function downloadFile(path: string, body: Record<string, unknown>, fallback: string): Promise<void> {
  const { blob, filename } = await api.download(path, body, { timeout: 120_000 });
  saveBlob(blob, filename ?? fallback);
}

export const ecCalls = {
  saveType: (body: ContractTypeSave) => api.post<ContractTypeView>(EC_PATHS.typeSave, body),
  removeType: (id: number) => api.post<unknown>(EC_PATHS.typeRemove, { id }),

  uploadTemplatePdf: (file: File) => uploadMultipart<TemplateUploaded>(EC_PATHS.templateUpload, file, { timeoutMs: 120_000 }),
  saveTemplate: (body: TemplateSave) => api.post<TemplateDetail>(EC_PATHS.templateSave, body, { timeout: 120_000 }),
  removeTemplate: (templateId: number) => api.post<unknown>(EC_PATHS.templateRemove, { templateId }),

  savePackage: (body: PackageSave) => api.post<PackageView>(EC_PATHS.packageSave, body),
  removePackage: (packageId: number) => api.post<unknown>(EC_PATHS.packageRemove, { packageId }),

  saveScene: (body: SceneSave) => api.post<SceneView>(EC_PATHS.sceneSave, body),
  removeScene: (id: number) => api.post<unknown>(EC_PATHS.sceneRemove, { id }),

  initiate: (body: ContractInitiate) => api.post<InitiateResult>(EC_PATHS.contractInitiate, body, { timeout: 120_000 }),
  batchInitiate: (body: ContractBatchInitiate) => api.post<BatchInitiateResult>(EC_PATHS.contractBatchInitiate, body),
  companySign: (body: CompanySign) => api.post<CompanySignResult>(EC_PATHS.contractCompanySign, body, { timeout: 120_000 }),
  withdraw: (contractId: number, reason: string) => api.post<unknown>(EC_PATHS.contractWithdraw, { contractId, reason }),
  suspend: (contractId: number, reason: string) => api.post<unknown>(EC_PATHS.contractSuspend, { contractId, reason }),
  resume: (contractId: number) => api.post<unknown>(EC_PATHS.contractResume, { contractId }),
  end: (contractId: number, reason: string) => api.post<unknown>(EC_PATHS.contractEnd, { contractId, reason }),
  urge: (contractId: number) => api.post<unknown>(EC_PATHS.contractUrge, { contractId }),
  paperSigned: (contractId: number, file: File) => uploadMultipart<unknown>(`${EC_PATHS.contractPaperSigned}?contractId=${contractId}`, file, { timeoutMs: 120_000 }),

  saveWatermark: (body: WatermarkView) => api.post<WatermarkView>(EC_PATHS.watermarkSave, body),
};
