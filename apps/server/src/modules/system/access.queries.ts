import { and, asc, count, eq, ilike, inArray, isNull, ne, sql } from 'drizzle-orm';
import { companyPermissions, dataPermissions, departments, rolePermissions, roles, seals, userPermissions, userRoles } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** Roles, role and per-user permissions, company permissions and data permissions of one company. */

export type RoleRow = typeof roles.$inferSelect;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// ── roles ──

export async function findActiveRole(exec: Executor, companyId: number, id: number): Promise<RoleRow | null> {
  const rows = await exec
    .select()
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.id, id), eq(roles.status, 1)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findActiveRoleIdByName(exec: Executor, companyId: number, name: string): Promise<number | null> {
  const rows = await exec
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.name, name), eq(roles.status, 1)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function listActiveRolesByIds(exec: Executor, companyId: number, ids: number[]): Promise<RoleRow[]> {
  if (ids.length === 0) return [];
  return exec
    .select()
    .from(roles)
    .where(and(eq(roles.companyId, companyId), inArray(roles.id, ids), eq(roles.status, 1)))
    .orderBy(asc(roles.id));
}

export async function listActiveRoles(exec: Executor, companyId: number): Promise<RoleRow[]> {
  return exec
    .select()
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.status, 1)))
    .orderBy(asc(roles.id));
}

export type RolePageRow = RoleRow & { userCount: number; permissionCount: number };

export async function listActiveRolesPage(
  exec: Executor,
  companyId: number,
  filter: { name?: string; offset: number; limit: number },
): Promise<{ rows: RolePageRow[]; total: number }> {
  const where = and(eq(roles.companyId, companyId), eq(roles.status, 1), filter.name ? ilike(roles.name, `%${escapeLike(filter.name)}%`) : undefined);
  const totalRows = await exec.select({ n: count() }).from(roles).where(where);
  const rows = await exec
    .select({
      role: roles,
      userCount: sql<number>`(select count(*) from user_roles ur where ur.company_id = roles.company_id and ur.role_id = roles.id)::int`,
      permissionCount: sql<number>`(select count(*) from role_permissions rp where rp.company_id = roles.company_id and rp.role_id = roles.id)::int`,
    })
    .from(roles)
    .where(where)
    .orderBy(asc(roles.id))
    .offset(filter.offset)
    .limit(filter.limit);
  return {
    rows: rows.map((r) => ({ ...r.role, userCount: Number(r.userCount), permissionCount: Number(r.permissionCount) })),
    total: Number(totalRows[0]?.n ?? 0),
  };
}

export async function insertRole(exec: Executor, v: { companyId: number; name: string; description: string | null; createdBy: number }): Promise<RoleRow> {
  const rows = await exec.insert(roles).values(v).returning();
  return rows[0]!;
}

export async function updateRole(exec: Executor, companyId: number, id: number, v: { name: string; description: string | null }): Promise<RoleRow | null> {
  const rows = await exec
    .update(roles)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(roles.companyId, companyId), eq(roles.id, id), eq(roles.status, 1)))
    .returning();
  return rows[0] ?? null;
}

export async function archiveRole(exec: Executor, companyId: number, id: number): Promise<void> {
  await exec
    .update(roles)
    .set({ status: 0, updatedAt: new Date() })
    .where(and(eq(roles.companyId, companyId), eq(roles.id, id)));
}

export async function countUsersOfRole(exec: Executor, companyId: number, roleId: number): Promise<number> {
  const rows = await exec
    .select({ n: count() })
    .from(userRoles)
    .where(and(eq(userRoles.companyId, companyId), eq(userRoles.roleId, roleId)));
  return Number(rows[0]?.n ?? 0);
}

/** Unlinks every member from a role; returns the members who held it. */
export async function deleteUserRolesOfRole(exec: Executor, companyId: number, roleId: number): Promise<number[]> {
  const rows = await exec
    .delete(userRoles)
    .where(and(eq(userRoles.companyId, companyId), eq(userRoles.roleId, roleId)))
    .returning({ userId: userRoles.userId });
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}

// ── role permissions ──

export async function listRolePermissionKeys(exec: Executor, companyId: number, roleId: number): Promise<string[]> {
  const rows = await exec
    .select({ key: rolePermissions.permissionKey })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.companyId, companyId), eq(rolePermissions.roleId, roleId)))
    .orderBy(asc(rolePermissions.permissionKey));
  return rows.map((r) => r.key);
}

/** The distinct keys the given roles give. */
export async function listPermissionKeysOfRoles(exec: Executor, companyId: number, roleIds: number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await exec
    .selectDistinct({ key: rolePermissions.permissionKey })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.companyId, companyId), inArray(rolePermissions.roleId, roleIds)))
    .orderBy(asc(rolePermissions.permissionKey));
  return rows.map((r) => r.key);
}

export async function replaceRolePermissions(exec: Executor, companyId: number, roleId: number, keys: string[]): Promise<void> {
  await exec.delete(rolePermissions).where(and(eq(rolePermissions.companyId, companyId), eq(rolePermissions.roleId, roleId)));
  if (keys.length > 0) await exec.insert(rolePermissions).values(keys.map((permissionKey) => ({ companyId, roleId, permissionKey })));
}

/** Adds keys to roles; returns how many links were new. */
export async function addRolePermissions(exec: Executor, companyId: number, roleIds: number[], keys: string[]): Promise<number> {
  if (roleIds.length === 0 || keys.length === 0) return 0;
  const rows = await exec
    .insert(rolePermissions)
    .values(roleIds.flatMap((roleId) => keys.map((permissionKey) => ({ companyId, roleId, permissionKey }))))
    .onConflictDoNothing()
    .returning({ roleId: rolePermissions.roleId });
  return rows.length;
}

// ── user roles ──

/** The member's roles that are active. */
export async function listActiveRolesOfUser(exec: Executor, companyId: number, userId: number): Promise<{ id: number; name: string }[]> {
  return exec
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.companyId, companyId), eq(userRoles.userId, userId), eq(roles.status, 1)))
    .orderBy(asc(roles.id));
}

export async function listActiveRolesOfUsers(exec: Executor, companyId: number, userIds: number[]): Promise<{ userId: number; id: number; name: string }[]> {
  if (userIds.length === 0) return [];
  return exec
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.companyId, companyId), inArray(userRoles.userId, userIds), eq(roles.status, 1)))
    .orderBy(asc(roles.id));
}

export async function replaceUserRoles(exec: Executor, companyId: number, userId: number, roleIds: number[]): Promise<void> {
  await exec.delete(userRoles).where(and(eq(userRoles.companyId, companyId), eq(userRoles.userId, userId)));
  if (roleIds.length > 0) await exec.insert(userRoles).values(roleIds.map((roleId) => ({ companyId, userId, roleId })));
}

// ── direct user permissions ──

export async function listDirectKeysOfUser(exec: Executor, companyId: number, userId: number): Promise<string[]> {
  const rows = await exec
    .select({ key: userPermissions.permissionKey })
    .from(userPermissions)
    .where(and(eq(userPermissions.companyId, companyId), eq(userPermissions.userId, userId)))
    .orderBy(asc(userPermissions.permissionKey));
  return rows.map((r) => r.key);
}

export async function addUserPermissions(exec: Executor, companyId: number, userId: number, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await exec
    .insert(userPermissions)
    .values(keys.map((permissionKey) => ({ companyId, userId, permissionKey })))
    .onConflictDoNothing();
}

export async function removeUserPermissions(exec: Executor, companyId: number, userId: number, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await exec
    .delete(userPermissions)
    .where(and(eq(userPermissions.companyId, companyId), eq(userPermissions.userId, userId), inArray(userPermissions.permissionKey, keys)));
}

/** Everything a member held in the company before removal: their role links and direct grants are dropped. */
export async function deleteAccessOfUser(exec: Executor, companyId: number, userId: number): Promise<void> {
  await exec.delete(userRoles).where(and(eq(userRoles.companyId, companyId), eq(userRoles.userId, userId)));
  await exec.delete(userPermissions).where(and(eq(userPermissions.companyId, companyId), eq(userPermissions.userId, userId)));
}

/** Each key the member's active roles give, with the names of those roles. */
export async function listRoleGrantsOfUser(exec: Executor, companyId: number, userId: number): Promise<{ key: string; roleName: string }[]> {
  const rows = rowsOf<{ permission_key: string; name: string }>(
    await exec.execute(sql`
      select rp.permission_key, r.name
      from user_roles ur
      join roles r on r.company_id = ur.company_id and r.id = ur.role_id and r.status = 1
      join role_permissions rp on rp.company_id = ur.company_id and rp.role_id = ur.role_id
      where ur.company_id = ${companyId} and ur.user_id = ${userId}
      order by rp.permission_key, r.id`),
  );
  return rows.map((r) => ({ key: r.permission_key, roleName: r.name }));
}

// ── company permissions ──

export async function listCompanyPermissionRows(exec: Executor, companyId: number): Promise<{ key: string; enabled: boolean }[]> {
  return exec
    .select({ key: companyPermissions.permissionKey, enabled: companyPermissions.enabled })
    .from(companyPermissions)
    .where(eq(companyPermissions.companyId, companyId))
    .orderBy(asc(companyPermissions.permissionKey));
}

export async function listEnabledKeys(exec: Executor, companyId: number): Promise<string[]> {
  const rows = await exec
    .select({ key: companyPermissions.permissionKey })
    .from(companyPermissions)
    .where(and(eq(companyPermissions.companyId, companyId), eq(companyPermissions.enabled, true)));
  return rows.map((r) => r.key);
}

export async function upsertCompanyPermissions(exec: Executor, companyId: number, keys: string[], enabled: boolean): Promise<void> {
  if (keys.length === 0) return;
  await exec
    .insert(companyPermissions)
    .values(keys.map((permissionKey) => ({ companyId, permissionKey, enabled })))
    .onConflictDoUpdate({ target: [companyPermissions.companyId, companyPermissions.permissionKey], set: { enabled, updatedAt: new Date() } });
}

// ── data permissions ──

export type DataPermissionRow = typeof dataPermissions.$inferSelect;

export async function findDataPermission(exec: Executor, companyId: number, roleId: number, kind: string): Promise<DataPermissionRow | null> {
  const rows = await exec
    .select()
    .from(dataPermissions)
    .where(and(eq(dataPermissions.companyId, companyId), eq(dataPermissions.roleId, roleId), eq(dataPermissions.kind, kind)))
    .limit(1);
  return rows[0] ?? null;
}

export async function upsertDataPermission(
  exec: Executor,
  companyId: number,
  v: { roleId: number; kind: string; allTargets: boolean; targetIds: number[] },
): Promise<DataPermissionRow> {
  const now = new Date();
  const rows = await exec
    .insert(dataPermissions)
    .values({ companyId, ...v, updatedAt: now })
    .onConflictDoUpdate({
      target: [dataPermissions.companyId, dataPermissions.roleId, dataPermissions.kind],
      set: { allTargets: v.allTargets, targetIds: v.targetIds, updatedAt: now },
    })
    .returning();
  return rows[0]!;
}

/** Which of the ids are live departments (not deleted) or live seals (not removed) of the company. */
export async function listOwnTargetIds(exec: Executor, companyId: number, kind: 'department' | 'seal', ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows =
    kind === 'department'
      ? await exec
          .select({ id: departments.id })
          .from(departments)
          .where(and(eq(departments.companyId, companyId), inArray(departments.id, [...ids]), ne(departments.status, 9)))
      : await exec
          .select({ id: seals.id })
          .from(seals)
          .where(and(eq(seals.companyId, companyId), inArray(seals.id, [...ids]), isNull(seals.archivedAt)));
  return rows.map((r) => r.id);
}
