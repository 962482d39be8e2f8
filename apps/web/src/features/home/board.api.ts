import {
  STAT_API,
  STAT_PATHS,
  type EmployeeStructure,
  type ExportingCount,
  type InsuredStat,
  type RiskKey,
  type RiskPerson,
  type ServiceBoard,
  type TaxDeclarationStat,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../app/ui/table.ts';

/** The service board's and the statistics' calls; keys per company, refreshed when the board is opened again. */

const url = (p: keyof typeof STAT_PATHS) => `${STAT_API}${STAT_PATHS[p]}`;
const K = (companyId: number | null, ...rest: unknown[]) => ['stats', companyId, ...rest] as const;

export function useServiceBoard() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'board'), queryFn: () => api.post<ServiceBoard>(url('board'), {}), staleTime: 30_000 });
}

export function useEmploymentRisk(riskKey: RiskKey | null, page: PageQuery) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'risk', riskKey, page),
    queryFn: () => api.postList<RiskPerson>(url('employmentRisk'), { riskKey, ...page }),
    enabled: riskKey !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useEmployeeStructure(enabled: boolean, departmentLevel: number) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'structure', departmentLevel), queryFn: () => api.post<EmployeeStructure>(url('employeeStructure'), { departmentLevel }), enabled, placeholderData: keepPreviousData, staleTime: 60_000 });
}

export function useTaxDeclarationStat(enabled: boolean) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'tax'), queryFn: () => api.post<TaxDeclarationStat>(url('taxDeclaration'), {}), enabled, staleTime: 60_000 });
}

export function useInsuredStat(enabled: boolean) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'insured'), queryFn: () => api.post<InsuredStat>(url('insured'), {}), enabled, staleTime: 60_000 });
}

/** While exports run the badge is refreshed every few seconds; otherwise each minute and on focus. */
export const EXPORTING_POLL_MS = 3_000;
export const IDLE_POLL_MS = 60_000;

/** The 下载中心 badge: the caller's exports queued or being generated (silent: a badge never toasts). */
export function useExportingBadge(enabled: boolean) {
  const { companyId, userInfo } = useSession();
  return useQuery({
    queryKey: ['downloads', companyId, userInfo?.sysUser.userId ?? null, 'exporting'],
    queryFn: () => api.post<ExportingCount>(url('exportingCount'), {}, { silent: true }),
    enabled: enabled && companyId !== null,
    refetchInterval: (q) => ((q.state.data?.exporting ?? 0) > 0 ? EXPORTING_POLL_MS : IDLE_POLL_MS),
    refetchOnWindowFocus: true,
    retry: false,
  });
}
