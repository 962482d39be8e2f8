import {
  CODES,
  INVITE_EDIT,
  INVITE_READ,
  identityDocumentError,
  maskId,
  maskPhone,
  normalizeIdNumber,
  parseChineseIdCard,
  submissionStatusLabel,
  type EmployeeChangeView,
  type InviteCreate,
  type InviteView,
  type OnboardOpenView,
  type OnboardSubmit,
  type OnboardSubmitted,
  type OnboardVerified,
  type SubmissionApprove,
  type SubmissionStatus,
  type SubmissionView,
} from '@wfsaas/contracts';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { writeAudit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { findFile, findFileByPublicId, readerHolds, recordUpload, storeUpload, type FileAccessRule } from '../../platform/files/index.ts';
import { listMembersHolding } from '../../platform/permissions.ts';
import { Paged, type PublicCtx, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { MESSAGE_TYPES, notify, smsTemplates } from '../../platform/notify.ts';
import { checkSmsCode, sendSmsCode } from '../../platform/sms-codes.ts';
import { attachRecordFiles } from '../employees/index.ts';
import { addPendingHire } from '../lifecycle/index.ts';
import * as q from './self-onboarding.queries.ts';
import { chinaToday } from '../../platform/china-date.ts';

/**
 * 自助入职: invitations (a link and QR code), the candidate's phone page (SMS check → form → ID
 * photos → submit), and HR's review (approve → a pending hire on 入职列表; reject → the candidate
 * sees the reason and submits again on the same link).
 */


export const MSG_BAD_INVITE = '入职邀请链接无效，请向HR索取新的链接';
const TICKET_TTL_MS = 60 * 60_000;

const linkPath = (token: string) => `/m/onboard/${token}`;
const tokenHashOf = (s: AppServices, token: string) => s.hashToken(`onboard-token:${token}`);

/** The link's token, kept encrypted (a link made before that kept it plain until the start-up fix). */
function inviteToken(s: AppServices, r: Pick<q.InviteRow, 'tokenEnc' | 'token'>): string {
  return r.tokenEnc ? s.cipher.decrypt(r.tokenEnc) : (r.token ?? '');
}

function inviteView(s: AppServices, r: q.InviteListRow, today: string): InviteView {
  return {
    id: r.id,
    title: r.title,
    link: linkPath(inviteToken(s, r)),
    expiresOn: r.expiresOn,
    expired: r.expiresOn < today,
    status: r.status,
    departmentId: r.departmentId,
    departmentName: r.departmentName,
    positionId: r.positionId,
    positionName: r.positionName,
    hireDate: r.hireDate,
    counts: { submitted: r.submitted, approved: r.approved, rejected: r.rejected },
    createdByName: r.createdByName,
    createdAt: r.createdAt.toISOString(),
  };
}

async function inviteById(c: ServiceCtx, id: number): Promise<InviteView> {
  const { rows } = await q.listInvites(c.tx, c.companyId, { ids: [id] }, 0, 1);
  if (!rows[0]) throw notFound('入职邀请');
  return inviteView(c.services, rows[0], chinaToday());
}

/** Invitations by id, as HR sees them (another module lists the invitations it made). */
export async function invitesByIds(c: ServiceCtx, ids: readonly number[]): Promise<Map<number, InviteView>> {
  if (ids.length === 0) return new Map();
  const { rows } = await q.listInvites(c.tx, c.companyId, { ids: [...ids] }, 0, ids.length);
  const today = chinaToday();
  return new Map(rows.map((r) => [r.id, inviteView(c.services, r, today)]));
}

// ── HR: invitations ──

export async function createInvite(s: AppServices, c: ServiceCtx, input: InviteCreate): Promise<InviteView> {
  const today = chinaToday();
  if (input.expiresOn < today) throw badRequest('有效期至：不能早于今天');
  const token = randomBytes(24).toString('base64url');
  const row = await q.insertInvite(c.tx, {
    companyId: c.companyId,
    title: input.title,
    tokenEnc: s.cipher.encrypt(token),
    expiresOn: input.expiresOn,
    departmentId: input.departmentId ?? null,
    positionId: input.positionId ?? null,
    hireDate: input.hireDate ?? null,
    createdBy: c.user.userId,
  });
  await q.insertLink(c.tx, { tokenHash: tokenHashOf(s, token), companyId: c.companyId, inviteId: row.id });
  await c.audit({ action: 'onboardInvite.create', entity: 'onboarding_invite', entityId: row.id, after: { title: row.title, expiresOn: row.expiresOn } });
  return inviteById(c, row.id);
}

export async function pageInvites(c: ServiceCtx, input: { pageNum: number; pageSize: number; status?: number }): Promise<Paged<InviteView>> {
  const { rows, total } = await q.listInvites(c.tx, c.companyId, { status: input.status }, (input.pageNum - 1) * input.pageSize, input.pageSize);
  const today = chinaToday();
  return new Paged(
    rows.map((r) => inviteView(c.services, r, today)),
    input.pageNum,
    input.pageSize,
    total,
  );
}

export async function closeInvite(c: ServiceCtx, inviteId: number): Promise<InviteView> {
  const invite = await q.findInvite(c.tx, c.companyId, inviteId);
  if (!invite) throw notFound('入职邀请');
  if (!(await q.closeInvite(c.tx, c.companyId, inviteId))) throw badRequest('该入职邀请已关闭');
  await c.audit({ action: 'onboardInvite.close', entity: 'onboarding_invite', entityId: inviteId, before: { status: 1 }, after: { status: 0 } });
  return inviteById(c, inviteId);
}

// ── HR: submissions ──

function submissionView(s: AppServices, r: q.SubmissionListRow): SubmissionView {
  return {
    id: r.id,
    inviteId: r.inviteId,
    inviteTitle: r.inviteTitle,
    status: r.status as SubmissionStatus,
    statusLabel: submissionStatusLabel(r.status),
    name: r.name,
    mobile: r.mobileMasked,
    idType: r.idType,
    idNumber: r.idNumberMasked,
    gender: r.gender,
    birthDate: r.birthDate,
    email: r.email,
    education: r.education,
    address: r.address,
    emergencyName: r.emergencyName,
    emergencyPhone: r.emergencyPhoneEnc ? maskPhone(s.cipher.decrypt(r.emergencyPhoneEnc)) : null,
    bankName: r.bankName,
    bankAccount: r.bankAccountMasked,
    hasIdFront: r.idFrontFileId !== null,
    hasIdBack: r.idBackFileId !== null,
    rejectReason: r.rejectReason,
    employeeId: r.employeeId,
    submittedAt: r.submittedAt.toISOString(),
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    reviewedByName: r.reviewedByName,
  };
}

async function submissionById(s: AppServices, c: ServiceCtx, id: number): Promise<SubmissionView> {
  const { rows } = await q.listSubmissions(c.tx, c.companyId, { ids: [id] }, 0, 1);
  if (!rows[0]) throw notFound('入职登记');
  return submissionView(s, rows[0]);
}

export async function pageSubmissions(s: AppServices, c: ServiceCtx, input: { pageNum: number; pageSize: number; inviteId?: number; status?: number; keyword?: string }): Promise<Paged<SubmissionView>> {
  const { rows, total } = await q.listSubmissions(
    c.tx,
    c.companyId,
    { inviteId: input.inviteId, status: input.status, keyword: input.keyword || undefined },
    (input.pageNum - 1) * input.pageSize,
    input.pageSize,
  );
  return new Paged(
    rows.map((r) => submissionView(s, r)),
    input.pageNum,
    input.pageSize,
    total,
  );
}

async function pendingSubmission(c: ServiceCtx, id: number, doing: string): Promise<q.SubmissionRow> {
  const sub = await q.findSubmission(c.tx, c.companyId, id, true);
  if (!sub) throw notFound('入职登记');
  if (sub.status !== 0) throw badRequest(`只有待审核的入职登记可以${doing}，该登记${submissionStatusLabel(sub.status)}`);
  return sub;
}

/** Approve: a pending hire (待入职) made from the candidate's data and the job facts HR gives; the ID photos become its attachments. */
export async function approveSubmission(s: AppServices, c: ServiceCtx, input: SubmissionApprove): Promise<SubmissionView> {
  const sub = await pendingSubmission(c, input.submissionId, '通过');
  const hire: EmployeeChangeView = await addPendingHire(s, c, {
    name: sub.name,
    mobile: s.cipher.decrypt(sub.mobileEnc),
    idType: sub.idType as 1,
    idNumber: s.cipher.decrypt(sub.idNumberEnc),
    departmentId: input.departmentId,
    positionId: input.positionId ?? null,
    employeeNo: input.employeeNo,
    hireDate: input.hireDate,
    probationEndDate: input.probationEndDate ?? null,
    employmentType: input.employmentType as 1,
    gender: sub.gender as 1 | null,
    birthDate: sub.birthDate,
    email: sub.email,
    education: sub.education as 1 | null,
    address: sub.address,
    bankName: sub.bankName,
    bankAccount: sub.bankAccountEnc ? s.cipher.decrypt(sub.bankAccountEnc) : null,
    emergencyContact: sub.emergencyName && sub.emergencyPhoneEnc ? { name: sub.emergencyName, phone: s.cipher.decrypt(sub.emergencyPhoneEnc) } : null,
  });
  const photos = [
    ...(sub.idFrontFileId !== null ? [{ fileId: sub.idFrontFileId, category: 'idFront' as const }] : []),
    ...(sub.idBackFileId !== null ? [{ fileId: sub.idBackFileId, category: 'idBack' as const }] : []),
  ];
  const attachmentIds = await attachRecordFiles(c.tx, c.companyId, hire.employeeId, photos, c.user.userId);
  await q.updateSubmission(c.tx, c.companyId, sub.id, { status: 1, employeeId: hire.employeeId, reviewedBy: c.user.userId, reviewedAt: new Date() });
  await c.audit({ action: 'onboardSubmission.approve', entity: 'onboarding_submission', entityId: sub.id, after: { employeeId: hire.employeeId, employeeNo: input.employeeNo ?? null, attachmentIds } });
  return submissionById(s, c, sub.id);
}

export async function rejectSubmission(s: AppServices, c: ServiceCtx, id: number, reason: string): Promise<SubmissionView> {
  const sub = await pendingSubmission(c, id, '驳回');
  await q.updateSubmission(c.tx, c.companyId, sub.id, { status: 2, rejectReason: reason, reviewedBy: c.user.userId, reviewedAt: new Date() });
  await c.audit({ action: 'onboardSubmission.reject', entity: 'onboarding_submission', entityId: sub.id, after: { reason } });
  return submissionById(s, c, sub.id);
}

/** The file of an ID photo of a submission (HR only). */
export async function submissionPhoto(c: ServiceCtx, id: number, side: 'front' | 'back') {
  const sub = await q.findSubmission(c.tx, c.companyId, id);
  if (!sub) throw notFound('入职登记');
  const fileId = side === 'front' ? sub.idFrontFileId : sub.idBackFileId;
  const file = fileId ? await findFile(c.tx, c.companyId, fileId) : null;
  if (!file) throw notFound('证件照片');
  return file;
}

// ── the candidate's phone page ──

type Linked = { companyId: number; invite: q.InviteRow; tokenHash: string };

async function withInvite<T>(s: AppServices, token: string, fn: (tx: Tx, l: Linked) => Promise<T>): Promise<T> {
  const tokenHash = tokenHashOf(s, token);
  const link = await q.findLink(s.database.db, tokenHash);
  if (!link) throw new AppError(CODES.notFound, MSG_BAD_INVITE);
  return s.database.inTenant(link.companyId, async (tx) => {
    const invite = await q.findInvite(tx, link.companyId, link.inviteId);
    if (!invite) throw new AppError(CODES.notFound, MSG_BAD_INVITE);
    return fn(tx, { companyId: link.companyId, invite, tokenHash });
  });
}

/** Why the link cannot take a submission now, or null. */
function closedReason(invite: q.InviteRow): string | null {
  if (invite.status !== 1) return '该入职邀请已关闭，请联系HR';
  if (invite.expiresOn < chinaToday()) return `该入职邀请已于${invite.expiresOn}过期，请向HR索取新的链接`;
  return null;
}

export async function openInvite(s: AppServices, c: PublicCtx<{ token: string }>): Promise<OnboardOpenView> {
  return withInvite(s, c.body.token, async (tx, l) => {
    const reason = closedReason(l.invite);
    return { companyName: await q.companyName(tx, l.companyId), title: l.invite.title, expiresOn: l.invite.expiresOn, open: reason === null, reason };
  });
}

const smsPurpose = (l: Linked) => `onboard:${l.companyId}:${l.invite.id}`;

export async function sendOnboardSms(s: AppServices, c: PublicCtx<{ token: string; mobile: string }>) {
  const l = await withInvite(s, c.body.token, async (_tx, l) => {
    const reason = closedReason(l.invite);
    if (reason) throw badRequest(reason);
    return l;
  });
  return sendSmsCode(s, { phone: c.body.mobile, purpose: smsPurpose(l), ip: c.ip, companyId: l.companyId, text: (code) => smsTemplates.onboardingCode(code) });
}

function signTicket(s: AppServices, tokenHash: string, mobile: string, expiresAt: number): string {
  return `${expiresAt}.${mobile}.${s.hashToken(`onboard-ticket:${tokenHash}:${mobile}:${expiresAt}`)}`;
}

/** The verified mobile a ticket carries, or a refusal. */
function ticketMobile(s: AppServices, tokenHash: string, ticket: string): string {
  const m = /^(\d{13})\.(1[3-9]\d{9})\.([0-9a-f]{64})$/.exec(ticket);
  if (!m) throw badRequest('登记凭证无效，请重新验证手机号');
  const expected = Buffer.from(signTicket(s, tokenHash, m[2]!, Number(m[1])));
  const given = Buffer.from(ticket);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badRequest('登记凭证无效，请重新验证手机号');
  if (Number(m[1]) <= Date.now()) throw badRequest('登记凭证已过期，请重新验证手机号');
  return m[2]!;
}

function priorView(sub: q.SubmissionRow | null): OnboardVerified['submission'] {
  return sub ? { status: sub.status as SubmissionStatus, statusLabel: submissionStatusLabel(sub.status), rejectReason: sub.rejectReason, name: sub.name, submittedAt: sub.submittedAt.toISOString() } : null;
}

export async function verifyOnboardSms(s: AppServices, c: PublicCtx<{ token: string; mobile: string; code: string }>): Promise<OnboardVerified> {
  const l = await withInvite(s, c.body.token, async (_tx, l) => l);
  await checkSmsCode(s, { phone: c.body.mobile, purpose: smsPurpose(l), code: c.body.code });
  const prior = await s.database.inTenant(l.companyId, (tx) => q.findSubmissionByMobile(tx, l.companyId, l.invite.id, s.cipher.lookupHash(c.body.mobile)));
  return { ticket: signTicket(s, l.tokenHash, c.body.mobile, Date.now() + TICKET_TTL_MS), expiresIn: TICKET_TTL_MS / 1000, submission: priorView(prior) };
}

/** The candidate's submission on this link now (after a review, say), for the ticket's mobile. */
export async function onboardStatus(s: AppServices, c: PublicCtx<{ token: string; ticket: string }>): Promise<OnboardVerified['submission']> {
  const l = await withInvite(s, c.body.token, async (_tx, l) => l);
  const mobile = ticketMobile(s, l.tokenHash, c.body.ticket);
  return s.database.inTenant(l.companyId, async (tx) => priorView(await q.findSubmissionByMobile(tx, l.companyId, l.invite.id, s.cipher.lookupHash(mobile))));
}

/**
 * An ID photo from the candidate's phone: an image, kept in the company's files as the invitation's
 * and bound to the verified mobile, so only that candidate's submission can use it.
 */
export async function uploadOnboardPhoto(s: AppServices, c: PublicCtx<unknown>, token: string, ticket: string, file: { filename: string; data: Buffer }): Promise<{ fileId: string }> {
  const l = await withInvite(s, token, async (_tx, l) => l);
  const mobile = ticketMobile(s, l.tokenHash, ticket);
  const reason = closedReason(l.invite);
  if (reason) throw badRequest(reason);
  if (file.data.length === 0) throw badRequest('证件照片：文件为空，请重新拍摄');
  const stored = await storeUpload(s, { companyId: l.companyId, userId: null, filename: file.filename || 'photo.jpg', body: Readable.from([file.data]), kind: 'upload', isTruncated: () => false });
  if (!stored.isImage) throw badRequest('证件照片：请上传 JPG 或 PNG 图片');
  const row = await s.database.inTenant(l.companyId, (tx) => recordUpload(tx, l.companyId, null, stored, { kind: 'onboarding_photo', ownerId: l.invite.id, claimKey: s.cipher.lookupHash(mobile) }));
  return { fileId: row.publicId };
}

/** A photo a submission may use: an image this candidate (invitation and verified mobile) uploaded. */
async function requirePhoto(tx: Tx, l: Linked, mobileHash: string, id: string | undefined, label: string): Promise<number | null> {
  if (id === undefined) return null;
  const f = await findFileByPublicId(tx, l.companyId, id);
  if (!f || f.kind !== 'onboarding_photo' || f.ownerId !== l.invite.id || f.claimKey !== mobileHash || !/^image\//.test(f.mime)) throw badRequest(`${label}：请重新上传`);
  return f.id;
}

export async function submitOnboarding(s: AppServices, c: PublicCtx<OnboardSubmit>): Promise<OnboardSubmitted> {
  const input = c.body;
  const idNumber = normalizeIdNumber(input.idNumber);
  const idError = identityDocumentError(input.idType, idNumber);
  if (idError) throw badRequest(idError);
  return withInvite(s, input.token, async (tx, l) => {
    const mobile = ticketMobile(s, l.tokenHash, input.ticket);
    const reason = closedReason(l.invite);
    if (reason) throw badRequest(reason);
    const mobileHash = s.cipher.lookupHash(mobile);
    const prior = await q.findSubmissionByMobile(tx, l.companyId, l.invite.id, mobileHash);
    if (prior && prior.status !== 2) throw badRequest(prior.status === 0 ? '您已提交入职登记，请等待HR审核' : '您的入职登记已通过审核，无需再次提交');
    const parsed = input.idType === 1 ? parseChineseIdCard(idNumber) : null;
    const values = {
      status: 0,
      name: input.name.replace(/\s+/g, ''),
      mobileEnc: s.cipher.encrypt(mobile),
      mobileHash,
      mobileMasked: maskPhone(mobile),
      idType: input.idType,
      idNumberEnc: s.cipher.encrypt(idNumber),
      idNumberMasked: maskId(idNumber),
      gender: parsed?.gender ?? null,
      birthDate: parsed?.birthDate ?? null,
      email: input.email ?? null,
      education: input.education ?? null,
      address: input.address || null,
      emergencyName: input.emergencyName || null,
      emergencyPhoneEnc: input.emergencyPhone ? s.cipher.encrypt(input.emergencyPhone) : null,
      bankName: input.bankName || null,
      bankAccountEnc: input.bankAccount ? s.cipher.encrypt(input.bankAccount) : null,
      bankAccountMasked: input.bankAccount ? maskId(input.bankAccount, 4, 4) : null,
      idFrontFileId: await requirePhoto(tx, l, mobileHash, input.idFrontFileId, '证件正面照片'),
      idBackFileId: await requirePhoto(tx, l, mobileHash, input.idBackFileId, '证件反面照片'),
      rejectReason: null,
      submittedAt: new Date(),
      reviewedBy: null,
      reviewedAt: null,
    };
    const row = prior ? await q.updateSubmission(tx, l.companyId, prior.id, values) : await q.insertSubmission(tx, { companyId: l.companyId, inviteId: l.invite.id, ...values });
    await writeAudit(tx, { companyId: l.companyId, actorUserId: null, ip: c.ip, userAgent: c.userAgent.slice(0, 500) }, { action: prior ? 'onboardSubmission.resubmit' : 'onboardSubmission.submit', entity: 'onboarding_submission', entityId: row.id, after: { name: row.name, inviteId: l.invite.id } });
    await notifyReviewers(s, tx, l, row, prior !== null);
    return { status: 0, statusLabel: submissionStatusLabel(0) };
  });
}

/** Where a reviewer acts on a submission: the 入职登记 tab of 邀请入职. */
export const REVIEW_LINK = '/selfOnboarding/invite?tab=submissions';

/** An in-app notice to everyone who may review the submission (邀请入职 edit, administrators). */
async function notifyReviewers(s: AppServices, tx: Tx, l: Linked, sub: q.SubmissionRow, resubmitted: boolean): Promise<void> {
  const title = resubmitted ? '入职登记已重新提交' : '新的入职登记待审核';
  const content = `${sub.name}${resubmitted ? '修改后重新提交了' : '提交了'}「${l.invite.title}」的入职登记，请及时审核。`;
  for (const userId of await listMembersHolding(tx, l.companyId, INVITE_EDIT)) {
    await notify(tx, s, { companyId: l.companyId, userId, channels: ['inapp'], type: MESSAGE_TYPES.approval, title, content, link: REVIEW_LINK });
  }
}

/** A candidate's ID photo: as the submission shows it (入职登记, submission/photo). */
export const onboardingPhotoFileRule: FileAccessRule = {
  audited: true,
  allows: (r) => readerHolds(r, INVITE_READ),
};
