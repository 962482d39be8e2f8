import { z } from 'zod';
import { zFileId, zId, zPhone } from './auth.ts';
import { zEducation, zIdType, zIsoDate, zNewEmployeeNo } from './employees.ts';
import { zPaging } from './paging.ts';

/**
 * Self-onboarding (自助入职): HR makes an invitation (/selfOnboarding/invite) — a link and a QR code,
 * an expiry, optional default department, position and hire date. A candidate opens it on a phone
 * (/m/onboard/:token), proves the mobile with an SMS code, fills in personal data and uploads the
 * ID photos. HR reviews each submission: approve → a pending hire (待入职, on 入职列表) with that data;
 * reject with a reason → the candidate sees the reason on the same link and can submit again.
 */

export const ONBOARD_API = '/wfsaas-saas/api/selfOnboarding';
export const ONBOARD_PHONE_API = '/wfsaas-saas/api/m/onboard';
export const INVITE_READ = 'selfOnboardingInvite';
export const INVITE_EDIT = 'selfOnboardingInvite.edit';

export const SUBMISSION_STATUSES = [
  { value: 0, label: '待审核' },
  { value: 1, label: '已通过' },
  { value: 2, label: '已驳回' },
] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number]['value'];
export function submissionStatusLabel(v: number): string {
  return SUBMISSION_STATUSES.find((s) => s.value === v)?.label ?? '未知';
}

export const MAX_INVITE_DAYS = 90;
export const MAX_ID_PHOTO_BYTES = 5 * 1024 * 1024;

// ── HR ──

export const zInviteCreate = z.object({
  title: z.string().trim().min(1).max(60).describe('邀请名称'),
  /** The last day the link can be used. */
  expiresOn: zIsoDate('有效期至'),
  departmentId: zId('入职部门').optional(),
  positionId: zId('入职岗位').optional(),
  hireDate: zIsoDate('预计入职日期').optional(),
});
export type InviteCreate = z.infer<typeof zInviteCreate>;

export type InviteView = {
  id: number;
  title: string;
  /** The path of the candidate's page, /m/onboard/<token>. */
  link: string;
  expiresOn: string;
  expired: boolean;
  /** 1 open, 0 closed by HR. */
  status: number;
  departmentId: number | null;
  departmentName: string | null;
  positionId: number | null;
  positionName: string | null;
  hireDate: string | null;
  counts: { submitted: number; approved: number; rejected: number };
  createdByName: string | null;
  createdAt: string;
};

export const zInvitePage = z.object({ ...zPaging, status: z.union([z.literal(0), z.literal(1)]).optional().describe('状态') });
export const zInviteRef = z.object({ inviteId: zId('入职邀请') });

export const zSubmissionPage = z.object({
  ...zPaging,
  inviteId: zId('入职邀请').optional(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional().describe('审核状态'),
  keyword: z.string().trim().max(50).optional().describe('姓名'),
});

export type SubmissionView = {
  id: number;
  inviteId: number;
  inviteTitle: string;
  status: SubmissionStatus;
  statusLabel: string;
  name: string;
  /** Masked 138****0000. */
  mobile: string;
  idType: number;
  /** Masked 6+4. */
  idNumber: string;
  gender: number | null;
  birthDate: string | null;
  email: string | null;
  education: number | null;
  address: string | null;
  emergencyName: string | null;
  emergencyPhone: string | null;
  bankName: string | null;
  /** Masked. */
  bankAccount: string | null;
  /** Whether the ID photos were given (submission/photo serves them). */
  hasIdFront: boolean;
  hasIdBack: boolean;
  rejectReason: string | null;
  employeeId: number | null;
  submittedAt: string;
  reviewedAt: string | null;
  reviewedByName: string | null;
};

export const zSubmissionRef = z.object({ submissionId: zId('入职登记') });

/** Approve: the pending hire takes the candidate's data and these job facts. */
export const zSubmissionApprove = z.object({
  submissionId: zId('入职登记'),
  /** Left empty, the company's numbering rule (工号规则) assigns one; without the rule it is required. */
  employeeNo: zNewEmployeeNo,
  departmentId: zId('部门'),
  positionId: zId('岗位').optional(),
  hireDate: zIsoDate('预计入职日期'),
  probationEndDate: zIsoDate('试用期结束日期').optional(),
  employmentType: z.number().int().min(1).max(6).default(1).describe('用工类型'),
});
export type SubmissionApprove = z.infer<typeof zSubmissionApprove>;

export const zSubmissionReject = z.object({
  submissionId: zId('入职登记'),
  reason: z.string().trim().min(1).max(200).describe('驳回原因'),
});

// ── the candidate's phone page, no sign-in ──

export const zOnboardToken = z.object({ token: z.string().trim().regex(/^[A-Za-z0-9_-]{20,100}$/, '链接无效').describe('链接') });
export const zOnboardSms = zOnboardToken.extend({ mobile: zPhone.describe('手机号') });
export const zOnboardVerify = zOnboardSms.extend({ code: z.string().trim().regex(/^\d{6}$/, '应为6位数字').describe('验证码') });
/** Calls after the SMS check carry the ticket (bound to the link and the mobile). */
export const zOnboardTicket = zOnboardToken.extend({ ticket: z.string().trim().min(20).max(300).describe('登记凭证') });

const zText = (label: string, max: number) => z.string().trim().max(max).describe(label);

export const zOnboardSubmit = zOnboardTicket.extend({
  name: z.string().trim().min(1).max(50).describe('姓名'),
  idType: zIdType,
  idNumber: z.string().trim().min(1).max(30).describe('证件号码'),
  email: z.email('格式不正确').max(100).optional().describe('邮箱'),
  education: zEducation.optional(),
  address: zText('联系地址', 200).optional(),
  emergencyName: zText('紧急联系人', 50).optional(),
  emergencyPhone: zPhone.optional().describe('紧急联系人电话'),
  bankName: zText('开户银行', 100).optional(),
  bankAccount: z.string().trim().regex(/^\d{12,30}$/, '应为12至30位数字').optional().describe('银行卡号'),
  idFrontFileId: zFileId('证件正面照片'),
  idBackFileId: zFileId('证件反面照片').optional(),
});
export type OnboardSubmit = z.infer<typeof zOnboardSubmit>;

export type OnboardOpenView = { companyName: string; title: string; expiresOn: string; open: boolean; reason: string | null };

/** After the SMS check: the ticket, and the candidate's earlier submission on this link, if any. */
export type OnboardVerified = {
  ticket: string;
  expiresIn: number;
  submission: { status: SubmissionStatus; statusLabel: string; rejectReason: string | null; name: string; submittedAt: string } | null;
};

export type OnboardSubmitted = { status: SubmissionStatus; statusLabel: string };

/** The candidate's ID photo: by link and ticket on the phone, by submission on the screen. */
export const zPhotoQuery = z.object({ token: zOnboardToken.shape.token, ticket: z.string().trim().min(20).max(300).describe('登记凭证') });
export const zPhotoRef = zSubmissionRef.extend({ side: z.enum(['front', 'back']).describe('照片') });
