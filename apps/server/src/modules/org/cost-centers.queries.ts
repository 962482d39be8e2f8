import { and, asc, count, eq, ilike, inArray, ne, or } from 'drizzle-orm';
import { costCenterDepartments, costCenters, departments } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

export type CostCenterRow = typeof costCenters.$inferSelect;

const DELETED = 9;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listCostCentersPage(exec: Executor, companyId: number, keyword: string | null | undefined, offset: number, limit: number): Promise<{ rows: CostCenterRow[]; total: number }> {
  const like = keyword ? `%${escapeLike(keyword)}%` : null;
  const w = and(eq(costCenters.companyId, companyId), ne(costCenters.status, DELETED), like ? or(ilike(costCenters.code, like), ilike(costCenters.name, like)) : undefined);
  const total = await exec.select({ n: count() }).from(costCenters).where(w);
  const rows = await exec.select().from(costCenters).where(w).orderBy(asc(costCenters.code), asc(costCenters.id)).offset(offset).limit(limit);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

export async function findCostCenter(exec: Executor, companyId: number, id: number): Promise<CostCenterRow | null> {
  const rows = await exec
    .select()
    .from(costCenters)
    .where(and(eq(costCenters.companyId, companyId), eq(costCenters.id, id), ne(costCenters.status, DELETED)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findCostCenterIdByCode(exec: Executor, companyId: number, code: string, exceptId?: number): Promise<number | null> {
  const rows = await exec
    .select({ id: costCenters.id })
    .from(costCenters)
    .where(and(eq(costCenters.companyId, companyId), ne(costCenters.status, DELETED), eq(costCenters.code, code), exceptId === undefined ? undefined : ne(costCenters.id, exceptId)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export type CostCenterValues = { code: string; name: string; ownerEmployeeId: number | null; description: string | null };

export async function insertCostCenter(exec: Executor, companyId: number, v: CostCenterValues): Promise<CostCenterRow> {
  const [row] = await exec
    .insert(costCenters)
    .values({ companyId, ...v })
    .returning();
  return row!;
}

export async function updateCostCenter(exec: Executor, companyId: number, id: number, patch: Partial<CostCenterValues & { status: number }>): Promise<void> {
  await exec
    .update(costCenters)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(costCenters.companyId, companyId), eq(costCenters.id, id)));
}

/** The departments (not deleted) linked to each of these cost centres. */
export async function listLinkedDepartments(exec: Executor, companyId: number, costCenterIds: readonly number[]): Promise<{ costCenterId: number; id: number; name: string }[]> {
  if (costCenterIds.length === 0) return [];
  return exec
    .select({ costCenterId: costCenterDepartments.costCenterId, id: departments.id, name: departments.name })
    .from(costCenterDepartments)
    .innerJoin(departments, and(eq(departments.companyId, costCenterDepartments.companyId), eq(departments.id, costCenterDepartments.departmentId)))
    .where(and(eq(costCenterDepartments.companyId, companyId), inArray(costCenterDepartments.costCenterId, [...costCenterIds]), ne(departments.status, DELETED)))
    .orderBy(asc(departments.sort), asc(departments.id));
}

/** For each of these departments already linked to a cost centre: which one. */
export async function findLinksOfDepartments(exec: Executor, companyId: number, departmentIds: readonly number[]): Promise<{ departmentId: number; costCenterId: number; costCenterName: string }[]> {
  if (departmentIds.length === 0) return [];
  return exec
    .select({ departmentId: costCenterDepartments.departmentId, costCenterId: costCenterDepartments.costCenterId, costCenterName: costCenters.name })
    .from(costCenterDepartments)
    .innerJoin(costCenters, and(eq(costCenters.companyId, costCenterDepartments.companyId), eq(costCenters.id, costCenterDepartments.costCenterId)))
    .where(and(eq(costCenterDepartments.companyId, companyId), inArray(costCenterDepartments.departmentId, [...departmentIds])));
}

/** Replaces the departments linked to a cost centre. */
export async function replaceLinks(exec: Executor, companyId: number, costCenterId: number, departmentIds: readonly number[]): Promise<void> {
  await exec.delete(costCenterDepartments).where(and(eq(costCenterDepartments.companyId, companyId), eq(costCenterDepartments.costCenterId, costCenterId)));
  if (departmentIds.length === 0) return;
  await exec.insert(costCenterDepartments).values(departmentIds.map((departmentId) => ({ companyId, costCenterId, departmentId })));
}

export async function listDepartmentsByIds(exec: Executor, companyId: number, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  return exec
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(and(eq(departments.companyId, companyId), inArray(departments.id, [...ids]), ne(departments.status, DELETED)));
}
