import type { PermissionSource, UserPermissionChange, UserPermissionEntry, UserPermissionNode } from '@wfsaas/contracts';
import * as aq from './access.queries.ts';
import { assertCanGrant, checkPermissionKeys, enabledKeySet, requireActiveMember } from './guards.ts';
import { distinct, enabledTree, permissionTitle, permissionTitles } from './permission-tree.ts';
import type { ServiceCtx } from '../../platform/http.ts';

type Effective = { source: PermissionSource; roleNames: string[]; isDirect: boolean };

/** What a member holds in the company and why: within what the company has switched on. */
async function effectivePermissions(c: ServiceCtx, userId: number): Promise<{ enabled: Set<string>; held: Map<string, Effective> }> {
  const member = await requireActiveMember(c, userId);
  const enabled = await enabledKeySet(c);
  const held = new Map<string, Effective>();
  const direct = new Set(await aq.listDirectKeysOfUser(c.tx, c.companyId, userId));
  if (member.isAdmin) {
    for (const k of enabled) held.set(k, { source: 'admin', roleNames: [], isDirect: direct.has(k) });
    return { enabled, held };
  }
  for (const g of await aq.listRoleGrantsOfUser(c.tx, c.companyId, userId)) {
    if (!enabled.has(g.key)) continue;
    const e = held.get(g.key) ?? { source: 'role', roleNames: [], isDirect: direct.has(g.key) };
    e.roleNames.push(g.roleName);
    held.set(g.key, e);
  }
  for (const k of direct) {
    if (enabled.has(k) && !held.has(k)) held.set(k, { source: 'direct', roleNames: [], isDirect: true });
  }
  return { enabled, held };
}

/** Flat list of the member's effective keys, in permission-tree order. */
export async function listUserPermissions(c: ServiceCtx, userId: number): Promise<UserPermissionEntry[]> {
  const { held } = await effectivePermissions(c, userId);
  const order = [...permissionTitles().keys()];
  return order
    .filter((k) => held.has(k))
    .map((k) => {
      const e = held.get(k)!;
      return { key: k, title: permissionTitle(k), source: e.source, roleNames: distinct(e.roleNames), isDirect: e.isDirect };
    });
}

export async function userPermissionTree(c: ServiceCtx, userId: number): Promise<UserPermissionNode[]> {
  const { enabled, held } = await effectivePermissions(c, userId);
  return enabledTree<UserPermissionNode>(enabled, (n, isEnabled) => {
    const e = isEnabled ? held.get(n.key) : undefined;
    return { checked: Boolean(e), source: e?.source ?? null, isDirect: e?.isDirect ?? false, disabled: !isEnabled };
  });
}

/** Grants keys to one member directly, on top of their roles. */
export async function grantUserPermissions(c: ServiceCtx, input: UserPermissionChange): Promise<{ userId: number; permissionKeys: string[] }> {
  await requireActiveMember(c, input.userId);
  const keys = checkPermissionKeys(input.permissionKeys, await enabledKeySet(c)).sort();
  await assertCanGrant(c, keys);
  const before = await aq.listDirectKeysOfUser(c.tx, c.companyId, input.userId);
  await aq.addUserPermissions(c.tx, c.companyId, input.userId, keys);
  const after = await aq.listDirectKeysOfUser(c.tx, c.companyId, input.userId);
  if (after.length !== before.length) {
    await c.audit({ action: 'userPermission.save', entity: 'member', entityId: input.userId, before: { permissionKeys: before }, after: { permissionKeys: after } });
  }
  return { userId: input.userId, permissionKeys: after };
}

/** Takes direct grants away (what the member's roles give stays). */
export async function revokeUserPermissions(c: ServiceCtx, input: UserPermissionChange): Promise<{ userId: number; permissionKeys: string[] }> {
  await requireActiveMember(c, input.userId);
  const keys = checkPermissionKeys(input.permissionKeys);
  const before = await aq.listDirectKeysOfUser(c.tx, c.companyId, input.userId);
  await aq.removeUserPermissions(c.tx, c.companyId, input.userId, keys);
  const after = await aq.listDirectKeysOfUser(c.tx, c.companyId, input.userId);
  if (after.length !== before.length) {
    await c.audit({ action: 'userPermission.remove', entity: 'member', entityId: input.userId, before: { permissionKeys: before }, after: { permissionKeys: after } });
  }
  return { userId: input.userId, permissionKeys: after };
}
