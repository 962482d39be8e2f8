import { z } from 'zod';
import { zId } from './auth.ts';
import { checkFormDefinition, formDefinitionShape, zEmployeeAdd, zIsoDate, type FormDefinition } from './employees.ts';
import { zPaging } from './paging.ts';
import { zMoney } from './org.ts';

/**
 * Employee changes (异动): effective-dated events on an employee's timeline. A change dated today or
 * earlier takes effect at once; one dated later waits (待生效) and is applied on its date by the
 * daily job, and can be cancelled or re-dated until then.
 *
 * Regularisation (转正, /staffManagement/changeAlternation/conversion; employeeRegularWorker):
 * - 办理转正: only an employee on probation (试用期) with no waiting regularisation; the date is not
 *   before the hire date. Before the probation end it is an early regularisation (提前转正).
 * - 延长试用期: only on probation and with no waiting regularisation; the new end is after the
 *   current one and at most six months after the hire date (劳动合同法第十九条).
 * - 取消 / 修改生效日期: only a waiting change.
 */

export const LIFECYCLE_API = '/wfsaas-saas/api';
export const CONVERSION_READ = 'conversion';
export const CONVERSION_EDIT = 'conversion.edit';

export const CHANGE_TYPES = [
  { key: 'regularize', label: '转正' },
  { key: 'extendProbation', label: '延长试用期' },
  { key: 'transfer', label: '调岗调薪' },
  { key: 'quit', label: '离职' },
  { key: 'rehire', label: '再入职' },
  { key: 'onboard', label: '入职' },
  { key: 'renew', label: '合同续签' },
  { key: 'contractEnd', label: '合同到期终止' },
  { key: 'contractChange', label: '合同变更' },
] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number]['key'];

export function changeTypeLabel(t: string): string {
  return CHANGE_TYPES.find((c) => c.key === t)?.label ?? t;
}

/**
 * 0 待生效, 1 已生效, 2 已取消; 3 待审批 and 4 已驳回 for a change whose type needs review
 * (异动设置): it takes no effect until approved, and then waits for its date like any other.
 */
export const CHANGE_STATUSES = [
  { value: 0, label: '待生效' },
  { value: 1, label: '已生效' },
  { value: 2, label: '已取消' },
  { value: 3, label: '待审批' },
  { value: 4, label: '已驳回' },
] as const;
export const CHANGE_STATUS = { waiting: 0, effective: 1, cancelled: 2, pendingReview: 3, rejected: 4 } as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number]['value'];

export function changeStatusLabel(s: number): string {
  return CHANGE_STATUSES.find((c) => c.value === s)?.label ?? '未知';
}

/** The legal maximum probation, in months after the hire date. */
export const MAX_PROBATION_MONTHS = 6;
export const DEFAULT_CONVERSION_DAYS = 30;
export const MAX_CHANGE_REMARK = 200;

const zFormValues = z.record(z.string(), z.unknown()).optional().describe('异动表单');

/** One answer of a change's company form, kept with its label and display text as they were when the change was made. */
export type ChangeFormEntry = { key: string; label: string; text: string };

/** The conversion list's tabs: due within N days (overdue included), overdue only, waiting, done. */
export const CONVERSION_TABS = [
  { key: 'due', label: '待转正' },
  { key: 'overdue', label: '已逾期' },
  { key: 'waiting', label: '待生效' },
  { key: 'done', label: '已转正' },
] as const;
export type ConversionTab = (typeof CONVERSION_TABS)[number]['key'];

export const zConversionPage = z.object({
  ...zPaging,
  tab: z.enum(CONVERSION_TABS.map((t) => t.key) as [ConversionTab, ...ConversionTab[]]).default('due').describe('列表'),
  /** due: probation ending within this many days from today (overdue ones included). */
  withinDays: z.coerce.number().int().min(0).max(365).default(DEFAULT_CONVERSION_DAYS).describe('到期天数'),
  keyword: z.string().trim().max(50).optional().describe('姓名/工号'),
  departmentId: zId('部门').optional(),
});
export type ConversionPage = z.infer<typeof zConversionPage>;

export type ConversionRow = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  positionName: string | null;
  status: number;
  hireDate: string | null;
  probationEndDate: string | null;
  /** Days from today to the probation end (negative: overdue). */
  daysLeft: number | null;
  /** The waiting or (done tab) the latest effective regularisation. */
  change: EmployeeChangeView | null;
};

export type ConversionCounts = Record<ConversionTab, number>;

const zRemark = z.string().trim().max(MAX_CHANGE_REMARK).optional().describe('备注');

export const zRegularDo = z.object({
  employeeId: zId('员工'),
  effectiveDate: zIsoDate('转正日期'),
  salary: zMoney('转正后薪资').optional(),
  remark: zRemark,
  /** The values of the change type's company form (异动表单), by field key. */
  formValues: zFormValues,
});
export type RegularDo = z.infer<typeof zRegularDo>;

export const zChangeRef = z.object({ changeId: zId('异动记录') });
export const zChangeRedate = z.object({ changeId: zId('异动记录'), effectiveDate: zIsoDate('生效日期') });

export const zProbationExtend = z.object({
  employeeId: zId('员工'),
  probationEndDate: zIsoDate('试用期结束日期'),
  remark: zRemark,
});
export type ProbationExtend = z.infer<typeof zProbationExtend>;

export const zEmployeeTimeline = z.object({ employeeId: zId('员工') });

export type EmployeeChangeView = {
  id: number;
  employeeId: number;
  type: ChangeType;
  typeLabel: string;
  status: ChangeStatus;
  statusLabel: string;
  effectiveDate: string;
  /** The fields the change set, before and after (e.g. status, probationEndDate, salary). */
  before: Record<string, string | number | null>;
  after: Record<string, string | number | null>;
  early: boolean;
  remark: string | null;
  createdByName: string | null;
  createdAt: string;
  appliedAt: string | null;
  cancelledAt: string | null;
  /** The reviewer's remark: the reason of a rejection, or the approver's note. */
  reviewRemark: string | null;
  /** The answers of the change type's company form (异动表单), in the form's order. */
  form: ChangeFormEntry[];
};

// ── Transfer and pay change (调岗调薪, /staffManagement/changeAlternation/alternation; companyEmployeeChange) ──
//
// Rules: only an employee on probation or regular (试用期 / 正式); at least one of department,
// position, rank, cost centre, work location and salary changes; the department is active and within
// the caller's departments; one waiting transfer per employee; the date is not before the hire date
// and at most a year ahead. Dated today or earlier it applies at once; later, on its date. A waiting
// transfer whose target became invalid (a department disabled meanwhile) is cancelled on its date,
// with the reason in its remark.

export const ALTERNATION_READ = 'alternation';
export const ALTERNATION_EDIT = 'alternation.edit';

export const TRANSFER_REASONS = [
  { value: 1, label: '公司安排' },
  { value: 2, label: '个人申请' },
  { value: 3, label: '晋升' },
  { value: 4, label: '降职' },
  { value: 5, label: '绩效调整' },
  { value: 6, label: '组织调整' },
  { value: 9, label: '其他' },
] as const;
export type TransferReason = (typeof TRANSFER_REASONS)[number]['value'];

export function transferReasonLabel(v: number | null | undefined): string {
  return TRANSFER_REASONS.find((r) => r.value === v)?.label ?? '—';
}

/** The fields a transfer can change, with their labels (the order the form and the timeline use). */
export const TRANSFER_FIELDS = [
  { key: 'departmentId', name: 'departmentName', label: '部门' },
  { key: 'positionId', name: 'positionName', label: '岗位' },
  { key: 'rankId', name: 'rankName', label: '职级' },
  { key: 'costCenterId', name: 'costCenterName', label: '成本中心' },
  { key: 'workLocation', name: 'workLocation', label: '工作地点' },
  { key: 'salary', name: 'salary', label: '月基本工资' },
] as const;
export type TransferFieldKey = (typeof TRANSFER_FIELDS)[number]['key'];

export const zTransferDo = z.object({
  employeeId: zId('员工'),
  effectiveDate: zIsoDate('生效日期'),
  departmentId: zId('调入部门').optional(),
  /** null clears the position / rank / cost centre / work location. */
  positionId: zId('调整后岗位').nullish(),
  rankId: zId('调整后职级').nullish(),
  costCenterId: zId('调整后成本中心').nullish(),
  workLocation: z.string().trim().max(100).nullish().describe('调整后工作地点'),
  salary: zMoney('调整后月基本工资').optional(),
  reason: z
    .preprocess((v) => (typeof v === 'string' && /^\d{1,2}$/.test(v.trim()) ? Number(v) : v), z.literal(TRANSFER_REASONS.map((r) => r.value) as [TransferReason, ...TransferReason[]]))
    .describe('异动原因'),
  remark: zRemark,
  /** The values of the change type's company form (异动表单), by field key. */
  formValues: zFormValues,
});
export type TransferDo = z.infer<typeof zTransferDo>;

export const zTransferPage = z.object({
  ...zPaging,
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional().describe('状态'),
  keyword: z.string().trim().max(50).optional().describe('姓名/工号'),
  effectiveFrom: zIsoDate('生效日期起').optional(),
  effectiveTo: zIsoDate('生效日期止').optional(),
});
export type TransferPage = z.infer<typeof zTransferPage>;

export type TransferRow = EmployeeChangeView & { name: string; employeeNo: string | null; departmentName: string | null; reason: number | null; reasonLabel: string };

/** The employee's current values, for the transfer form. */
export const zEmployeePlacement = z.object({ employeeId: zId('员工') });
export type EmployeePlacement = {
  employeeId: number;
  name: string;
  status: number;
  hireDate: string | null;
  departmentId: number | null;
  departmentName: string | null;
  positionId: number | null;
  positionName: string | null;
  rankId: number | null;
  rankName: string | null;
  costCenterId: number | null;
  costCenterName: string | null;
  workLocation: string | null;
  salary: string | null;
  /** A waiting transfer, if any. */
  waiting: EmployeeChangeView | null;
};

// ── Resignation (离职, /staffManagement/changeAlternation/doQuit and /dimissionRoster; companyEmployeeQuit, quitProgress, resignationNotice) ──
//
// Rules: only an employee on probation or regular, without a resignation under way, is resigned; the
// last working day is not before the hire date and at most a year ahead. Doing it makes the employee
// 待离职 at once; on the last working day (the daily job, or at once when it is today or past) the
// employee becomes 已离职 with that leave date. A waiting resignation can be cancelled (the employee
// returns to the status they had) or re-dated; the handover status (交接) can be set until it takes
// effect. A former employee (已离职) can be rehired: the record comes back with a new hire date and
// the history kept. The resignation certificate (离职证明) is a PDF for a former employee.

export const DO_QUIT_READ = 'doQuit';
export const DO_QUIT_EDIT = 'doQuit.edit';
export const DIMISSION_ROSTER_READ = 'dimissionRoster';
export const DIMISSION_ROSTER_EDIT = 'dimissionRoster.edit';

export const QUIT_TYPES = [
  { value: 1, label: '主动离职' },
  { value: 2, label: '辞退' },
  { value: 3, label: '合同到期不续签' },
  { value: 4, label: '协商解除' },
  { value: 5, label: '试用期未通过' },
  { value: 6, label: '退休' },
  { value: 9, label: '其他' },
] as const;
export type QuitType = (typeof QUIT_TYPES)[number]['value'];
export function quitTypeLabel(v: number | null | undefined): string {
  return QUIT_TYPES.find((t) => t.value === v)?.label ?? '—';
}

export const HANDOVER_STATUSES = [
  { value: 0, label: '未交接' },
  { value: 1, label: '交接中' },
  { value: 2, label: '已交接' },
] as const;
export type HandoverStatus = (typeof HANDOVER_STATUSES)[number]['value'];
export function handoverStatusLabel(v: number | null | undefined): string {
  return HANDOVER_STATUSES.find((t) => t.value === v)?.label ?? '未交接';
}

const zQuitType = z
  .preprocess((v) => (typeof v === 'string' && /^\d{1,2}$/.test(v.trim()) ? Number(v) : v), z.literal(QUIT_TYPES.map((t) => t.value) as [QuitType, ...QuitType[]]))
  .describe('离职类型');

export const zQuitDo = z.object({
  employeeId: zId('员工'),
  quitType: zQuitType,
  reason: z.string().trim().min(1).max(200).describe('离职原因'),
  lastWorkingDay: zIsoDate('最后工作日'),
  handoverTo: zId('工作交接人').optional(),
  handoverNote: z.string().trim().max(500).optional().describe('交接事项'),
  remark: zRemark,
  /** The values of the change type's company form (异动表单), by field key. */
  formValues: zFormValues,
});
export type QuitDo = z.infer<typeof zQuitDo>;

export const zQuitRedate = z.object({ changeId: zId('离职记录'), lastWorkingDay: zIsoDate('最后工作日') });
export const zQuitHandover = z.object({
  changeId: zId('离职记录'),
  handoverStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).describe('交接状态'),
});

export const zQuitPage = z.object({
  ...zPaging,
  keyword: z.string().trim().max(50).optional().describe('姓名/工号'),
  quitType: zQuitType.optional(),
  /** the resigned roster: left between these days */
  leaveFrom: zIsoDate('离职日期起').optional(),
  leaveTo: zIsoDate('离职日期止').optional(),
});
export type QuitPage = z.infer<typeof zQuitPage>;

export type QuitRow = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  positionName: string | null;
  status: number;
  hireDate: string | null;
  leaveDate: string | null;
  /** The resignation (waiting on 待离职, the latest effective one on the resigned roster). */
  change: EmployeeChangeView | null;
  quitType: number | null;
  quitTypeLabel: string;
  reason: string | null;
  lastWorkingDay: string | null;
  handoverStatus: number;
  handoverStatusLabel: string;
  handoverToName: string | null;
};

export const zRehire = z.object({
  employeeId: zId('员工'),
  hireDate: zIsoDate('再入职日期'),
  departmentId: zId('部门'),
  /** 1 试用期, 2 正式 */
  status: z.union([z.literal(1), z.literal(2)]).describe('入职状态'),
  probationEndDate: zIsoDate('试用期结束日期').optional(),
  remark: zRemark,
});
export type Rehire = z.infer<typeof zRehire>;

export const zQuitCertificate = z.object({ employeeId: zId('员工') });

/**
 * What the resignation certificate (离职证明) of a former employee will say before it is downloaded:
 * the handover as recorded on the resignation (null: no resignation was recorded, and the certificate
 * is silent on it), and the company seal it carries (null: none the caller may use is enabled, so the
 * certificate comes without a seal).
 */
export type QuitCertificateInfo = { handoverStatus: number | null; handoverStatusLabel: string | null; sealName: string | null };

// ── Onboarding (入职, /selfOnboarding/list; companyEmployeeInduction) ──
//
// HR adds a pending hire (待入职: an employee record with status 0 and the expected hire date). The
// hire is then confirmed (确认入职: 试用期 when a probation end is given, otherwise 正式, on a hire date
// not after today), one or a batch; or discontinued (放弃入职, the candidate declined) or cancelled
// (取消, the company withdrew) — both take the record off the roster, kept for the history; 重新办理
// reopens a discontinued or cancelled hire when no current employee holds the same mobile, document
// number or employee number.

export const INDUCTION_READ = 'selfOnboardingList';
export const INDUCTION_EDIT = 'selfOnboardingList.edit';

export const INDUCTION_TABS = [
  { key: 'pending', label: '待入职' },
  { key: 'onboarded', label: '已入职' },
  { key: 'discontinued', label: '放弃入职' },
  { key: 'cancelled', label: '已取消' },
] as const;
export type InductionTab = (typeof INDUCTION_TABS)[number]['key'];

export const zInductionAdd = zEmployeeAdd.omit({ status: true });
export type InductionAdd = z.infer<typeof zInductionAdd>;

export const zInductionPage = z.object({
  ...zPaging,
  tab: z.enum(INDUCTION_TABS.map((t) => t.key) as [InductionTab, ...InductionTab[]]).default('pending').describe('列表'),
  keyword: z.string().trim().max(50).optional().describe('姓名/工号'),
});
export type InductionPage = z.infer<typeof zInductionPage>;

export type InductionRow = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  positionName: string | null;
  /** Masked 138****0000. */
  mobile: string | null;
  /** The expected (pending) or actual (onboarded) hire date. */
  hireDate: string | null;
  probationEndDate: string | null;
  change: EmployeeChangeView | null;
  /** Why it was discontinued or cancelled. */
  reason: string | null;
};

export type InductionCounts = Record<InductionTab, number>;

export const zInductionConfirm = z.object({
  employeeIds: z.array(zId('员工')).min(1).max(200).describe('员工'),
  /** Left out: each hire is confirmed on its own expected hire date (which must not be after today). */
  hireDate: zIsoDate('入职日期').optional(),
});
export const zInductionClose = z.object({
  employeeId: zId('员工'),
  reason: z.string().trim().min(1).max(200).describe('原因'),
});
export const zInductionAgain = z.object({
  employeeId: zId('员工'),
  hireDate: zIsoDate('预计入职日期'),
});
export type InductionConfirmResult = { confirmed: number; names: string[] };

// ── Labour contracts, renewal and contract change (/staffManagement/changeAlternation/renewal and /contractAlter; employeeContractChange) ──
//
// Each employee has at most one current labour contract (生效中). Renewal (续签) makes a new contract
// following the current one (the old becomes 已续签); 不续签 ends it on its end date (已到期终止) and,
// when asked, starts the resignation (合同到期不续签) with the end date as the last working day. A
// contract change (合同变更) alters the current contract's term or terms from a date, recorded on the
// timeline. An open-ended contract (无固定期限) has no end date. A fixed-term contract ends after it
// starts; a renewal starts after the current contract's start and not later than the day after its end.

export const RENEWAL_READ = 'renewal';
export const RENEWAL_EDIT = 'renewal.edit';
export const CONTRACT_ALTER_READ = 'contractAlter';
export const CONTRACT_ALTER_EDIT = 'contractAlter.edit';
export const DEFAULT_RENEWAL_DAYS = 60;

export const LABOUR_CONTRACT_TYPES = [
  { value: 1, label: '固定期限劳动合同' },
  { value: 2, label: '无固定期限劳动合同' },
  { value: 3, label: '以完成一定工作任务为期限的劳动合同' },
  { value: 4, label: '实习协议' },
  { value: 5, label: '劳务协议' },
] as const;
export type LabourContractType = (typeof LABOUR_CONTRACT_TYPES)[number]['value'];
export function labourContractTypeLabel(v: number): string {
  return LABOUR_CONTRACT_TYPES.find((t) => t.value === v)?.label ?? '其他';
}

export const LABOUR_CONTRACT_STATUSES = [
  { value: 1, label: '生效中' },
  { value: 2, label: '已续签' },
  { value: 3, label: '已到期终止' },
  { value: 4, label: '已解除' },
] as const;
export function labourContractStatusLabel(v: number): string {
  return LABOUR_CONTRACT_STATUSES.find((t) => t.value === v)?.label ?? '未知';
}

const zContractType = z
  .preprocess((v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v) : v), z.literal(LABOUR_CONTRACT_TYPES.map((t) => t.value) as [LabourContractType, ...LabourContractType[]]))
  .describe('合同类型');

export const zLabourContractAdd = z.object({
  employeeId: zId('员工'),
  type: zContractType,
  contractNo: z.string().trim().max(50).optional().describe('合同编号'),
  startDate: zIsoDate('合同开始日期'),
  endDate: zIsoDate('合同结束日期').optional(),
  signDate: zIsoDate('签订日期').optional(),
  remark: zRemark,
});
export type LabourContractAdd = z.infer<typeof zLabourContractAdd>;

export type LabourContractView = {
  id: number;
  employeeId: number;
  contractNo: string | null;
  type: number;
  typeLabel: string;
  startDate: string;
  endDate: string | null;
  signDate: string | null;
  status: number;
  statusLabel: string;
  renewedFrom: number | null;
  terms: Record<string, string | number | null>;
  remark: string | null;
  createdAt: string;
};

export const RENEWAL_TABS = [
  { key: 'expiring', label: '即将到期' },
  { key: 'expired', label: '已过期未处理' },
  { key: 'renewed', label: '已续签' },
  { key: 'ended', label: '不续签' },
] as const;
export type RenewalTab = (typeof RENEWAL_TABS)[number]['key'];

export const zRenewalPage = z.object({
  ...zPaging,
  tab: z.enum(RENEWAL_TABS.map((t) => t.key) as [RenewalTab, ...RenewalTab[]]).default('expiring').describe('列表'),
  withinDays: z.coerce.number().int().min(0).max(365).default(DEFAULT_RENEWAL_DAYS).describe('到期天数'),
  keyword: z.string().trim().max(50).optional().describe('姓名/工号'),
});
export type RenewalPage = z.infer<typeof zRenewalPage>;

export type RenewalRow = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  employeeStatus: number;
  contract: LabourContractView;
  /** renewed: the contract that follows. */
  next: LabourContractView | null;
  /** Days from today to the end date (negative: past). */
  daysLeft: number | null;
};
export type RenewalCounts = Record<RenewalTab, number>;

export const zRenew = z.object({
  contractId: zId('合同'),
  type: zContractType,
  startDate: zIsoDate('新合同开始日期'),
  endDate: zIsoDate('新合同结束日期').optional(),
  contractNo: z.string().trim().max(50).optional().describe('合同编号'),
  remark: zRemark,
});
export type Renew = z.infer<typeof zRenew>;

export const zContractEnd = z.object({
  contractId: zId('合同'),
  /** Also start the resignation (合同到期不续签), last working day = the end date. */
  startQuit: z.boolean().default(true).describe('同时办理离职'),
  remark: zRemark,
});

export const zContractChangeDo = z.object({
  contractId: zId('合同'),
  effectiveDate: zIsoDate('变更生效日期'),
  type: zContractType.optional(),
  /** A new end date; null makes the contract open-ended (only with type 2). */
  endDate: zIsoDate('变更后合同结束日期').nullish(),
  content: z.string().trim().min(1).max(500).describe('变更内容'),
});
export type ContractChangeDo = z.infer<typeof zContractChangeDo>;

export const zContractChangePage = z.object({
  ...zPaging,
  keyword: z.string().trim().max(50).optional().describe('姓名/工号'),
});

export type ContractChangeRow = EmployeeChangeView & { name: string; employeeNo: string | null; departmentName: string | null };

export const zEmployeeContracts = z.object({ employeeId: zId('员工') });

// ── Change settings (异动设置, /enterpriseInformation/transactionSet) and the review step ──

export const TRANSACTION_SET_READ = 'transactionSet';
export const TRANSACTION_SET_EDIT = 'transactionSet.edit';
export const TRANSACTION_SET_REVIEW = 'transactionSet.review';

/** The changes a company may send through review before they take effect. */
export const REVIEWABLE_CHANGE_TYPES = [
  { key: 'regularize', label: '转正' },
  { key: 'transfer', label: '调岗调薪' },
  { key: 'quit', label: '离职' },
] as const;
export type ReviewableChangeType = (typeof REVIEWABLE_CHANGE_TYPES)[number]['key'];

/** The probation a new hire gets unless HR sets another end date (0: none, regular at once). */
export const DEFAULT_PROBATION_MONTHS = 3;

export const zChangeSettings = z.object({
  reviewTypes: z
    .array(z.enum(REVIEWABLE_CHANGE_TYPES.map((t) => t.key) as [ReviewableChangeType, ...ReviewableChangeType[]]).describe('需审批的异动'))
    .max(10)
    .describe('需审批的异动'),
  defaultProbationMonths: z.coerce.number().int().min(0).max(MAX_PROBATION_MONTHS).describe('默认试用期（月）'),
});
export type ChangeSettings = z.infer<typeof zChangeSettings>;
export type ChangeSettingsView = ChangeSettings & { updatedByName: string | null; updatedAt: string | null };

export const CHANGE_REVIEW_TABS = [
  { key: 'pending', label: '待审批' },
  { key: 'rejected', label: '已驳回' },
  { key: 'approved', label: '已通过' },
] as const;
export type ChangeReviewTab = (typeof CHANGE_REVIEW_TABS)[number]['key'];

export const zChangeReviewPage = z.object({
  ...zPaging,
  tab: z.enum(CHANGE_REVIEW_TABS.map((t) => t.key) as [ChangeReviewTab, ...ChangeReviewTab[]]).default('pending').describe('列表'),
  type: z.enum(REVIEWABLE_CHANGE_TYPES.map((t) => t.key) as [ReviewableChangeType, ...ReviewableChangeType[]]).optional().describe('异动类型'),
  keyword: z.string().trim().max(50).optional().describe('姓名/工号'),
});
export type ChangeReviewPage = z.infer<typeof zChangeReviewPage>;

export type ChangeReviewRow = EmployeeChangeView & {
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
};
export type ChangeReviewCounts = Record<ChangeReviewTab, number>;

const zChangeIds = z.array(zId('异动记录')).min(1).max(200).describe('异动记录');
export const zChangeApprove = z.object({ changeIds: zChangeIds, remark: z.string().trim().max(MAX_CHANGE_REMARK).optional().describe('审批意见') });
export type ChangeApprove = z.infer<typeof zChangeApprove>;
export const zChangeReject = z.object({ changeIds: zChangeIds, reason: z.string().trim().min(1).max(MAX_CHANGE_REMARK).describe('驳回原因') });
export type ChangeReject = z.infer<typeof zChangeReject>;
/** Each change's outcome: approved (and applied when due), or why it could not be. */
export type ChangeReviewResult = { done: number; failures: { changeId: number; name: string; message: string }[] };

/**
 * 异动表单: each reviewable change type can carry a company-defined form (formConfig +
 * widgetList, valid only with formConfig and at least one widget), filled in when the change
 * is done and shown to the reviewer and on the timeline. Pictures and attachments are not offered.
 */
export const CHANGE_FORM_WIDGET_EXCLUDED = ['image', 'file'] as const;
const zChangeType = z.enum(REVIEWABLE_CHANGE_TYPES.map((t) => t.key) as [ReviewableChangeType, ...ReviewableChangeType[]]).describe('异动类型');
export const zChangeFormGet = z.object({ type: zChangeType });
export const zChangeFormSave = z
  .object({ type: zChangeType, ...formDefinitionShape })
  .superRefine((def, ctx) => {
    checkFormDefinition(def, ctx);
    (def.widgetList ?? []).forEach((w, i) => {
      if ((CHANGE_FORM_WIDGET_EXCLUDED as readonly string[]).includes(w.type)) ctx.addIssue({ code: 'custom', path: ['widgetList', i, 'type'], message: `异动表单不支持图片和附件控件（${w.label}）` });
    });
  });
export type ChangeFormSave = z.infer<typeof zChangeFormSave>;
/** abnormalChangeFormConfig/get answers this; null when the type has no form. */
export type ChangeFormAnswer = (FormDefinition & { type: ReviewableChangeType; updatedAt: string }) | null;
