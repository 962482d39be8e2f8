import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  companies,
  departments,
  employees,
  payslipBatches,
  payslips,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** Payslip batches and their rows, the employees they match, and the company's name; each takes the company id. */

export type BatchRow = typeof payslipBatches.$inferSelect;
export type PayslipRow = typeof payslips.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export async function findCompanyName(exec: Executor, companyId: number): Promise<string> {
  const rows = await exec.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return rows[0]?.name ?? '';
}

// ── batches ──

export async function insertBatch(exec: Executor, v: typeof payslipBatches.$inferInsert): Promise<BatchRow> {
  const rows = await exec.insert(payslipBatches).values(v).returning();
  return rows[0]!;
}

export async function findBatch(exec: Executor, companyId: number, id: number): Promise<BatchRow | null> {
  const rows = await exec
    .select()
    .from(payslipBatches)
    .where(and(eq(payslipBatches.companyId, companyId), eq(payslipBatches.id, id), isNull(payslipBatches.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks the batch row: events of one batch are chained one at a time. */
export async function lockBatch(exec: Executor, companyId: number, id: number): Promise<void> {
  await exec.execute(sql`select id from payslip_batches where company_id = ${companyId} and id = ${id} for update`);
}

/** Updates a live batch, only when its status is one of `fromStatuses` (when given). */
export async function updateBatch(
  exec: Executor,
  companyId: number,
  id: number,
  set: Partial<typeof payslipBatches.$inferInsert>,
  fromStatuses?: number[],
): Promise<BatchRow | null> {
  const conds: SQL[] = [eq(payslipBatches.companyId, companyId), eq(payslipBatches.id, id), isNull(payslipBatches.archivedAt)];
  if (fromStatuses) conds.push(inArray(payslipBatches.status, fromStatuses));
  const rows = await exec
    .update(payslipBatches)
    .set({ ...set, updatedAt: new Date() })
    .where(and(...conds))
    .returning();
  return rows[0] ?? null;
}

export type BatchFilter = { month?: string; title?: string; status?: number };

export async function listBatchesPage(
  exec: Executor,
  companyId: number,
  f: BatchFilter,
  offset: number,
  limit: number,
): Promise<{ rows: (BatchRow & { createdByName: string | null })[]; total: number }> {
  const conds: SQL[] = [eq(payslipBatches.companyId, companyId), isNull(payslipBatches.archivedAt)];
  if (f.month) conds.push(eq(payslipBatches.month, f.month));
  if (f.title) conds.push(ilike(payslipBatches.title, `%${escapeLike(f.title)}%`));
  if (f.status !== undefined) conds.push(eq(payslipBatches.status, f.status));
  const where = and(...conds);
  const [total] = await exec.select({ n: count() }).from(payslipBatches).where(where);
  const rows = await exec
    .select({ b: payslipBatches, createdByName: users.nickname })
    .from(payslipBatches)
    .leftJoin(users, eq(users.id, payslipBatches.createdBy))
    .where(where)
    .orderBy(desc(payslipBatches.month), desc(payslipBatches.id))
    .offset(offset)
    .limit(limit);
  return { rows: rows.map((r) => ({ ...r.b, createdByName: r.createdByName })), total: Number(total?.n ?? 0) };
}

export async function findUserNickname(exec: Executor, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const rows = await exec.select({ n: users.nickname }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.n ?? null;
}

/** Current payslips of the batches by status, and how many match nobody. */
export async function countRowsByBatch(exec: Executor, companyId: number, batchIds: number[]): Promise<{ batchId: number; status: number; unmatched: boolean; n: number }[]> {
  if (batchIds.length === 0) return [];
  const rows = await exec
    .select({ batchId: payslips.batchId, status: payslips.status, unmatched: sql<boolean>`(${payslips.employeeId} is null)`, n: count() })
    .from(payslips)
    .where(and(eq(payslips.companyId, companyId), inArray(payslips.batchId, batchIds), eq(payslips.isCurrent, true), isNull(payslips.archivedAt)))
    .groupBy(payslips.batchId, payslips.status, sql`(${payslips.employeeId} is null)`);
  return rows.map((r) => ({ batchId: Number(r.batchId), status: Number(r.status), unmatched: r.unmatched === true || String(r.unmatched) === 'true', n: Number(r.n) }));
}

// ── employees ──

export type MatchEmployee = { id: number; name: string; mobileHash: string | null; idNumberHash: string | null; employeeNo: string | null };

export async function listEmployeesForMatching(exec: Executor, companyId: number): Promise<MatchEmployee[]> {
  return exec
    .select({ id: employees.id, name: employees.name, mobileHash: employees.mobileHash, idNumberHash: employees.idNumberHash, employeeNo: employees.employeeNo })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), isNull(employees.archivedAt)));
}

export async function findEmployee(exec: Executor, companyId: number, id: number) {
  const rows = await exec
    .select()
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, id), isNull(employees.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

// ── payslip rows ──

export async function insertPayslipRows(exec: Executor, values: (typeof payslips.$inferInsert)[]): Promise<PayslipRow[]> {
  if (values.length === 0) return [];
  return exec.insert(payslips).values(values).returning();
}

export async function findPayslip(exec: Executor, companyId: number, id: number): Promise<PayslipRow | null> {
  const rows = await exec
    .select()
    .from(payslips)
    .where(and(eq(payslips.companyId, companyId), eq(payslips.id, id), isNull(payslips.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** Updates a payslip, only when its status is one of `fromStatuses` (when given). */
export async function updatePayslip(
  exec: Executor,
  companyId: number,
  id: number,
  set: Partial<typeof payslips.$inferInsert>,
  fromStatuses?: number[],
): Promise<PayslipRow | null> {
  const conds: SQL[] = [eq(payslips.companyId, companyId), eq(payslips.id, id), isNull(payslips.archivedAt)];
  if (fromStatuses) conds.push(inArray(payslips.status, fromStatuses));
  const rows = await exec
    .update(payslips)
    .set({ ...set, updatedAt: new Date() })
    .where(and(...conds))
    .returning();
  return rows[0] ?? null;
}

export async function countUnmatched(exec: Executor, companyId: number, batchId: number): Promise<number> {
  const [r] = await exec
    .select({ n: count() })
    .from(payslips)
    .where(and(eq(payslips.companyId, companyId), eq(payslips.batchId, batchId), eq(payslips.isCurrent, true), isNull(payslips.archivedAt), isNull(payslips.employeeId)));
  return Number(r?.n ?? 0);
}

export async function countCurrentRows(exec: Executor, companyId: number, batchId: number): Promise<number> {
  const [r] = await exec
    .select({ n: count() })
    .from(payslips)
    .where(and(eq(payslips.companyId, companyId), eq(payslips.batchId, batchId), eq(payslips.isCurrent, true), isNull(payslips.archivedAt)));
  return Number(r?.n ?? 0);
}

/** Current payslips of a batch in the given statuses (all, or only `ids`). */
export async function listPayslipIds(exec: Executor, companyId: number, batchId: number, statuses: number[], ids?: number[]): Promise<number[]> {
  const conds: SQL[] = [
    eq(payslips.companyId, companyId),
    eq(payslips.batchId, batchId),
    eq(payslips.isCurrent, true),
    isNull(payslips.archivedAt),
    inArray(payslips.status, statuses),
    sql`${payslips.employeeId} is not null`,
  ];
  if (ids) conds.push(inArray(payslips.id, ids));
  const rows = await exec.select({ id: payslips.id }).from(payslips).where(and(...conds)).orderBy(asc(payslips.id));
  return rows.map((r) => Number(r.id));
}

export type RowFilter = { status?: number; statuses?: readonly number[]; unmatched?: boolean; keyword?: string };
export type RowListItem = PayslipRow & { employeeNo: string | null; departmentName: string | null; mobileMasked: string | null };

function rowWhere(companyId: number, batchId: number, f: RowFilter): SQL {
  const conds: SQL[] = [eq(payslips.companyId, companyId), eq(payslips.batchId, batchId), eq(payslips.isCurrent, true), isNull(payslips.archivedAt)];
  if (f.status !== undefined) conds.push(eq(payslips.status, f.status));
  if (f.statuses) conds.push(inArray(payslips.status, [...f.statuses]));
  if (f.unmatched) conds.push(isNull(payslips.employeeId));
  if (f.keyword) {
    const k = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(payslips.name, k), ilike(employees.employeeNo, k))!);
  }
  return and(...conds)!;
}

export async function listRowsPage(exec: Executor, companyId: number, batchId: number, f: RowFilter, offset: number, limit: number): Promise<{ rows: RowListItem[]; total: number }> {
  const where = rowWhere(companyId, batchId, f);
  const join = and(eq(employees.companyId, payslips.companyId), eq(employees.id, payslips.employeeId));
  const [total] = await exec.select({ n: count() }).from(payslips).leftJoin(employees, join).where(where);
  const rows = await exec
    .select({ p: payslips, employeeNo: employees.employeeNo, departmentName: departments.name, mobileMasked: employees.mobileMasked })
    .from(payslips)
    .leftJoin(employees, join)
    .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
    .where(where)
    .orderBy(asc(payslips.rowNo), asc(payslips.id))
    .offset(offset)
    .limit(limit);
  return { rows: rows.map((r) => ({ ...r.p, employeeNo: r.employeeNo, departmentName: r.departmentName, mobileMasked: r.mobileMasked })), total: Number(total?.n ?? 0) };
}

/** The batch's rows after `afterId`, for the receipts export (read in batches). */
export async function listRowsAfter(exec: Executor, companyId: number, batchId: number, afterId: number, limit: number): Promise<RowListItem[]> {
  const page = await exec
    .select({ p: payslips, employeeNo: employees.employeeNo, departmentName: departments.name, mobileMasked: employees.mobileMasked })
    .from(payslips)
    .leftJoin(employees, and(eq(employees.companyId, payslips.companyId), eq(employees.id, payslips.employeeId)))
    .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
    .where(and(eq(payslips.companyId, companyId), eq(payslips.batchId, batchId), eq(payslips.isCurrent, true), isNull(payslips.archivedAt), gt(payslips.id, afterId)))
    .orderBy(asc(payslips.id))
    .limit(limit);
  return page.map((r) => ({ ...r.p, employeeNo: r.employeeNo, departmentName: r.departmentName, mobileMasked: r.mobileMasked }));
}

/** The current payslip of an employee in a batch, when there is one. */
export async function findBatchPayslipOfEmployee(exec: Executor, companyId: number, batchId: number, employeeId: number): Promise<PayslipRow | null> {
  const rows = await exec
    .select()
    .from(payslips)
    .where(and(eq(payslips.companyId, companyId), eq(payslips.batchId, batchId), eq(payslips.employeeId, employeeId), eq(payslips.isCurrent, true), isNull(payslips.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findRowView(exec: Executor, companyId: number, id: number): Promise<RowListItem | null> {
  const rows = await exec
    .select({ p: payslips, employeeNo: employees.employeeNo, departmentName: departments.name, mobileMasked: employees.mobileMasked })
    .from(payslips)
    .leftJoin(employees, and(eq(employees.companyId, payslips.companyId), eq(employees.id, payslips.employeeId)))
    .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
    .where(and(eq(payslips.companyId, companyId), eq(payslips.id, id)))
    .limit(1);
  const r = rows[0];
  return r ? { ...r.p, employeeNo: r.employeeNo, departmentName: r.departmentName, mobileMasked: r.mobileMasked } : null;
}

/** Run as the owner (the demo seed): every company id, oldest first. */
export async function listCompanyIds(exec: Executor): Promise<number[]> {
  const rows = await exec.select({ id: companies.id }).from(companies).orderBy(asc(companies.id));
  return rows.map((r) => Number(r.id));
}
