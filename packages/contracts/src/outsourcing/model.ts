import { z } from 'zod';
import { zId } from '../auth.ts';
import { zInductionAdd } from '../lifecycle/onboarding.ts';
import { zPaging } from '../paging.ts';
import { zDay, zMoney, zPayrollMonth, zRate } from '../payroll/fields.ts';
import { CUSTODY_FIELDS, DISMISS_OUTCOMES, FEE_KINDS, POST_KINDS, VAT_KINDS, type CustodyField, type DismissOutcome, type FeeKind, type PostKind, type VatKind } from './codes.ts';

/** Requests and views of outsourced labour (docs/outsourcing.md). Amounts are decimal strings with two places. */

const enumOf = <T extends readonly { value: string }[]>(table: T, label: string) =>
  z.enum(table.map((x) => x.value) as [T[number]['value'], ...T[number]['value'][]]).describe(label);

export const zPlanId = zId('方案');
export const zClientId = zId('用工单位');
export const zOrderId = zId('补岗单');
export const zDismissId = zId('退工单');
export const zPlacementId = zId('派驻记录');
export const zBillId = zId('账单');
export const zOsMonth = zPayrollMonth.describe('月份');
const zText = (label: string, max: number) => z.string().trim().max(max).default('').describe(label);

// ── 方案 ──
export const zPlanSave = z.object({
  id: zPlanId.optional(),
  name: z.string().trim().min(1).max(60).describe('方案名称'),
  feeKind: enumOf(FEE_KINDS, '服务费方式'),
  /** perHead: yuan per worker and month; percent: the rate of wages plus employer contributions. */
  feeAmount: zMoney('每人每月服务费').nullable().default(null),
  feeRate: zRate('服务费比例').nullable().default(null),
  vatKind: enumOf(VAT_KINDS, '增值税计税方式'),
  salaryGroupId: zId('薪资组').nullable().default(null),
  siEntityId: zId('参保主体').nullable().default(null),
  /** The e-contract package signed at onboarding (the tri-party or dispatch labour contract). */
  contractPackageId: zId('合同包').nullable().default(null),
  remark: zText('备注', 200),
});
export type PlanSave = z.infer<typeof zPlanSave>;
export const zPlanIdBody = z.object({ id: zPlanId });
export type PlanView = {
  id: number;
  name: string;
  feeKind: FeeKind;
  feeAmount: string | null;
  feeRate: string | null;
  vatKind: VatKind;
  salaryGroupId: number | null;
  salaryGroupName: string | null;
  siEntityId: number | null;
  siEntityName: string | null;
  contractPackageId: number | null;
  contractPackageName: string | null;
  remark: string;
  /** Clients buying this plan. */
  clientCount: number;
  updatedAt: string;
};
export const zPlanTemplates = z.object({ packageId: zId('合同包') });
export const zPlanTemplateDetail = z.object({ templateId: zId('合同模板') });
export type PlanTemplateRow = { id: number; name: string; contractTypeName: string | null; signerCount: number; fieldCount: number; updatedAt: string; plans: string[] };
export type PlanTemplateDetail = { id: number; name: string; packageNames: string[]; fields: { key: string; label: string; source: string }[]; pageCount: number | null; previewFileId: string | null };

// ── 用工单位 ──
export const zClientPost = z.object({
  name: z.string().trim().min(1).max(40).describe('岗位名称'),
  kind: enumOf(POST_KINDS, '岗位性质'),
});
export type ClientPost = { name: string; kind: PostKind };
export const zClientSave = z.object({
  id: zClientId.optional(),
  name: z.string().trim().min(1).max(80).describe('用工单位名称'),
  /** Unified social credit code; a company on the platform with this code can be linked for joint custody. */
  creditCode: z.string().trim().toUpperCase().max(18).default('').describe('统一社会信用代码'),
  kind: z.union([z.literal(1), z.literal(2), z.literal(3)]).describe('合作方式'),
  agreementStart: zDay('协议开始日期'),
  agreementEnd: zDay('协议结束日期'),
  planId: zPlanId,
  /** The client's own employees under labour contracts (用工总量 less the dispatched). */
  headcount: z.number().int().min(0).max(10_000_000).describe('用工单位自有职工人数'),
  posts: z.array(zClientPost).min(1, '请至少添加一个岗位').max(100).describe('可派驻岗位'),
  contactName: zText('联系人', 40),
  contactPhone: z.string().trim().max(11).default('').describe('联系电话'),
  remark: zText('备注', 200),
});
export type ClientSave = z.infer<typeof zClientSave>;
export const zClientIdBody = z.object({ id: zClientId });
export type ClientView = {
  id: number;
  name: string;
  creditCode: string;
  kind: 1 | 2 | 3;
  agreementStart: string;
  agreementEnd: string;
  planId: number;
  planName: string;
  headcount: number;
  /** The headcount used for the dispatch ratio: read from the linked company when it is on the platform. */
  effectiveHeadcount: number;
  posts: ClientPost[];
  contactName: string;
  /** Masked. */
  contactPhone: string;
  remark: string;
  /** The company on the platform with the same credit code, if any. */
  linkedCompanyId: number | null;
  linkedCompanyName: string | null;
  activeCount: number;
};

/** The dispatch rules as they stand for one client (and one more placement when asked). */
export type DispatchRatio = {
  dispatched: number;
  /** 用工总量 = own headcount + dispatched. */
  total: number;
  /** Decimal string, e.g. '0.0833'. */
  ratio: string;
  level: 'ok' | 'warn' | 'refuse';
  message: string | null;
};

export const zBoard = z.object({ month: zOsMonth.optional() });
export type BoardClientRow = {
  clientId: number;
  clientName: string;
  kind: 1 | 2 | 3;
  placed: number;
  joiningThisMonth: number;
  leavingThisMonth: number;
  openOrders: number;
  openDismissals: number;
  /** Dispatch clients only. */
  ratio: DispatchRatio | null;
  agreementEnd: string;
  agreementDaysLeft: number;
  bill: { billId: number; status: number; total: string } | null;
};
export type BoardView = { month: string; totals: { placed: number; joining: number; leaving: number; openOrders: number; clients: number }; clients: BoardClientRow[] };

// ── 补岗单 ──
export const zOrderSave = z.object({
  id: zOrderId.optional(),
  clientId: zClientId,
  post: z.string().trim().min(1).max(40).describe('岗位'),
  headcount: z.number().int().min(1).max(10_000).describe('需求人数'),
  pay: zMoney('薪资标准（元/月）'),
  startDate: zDay('期望到岗日期'),
  requirements: zText('岗位要求', 1000),
});
export type OrderSave = z.infer<typeof zOrderSave>;
export const zOrderPage = z.object({
  ...zPaging,
  clientId: zClientId.optional(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]).optional().describe('工单状态'),
  keyword: z.string().trim().max(50).optional().describe('工单编号或岗位'),
});
export const zOrderIdBody = z.object({ id: zOrderId });
export const zOrderCancel = z.object({ id: zOrderId, reason: z.string().trim().min(1, '请填写取消原因').max(200).describe('取消原因') });
export type OrderRow = {
  id: number;
  orderNo: string;
  clientId: number;
  clientName: string;
  post: string;
  postKind: PostKind | null;
  headcount: number;
  /** Workers onboarded against the order: placements active, leaving or left. */
  filled: number;
  pay: string;
  startDate: string;
  status: 1 | 2 | 3 | 4 | 5;
  approval: 0 | 1 | 2 | 3;
  raisedBy: 'provider' | 'client';
  createdAt: string;
};
export type OrderDetail = OrderRow & {
  requirements: string;
  cancelReason: string | null;
  placements: PlacementRow[];
  history: { at: string; by: string; action: string }[];
};

// ── 退工单 ──
export const zDismissSave = z.object({
  clientId: zClientId,
  placementIds: z.array(zPlacementId).min(1, '请选择退回的人员').max(500).describe('退回人员'),
  reason: z.string().trim().min(1).max(200).describe('退工原因'),
  lastDay: zDay('最后工作日'),
});
export type DismissSave = z.infer<typeof zDismissSave>;
export const zDismissPage = z.object({
  ...zPaging,
  clientId: zClientId.optional(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional().describe('工单状态'),
  keyword: z.string().trim().max(50).optional().describe('工单编号或姓名'),
});
export const zDismissIdBody = z.object({ id: zDismissId });
export const zDismissCancel = z.object({ id: zDismissId, reason: z.string().trim().min(1, '请填写取消原因').max(200).describe('取消原因') });
export const zDismissHandle = z.object({
  id: zDismissId,
  placementId: zPlacementId,
  outcome: enumOf(DISMISS_OUTCOMES, '处理方式'),
  /** replace: the new placement. */
  clientId: zClientId.optional(),
  orderId: zOrderId.optional(),
  post: z.string().trim().max(40).optional().describe('岗位'),
  startDate: zDay('到岗日期').optional(),
  /** resign: the resignation's reason (the last day is the dismissal's). */
  remark: zText('备注', 200),
});
export type DismissHandle = z.infer<typeof zDismissHandle>;
export type DismissRow = {
  id: number;
  orderNo: string;
  clientId: number;
  clientName: string;
  reason: string;
  lastDay: string;
  workerCount: number;
  handledCount: number;
  names: string[];
  status: 1 | 2 | 3 | 4;
  approval: 0 | 1 | 2 | 3;
  raisedBy: 'provider' | 'client';
  createdAt: string;
};
export type DismissLineView = {
  placementId: number;
  employeeId: number;
  name: string;
  employeeNo: string | null;
  post: string;
  outcome: DismissOutcome | null;
  /** The new client, when re-placed. */
  outcomeText: string | null;
  handledAt: string | null;
};
export type DismissDetail = DismissRow & { cancelReason: string | null; lines: DismissLineView[] };

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

// ── 客户月度账单 ──
export const zBillGenerate = z.object({ month: zOsMonth, clientId: zClientId.optional() });
export const zBillPage = z.object({
  ...zPaging,
  month: zOsMonth.optional(),
  clientId: zClientId.optional(),
  status: z.number().int().min(1).max(12).optional().describe('账单状态'),
});
export const zBillIdBody = z.object({ billId: zBillId });
export type BillAmounts = { wages: string; siEmployer: string; hfEmployer: string; serviceFee: string; vat: string; total: string };
export type BillRow = BillAmounts & {
  id: number;
  billNo: string;
  billType: 1 | 5;
  clientId: number;
  clientName: string;
  month: string;
  status: number;
  workerCount: number;
  generatedAt: string;
  confirmedAt: string | null;
  confirmedBy: string | null;
  paidAt: string | null;
};
export type BillLineView = BillAmounts & { employeeId: number; name: string; employeeNo: string | null; post: string; days: number | null; note: string | null };
export type BillDetail = BillRow & {
  planName: string;
  feeText: string;
  vatText: string;
  lines: BillLineView[];
  /** Placed workers with no payroll result in the month, left off the bill. */
  missing: { employeeId: number; name: string }[];
};
/** A bill as the client sees it under joint custody: each line's wages only when the provider shows pay (else null); totals always. */
export type CustodyBillDetail = Omit<BillDetail, 'lines'> & { lines: (Omit<BillLineView, 'wages'> & { wages: string | null })[] };
export type BillGenerateResult = { month: string; generated: number; skipped: { clientName: string; reason: string }[] };

// ── 共管 ──
export const zCustodySave = z.object({
  clientId: zClientId,
  enabled: z.boolean().describe('开启共管'),
  fields: z.array(enumOf(CUSTODY_FIELDS, '可见字段')).max(CUSTODY_FIELDS.length).default([]),
  payVisible: z.boolean().default(false).describe('可见薪资'),
  approveOrders: z.boolean().default(false).describe('补岗单需用工单位审批'),
  approveDismissals: z.boolean().default(false).describe('退工单需用工单位审批'),
  confirmBills: z.boolean().default(true).describe('账单需用工单位确认'),
});
export type CustodySave = z.infer<typeof zCustodySave>;
export type CustodyConfigView = {
  clientId: number;
  clientName: string;
  creditCode: string;
  /** The client's company on the platform; custody needs one. */
  linkedCompanyId: number | null;
  linkedCompanyName: string | null;
  enabled: boolean;
  fields: CustodyField[];
  payVisible: boolean;
  approveOrders: boolean;
  approveDismissals: boolean;
  confirmBills: boolean;
};
/** Client-side requests name the provider company; the server checks the link. */
export const zCustodyScope = z.object({ providerId: zId('外包服务商') });
export const zCustodyWorkers = z.object({ ...zPaging, providerId: zId('外包服务商'), keyword: z.string().trim().max(50).optional().describe('姓名') });
export const zCustodyOrderSave = z.object({ providerId: zId('外包服务商'), ...zOrderSave.omit({ id: true, clientId: true }).shape });
export const zCustodyDismissSave = z.object({ providerId: zId('外包服务商'), ...zDismissSave.omit({ clientId: true }).shape });
export const zCustodyApprove = z.object({
  providerId: zId('外包服务商'),
  target: z.enum(['order', 'dismiss']).describe('审批对象'),
  id: zId('工单'),
  approve: z.boolean().describe('审批结果'),
  remark: zText('审批意见', 200),
});
export const zCustodyBill = z.object({ providerId: zId('外包服务商'), billId: zBillId });
/** A client's work orders under joint custody. */
export type CustodyOrdersView = { orders: OrderRow[]; dismissals: DismissRow[] };
export type CustodyProviderView = {
  providerId: number;
  providerName: string;
  clientId: number;
  clientName: string;
  kind: 1 | 2 | 3;
  fields: CustodyField[];
  payVisible: boolean;
  approveOrders: boolean;
  approveDismissals: boolean;
  confirmBills: boolean;
  placed: number;
  waitingApprovals: number;
  billsToConfirm: number;
};
/** A worker as a client sees it: only the fields the provider shares. */
export type CustodyWorkerRow = {
  placementId: number;
  name: string;
  post: string;
  status: 1 | 2 | 3 | 4 | 5;
  employeeNo?: string | null;
  mobile?: string | null;
  idNumber?: string | null;
  gender?: string | null;
  startDate?: string;
  contract?: string | null;
  /** Only with payVisible: the last bill's wages of the worker. */
  pay?: string | null;
};
