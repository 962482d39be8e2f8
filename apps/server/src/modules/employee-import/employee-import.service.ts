import type { ImportRematch, ImportRowPage, ImportRowUpdate, ImportTemplateName } from '@wfsaas/contracts';
import type { StoredImportError, ImportRowStatus, ImportBatchStatus } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { attachFile, deleteStoredFile, recordUpload, type StoredUpload } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { findJob } from '../../platform/jobs/index.ts';
import type { AppServices } from '../../platform/services.ts';
import { loadEmployeeFormDefinition } from '../employees/index.ts';
import { loadSavedFieldSettings } from '../implement/index.ts';
import * as q from './employee-import.queries.ts';
import { autoMapHeaders, importFieldsOf, type ImportField } from './import-fields.ts';
import { loadLookups } from './import-plan.ts';
import { buildErrorWorkbook, buildImportTemplate, type ParsedSheet } from './import-xlsx.ts';

/**
 * The roster import's batches: a batch per uploaded file with its column mapping and rows, edited
 * by hand until checked (import-check.service.ts) and imported by the job (import-job.service.ts).
 */

export const BATCH_STATUS_NAMES: Record<ImportBatchStatus, string> = {
  uploaded: '待校验',
  checked: '已校验',
  importing: '导入中',
  done: '导入完成',
  failed: '导入失败',
  archived: '已删除',
};

export type ImportColumnView = { columnIndex: number; header: string; fieldKey: string | null; fieldLabel: string | null };
export type ImportBatchView = {
  id: number;
  templateName: string;
  fileName: string;
  status: ImportBatchStatus;
  statusName: string;
  total: number;
  validCount: number;
  invalidCount: number;
  importedCount: number;
  createdCount: number;
  updatedCount: number;
  failedCount: number;
  jobId: number | null;
  columns: ImportColumnView[];
  unmappedColumns: string[];
  /** Required fields no column fills. */
  missingRequired: string[];
  fields: { key: string; label: string; required: boolean }[];
  progress: { done: number; total: number } | null;
  createdAt: string;
};
export type ImportRowView = { rowNo: number; status: ImportRowStatus; cells: string[]; errors: StoredImportError[]; reason: string; outcome: string | null; employeeId: number | null };

function requireTemplate(name: string): asserts name is ImportTemplateName {
  if (name !== 'employee') throw notFound('导入模板');
}

const EXAMPLE: Record<string, string> = {
  employeeNo: 'E0001',
  name: '张三',
  mobile: '13900000000',
  idType: '身份证',
  idNumber: '110101199003077777',
  departmentId: '技术中心/后端组',
  hireDate: '2024-03-01',
  employmentType: '全职',
};

export async function importTemplate(c: ServiceCtx, name: string): Promise<{ fileName: string; body: Buffer }> {
  requireTemplate(name);
  return { fileName: '员工导入模板.xlsx', body: await buildImportTemplate(await companyImportFields(c), EXAMPLE) };
}

/** The import's columns: the standard fields as the company's field settings show them, then its custom fields. */
export async function companyImportFields(c: Pick<ServiceCtx, 'tx' | 'companyId'>): Promise<ImportField[]> {
  return importFieldsOf(await loadEmployeeFormDefinition(c.tx, c.companyId), await loadSavedFieldSettings(c.tx, c.companyId));
}

// ── batches ──

export async function viewOf(c: Pick<ServiceCtx, 'tx' | 'companyId'>, b: q.ImportBatchRow, fields?: ImportField[]): Promise<ImportBatchView> {
  const list = fields ?? (await companyImportFields(c));
  const labelOf = new Map(list.map((f) => [f.key, f.label]));
  const columns = b.mapping.headers.map((header, i) => {
    const key = b.mapping.fields[i] ?? null;
    return { columnIndex: i, header, fieldKey: key && labelOf.has(key) ? key : null, fieldLabel: key ? (labelOf.get(key) ?? null) : null };
  });
  const mapped = new Set(columns.map((col) => col.fieldKey).filter(Boolean));
  const counts = await q.countImportRowsByStatus(c.tx, c.companyId, b.id);
  let progress: ImportBatchView['progress'] = null;
  if (b.jobId) {
    const job = await findJob(c.tx, c.companyId, b.jobId);
    if (job) progress = { done: job.progressDone, total: job.progressTotal ?? 0 };
  }
  return {
    id: b.id,
    templateName: b.templateName,
    fileName: b.fileName,
    status: b.status,
    statusName: BATCH_STATUS_NAMES[b.status],
    total: b.total,
    validCount: counts.valid,
    invalidCount: counts.invalid + counts.failed,
    importedCount: counts.imported,
    createdCount: b.createdCount,
    updatedCount: b.updatedCount,
    failedCount: b.failedCount,
    jobId: b.jobId,
    columns,
    unmappedColumns: columns.filter((col) => !col.fieldKey && col.header).map((col) => col.header),
    missingRequired: list.filter((f) => f.required && !mapped.has(f.key)).map((f) => f.label),
    fields: list.map((f) => ({ key: f.key, label: f.label, required: f.required })),
    progress,
    createdAt: b.createdAt.toISOString(),
  };
}

export async function requireBatch(c: Pick<ServiceCtx, 'tx' | 'companyId'>, id: number, forUpdate = false): Promise<q.ImportBatchRow> {
  const b = await q.findImportBatch(c.tx, c.companyId, id, { forUpdate });
  if (!b) throw notFound('导入批次');
  return b;
}

export function requireNotImporting(b: q.ImportBatchRow): void {
  if (b.status === 'importing') throw conflict('该批次正在导入，请等待导入完成');
}

export type ReceivedImport = { stored: StoredUpload; sheet: ParsedSheet };

/** add: records the uploaded file and its rows as a batch, columns mapped by header. */
export async function createImportBatch(services: AppServices, c: ServiceCtx, name: string, received: ReceivedImport): Promise<ImportBatchView> {
  try {
    requireTemplate(name);
    const { fields } = await loadLookups(c);
    const file = await recordUpload(c.tx, c.companyId, c.user.userId, received.stored, { kind: 'employee_import', ownerId: null });
    const mapping = { headers: received.sheet.headers, fields: autoMapHeaders(received.sheet.headers, fields) };
    const batch = await q.insertImportBatch(c.tx, {
      companyId: c.companyId,
      templateName: name,
      fileId: file.id,
      fileName: file.originalName,
      mapping,
      total: received.sheet.rows.length,
      createdBy: c.user.userId,
    });
    await attachFile(c.tx, c.companyId, file.id, { kind: 'employee_import', ownerId: batch.id });
    await q.insertImportRows(c.tx, services.cipher, c.companyId, batch.id, received.sheet.rows);
    await c.audit({ action: 'employeeImport.upload', entity: 'import_batch', entityId: batch.id, after: { fileId: file.id, fileName: file.originalName, rows: batch.total } });
    return viewOf(c, batch, fields);
  } catch (err) {
    await deleteStoredFile(services, received.stored.storageKey);
    throw err;
  }
}

export async function pageImportBatches(c: ServiceCtx, name: string, pageNum: number, pageSize: number): Promise<Paged<ImportBatchView>> {
  requireTemplate(name);
  const { list, total } = await q.listImportBatchesPage(c.tx, c.companyId, name, pageNum, pageSize);
  const fields = await companyImportFields(c);
  const views: ImportBatchView[] = [];
  for (const b of list) views.push(await viewOf(c, b, fields));
  return new Paged(views, pageNum, pageSize, total);
}

export async function importBatchDetail(c: ServiceCtx, batchId: number): Promise<ImportBatchView> {
  return viewOf(c, await requireBatch(c, batchId));
}

/** Rows not yet imported go back to waiting for a check. */
async function resetChecks(c: ServiceCtx, b: q.ImportBatchRow): Promise<q.ImportBatchRow> {
  return (await q.updateImportBatch(c.tx, c.companyId, b.id, { status: 'uploaded', validCount: 0, invalidCount: 0 }))!;
}

/** rematch: sets the field of columns by hand (null: the column is not imported). */
export async function rematchImportBatch(c: ServiceCtx, input: ImportRematch): Promise<ImportBatchView> {
  const b = await requireBatch(c, input.batchId, true);
  requireNotImporting(b);
  const fields = await companyImportFields(c);
  const known = new Map(fields.map((f) => [f.key, f]));
  const next = [...b.mapping.fields];
  for (const [rawIndex, key] of Object.entries(input.mapping)) {
    const i = Number(rawIndex);
    if (i >= b.mapping.headers.length) throw badRequest(`第${i + 1}列不存在`);
    if (key && !known.has(key)) throw badRequest(`字段「${key}」不存在，请重新选择`);
    next[i] = key || null;
  }
  const seen = new Map<string, number>();
  next.forEach((key, i) => {
    if (!key) return;
    const prev = seen.get(key);
    if (prev !== undefined) throw badRequest(`「${b.mapping.headers[prev]}」和「${b.mapping.headers[i]}」不能匹配到同一个字段「${known.get(key)!.label}」`);
    seen.set(key, i);
  });
  await q.updateImportBatch(c.tx, c.companyId, b.id, { mapping: { headers: b.mapping.headers, fields: next } });
  await c.audit({ action: 'employeeImport.rematch', entity: 'import_batch', entityId: b.id, before: { fields: b.mapping.fields }, after: { fields: next } });
  return viewOf(c, await resetChecks(c, b), fields);
}

/** update: changes cells of one row not yet imported; the row waits for the next check. */
export async function updateImportRow(c: ServiceCtx, input: ImportRowUpdate): Promise<ImportRowView> {
  const b = await requireBatch(c, input.batchId, true);
  requireNotImporting(b);
  const row = await q.findImportRow(c.tx, c.services.cipher, c.companyId, b.id, input.rowNo);
  if (!row) throw notFound('导入行');
  if (row.status === 'imported') throw conflict(`第${row.rowNo}行已导入，不能再修改`);
  const cells = [...row.data];
  for (const [rawIndex, value] of Object.entries(input.data)) {
    const i = Number(rawIndex);
    if (i >= b.mapping.headers.length) throw badRequest(`第${i + 1}列不存在`);
    cells[i] = (value ?? '').trim();
  }
  while (cells.length < b.mapping.headers.length) cells.push('');
  await q.updateImportRow(c.tx, c.services.cipher, c.companyId, b.id, row.rowNo, { data: cells, status: 'pending', errors: [] });
  await resetChecks(c, b);
  await c.audit({ action: 'employeeImport.editRow', entity: 'import_batch', entityId: b.id, after: { rowNo: row.rowNo } });
  return { rowNo: row.rowNo, status: 'pending', cells, errors: [], reason: '', outcome: null, employeeId: null };
}

/** delete: archives the batch (its rows and file stay). */
export async function archiveImportBatch(c: ServiceCtx, batchId: number): Promise<{ id: number }> {
  const b = await requireBatch(c, batchId, true);
  requireNotImporting(b);
  await q.updateImportBatch(c.tx, c.companyId, b.id, { status: 'archived' });
  await c.audit({ action: 'employeeImport.delete', entity: 'import_batch', entityId: b.id, before: { status: b.status } });
  return { id: b.id };
}

const reasonOf = (errors: readonly StoredImportError[]) => errors.map((e) => e.message).join('；');

function rowView(r: q.ImportRowRow): ImportRowView {
  return { rowNo: r.rowNo, status: r.status, cells: r.data, errors: r.errors, reason: reasonOf(r.errors), outcome: r.outcome, employeeId: r.employeeId };
}

const STATUS_FILTER: Record<ImportRowPage['status'], ImportRowStatus[]> = {
  problem: ['invalid', 'failed'],
  invalid: ['invalid'],
  failed: ['failed'],
  valid: ['valid'],
  imported: ['imported'],
};

/** The batch's rows in a state, paged (default: the rows with problems). */
export async function pageImportRows(c: Pick<ServiceCtx, 'tx' | 'companyId' | 'services'>, input: ImportRowPage): Promise<Paged<ImportRowView>> {
  const b = await requireBatch(c, input.batchId);
  const { list, total } = await q.listImportRowsPage(c.tx, c.services.cipher, c.companyId, b.id, STATUS_FILTER[input.status], input.pageNum, input.pageSize);
  return new Paged(list.map(rowView), input.pageNum, input.pageSize, total);
}

/** progress: the batch with its job's progress. */
export async function importProgress(c: ServiceCtx, batchId: number): Promise<ImportBatchView> {
  return viewOf(c, await requireBatch(c, batchId));
}

/** downloadErrorData: the rows with problems as xlsx, original columns plus 错误原因. */
export async function importErrorWorkbook(c: ServiceCtx, batchId: number): Promise<{ fileName: string; body: Buffer }> {
  const b = await requireBatch(c, batchId);
  const counts = await q.countImportRowsByStatus(c.tx, c.companyId, b.id);
  if (counts.invalid + counts.failed === 0) throw badRequest('没有错误数据可以下载');
  const tx = c.tx;
  async function* rows() {
    for await (const page of q.iterateImportRows(tx, c.services.cipher, c.companyId, b.id, { statuses: ['invalid', 'failed'] })) {
      for (const r of page) yield { cells: r.data, reason: reasonOf(r.errors) };
    }
  }
  const body = await buildErrorWorkbook(b.mapping.headers, rows());
  await c.audit({ action: 'employeeImport.downloadErrors', entity: 'import_batch', entityId: b.id, after: { rows: counts.invalid + counts.failed } });
  const base = b.fileName.replace(/\.xlsx$/i, '');
  return { fileName: `${base}-错误数据.xlsx`, body };
}
