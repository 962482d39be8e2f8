import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { costCenters, importBatches, importRows, positions, rankCategories, ranks, type ImportBatchStatus, type ImportRowStatus, type StoredImportError, type StoredImportMapping } from '../../db/schema/index.ts';
import type { PersonalDataCipher } from '../../platform/crypto.ts';
import type { Executor } from '../../platform/db.ts';

export type ImportBatchRow = typeof importBatches.$inferSelect;
type StoredImportRow = typeof importRows.$inferSelect;
/** A row with its cells decrypted; `data` is [] once purged (after the import, or after 7 days). */
export type ImportRowRow = Omit<StoredImportRow, 'dataEnc' | 'data'> & { data: string[]; purged: boolean };

/** The cells are personal data: stored encrypted (docs/security.md). */
const seal = (cipher: PersonalDataCipher, cells: readonly string[]) => cipher.encrypt(JSON.stringify(cells));

function opened(cipher: PersonalDataCipher, r: StoredImportRow): ImportRowRow {
  const { dataEnc, data, ...rest } = r;
  const cells = dataEnc ? (JSON.parse(cipher.decrypt(dataEnc)) as string[]) : (data ?? null);
  return { ...rest, data: cells ?? [], purged: cells === null };
}

export async function insertImportBatch(
  exec: Executor,
  v: { companyId: number; templateName: string; fileId: number; fileName: string; mapping: StoredImportMapping; total: number; createdBy: number },
): Promise<ImportBatchRow> {
  const rows = await exec.insert(importBatches).values(v).returning();
  return rows[0]!;
}

/** Inserts a batch's rows in chunks (one statement per chunk). */
export async function insertImportRows(exec: Executor, cipher: PersonalDataCipher, companyId: number, batchId: number, rows: readonly { rowNo: number; cells: string[] }[]): Promise<void> {
  const CHUNK = 1000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await exec.insert(importRows).values(rows.slice(i, i + CHUNK).map((r) => ({ companyId, batchId, rowNo: r.rowNo, dataEnc: seal(cipher, r.cells) })));
  }
}

/** Batches of the company made before `before` whose rows or source file still hold data. */
export async function listBatchesToPurge(exec: Executor, companyId: number, before: Date): Promise<{ id: number; fileId: number }[]> {
  return exec
    .select({ id: importBatches.id, fileId: importBatches.fileId })
    .from(importBatches)
    .where(
      and(
        eq(importBatches.companyId, companyId),
        lt(importBatches.createdAt, before),
        ne(importBatches.status, 'importing'),
        sql`(exists (select 1 from import_rows r where r.company_id = ${importBatches.companyId} and r.batch_id = ${importBatches.id} and (r.data_enc is not null or r.data is not null))
             or exists (select 1 from files f where f.company_id = ${importBatches.companyId} and f.id = ${importBatches.fileId} and f.archived_at is null))`,
      ),
    );
}

/** Drops every row's cells of a batch. */
export async function purgeBatchRowData(exec: Executor, companyId: number, batchId: number): Promise<void> {
  await exec
    .update(importRows)
    .set({ dataEnc: null, data: null })
    .where(and(eq(importRows.companyId, companyId), eq(importRows.batchId, batchId)));
}

/** Companies with import batches older than `before` that still hold data (for the daily purge). */
export async function listCompaniesWithDataToPurge(exec: Executor, before: Date): Promise<number[]> {
  const rows = await exec
    .selectDistinct({ companyId: importBatches.companyId })
    .from(importBatches)
    .where(
      and(
        lt(importBatches.createdAt, before),
        sql`exists (select 1 from import_rows r where r.company_id = ${importBatches.companyId} and r.batch_id = ${importBatches.id} and (r.data_enc is not null or r.data is not null))`,
      ),
    );
  return rows.map((r) => r.companyId);
}

/** A batch of the company that is not archived. */
export async function findImportBatch(exec: Executor, companyId: number, id: number, opts: { forUpdate?: boolean } = {}): Promise<ImportBatchRow | null> {
  const q = exec
    .select()
    .from(importBatches)
    .where(and(eq(importBatches.companyId, companyId), eq(importBatches.id, id), ne(importBatches.status, 'archived')))
    .limit(1);
  const rows = opts.forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function listImportBatchesPage(exec: Executor, companyId: number, templateName: string, pageNum: number, pageSize: number): Promise<{ list: ImportBatchRow[]; total: number }> {
  const where = and(eq(importBatches.companyId, companyId), eq(importBatches.templateName, templateName), ne(importBatches.status, 'archived'));
  // one after the other: a transaction has one connection, which runs one statement at a time
  const list = await exec.select().from(importBatches).where(where).orderBy(desc(importBatches.createdAt), desc(importBatches.id)).limit(pageSize).offset((pageNum - 1) * pageSize);
  const totals = await exec.select({ n: count() }).from(importBatches).where(where);
  return { list, total: Number(totals[0]?.n ?? 0) };
}

export async function updateImportBatch(exec: Executor, companyId: number, id: number, change: Partial<Omit<ImportBatchRow, 'companyId' | 'id'>>): Promise<ImportBatchRow | null> {
  const rows = await exec
    .update(importBatches)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(importBatches.companyId, companyId), eq(importBatches.id, id)))
    .returning();
  return rows[0] ?? null;
}

/** How many rows of the batch created and updated an employee (over every run). */
export async function countImportOutcomes(exec: Executor, companyId: number, batchId: number): Promise<{ created: number; updated: number }> {
  const rows = await exec
    .select({ outcome: importRows.outcome, n: count() })
    .from(importRows)
    .where(and(eq(importRows.companyId, companyId), eq(importRows.batchId, batchId), eq(importRows.status, 'imported')))
    .groupBy(importRows.outcome);
  const of = (k: string) => Number(rows.find((r) => r.outcome === k)?.n ?? 0);
  return { created: of('created'), updated: of('updated') };
}

/** Every row of a batch in sheet order, in pages of `size` (for the check and the error file). */
export async function* iterateImportRows(exec: Executor, cipher: PersonalDataCipher, companyId: number, batchId: number, opts: { statuses?: ImportRowStatus[]; size?: number } = {}): AsyncGenerator<ImportRowRow[]> {
  const size = opts.size ?? 2000;
  let after = 0;
  for (;;) {
    const conds = [eq(importRows.companyId, companyId), eq(importRows.batchId, batchId), gt(importRows.rowNo, after)];
    if (opts.statuses) conds.push(inArray(importRows.status, opts.statuses));
    const page = await exec.select().from(importRows).where(and(...conds)).orderBy(asc(importRows.rowNo)).limit(size);
    if (page.length === 0) return;
    yield page.map((r) => opened(cipher, r));
    after = page[page.length - 1]!.rowNo;
    if (page.length < size) return;
  }
}

export async function listImportRowsPage(
  exec: Executor,
  cipher: PersonalDataCipher,
  companyId: number,
  batchId: number,
  statuses: ImportRowStatus[] | undefined,
  pageNum: number,
  pageSize: number,
): Promise<{ list: ImportRowRow[]; total: number }> {
  const conds = [eq(importRows.companyId, companyId), eq(importRows.batchId, batchId)];
  if (statuses) conds.push(inArray(importRows.status, statuses));
  const where = and(...conds);
  const list = await exec.select().from(importRows).where(where).orderBy(asc(importRows.rowNo)).limit(pageSize).offset((pageNum - 1) * pageSize);
  const totals = await exec.select({ n: count() }).from(importRows).where(where);
  return { list: list.map((r) => opened(cipher, r)), total: Number(totals[0]?.n ?? 0) };
}

export async function findImportRow(exec: Executor, cipher: PersonalDataCipher, companyId: number, batchId: number, rowNo: number): Promise<ImportRowRow | null> {
  const rows = await exec
    .select()
    .from(importRows)
    .where(and(eq(importRows.companyId, companyId), eq(importRows.batchId, batchId), eq(importRows.rowNo, rowNo)))
    .limit(1);
  return rows[0] ? opened(cipher, rows[0]) : null;
}

export async function updateImportRow(
  exec: Executor,
  cipher: PersonalDataCipher,
  companyId: number,
  batchId: number,
  rowNo: number,
  change: { data?: string[]; errors?: StoredImportError[]; status?: ImportRowStatus; employeeId?: number | null; outcome?: string | null },
): Promise<void> {
  const { data, ...rest } = change;
  await exec
    .update(importRows)
    .set({ ...rest, ...(data ? { dataEnc: seal(cipher, data), data: null } : {}) })
    .where(and(eq(importRows.companyId, companyId), eq(importRows.batchId, batchId), eq(importRows.rowNo, rowNo)));
}

/** Writes the check's verdicts of many rows in one statement. */
export async function saveRowVerdicts(exec: Executor, companyId: number, batchId: number, verdicts: readonly { rowNo: number; status: ImportRowStatus; errors: StoredImportError[] }[]): Promise<void> {
  const CHUNK = 1000;
  for (let i = 0; i < verdicts.length; i += CHUNK) {
    const part = verdicts.slice(i, i + CHUNK);
    const payload = JSON.stringify(part.map((v) => ({ r: v.rowNo, s: v.status, e: v.errors })));
    await exec.execute(sql`
      update ${importRows} as t set status = v.s, errors = v.e
      from jsonb_to_recordset(${payload}::jsonb) as v(r int, s text, e jsonb)
      where t.company_id = ${companyId} and t.batch_id = ${batchId} and t.row_no = v.r and t.status <> 'imported'`);
  }
}

/** Writes the job's outcomes of many rows in one statement (a failed row keeps its employee and outcome; an imported row's cells are dropped). */
export async function saveRowOutcomes(
  exec: Executor,
  companyId: number,
  batchId: number,
  outcomes: readonly { rowNo: number; status: ImportRowStatus; errors: StoredImportError[]; employeeId: number | null; outcome: string | null }[],
): Promise<void> {
  if (outcomes.length === 0) return;
  const payload = JSON.stringify(outcomes.map((v) => ({ r: v.rowNo, s: v.status, e: v.errors, i: v.employeeId, o: v.outcome })));
  await exec.execute(sql`
    update ${importRows} as t set status = v.s, errors = v.e,
      employee_id = case when v.s = 'imported' then v.i else t.employee_id end,
      outcome = case when v.s = 'imported' then v.o else t.outcome end,
      -- an imported row's cells live on in the employee record: they are not kept here
      data_enc = case when v.s = 'imported' then null else t.data_enc end,
      data = case when v.s = 'imported' then null else t.data end
    from jsonb_to_recordset(${payload}::jsonb) as v(r int, s text, e jsonb, i bigint, o text)
    where t.company_id = ${companyId} and t.batch_id = ${batchId} and t.row_no = v.r`);
}

export async function countImportRowsByStatus(exec: Executor, companyId: number, batchId: number): Promise<Record<ImportRowStatus, number>> {
  const rows = await exec
    .select({ status: importRows.status, n: count() })
    .from(importRows)
    .where(and(eq(importRows.companyId, companyId), eq(importRows.batchId, batchId)))
    .groupBy(importRows.status);
  const out: Record<ImportRowStatus, number> = { pending: 0, valid: 0, invalid: 0, imported: 0, failed: 0 };
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

export type { ImportBatchStatus };

const DELETED = 9;

/** The company's positions, ranks (with their category's name) and cost centres that are not deleted: what import cells name. */
export async function listOrgRefs(exec: Executor, companyId: number) {
  // one after the other: a transaction has one connection, which runs one statement at a time
  const pos = await exec
    .select({ id: positions.id, name: positions.name, code: positions.code, departmentId: positions.departmentId, status: positions.status })
    .from(positions)
    .where(and(eq(positions.companyId, companyId), ne(positions.status, DELETED)));
  const rk = await exec
    .select({ id: ranks.id, name: ranks.name, categoryName: rankCategories.name, status: sql<number>`case when ${rankCategories.status} = 1 then ${ranks.status} else ${rankCategories.status} end` })
    .from(ranks)
    .innerJoin(rankCategories, and(eq(rankCategories.companyId, ranks.companyId), eq(rankCategories.id, ranks.categoryId)))
    .where(and(eq(ranks.companyId, companyId), ne(ranks.status, DELETED), ne(rankCategories.status, DELETED)));
  const cc = await exec
    .select({ id: costCenters.id, code: costCenters.code, name: costCenters.name, status: costCenters.status })
    .from(costCenters)
    .where(and(eq(costCenters.companyId, companyId), ne(costCenters.status, DELETED)));
  return { positions: pos, ranks: rk.map((r) => ({ ...r, status: Number(r.status) })), costCenters: cc };
}
