import {
  type EmployeeAdd,
  type EmployeeUpdate,
  type FormDefinition,
  type ImportRematch,
  type ImportRowPage,
  type ImportRowUpdate,
  type ImportTemplateName,
  normalizeIdNumber,
  zEmployeeAdd,
  zEmployeeUpdate,
} from '@wfsaas/contracts';
import type { StoredImportError, ImportRowStatus, ImportBatchStatus } from '../../db/schema/index.ts';
import type { Executor, Tx } from '../../platform/db.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { archiveFile, attachFile, deleteStoredFile, findFile, recordUpload, type StoredUpload } from '../../platform/files/index.ts';
import { jobCtx, Paged, type ServiceCtx } from '../../platform/http.ts';
import { enqueueJob, findJob, type JobContext } from '../../platform/jobs/index.ts';
import type { AppServices } from '../../platform/services.ts';
import { issueMessage } from '../../platform/validation.ts';
import { loadEmployeeFormDefinition, employeeDepartmentScope, employeeInScope, inScope, createEmployee, createEmployees, createEmployeeWriteCache, findEmployeeByNoOrIdNumber, prefetchEmployeeKeys, updateEmployee, validateEmployeeUpdate, validateNewEmployee, type EmployeeActor, type EmployeeWriteCache } from '../employees/index.ts';
import { departmentOptions } from '../org/index.ts';
import * as q from './employee-import.queries.ts';
import {
  autoMapHeaders,
  buildCostCenterIndex,
  buildDepartmentIndex,
  buildEmployeeBody,
  buildPositionIndex,
  buildRankIndex,
  fieldOfMessage,
  importFieldsOf,
  rowValues,
  type ImportField,
  type OrgIndex,
  type RowProblem,
} from './import-fields.ts';
import { buildErrorWorkbook, buildImportTemplate, type ParsedSheet } from './import-xlsx.ts';

/**
 * The roster import: a batch per uploaded file, column mapping, a dry run that runs every row
 * through the employee service's checks (writing nothing), and a job that writes the valid rows in
 * chunks, each chunk in one transaction and each row in its own savepoint. Rows are created, or
 * update the employee with the same employee number or ID number.
 */

export const IMPORT_JOB_TYPE = 'employeeImport.run';


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

// ── fields and references ──

type Lookups = { definition: FormDefinition | null; fields: ImportField[]; org: OrgIndex };

async function loadLookups(c: ServiceCtx): Promise<Lookups> {
  const definition = await loadEmployeeFormDefinition(c.tx, c.companyId);
  const departments = buildDepartmentIndex(await departmentOptions(c, true));
  const refs = await q.listOrgRefs(c.tx, c.companyId);
  const org = { departments, positions: buildPositionIndex(refs.positions), ranks: buildRankIndex(refs.ranks), costCenters: buildCostCenterIndex(refs.costCenters) };
  return { definition, fields: importFieldsOf(definition), org };
}

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
  const definition = await loadEmployeeFormDefinition(c.tx, c.companyId);
  return { fileName: '员工导入模板.xlsx', body: await buildImportTemplate(importFieldsOf(definition), EXAMPLE) };
}

// ── batches ──

async function viewOf(c: Pick<ServiceCtx, 'tx' | 'companyId'>, b: q.ImportBatchRow, fields?: ImportField[]): Promise<ImportBatchView> {
  const list = fields ?? importFieldsOf(await loadEmployeeFormDefinition(c.tx, c.companyId));
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

async function requireBatch(c: Pick<ServiceCtx, 'tx' | 'companyId'>, id: number, forUpdate = false): Promise<q.ImportBatchRow> {
  const b = await q.findImportBatch(c.tx, c.companyId, id, { forUpdate });
  if (!b) throw notFound('导入批次');
  return b;
}

function requireNotImporting(b: q.ImportBatchRow): void {
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
  const fields = importFieldsOf(await loadEmployeeFormDefinition(c.tx, c.companyId));
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
  const fields = importFieldsOf(await loadEmployeeFormDefinition(c.tx, c.companyId));
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

// ── checking rows ──

const reasonOf = (errors: readonly StoredImportError[]) => errors.map((e) => e.message).join('；');

function rowView(r: q.ImportRowRow): ImportRowView {
  return { rowNo: r.rowNo, status: r.status, cells: r.data, errors: r.errors, reason: reasonOf(r.errors), outcome: r.outcome, employeeId: r.employeeId };
}

const UNIQUE_KEYS = [
  ['mobile', '手机号'],
  ['idNumber', '证件号码'],
  ['employeeNo', '工号'],
] as const;

/** Rows of the file that share a mobile, ID number or employee number: each names the others. */
function duplicateProblems(rows: readonly { rowNo: number; values: Map<string, string> }[]): Map<number, RowProblem[]> {
  const out = new Map<number, RowProblem[]>();
  for (const [key, label] of UNIQUE_KEYS) {
    const byValue = new Map<string, number[]>();
    for (const r of rows) {
      const raw = r.values.get(key);
      if (!raw) continue;
      const v = key === 'idNumber' ? normalizeIdNumber(raw) : key === 'employeeNo' ? raw.trim() : raw.replace(/\s+/g, '');
      const list = byValue.get(v);
      if (list) list.push(r.rowNo);
      else byValue.set(v, [r.rowNo]);
    }
    for (const list of byValue.values()) {
      if (list.length < 2) continue;
      for (const rowNo of list) {
        const others = list.filter((n) => n !== rowNo).map((n) => `第${n}行`).join('、');
        const problems = out.get(rowNo) ?? [];
        problems.push({ field: key, label, message: `${label}与${others}重复` });
        out.set(rowNo, problems);
      }
    }
  }
  return out;
}

type Plan = { kind: 'create'; input: EmployeeAdd } | { kind: 'update'; input: EmployeeUpdate };

function zodProblems(schema: typeof zEmployeeAdd | typeof zEmployeeUpdate, error: { issues: readonly unknown[] }, fields: readonly ImportField[]): RowProblem[] {
  return (error.issues as Parameters<typeof issueMessage>[1][]).map((issue) => {
    const head = String(issue.path[0] ?? '');
    const key = head === 'emergencyContact' ? (issue.path[1] === 'phone' ? 'emergencyPhone' : issue.path[1] === 'relation' ? 'emergencyRelation' : 'emergencyName') : head === 'customFields' ? `custom.${String(issue.path[1] ?? '')}` : head;
    const f = fields.find((x) => x.key === key);
    return { field: key, label: f?.label ?? '', message: issueMessage(schema, issue) };
  });
}

type PlannedRow = { plan: Plan } | { problems: RowProblem[] };

/** What the row would do: create or update (by employee number or ID number), with its body; or its problems. */
async function planRow(
  services: AppServices,
  tx: Tx,
  companyId: number,
  values: Map<string, string>,
  lookups: Lookups,
  cache: EmployeeWriteCache,
): Promise<PlannedRow> {
  let existing: { id: number } | null;
  try {
    existing = await findEmployeeByNoOrIdNumber(services, tx, companyId, { employeeNo: values.get('employeeNo'), idNumber: values.get('idNumber') }, cache);
  } catch (err) {
    if (err instanceof AppError) return { problems: [{ field: 'employeeNo', label: '工号', message: err.message }] };
    throw err;
  }
  const { body, problems } = buildEmployeeBody(values, lookups.fields, lookups.org, !existing);
  if (problems.length > 0) return { problems };
  if (existing) {
    const parsed = zEmployeeUpdate.safeParse({ ...body, id: existing.id });
    if (!parsed.success) return { problems: zodProblems(zEmployeeUpdate, parsed.error, lookups.fields) };
    return { plan: { kind: 'update', input: parsed.data } };
  }
  const parsed = zEmployeeAdd.safeParse(body);
  if (!parsed.success) return { problems: zodProblems(zEmployeeAdd, parsed.error, lookups.fields) };
  return { plan: { kind: 'create', input: parsed.data } };
}

async function applyPlan(services: AppServices, tx: Tx, companyId: number, actor: EmployeeActor, plan: Plan, cache: EmployeeWriteCache): Promise<{ employeeId: number; outcome: 'created' | 'updated' }> {
  if (plan.kind === 'create') {
    const row = await createEmployee(services, tx, companyId, actor, plan.input, cache);
    return { employeeId: row.id, outcome: 'created' };
  }
  const { row } = await updateEmployee(services, tx, companyId, actor, plan.input, cache);
  return { employeeId: row.id, outcome: 'updated' };
}

/** A member limited to some departments may import into them and update only their employees. */
async function plannedInScope(c: ServiceCtx, scope: readonly number[], plan: Plan): Promise<boolean> {
  if (plan.kind === 'create') return inScope(scope, plan.input.departmentId ?? null);
  if (!(await employeeInScope(c, scope, plan.input.id))) return false;
  return plan.input.departmentId === undefined || inScope(scope, plan.input.departmentId);
}

/** The file's mobiles, ID numbers and employee numbers, looked up at once. */
function prefetchRows(services: AppServices, tx: Tx, companyId: number, cache: EmployeeWriteCache, rows: readonly Map<string, string>[]): Promise<void> {
  return prefetchEmployeeKeys(
    services,
    tx,
    companyId,
    cache,
    rows.map((v) => ({ mobile: v.get('mobile')?.replace(/\s+/g, ''), idNumber: v.get('idNumber'), employeeNo: v.get('employeeNo') })),
  );
}

function serviceProblem(err: AppError, fields: readonly ImportField[]): RowProblem {
  return { ...fieldOfMessage(err.message, fields), message: err.message };
}

/**
 * dataCheck: checks every row not yet imported without writing an employee — each row runs through
 * the checks of createEmployee / updateEmployee (their dry run) — plus duplicates within the file.
 * Answers the batch and the first page of rows with problems.
 */
export async function checkImportBatch(services: AppServices, c: ServiceCtx, batchId: number, pageNum: number, pageSize: number): Promise<{ batch: ImportBatchView; rows: ImportRowView[]; pageMessage: Paged<ImportRowView>['pageMessage'] }> {
  const b = await requireBatch(c, batchId, true);
  requireNotImporting(b);
  const lookups = await loadLookups(c);
  const mapping = b.mapping.fields;
  const mapped = new Set(mapping.filter(Boolean));
  const missing = lookups.fields.filter((f) => f.required && f.kind !== 'custom' && !mapped.has(f.key)).map((f) => f.label);
  if (missing.length > 0) throw badRequest(`以下必填字段没有匹配的列：${missing.join('、')}，请在字段匹配中选择`);

  const pending: { rowNo: number; values: Map<string, string> }[] = [];
  for await (const page of q.iterateImportRows(c.tx, c.services.cipher, c.companyId, b.id, { statuses: ['pending', 'valid', 'invalid', 'failed'] })) {
    for (const r of page) pending.push({ rowNo: r.rowNo, values: rowValues(r.data, mapping).byField });
  }
  const dups = duplicateProblems(pending);
  const cache = createEmployeeWriteCache();
  await prefetchRows(services, c.tx, c.companyId, cache, pending.map((r) => r.values));
  const scope = await employeeDepartmentScope(c);
  const verdicts: { rowNo: number; status: ImportRowStatus; errors: StoredImportError[] }[] = [];
  for (const r of pending) {
    const problems = [...(dups.get(r.rowNo) ?? [])];
    const planned = await planRow(services, c.tx, c.companyId, r.values, lookups, cache);
    if ('problems' in planned) problems.push(...planned.problems);
    else if (scope && !(await plannedInScope(c, scope, planned.plan))) {
      problems.push({ field: 'departmentId', label: '所属部门', message: '所属部门：不在您的数据权限范围内，不能导入或修改该部门的员工' });
    } else if (problems.length === 0) {
      try {
        if (planned.plan.kind === 'create') await validateNewEmployee(services, c.tx, c.companyId, planned.plan.input, cache);
        else await validateEmployeeUpdate(services, c.tx, c.companyId, planned.plan.input, cache);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        problems.push(serviceProblem(err, lookups.fields));
      }
    }
    verdicts.push({ rowNo: r.rowNo, status: problems.length > 0 ? 'invalid' : 'valid', errors: problems });
  }
  await q.saveRowVerdicts(c.tx, c.companyId, b.id, verdicts);
  const validCount = verdicts.filter((v) => v.status === 'valid').length;
  const updated = (await q.updateImportBatch(c.tx, c.companyId, b.id, { status: 'checked', validCount, invalidCount: verdicts.length - validCount }))!;
  await c.audit({ action: 'employeeImport.check', entity: 'import_batch', entityId: b.id, after: { valid: validCount, invalid: verdicts.length - validCount } });
  const rows = await pageImportRows(c, { batchId: b.id, status: 'problem', pageNum, pageSize });
  return { batch: await viewOf(c, updated, lookups.fields), rows: rows.list, pageMessage: rows.pageMessage };
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

// ── importing ──

export type ImportJobPayload = { batchId: number; run: number };

/** confirmImport: one job writes every valid row; the batch shows its progress. */
export async function confirmImportBatch(c: ServiceCtx, batchId: number): Promise<ImportBatchView> {
  const b = await requireBatch(c, batchId, true);
  requireNotImporting(b);
  if (b.status !== 'checked') throw badRequest('请先完成数据校验，再确认导入');
  const counts = await q.countImportRowsByStatus(c.tx, c.companyId, b.id);
  if (counts.valid === 0) throw badRequest('没有校验通过的数据可以导入');
  const run = b.runs + 1;
  const payload: ImportJobPayload = { batchId: b.id, run };
  const job = await enqueueJob(c.tx, { companyId: c.companyId, type: IMPORT_JOB_TYPE, payload, idempotencyKey: `employee-import-${b.id}-${run}`, createdBy: c.user.userId });
  const updated = (await q.updateImportBatch(c.tx, c.companyId, b.id, { status: 'importing', jobId: job.id, runs: run }))!;
  await c.audit({ action: 'employeeImport.confirm', entity: 'import_batch', entityId: b.id, after: { jobId: job.id, rows: counts.valid } });
  return viewOf(c, updated);
}

/**
 * companyEmployee/rosterList/importAndUpdate: the wizard in one call for a file in the
 * template's layout — upload, columns matched by header, every row checked, and the valid rows
 * imported by the job (new employees created, existing ones updated by employee number or ID
 * number). Rows with problems are not imported; they stay on the batch, listed in the answer and
 * downloadable with downloadErrorData. A file whose headers leave a required field unmatched is
 * refused whole and leaves no batch.
 */
export async function importAndUpdateRoster(
  services: AppServices,
  c: ServiceCtx,
  received: ReceivedImport,
): Promise<{ batch: ImportBatchView; rows: ImportRowView[]; pageMessage: Paged<ImportRowView>['pageMessage'] }> {
  const created = await createImportBatch(services, c, 'employee', received);
  // refuses (and so rolls back the batch) when a required field has no column
  const checked = await checkImportBatch(services, c, created.id, 1, 50);
  const batch = checked.batch.validCount > 0 ? await confirmImportBatch(c, created.id) : checked.batch;
  return { batch, rows: checked.rows, pageMessage: checked.pageMessage };
}

type JobTools = {
  services: AppServices;
  companyId: number;
  createdBy: number | null;
  progress(done: number, total?: number): Promise<void>;
  eachChunk: JobContext<unknown>['eachChunk'];
};

/** Rows written per transaction by the job. */
export const IMPORT_CHUNK_SIZE = 100;

/**
 * The job: the valid rows in chunks, each chunk in one transaction that marks its rows done (exactly
 * once per row, even across retries) and each row in its own savepoint, so a refused row leaves
 * nothing behind while the rest of its chunk commits.
 */
export async function runImportJob(t: JobTools, payload: ImportJobPayload): Promise<{ created: number; updated: number; failed: number }> {
  const { services, companyId } = t;
  const actor: EmployeeActor = { userId: t.createdBy };
  const system = { userId: t.createdBy ?? 0 };
  const setup = await services.database.inTenant(companyId, async (tx) => {
    const b = await q.findImportBatch(tx, companyId, payload.batchId);
    if (!b) return null;
    const ctx = jobCtx(services, tx, companyId, { userId: system.userId } as ServiceCtx['user']);
    const lookups = await loadLookups(ctx);
    const rows = new Map<number, string[]>();
    for await (const page of q.iterateImportRows(tx, services.cipher, companyId, b.id, { statuses: ['valid'] })) for (const r of page) rows.set(r.rowNo, r.data);
    return { batch: b, lookups, rows };
  });
  if (!setup) return { created: 0, updated: 0, failed: 0 };
  const { batch, lookups, rows } = setup;
  const cache = createEmployeeWriteCache();
  await t.eachChunk(
    [...rows.keys()].map((n) => `${payload.run}:${n}`),
    IMPORT_CHUNK_SIZE,
    async (keys, tx) => {
      const chunk = keys.map((key) => {
        const rowNo = Number(key.split(':')[1]);
        return { rowNo, values: rowValues(rows.get(rowNo) ?? [], batch.mapping.fields).byField };
      });
      // looked up in this transaction, so the chunk sees what committed before it
      await prefetchRows(services, tx, companyId, cache, chunk.map((r) => r.values));
      const outcomes: Parameters<typeof q.saveRowOutcomes>[3][number][] = [];
      const refused = (rowNo: number, problems: RowProblem[]) => outcomes.push({ rowNo, status: 'failed', employeeId: null, outcome: null, errors: problems });
      /** One row planned and written in its own savepoint: a refused row leaves nothing behind, and its verdict is still recorded. */
      const importOne = async (rowNo: number, values: Map<string, string>, planned?: PlannedRow) => {
        try {
          const p = planned ?? (await planRow(services, tx, companyId, values, lookups, cache));
          if ('problems' in p) return refused(rowNo, p.problems);
          const done = await tx.transaction((sp) => applyPlan(services, sp as unknown as Tx, companyId, actor, p.plan, cache));
          outcomes.push({ rowNo, status: 'imported', employeeId: done.employeeId, outcome: done.outcome, errors: [] });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          refused(rowNo, [serviceProblem(err, lookups.fields)]);
        }
      };
      // Consecutive new employees are written together; when the group is refused, one by one (planned
      // again) to find which rows to refuse. Rows run in file order: a group is written before the next
      // update, so the update sees it.
      let group: { rowNo: number; values: Map<string, string>; input: EmployeeAdd }[] = [];
      const writeGroup = async () => {
        const g = group;
        group = [];
        if (g.length === 0) return;
        if (g.length === 1) return importOne(g[0]!.rowNo, g[0]!.values, { plan: { kind: 'create', input: g[0]!.input } });
        try {
          const made = await tx.transaction((sp) => createEmployees(services, sp as unknown as Tx, companyId, actor, g.map((r) => r.input), cache));
          g.forEach((r, i) => outcomes.push({ rowNo: r.rowNo, status: 'imported', employeeId: made[i]!.id, outcome: 'created', errors: [] }));
          return;
        } catch {
          // rolled back to the savepoint; row by row below says which rows are refused and why
        }
        for (const r of g) await importOne(r.rowNo, r.values);
      };
      try {
        for (const { rowNo, values } of chunk) {
          let planned: PlannedRow;
          try {
            planned = await planRow(services, tx, companyId, values, lookups, cache);
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            await writeGroup();
            refused(rowNo, [serviceProblem(err, lookups.fields)]);
            continue;
          }
          if ('plan' in planned && planned.plan.kind === 'create') {
            group.push({ rowNo, values, input: planned.plan.input });
            continue;
          }
          await writeGroup();
          await importOne(rowNo, values, planned);
        }
        await writeGroup();
        // the chunk's verdicts, in the chunk's transaction
        await q.saveRowOutcomes(tx, companyId, batch.id, outcomes);
      } finally {
        // the look-ups hold only within this transaction
        cache.known = undefined;
      }
    },
    // a large file can multiply the company's roster: its look-ups stay planned for the rows written
    { analyze: ['employees', 'employee_name_tokens'] },
  );
  return services.database.inTenant(companyId, async (tx) => {
    const counts = await q.countImportRowsByStatus(tx, companyId, batch.id);
    const outcomes = await q.countImportOutcomes(tx, companyId, batch.id);
    const b = await q.updateImportBatch(tx, companyId, batch.id, {
      status: 'done',
      validCount: counts.valid,
      invalidCount: counts.invalid + counts.failed,
      createdCount: outcomes.created,
      updatedCount: outcomes.updated,
      failedCount: counts.failed,
    });
    return { created: b?.createdCount ?? 0, updated: b?.updatedCount ?? 0, failed: b?.failedCount ?? 0 };
  });
}

/** The job failed for good: the batch says so (rows already imported stay imported). */
export async function markImportFailed(services: AppServices, companyId: number, batchId: number): Promise<void> {
  await services.database.inTenant(companyId, (tx) => q.updateImportBatch(tx, companyId, batchId, { status: 'failed' }));
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

/** Row cells and source files of imports are kept this long, for corrections and the error file. */
export const IMPORT_DATA_DAYS = 7;
export const IMPORT_PURGE_JOB = 'employee-import.purge';

const purgeBefore = () => new Date(Date.now() - IMPORT_DATA_DAYS * 24 * 3600_000);

export function listCompaniesWithImportsToPurge(exec: Executor): Promise<number[]> {
  return q.listCompaniesWithDataToPurge(exec, purgeBefore());
}

/**
 * The daily purge: imports older than IMPORT_DATA_DAYS lose their rows' cells and their source file
 * (the counts, verdicts and error reasons stay). The file is deleted from the store after the commit.
 */
export async function purgeOldImports(services: AppServices, companyId: number): Promise<{ batches: number }> {
  const keys = await services.database.inTenant(companyId, async (tx) => {
    const batches = await q.listBatchesToPurge(tx, companyId, purgeBefore());
    const storageKeys: string[] = [];
    for (const b of batches) {
      await q.purgeBatchRowData(tx, companyId, b.id);
      const file = await findFile(tx, companyId, b.fileId);
      if (file) {
        await archiveFile(tx, companyId, file.id);
        storageKeys.push(file.storageKey);
      }
    }
    return storageKeys;
  });
  for (const key of keys) await deleteStoredFile(services, key);
  return { batches: keys.length };
}
