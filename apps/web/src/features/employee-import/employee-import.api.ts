import type { Envelope } from '@wfsaas/contracts';
import { CODES, httpStatusMessage, TRANSPORT_MESSAGES } from '@wfsaas/contracts';
import { api, endSession, resolveBaseURL } from '../../app/api/instance.ts';
import { getCompanyId, getToken } from '../../app/session/session.ts';
import { toastError } from '../../app/ui/feedback.ts';

/** The roster import's calls (dynamicFormTemplate/…) and the shapes the server answers. */

const BASE = '/wfsaas-saas/api/dynamicFormTemplate';

export const IMPORT_API = {
  template: `${BASE}/template`,
  add: `${BASE}/add`,
  detail: `${BASE}/detail`,
  rematch: `${BASE}/rematch`,
  update: `${BASE}/update`,
  dataCheck: `${BASE}/dataCheck`,
  rows: `${BASE}/rows`,
  confirmImport: `${BASE}/confirmImport`,
  progress: `${BASE}/progress`,
  downloadErrorData: `${BASE}/downloadErrorData`,
} as const;

export type ImportColumn = { columnIndex: number; header: string; fieldKey: string | null; fieldLabel: string | null };
export type ImportBatch = {
  id: number;
  templateName: string;
  fileName: string;
  status: 'uploaded' | 'checked' | 'importing' | 'done' | 'failed' | 'archived';
  statusName: string;
  total: number;
  validCount: number;
  invalidCount: number;
  importedCount: number;
  createdCount: number;
  updatedCount: number;
  failedCount: number;
  jobId: number | null;
  columns: ImportColumn[];
  unmappedColumns: string[];
  missingRequired: string[];
  fields: { key: string; label: string; required: boolean }[];
  progress: { done: number; total: number } | null;
  createdAt: string;
};
export type ImportRowError = { field: string; label: string; message: string };
export type ImportRow = { rowNo: number; status: string; cells: string[]; errors: ImportRowError[]; reason: string; outcome: string | null; employeeId: number | null };
export type CheckResult = { batch: ImportBatch; rows: ImportRow[]; pageMessage: { total: number } };

/** Saves a blob the API answered under its name. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadImportTemplate(name: string): Promise<void> {
  const { blob, filename } = await api.download(IMPORT_API.template, { name });
  saveBlob(blob, filename ?? '员工导入模板.xlsx');
}

export async function downloadErrorData(batchId: number): Promise<void> {
  const { blob, filename } = await api.download(IMPORT_API.downloadErrorData, { batchId });
  saveBlob(blob, filename ?? '错误数据.xlsx');
}

export const importCalls = {
  detail: (batchId: number) => api.post<ImportBatch>(IMPORT_API.detail, { batchId }),
  rematch: (batchId: number, mapping: Record<string, string | null>) => api.post<ImportBatch>(IMPORT_API.rematch, { batchId, mapping }),
  update: (batchId: number, rowNo: number, data: Record<string, string>) => api.post<ImportRow>(IMPORT_API.update, { batchId, rowNo, data }),
  check: (batchId: number) => api.post<CheckResult>(IMPORT_API.dataCheck, { batchId, pageSize: 10 }),
  rows: (batchId: number, pageNum: number, pageSize: number) => api.postList<ImportRow>(IMPORT_API.rows, { batchId, status: 'problem', pageNum, pageSize }),
  confirm: (batchId: number) => api.post<ImportBatch>(IMPORT_API.confirmImport, { batchId }),
  progress: (batchId: number) => api.post<ImportBatch>(IMPORT_API.progress, { batchId }),
};

/**
 * Uploads the filled file (multipart, field `file`). Errors are shown like the request client's:
 * the server's message, the HTTP-status table, a 401 ends the session.
 */
export async function uploadImportFile(name: string, file: File): Promise<ImportBatch> {
  const body = new FormData();
  body.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  const companyId = getCompanyId();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (companyId != null) headers.companyId = String(companyId);
  const url = new URL(`${IMPORT_API.add}?name=${encodeURIComponent(name)}`, resolveBaseURL(window.location.origin, import.meta.env.VITE_API_BASE as string | undefined));
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers, body, credentials: 'same-origin', signal: AbortSignal.timeout(120_000) });
  } catch (err) {
    const message = err instanceof DOMException && err.name === 'TimeoutError' ? TRANSPORT_MESSAGES.timeout : TRANSPORT_MESSAGES.noResponse;
    toastError(message);
    throw new Error(message);
  }
  if (res.status === 401) {
    await endSession(httpStatusMessage(401));
    throw new Error(httpStatusMessage(401));
  }
  let env: Envelope<ImportBatch> | null = null;
  try {
    env = (await res.json()) as Envelope<ImportBatch>;
  } catch {
    env = null;
  }
  if (!env || typeof env.code !== 'number') {
    const message = res.ok ? TRANSPORT_MESSAGES.setupFailure : httpStatusMessage(res.status);
    toastError(message);
    throw new Error(message);
  }
  if (env.code === CODES.unauthorized) {
    await endSession(env.message);
    throw new Error(env.message);
  }
  if (env.code !== CODES.ok) {
    toastError(env.message);
    throw new Error(env.message);
  }
  return env.data as ImportBatch;
}
