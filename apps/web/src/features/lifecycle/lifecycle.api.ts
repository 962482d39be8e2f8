import {
  LIFECYCLE_API,
  type ConversionCounts,
  type ContractChangeDo,
  type ContractChangeRow,
  type EmployeePlacement,
  type LabourContractAdd,
  type LabourContractView,
  type Renew,
  type RenewalCounts,
  type RenewalPage,
  type RenewalRow,
  type InductionAdd,
  type InductionConfirmResult,
  type InductionCounts,
  type InductionPage,
  type InductionRow,
  type QuitAssets,
  type QuitCertificateInfo,
  type QuitDo,
  type QuitPage,
  type QuitRow,
  type Rehire,
  type TransferDo,
  type TransferPage,
  type TransferRow,
  type ConversionPage,
  type ConversionRow,
  type EmployeeChangeView,
  type ProbationExtend,
  type RegularDo,
  type ChangeReviewCounts,
  type ChangeReviewPage,
  type ChangeReviewResult,
  type ChangeReviewRow,
  type ChangeSettings,
  type ChangeSettingsView,
  type ChangeFormAnswer,
  type ChangeFormSave,
  type ReviewableChangeType,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { saveBlob } from '../../app/api/save-blob.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';

export { TRANSACTION_SET_EDIT, TRANSACTION_SET_REVIEW } from '@wfsaas/contracts';
export { ALTERNATION_EDIT, CONTRACT_ALTER_EDIT, CONVERSION_EDIT, DIMISSION_ROSTER_EDIT, DO_QUIT_EDIT, INDUCTION_EDIT, RENEWAL_EDIT } from '@wfsaas/contracts';

const REG = `${LIFECYCLE_API}/employeeRegularWorker`;
const CHG = `${LIFECYCLE_API}/companyEmployeeChange`;
const QUIT = `${LIFECYCLE_API}/companyEmployeeQuit`;
const IND = `${LIFECYCLE_API}/companyEmployeeInduction`;
const EC = `${LIFECYCLE_API}/employeeContract`;
const ECC = `${LIFECYCLE_API}/employeeContractChange`;
const SCENE = `${LIFECYCLE_API}/abnormalChangeSceneConfig`;
const EXE = `${LIFECYCLE_API}/abnormalChangeExecution`;
const FORM = `${LIFECYCLE_API}/abnormalChangeFormConfig`;

const keys = {
  all: (companyId: number | null) => ['lifecycle', companyId] as const,
  page: (companyId: number | null, q: ConversionPage) => ['lifecycle', companyId, 'conversion', q] as const,
  counts: (companyId: number | null, q: object) => ['lifecycle', companyId, 'conversionCounts', q] as const,
  timeline: (companyId: number | null, employeeId: number) => ['lifecycle', companyId, 'timeline', employeeId] as const,
  transfers: (companyId: number | null, q: TransferPage) => ['lifecycle', companyId, 'transfers', q] as const,
  quits: (companyId: number | null, mode: string, q: QuitPage) => ['lifecycle', companyId, 'quits', mode, q] as const,
  inductions: (companyId: number | null, q: InductionPage) => ['lifecycle', companyId, 'inductions', q] as const,
  inductionCounts: (companyId: number | null, keyword: string | undefined) => ['lifecycle', companyId, 'inductionCounts', keyword] as const,
  renewals: (companyId: number | null, q: RenewalPage) => ['lifecycle', companyId, 'renewals', q] as const,
  renewalCounts: (companyId: number | null, q: object) => ['lifecycle', companyId, 'renewalCounts', q] as const,
  contractChanges: (companyId: number | null, q: object) => ['lifecycle', companyId, 'contractChanges', q] as const,
  contracts: (companyId: number | null, employeeId: number) => ['lifecycle', companyId, 'contracts', employeeId] as const,
  placement: (companyId: number | null, employeeId: number) => ['lifecycle', companyId, 'placement', employeeId] as const,
  settings: (companyId: number | null) => ['lifecycle', companyId, 'changeSettings'] as const,
  changeForm: (companyId: number | null, type: string) => ['lifecycle', companyId, 'changeForm', type] as const,
  reviews: (companyId: number | null, q: ChangeReviewPage) => ['lifecycle', companyId, 'reviews', q] as const,
  reviewCounts: (companyId: number | null, q: object) => ['lifecycle', companyId, 'reviewCounts', q] as const,
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

/** The assets a leaver has not returned (资产中心), and whether they block the resignation. */
export function useQuitAssets(employeeId: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: ['lifecycle', companyId, 'quit-assets', employeeId], queryFn: () => api.post<QuitAssets>(`${QUIT}/unreturnedAssets`, { employeeId }), enabled: employeeId !== null, staleTime: 0 });
}

/** 待离职 (leaving) or the resigned roster (left). */
export function useQuitPage(mode: 'leaving' | 'left', q: QuitPage) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.quits(companyId, mode, q), queryFn: () => api.postList<QuitRow>(`${QUIT}/${mode === 'leaving' ? 'pageList' : 'rosterList'}`, q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useInductionPage(q: InductionPage) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.inductions(companyId, q), queryFn: () => api.postList<InductionRow>(`${IND}/pageList`, q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useInductionCounts(keyword: string | undefined) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.inductionCounts(companyId, keyword), queryFn: () => api.post<InductionCounts>(`${IND}/counts`, { keyword }), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useRenewalPage(q: RenewalPage) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.renewals(companyId, q), queryFn: () => api.postList<RenewalRow>(`${ECC}/renewalList`, q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useRenewalCounts(q: Pick<RenewalPage, 'withinDays' | 'keyword'>) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.renewalCounts(companyId, q), queryFn: () => api.post<RenewalCounts>(`${ECC}/renewalCounts`, q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useContractChangePage(q: { pageNum: number; pageSize: number; keyword?: string }) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.contractChanges(companyId, q), queryFn: () => api.postList<ContractChangeRow>(`${ECC}/pageList`, q), placeholderData: keepPreviousData, staleTime: 0 });
}

/** Every labour contract of one employee, latest first. */
export function useEmployeeContracts(employeeId: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.contracts(companyId, employeeId ?? 0), queryFn: () => api.post<LabourContractView[]>(`${EC}/list`, { employeeId }), enabled: employeeId !== null, staleTime: 0 });
}

/** 异动设置: which changes need review, and the default probation the add forms propose. */
export function useChangeSettings() {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.settings(companyId), queryFn: () => api.post<ChangeSettingsView>(`${SCENE}/get`, {}), staleTime: 60_000 });
}

/** The change type's company form (异动表单), or null when it has none. */
export function useChangeForm(type: ReviewableChangeType) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.changeForm(companyId, type), queryFn: () => api.post<ChangeFormAnswer>(`${FORM}/get`, { type }), staleTime: 60_000 });
}

export function useSaveChangeForm() {
  const { companyId } = useSession();
  const queryClient = useQueryClient();
  return async (body: ChangeFormSave): Promise<ChangeFormAnswer> => {
    const saved = await api.post<ChangeFormAnswer>(`${FORM}/save`, body);
    queryClient.setQueryData(keys.changeForm(companyId, body.type), saved);
    return saved;
  };
}

export function useRemoveChangeForm() {
  const { companyId } = useSession();
  const queryClient = useQueryClient();
  return async (type: ReviewableChangeType): Promise<void> => {
    await api.post<null>(`${FORM}/remove`, { type });
    queryClient.setQueryData(keys.changeForm(companyId, type), null);
  };
}

export function useChangeReviews(q: ChangeReviewPage) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.reviews(companyId, q), queryFn: () => api.postList<ChangeReviewRow>(`${EXE}/pageList`, q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useChangeReviewCounts(q: Pick<ChangeReviewPage, 'type' | 'keyword'>, enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: keys.reviewCounts(companyId, q), queryFn: () => api.post<ChangeReviewCounts>(`${EXE}/counts`, q), placeholderData: keepPreviousData, staleTime: 0, enabled });
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
  saveChangeSettings: (body: ChangeSettings) => api.post<ChangeSettingsView>(`${SCENE}/save`, body),
  approveChanges: (changeIds: number[], remark?: string) => api.post<ChangeReviewResult>(`${EXE}/approve`, { changeIds, remark }),
  rejectChanges: (changeIds: number[], reason: string) => api.post<ChangeReviewResult>(`${EXE}/reject`, { changeIds, reason }),
  regularize: (body: RegularDo) => api.post<EmployeeChangeView>(`${REG}/do`, body),
  cancel: (changeId: number) => api.post<EmployeeChangeView>(`${REG}/cancel`, { changeId }),
  redate: (changeId: number, effectiveDate: string) => api.post<EmployeeChangeView>(`${REG}/updateEffectiveDate`, { changeId, effectiveDate }),
  extendProbation: (body: ProbationExtend) => api.post<EmployeeChangeView>(`${REG}/extendProbation`, body),
  transfer: (body: TransferDo) => api.post<TransferRow>(`${CHG}/do`, body),
  cancelTransfer: (changeId: number) => api.post<TransferRow>(`${CHG}/cancel`, { changeId }),
  quit: (body: QuitDo) => api.post<EmployeeChangeView>(`${QUIT}/do`, body),
  cancelQuit: (changeId: number) => api.post<EmployeeChangeView>(`${QUIT}/cancel`, { changeId }),
  redateQuit: (changeId: number, lastWorkingDay: string) => api.post<EmployeeChangeView>(`${QUIT}/updateLastDay`, { changeId, lastWorkingDay }),
  setHandover: (changeId: number, handoverStatus: number) => api.post<EmployeeChangeView>(`${LIFECYCLE_API}/quitProgress/update`, { changeId, handoverStatus }),
  rehire: (body: Rehire) => api.post<EmployeeChangeView>(`${QUIT}/rehire`, body),
  certificateInfo: (employeeId: number) => api.post<QuitCertificateInfo>(`${LIFECYCLE_API}/resignationNotice/certificateInfo`, { employeeId }),
  certificate: async (employeeId: number, name: string) => {
    const { blob, filename } = await api.download(`${LIFECYCLE_API}/resignationNotice/certificate`, { employeeId });
    saveBlob(blob, filename ?? `离职证明_${name}.pdf`);
  },
  addHire: (body: InductionAdd) => api.post<EmployeeChangeView>(`${IND}/add`, body),
  /** Without a date each hire is confirmed on its own expected hire date. */
  confirmHires: (employeeIds: number[], hireDate: string | undefined) => api.post<InductionConfirmResult>(`${IND}/confirm`, { employeeIds, ...(hireDate ? { hireDate } : {}) }),
  closeHire: (kind: 'discontinue' | 'cancel', employeeId: number, reason: string) => api.post<EmployeeChangeView>(`${IND}/${kind}`, { employeeId, reason }),
  reopenHire: (employeeId: number, hireDate: string) => api.post<EmployeeChangeView>(`${IND}/againDo`, { employeeId, hireDate }),
  addContract: (body: LabourContractAdd) => api.post<LabourContractView>(`${EC}/add`, body),
  renew: (body: Renew) => api.post<LabourContractView>(`${ECC}/renew`, body),
  endContract: (contractId: number, startQuit: boolean, remark?: string) => api.post<LabourContractView>(`${ECC}/end`, { contractId, startQuit, remark }),
  changeContract: (body: ContractChangeDo) => api.post<EmployeeChangeView>(`${ECC}/change`, body),
  redateTransfer: (changeId: number, effectiveDate: string) => api.post<TransferRow>(`${CHG}/updateEffectiveDate`, { changeId, effectiveDate }),
};
