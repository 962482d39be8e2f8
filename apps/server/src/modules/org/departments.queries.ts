import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { companies, costCenterDepartments, costCenters, departments, departmentVersions, positions } from '../../db/schema/index.ts';
import { rowsOf, type Db, type Executor } from '../../platform/db.ts';

/** Departments (a tree by materialised path) and the versions of the tree, of one company. */

export type DepartmentRow = typeof departments.$inferSelect;
export type DepartmentWithLeader = DepartmentRow & { leaderName: string | null };

const DELETED = 9;

const notDeleted = (companyId: number): SQL => and(eq(departments.companyId, companyId), ne(departments.status, DELETED))!;

/** Correlated sub-queries name the outer table in full: drizzle leaves its columns unqualified here. */
const leaderName = sql<string | null>`(select e.name from employees e where e.company_id = departments.company_id and e.id = departments.leader_employee_id)`;

/** Every department that is not deleted (optionally only the active ones), with its leader's name. */
export async function listDepartments(exec: Executor, companyId: number, opts: { includeDisabled: boolean }): Promise<DepartmentWithLeader[]> {
  const rows = await exec
    .select({ d: departments, leaderName })
    .from(departments)
    .where(opts.includeDisabled ? notDeleted(companyId) : and(eq(departments.companyId, companyId), eq(departments.status, 1)))
    .orderBy(asc(departments.sort), asc(departments.id));
  return rows.map((r) => ({ ...r.d, leaderName: r.leaderName }));
}

export async function findDepartment(exec: Executor, companyId: number, id: number): Promise<DepartmentWithLeader | null> {
  const rows = await exec
    .select({ d: departments, leaderName })
    .from(departments)
    .where(and(notDeleted(companyId), eq(departments.id, id)))
    .limit(1);
  return rows[0] ? { ...rows[0].d, leaderName: rows[0].leaderName } : null;
}

export async function listDepartmentsByIds(exec: Executor, companyId: number, ids: readonly number[]): Promise<DepartmentRow[]> {
  if (ids.length === 0) return [];
  return exec
    .select()
    .from(departments)
    .where(and(notDeleted(companyId), inArray(departments.id, [...ids])));
}

export async function findDepartmentIdByCode(exec: Executor, companyId: number, code: string): Promise<number | null> {
  const rows = await exec
    .select({ id: departments.id })
    .from(departments)
    .where(and(notDeleted(companyId), eq(departments.code, code)))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** A department of that name directly under the parent (null: top level), other than `exceptId`. */
export async function findSiblingIdByName(exec: Executor, companyId: number, parentId: number | null, name: string, exceptId?: number): Promise<number | null> {
  const rows = await exec
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        notDeleted(companyId),
        parentId === null ? isNull(departments.parentId) : eq(departments.parentId, parentId),
        eq(departments.name, name),
        exceptId === undefined ? undefined : ne(departments.id, exceptId),
      ),
    )
    .limit(1);
  return rows[0]?.id ?? null;
}

/** The children (not deleted) of a parent (null: the top level), in display order. */
export async function listChildren(exec: Executor, companyId: number, parentId: number | null): Promise<DepartmentRow[]> {
  return exec
    .select()
    .from(departments)
    .where(and(notDeleted(companyId), parentId === null ? isNull(departments.parentId) : eq(departments.parentId, parentId)))
    .orderBy(asc(departments.sort), asc(departments.id));
}

/**
 * Serialises changes to a company's tree for the rest of the transaction, so two moves at once
 * cannot leave paths that disagree with parents.
 */
export async function lockTree(exec: Executor, companyId: number): Promise<void> {
  await exec.execute(sql`select pg_advisory_xact_lock(727301, (${companyId}::bigint % 2147483647)::int)`);
}

export async function nextSort(exec: Executor, companyId: number, parentId: number | null): Promise<number> {
  const rows = await exec
    .select({ m: sql<number | null>`max(${departments.sort})` })
    .from(departments)
    .where(and(notDeleted(companyId), parentId === null ? isNull(departments.parentId) : eq(departments.parentId, parentId)));
  const max = rows[0]?.m;
  return max === null || max === undefined ? 0 : Number(max) + 1;
}

/** Departments below the one with this path (not deleted; the department itself excluded). */
export async function countDescendants(exec: Executor, companyId: number, path: string): Promise<number> {
  const rows = await exec
    .select({ n: count() })
    .from(departments)
    .where(and(notDeleted(companyId), sql`${departments.path} like ${`${path}%`}`, ne(departments.path, path)));
  return Number(rows[0]?.n ?? 0);
}

export type NewDepartment = {
  parentId: number | null;
  parentPath: string | null;
  name: string;
  code: string | null;
  leaderEmployeeId: number | null;
  headcountPlan: number | null;
  sort: number;
};

/** Inserts a department and sets its path from its id. */
export async function insertDepartment(exec: Executor, companyId: number, v: NewDepartment): Promise<DepartmentRow> {
  const [row] = await exec
    .insert(departments)
    .values({ companyId, parentId: v.parentId, name: v.name, code: v.code, path: '/', leaderEmployeeId: v.leaderEmployeeId, headcountPlan: v.headcountPlan, sort: v.sort })
    .returning({ id: departments.id });
  const path = `${v.parentPath ?? '/'}${row!.id}/`;
  const [updated] = await exec
    .update(departments)
    .set({ path })
    .where(and(eq(departments.companyId, companyId), eq(departments.id, row!.id)))
    .returning();
  return updated!;
}

export type DepartmentPatch = Partial<Pick<DepartmentRow, 'name' | 'code' | 'leaderEmployeeId' | 'headcountPlan' | 'parentId' | 'sort' | 'status'>>;

export async function updateDepartment(exec: Executor, companyId: number, id: number, patch: DepartmentPatch): Promise<void> {
  await exec
    .update(departments)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(departments.companyId, companyId), eq(departments.id, id)));
}

/**
 * Rewrites the paths of a whole subtree in one statement: every path starting with `oldPrefix`
 * starts with `newPrefix` instead. `exceptRoot` leaves the department at `oldPrefix` itself alone.
 */
export async function rewriteSubtreePaths(exec: Executor, companyId: number, oldPrefix: string, newPrefix: string, exceptRoot = false): Promise<number> {
  const rows = await exec
    .update(departments)
    .set({ path: sql`${newPrefix} || substr(${departments.path}, ${oldPrefix.length + 1})`, updatedAt: new Date() })
    .where(and(eq(departments.companyId, companyId), sql`${departments.path} like ${`${oldPrefix}%`}`, exceptRoot ? ne(departments.path, oldPrefix) : undefined))
    .returning({ id: departments.id });
  return rows.length;
}

/** Moves the direct children of one department under another. Returns their ids. */
export async function reparentChildren(exec: Executor, companyId: number, fromId: number, toId: number): Promise<number[]> {
  const rows = await exec
    .update(departments)
    .set({ parentId: toId, updatedAt: new Date() })
    .where(and(notDeleted(companyId), eq(departments.parentId, fromId)))
    .returning({ id: departments.id });
  return rows.map((r) => r.id);
}

/** Sets the sort of each department to its index in `orderedIds`, in one statement. */
export async function renumberSorts(exec: Executor, companyId: number, orderedIds: readonly number[]): Promise<void> {
  if (orderedIds.length === 0) return;
  const values = sql.join(
    orderedIds.map((id, i) => sql`(${id}::bigint, ${i}::int)`),
    sql`, `,
  );
  await exec.execute(sql`
    update departments d set sort = v.sort, updated_at = now()
    from (values ${values}) as v(id, sort)
    where d.company_id = ${companyId} and d.id = v.id and d.sort <> v.sort`);
}

/** Sets the status of every department in a subtree whose status is `from`. Returns their ids. */
export async function setSubtreeStatus(exec: Executor, companyId: number, path: string, from: number, to: number): Promise<number[]> {
  const rows = await exec
    .update(departments)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(departments.companyId, companyId), sql`${departments.path} like ${`${path}%`}`, eq(departments.status, from)))
    .returning({ id: departments.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

// ── positions and cost centres that follow a department ──

export async function movePositionsOfDepartment(exec: Executor, companyId: number, fromId: number, toId: number): Promise<number[]> {
  const rows = await exec
    .update(positions)
    .set({ departmentId: toId, updatedAt: new Date() })
    .where(and(eq(positions.companyId, companyId), eq(positions.departmentId, fromId), ne(positions.status, DELETED)))
    .returning({ id: positions.id });
  return rows.map((r) => r.id);
}

export async function archivePositionsOfDepartment(exec: Executor, companyId: number, departmentId: number): Promise<number[]> {
  const rows = await exec
    .update(positions)
    .set({ status: DELETED, updatedAt: new Date() })
    .where(and(eq(positions.companyId, companyId), eq(positions.departmentId, departmentId), ne(positions.status, DELETED)))
    .returning({ id: positions.id });
  return rows.map((r) => r.id);
}

export async function findCostCenterOfDepartment(exec: Executor, companyId: number, departmentId: number): Promise<{ id: number; code: string; name: string } | null> {
  const rows = await exec
    .select({ id: costCenters.id, code: costCenters.code, name: costCenters.name })
    .from(costCenterDepartments)
    .innerJoin(costCenters, and(eq(costCenters.companyId, costCenterDepartments.companyId), eq(costCenters.id, costCenterDepartments.costCenterId)))
    .where(and(eq(costCenterDepartments.companyId, companyId), eq(costCenterDepartments.departmentId, departmentId), ne(costCenters.status, DELETED)))
    .limit(1);
  return rows[0] ?? null;
}

export async function removeCostCenterMapping(exec: Executor, companyId: number, departmentId: number): Promise<number | null> {
  const rows = await exec
    .delete(costCenterDepartments)
    .where(and(eq(costCenterDepartments.companyId, companyId), eq(costCenterDepartments.departmentId, departmentId)))
    .returning({ costCenterId: costCenterDepartments.costCenterId });
  return rows[0]?.costCenterId ?? null;
}

// ── versions ──

export type DepartmentVersionRow = typeof departmentVersions.$inferSelect;

export async function insertVersion(exec: Executor, v: { companyId: number; name: string; effectiveDate: string; snapshot: unknown; createdBy: number | null }): Promise<DepartmentVersionRow> {
  const [row] = await exec.insert(departmentVersions).values(v).returning();
  return row!;
}

export type DepartmentVersionSummary = Omit<DepartmentVersionRow, 'snapshot'> & { departmentCount: number };

const versionSummary = {
  companyId: departmentVersions.companyId,
  id: departmentVersions.id,
  name: departmentVersions.name,
  effectiveDate: departmentVersions.effectiveDate,
  createdBy: departmentVersions.createdBy,
  createdAt: departmentVersions.createdAt,
  departmentCount: sql<number>`jsonb_array_length(${departmentVersions.snapshot})::int`,
};

export async function listVersionsPage(exec: Executor, companyId: number, offset: number, limit: number): Promise<{ rows: DepartmentVersionSummary[]; total: number }> {
  const where = eq(departmentVersions.companyId, companyId);
  const total = await exec.select({ n: count() }).from(departmentVersions).where(where);
  const rows = await exec
    .select(versionSummary)
    .from(departmentVersions)
    .where(where)
    .orderBy(desc(departmentVersions.effectiveDate), desc(departmentVersions.id))
    .offset(offset)
    .limit(limit);
  return { rows: rows.map((r) => ({ ...r, departmentCount: Number(r.departmentCount) })), total: Number(total[0]?.n ?? 0) };
}

export async function findVersion(exec: Executor, companyId: number, id: number): Promise<DepartmentVersionRow | null> {
  const rows = await exec
    .select()
    .from(departmentVersions)
    .where(and(eq(departmentVersions.companyId, companyId), eq(departmentVersions.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** The version in force on a day: the latest effective date not after it (the latest saved on a tie). */
export async function findVersionAsOf(exec: Executor, companyId: number, day: string): Promise<DepartmentVersionRow | null> {
  const rows = await exec
    .select()
    .from(departmentVersions)
    .where(and(eq(departmentVersions.companyId, companyId), sql`${departmentVersions.effectiveDate} <= ${day}`))
    .orderBy(desc(departmentVersions.effectiveDate), desc(departmentVersions.id))
    .limit(1);
  return rows[0] ?? null;
}

// ── seed ──

export async function listCompaniesForSeed(db: Db): Promise<{ id: number; name: string; isWb: number }[]> {
  const rows = await db.select({ id: companies.id, name: companies.name, isWb: companies.isWb }).from(companies).orderBy(asc(companies.id));
  return rows.map((r) => ({ id: r.id, name: r.name, isWb: Number(r.isWb ?? 0) }));
}

export async function countAllDepartments(exec: Executor, companyId: number): Promise<number> {
  const rows = rowsOf<{ n: string | number }>(await exec.execute(sql`select count(*) as n from departments where company_id = ${companyId}`));
  return Number(rows[0]?.n ?? 0);
}
