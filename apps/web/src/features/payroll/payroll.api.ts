import {
  PAYROLL_API,
  PAYROLL_PATHS,
  type BankFileLayoutKey,
  type CalendarSave,
  type CalendarView,
  type DeclarationView,
  type DepartmentOption,
  type EmployeeListItem,
  type GroupListItem,
  type GroupMemberView,
  type GroupSaveInput,
  type GroupView,
  type OverviewView,
  type PaymentView,
  type PolicySave,
  type PolicyView,
  type PushPayslipResult,
  type RunCheckResult,
  type RunExplainView,
  type RunImportResult,
  type RunProgress,
  type RunResultsPage,
  type RunView,
  type SheetDetailView,
  type SheetView,
  type TaxProfileSave,
  type TaxProfileView,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE, type PageMessage } from '@wfsaas/contracts';
import { api } from '../../app/api/instance.ts';
import { uploadMultipart } from '../../app/api/upload.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import type { ExportView } from '../downloads/downloads.ts';

export { PAYROLL_PERMISSIONS } from '@wfsaas/contracts';

type PathKey = keyof typeof PAYROLL_PATHS;
const url = (k: PathKey) => `${PAYROLL_API}${PAYROLL_PATHS[k]}`;

export type Paged<T> = { data: T[]; pageMessage: PageMessage };
export type RunPageQuery = { pageNum: number; pageSize: number; month?: string; groupId?: number; status?: number };
export type ResultsQuery = { runId: number; pageNum: number; pageSize: number; keyword?: string; onlyErrors?: boolean };
export type SheetDetailQuery = { payslipId: number; pageNum: number; pageSize: number; keyword?: string };
export type SheetPageQuery = { pageNum: number; pageSize: number; month?: string };
export type PaymentPageQuery = { pageNum: number; pageSize: number; month?: string; runId?: number; keyword?: string };
export type MembersQuery = { id: number; pageNum: number; pageSize: number };

/** Query keys per company; every payroll write invalidates the company's 'payroll' keys. */
const K = (companyId: number | null, ...rest: unknown[]) => ['payroll', companyId, ...rest] as const;

async function paged<T>(k: PathKey, body: unknown): Promise<Paged<T>> {
  const r = await api.postList<T>(url(k), body);
  return { data: r.data ?? [], pageMessage: r.pageMessage };
}

export function useOverview(month: string) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'overview', month), queryFn: () => api.post<OverviewView>(url('overview'), { month }), staleTime: 0 });
}

export function useGroups() {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'groups'), queryFn: async () => (await api.post<GroupListItem[]>(url('groupList'), {})) ?? [], staleTime: 0 });
}

export function useGroup(id: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'group', id), queryFn: () => api.post<GroupView>(url('groupDetail'), { id }), enabled: id !== null, retry: false, staleTime: 0 });
}

export function useGroupMembers(q: MembersQuery | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'members', q), queryFn: () => paged<GroupMemberView>('groupMembers', q), enabled: q !== null, placeholderData: keepPreviousData });
}

export function usePolicies(enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'policies'), queryFn: async () => (await api.post<PolicyView[]>(url('policyList'), {})) ?? [], enabled, staleTime: 60_000 });
}

/** The employees' tax profiles of a year (only those who have one). */
export function useTaxProfiles(year: number, enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'tax-profiles', year), queryFn: async () => (await api.post<TaxProfileView[]>(url('taxProfileList'), { year })) ?? [], enabled, staleTime: 0 });
}

export function useDepartments() {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'departments'),
    queryFn: async () => (await api.post<DepartmentOption[]>('/wfsaas-saas/api/companyDepartment/options', { includeDisabled: false })) ?? [],
    staleTime: 60_000,
  });
}

/** Employees found by name, number or mobile (for adding a member by hand). */
export function useEmployeeSearch(keyword: string) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'employee-search', keyword),
    queryFn: async () => (await api.postList<EmployeeListItem>('/wfsaas-saas/api/companyEmployee/pageList', { pageNum: 1, pageSize: 20, keyword: keyword || undefined, status: [0, 1, 2, 3] })).data ?? [],
    placeholderData: keepPreviousData,
  });
}

export function useRunPage(q: RunPageQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'runs', q), queryFn: () => paged<RunView>('runPage', q), placeholderData: keepPreviousData, staleTime: 0 });
}

/** One run; while it is calculating it is read again every 1.5 s. */
export function useRun(runId: number) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'run', runId),
    queryFn: () => api.post<RunView>(url('runDetail'), { runId }),
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 2 ? 1500 : false),
  });
}

export function useRunCheck(runId: number, enabled: boolean) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'check', runId), queryFn: () => api.post<RunCheckResult>(url('runCheck'), { runId }), enabled, staleTime: 0, retry: false });
}

export function useRunProgress(runId: number, poll: boolean) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'progress', runId), queryFn: () => api.post<RunProgress>(url('runProgress'), { runId }, { silent: true }), staleTime: 0, retry: false, refetchInterval: poll ? 1000 : false });
}

export function useRunResults(q: ResultsQuery) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'results', q),
    queryFn: async () => {
      const env = await api.request<RunResultsPage>(url('runResults'), { body: q, method: 'POST' });
      return { ...env.data, pageMessage: env.data.pageMessage ?? env.pageMessage ?? { ...DEFAULT_PAGE, total: env.data.list.length } };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useExplain(runId: number, employeeId: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'explain', runId, employeeId), queryFn: () => api.post<RunExplainView>(url('runExplain'), { runId, employeeId }), enabled: employeeId !== null, retry: false });
}

export function useCalendar(year: number) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'calendar', year), queryFn: () => api.post<CalendarView>(url('calendarList'), { year }), staleTime: 0 });
}

export function useSheetPage(q: SheetPageQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'sheets', q), queryFn: () => paged<SheetView>('sheetPage', q), placeholderData: keepPreviousData, staleTime: 0 });
}

/** A payroll sheet and a page of its employees. */
export function useSheet(q: SheetDetailQuery) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'sheet', q),
    queryFn: async () => {
      const env = await api.request<SheetDetailView>(url('sheetDetail'), { body: q, method: 'POST' });
      return { ...env.data, pageMessage: env.data.pageMessage ?? env.pageMessage ?? { ...DEFAULT_PAGE, total: env.data.list.length } };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function usePaymentPage(q: PaymentPageQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'payments', q), queryFn: () => paged<PaymentView>('paymentPage', q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useDeclarations(year: number) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'declarations', year), queryFn: async () => (await api.post<DeclarationView[]>(url('declarationList'), { year })) ?? [], staleTime: 0 });
}

export function useInvalidatePayroll() {
  const { companyId } = useSession();
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['payroll', companyId] });
}

export const payrollCalls = {
  saveGroup: (body: GroupSaveInput & { id?: number }) => api.post<GroupView>(url('groupSave'), body),
  removeGroup: (id: number) => api.post<unknown>(url('groupRemove'), { id }),
  groupDetail: (id: number) => api.post<GroupView>(url('groupDetail'), { id }),
  createRun: (groupId: number, month: string) => api.post<RunView>(url('runCreate'), { groupId, month }),
  removeRun: (runId: number) => api.post<unknown>(url('runRemove'), { runId }),
  importRun: (runId: number, file: File) => uploadMultipart<RunImportResult>(`${url('runImport')}?runId=${runId}`, file, { timeoutMs: 120_000 }),
  saveInput: (runId: number, employeeId: number, values: Record<string, string>) => api.post<unknown>(url('runInputSave'), { runId, employeeId, values }).then(() => true),
  calculate: (runId: number) => api.post<RunView>(url('runCalculate'), { runId }),
  lock: (runId: number) => api.post<RunView>(url('runLock'), { runId }),
  unlock: (runId: number, reason: string) => api.post<RunView>(url('runUnlock'), { runId, reason }),
  submit: (runId: number) => api.post<RunView>(url('runSubmit'), { runId }),
  pushPayslip: (runId: number) => api.post<PushPayslipResult>(url('runPushPayslip'), { runId }, { timeout: 120_000 }),
  savePolicy: (body: PolicySave) => api.post<PolicyView>(url('policySave'), body),
  removePolicy: (id: number) => api.post<unknown>(url('policyRemove'), { id }),
  saveTaxProfile: (body: TaxProfileSave) => api.post<TaxProfileView>(url('taxProfileSave'), body),
  saveCalendar: (body: CalendarSave) => api.post<CalendarView>(url('calendarSave'), body),
  setDeclarationStatus: (month: string, status: 0 | 1) => api.post<unknown>(url('declarationStatus'), { month, status }),
  /** The payroll files are export jobs: each call answers the export record queued in 下载中心. */
  exportDeclaration: (month: string) => api.post<ExportView>(url('declarationExport'), { month }),
  exportBankFile: (runId: number, layout: BankFileLayoutKey | undefined) => api.post<ExportView>(url('paymentBankFile'), { runId, layout }),
  exportSheet: (runId: number) => api.post<ExportView>(url('runExport'), { runId }),
};
