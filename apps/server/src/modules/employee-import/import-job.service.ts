import type { EmployeeAdd } from '@wfsaas/contracts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { jobCtx, type ServiceCtx } from '../../platform/http.ts';
import type { JobContext } from '../../platform/jobs/index.ts';
import type { AppServices } from '../../platform/services.ts';
import { createEmployees, createEmployeeWriteCache, type EmployeeActor, type EmployeeWriteCache } from '../employees/index.ts';
import * as q from './employee-import.queries.ts';
import { rowValues, type RowProblem } from './import-fields.ts';
import { applyPlan, loadLookups, planRow, prefetchRows, serviceProblem, type Lookups, type PlannedRow } from './import-plan.ts';

/** The import job: writes a confirmed batch's valid rows, creating new employees and updating existing ones. */

export const IMPORT_JOB_TYPE = 'employeeImport.run';

export type ImportJobPayload = { batchId: number; run: number };

type JobTools = {
  services: AppServices;
  companyId: number;
  createdBy: number | null;
  progress(done: number, total?: number): Promise<void>;
  eachChunk: JobContext<unknown>['eachChunk'];
};

/** Rows written per transaction by the job. */
export const IMPORT_CHUNK_SIZE = 100;

type JobSetup = { batch: q.ImportBatchRow; lookups: Lookups; rows: Map<number, string[]> };

/** The batch, the look-ups of its company and its valid rows by row number; null when the batch is gone. */
async function loadJobSetup(services: AppServices, companyId: number, batchId: number, userId: number): Promise<JobSetup | null> {
  return services.database.inTenant(companyId, async (tx) => {
    const b = await q.findImportBatch(tx, companyId, batchId);
    if (!b) return null;
    const ctx = jobCtx(services, tx, companyId, { userId } as ServiceCtx['user']);
    const lookups = await loadLookups(ctx);
    const rows = new Map<number, string[]>();
    for await (const page of q.iterateImportRows(tx, services.cipher, companyId, b.id, { statuses: ['valid'] })) for (const r of page) rows.set(r.rowNo, r.data);
    return { batch: b, lookups, rows };
  });
}

type RowOutcome = Parameters<typeof q.saveRowOutcomes>[3][number];
type ChunkWriter = { services: AppServices; tx: Tx; companyId: number; actor: EmployeeActor; lookups: Lookups; cache: EmployeeWriteCache };

/** Writes one chunk's rows in file order, each refused row in its own savepoint, and answers every row's verdict. */
async function writeChunk(w: ChunkWriter, chunk: readonly { rowNo: number; values: Map<string, string> }[]): Promise<RowOutcome[]> {
  const { services, tx, companyId, actor, lookups, cache } = w;
  const outcomes: RowOutcome[] = [];
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
  return outcomes;
}

/** The batch is done: its counts from its rows' verdicts. */
async function finishBatch(services: AppServices, companyId: number, batchId: number): Promise<{ created: number; updated: number; failed: number }> {
  return services.database.inTenant(companyId, async (tx) => {
    const counts = await q.countImportRowsByStatus(tx, companyId, batchId);
    const outcomes = await q.countImportOutcomes(tx, companyId, batchId);
    const b = await q.updateImportBatch(tx, companyId, batchId, {
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

/**
 * The job: the valid rows in chunks, each chunk in one transaction that marks its rows done (exactly
 * once per row, even across retries) and each row in its own savepoint, so a refused row leaves
 * nothing behind while the rest of its chunk commits.
 */
export async function runImportJob(t: JobTools, payload: ImportJobPayload): Promise<{ created: number; updated: number; failed: number }> {
  const { services, companyId } = t;
  const actor: EmployeeActor = { userId: t.createdBy };
  const setup = await loadJobSetup(services, companyId, payload.batchId, t.createdBy ?? 0);
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
      try {
        const outcomes = await writeChunk({ services, tx, companyId, actor, lookups, cache }, chunk);
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
  return finishBatch(services, companyId, batch.id);
}

/** The job failed for good: the batch says so (rows already imported stay imported). */
export async function markImportFailed(services: AppServices, companyId: number, batchId: number): Promise<void> {
  await services.database.inTenant(companyId, (tx) => q.updateImportBatch(tx, companyId, batchId, { status: 'failed' }));
}
