import { uploadMultipart } from '../../app/api/upload.ts';
import { api } from '../../app/api/instance.ts';
import { saveBlob } from '../../app/api/save-blob.ts';

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
  return uploadMultipart<ImportBatch>(`${IMPORT_API.add}?name=${encodeURIComponent(name)}`, file, { timeoutMs: 120_000 });
}
