import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { changePlanRuns, changePlans } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** 异动方案 and the plan each change was initiated under. */

export type PlanRow = typeof changePlans.$inferSelect;
export type PlanInsert = Omit<typeof changePlans.$inferInsert, 'companyId' | 'id'>;
export type RunRow = typeof changePlanRuns.$inferSelect;

const idList = (ids: readonly number[]) => sql`array[${sql.join(ids.map((i) => sql`${i}`), sql`, `)}]::bigint[]`;

export async function listPlans(exec: Executor, companyId: number, scene?: string): Promise<PlanRow[]> {
  return exec
    .select()
    .from(changePlans)
    .where(and(eq(changePlans.companyId, companyId), scene ? eq(changePlans.scene, scene) : undefined))
    .orderBy(asc(changePlans.scene), asc(changePlans.id));
}

export async function findPlan(exec: Executor, companyId: number, id: number, forUpdate = false): Promise<PlanRow | null> {
  const q = exec.select().from(changePlans).where(and(eq(changePlans.companyId, companyId), eq(changePlans.id, id))).limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function findPlanIdByName(exec: Executor, companyId: number, name: string): Promise<number | null> {
  const [row] = await exec.select({ id: changePlans.id }).from(changePlans).where(and(eq(changePlans.companyId, companyId), eq(changePlans.name, name)));
  return row?.id ?? null;
}

export async function insertPlan(exec: Executor, companyId: number, v: PlanInsert): Promise<PlanRow> {
  const [row] = await exec.insert(changePlans).values({ ...v, companyId }).returning();
  return row!;
}

export async function updatePlan(exec: Executor, companyId: number, id: number, v: Partial<PlanInsert>): Promise<PlanRow> {
  const [row] = await exec
    .update(changePlans)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(changePlans.companyId, companyId), eq(changePlans.id, id)))
    .returning();
  return row!;
}

export async function deletePlan(exec: Executor, companyId: number, id: number): Promise<void> {
  await exec.delete(changePlans).where(and(eq(changePlans.companyId, companyId), eq(changePlans.id, id)));
}

/** The enabled plans of the scenes, to pick the one a change follows. */
export async function enabledPlans(exec: Executor, companyId: number, scenes: readonly string[]): Promise<PlanRow[]> {
  return exec
    .select()
    .from(changePlans)
    .where(and(eq(changePlans.companyId, companyId), eq(changePlans.enabled, true), inArray(changePlans.scene, [...scenes])))
    .orderBy(asc(changePlans.id));
}

/** How many changes each plan governed. */
export async function runCounts(exec: Executor, companyId: number): Promise<Map<number, number>> {
  const rows = rowsOf<{ plan_id: string | number; n: string | number }>(
    await exec.execute(sql`select plan_id, count(*) as n from change_plan_runs where company_id = ${companyId} group by plan_id`),
  );
  return new Map(rows.map((r) => [Number(r.plan_id), Number(r.n)]));
}

/** The department and its ancestors, nearest first. */
export async function departmentChain(exec: Executor, companyId: number, departmentId: number): Promise<number[]> {
  const rows = rowsOf<{ id: string | number }>(
    await exec.execute(sql`
      with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from departments where company_id = ${companyId} and id = ${departmentId}
        union all
        select d.id, d.parent_id, up.depth + 1 from departments d join up on d.company_id = ${companyId} and d.id = up.parent_id where up.depth < 50
      )
      select id from up order by depth`),
  );
  return rows.map((r) => Number(r.id));
}

export async function departmentNames(exec: Executor, companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: string | number; name: string }>(
    await exec.execute(sql`select id, name from departments where company_id = ${companyId} and status <> 9 and id = any(${idList(ids)})`),
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

export async function userNames(exec: Executor, companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: string | number; nickname: string }>(
    await exec.execute(sql`
      select u.id, u.nickname from users u
      join company_members m on m.company_id = ${companyId} and m.user_id = u.id
      where u.id = any(${idList(ids)})`),
  );
  return new Map(rows.map((r) => [Number(r.id), r.nickname]));
}

export async function roleNames(exec: Executor, companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: string | number; name: string }>(await exec.execute(sql`select id, name from roles where company_id = ${companyId} and status = 1 and id = any(${idList(ids)})`));
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** Active roles granting the key (their holders may review), by name. */
export async function rolesHolding(exec: Executor, companyId: number, permissionKey: string): Promise<{ id: number; name: string }[]> {
  const rows = rowsOf<{ id: string | number; name: string }>(
    await exec.execute(sql`
      select r.id, r.name from roles r
      where r.company_id = ${companyId} and r.status = 1
        and exists (select 1 from role_permissions rp where rp.company_id = r.company_id and rp.role_id = r.id and rp.permission_key = ${permissionKey})
      order by r.name`),
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** The active roles a member holds. */
export async function memberRoleIds(exec: Executor, companyId: number, userId: number): Promise<number[]> {
  const rows = rowsOf<{ role_id: string | number }>(
    await exec.execute(sql`
      select ur.role_id from user_roles ur join roles r on r.company_id = ur.company_id and r.id = ur.role_id and r.status = 1
      where ur.company_id = ${companyId} and ur.user_id = ${userId}`),
  );
  return rows.map((r) => Number(r.role_id));
}

export async function insertRun(exec: Executor, v: typeof changePlanRuns.$inferInsert): Promise<void> {
  await exec.insert(changePlanRuns).values(v);
}

export async function findRuns(exec: Executor, companyId: number, changeIds: readonly number[]): Promise<Map<number, RunRow>> {
  if (changeIds.length === 0) return new Map();
  const rows = await exec
    .select()
    .from(changePlanRuns)
    .where(and(eq(changePlanRuns.companyId, companyId), inArray(changePlanRuns.changeId, [...changeIds])));
  return new Map(rows.map((r) => [r.changeId, r]));
}

/**
 * The review list's condition for a caller: a change under a plan is theirs to review when they are
 * one of its approvers or hold one of its roles; a change under no plan is everyone's.
 */
export function reviewableByCondition(companyId: number, userId: number, roleIds: readonly number[]) {
  const roles = roleIds.length ? sql` or r.approver_role_ids && ${idList(roleIds)}` : sql``;
  return sql`(not exists (select 1 from change_plan_runs r where r.company_id = ${companyId} and r.change_id = c.id)
    or exists (select 1 from change_plan_runs r where r.company_id = ${companyId} and r.change_id = c.id and (${userId} = any(r.approver_user_ids)${roles})))`;
}
