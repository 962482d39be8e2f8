import { z } from 'zod';
import { zId } from '../auth.ts';
import { zInductionAdd } from '../lifecycle/onboarding.ts';
import { zPaging } from '../paging.ts';
import { zDay } from '../payroll/fields.ts';
import { type PostKind } from './codes.ts';
import { zPlanId, zClientId, zOrderId, zPlacementId, type DispatchRatio } from './model.ts';

/** Onboarding and placements (入职与派驻), the outsourced roster, quits and former staff (docs/outsourcing.md). */

// ── 入职与派驻 ──
/** The placement half of an onboarding. */
export const zPlacementTerms = z.object({
  clientId: zClientId,
  orderId: zOrderId.nullable().default(null),
  post: z.string().trim().min(1).max(40).describe('派驻岗位'),
  /** Absent: the client's plan. */
  planId: zPlanId.nullable().default(null),
  startDate: zDay('到岗日期'),
  /** Absent: the end of the client's agreement. */
  endDate: zDay('派驻结束日期').nullable().default(null),
});
export type PlacementTerms = z.infer<typeof zPlacementTerms>;
export const zOnboardingCheck = zPlacementTerms;
export type OnboardingCheck = {
  postKind: PostKind | null;
  ratio: DispatchRatio | null;
  /** Refusals (the placement cannot be made) and warnings (it can). */
  errors: string[];
  warnings: string[];
  plan: { id: number; name: string; siEntityName: string | null; salaryGroupName: string | null; contractPackageName: string | null } | null;
  endDate: string;
};
/** The worker's identity and employment (the roster's new-hire fields; employment type follows the client's kind) plus the placement. */
export const zOnboardingAdd = z.object({
  worker: zInductionAdd.omit({ employmentType: true }),
  placement: zPlacementTerms,
  /** Start the plan's contract package for signing when the onboarding is confirmed. */
  signContract: z.boolean().default(true).describe('发起劳动合同签署'),
});
export type OnboardingAdd = z.infer<typeof zOnboardingAdd>;
/** A phone self-onboarding link for a placement: the worker registers, HR approves in 邀请入职, then places. */
export const zOnboardingInvite = z.object({
  placement: zPlacementTerms,
  departmentId: zId('入职部门'),
  expiresOn: zDay('有效期至'),
});
export type OnboardingInvite = z.infer<typeof zOnboardingInvite>;
export const zInvitedPlace = z.object({ inviteId: zId('入职邀请'), employeeId: zId('员工') });
export type OsInviteView = {
  inviteId: number;
  title: string;
  /** The candidate's page, /m/onboard/<token>. */
  link: string;
  expiresOn: string;
  expired: boolean;
  clientName: string;
  post: string;
  startDate: string;
  registrations: {
    submissionId: number;
    name: string;
    /** Masked. */
    mobile: string;
    /** 0 待审核, 1 已通过, 2 已驳回. */
    status: number;
    statusLabel: string;
    employeeId: number | null;
    /** The placement made from it, once placed. */
    placementId: number | null;
  }[];
};
export const zOnboardingPage = z.object({
  ...zPaging,
  clientId: zClientId.optional(),
  status: z.union([z.literal(1), z.literal(2), z.literal(5)]).optional().describe('入职状态'),
  keyword: z.string().trim().max(50).optional().describe('姓名或工号'),
});
export const zPlacementIdBody = z.object({ placementId: zPlacementId });
export const zOnboardingConfirm = z.object({ placementId: zPlacementId, hireDate: zDay('实际到岗日期').optional() });
export const zOnboardingAbandon = z.object({ placementId: zPlacementId, reason: z.string().trim().min(1, '请填写放弃原因').max(200).describe('放弃原因') });
export type PlacementRow = {
  id: number;
  employeeId: number;
  name: string;
  employeeNo: string | null;
  /** Masked. */
  mobile: string | null;
  clientId: number;
  clientName: string;
  kind: 1 | 2 | 3;
  orderId: number | null;
  orderNo: string | null;
  post: string;
  postKind: PostKind | null;
  planId: number;
  planName: string;
  startDate: string;
  endDate: string;
  leftDate: string | null;
  status: 1 | 2 | 3 | 4 | 5;
  leaveSource: 'dismiss' | 'resign' | 'replace' | null;
  leaveReason: string | null;
  /** The labour contract's state: null when none was started. */
  contractStatusText: string | null;
  createdAt: string;
};
export type OnboardingResult = {
  placement: PlacementRow;
  warnings: string[];
};
export type OnboardingConfirmResult = {
  placement: PlacementRow;
  /** Contracts started for signing (empty when the plan has no package or signing was not asked). */
  contractIds: number[];
  /** 增员 proposed at the plan's insured entity, e.g. '杭州参保主体 2026-12'. */
  insuranceText: string | null;
};

export const zRosterPage = z.object({
  ...zPaging,
  /** 'dispatch' 派遣员工 (kind 1) or 'epiboly' 外包员工 (kinds 2 and 3). */
  roster: z.enum(['dispatch', 'epiboly']).describe('花名册'),
  clientId: zClientId.optional(),
  planId: zPlanId.optional(),
  orderId: zOrderId.optional(),
  post: z.string().trim().max(40).optional().describe('岗位'),
  keyword: z.string().trim().max(50).optional().describe('姓名、工号或手机号'),
});
export type RosterPage = z.infer<typeof zRosterPage>;

export const zOsQuitPage = z.object({
  ...zPaging,
  clientId: zClientId.optional(),
  /** 3 待离岗, 4 已离岗. */
  status: z.union([z.literal(3), z.literal(4)]).optional().describe('离岗状态'),
  keyword: z.string().trim().max(50).optional().describe('姓名或工号'),
});
export const zOsQuitStart = z.object({
  placementId: zPlacementId,
  source: z.enum(['resign', 'dismiss']).describe('离岗原因类型'),
  lastDay: zDay('最后工作日'),
  reason: z.string().trim().min(1).max(200).describe('离岗原因'),
});
export type OsQuitStart = z.infer<typeof zOsQuitStart>;
export const zFormerPage = z.object({
  ...zPaging,
  clientId: zClientId.optional(),
  keyword: z.string().trim().max(50).optional().describe('姓名、工号或手机号'),
});
export const zFormerReplace = z.object({ employeeId: zId('员工'), placement: zPlacementTerms });
export type FormerRow = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  mobile: string | null;
  lastClientName: string | null;
  lastPost: string | null;
  leftDate: string | null;
  leaveSource: 'dismiss' | 'resign' | 'replace' | null;
  leaveReason: string | null;
  placementCount: number;
};
