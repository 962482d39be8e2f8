import type {
  RoleDetail,
  RoleListItem,
  RolePageInput,
  RolePermissionBatchSave,
  RolePermissionNode,
  RolePermissionSave,
  RoleSave,
  UserRoleOption,
  UserRoleSave,
} from '@wfsaas/contracts';
import { conflict } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import * as aq from './access.queries.ts';
import { assertCanGrant, checkPermissionKeys, enabledKeySet, requireActiveMember, requireActiveRole, requireActiveRoles } from './guards.ts';
import { distinct, enabledTree } from './permission-tree.ts';

function toListItem(r: aq.RoleRow, userCount: number, permissionCount: number): RoleListItem {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    status: r.status,
    userCount,
    permissionCount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

// ── roles ──

export async function getRole(c: ServiceCtx, id: number): Promise<RoleDetail> {
  const role = await requireActiveRole(c, id);
  const keys = await aq.listRolePermissionKeys(c.tx, c.companyId, id);
  const userCount = await aq.countUsersOfRole(c.tx, c.companyId, id);
  return { ...toListItem(role, userCount, keys.length), permissionKeys: keys };
}

export async function pageRoles(c: ServiceCtx, input: RolePageInput): Promise<Paged<RoleListItem>> {
  const { rows, total } = await aq.listActiveRolesPage(c.tx, c.companyId, {
    name: input.name || undefined,
    offset: (input.pageNum - 1) * input.pageSize,
    limit: input.pageSize,
  });
  return new Paged(
    rows.map((r) => toListItem(r, r.userCount, r.permissionCount)),
    input.pageNum,
    input.pageSize,
    total,
  );
}

/** Creates a role (no id) or renames / re-describes one. Names are unique among the company's active roles. */
export async function saveRole(c: ServiceCtx, input: RoleSave): Promise<RoleListItem> {
  const description = input.description ? input.description : null;
  const sameName = await aq.findActiveRoleIdByName(c.tx, c.companyId, input.name);
  if (input.id) {
    const before = await requireActiveRole(c, input.id);
    if (sameName !== null && sameName !== before.id) throw conflict('角色名称已存在');
    const after = (await aq.updateRole(c.tx, c.companyId, before.id, { name: input.name, description }))!;
    await c.audit({
      action: 'role.update',
      entity: 'role',
      entityId: after.id,
      before: { name: before.name, description: before.description },
      after: { name: after.name, description: after.description },
    });
    const keys = await aq.listRolePermissionKeys(c.tx, c.companyId, after.id);
    return toListItem(after, await aq.countUsersOfRole(c.tx, c.companyId, after.id), keys.length);
  }
  if (sameName !== null) throw conflict('角色名称已存在');
  const role = await aq.insertRole(c.tx, { companyId: c.companyId, name: input.name, description, createdBy: c.user.userId });
  await c.audit({ action: 'role.create', entity: 'role', entityId: role.id, after: { name: role.name, description: role.description } });
  return toListItem(role, 0, 0);
}

/**
 * Archives a role (status 0). Members who held it lose it at once: their links are removed. The
 * role's permission set is kept with the archived role for the record.
 */
export async function removeRole(c: ServiceCtx, id: number): Promise<{ id: number; removedUserCount: number }> {
  const role = await requireActiveRole(c, id);
  const userIds = await aq.deleteUserRolesOfRole(c.tx, c.companyId, id);
  await aq.archiveRole(c.tx, c.companyId, id);
  await c.audit({
    action: 'role.remove',
    entity: 'role',
    entityId: id,
    before: { name: role.name, description: role.description, status: role.status, userIds },
    after: { status: 0, userIds: [] },
  });
  return { id, removedUserCount: userIds.length };
}

// ── role permissions ──

export async function rolePermissionTree(c: ServiceCtx, roleId: number): Promise<RolePermissionNode[]> {
  await requireActiveRole(c, roleId);
  const held = new Set(await aq.listRolePermissionKeys(c.tx, c.companyId, roleId));
  const enabled = await enabledKeySet(c);
  return enabledTree<RolePermissionNode>(enabled, (n, isEnabled) => ({ checked: isEnabled && held.has(n.key), disabled: !isEnabled }));
}

/** Replaces a role's permission set. */
export async function saveRolePermissions(c: ServiceCtx, input: RolePermissionSave): Promise<{ roleId: number; permissionKeys: string[] }> {
  await requireActiveRole(c, input.roleId);
  const keys = checkPermissionKeys(input.permissionKeys, await enabledKeySet(c)).sort();
  const before = await aq.listRolePermissionKeys(c.tx, c.companyId, input.roleId);
  const had = new Set(before);
  await assertCanGrant(
    c,
    keys.filter((k) => !had.has(k)),
  );
  await aq.replaceRolePermissions(c.tx, c.companyId, input.roleId, keys);
  await c.audit({ action: 'rolePermission.save', entity: 'role', entityId: input.roleId, before: { permissionKeys: before }, after: { permissionKeys: keys } });
  return { roleId: input.roleId, permissionKeys: keys };
}

/** Adds keys to several roles at once (what the roles already hold stays). */
export async function batchSaveRolePermissions(c: ServiceCtx, input: RolePermissionBatchSave): Promise<{ roleIds: number[]; added: number }> {
  const roles = await requireActiveRoles(c, input.roleIds);
  const keys = checkPermissionKeys(input.permissionKeys, await enabledKeySet(c)).sort();
  await assertCanGrant(c, keys);
  const roleIds = roles.map((r) => r.id);
  const before = new Map<number, string[]>();
  for (const id of roleIds) before.set(id, await aq.listRolePermissionKeys(c.tx, c.companyId, id));
  const added = await aq.addRolePermissions(c.tx, c.companyId, roleIds, keys);
  for (const id of roleIds) {
    const old = before.get(id)!;
    const now = distinct([...old, ...keys]).sort();
    if (now.length === old.length) continue;
    await c.audit({ action: 'rolePermission.batchSave', entity: 'role', entityId: id, before: { permissionKeys: old }, after: { permissionKeys: now } });
  }
  return { roleIds, added };
}

// ── user roles ──

/** Every active role of the company, with `selected` for those the member holds. */
export async function selectUserRoles(c: ServiceCtx, userId: number): Promise<UserRoleOption[]> {
  await requireActiveMember(c, userId);
  const held = new Set((await aq.listActiveRolesOfUser(c.tx, c.companyId, userId)).map((r) => r.id));
  const all = await aq.listActiveRoles(c.tx, c.companyId);
  return all.map((r) => ({ id: r.id, name: r.name, description: r.description, selected: held.has(r.id) }));
}

/**
 * Replaces a member's roles. A caller who is not an administrator may give only roles whose every
 * permission they hold themselves.
 */
export async function assignUserRoles(c: ServiceCtx, userId: number, roleIds: readonly number[]): Promise<{ before: number[]; after: number[] }> {
  const roles = await requireActiveRoles(c, roleIds);
  const after = roles.map((r) => r.id);
  const before = (await aq.listActiveRolesOfUser(c.tx, c.companyId, userId)).map((r) => r.id);
  const added = after.filter((id) => !before.includes(id));
  await assertCanGrant(c, await aq.listPermissionKeysOfRoles(c.tx, c.companyId, added));
  await aq.replaceUserRoles(c.tx, c.companyId, userId, after);
  return { before, after };
}

export async function saveUserRoles(c: ServiceCtx, input: UserRoleSave): Promise<{ userId: number; roleIds: number[] }> {
  await requireActiveMember(c, input.userId);
  const { before, after } = await assignUserRoles(c, input.userId, input.roleIds);
  await c.audit({ action: 'userRole.save', entity: 'member', entityId: input.userId, before: { roleIds: before }, after: { roleIds: after } });
  return { userId: input.userId, roleIds: after };
}
