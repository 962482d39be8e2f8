import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { departments, positions } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

export type PositionRow = typeof positions.$inferSelect;
export type PositionWithDepartment = PositionRow & { departmentName: string | null };

const DELETED = 9;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type PositionFilter = { keyword?: string | null; departmentId?: number | null; scope: 'all' | 'company' | 'department'; status?: 0 | 1 | null };

function where(companyId: number, f: PositionFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(positions.companyId, companyId), ne(positions.status, DELETED)];
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(positions.name, like), ilike(positions.code, like)));
  }
  if (f.departmentId) conds.push(eq(positions.departmentId, f.departmentId));
  if (f.scope === 'company') conds.push(isNull(positions.departmentId));
  if (f.scope === 'department') conds.push(sql`${positions.departmentId} is not null`);
  if (f.status !== undefined && f.status !== null) conds.push(eq(positions.status, f.status));
  return and(...conds)!;
}

/** The outer table is named in full: drizzle leaves its columns unqualified inside a sub-query. */
const departmentName = sql<string | null>`(select d.name from departments d where d.company_id = positions.company_id and d.id = positions.department_id)`;

export async function listPositionsPage(exec: Executor, companyId: number, f: PositionFilter, offset: number, limit: number): Promise<{ rows: PositionWithDepartment[]; total: number }> {
  const w = where(companyId, f);
  const total = await exec.select({ n: count() }).from(positions).where(w);
  const rows = await exec
    .select({ p: positions, departmentName })
    .from(positions)
    .where(w)
    .orderBy(desc(positions.status), sql`${positions.departmentId} nulls first`, asc(positions.id))
    .offset(offset)
    .limit(limit);
  return { rows: rows.map((r) => ({ ...r.p, departmentName: r.departmentName })), total: Number(total[0]?.n ?? 0) };
}

export async function findPosition(exec: Executor, companyId: number, id: number): Promise<PositionWithDepartment | null> {
  const rows = await exec
    .select({ p: positions, departmentName })
    .from(positions)
    .where(and(eq(positions.companyId, companyId), eq(positions.id, id), ne(positions.status, DELETED)))
    .limit(1);
  return rows[0] ? { ...rows[0].p, departmentName: rows[0].departmentName } : null;
}

/** A position of that name in the same scope (company-wide, or the same department). */
export async function findPositionIdByName(exec: Executor, companyId: number, departmentId: number | null, name: string, exceptId?: number): Promise<number | null> {
  const rows = await exec
    .select({ id: positions.id })
    .from(positions)
    .where(
      and(
        eq(positions.companyId, companyId),
        ne(positions.status, DELETED),
        departmentId === null ? isNull(positions.departmentId) : eq(positions.departmentId, departmentId),
        eq(positions.name, name),
        exceptId === undefined ? undefined : ne(positions.id, exceptId),
      ),
    )
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function findPositionIdByCode(exec: Executor, companyId: number, code: string, exceptId?: number): Promise<number | null> {
  const rows = await exec
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.companyId, companyId), ne(positions.status, DELETED), eq(positions.code, code), exceptId === undefined ? undefined : ne(positions.id, exceptId)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export type PositionValues = { name: string; code: string | null; departmentId: number | null; description: string | null };

export async function insertPosition(exec: Executor, companyId: number, v: PositionValues): Promise<PositionRow> {
  const [row] = await exec
    .insert(positions)
    .values({ companyId, ...v })
    .returning();
  return row!;
}

export async function updatePosition(exec: Executor, companyId: number, id: number, patch: Partial<PositionValues & { status: number }>): Promise<void> {
  await exec
    .update(positions)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(positions.companyId, companyId), eq(positions.id, id)));
}

/** Whether a department (not deleted) exists, for checking a position's department. */
export async function findDepartmentName(exec: Executor, companyId: number, id: number): Promise<string | null> {
  const rows = await exec
    .select({ name: departments.name })
    .from(departments)
    .where(and(eq(departments.companyId, companyId), eq(departments.id, id), ne(departments.status, DELETED)))
    .limit(1);
  return rows[0]?.name ?? null;
}
