import { uploadMultipart } from '../../app/api/upload.ts';
import type {
  CheckUniqueResult,
  CustomFormAnswer,
  DepartmentOption,
  EmployeeAttachmentItem,
  EmployeeNoRule,
  EmployeeNoRuleView,
  EmployeeDetail,
  EmployeeListItem,
  EmployeeTaskItem,
  PositionItem,
  RankItem,
  CostCenterItem,
  RevealSensitiveResult,
  SensitiveField,
  UniqueField,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../app/ui/table.ts';
import type { CustomFormSaveBody } from './custom-fields.ts';
import type { RosterRequest } from './roster.ts';

const SAAS = '/wfsaas-saas/api';

export const EMPLOYEE_API = {
  pageList: `${SAAS}/companyEmployee/pageList`,
  add: `${SAAS}/companyEmployee/add/v2`,
  update: `${SAAS}/companyEmployee/update`,
  detail: `${SAAS}/companyEmployeeInfo/detail`,
  remove: `${SAAS}/companyEmployee/delete`,
  batchMove: `${SAAS}/companyEmployee/batchMoveOut`,
  checkUnique: `${SAAS}/companyEmployee/count/checkUnique`,
  noRule: `${SAAS}/employeeNoRule/get`,
  noRuleSave: `${SAAS}/employeeNoRule/save`,
  reveal: `${SAAS}/companyEmployee/revealSensitive`,
  exportRoster: `${SAAS}/companyEmployee/export`,
  groupPageList: `${SAAS}/companyEmployee/groupPageList`,
  groupCompanies: `${SAAS}/companyEmployee/groupCompanies`,
  customForm: `${SAAS}/customForm/get`,
  customFormSave: `${SAAS}/customForm/save`,
  attachments: `${SAAS}/employeeAttachment/list`,
  attachmentAdd: `${SAAS}/employeeAttachment/add`,
  attachmentRemove: `${SAAS}/employeeAttachment/remove`,
  taskPage: `${SAAS}/employeeTasks/page`,
  taskAdd: `${SAAS}/employeeTasks/add`,
  taskComplete: `${SAAS}/employeeTasks/complete`,
  taskRemove: `${SAAS}/employeeTasks/remove`,
  departmentOptions: `${SAAS}/companyDepartment/options`,
  positionPage: `${SAAS}/position/page`,
  rankList: `${SAAS}/rank/list`,
  costCenterPage: `${SAAS}/costCenter/page`,
  upload: '/wfsaas-file/api/file/upload',
  downloadToken: '/wfsaas-file/api/file/download',
} as const;

/** Write permission of the roster; the full identifiers need sensitive.view (the server checks both). */
export const STAFF_ROLL_EDIT = 'staffRoll.edit';
export const SENSITIVE_VIEW = 'sensitive.view';

/** Query keys per company; every roster write invalidates the company's 'employees' keys. */
export const employeeKeys = {
  all: (companyId: number | null) => ['employees', companyId] as const,
  page: (companyId: number | null, q: unknown) => ['employees', companyId, 'page', q] as const,
  count: (companyId: number | null, q: unknown) => ['employees', companyId, 'count', q] as const,
  detail: (companyId: number | null, id: number) => ['employees', companyId, 'detail', id] as const,
  form: (companyId: number | null) => ['employees', companyId, 'form'] as const,
  attachments: (companyId: number | null, id: number) => ['employees', companyId, 'attachments', id] as const,
  tasks: (companyId: number | null, q: unknown) => ['employees', companyId, 'tasks', q] as const,
  pickers: (companyId: number | null, what: string) => ['employees', companyId, 'pickers', what] as const,
  noRule: (companyId: number | null) => ['employees', companyId, 'noRule'] as const,
  group: (userId: number | null, q: unknown) => ['employees-group', userId, q] as const,
};

export type RosterPageQuery = PageQuery & RosterRequest;

export function useRosterPage(q: RosterPageQuery | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: employeeKeys.page(companyId, q),
    queryFn: () => api.postList<EmployeeListItem>(EMPLOYEE_API.pageList, q),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The number of employees a filter matches (one pageList of one row); null body → 0 without a call. */
export function useRosterCount(body: RosterRequest | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: employeeKeys.count(companyId, body),
    queryFn: async () => (await api.postList<EmployeeListItem>(EMPLOYEE_API.pageList, { ...body, pageNum: 1, pageSize: 1 }, { silent: true })).pageMessage.total,
    enabled: body !== null,
    staleTime: 0,
  });
}

export function useEmployeeDetail(id: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: employeeKeys.detail(companyId, id ?? 0),
    queryFn: () => api.post<EmployeeDetail>(EMPLOYEE_API.detail, { id }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The company's custom employee form (null when none is defined). */
export function useEmployeeForm() {
  const { companyId } = useSession();
  return useQuery({
    queryKey: employeeKeys.form(companyId),
    queryFn: () => api.post<CustomFormAnswer | null>(EMPLOYEE_API.customForm, { scene: 'employee' }, { silent: true }),
    staleTime: 60_000,
  });
}

/**
 * Saves the custom employee form (字段设置), then puts the answer in the cache and invalidates the
 * form query, so the add form, the roster filters and columns show the new fields at once.
 */
export function useSaveEmployeeForm() {
  const { companyId } = useSession();
  const queryClient = useQueryClient();
  return async (body: CustomFormSaveBody): Promise<CustomFormAnswer> => {
    const saved = await api.post<CustomFormAnswer>(EMPLOYEE_API.customFormSave, body);
    queryClient.setQueryData(employeeKeys.form(companyId), saved);
    await queryClient.invalidateQueries({ queryKey: employeeKeys.form(companyId) });
    return saved;
  };
}

export function useAttachments(employeeId: number) {
  const { companyId } = useSession();
  return useQuery({ queryKey: employeeKeys.attachments(companyId, employeeId), queryFn: () => api.post<EmployeeAttachmentItem[]>(EMPLOYEE_API.attachments, { employeeId }), staleTime: 0 });
}

export type TaskQuery = PageQuery & { status?: number; type?: number; keyword?: string; overdue?: boolean; employeeId?: number };

export function useTasks(q: TaskQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: employeeKeys.tasks(companyId, q), queryFn: () => api.postList<EmployeeTaskItem>(EMPLOYEE_API.taskPage, q), placeholderData: keepPreviousData, staleTime: 0 });
}

// ── pickers (the organisation API; a picker the caller may not read stays empty) ──

export function useDepartmentOptions() {
  const { companyId } = useSession();
  return useQuery({ queryKey: employeeKeys.pickers(companyId, 'departments'), queryFn: () => api.post<DepartmentOption[]>(EMPLOYEE_API.departmentOptions, { includeDisabled: false }), staleTime: 60_000 });
}

export function usePositionOptions(enabled = true) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: employeeKeys.pickers(companyId, 'positions'),
    queryFn: async () => (await api.postList<PositionItem>(EMPLOYEE_API.positionPage, { pageNum: 1, pageSize: 500, status: 1 }, { silent: true })).data ?? [],
    enabled,
    staleTime: 60_000,
  });
}

export function useRankOptions(enabled = true) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: employeeKeys.pickers(companyId, 'ranks'),
    queryFn: () => api.post<RankItem[]>(EMPLOYEE_API.rankList, {}, { silent: true }).catch(() => [] as RankItem[]),
    enabled,
    staleTime: 60_000,
  });
}

export function useCostCenterOptions(enabled = true) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: employeeKeys.pickers(companyId, 'costCenters'),
    queryFn: async () => (await api.postList<CostCenterItem>(EMPLOYEE_API.costCenterPage, { pageNum: 1, pageSize: 500 }, { silent: true })).data ?? [],
    enabled,
    staleTime: 60_000,
  });
}

/**
 * 工号规则 and the number a new record would get now: the add forms prefill it. Read afresh each time
 * a form opens (another HR member may have just taken the number); every roster write invalidates it.
 */
export function useEmployeeNoRule(enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: employeeKeys.noRule(companyId), queryFn: () => api.post<EmployeeNoRuleView>(EMPLOYEE_API.noRule, {}, { silent: true }), enabled, staleTime: 0 });
}

export function useInvalidateEmployees() {
  const { companyId } = useSession();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: employeeKeys.all(companyId) });
}

export type ExportAnswer = { id: number; name: string; status: number };

export const employeeCalls = {
  add: (body: Record<string, unknown>) => api.post<EmployeeDetail>(EMPLOYEE_API.add, body),
  update: (body: Record<string, unknown>) => api.post<EmployeeDetail>(EMPLOYEE_API.update, body),
  remove: (ids: number[]) => api.post<{ count: number }>(EMPLOYEE_API.remove, { ids }),
  batchMove: (ids: number[], departmentId: number) => api.post<{ count: number }>(EMPLOYEE_API.batchMove, { ids, departmentId }),
  saveNoRule: (body: EmployeeNoRule) => api.post<EmployeeNoRuleView>(EMPLOYEE_API.noRuleSave, body),
  checkUnique: (field: UniqueField, value: string, id: number | null) =>
    api.post<CheckUniqueResult>(EMPLOYEE_API.checkUnique, { field, value, ...(id ? { id } : {}) }, { silent: true }),
  reveal: (id: number, field: SensitiveField) => api.post<RevealSensitiveResult>(EMPLOYEE_API.reveal, { id, field }),
  exportRoster: (body: RosterRequest & { ids?: number[] }) => api.post<ExportAnswer>(EMPLOYEE_API.exportRoster, body),
  addAttachment: (employeeId: number, fileId: string, category: string) => api.post<EmployeeAttachmentItem>(EMPLOYEE_API.attachmentAdd, { employeeId, fileId, category }),
  removeAttachment: (id: number) => api.post<unknown>(EMPLOYEE_API.attachmentRemove, { id }),
  addTask: (body: { employeeId: number; title: string; type: number; dueDate?: string | null }) => api.post<EmployeeTaskItem>(EMPLOYEE_API.taskAdd, body),
  completeTask: (id: number) => api.post<unknown>(EMPLOYEE_API.taskComplete, { id }),
  removeTask: (id: number) => api.post<unknown>(EMPLOYEE_API.taskRemove, { id }),
  /** A one-time link to a stored file (image previews and downloads). */
  fileUrl: (fileId: string) => api.tempTokenUrl(`${EMPLOYEE_API.downloadToken}/${fileId}`),
};

export type UploadedFile = { fileId: string; name: string; size: number; url: string; isImage: boolean };

/**
 * Uploads a file (multipart, field `file`). Errors are shown like the request client's: the server's
 * message, the HTTP-status table; a 401 ends the session.
 */
export async function uploadFile(file: File): Promise<UploadedFile> {
  return uploadMultipart<UploadedFile>(EMPLOYEE_API.upload, file);
}
