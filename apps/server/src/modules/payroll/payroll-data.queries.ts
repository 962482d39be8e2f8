import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  departments,
  employees,
  payrollDataBatches,
  payrollDataRows,
  payrollDataTables,
  payrollGroupDataTables,
  payrollRunInputs,
  users,
  type StoredInputSource,
} from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

export type DataTableRow = typeof payrollDataTables.$inferSelect;
export type DataBatchRow = typeof payrollDataBatches.$inferSelect;
export type DataRowInsert = typeof payrollDataRows.$inferInsert;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

// ── tables ──

export async function listTables(exec: Executor, companyId: number, kind?: number, keyword?: string) {
  const conds: SQL[] = [eq(payrollDataTables.companyId, companyId), isNull(payrollDataTables.archivedAt)];
  if (kind !== undefined) conds.push(eq(payrollDataTables.kind, kind));
  if (keyword) conds.push(ilike(payrollDataTables.name, `%${escapeLike(keyword)}%`));
  return exec
    .select({
      table: payrollDataTables,
      batchCount: sql<number>`(select count(*) from payroll_data_batches b where b.company_id = payroll_data_tables.company_id and b.table_id = payroll_data_tables.id and b.status = 1)`,
      latestMonth: sql<string | null>`(select max(b.month) from payroll_data_batches b where b.company_id = payroll_data_tables.company_id and b.table_id = payroll_data_tables.id and b.status = 1)`,
    })
    .from(payrollDataTables)
    .where(and(...conds))
    .orderBy(asc(payrollDataTables.id));
}

export async function findTable(exec: Executor, companyId: number, id: number): Promise<DataTableRow | null> {
  const rows = await exec
    .select()
    .from(payrollDataTables)
    .where(and(eq(payrollDataTables.companyId, companyId), eq(payrollDataTables.id, id), isNull(payrollDataTables.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findTableByName(exec: Executor, companyId: number, name: string): Promise<DataTableRow | null> {
  const rows = await exec
    .select()
    .from(payrollDataTables)
    .where(and(eq(payrollDataTables.companyId, companyId), eq(payrollDataTables.name, name), isNull(payrollDataTables.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertTable(exec: Executor, v: typeof payrollDataTables.$inferInsert): Promise<DataTableRow> {
  return (await exec.insert(payrollDataTables).values(v).returning())[0]!;
}

export async function updateTable(exec: Executor, companyId: number, id: number, set: Partial<typeof payrollDataTables.$inferInsert>): Promise<DataTableRow> {
  const rows = await exec
    .update(payrollDataTables)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(payrollDataTables.companyId, companyId), eq(payrollDataTables.id, id)))
    .returning();
  return rows[0]!;
}

export async function deleteTable(exec: Executor, companyId: number, id: number): Promise<void> {
  await exec.delete(payrollGroupDataTables).where(and(eq(payrollGroupDataTables.companyId, companyId), eq(payrollGroupDataTables.tableId, id)));
  await exec.delete(payrollDataTables).where(and(eq(payrollDataTables.companyId, companyId), eq(payrollDataTables.id, id)));
}

export async function unlinkTable(exec: Executor, companyId: number, id: number): Promise<void> {
  await exec.delete(payrollGroupDataTables).where(and(eq(payrollGroupDataTables.companyId, companyId), eq(payrollGroupDataTables.tableId, id)));
}

export async function countBatchesOfTable(exec: Executor, companyId: number, tableId: number): Promise<number> {
  const rows = await exec
    .select({ n: count() })
    .from(payrollDataBatches)
    .where(and(eq(payrollDataBatches.companyId, companyId), eq(payrollDataBatches.tableId, tableId)));
  return Number(rows[0]?.n ?? 0);
}

// ── batches ──

const batchSelect = { batch: payrollDataBatches, createdByName: users.nickname, tableName: payrollDataTables.name, kind: payrollDataTables.kind };

export async function pageBatches(exec: Executor, companyId: number, f: { tableId: number; month?: string; status?: number }, pageNum: number, pageSize: number) {
  const conds: SQL[] = [eq(payrollDataBatches.companyId, companyId), eq(payrollDataBatches.tableId, f.tableId)];
  if (f.month) conds.push(eq(payrollDataBatches.month, f.month));
  if (f.status) conds.push(eq(payrollDataBatches.status, f.status));
  const where = and(...conds);
  const rows = await exec
    .select(batchSelect)
    .from(payrollDataBatches)
    .innerJoin(payrollDataTables, and(eq(payrollDataTables.companyId, payrollDataBatches.companyId), eq(payrollDataTables.id, payrollDataBatches.tableId)))
    .leftJoin(users, eq(users.id, payrollDataBatches.createdBy))
    .where(where)
    .orderBy(desc(payrollDataBatches.month), desc(payrollDataBatches.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const total = await exec.select({ n: count() }).from(payrollDataBatches).where(where);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

/** A batch of a live table. */
export async function findBatch(exec: Executor, companyId: number, id: number) {
  const rows = await exec
    .select(batchSelect)
    .from(payrollDataBatches)
    .innerJoin(payrollDataTables, and(eq(payrollDataTables.companyId, payrollDataBatches.companyId), eq(payrollDataTables.id, payrollDataBatches.tableId)))
    .leftJoin(users, eq(users.id, payrollDataBatches.createdBy))
    .where(and(eq(payrollDataBatches.companyId, companyId), eq(payrollDataBatches.id, id), isNull(payrollDataTables.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** The valid batch of a table and month (the latest, should there be several). */
export async function findValidBatch(exec: Executor, companyId: number, tableId: number, month: string): Promise<DataBatchRow | null> {
  const rows = await exec
    .select()
    .from(payrollDataBatches)
    .where(and(eq(payrollDataBatches.companyId, companyId), eq(payrollDataBatches.tableId, tableId), eq(payrollDataBatches.month, month), eq(payrollDataBatches.status, 1)))
    .orderBy(desc(payrollDataBatches.id))
    .limit(1);
  return rows[0] ?? null;
}

/** Serialises the batches of one table and month for the rest of the transaction. */
export async function lockTableMonth(exec: Executor, companyId: number, tableId: number, month: string): Promise<void> {
  await exec.execute(sql`select pg_advisory_xact_lock(hashtext(${`payroll-data:${companyId}:${tableId}:${month}`}))`);
}

export async function insertBatch(exec: Executor, v: typeof payrollDataBatches.$inferInsert): Promise<DataBatchRow> {
  return (await exec.insert(payrollDataBatches).values(v).returning())[0]!;
}

export async function voidBatch(exec: Executor, companyId: number, id: number, userId: number): Promise<boolean> {
  const rows = await exec
    .update(payrollDataBatches)
    .set({ status: 2, voidedAt: new Date(), voidedBy: userId })
    .where(and(eq(payrollDataBatches.companyId, companyId), eq(payrollDataBatches.id, id), eq(payrollDataBatches.status, 1)))
    .returning({ id: payrollDataBatches.id });
  return rows.length > 0;
}

// ── rows ──

export async function insertRows(exec: Executor, rows: DataRowInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await exec.insert(payrollDataRows).values(rows.slice(i, i + 1000));
}

export async function pageRows(exec: Executor, companyId: number, batchId: number, f: { filter: 'all' | 'error' | 'unmatched'; keyword?: string }, pageNum: number, pageSize: number) {
  const conds: SQL[] = [eq(payrollDataRows.companyId, companyId), eq(payrollDataRows.batchId, batchId)];
  if (f.filter === 'error') conds.push(isNotNull(payrollDataRows.error));
  if (f.filter === 'unmatched') conds.push(isNull(payrollDataRows.employeeId));
  if (f.keyword) {
    const k = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(payrollDataRows.name, k), ilike(payrollDataRows.key, k))!);
  }
  const where = and(...conds);
  const rows = await exec
    .select()
    .from(payrollDataRows)
    .where(where)
    .orderBy(asc(payrollDataRows.rowNo))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const total = await exec.select({ n: count() }).from(payrollDataRows).where(where);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

export async function listErrorRows(exec: Executor, companyId: number, batchId: number) {
  return exec
    .select()
    .from(payrollDataRows)
    .where(and(eq(payrollDataRows.companyId, companyId), eq(payrollDataRows.batchId, batchId), isNotNull(payrollDataRows.error)))
    .orderBy(asc(payrollDataRows.rowNo));
}

/** Rows of a batch matched to an employee and free of errors. */
export async function listGoodRows(exec: Executor, companyId: number, batchId: number) {
  return exec
    .select({ employeeId: payrollDataRows.employeeId, values: payrollDataRows.values })
    .from(payrollDataRows)
    .where(and(eq(payrollDataRows.companyId, companyId), eq(payrollDataRows.batchId, batchId), isNotNull(payrollDataRows.employeeId), isNull(payrollDataRows.error)))
    .orderBy(asc(payrollDataRows.rowNo));
}

// ── group links ──

export async function listLinks(exec: Executor, companyId: number, groupId?: number) {
  const conds: SQL[] = [eq(payrollGroupDataTables.companyId, companyId), isNull(payrollDataTables.archivedAt)];
  if (groupId !== undefined) conds.push(eq(payrollGroupDataTables.groupId, groupId));
  return exec
    .select({ groupId: payrollGroupDataTables.groupId, table: payrollDataTables })
    .from(payrollGroupDataTables)
    .innerJoin(payrollDataTables, and(eq(payrollDataTables.companyId, payrollGroupDataTables.companyId), eq(payrollDataTables.id, payrollGroupDataTables.tableId)))
    .where(and(...conds))
    .orderBy(asc(payrollGroupDataTables.groupId), asc(payrollDataTables.id));
}

export async function replaceLinks(exec: Executor, companyId: number, groupId: number, tableIds: number[], userId: number | null): Promise<void> {
  await exec.delete(payrollGroupDataTables).where(and(eq(payrollGroupDataTables.companyId, companyId), eq(payrollGroupDataTables.groupId, groupId)));
  if (tableIds.length > 0) await exec.insert(payrollGroupDataTables).values(tableIds.map((tableId) => ({ companyId, groupId, tableId, createdBy: userId })));
}

// ── run inputs with their sources ──

/** Merges values and their sources into each employee's inputs of the run (same names replaced). */
export async function mergeInputsWithSources(
  exec: Executor,
  companyId: number,
  runId: number,
  rows: { employeeId: number; values: Record<string, string>; sources: Record<string, StoredInputSource> }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await exec
      .insert(payrollRunInputs)
      .values(chunk.map((r) => ({ companyId, runId, employeeId: r.employeeId, values: r.values, sources: r.sources })))
      .onConflictDoUpdate({
        target: [payrollRunInputs.companyId, payrollRunInputs.runId, payrollRunInputs.employeeId],
        set: { values: sql`${payrollRunInputs.values} || excluded.values`, sources: sql`${payrollRunInputs.sources} || excluded.sources`, updatedAt: new Date() },
      });
  }
}

/**
 * Records where the named items of the employees' inputs came from: `source` null removes the record
 * (a value imported into the run), otherwise it is set (e.g. typed by hand).
 */
export async function markInputSources(exec: Executor, companyId: number, runId: number, rows: { employeeId: number; values: Record<string, string> }[], source: StoredInputSource | null): Promise<void> {
  const byItems = new Map<string, number[]>();
  for (const r of rows) {
    const names = Object.keys(r.values).sort();
    if (names.length === 0) continue;
    const k = JSON.stringify(names);
    byItems.set(k, [...(byItems.get(k) ?? []), r.employeeId]);
  }
  for (const [k, ids] of byItems) {
    const names = JSON.parse(k) as string[];
    const set = source
      ? sql`${payrollRunInputs.sources} || ${JSON.stringify(Object.fromEntries(names.map((n) => [n, source])))}::jsonb`
      : sql`${payrollRunInputs.sources} - ${`{${names.map((n) => `"${n.replace(/["\\]/g, (m) => `\\${m}`)}"`).join(',')}}`}::text[]`;
    await exec
      .update(payrollRunInputs)
      .set({ sources: set })
      .where(and(eq(payrollRunInputs.companyId, companyId), eq(payrollRunInputs.runId, runId), inArray(payrollRunInputs.employeeId, ids)));
  }
}

export async function listInputsWithSources(exec: Executor, companyId: number, runId: number, employeeIds: number[]) {
  if (employeeIds.length === 0) return [];
  return exec
    .select({ employeeId: payrollRunInputs.employeeId, values: payrollRunInputs.values, sources: payrollRunInputs.sources })
    .from(payrollRunInputs)
    .where(and(eq(payrollRunInputs.companyId, companyId), eq(payrollRunInputs.runId, runId), inArray(payrollRunInputs.employeeId, employeeIds)));
}

// ── base data ──

export async function pageBaseEmployees(exec: Executor, companyId: number, f: { keyword?: string; departmentPath?: string; first: string; last: string }, pageNum: number, pageSize: number) {
  const conds: SQL[] = [
    eq(employees.companyId, companyId),
    isNull(employees.archivedAt),
    sql`${employees.status} <> 0`,
    sql`(${employees.hireDate} is null or ${employees.hireDate} <= ${f.last})`,
    sql`(${employees.leaveDate} is null or ${employees.leaveDate} >= ${f.first})`,
  ];
  if (f.keyword) {
    const k = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(employees.name, k), ilike(employees.employeeNo, k))!);
  }
  if (f.departmentPath) conds.push(sql`${departments.path} like ${`${escapeLike(f.departmentPath)}%`}`);
  const where = and(...conds);
  const from = () =>
    exec
      .select({
        id: employees.id,
        name: employees.name,
        employeeNo: employees.employeeNo,
        departmentName: departments.name,
        salary: employees.salary,
        bankName: employees.bankName,
        bankAccountMasked: employees.bankAccountMasked,
      })
      .from(employees)
      .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)));
  const rows = await from()
    .where(where)
    .orderBy(asc(employees.employeeNo), asc(employees.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const total = await exec
    .select({ n: count() })
    .from(employees)
    .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
    .where(where);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

export async function findDepartmentPath(exec: Executor, companyId: number, id: number): Promise<string | null> {
  const rows = await exec
    .select({ path: departments.path })
    .from(departments)
    .where(and(eq(departments.companyId, companyId), eq(departments.id, id)))
    .limit(1);
  return rows[0]?.path ?? null;
}
