import { maskPhone, type SubAccountBindEmployee, type SubAccountInvitation, type SubAccountItem, type SubAccountPageInput, type SubAccountPassword, type SubAccountSave } from '@wfsaas/contracts';
import { hashPassword, verifyPassword } from '../../platform/crypto.ts';
import { checkNewPassword, recordPasswordSet } from '../implement/index.ts';
import { inviteMember } from './invitations.service.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import * as aq from './access.queries.ts';
import { requireActiveMember } from './guards.ts';
import * as mq from './members.queries.ts';
import { assignUserRoles } from './roles.service.ts';

/**
 * Sub-accounts: the company's members who are not administrators. A user account is platform-wide
 * (one phone, one password, possibly several companies), so an administrator changes an account's
 * name or password only when the account belongs to this company alone.
 */

const PHONE_DIGITS = /^1[3-9]\d{9}$/;

function phoneOf(c: ServiceCtx, m: mq.MemberRow): string {
  return maskPhone(c.services.cipher.decrypt(m.phoneEnc));
}

function toItem(c: ServiceCtx, m: mq.MemberRow, roles: { id: number; name: string }[], employeeName: string | null): SubAccountItem {
  return {
    userId: m.userId,
    phone: phoneOf(c, m),
    nickname: m.nickname,
    isAdmin: m.isAdmin,
    isSubAccount: m.isSubAccount,
    roles,
    employeeId: m.employeeId,
    employeeName,
    createdAt: m.createdAt.toISOString(),
  };
}

async function requireSubAccount(c: ServiceCtx, userId: number): Promise<mq.MemberRow> {
  const m = await requireActiveMember(c, userId, '子账号');
  if (m.isAdmin) throw badRequest('公司管理员的账号不能在子账号中修改');
  return m;
}

async function ensureAccountOnlyHere(c: ServiceCtx, userId: number, message: string): Promise<void> {
  if ((await mq.countOtherMemberships(c.tx, c.companyId, userId)) > 0) throw badRequest(message);
}

export async function pageSubAccounts(c: ServiceCtx, input: SubAccountPageInput): Promise<Paged<SubAccountItem>> {
  const keyword = input.keyword || undefined;
  const { rows, total } = await mq.listSubAccountsPage(c.tx, c.companyId, {
    nicknameLike: keyword,
    phoneHash: keyword && PHONE_DIGITS.test(keyword) ? c.services.cipher.lookupHash(keyword) : undefined,
    offset: (input.pageNum - 1) * input.pageSize,
    limit: input.pageSize,
  });
  const roles = await aq.listActiveRolesOfUsers(
    c.tx,
    c.companyId,
    rows.map((r) => r.userId),
  );
  return new Paged(
    rows.map((r) =>
      toItem(
        c,
        r,
        roles.filter((x) => x.userId === r.userId).map(({ id, name }) => ({ id, name })),
        r.employeeName,
      ),
    ),
    input.pageNum,
    input.pageSize,
    total,
  );
}

/** Any active member of the company (administrators too, so the screen can show them). */
export async function getSubAccount(c: ServiceCtx, userId: number): Promise<SubAccountItem> {
  const m = await requireActiveMember(c, userId, '子账号');
  const roles = await aq.listActiveRolesOfUser(c.tx, c.companyId, userId);
  const employeeName = m.employeeId ? await mq.findEmployeeName(c.tx, c.companyId, m.employeeId) : null;
  return toItem(c, m, roles, employeeName);
}

/**
 * 新增 (no userId): an invitation to the phone, which takes effect when its holder accepts it;
 * otherwise a change of an existing sub-account's name and roles.
 */
export async function saveSubAccount(c: ServiceCtx, input: SubAccountSave): Promise<SubAccountItem | SubAccountInvitation> {
  if (input.userId) return updateSubAccount(c, input.userId, input);
  if (!input.phone) throw badRequest('请填写手机号');
  return inviteMember(c, { phone: input.phone, nickname: input.nickname, roleIds: input.roleIds ?? [], password: input.password });
}

/** Changes a sub-account's name and (when given) roles. The phone is the account's identity and cannot change. */
async function updateSubAccount(c: ServiceCtx, userId: number, input: SubAccountSave): Promise<SubAccountItem> {
  await mq.lockMember(c.tx, c.companyId, userId);
  const m = await requireSubAccount(c, userId);
  if (input.phone && c.services.cipher.lookupHash(input.phone) !== m.phoneHash) throw badRequest('子账号的手机号不能修改');
  if (input.password) throw badRequest('修改子账号密码请使用“重置密码”');
  const renamed = input.nickname !== m.nickname;
  if (renamed) {
    await ensureAccountOnlyHere(c, userId, '该账号同时属于其他公司，姓名只能由本人修改');
    await mq.updateUserNickname(c.tx, userId, input.nickname);
  }
  const current = (await aq.listActiveRolesOfUser(c.tx, c.companyId, userId)).map((r) => r.id);
  const { before, after } = input.roleIds ? await assignUserRoles(c, userId, input.roleIds) : { before: current, after: current };
  await c.audit({
    action: 'subAccount.update',
    entity: 'member',
    entityId: userId,
    before: { nickname: m.nickname, roleIds: before },
    after: { nickname: input.nickname, roleIds: after },
  });
  return getSubAccount(c, userId);
}

/**
 * Removes a member from the company: membership status 0, roles, direct grants and the employee
 * binding dropped. Their account and sessions stay (they may belong to other companies); the
 * membership check refuses them here from the next request on.
 */
export async function removeSubAccount(c: ServiceCtx, userId: number): Promise<{ userId: number; status: number }> {
  if (userId === c.user.userId) throw badRequest('不能删除自己的账号');
  await mq.lockMember(c.tx, c.companyId, userId);
  const m = await requireActiveMember(c, userId, '子账号');
  if (m.isAdmin) throw badRequest('不能删除公司管理员');
  const roleIds = (await aq.listActiveRolesOfUser(c.tx, c.companyId, userId)).map((r) => r.id);
  const directKeys = await aq.listDirectKeysOfUser(c.tx, c.companyId, userId);
  await aq.deleteAccessOfUser(c.tx, c.companyId, userId);
  await mq.deactivateMember(c.tx, c.companyId, userId);
  await c.audit({
    action: 'subAccount.remove',
    entity: 'member',
    entityId: userId,
    before: { status: 1, nickname: m.nickname, roleIds, permissionKeys: directKeys, employeeId: m.employeeId },
    after: { status: 0, roleIds: [], permissionKeys: [], employeeId: null },
  });
  return { userId, status: 0 };
}

/** Binds a member to an employee record of the company; an employee is bound to at most one member. */
export async function bindEmployee(c: ServiceCtx, input: SubAccountBindEmployee): Promise<{ userId: number; employeeId: number; employeeName: string }> {
  await mq.lockMember(c.tx, c.companyId, input.userId);
  const m = await requireActiveMember(c, input.userId);
  const employee = await mq.findEmployeeForUpdate(c.tx, c.companyId, input.employeeId);
  if (!employee) throw notFound('员工');
  if (m.employeeId === employee.id) return { userId: m.userId, employeeId: employee.id, employeeName: employee.name };
  if (employee.status === 4) throw badRequest('该员工已离职，不能绑定账号');
  const holder = await mq.findMemberIdByEmployee(c.tx, c.companyId, employee.id);
  if (holder !== null && holder !== m.userId) throw conflict('该员工已绑定其他账号');
  await mq.setMemberEmployee(c.tx, c.companyId, m.userId, employee.id);
  await c.audit({ action: 'subAccount.bindEmployee', entity: 'member', entityId: m.userId, before: { employeeId: m.employeeId }, after: { employeeId: employee.id } });
  return { userId: m.userId, employeeId: employee.id, employeeName: employee.name };
}

/** Idempotent: a member bound to nobody stays so. */
export async function unbindEmployee(c: ServiceCtx, userId: number): Promise<{ userId: number; employeeId: null }> {
  await mq.lockMember(c.tx, c.companyId, userId);
  const m = await requireActiveMember(c, userId);
  if (m.employeeId !== null) {
    await mq.setMemberEmployee(c.tx, c.companyId, userId, null);
    await c.audit({ action: 'subAccount.unbindEmployee', entity: 'member', entityId: userId, before: { employeeId: m.employeeId }, after: { employeeId: null } });
  }
  return { userId, employeeId: null };
}

/**
 * A member changes their own password (the old one required; their other sessions end), or an
 * administrator resets a sub-account's password (every session of that account ends).
 */
export async function updatePassword(c: ServiceCtx, input: SubAccountPassword): Promise<{ userId: number; revokedSessions: number }> {
  if (input.userId === c.user.userId) {
    const me = await requireActiveMember(c, input.userId, '子账号');
    // an account without a password (made by an SMS sign-in) sets its first one without
    if (me.passwordHash) {
      if (!input.oldPassword) throw badRequest('请填写原密码');
      if (!(await verifyPassword(input.oldPassword, me.passwordHash))) throw badRequest('原密码不正确');
    }
    await checkNewPassword(c.tx, me.userId, input.password, me.passwordHash, c.services.config.sessionTtlHours);
    const hash = await hashPassword(input.password);
    await mq.updateUserPassword(c.tx, me.userId, hash);
    await recordPasswordSet(c.tx, me.userId, hash);
    const revoked = await mq.revokeSessionsOfUser(c.tx, me.userId, c.user.sessionId);
    await c.audit({ action: 'password.change', entity: 'member', entityId: me.userId, after: { revokedSessions: revoked } });
    return { userId: me.userId, revokedSessions: revoked };
  }
  if (!c.isAdmin) throw forbidden('仅公司管理员可以重置其他账号的密码');
  await mq.lockMember(c.tx, c.companyId, input.userId);
  const m = await requireActiveMember(c, input.userId, '子账号');
  if (m.isAdmin) throw badRequest('不能重置其他管理员的密码');
  await ensureAccountOnlyHere(c, m.userId, '该账号同时属于其他公司，不能由本公司重置密码，请本人使用验证码登录后修改');
  if (!m.phoneVerifiedAt) throw badRequest('该账号尚未验证手机号，不能由管理员设置密码，请本人使用短信验证码登录后自行设置');
  await checkNewPassword(c.tx, m.userId, input.password, m.passwordHash, c.services.config.sessionTtlHours);
  const hash = await hashPassword(input.password);
  await mq.updateUserPassword(c.tx, m.userId, hash);
  await recordPasswordSet(c.tx, m.userId, hash);
  const revoked = await mq.revokeSessionsOfUser(c.tx, m.userId);
  await c.audit({ action: 'password.reset', entity: 'member', entityId: m.userId, after: { revokedSessions: revoked } });
  return { userId: m.userId, revokedSessions: revoked };
}
