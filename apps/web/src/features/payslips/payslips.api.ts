import {
  PAYSLIP_API,
  type PayslipAction,
  type PayslipActionResult,
  type PayslipAdd,
  type PayslipAddResult,
  type PayslipBatchView,
  type PayslipChannelView,
  type PayslipReplace,
  type PayslipRowDetail,
  type PayslipRowView,
  type PayslipSheetPreview,
  type PayslipStage,
  type PayslipSubmit,
  type PayslipTemplateView,
  type SysTableHeader,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE, type PageMessage } from '@wfsaas/contracts';
import { api } from '../../app/api/instance.ts';
import { uploadMultipart } from '../../app/api/upload.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { saveBlob } from '../../app/api/save-blob.ts';

export { PAYSLIP_EDIT, PAYSLIP_SEND } from '@wfsaas/contracts';

const P = `${PAYSLIP_API}/payslip`;

export const PAYSLIP_URL = {
  header: `${P}/header`,
  passwordReset: `${P}/password/reset`,
  add: `${P}/add`,
  assign: `${P}/assign`,
  submit: `${P}/submit`,
  page: `${P}/page`,
  detail: `${P}/detail`,
  rowView: `${P}/row-view`,
  resend: `${P}/resend`,
  abort: `${P}/abort`,
  withdraw: `${P}/withdraw`,
  urge: `${P}/urge`,
  remove: `${P}/remove`,
  reply: `${P}/reply`,
  replace: `${P}/replace`,
  export: `${P}/export`,
  templateList: `${P}/template/list`,
  templateSave: `${P}/template/save`,
  templateRemove: `${P}/template/remove`,
  channels: `${PAYSLIP_API}/channel/list`,
  sysHeaders: `${PAYSLIP_API}/sys-table-header/list`,
} as const;

export type BatchPageQuery = { pageNum: number; pageSize: number; month?: string; title?: string; status?: number };
export type DetailQuery = { batchId: number; pageNum: number; pageSize: number; stage?: PayslipStage; keyword?: string; unmatched?: boolean };
export type DetailAnswer = { batch: PayslipBatchView; rows: PayslipRowView[]; pageMessage: PageMessage };

/** Query keys per company; every payslip write invalidates the company's 'payslips' keys. */
export const payslipKeys = {
  all: (companyId: number | null) => ['payslips', companyId] as const,
  page: (companyId: number | null, q: BatchPageQuery) => ['payslips', companyId, 'page', q] as const,
  detail: (companyId: number | null, q: DetailQuery) => ['payslips', companyId, 'detail', q] as const,
  rowView: (companyId: number | null, id: number) => ['payslips', companyId, 'row-view', id] as const,
  templates: (companyId: number | null) => ['payslips', companyId, 'templates'] as const,
  channels: (companyId: number | null) => ['payslips', companyId, 'channels'] as const,
};

export function useBatchPage(q: BatchPageQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: payslipKeys.page(companyId, q), queryFn: () => api.postList<PayslipBatchView>(PAYSLIP_URL.page, q), placeholderData: keepPreviousData, staleTime: 0 });
}

/** One batch and a page of its rows; while the batch is sending it is read again every 3 s. */
export function useBatchDetail(q: DetailQuery) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: payslipKeys.detail(companyId, q),
    queryFn: async () => {
      const env = await api.request<{ batch: PayslipBatchView; rows: PayslipRowView[] }>(PAYSLIP_URL.detail, { body: q, method: "POST" });
      return { ...env.data, pageMessage: env.pageMessage ?? { ...DEFAULT_PAGE, total: env.data.rows.length } } as DetailAnswer;
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.batch.status === 2 ? 3000 : false),
  });
}

export function useRowView(payslipId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: payslipKeys.rowView(companyId, payslipId ?? 0),
    queryFn: () => api.post<PayslipRowDetail>(PAYSLIP_URL.rowView, { payslipId }),
    enabled: payslipId !== null,
    retry: false,
  });
}

export function useTemplates() {
  const { companyId } = useSession();
  return useQuery({ queryKey: payslipKeys.templates(companyId), queryFn: async () => (await api.post<PayslipTemplateView[]>(PAYSLIP_URL.templateList, {})) ?? [], staleTime: 30_000 });
}

export function useChannels() {
  const { companyId } = useSession();
  return useQuery({ queryKey: payslipKeys.channels(companyId), queryFn: async () => (await api.post<PayslipChannelView[]>(PAYSLIP_URL.channels, {})) ?? [], staleTime: 30_000 });
}

export function useInvalidatePayslips() {
  const { companyId } = useSession();
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: payslipKeys.all(companyId) });
}

export type PayslipActionName = 'resend' | 'abort' | 'withdraw' | 'urge' | 'remove';

export const payslipCalls = {
  header: (file: File, headerRows?: 1 | 2) => uploadMultipart<PayslipSheetPreview>(`${PAYSLIP_URL.header}${headerRows ? `?headerRows=${headerRows}` : ''}`, file, { timeoutMs: 120_000 }),
  add: (body: PayslipAdd) => api.post<PayslipAddResult>(PAYSLIP_URL.add, body, { timeout: 120_000 }),
  assign: (payslipId: number, employeeId: number | null) => api.post<unknown>(PAYSLIP_URL.assign, employeeId ? { payslipId, employeeId } : { payslipId, drop: true }),
  submit: (body: PayslipSubmit) => api.post<PayslipBatchView>(PAYSLIP_URL.submit, body),
  action: (name: PayslipActionName, body: PayslipAction) => api.post<PayslipActionResult | null>(PAYSLIP_URL[name], body),
  reply: (payslipId: number, reply: string) => api.post<unknown>(PAYSLIP_URL.reply, { payslipId, reply }),
  resetPassword: (payslipId: number) => api.post<unknown>(PAYSLIP_URL.passwordReset, { payslipId }),
  saveTemplate: (body: Omit<PayslipTemplateView, 'id' | 'updatedAt'> & { id?: number }) => api.post<PayslipTemplateView>(PAYSLIP_URL.templateSave, body),
  sysHeaders: () => api.post<SysTableHeader[]>(PAYSLIP_URL.sysHeaders, {}, { silent: true }),
  replace: (body: PayslipReplace) => api.post<unknown>(PAYSLIP_URL.replace, body),
  /** The receipts of a batch as an xlsx file. */
  exportReceipts: async (batchId: number, fallbackName: string) => {
    const { blob, filename } = await api.download(PAYSLIP_URL.export, { batchId }, { timeout: 120_000 });
    saveBlob(blob, filename ?? fallbackName);
  },
};
