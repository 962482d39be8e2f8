import {
  LIFECYCLE_API,
  type ConversionCounts,
  type EmployeePlacement,
  type TransferDo,
  type TransferPage,
  type TransferRow,
  type ConversionPage,
  type ConversionRow,
  type EmployeeChangeView,
  type ProbationExtend,
  type RegularDo,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';

export { ALTERNATION_EDIT, CONVERSION_EDIT } from '@wfsaas/contracts';

const REG = `${LIFECYCLE_API}/employeeRegularWorker`;
const CHG = `${LIFECYCLE_API}/companyEmployeeChange`;

const keys = {
  all: (companyId: number | null) => ['lifecycle', companyId] as const,
  page: (companyId: number | null, q: ConversionPage) => ['lifecycle', companyId, 'conversion', q] as const,
  counts: (companyId: number | null, q: object) => ['lifecycle', companyId, 'conversionCounts', q] as const,
  timeline: (companyId: number | null, employeeId: number) => ['lifecycle', companyId, 'timeline', employeeId] as const,
  transfers: (companyId: number | null, q: TransferPage) => ['lifecycle', companyId, 'transfers', q] as const,
  placement: (companyId: number | null, employeeId: number) => ['lifecycle', companyId, 'placement', employeeId] as const,
};

export function useConversionPage(q: ConversionPage) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.page(companyId, q), queryFn: () => api.postList<ConversionRow>(`${REG}/pageList`, q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useConversionCounts(q: Pick<ConversionPage, 'withinDays' | 'keyword' | 'departmentId'>) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.counts(companyId, q), queryFn: () => api.post<ConversionCounts>(`${REG}/counts`, q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useTransferPage(q: TransferPage) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.transfers(companyId, q), queryFn: () => api.postList<TransferRow>(`${CHG}/pageList`, q), placeholderData: keepPreviousData, staleTime: 0 });
}

/** The employee's current placement and salary (the transfer form's starting values). */
export function usePlacement(employeeId: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.placement(companyId, employeeId ?? 0), queryFn: () => api.post<EmployeePlacement>(`${CHG}/current`, { employeeId }), enabled: employeeId !== null, staleTime: 0 });
}

export function useEmployeeTimeline(employeeId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: keys.timeline(companyId, employeeId ?? 0),
    queryFn: () => api.post<EmployeeChangeView[]>(`${CHG}/timeline`, { employeeId }),
    enabled: employeeId !== null,
    staleTime: 0,
  });
}

export function useInvalidateLifecycle() {
  const { companyId } = useSession();
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: keys.all(companyId) }), queryClient.invalidateQueries({ queryKey: ['employees', companyId] })]);
}

export const lifecycleCalls = {
  regularize: (body: RegularDo) => api.post<EmployeeChangeView>(`${REG}/do`, body),
  cancel: (changeId: number) => api.post<EmployeeChangeView>(`${REG}/cancel`, { changeId }),
  redate: (changeId: number, effectiveDate: string) => api.post<EmployeeChangeView>(`${REG}/updateEffectiveDate`, { changeId, effectiveDate }),
  extendProbation: (body: ProbationExtend) => api.post<EmployeeChangeView>(`${REG}/extendProbation`, body),
  transfer: (body: TransferDo) => api.post<TransferRow>(`${CHG}/do`, body),
  cancelTransfer: (changeId: number) => api.post<TransferRow>(`${CHG}/cancel`, { changeId }),
  redateTransfer: (changeId: number, effectiveDate: string) => api.post<TransferRow>(`${CHG}/updateEffectiveDate`, { changeId, effectiveDate }),
};
