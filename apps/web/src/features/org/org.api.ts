import { uploadMultipart } from '../../app/api/upload.ts';
import type {
  CostCenterItem,
  DepartmentDetail,
  DepartmentImportResult,
  DepartmentOption,
  DepartmentTreeResult,
  DepartmentVersionItem,
  DepartmentVersionTree,
  OrgEmployeeOption,
  PositionItem,
  RankCategoryItem,
  RankItem,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../app/ui/table.ts';
import { saveBlob } from '../../app/api/save-blob.ts';

const SAAS = '/wfsaas-saas/api';

export const ORG_API = {
  tree: `${SAAS}/companyDepartment/tree`,
  chart: `${SAAS}/companyDepartment/chart`,
  options: `${SAAS}/companyDepartment/options`,
  detail: `${SAAS}/companyDepartment/detail`,
  leaderOptions: `${SAAS}/companyDepartment/leaderOptions`,
  add: `${SAAS}/companyDepartment/add`,
  update: `${SAAS}/companyDepartment/update`,
  move: `${SAAS}/companyDepartment/move`,
  merge: `${SAAS}/companyDepartment/merge`,
  disable: `${SAAS}/companyDepartment/disable`,
  enable: `${SAAS}/companyDepartment/enable`,
  remove: `${SAAS}/companyDepartment/delete`,
  templateDownload: `${SAAS}/companyDepartment/template/download`,
  templateImport: `${SAAS}/companyDepartment/template/import`,
  versionSave: `${SAAS}/companyDepartmentVersion/save`,
  versionPage: `${SAAS}/companyDepartmentVersion/page`,
  versionDetail: `${SAAS}/companyDepartmentVersion/detail`,
  versionAsOf: `${SAAS}/companyDepartmentVersion/asOf`,
  positionPage: `${SAAS}/position/page`,
  positionAdd: `${SAAS}/position/add`,
  positionUpdate: `${SAAS}/position/update`,
  positionDisable: `${SAAS}/position/disable`,
  positionEnable: `${SAAS}/position/enable`,
  positionDelete: `${SAAS}/position/delete`,
  categoryList: `${SAAS}/rankCategory/list`,
  categoryAdd: `${SAAS}/rankCategory/add`,
  categoryUpdate: `${SAAS}/rankCategory/update`,
  categoryDelete: `${SAAS}/rankCategory/delete`,
  rankList: `${SAAS}/rank/list`,
  rankAdd: `${SAAS}/rank/add`,
  rankUpdate: `${SAAS}/rank/update`,
  rankDelete: `${SAAS}/rank/delete`,
  costCenterPage: `${SAAS}/costCenter/page`,
  costCenterOwnerOptions: `${SAAS}/costCenter/ownerOptions`,
  costCenterAdd: `${SAAS}/costCenter/add`,
  costCenterUpdate: `${SAAS}/costCenter/update`,
  costCenterDelete: `${SAAS}/costCenter/delete`,
} as const;

/** The write permissions of the organisation screens (the server checks them; the screens only hide). */
export const ORG_EDIT = 'organizationalstructure.edit';
export const POSITION_RANK_EDIT = 'positionRank.edit';
export const COST_CENTER_EDIT = 'costCenter.edit';

/** Query keys per company; every write invalidates the company's 'org' keys. */
export const orgKeys = {
  all: (companyId: number | null) => ['org', companyId] as const,
  tree: (companyId: number | null, includeDisabled: boolean) => ['org', companyId, 'tree', includeDisabled] as const,
  chart: (companyId: number | null) => ['org', companyId, 'chart'] as const,
  options: (companyId: number | null, includeDisabled: boolean) => ['org', companyId, 'options', includeDisabled] as const,
  versions: (companyId: number | null, q: PageQuery) => ['org', companyId, 'versions', q] as const,
  positions: (companyId: number | null, q: PositionQuery) => ['org', companyId, 'positions', q] as const,
  categories: (companyId: number | null) => ['org', companyId, 'rankCategories'] as const,
  ranks: (companyId: number | null, categoryId: number | null) => ['org', companyId, 'ranks', categoryId] as const,
  costCenters: (companyId: number | null, q: CostCenterQuery) => ['org', companyId, 'costCenters', q] as const,
};

export type PositionQuery = PageQuery & { keyword?: string; departmentId?: number; scope?: 'all' | 'company' | 'department'; status?: 0 | 1 };
export type CostCenterQuery = PageQuery & { keyword?: string };

export function useDepartmentTree(includeDisabled: boolean, enabled = true) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: orgKeys.tree(companyId, includeDisabled),
    queryFn: () => api.post<DepartmentTreeResult>(ORG_API.tree, { includeDisabled }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}

export function useChartTree() {
  const { companyId } = useSession();
  return useQuery({ queryKey: orgKeys.chart(companyId), queryFn: () => api.post<DepartmentTreeResult>(ORG_API.chart, {}), staleTime: 0 });
}

export function useDepartmentOptions(includeDisabled = false) {
  const { companyId } = useSession();
  return useQuery({ queryKey: orgKeys.options(companyId, includeDisabled), queryFn: () => api.post<DepartmentOption[]>(ORG_API.options, { includeDisabled }) });
}

export function useVersions(q: PageQuery, enabled: boolean) {
  const { companyId } = useSession();
  return useQuery({ queryKey: orgKeys.versions(companyId, q), queryFn: () => api.postList<DepartmentVersionItem>(ORG_API.versionPage, q), enabled, staleTime: 0 });
}

export function usePositions(q: PositionQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: orgKeys.positions(companyId, q), queryFn: () => api.postList<PositionItem>(ORG_API.positionPage, q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useRankCategories() {
  const { companyId } = useSession();
  return useQuery({ queryKey: orgKeys.categories(companyId), queryFn: () => api.post<RankCategoryItem[]>(ORG_API.categoryList), staleTime: 0 });
}

export function useRanks(categoryId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: orgKeys.ranks(companyId, categoryId),
    queryFn: () => api.post<RankItem[]>(ORG_API.rankList, categoryId ? { categoryId } : {}),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useCostCenters(q: CostCenterQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: orgKeys.costCenters(companyId, q), queryFn: () => api.postList<CostCenterItem>(ORG_API.costCenterPage, q), placeholderData: keepPreviousData, staleTime: 0 });
}

/** Refreshes every organisation query of the current company (after a write). */
export function useInvalidateOrg() {
  const { companyId } = useSession();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: orgKeys.all(companyId) });
}

type Body = Record<string, unknown>;

export const orgCalls = {
  addDepartment: (b: Body) => api.post<DepartmentDetail>(ORG_API.add, b),
  updateDepartment: (b: Body) => api.post<DepartmentDetail>(ORG_API.update, b),
  moveDepartment: (b: { id: number; parentId: number | null; sort: number }) => api.post<DepartmentDetail>(ORG_API.move, b),
  mergeDepartments: (b: { sourceId: number; targetId: number }) => api.post<DepartmentDetail>(ORG_API.merge, b),
  disableDepartment: (id: number) => api.post<DepartmentDetail>(ORG_API.disable, { id }),
  enableDepartment: (id: number) => api.post<DepartmentDetail>(ORG_API.enable, { id }),
  deleteDepartment: (id: number) => api.post<{ id: number }>(ORG_API.remove, { id }),
  saveVersion: (b: { name: string; effectiveDate: string }) => api.post<DepartmentVersionItem>(ORG_API.versionSave, b),
  savePosition: (b: Body) => api.post<PositionItem>(b.id ? ORG_API.positionUpdate : ORG_API.positionAdd, b),
  setPositionStatus: (b: { id: number; status: 0 | 1 }) => api.post<PositionItem>(b.status === 0 ? ORG_API.positionDisable : ORG_API.positionEnable, { id: b.id }),
  deletePosition: (id: number) => api.post<{ id: number }>(ORG_API.positionDelete, { id }),
  saveCategory: (b: Body) => api.post<RankCategoryItem>(b.id ? ORG_API.categoryUpdate : ORG_API.categoryAdd, b),
  deleteCategory: (id: number) => api.post<{ id: number }>(ORG_API.categoryDelete, { id }),
  saveRank: (b: Body) => api.post<RankItem>(b.id ? ORG_API.rankUpdate : ORG_API.rankAdd, b),
  deleteRank: (id: number) => api.post<{ id: number }>(ORG_API.rankDelete, { id }),
  saveCostCenter: (b: Body) => api.post<CostCenterItem>(b.id ? ORG_API.costCenterUpdate : ORG_API.costCenterAdd, b),
  deleteCostCenter: (id: number) => api.post<{ id: number }>(ORG_API.costCenterDelete, { id }),
  detail: (id: number) => api.post<DepartmentDetail>(ORG_API.detail, { id }),
  versionAsOf: (date: string) => api.post<DepartmentVersionTree>(ORG_API.versionAsOf, { date }),
  versionDetail: (id: number) => api.post<DepartmentVersionTree>(ORG_API.versionDetail, { id }),
  employees: (url: string, keyword: string) => api.post<OrgEmployeeOption[]>(url, { keyword: keyword || undefined, limit: 20 }),
};

export async function downloadDepartmentTemplate(): Promise<void> {
  const { blob, filename } = await api.download(ORG_API.templateDownload);
  saveBlob(blob, filename ?? '部门导入模板.xlsx');
}

/**
 * Uploads the filled template (multipart, field `file`). Errors are shown like the request
 * client's: the server's message, the HTTP-status table, a 401 ends the session.
 */
export async function importDepartmentTemplate(file: File): Promise<DepartmentImportResult> {
  return uploadMultipart<DepartmentImportResult>(ORG_API.templateImport, file);
}
