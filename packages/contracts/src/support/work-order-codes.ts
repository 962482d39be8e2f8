/**
 * 工单管理's paths, codes, statuses and answers (docs/work-orders.md): no zod, so the layout's badge
 * loads without it. The request schemas are in work-orders.ts.
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
