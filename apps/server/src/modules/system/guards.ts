import { isPermissionKey } from '@wfsaas/contracts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { listGrantedKeys } from '../../platform/permissions.ts';
import * as aq from './access.queries.ts';
import * as mq from './members.queries.ts';
import { distinct, permissionTitle } from './permission-tree.ts';

/** What the system services need of a request: its transaction, company, caller and audit. */

export function requireAdmin(c: ServiceCtx): void {
  if (!c.isAdmin) throw forbidden('仅公司管理员可以操作');
}

export async function requireActiveRole(c: ServiceCtx, id: number): Promise<aq.RoleRow> {
  const role = await aq.findActiveRole(c.tx, c.companyId, id);
  if (!role) throw notFound('角色');
  return role;
}

/** Every id must be an active role of the company. */
export async function requireActiveRoles(c: ServiceCtx, ids: readonly number[]): Promise<aq.RoleRow[]> {
  const wanted = distinct(ids);
  const found = await aq.listActiveRolesByIds(c.tx, c.companyId, wanted);
  if (found.length !== wanted.length) throw notFound('角色');
  return found;
}

/** An active member of the company (any other user is answered as not found). */
export async function requireActiveMember(c: ServiceCtx, userId: number, what = '成员'): Promise<mq.MemberRow> {
  const member = await mq.findMember(c.tx, c.companyId, userId);
  if (!member || member.status !== 1) throw notFound(what);
  return member;
}

/**
 * Checks permission keys: each must be a known key and, when `enabled` is given, switched on for the
 * company. The first bad key is named in the message. Returns the keys without duplicates.
 */
export function checkPermissionKeys(keys: readonly string[], enabled?: ReadonlySet<string>): string[] {
  const out = distinct(keys);
  for (const k of out) {
    if (!isPermissionKey(k)) throw badRequest(`权限「${k}」不存在`);
    if (enabled && !enabled.has(k)) throw badRequest(`权限「${permissionTitle(k)}」未对本公司开通，请先在企业权限中开通`);
  }
  return out;
}

export async function enabledKeySet(c: ServiceCtx): Promise<Set<string>> {
  return new Set(await aq.listEnabledKeys(c.tx, c.companyId));
}

/**
 * A member who is not an administrator may hand out only permissions they hold themselves, so
 * permission management cannot be used to raise one's own rights.
 */
export async function assertCanGrant(c: ServiceCtx, keys: readonly string[]): Promise<void> {
  if (c.isAdmin || keys.length === 0) return;
  const held = new Set(await listGrantedKeys(c.tx, c.companyId, c.user.userId, false));
  const missing = keys.filter((k) => !held.has(k));
  if (missing.length > 0) {
    throw forbidden(`不能授予您自己没有的权限：${missing.slice(0, 5).map(permissionTitle).join('、')}${missing.length > 5 ? ' 等' : ''}`);
  }
}

/**
 * Department or seal ids given as a scope (data permissions, three-party authorisation) must be live
 * records of this company; the first other id is refused by name of its kind.
 */
export async function requireOwnTargets(c: ServiceCtx, kind: 'department' | 'seal', ids: readonly number[]): Promise<number[]> {
  const wanted = distinct(ids).sort((a, b) => a - b);
  const own = new Set(await aq.listOwnTargetIds(c.tx, c.companyId, kind, wanted));
  const stranger = wanted.find((id) => !own.has(id));
  if (stranger !== undefined) throw badRequest(`${kind === 'department' ? '部门' : '印章'}不存在或已删除（ID ${stranger}），请重新选择`);
  return wanted;
}
