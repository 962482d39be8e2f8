import { Readable } from 'node:stream';
import {
  findWorkOrderTransition,
  maskPhone,
  MSG_WORK_ORDER_LOCKED,
  WORK_ORDER_READ,
  WORK_ORDER_STATUS,
  WORK_ORDER_STATUSES,
  workOrderActions,
  workOrderCategoryLabel,
  workOrderRelatedLabel,
  workOrderStatusLabel,
  type OpWorkOrderCounts,
  type OpWorkOrderDetail,
  type OpWorkOrderView,
  type WorkOrderAction,
  type WorkOrderActor,
  type WorkOrderAddInput,
  type WorkOrderCounts,
  type WorkOrderDetail,
  type WorkOrderFileView,
  type WorkOrderMessageView,
  type WorkOrderReplyInput,
  type WorkOrderView,
} from '@wfsaas/contracts';
import { chinaMonth } from '../../platform/china-date.ts';
import type { Tx } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { claimUpload, openStoredFile, readerHolds, recordUpload, storeUpload, type FileAccessRule, type FileRow } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { MESSAGE_TYPES, notify } from '../../platform/notify.ts';
import * as q from './work-orders.queries.ts';

/**
 * 工单: a company opens a ticket, the platform operator accepts, answers and resolves it, the
 * company confirms and rates it (docs/work-orders.md). Status changes follow WORK_ORDER_TRANSITIONS.
 */

const actorOf = (c: Pick<ServiceCtx, 'actorKind'>): WorkOrderActor => (c.actorKind === 'operator' ? 'operator' : 'company');
const iso = (d: Date | null) => d?.toISOString() ?? null;
const detailLink = (row: Pick<q.WorkOrderRow, 'id' | 'orderNo'>) => `/managementDetail/${row.id}/${encodeURIComponent(row.orderNo)}`;

/**
 * The ticket as a side sees it. The platform never reads the company's HR records: an employee
 * reference shows to it as its type alone.
 */
function toView(r: q.WorkOrderRow & { messageCount?: number }, who: WorkOrderActor, phone: 'masked' | 'full', cipher?: ServiceCtx['services']['cipher']): WorkOrderView {
  const hideLabel = who === 'operator' && r.relatedType === 'employee';
  return {
    id: r.id,
    orderNo: r.orderNo,
    category: r.category,
    categoryLabel: workOrderCategoryLabel(r.category),
    title: r.title,
    description: r.description,
    contactPhone: phone === 'full' && r.contactPhoneEnc && cipher ? cipher.decrypt(r.contactPhoneEnc) : (r.contactPhoneMasked ?? ''),
    related: r.relatedType ? { type: r.relatedType, typeLabel: workOrderRelatedLabel(r.relatedType), id: hideLabel ? null : r.relatedId, label: hideLabel ? '（企业内部记录，平台不可见）' : (r.relatedLabel ?? '') } : null,
    status: r.status as WorkOrderView['status'],
    statusLabel: workOrderStatusLabel(r.status),
    locked: r.locked,
    createdByName: r.createdByName,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    acceptedAt: iso(r.acceptedAt),
    resolvedAt: iso(r.resolvedAt),
    finishedAt: iso(r.finishedAt),
    closedAt: iso(r.closedAt),
    rating: r.rating,
    ratingComment: r.ratingComment,
    ratedAt: iso(r.ratedAt),
    awaitingPlatform: r.awaitingPlatform,
    messageCount: r.messageCount ?? 0,
  };
}

const toFile = (a: q.AttachmentRow): WorkOrderFileView => ({ fileId: a.publicId, name: a.name, size: a.size, isImage: a.isImage });

async function detailOf(c: ServiceCtx, row: q.WorkOrderRow): Promise<WorkOrderDetail> {
  const who = actorOf(c);
  const [messages, attachments] = await Promise.all([q.listMessages(c.tx, c.companyId, row.id), q.listAttachments(c.tx, c.companyId, row.id)]);
  const list: WorkOrderMessageView[] = messages.map((m) => ({
    id: m.id,
    authorKind: m.authorKind as WorkOrderMessageView['authorKind'],
    authorName: m.authorName,
    content: m.content,
    createdAt: m.createdAt.toISOString(),
    files: attachments.filter((a) => a.messageId === m.id).map(toFile),
  }));
  const view = toView({ ...row, messageCount: messages.filter((m) => m.authorKind !== 'system').length }, who, 'full', c.services.cipher);
  return { ...view, files: attachments.filter((a) => a.messageId === null).map(toFile), messages: list, actions: row.locked ? [] : workOrderActions(row.status, who) };
}

async function requireOrder(c: Pick<ServiceCtx, 'tx' | 'companyId'>, id: number): Promise<q.WorkOrderRow> {
  const row = await q.findWorkOrder(c.tx, c.companyId, id);
  if (!row) throw notFound('工单');
  return row;
}

/** Takes the caller's uploads (public ids) for the ticket; an unknown or already used one names the field. */
async function claimFiles(c: ServiceCtx, workOrderId: number, messageId: number | null, publicIds: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const publicId of new Set(publicIds.map((p) => p.toLowerCase()))) {
    const file = await claimUpload(c.tx, c.companyId, publicId, c.user.userId, { kind: 'work_order', ownerId: workOrderId });
    if (!file) throw badRequest('附件：文件不存在或已被使用，请重新上传');
    ids.push(file.id);
  }
  await q.linkFiles(c.tx, c.companyId, workOrderId, messageId, ids);
  return ids;
}

/** The related record: an employee or a platform bill must be the company's; its label is the record's own. */
async function resolveRelated(c: ServiceCtx, related: WorkOrderAddInput['related']): Promise<Pick<q.NewWorkOrder, 'relatedType' | 'relatedId' | 'relatedLabel'>> {
  if (!related) return { relatedType: null, relatedId: null, relatedLabel: null };
  if (related.type === 'other') return { relatedType: 'other', relatedId: null, relatedLabel: related.label ?? '' };
  const label = related.type === 'employee' ? await q.findEmployeeLabel(c.tx, c.companyId, related.id!) : await q.findBillLabel(c.tx, c.companyId, related.id!);
  if (!label) throw badRequest(`关联记录：所选${workOrderRelatedLabel(related.type)}不存在`);
  return { relatedType: related.type, relatedId: related.id!, relatedLabel: label };
}

/** Tells the ticket's opener (in the message centre) what the platform did. */
async function tellOpener(c: ServiceCtx, row: q.WorkOrderRow, title: string, content: string): Promise<void> {
  await notify(c.tx, c.services, { companyId: c.companyId, userId: row.createdBy, channels: ['inapp'], type: MESSAGE_TYPES.system, title, content, link: detailLink(row) });
}

export async function addWorkOrder(c: ServiceCtx, input: WorkOrderAddInput): Promise<WorkOrderDetail> {
  const related = await resolveRelated(c, input.related);
  const stem = `GD${chinaMonth().replace('-', '')}`;
  const seq = (await q.lastOrderSeq(c.tx, c.companyId, stem)) + 1;
  const phone = input.contactPhone || null;
  const row = await q.insertWorkOrder(c.tx, c.companyId, {
    orderNo: `${stem}${String(seq).padStart(4, '0')}`,
    category: input.category,
    title: input.title,
    description: input.description,
    contactPhoneEnc: phone ? c.services.cipher.encrypt(phone) : null,
    contactPhoneMasked: phone ? maskPhone(phone) : null,
    ...related,
    status: WORK_ORDER_STATUS.pending,
    awaitingPlatform: true,
    createdBy: c.user.userId,
    createdByName: c.user.nickname,
  });
  await claimFiles(c, row.id, null, input.fileIds);
  await q.insertMessage(c.tx, c.companyId, row.id, { authorKind: 'system', authorUserId: c.user.userId, authorName: c.user.nickname, content: '提交了工单' });
  await c.audit({ action: 'workOrder.add', entity: 'work_order', entityId: row.id, after: { orderNo: row.orderNo, category: row.category, title: row.title, relatedType: row.relatedType, relatedId: row.relatedId, files: input.fileIds.length } });
  return detailOf(c, row);
}

export async function pageWorkOrders(c: ServiceCtx, input: { pageNum: number; pageSize: number } & q.ListFilter): Promise<Paged<WorkOrderView>> {
  const { rows, total } = await q.listWorkOrdersPage(c.tx, c.companyId, { status: input.status, category: input.category, keyword: input.keyword || undefined }, (input.pageNum - 1) * input.pageSize, input.pageSize);
  return new Paged(rows.map((r) => toView(r, 'company', 'masked')), input.pageNum, input.pageSize, total);
}

export async function workOrderCounts(c: ServiceCtx): Promise<WorkOrderCounts> {
  const by = await q.countByStatus(c.tx, c.companyId);
  const byStatus = Object.fromEntries(WORK_ORDER_STATUSES.map((s) => [String(s.value), by.get(s.value) ?? 0]));
  return { all: [...by.values()].reduce((a, b) => a + b, 0), byStatus, toConfirm: by.get(WORK_ORDER_STATUS.toConfirm) ?? 0 };
}

export async function workOrderDetail(c: ServiceCtx, id: number): Promise<WorkOrderDetail> {
  return detailOf(c, await requireOrder(c, id));
}

/** A ticket that takes changes: not locked, and the move is in the table for the caller's side. */
function checkMove(c: ServiceCtx, row: q.WorkOrderRow, action: WorkOrderAction) {
  if (row.locked) throw conflict(MSG_WORK_ORDER_LOCKED);
  const found = findWorkOrderTransition(row.status, action, actorOf(c));
  if (!found.ok) throw conflict(found.message);
  return found.t;
}

/** Applies a move to a ticket as read; a concurrent change in between is refused. */
async function apply(c: ServiceCtx, before: q.WorkOrderRow, set: Partial<q.NewWorkOrder>): Promise<q.WorkOrderRow> {
  const after = await q.updateWorkOrder(c.tx, c.companyId, before.id, before, set);
  if (!after) throw conflict('工单已被更新，请刷新后重试');
  return after;
}

async function systemNote(c: ServiceCtx, row: q.WorkOrderRow, content: string): Promise<void> {
  await q.insertMessage(c.tx, c.companyId, row.id, { authorKind: 'system', authorUserId: c.user.userId, authorName: actorOf(c) === 'operator' ? '平台客服' : c.user.nickname, content });
}

async function audit(c: ServiceCtx, action: string, before: q.WorkOrderRow, after: q.WorkOrderRow, extra: Record<string, unknown> = {}) {
  await c.audit({ action: `workOrder.${action}`, entity: 'work_order', entityId: after.id, before: { status: before.status, locked: before.locked }, after: { status: after.status, locked: after.locked, ...extra } });
}

/** workCommunicationRecord/add: a message from either side, with attachments; it may move the ticket (the table's reply rows). */
export async function replyToWorkOrder(c: ServiceCtx, input: WorkOrderReplyInput): Promise<WorkOrderDetail> {
  const before = await requireOrder(c, input.workOrderId);
  const t = checkMove(c, before, 'reply');
  const who = actorOf(c);
  const now = new Date();
  const after = await apply(c, before, {
    status: t.to,
    awaitingPlatform: who === 'company',
    ...(who === 'operator' && before.status === WORK_ORDER_STATUS.pending ? { acceptedAt: now } : {}),
    ...(t.to === WORK_ORDER_STATUS.processing && before.status === WORK_ORDER_STATUS.toConfirm ? { resolvedAt: null } : {}),
  });
  const message = await q.insertMessage(c.tx, c.companyId, before.id, { authorKind: who, authorUserId: c.user.userId, authorName: c.user.nickname, content: input.content });
  await claimFiles(c, before.id, message.id, input.fileIds);
  if (before.status !== after.status) await systemNote(c, after, who === 'operator' ? '平台已受理工单' : '问题未解决，工单回到处理中');
  await audit(c, 'reply', before, after, { messageId: message.id, files: input.fileIds.length });
  if (who === 'operator') await tellOpener(c, after, `工单${after.orderNo}有新回复`, `平台客服回复了您的工单「${after.title}」，请前往工单详情查看。`);
  return detailOf(c, after);
}

export async function acceptWorkOrder(c: ServiceCtx, id: number): Promise<WorkOrderDetail> {
  const before = await requireOrder(c, id);
  const t = checkMove(c, before, 'accept');
  const after = await apply(c, before, { status: t.to, acceptedAt: new Date(), awaitingPlatform: false });
  await systemNote(c, after, '平台已受理工单');
  await audit(c, 'accept', before, after);
  await tellOpener(c, after, `工单${after.orderNo}已受理`, `平台已受理您的工单「${after.title}」，正在处理中。`);
  return detailOf(c, after);
}

export async function resolveWorkOrder(c: ServiceCtx, id: number): Promise<WorkOrderDetail> {
  const before = await requireOrder(c, id);
  const t = checkMove(c, before, 'resolve');
  const after = await apply(c, before, { status: t.to, resolvedAt: new Date(), awaitingPlatform: false });
  await systemNote(c, after, '平台已处理完毕，等待企业确认');
  await audit(c, 'resolve', before, after);
  await tellOpener(c, after, `工单${after.orderNo}待确认`, `平台已处理您的工单「${after.title}」，请确认问题是否解决；如未解决可继续回复。`);
  return detailOf(c, after);
}

export async function confirmWorkOrder(c: ServiceCtx, id: number): Promise<WorkOrderDetail> {
  const before = await requireOrder(c, id);
  const t = checkMove(c, before, 'confirm');
  const after = await apply(c, before, { status: t.to, finishedAt: new Date(), awaitingPlatform: false });
  await systemNote(c, after, '确认问题已解决，工单已完结');
  await audit(c, 'confirm', before, after);
  return detailOf(c, after);
}

export async function closeWorkOrder(c: ServiceCtx, id: number): Promise<WorkOrderDetail> {
  const before = await requireOrder(c, id);
  const t = checkMove(c, before, 'close');
  const after = await apply(c, before, { status: t.to, closedAt: new Date(), awaitingPlatform: false });
  const byOperator = actorOf(c) === 'operator';
  await systemNote(c, after, byOperator ? '平台关闭了工单' : '关闭了工单');
  await audit(c, 'close', before, after);
  if (byOperator) await tellOpener(c, after, `工单${after.orderNo}已关闭`, `平台关闭了您的工单「${after.title}」。如仍有问题，请新建工单。`);
  return detailOf(c, after);
}

/** Only a ticket 待受理 may be deleted; its row stays archived for the audit trail. */
export async function deleteWorkOrder(c: ServiceCtx, id: number): Promise<void> {
  const before = await requireOrder(c, id);
  checkMove(c, before, 'delete');
  const after = await apply(c, before, { archivedAt: new Date(), awaitingPlatform: false });
  await c.audit({ action: 'workOrder.delete', entity: 'work_order', entityId: id, before: { orderNo: before.orderNo, title: before.title, status: before.status }, after: { archivedAt: after.archivedAt?.toISOString() } });
}

export async function evaluateWorkOrder(c: ServiceCtx, input: { id: number; rating: number; comment: string }): Promise<WorkOrderDetail> {
  const before = await requireOrder(c, input.id);
  checkMove(c, before, 'evaluate');
  if (before.rating !== null) throw conflict('工单已评价，不能重复评价');
  const after = await apply(c, before, { rating: input.rating, ratingComment: input.comment || null, ratedAt: new Date() });
  await audit(c, 'evaluate', before, after, { rating: input.rating });
  return detailOf(c, after);
}

/** Locking stops every change, message and evaluation until unlocked; either side may do both. */
export async function setWorkOrderLock(c: ServiceCtx, id: number, locked: boolean): Promise<WorkOrderDetail> {
  const before = await requireOrder(c, id);
  if (before.locked === locked) throw conflict(locked ? '工单已是锁定状态' : '工单未锁定');
  const after = await apply(c, before, { locked });
  await systemNote(c, after, locked ? '锁定了工单' : '解锁了工单');
  await audit(c, locked ? 'lock' : 'unlock', before, after);
  return detailOf(c, after);
}

/** An attachment of a ticket of the caller's company (downloads are audited: screenshots may hold personal data). */
export async function openAttachment(c: ServiceCtx, id: number, publicId: string): Promise<{ file: FileRow; body: Readable }> {
  await requireOrder(c, id);
  const file = await q.findAttachment(c.tx, c.companyId, id, publicId.toLowerCase());
  if (!file) throw notFound('附件');
  await c.audit({ action: 'workOrder.fileDownload', entity: 'file', entityId: file.id, after: { workOrderId: id, name: file.originalName } });
  return { file, body: await openStoredFile(c.services, file) };
}

/** The operator's upload for a reply: kept in the ticket's company as the operator's own until the reply takes it. */
export async function storeOperatorUpload(c: ServiceCtx, id: number, upload: { filename: string; data: Buffer }): Promise<WorkOrderFileView> {
  const row = await requireOrder(c, id);
  if (row.locked) throw conflict(MSG_WORK_ORDER_LOCKED);
  if (upload.data.length === 0) throw badRequest('附件：文件为空');
  const stored = await storeUpload(c.services, { companyId: c.companyId, userId: c.user.userId, filename: upload.filename, body: Readable.from([upload.data]), kind: 'upload', isTruncated: () => false });
  const saved = await recordUpload(c.tx, c.companyId, c.user.userId, stored);
  await c.audit({ action: 'file.upload', entity: 'file', entityId: saved.id, after: { name: saved.originalName, size: saved.size, workOrderId: id } });
  return { fileId: saved.publicId, name: saved.originalName, size: saved.size, isImage: saved.isImage };
}

/** An attachment is served to members who may open 工单管理 (and to the platform through its own route). */
export const workOrderFileRule: FileAccessRule = { audited: true, allows: (r) => readerHolds(r, WORK_ORDER_READ) };

/** The operator's queue across companies. */
export async function pageForOperator(tx: Tx, input: { pageNum: number; pageSize: number; status: number; keyword?: string }): Promise<Paged<OpWorkOrderView>> {
  const { rows, total } = await q.listAcrossCompanies(tx, { status: input.status, keyword: input.keyword || undefined }, (input.pageNum - 1) * input.pageSize, input.pageSize);
  return new Paged(rows.map((r) => ({ ...toView(r, 'operator', 'masked'), companyId: r.companyId, companyName: r.companyName })), input.pageNum, input.pageSize, total);
}

export async function countsForOperator(tx: Tx): Promise<OpWorkOrderCounts> {
  const { byStatus, awaitingPlatform } = await q.countAcrossCompanies(tx);
  return {
    open: [1, 2, 3].reduce((s, k) => s + (byStatus.get(k) ?? 0), 0),
    awaitingPlatform,
    byStatus: Object.fromEntries(WORK_ORDER_STATUSES.map((s) => [String(s.value), byStatus.get(s.value) ?? 0])),
  };
}

/** A ticket as the platform sees it (after one of its moves, or to read it), with its company's name. */
export async function forOperator(c: ServiceCtx, detail: Promise<WorkOrderDetail>): Promise<OpWorkOrderDetail> {
  const d = await detail;
  return { ...d, companyId: c.companyId, companyName: (await q.findCompanyName(c.tx, c.companyId)) ?? '' };
}
