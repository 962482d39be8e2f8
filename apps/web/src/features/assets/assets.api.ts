import {
  ASSET_API,
  ASSET_PATHS,
  type AssetCategoryView,
  type AssetDetail,
  type AssetSave,
  type AssetSettings,
  type AssetStats,
  type AssetView,
  type PageMessage,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../app/ui/table.ts';
import type { ExportView } from '../downloads/downloads.ts';

const url = (k: keyof typeof ASSET_PATHS) => `${ASSET_API}${ASSET_PATHS[k]}`;

/** Query keys per company; every asset write invalidates the company's 'assets' keys. */
const K = (companyId: number | null, ...rest: unknown[]) => ['assets', companyId, ...rest] as const;

export type AssetFilters = { keyword?: string; categoryId?: number; status?: number; holderEmployeeId?: number };
export type Paged<T> = { data: T[]; pageMessage: PageMessage };

export function useAssetPage(q: PageQuery & AssetFilters) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'page', q),
    queryFn: async (): Promise<Paged<AssetView>> => {
      const r = await api.postList<AssetView>(url('page'), q);
      return { data: r.data ?? [], pageMessage: r.pageMessage };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAssetStats(f: Omit<AssetFilters, 'status'>) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'stats', f), queryFn: () => api.post<AssetStats>(url('stats'), f), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useAssetCategories() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'categories'), queryFn: async () => (await api.post<AssetCategoryView[]>(url('categoryList'), {})) ?? [], staleTime: 0 });
}

export function useAssetDetail(id: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'detail', id), queryFn: () => api.post<AssetDetail>(url('detail'), { id }), enabled: id !== null, retry: false, staleTime: 0 });
}

export function useAssetSettings(enabled: boolean) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'settings'), queryFn: () => api.post<AssetSettings>(url('settings'), {}), enabled, staleTime: 0 });
}

export function useInvalidateAssets() {
  const qc = useQueryClient();
  const { companyId } = useSession();
  return () => qc.invalidateQueries({ queryKey: ['assets', companyId] });
}

export const assetCalls = {
  save: (body: AssetSave) => api.post<AssetView>(url('save'), body),
  nextNo: () => api.post<{ assetNo: string }>(url('nextNo'), {}),
  issue: (body: { id: number; employeeId: number; day: string; expectedReturnOn: string | null; note: string }) => api.post<AssetView>(url('issue'), body),
  giveBack: (body: { id: number; day: string; condition: string }) => api.post<AssetView>(url('giveBack'), body),
  repair: (body: { id: number; day: string; note: string }) => api.post<AssetView>(url('repair'), body),
  repaired: (body: { id: number; day: string; note: string }) => api.post<AssetView>(url('repaired'), body),
  scrap: (body: { id: number; day: string; reason: string }) => api.post<AssetView>(url('scrap'), body),
  saveCategory: (body: { id?: number; name: string }) => api.post<AssetCategoryView>(url('categorySave'), body),
  setCategoryStatus: (id: number, status: 0 | 1) => api.post<unknown>(url('categoryStatus'), { id, status }),
  removeCategory: (id: number) => api.post<unknown>(url('categoryRemove'), { id }),
  saveSettings: (body: AssetSettings) => api.post<AssetSettings>(url('settingsSave'), body),
  exportList: (filters: AssetFilters) => api.post<ExportView>(url('exportList'), filters),
};
