import type { StoredImportError, ImportRowStatus } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { Paged, ServiceCtx } from '../../platform/http.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';
import type { AppServices } from '../../platform/services.ts';
import { employeeDepartmentScope, createEmployeeWriteCache, validateEmployeeUpdate, validateNewEmployee } from '../employees/index.ts';
import * as q from './employee-import.queries.ts';
import { createImportBatch, pageImportRows, requireBatch, requireNotImporting, viewOf, type ImportBatchView, type ImportRowView, type ReceivedImport } from './employee-import.service.ts';
import { rowValues } from './import-fields.ts';
import { IMPORT_JOB_TYPE, type ImportJobPayload } from './import-job.service.ts';
import { duplicateProblems, loadLookups, planRow, plannedInScope, prefetchRows, serviceProblem } from './import-plan.ts';

/** Checking a batch without writing (dataCheck), confirming it for the job, and both in one call for a file. */

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
