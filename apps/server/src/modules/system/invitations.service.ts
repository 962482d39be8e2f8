import {
  codeLabel,
  CODES,
  INVITATION_STATUS,
  INVITATION_STATUSES,
  INVITATION_TTL_DAYS,
  maskPhone,
  type CompanyListEntry,
  type InvitationPageInput,
  type MyInvitationAccept,
  type MyInvitations,
  type SubAccountInvitation,
} from '@wfsaas/contracts';
import { writeAudit } from '../../platform/audit.ts';
import type { Db, Executor, Tx } from '../../platform/db.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { enqueueMessage, publicBaseUrl, smsTemplates } from '../../platform/notify.ts';
import type { AppServices } from '../../platform/services.ts';
import { checkSmsCode, sendSmsCode } from '../../platform/sms-codes.ts';
import * as aq from './access.queries.ts';
import { assertCanGrant, requireActiveRoles } from './guards.ts';
import * as iq from './invitations.queries.ts';
import * as mq from './members.queries.ts';

/**
 * Joining a company (docs/security.md "Accounts"): an administrator invites a phone number; the
 * person holding that phone joins by accepting, signed in with the phone proven by an SMS code. No
 * one sets a password for another person's phone, and no account joins a company unasked.
 */

const TTL_MS = INVITATION_TTL_DAYS * 24 * 3600_000;
const verifyPurpose = (userId: number) => `verify-phone:${userId}`;

function invitationView(c: ServiceCtx, r: iq.InvitationListRow, roleNames: Map<number, string>): SubAccountInvitation {
  return {
    id: r.id,
    phone: maskPhone(c.services.cipher.decrypt(r.phoneEnc)),
    nickname: r.nickname,
    roles: r.roleIds.filter((id) => roleNames.has(id)).map((id) => ({ id, name: roleNames.get(id)! })),
    status: r.status,
    statusName: codeLabel(INVITATION_STATUSES, r.status),
    expired: r.status === INVITATION_STATUS.pending && r.expiresAt.getTime() <= Date.now(),
    invitedByName: r.invitedByName,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    respondedAt: r.respondedAt ? r.respondedAt.toISOString() : null,
  };
}

async function roleNamesOf(c: ServiceCtx, rows: readonly iq.InvitationRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => r.roleIds))];
  const roles = ids.length === 0 ? [] : await aq.listActiveRolesByIds(c.tx, c.companyId, ids);
  return new Map(roles.map((r) => [r.id, r.name]));
}

async function invitationById(c: ServiceCtx, id: number): Promise<SubAccountInvitation> {
  const { rows } = await iq.listInvitationsPage(c.tx, c.companyId, { offset: 0, limit: 1_000 });
  const row = rows.find((r) => r.id === id);
  if (!row) throw notFound('邀请');
  return invitationView(c, row, await roleNamesOf(c, [row]));
}

/** The sign-in page an invitation SMS points to; left out when there is no PUBLIC_URL to start it (production). */
function loginLink(config: AppServices['config']): string | undefined {
  const base = publicBaseUrl(config);
  return base ? `${base}/login` : undefined;
}

async function smsInvite(c: ServiceCtx, row: iq.InvitationRow, phone: string, round: number): Promise<void> {
  const company = await mq.findActiveCompany(c.tx, c.companyId);
  await enqueueMessage(c.tx, c.services.cipher, {
    channel: 'sms',
    recipient: phone,
    companyId: c.companyId,
    body: smsTemplates.invitation({ companyName: company?.name ?? '', days: INVITATION_TTL_DAYS, loginLink: loginLink(c.services.config) }),
    idempotencyKey: `invitation:${c.companyId}:${row.id}:${round}`,
    deliver: c.services.config.smsFile !== undefined,
  });
}

/**
 * 新增子账号 for a phone: an invitation (never an account with a password chosen by the
 * administrator). A phone already a member, or already invited, is refused.
 */
export async function inviteMember(c: ServiceCtx, input: { phone: string; nickname: string; roleIds: number[]; password?: string }): Promise<SubAccountInvitation> {
  if (input.password) throw badRequest('密码：子账号的密码由本人设置，请不要填写。对方用手机号验证码登录并接受邀请后，可在账号菜单中设置登录密码');
  const roles = await requireActiveRoles(c, input.roleIds);
  await assertCanGrant(c, await aq.listPermissionKeysOfRoles(c.tx, c.companyId, roles.map((r) => r.id)));
  const phoneHash = c.services.cipher.lookupHash(input.phone);
  const user = await mq.findUserByPhoneHash(c.tx, phoneHash);
  if (user) {
    const member = await mq.findMember(c.tx, c.companyId, user.id);
    if (member?.status === 1) throw conflict('该手机号已是本公司成员');
  }
  const open = await iq.findPendingInvitationByPhone(c.tx, c.companyId, phoneHash);
  if (open && open.expiresAt.getTime() > Date.now()) throw conflict('已邀请该手机号，等待对方接受；可在邀请列表中重新发送或撤销');
  if (open) await iq.updateInvitation(c.tx, c.companyId, open.id, { status: INVITATION_STATUS.cancelled, respondedAt: new Date() });
  const row = await iq.insertInvitation(c.tx, {
    companyId: c.companyId,
    phoneHash,
    phoneEnc: c.services.cipher.encrypt(input.phone),
    nickname: input.nickname,
    roleIds: roles.map((r) => r.id),
    invitedBy: c.user.userId,
    expiresAt: new Date(Date.now() + TTL_MS),
  });
  await smsInvite(c, row, input.phone, 0);
  await c.audit({ action: 'subAccount.invite', entity: 'member_invitation', entityId: row.id, after: { phone: maskPhone(input.phone), nickname: row.nickname, roleIds: row.roleIds, hasAccount: user !== null } });
  return invitationById(c, row.id);
}

export async function pageInvitations(c: ServiceCtx, input: InvitationPageInput): Promise<Paged<SubAccountInvitation>> {
  const { rows, total } = await iq.listInvitationsPage(c.tx, c.companyId, { status: input.status, offset: (input.pageNum - 1) * input.pageSize, limit: input.pageSize });
  const names = await roleNamesOf(c, rows);
  return new Paged(
    rows.map((r) => invitationView(c, r, names)),
    input.pageNum,
    input.pageSize,
    total,
  );
}

async function requirePending(c: ServiceCtx, id: number): Promise<iq.InvitationRow> {
  const row = await iq.findInvitation(c.tx, c.companyId, id, { forUpdate: true });
  if (!row) throw notFound('邀请');
  if (row.status !== INVITATION_STATUS.pending) throw badRequest(`该邀请${codeLabel(INVITATION_STATUSES, row.status)}，不能再操作`);
  return row;
}

export async function cancelInvitation(c: ServiceCtx, id: number): Promise<SubAccountInvitation> {
  const row = await requirePending(c, id);
  await iq.updateInvitation(c.tx, c.companyId, row.id, { status: INVITATION_STATUS.cancelled, respondedAt: new Date() });
  await c.audit({ action: 'subAccount.invitationCancel', entity: 'member_invitation', entityId: row.id, before: { status: row.status }, after: { status: INVITATION_STATUS.cancelled } });
  return invitationById(c, row.id);
}

/** Sends the invitation SMS again (at most once a minute) and gives it another full term. */
export async function resendInvitation(c: ServiceCtx, id: number): Promise<SubAccountInvitation> {
  const row = await requirePending(c, id);
  await smsInvite(c, row, c.services.cipher.decrypt(row.phoneEnc), Math.floor(Date.now() / 60_000));
  await iq.updateInvitation(c.tx, c.companyId, row.id, { expiresAt: new Date(Date.now() + TTL_MS) });
  await c.audit({ action: 'subAccount.invitationResend', entity: 'member_invitation', entityId: row.id });
  return invitationById(c, row.id);
}

// ── the invited person ──

/** Open invitations for a phone across companies (sign-in by SMS reads it to create the account). */
export async function listPendingInvitationsForPhone(exec: Executor, phoneHash: string): Promise<{ companyId: number; invitationId: number; nickname: string }[]> {
  const rows = await iq.listOpenInvitationsForPhone(exec, phoneHash);
  return rows.map((r) => ({ companyId: Number(r.company_id), invitationId: Number(r.id), nickname: r.nickname }));
}

export async function myInvitations(db: Db, userId: number): Promise<MyInvitations> {
  const me = await iq.findUserPhone(db, userId);
  if (!me) throw notFound('账号');
  const rows = await iq.listOpenInvitationsForPhone(db, me.phoneHash);
  return {
    phoneVerified: me.phoneVerifiedAt !== null,
    invitations: rows.map((r) => ({
      companyId: Number(r.company_id),
      invitationId: Number(r.id),
      companyName: r.company_name,
      invitedByName: r.invited_by_name,
      createdAt: new Date(r.created_at).toISOString(),
      expiresAt: new Date(r.expires_at).toISOString(),
    })),
  };
}

/** Sends a code to the signed-in user's own phone, to prove it before accepting an invitation. */
export async function sendPhoneCode(s: AppServices, db: Db, userId: number, ip: string) {
  const me = await iq.findUserPhone(db, userId);
  if (!me) throw notFound('账号');
  return sendSmsCode(s, { phone: s.cipher.decrypt(me.phoneEnc), purpose: verifyPurpose(userId), ip, companyId: null, text: (code) => smsTemplates.phoneProofCode(code) });
}

type Client = { ip: string; userAgent: string };

/** The invitation named, open, and made for the user's own phone; anything else is not found. */
async function requireMine(tx: Tx, companyId: number, invitationId: number, phoneHash: string): Promise<iq.InvitationRow> {
  const row = await iq.findInvitation(tx, companyId, invitationId, { forUpdate: true });
  if (!row || row.phoneHash !== phoneHash || row.status !== INVITATION_STATUS.pending) throw notFound('邀请');
  if (row.expiresAt.getTime() <= Date.now()) throw badRequest('该邀请已过期，请联系企业管理员重新邀请');
  return row;
}

/**
 * Accepts an invitation: the phone must be proven (an earlier SMS sign-in, or the code given now);
 * then the user becomes a member with the invited roles that are still active.
 */
export async function acceptInvitation(s: AppServices, userId: number, input: MyInvitationAccept, client: Client): Promise<CompanyListEntry> {
  const me = await iq.findUserPhone(s.database.db, userId);
  if (!me) throw notFound('账号');
  if (!me.phoneVerifiedAt) {
    if (!input.code) throw new AppError(CODES.badRequest, '验证码：加入企业前请先验证本人手机号');
    await checkSmsCode(s, { phone: s.cipher.decrypt(me.phoneEnc), purpose: verifyPurpose(userId), code: input.code });
    await iq.markUserPhoneVerified(s.database.db, userId);
  }
  return s.database.inTenant(input.companyId, async (tx) => {
    const row = await requireMine(tx, input.companyId, input.invitationId, me.phoneHash);
    const company = await mq.findActiveCompany(tx, input.companyId);
    if (!company) throw notFound('邀请');
    const member = await mq.findMember(tx, input.companyId, userId);
    if (member?.status === 1) throw conflict('您已是该企业成员');
    if (member) await mq.reactivateMember(tx, input.companyId, userId);
    else await mq.insertMember(tx, { companyId: input.companyId, userId, isSubAccount: true });
    const roles = row.roleIds.length === 0 ? [] : await aq.listActiveRolesByIds(tx, input.companyId, row.roleIds);
    await aq.replaceUserRoles(tx, input.companyId, userId, roles.map((r) => r.id));
    await iq.updateInvitation(tx, input.companyId, row.id, { status: INVITATION_STATUS.accepted, userId, respondedAt: new Date() });
    await writeAudit(tx, { companyId: input.companyId, actorUserId: userId, ...client }, { action: 'subAccount.join', entity: 'member', entityId: userId, after: { invitationId: row.id, roleIds: roles.map((r) => r.id) } });
    return { companyId: company.id, companyName: company.name, logoUrl: null, isWb: 0 };
  });
}

export async function declineInvitation(s: AppServices, userId: number, input: { companyId: number; invitationId: number }, client: Client): Promise<null> {
  const me = await iq.findUserPhone(s.database.db, userId);
  if (!me) throw notFound('账号');
  return s.database.inTenant(input.companyId, async (tx) => {
    const row = await requireMine(tx, input.companyId, input.invitationId, me.phoneHash);
    await iq.updateInvitation(tx, input.companyId, row.id, { status: INVITATION_STATUS.declined, userId, respondedAt: new Date() });
    await writeAudit(tx, { companyId: input.companyId, actorUserId: userId, ...client }, { action: 'subAccount.invitationDecline', entity: 'member_invitation', entityId: row.id });
    return null;
  });
}
