import {
  WORK_ORDER_API,
  WORK_ORDER_PATHS,
  type OpWorkOrderCounts,
  type OpWorkOrderDetail,
  type OpWorkOrderView,
  type PageMessage,
  type WorkOrderAddInput,
  type WorkOrderDetail,
  type WorkOrderFileView,
  type WorkOrderView,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/instance.ts';
import { saveBlob } from '../../../app/api/save-blob.ts';
import { uploadMultipart } from '../../../app/api/upload.ts';
import { useSession } from '../../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../../app/ui/table.ts';
import { useWorkOrderCounts, workOrderKey } from './work-order-counts.ts';

const url = (k: keyof typeof WORK_ORDER_PATHS) => `${WORK_ORDER_API}${WORK_ORDER_PATHS[k]}`;
const K = workOrderKey;
export type Paged<T> = { data: T[]; pageMessage: PageMessage };

async function paged<T>(path: string, body: unknown): Promise<Paged<T>> {
  const r = await api.postList<T>(path, body);
  return { data: r.data ?? [], pageMessage: r.pageMessage };
}

export type WorkOrderListQuery = PageQuery & { status?: number; keyword?: string; category?: number };

export function useWorkOrderPage(q: WorkOrderListQuery) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'page', q), queryFn: () => paged<WorkOrderView>(url('list'), q), placeholderData: keepPreviousData, staleTime: 0 });
}

export { useWorkOrderCounts };

export function useWorkOrderDetail(id: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'detail', id), queryFn: () => api.post<WorkOrderDetail>(url('detail'), { id }), enabled: id !== null, staleTime: 0 });
}

export function useInvalidateWorkOrders() {
  const qc = useQueryClient();
  const { companyId } = useSession();
  return () => qc.invalidateQueries({ queryKey: ['work-orders', companyId] });
}

/** Uploads the chosen files one by one through the company's file upload; their ids for the ticket or the reply. */
async function uploadAll(files: readonly File[]): Promise<string[]> {
  const ids: string[] = [];
  for (const f of files) ids.push((await uploadMultipart<{ fileId: string }>('/wfsaas-file/api/file/upload', f)).fileId);
  return ids;
}

export type NewWorkOrder = Omit<WorkOrderAddInput, 'fileIds'> & { files: File[] };

export const workOrderCalls = {
  async add(v: NewWorkOrder) {
    const { files, ...rest } = v;
    return api.post<WorkOrderDetail>(url('add'), { ...rest, fileIds: await uploadAll(files) });
  },
  async reply(workOrderId: number, content: string, files: File[]) {
    return api.post<WorkOrderDetail>(url('reply'), { workOrderId, content, fileIds: await uploadAll(files) });
  },
  confirm: (id: number) => api.post<WorkOrderDetail>(url('confirm'), { id }),
  close: (id: number) => api.post<WorkOrderDetail>(url('close'), { id }),
  remove: (id: number) => api.post<unknown>(url('delete'), { id }),
  lock: (id: number, locked: boolean) => api.post<WorkOrderDetail>(url('lockStatus'), { id, locked }),
  evaluate: (id: number, rating: number, comment: string) => api.post<WorkOrderDetail>(url('evaluate'), { id, rating, comment }),
  async download(id: number, f: WorkOrderFileView) {
    const { blob, filename } = await api.download(url('file'), { id, fileId: f.fileId });
    saveBlob(blob, filename ?? f.name);
  },
};

/** The platform operator's queue (no company: the operator acts on each ticket's company). */
export function useOperatorWorkOrderPage(q: PageQuery & { status: number; keyword?: string }) {
  return useQuery({ queryKey: ['op-work-orders', 'page', q], queryFn: () => paged<OpWorkOrderView>(url('opList'), q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useOperatorWorkOrderCounts() {
  return useQuery({ queryKey: ['op-work-orders', 'counts'], queryFn: () => api.post<OpWorkOrderCounts>(url('opCounts'), {}), staleTime: 0, refetchInterval: 120_000 });
}

export function useOperatorWorkOrderDetail(ref: { companyId: number; id: number } | null) {
  return useQuery({ queryKey: ['op-work-orders', 'detail', ref], queryFn: () => api.post<OpWorkOrderDetail>(url('opDetail'), ref), enabled: ref !== null, staleTime: 0 });
}

export function useInvalidateOperatorWorkOrders() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['op-work-orders'] });
}

type Ref = { companyId: number; id: number };

export const operatorWorkOrderCalls = {
  accept: (r: Ref) => api.post<OpWorkOrderDetail>(url('opAccept'), r),
  resolve: (r: Ref) => api.post<OpWorkOrderDetail>(url('opResolve'), r),
  close: (r: Ref) => api.post<OpWorkOrderDetail>(url('opClose'), r),
  lock: (r: Ref, locked: boolean) => api.post<OpWorkOrderDetail>(url('opLockStatus'), { ...r, locked }),
  async reply(r: Ref, content: string, files: File[]) {
    const fileIds: string[] = [];
    for (const f of files) fileIds.push((await uploadMultipart<WorkOrderFileView>(url('opUpload'), f, { fields: { companyId: r.companyId, id: r.id } })).fileId);
    return api.post<OpWorkOrderDetail>(url('opReply'), { companyId: r.companyId, workOrderId: r.id, content, fileIds });
  },
  async download(r: Ref, f: WorkOrderFileView) {
    const { blob, filename } = await api.download(url('opFile'), { ...r, fileId: f.fileId });
    saveBlob(blob, filename ?? f.name);
  },
};
