import { maskPhone, type LoginShareAdd, type LoginShareMemberOption, type LoginShareRoleOption, type LoginShareRow, type LoginShareTarget } from '@wfsaas/contracts';
import { writeAudit, type AuditEntry } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import * as q from './login-share.queries.ts';

/**
 * 登录共享 (docs/enterprise.md): an administrator of this company and of another links them by sharing
 * members: each chosen member becomes a member of the other company with one of its roles. Being
 * administrator of both is what proves the link; every change is audited in both companies.
 */

const NOT_ADMIN = '仅企业管理员可以设置登录共享';

/** Runs `fn` with row-level security on the target company, after checking the caller administers it; back on the caller's company after. */
async function inTarget<T>(c: ServiceCtx, targetCompanyId: number, fn: (audit: (e: AuditEntry) => Promise<void>) => Promise<T>): Promise<T> {
  if (!c.isAdmin) throw forbidden(NOT_ADMIN);
  if (targetCompanyId === c.companyId) throw badRequest('共享到的公司不能是当前公司');
  await q.pointAt(c.tx, targetCompanyId);
  try {
    const me = await q.findMembership(c.tx, targetCompanyId, c.user.userId);
    // Not an administrator there: the company is answered as not found, like any other company's record.
    if (!me || me.status !== 1 || !me.isAdmin) throw notFound('共享到的公司');
    return await fn((e) => writeAudit(c.tx, { companyId: targetCompanyId, actorUserId: c.user.userId, ip: c.ip, userAgent: c.userAgent }, e));
  } finally {
    await q.pointAt(c.tx, c.companyId);
  }
}

/** The other companies the caller administers (a user-level look-up). */
export async function listTargets(db: Db, userId: number, currentCompanyId: number | undefined): Promise<LoginShareTarget[]> {
  const rows = await q.listAdministeredCompanies(db, userId);
  return rows.filter((r) => Number(r.company_id) !== currentCompanyId).map((r) => ({ companyId: Number(r.company_id), companyName: r.company_name }));
}

export async function listTargetRoles(c: ServiceCtx, targetCompanyId: number): Promise<LoginShareRoleOption[]> {
  return inTarget(c, targetCompanyId, async () => (await q.listActiveRoles(c.tx, targetCompanyId)).map((r) => ({ roleId: r.roleId, roleName: r.roleName })));
}

export async function listMembers(c: ServiceCtx): Promise<LoginShareMemberOption[]> {
  if (!c.isAdmin) throw forbidden(NOT_ADMIN);
  const rows = await q.listActiveMembers(c.tx, c.companyId);
  return rows.map((r) => ({ userId: r.userId, nickname: r.nickname, phone: maskPhone(c.services.cipher.decrypt(r.phoneEnc)) }));
}

export async function listGrants(c: ServiceCtx): Promise<LoginShareRow[]> {
  const rows = await q.listActiveGrants(c.tx, c.companyId);
  const roleNames = new Map<string, string>();
  const targets = [...new Set(rows.map((r) => r.g.targetCompanyId))];
  for (const target of targets) {
    await q.pointAt(c.tx, target);
    try {
      for (const r of await q.listActiveRoles(c.tx, target)) roleNames.set(`${target}:${r.roleId}`, r.roleName);
    } finally {
      await q.pointAt(c.tx, c.companyId);
    }
  }
  return rows.map(({ g, nickname, phoneEnc, targetName }) => ({
    id: g.id,
    targetCompanyId: g.targetCompanyId,
    targetCompanyName: targetName,
    userId: g.userId,
    nickname,
    phone: maskPhone(c.services.cipher.decrypt(phoneEnc)),
    roleId: g.roleId,
    roleName: roleNames.get(`${g.targetCompanyId}:${g.roleId}`) ?? '（角色已停用）',
    createdAt: g.createdAt.toISOString(),
  }));
}

/** Grants each chosen member of this company membership of the target with the role; someone already a member there is refused. */
export async function addGrants(c: ServiceCtx, input: LoginShareAdd): Promise<LoginShareRow[]> {
  const members = new Set((await q.listActiveMembers(c.tx, c.companyId)).map((m) => m.userId));
  for (const userId of input.userIds) if (!members.has(userId)) throw notFound('成员');
  const made: { userId: number }[] = [];
  await inTarget(c, input.targetCompanyId, async (auditTarget) => {
    const roleName = await q.findActiveRoleName(c.tx, input.targetCompanyId, input.roleId);
    if (!roleName) throw notFound('角色');
    for (const userId of [...new Set(input.userIds)]) {
      const existing = await q.findMembership(c.tx, input.targetCompanyId, userId);
      if (existing?.status === 1) throw conflict('所选成员中有人已是该公司成员，请在该公司的子账号管理中调整其角色');
      await q.addMembership(c.tx, input.targetCompanyId, userId, existing !== null);
      await q.addUserRole(c.tx, input.targetCompanyId, userId, input.roleId);
      await auditTarget({ action: 'enterprise.loginShare.grant', entity: 'company_member', entityId: userId, after: { fromCompanyId: c.companyId, roleId: input.roleId, roleName } });
      made.push({ userId });
    }
  });
  for (const { userId } of made) {
    const g = await q.insertGrant(c.tx, { companyId: c.companyId, targetCompanyId: input.targetCompanyId, userId, roleId: input.roleId, createdBy: c.user.userId });
    await c.audit({ action: 'enterprise.loginShare.grant', entity: 'login_share_grant', entityId: g.id, after: { targetCompanyId: input.targetCompanyId, userId, roleId: input.roleId } });
  }
  return listGrants(c);
}

async function activeGrant(c: ServiceCtx, id: number): Promise<q.GrantRow> {
  const g = await q.findActiveGrant(c.tx, c.companyId, id);
  if (!g) throw notFound('共享记录');
  return g;
}

export async function changeRole(c: ServiceCtx, id: number, roleId: number): Promise<LoginShareRow[]> {
  const g = await activeGrant(c, id);
  if (g.roleId === roleId) return listGrants(c);
  await inTarget(c, g.targetCompanyId, async (auditTarget) => {
    if (!(await q.findActiveRoleName(c.tx, g.targetCompanyId, roleId))) throw notFound('角色');
    await q.removeUserRole(c.tx, g.targetCompanyId, g.userId, g.roleId);
    await q.addUserRole(c.tx, g.targetCompanyId, g.userId, roleId);
    await auditTarget({ action: 'enterprise.loginShare.changeRole', entity: 'company_member', entityId: g.userId, before: { roleId: g.roleId }, after: { roleId } });
  });
  await q.updateGrant(c.tx, c.companyId, g.id, { roleId });
  await c.audit({ action: 'enterprise.loginShare.changeRole', entity: 'login_share_grant', entityId: g.id, before: { roleId: g.roleId }, after: { roleId } });
  return listGrants(c);
}

/** Removes the membership the grant made (and the role it gave), nothing else. */
export async function revoke(c: ServiceCtx, id: number): Promise<LoginShareRow[]> {
  const g = await activeGrant(c, id);
  await inTarget(c, g.targetCompanyId, async (auditTarget) => {
    await q.removeUserRole(c.tx, g.targetCompanyId, g.userId, g.roleId);
    await q.removeMembership(c.tx, g.targetCompanyId, g.userId);
    await auditTarget({ action: 'enterprise.loginShare.revoke', entity: 'company_member', entityId: g.userId, before: { fromCompanyId: c.companyId, roleId: g.roleId } });
  });
  await q.updateGrant(c.tx, c.companyId, g.id, { status: 0, revokedAt: new Date() });
  await c.audit({ action: 'enterprise.loginShare.revoke', entity: 'login_share_grant', entityId: g.id, before: { targetCompanyId: g.targetCompanyId, userId: g.userId, roleId: g.roleId } });
  return listGrants(c);
}
