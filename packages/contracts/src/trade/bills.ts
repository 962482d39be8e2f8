import { z } from 'zod';
import { BILL_STATUS, BILL_STATUSES } from '../outsourcing/codes.ts';
import { zPaging } from '../paging.ts';
export { BILL_API, BILL_PATHS } from './bill-paths.ts';

/**
 * Platform bills (what the company pays the platform): their types, the transition table of their
 * twelve statuses, the badge, payments and the API (docs/trade.md). The status codes are shared
 * with the client bills of outsourcing; the type labels are not.
 */

/** Platform bill types: 1 月度结算账单 (the monthly statement), 5 一次性账单 (a price order, a payout). */
export const PLATFORM_BILL_TYPE = { monthly: 1, oneOff: 5 } as const;
export const PLATFORM_BILL_TYPES = [
  { value: 1, label: '月度结算账单' },
  { value: 5, label: '一次性账单' },
] as const;

/**
 * The type filter of 账单管理 (allowed values -1, 1, 2, 3, 4): -1 全部; 1 月度结算账单; 2 订阅账单,
 * 3 代发工资账单, 4 其他一次性账单 — the one-off bills (type 5) split by what raised them.
 */
export const BILL_TYPE_FILTERS = [
  { value: -1, label: '全部' },
  { value: 1, label: '月度结算账单' },
  { value: 2, label: '订阅账单' },
  { value: 3, label: '代发工资账单' },
  { value: 4, label: '其他一次性账单' },
] as const;

export type BillActor = 'member' | 'operator' | 'job';

/** What may happen to a platform bill; each has the words a refusal uses (「账单当前为「X」，不能Y」). */
export const BILL_ACTIONS = {
  generate: '生成账单',
  release: '发布账单',
  confirm: '确认账单',
  unlock: '申请解锁',
  startUpdate: '开始更新账单',
  finishUpdate: '完成账单更新',
  finishGenerate: '完成账单生成',
  retryUpdate: '重试更新',
  regenerate: '重新生成账单',
  retryGenerate: '重试生成',
  submitTransfer: '提交转账凭证',
  confirmTransfer: '确认到账',
  rejectTransfer: '驳回转账',
  payCustody: '托管账户付款',
  payOnline: '在线支付',
  markOverdue: '标记逾期',
  suspend: '暂停账单',
  withdraw: '撤销账单',
  resume: '恢复账单',
} as const;
export type BillAction = keyof typeof BILL_ACTIONS;

/**
 * One row of the table: from a status, an action by one of `who`, leads to `to`; work that can fail
 * (asking the statement sources again) leads to `failTo` with the reason instead.
 */
export type BillTransition = { from: number | null; action: BillAction; to: number; failTo?: number; who: readonly BillActor[] };

const S = BILL_STATUS;
/** The transition table of platform bills, the only place that says how a status may change. */
export const BILL_TRANSITIONS: readonly BillTransition[] = [
  { from: null, action: 'generate', to: S.review, failTo: S.generationError, who: ['job'] },
  { from: S.generationError, action: 'retryGenerate', to: S.updating, who: ['member', 'operator'] },
  { from: S.updating, action: 'finishGenerate', to: S.review, failTo: S.generationError, who: ['job'] },
  { from: S.review, action: 'release', to: S.toConfirm, who: ['operator'] },
  { from: S.toConfirm, action: 'confirm', to: S.toPay, who: ['member'] },
  { from: S.toConfirm, action: 'unlock', to: S.unlocked, who: ['member'] },
  { from: S.unlocked, action: 'startUpdate', to: S.unlockUpdating, who: ['job'] },
  { from: S.unlockUpdating, action: 'finishUpdate', to: S.toConfirm, failTo: S.unlockUpdateError, who: ['job'] },
  { from: S.unlockUpdateError, action: 'retryUpdate', to: S.unlockUpdating, who: ['member', 'operator'] },
  { from: S.toConfirm, action: 'regenerate', to: S.updating, who: ['operator'] },
  { from: S.updating, action: 'finishUpdate', to: S.toConfirm, failTo: S.updateError, who: ['job'] },
  { from: S.updateError, action: 'retryUpdate', to: S.updating, who: ['member', 'operator'] },
  { from: S.toPay, action: 'submitTransfer', to: S.toPay, who: ['member'] },
  { from: S.overdue, action: 'submitTransfer', to: S.overdue, who: ['member'] },
  { from: S.toPay, action: 'confirmTransfer', to: S.paid, who: ['operator'] },
  { from: S.overdue, action: 'confirmTransfer', to: S.paid, who: ['operator'] },
  { from: S.toPay, action: 'rejectTransfer', to: S.toPay, who: ['operator'] },
  { from: S.overdue, action: 'rejectTransfer', to: S.overdue, who: ['operator'] },
  { from: S.toPay, action: 'payCustody', to: S.paid, who: ['member', 'job'] },
  { from: S.overdue, action: 'payCustody', to: S.paid, who: ['member', 'job'] },
  { from: S.toPay, action: 'payOnline', to: S.paid, who: ['member'] },
  { from: S.overdue, action: 'payOnline', to: S.paid, who: ['member'] },
  { from: S.toPay, action: 'markOverdue', to: S.overdue, who: ['job'] },
  { from: S.toPay, action: 'suspend', to: S.suspended, who: ['operator'] },
  { from: S.overdue, action: 'suspend', to: S.suspended, who: ['operator'] },
  { from: S.toConfirm, action: 'withdraw', to: S.suspended, who: ['member', 'operator', 'job'] },
  { from: S.toPay, action: 'withdraw', to: S.suspended, who: ['member', 'operator', 'job'] },
  { from: S.overdue, action: 'withdraw', to: S.suspended, who: ['member', 'operator', 'job'] },
  { from: S.suspended, action: 'resume', to: S.toPay, who: ['operator'] },
];

export const billStatusLabel = (status: number): string => BILL_STATUSES.find((s) => s.value === status)?.label ?? String(status);

/** The row of the table for this move, or the refusal's words when there is none. */
export function findBillTransition(from: number | null, action: BillAction, who: BillActor): { ok: true; t: BillTransition } | { ok: false; message: string } {
  const t = BILL_TRANSITIONS.find((x) => x.from === from && x.action === action && x.who.includes(who));
  if (t) return { ok: true, t };
  return { ok: false, message: `账单当前为「${from === null ? '未生成' : billStatusLabel(from)}」，不能${BILL_ACTIONS[action]}` };
}

/** The actions a member may take on a bill in this status (withdraw is done by the module that raised the bill, not a button). */
export function memberActions(status: number): BillAction[] {
  return BILL_TRANSITIONS.filter((t) => t.from === status && t.who.includes('member') && t.action !== 'withdraw').map((t) => t.action);
}

/** Statuses counted by the 账单管理 badge: bills waiting for the company (待确认, and 待付款/已逾期 with no transfer awaiting the platform). */
export const BILL_BADGE_STATUSES: readonly number[] = [S.toConfirm, S.toPay, S.overdue];

/** A payment of a bill: 1 待平台确认, 2 已确认, 3 已驳回. Methods: bank transfer, the custody account, online. */
export const BILL_PAYMENT_STATUS = { pending: 1, confirmed: 2, rejected: 3 } as const;
export const BILL_PAYMENT_STATUSES = [
  { value: 1, label: '待平台确认' },
  { value: 2, label: '已确认' },
  { value: 3, label: '已驳回' },
] as const;
export const BILL_PAYMENT_METHODS = [
  { value: 'transfer', label: '银行转账' },
  { value: 'custody', label: '托管账户' },
  { value: 'online', label: '在线支付' },
] as const;
export type BillPaymentMethod = (typeof BILL_PAYMENT_METHODS)[number]['value'];

/**
 * Where a company transfers a bill's amount or a deposit: the platform's receiving account, set by the
 * platform's configuration (PLATFORM_PAYEE_BANK, PLATFORM_PAYEE_ACCOUNT); null until it is set.
 */
export type PlatformPayee = { accountName: string; bankName: string; accountNo: string };


const zBillIdField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('账单');
const zReason = (label: string) => z.string().trim().min(1).max(500).describe(label);

export const zPlatformBillPage = z.object({
  ...zPaging,
  status: z.number().int().refine((v) => v === -1 || (v >= 1 && v <= 12)).default(-1).describe('账单状态'),
  billType: z.number().int().refine((v) => BILL_TYPE_FILTERS.some((f) => f.value === v)).default(-1).describe('账单类型'),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional().describe('账单月份'),
  billNo: z.string().trim().max(40).optional().describe('账单编号'),
});
export type PlatformBillPageInput = z.input<typeof zPlatformBillPage>;
export const zPlatformBillId = z.object({ billId: zBillIdField });
export const zBillUnlock = z.object({ billId: zBillIdField, reason: zReason('解锁原因') });
export const zBillPayTransfer = z.object({
  billId: zBillIdField,
  reference: z.string().trim().min(1).max(64).describe('转账流水号'),
  proofFileId: z.string().trim().min(1).max(64).describe('付款凭证'),
});

const zCompanyIdField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('企业');
export const zOperatorBillPage = z.object({
  ...zPaging,
  status: z.number().int().refine((v) => v === -1 || (v >= 1 && v <= 12)).default(-1).describe('账单状态'),
  awaitingOnly: z.boolean().default(false).describe('仅看待确认转账'),
});
export const zOperatorBill = z.object({ companyId: zCompanyIdField, billId: zBillIdField });
export const zOperatorBillReason = z.object({ companyId: zCompanyIdField, billId: zBillIdField, reason: zReason('原因') });
export const zOperatorPayment = z.object({ companyId: zCompanyIdField, paymentId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('付款记录') });
export const zOperatorPaymentReject = zOperatorPayment.extend({ reason: zReason('驳回原因') });

export type PlatformBillRow = {
  id: number;
  billNo: string;
  billType: number;
  kind: string;
  title: string;
  month: string | null;
  status: number;
  amount: string;
  dueDate: string | null;
  reason: string | null;
  createdAt: string;
  /** A bank transfer awaits the platform's confirmation. */
  transferPending: boolean;
};
export type PlatformBillLine = { lineNo: number; item: string; quantity: string; unit: string; unitPrice: string; amount: string; note: string | null };
export type PlatformBillEvent = { id: number; action: string; fromStatus: number | null; toStatus: number; actorKind: string; reason: string | null; at: string };
export type PlatformBillPayment = {
  id: number;
  method: string;
  amount: string;
  reference: string;
  /** The proof image's file id, downloadable under 账单管理. */
  proofFileId: string | null;
  status: number;
  rejectReason: string | null;
  submittedAt: string;
  decidedAt: string | null;
};
export type PlatformBillDetail = PlatformBillRow & { lines: PlatformBillLine[]; events: PlatformBillEvent[]; payments: PlatformBillPayment[]; actions: BillAction[] };
export type BillStatusCount = { status: number; count: number };
export type BillBadge = { billCount: number };
export type OperatorBillRow = PlatformBillRow & { companyId: number; companyName: string; pendingPaymentId: number | null; pendingReference: string | null };
