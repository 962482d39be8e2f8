import { z } from 'zod';
import { zPaging } from '../paging.ts';

/**
 * 工单管理: a company's tickets to the platform and their conversation, the platform operator's
 * side of them (docs/work-orders.md). Every endpoint is `POST ${WORK_ORDER_API}<path>`.
 */

export const WORK_ORDER_API = '/wfsaas-saas/api';
export const WORK_ORDER_PATHS = {
  list: '/workOrderManagement/list',
  counts: '/workOrderManagement/counts',
  detail: '/workOrderManagement/detail',
  add: '/workOrderManagement/add',
  evaluate: '/workOrderManagement/evaluate',
  delete: '/workOrderManagement/delete',
  lockStatus: '/workOrderManagement/lockStatus',
  confirm: '/workOrderManagement/confirm',
  close: '/workOrderManagement/close',
  file: '/workOrderManagement/file',
  reply: '/workCommunicationRecord/add',
  opList: '/operator/workOrderManagement/list',
  opCounts: '/operator/workOrderManagement/counts',
  opDetail: '/operator/workOrderManagement/detail',
  opAccept: '/operator/workOrderManagement/accept',
  opResolve: '/operator/workOrderManagement/resolve',
  opClose: '/operator/workOrderManagement/close',
  opLockStatus: '/operator/workOrderManagement/lockStatus',
  opUpload: '/operator/workOrderManagement/upload',
  opFile: '/operator/workOrderManagement/file',
  opReply: '/operator/workCommunicationRecord/add',
} as const;
export const WORK_ORDER_READ = 'orderManagement';
export const WORK_ORDER_EDIT = 'orderManagement.edit';

/** What a ticket is about; 意见反馈 is how a company sends product feedback. */
export const WORK_ORDER_CATEGORIES = [
  { value: 1, label: '产品咨询' },
  { value: 2, label: '功能异常' },
  { value: 3, label: '数据问题' },
  { value: 4, label: '账单与发票' },
  { value: 5, label: '意见反馈' },
] as const;
export const workOrderCategoryLabel = (v: number): string => WORK_ORDER_CATEGORIES.find((c) => c.value === v)?.label ?? String(v);

export const WORK_ORDER_STATUS = { pending: 1, processing: 2, toConfirm: 3, done: 4, closed: 5 } as const;
export const WORK_ORDER_STATUSES = [
  { value: 1, label: '待受理' },
  { value: 2, label: '处理中' },
  { value: 3, label: '待确认' },
  { value: 4, label: '已完结' },
  { value: 5, label: '已关闭' },
] as const;
export const workOrderStatusLabel = (v: number): string => WORK_ORDER_STATUSES.find((s) => s.value === v)?.label ?? String(v);
/** Still open: the conversation goes on. */
export const OPEN_WORK_ORDER_STATUSES: readonly number[] = [1, 2, 3];

export type WorkOrderActor = 'company' | 'operator';
/** What may happen to a ticket; each has the words a refusal uses (「工单当前为「X」，不能Y」). */
export const WORK_ORDER_ACTIONS = {
  accept: '受理',
  reply: '回复',
  resolve: '标记为已解决',
  confirm: '确认完结',
  close: '关闭',
  delete: '删除',
  evaluate: '评价',
} as const;
export type WorkOrderAction = keyof typeof WORK_ORDER_ACTIONS;

export type WorkOrderTransition = { from: number; action: WorkOrderAction; to: number; who: readonly WorkOrderActor[] };

const S = WORK_ORDER_STATUS;
/**
 * The transition table of tickets, the only place that says how a status may change. A platform
 * reply to a ticket 待受理 accepts it; a company reply to one 待确认 takes it back to 处理中.
 */
export const WORK_ORDER_TRANSITIONS: readonly WorkOrderTransition[] = [
  { from: S.pending, action: 'accept', to: S.processing, who: ['operator'] },
  { from: S.pending, action: 'reply', to: S.pending, who: ['company'] },
  { from: S.pending, action: 'reply', to: S.processing, who: ['operator'] },
  { from: S.processing, action: 'reply', to: S.processing, who: ['company', 'operator'] },
  { from: S.toConfirm, action: 'reply', to: S.processing, who: ['company'] },
  { from: S.toConfirm, action: 'reply', to: S.toConfirm, who: ['operator'] },
  { from: S.processing, action: 'resolve', to: S.toConfirm, who: ['operator'] },
  { from: S.toConfirm, action: 'confirm', to: S.done, who: ['company'] },
  { from: S.pending, action: 'close', to: S.closed, who: ['company', 'operator'] },
  { from: S.processing, action: 'close', to: S.closed, who: ['company', 'operator'] },
  { from: S.toConfirm, action: 'close', to: S.closed, who: ['company', 'operator'] },
  { from: S.pending, action: 'delete', to: S.pending, who: ['company'] },
  { from: S.done, action: 'evaluate', to: S.done, who: ['company'] },
];

/** The row of the table for this move, or the refusal's words when there is none. */
export function findWorkOrderTransition(from: number, action: WorkOrderAction, who: WorkOrderActor): { ok: true; t: WorkOrderTransition } | { ok: false; message: string } {
  const t = WORK_ORDER_TRANSITIONS.find((x) => x.from === from && x.action === action && x.who.includes(who));
  if (t) return { ok: true, t };
  return { ok: false, message: `工单当前为「${workOrderStatusLabel(from)}」，不能${WORK_ORDER_ACTIONS[action]}` };
}

/** The actions one side may take on a ticket in this status (the buttons a screen shows). */
export function workOrderActions(status: number, who: WorkOrderActor): WorkOrderAction[] {
  return [...new Set(WORK_ORDER_TRANSITIONS.filter((t) => t.from === status && t.who.includes(who)).map((t) => t.action))];
}

/** A record of the company a ticket may point at; employee and bill references are checked to be the company's. */
export const WORK_ORDER_RELATED_TYPES = [
  { value: 'employee', label: '员工' },
  { value: 'bill', label: '平台账单' },
  { value: 'other', label: '其他' },
] as const;
export type WorkOrderRelatedType = (typeof WORK_ORDER_RELATED_TYPES)[number]['value'];
export const workOrderRelatedLabel = (v: string): string => WORK_ORDER_RELATED_TYPES.find((t) => t.value === v)?.label ?? v;

export const WORK_ORDER_MAX_FILES = 9;
export const MSG_WORK_ORDER_LOCKED = '工单已锁定，不能修改、回复或评价，请先解锁';

const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`).describe(label);
const id = (label: string) => z.coerce.number().int().positive(`${label}无效`).describe(label);
const fileIds = z
  .array(z.string().trim().regex(/^[0-9a-f]{32}$/i, '附件无效，请重新上传').describe('附件'))
  .max(WORK_ORDER_MAX_FILES, `附件最多${WORK_ORDER_MAX_FILES}个`)
  .default([])
  .describe('附件');

export const zWorkOrderRelated = z
  .object({
    type: z.enum(['employee', 'bill', 'other'], { message: '关联记录类型无效' }).describe('关联记录类型'),
    id: id('关联记录').optional(),
    label: text('关联记录说明', 60).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'other' && !v.label) ctx.addIssue({ code: 'custom', path: ['label'], message: '关联记录说明：请填写关联的记录' });
    if (v.type !== 'other' && !v.id) ctx.addIssue({ code: 'custom', path: ['id'], message: '关联记录：请选择关联的记录' });
  })
  .describe('关联记录');

export const zWorkOrderAdd = z.object({
  category: z.coerce
    .number()
    .int()
    .refine((v) => WORK_ORDER_CATEGORIES.some((c) => c.value === v), '工单类型无效')
    .describe('工单类型'),
  title: text('标题', 60).min(2, '标题至少2个字'),
  description: text('问题描述', 2000).min(5, '问题描述至少5个字'),
  contactPhone: z
    .string()
    .trim()
    .regex(/^(1\d{10})?$/, '联系电话应为11位手机号')
    .optional()
    .describe('联系电话'),
  related: zWorkOrderRelated.optional(),
  fileIds,
});
export type WorkOrderAddInput = z.infer<typeof zWorkOrderAdd>;

export const zWorkOrderList = z.object({
  ...zPaging,
  status: z.coerce.number().int().min(1).max(5).optional().describe('状态'),
  category: z.coerce.number().int().min(1).max(5).optional().describe('工单类型'),
  keyword: text('关键词', 60).optional(),
});
export const zWorkOrderId = z.object({ id: id('工单') });
export const zWorkOrderReply = z.object({ workOrderId: id('工单'), content: text('回复内容', 2000).min(1, '回复内容不能为空'), fileIds });
export type WorkOrderReplyInput = z.infer<typeof zWorkOrderReply>;
export const zWorkOrderEvaluate = z.object({
  id: id('工单'),
  rating: z.coerce.number().int('评分应为1–5星').min(1, '评分应为1–5星').max(5, '评分应为1–5星').describe('评分'),
  comment: text('评价内容', 200).default(''),
});
export const zWorkOrderLock = z.object({ id: id('工单'), locked: z.boolean().describe('锁定状态') });
export const zWorkOrderFile = z.object({ id: id('工单'), fileId: z.string().trim().regex(/^[0-9a-f]{32}$/i, '附件无效').describe('附件') });

export const zOpWorkOrderList = z.object({
  ...zPaging,
  /** 0: every open ticket (待受理 first, then those waiting for a platform reply, oldest first). */
  status: z.coerce.number().int().min(0).max(5).default(0).describe('状态'),
  keyword: text('关键词', 60).optional(),
});
export const zOpWorkOrderRef = z.object({ companyId: id('企业'), id: id('工单') });
export const zOpWorkOrderReply = z.object({ companyId: id('企业'), workOrderId: id('工单'), content: text('回复内容', 2000).min(1, '回复内容不能为空'), fileIds });
export const zOpWorkOrderLock = zOpWorkOrderRef.extend({ locked: z.boolean().describe('锁定状态') });
export const zOpWorkOrderFile = zOpWorkOrderRef.extend({ fileId: z.string().trim().regex(/^[0-9a-f]{32}$/i, '附件无效').describe('附件') });

export type WorkOrderFileView = { fileId: string; name: string; size: number; isImage: boolean };
export type WorkOrderMessageView = {
  id: number;
  /** company: a member of the company; operator: the platform; system: a status change. */
  authorKind: 'company' | 'operator' | 'system';
  authorName: string;
  content: string;
  createdAt: string;
  files: WorkOrderFileView[];
};
export type WorkOrderView = {
  id: number;
  orderNo: string;
  category: number;
  categoryLabel: string;
  title: string;
  description: string;
  /** Masked in lists; in full on the detail. */
  contactPhone: string;
  related: { type: string; typeLabel: string; id: number | null; label: string } | null;
  status: 1 | 2 | 3 | 4 | 5;
  statusLabel: string;
  locked: boolean;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
  acceptedAt: string | null;
  resolvedAt: string | null;
  finishedAt: string | null;
  closedAt: string | null;
  rating: number | null;
  ratingComment: string | null;
  ratedAt: string | null;
  /** A new ticket, or the company's last word not yet answered by the platform. */
  awaitingPlatform: boolean;
  messageCount: number;
};
export type WorkOrderDetail = WorkOrderView & { files: WorkOrderFileView[]; messages: WorkOrderMessageView[]; actions: WorkOrderAction[] };
export type OpWorkOrderView = WorkOrderView & { companyId: number; companyName: string };
export type OpWorkOrderDetail = WorkOrderDetail & { companyId: number; companyName: string };
/** Tickets per status; `toConfirm` (waiting for the company) drives the 工单管理 menu badge. */
export type WorkOrderCounts = { all: number; byStatus: Record<string, number>; toConfirm: number };
export type OpWorkOrderCounts = { open: number; awaitingPlatform: number; byStatus: Record<string, number> };
export type WorkOrderUploaded = WorkOrderFileView;
