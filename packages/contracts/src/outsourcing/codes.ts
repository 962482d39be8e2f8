/** Codes of outsourced labour: client kinds, post kinds, fee and VAT kinds, order, placement and bill statuses. */

/** A client's agreement: 1 劳务派遣, 2 业务外包, 3 灵活用工. */
export const CLIENT_KIND = { dispatch: 1, outsourcing: 2, flexible: 3 } as const;
export type ClientKind = (typeof CLIENT_KIND)[keyof typeof CLIENT_KIND];
export const CLIENT_KINDS = [
  { value: 1, label: '劳务派遣' },
  { value: 2, label: '业务外包' },
  { value: 3, label: '灵活用工' },
] as const;

/** A post a client may fill. Dispatched workers may fill only temporary, auxiliary or substitute posts. */
export const POST_KINDS = [
  { value: 'temporary', label: '临时性' },
  { value: 'auxiliary', label: '辅助性' },
  { value: 'substitute', label: '替代性' },
  { value: 'regular', label: '主营岗位' },
] as const;
export type PostKind = (typeof POST_KINDS)[number]['value'];
export const DISPATCH_POST_KINDS: readonly PostKind[] = ['temporary', 'auxiliary', 'substitute'];

/** The service fee: a fixed amount per worker and month, or a rate of wages plus the employer's contributions. */
export const FEE_KINDS = [
  { value: 'perHead', label: '按人头' },
  { value: 'percent', label: '按比例' },
] as const;
export type FeeKind = (typeof FEE_KINDS)[number]['value'];

/** VAT: general 6 % on the whole amount, or the dispatch simplified 5 % on the difference (the service fee). */
export const VAT_KINDS = [
  { value: 'general', label: '一般计税 6%（全额）', rate: '0.06' },
  { value: 'simplified', label: '简易计税 5%（差额）', rate: '0.05' },
] as const;
export type VatKind = (typeof VAT_KINDS)[number]['value'];

/** 补岗单: 1 待接单, 2 招聘中, 3 部分到岗, 4 已完成, 5 已取消. */
export const ORDER_STATUS = { waiting: 1, recruiting: 2, partial: 3, done: 4, cancelled: 5 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES = [
  { value: 1, label: '待接单' },
  { value: 2, label: '招聘中' },
  { value: 3, label: '部分到岗' },
  { value: 4, label: '已完成' },
  { value: 5, label: '已取消' },
] as const;

/** 退工单: 1 待处理, 2 处理中, 3 已完成, 4 已取消. */
export const DISMISS_STATUS = { waiting: 1, handling: 2, done: 3, cancelled: 4 } as const;
export type DismissStatus = (typeof DISMISS_STATUS)[keyof typeof DISMISS_STATUS];
export const DISMISS_STATUSES = [
  { value: 1, label: '待处理' },
  { value: 2, label: '处理中' },
  { value: 3, label: '已完成' },
  { value: 4, label: '已取消' },
] as const;

/** The client's approval of an order raised for it under joint custody: 0 无需审批, 1 待审批, 2 已同意, 3 已驳回. */
export const APPROVAL = { none: 0, waiting: 1, approved: 2, rejected: 3 } as const;
export type Approval = (typeof APPROVAL)[keyof typeof APPROVAL];
export const APPROVALS = [
  { value: 0, label: '无需审批' },
  { value: 1, label: '待用工单位审批' },
  { value: 2, label: '用工单位已同意' },
  { value: 3, label: '用工单位已驳回' },
] as const;

/** What the provider does with a returned worker. */
export const DISMISS_OUTCOMES = [
  { value: 'replace', label: '重新派遣' },
  { value: 'resign', label: '办理离职' },
] as const;
export type DismissOutcome = (typeof DISMISS_OUTCOMES)[number]['value'];

/** A placement: 1 待入职, 2 在岗, 3 待离岗, 4 已离岗, 5 已放弃. */
export const PLACEMENT_STATUS = { pending: 1, active: 2, leaving: 3, left: 4, abandoned: 5 } as const;
export type PlacementStatus = (typeof PLACEMENT_STATUS)[keyof typeof PLACEMENT_STATUS];
export const PLACEMENT_STATUSES = [
  { value: 1, label: '待入职' },
  { value: 2, label: '在岗' },
  { value: 3, label: '待离岗' },
  { value: 4, label: '已离岗' },
  { value: 5, label: '已放弃' },
] as const;

/** Why a placement ended. */
export const LEAVE_SOURCES = [
  { value: 'dismiss', label: '用工单位退工' },
  { value: 'resign', label: '员工离职' },
  { value: 'replace', label: '转派其他用工单位' },
] as const;
export type LeaveSource = (typeof LEAVE_SOURCES)[number]['value'];

/** Dispatch ratio: warn from 9 %, refuse past 10 % (劳务派遣暂行规定 第四条). */
export const DISPATCH_RATIO_WARN = '0.09';
export const DISPATCH_RATIO_MAX = '0.10';

/** Bill status codes (shared with the trade module). */
export const BILL_STATUS = {
  review: 1, toConfirm: 2, toPay: 3, paid: 4, unlocked: 5, overdue: 6, suspended: 7, updating: 8,
  unlockUpdating: 9, updateError: 10, unlockUpdateError: 11, generationError: 12,
} as const;
export type BillStatus = (typeof BILL_STATUS)[keyof typeof BILL_STATUS];
export const BILL_STATUSES = [
  { value: 1, label: '审核中' },
  { value: 2, label: '待确认' },
  { value: 3, label: '待付款' },
  { value: 4, label: '已付款' },
  { value: 5, label: '已解锁' },
  { value: 6, label: '已逾期' },
  { value: 7, label: '已暂停' },
  { value: 8, label: '更新中' },
  { value: 9, label: '解锁更新中' },
  { value: 10, label: '更新失败' },
  { value: 11, label: '解锁更新失败' },
  { value: 12, label: '生成失败' },
] as const;
/** Bill types: 1 客户月度账单, 5 一次性账单. */
export const BILL_TYPE = { monthly: 1, oneOff: 5 } as const;
export const BILL_TYPES = [
  { value: 1, label: '客户月度账单' },
  { value: 5, label: '一次性账单' },
] as const;

/** Worker fields a provider may show a client under joint custody (name and post always show). */
export const CUSTODY_FIELDS = [
  { value: 'employeeNo', label: '工号' },
  { value: 'mobile', label: '手机号（脱敏）' },
  { value: 'idNumber', label: '证件号码（脱敏）' },
  { value: 'gender', label: '性别' },
  { value: 'startDate', label: '到岗日期' },
  { value: 'contract', label: '劳动合同状态' },
] as const;
export type CustodyField = (typeof CUSTODY_FIELDS)[number]['value'];
