import {
  DEFAULT_PAGE,
  PAYROLL_API,
  PAYROLL_DATA_PATHS,
  dataKindPath,
  type BaseDataView,
  type DataBatchRowsPage,
  type DataBatchView,
  type DataGroupList,
  type DataKindKey,
  type DataTableSave,
  type DataTableView,
  type DataUploadResult,
  type PageMessage,
  type RunDataSources,
  type RunInputsPage,
  type RunPullResult,
} from '@wfsaas/contracts';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { saveBlob } from '../../app/api/save-blob.ts';
import { uploadMultipart } from '../../app/api/upload.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';

export { DATA_KINDS, PAYROLL_DATA_PERMISSIONS } from '@wfsaas/contracts';

type KindPath = Parameters<typeof dataKindPath>[1];
const kindUrl = (kind: DataKindKey, sub: KindPath) => `${PAYROLL_API}${dataKindPath(kind, sub)}`;
const url = (k: keyof typeof PAYROLL_DATA_PATHS) => `${PAYROLL_API}${PAYROLL_DATA_PATHS[k]}`;

export type Paged<T> = { data: T[]; pageMessage: PageMessage };
export type BatchQuery = { tableId: number; month?: string; status?: 1 | 2; pageNum: number; pageSize: number };
export type RowsQuery = { batchId: number; filter: 'all' | 'error' | 'unmatched'; keyword?: string; pageNum: number; pageSize: number };
export type RunInputsQuery = { runId: number; keyword?: string; pageNum: number; pageSize: number };
export type BaseQuery = { keyword?: string; departmentId?: number; month?: string; pageNum: number; pageSize: number };

/**
 * Query keys per company; every write of shared data invalidates the company's 'payroll-data' keys
 * (a pull also the 'payroll' keys, since the run's inputs and state change).
 */
const K = (companyId: number | null, ...rest: unknown[]) => ['payroll-data', companyId, ...rest] as const;

async function paged<T>(path: string, body: unknown): Promise<Paged<T>> {
  const r = await api.postList<T>(path, body);
  return { data: r.data ?? [], pageMessage: r.pageMessage };
}

/** A page whose data is an object carrying its own pageMessage (batch rows, run inputs). */
async function pagedObject<T extends { list: unknown[] }>(path: string, body: unknown): Promise<T & { pageMessage: PageMessage }> {
  const env = await api.request<T & { pageMessage?: PageMessage }>(path, { body, method: 'POST' });
  return { ...env.data, pageMessage: env.data.pageMessage ?? env.pageMessage ?? { ...DEFAULT_PAGE, total: env.data.list.length } };
}

export function useDataTables(kind: DataKindKey, keyword?: string, enabled = true) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'tables', kind, keyword ?? ''),
    queryFn: async () => (await api.post<DataTableView[]>(kindUrl(kind, 'tableList'), { keyword: keyword || undefined })) ?? [],
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useDataTable(kind: DataKindKey, id: number | null) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'table', kind, id), queryFn: () => api.post<DataTableView>(kindUrl(kind, 'tableDetail'), { id }), enabled: id !== null, retry: false, staleTime: 0 });
}

export function useBatchPage(kind: DataKindKey, q: BatchQuery | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'batches', kind, q),
    queryFn: () => paged<DataBatchView>(kindUrl(kind, 'batchPage'), q),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** How many batches the table has in all, valid and voided (for the status tabs), read as page totals. */
export function useBatchCounts(kind: DataKindKey, tableId: number, month?: string) {
  const { companyId } = useSession();
  const statuses = [undefined, 1, 2] as const;
  const results = useQueries({
    queries: statuses.map((status) => ({
      queryKey: K(companyId, 'batches', kind, 'count', tableId, month ?? '', status ?? 0),
      queryFn: async () => (await api.postList<DataBatchView>(kindUrl(kind, 'batchPage'), { tableId, month, status, pageNum: 1, pageSize: 1 }, { silent: true })).pageMessage.total,
      staleTime: 0,
    })),
  });
  const [all, valid, voided] = results.map((r) => r.data);
  return { all, valid, voided };
}

/** The valid batch of a table in a month, if any (the upload warns before replacing it). */
export function useValidBatchOfMonth(kind: DataKindKey, tableId: number | null, month: string | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'batches', kind, 'valid', tableId, month),
    queryFn: async () => (await api.postList<DataBatchView>(kindUrl(kind, 'batchPage'), { tableId, month, status: 1, pageNum: 1, pageSize: 1 }, { silent: true })).data?.[0] ?? null,
    enabled: tableId !== null && month !== null,
    staleTime: 0,
  });
}

/**
 * Whether each of some tables has a valid batch in `month` (the overview asks only about tables whose
 * latest month is later than it); answers how many do.
 */
export function useTablesWithBatchIn(kind: DataKindKey, tableIds: readonly number[], month: string) {
  const { companyId } = useSession();
  const results = useQueries({
    queries: tableIds.map((tableId) => ({
      queryKey: K(companyId, 'batches', kind, 'valid', tableId, month),
      queryFn: async () => (await api.postList<DataBatchView>(kindUrl(kind, 'batchPage'), { tableId, month, status: 1, pageNum: 1, pageSize: 1 }, { silent: true })).data?.[0] ?? null,
      staleTime: 0,
    })),
  });
  return results.filter((r) => r.data).length;
}

export function useBatchRows(kind: DataKindKey, q: RowsQuery) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'rows', kind, q),
    queryFn: () => pagedObject<DataBatchRowsPage>(kindUrl(kind, 'batchRows'), q),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
}

export function useDataGroups(enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'groups'), queryFn: () => api.post<DataGroupList>(url('groupList')), enabled, staleTime: 0 });
}

export function useRunDataSources(runId: number, enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'run-sources', runId), queryFn: () => api.post<RunDataSources>(url('runSources'), { runId }), enabled, retry: false, staleTime: 0 });
}

export function useRunInputs(q: RunInputsQuery) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: K(companyId, 'run-inputs', q),
    queryFn: () => pagedObject<RunInputsPage>(url('runInputs'), q),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
}

export function useBasePage(q: BaseQuery, enabled = true) {
  const { companyId } = useSession();
  return useQuery({ queryKey: K(companyId, 'base', q), queryFn: () => paged<BaseDataView>(url('basePage'), q), enabled, placeholderData: keepPreviousData, staleTime: 0 });
}

/** Refreshes the shared data (and, with `payroll`, the runs, whose inputs a pull changed). */
export function useInvalidatePayrollData() {
  const { companyId } = useSession();
  const qc = useQueryClient();
  return (payroll = false) =>
    Promise.all([qc.invalidateQueries({ queryKey: ['payroll-data', companyId] }), payroll ? qc.invalidateQueries({ queryKey: ['payroll', companyId] }) : Promise.resolve()]);
}

export const dataCalls = {
  saveTable: (kind: DataKindKey, body: DataTableSave) => api.post<DataTableView>(kindUrl(kind, 'tableSave'), body),
  removeTable: (kind: DataKindKey, id: number) => api.post<{ archived: boolean }>(kindUrl(kind, 'tableRemove'), { id }),
  downloadTemplate: async (kind: DataKindKey, table: Pick<DataTableView, 'id' | 'name'>) => {
    const { blob, filename } = await api.download(kindUrl(kind, 'tableTemplate'), { id: table.id });
    saveBlob(blob, filename ?? `${table.name}导入模板.xlsx`);
  },
  upload: (tableId: number, month: string, replace: boolean, file: File) =>
    uploadMultipart<DataUploadResult>(`${kindUrl('import', 'batchUpload')}?tableId=${tableId}&month=${encodeURIComponent(month)}&replace=${replace}`, file, { timeoutMs: 120_000 }),
  voidBatch: (kind: DataKindKey, id: number) => api.post<DataBatchView>(kindUrl(kind, 'batchVoid'), { id }),
  downloadErrors: async (kind: DataKindKey, batch: Pick<DataBatchView, 'id' | 'tableName' | 'month'>) => {
    const { blob, filename } = await api.download(kindUrl(kind, 'batchErrors'), { id: batch.id }, { timeout: 120_000 });
    saveBlob(blob, filename ?? `${batch.tableName}-${batch.month}-错误数据.xlsx`);
  },
  saveGroupTables: (groupId: number, tableIds: number[]) => api.post<DataGroupList>(url('groupSave'), { groupId, tableIds }),
  pullData: (runId: number) => api.post<RunPullResult>(url('runPull'), { runId }, { timeout: 120_000 }),
};
