import { APPROVAL, ORDER_STATUS, ORDER_STATUSES, PLACEMENT_STATUS, type OrderDetail, type OrderRow, type OrderSave, type PostKind, type zOrderPage } from '@wfsaas/contracts';
import type { z } from 'zod';
import { chinaToday } from '../../platform/china-date.ts';
import type { Executor, Tx } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { nextOrderNo, pagePlacements, requireClient, type ClientRow } from './common.queries.ts';
import { findCustodyLinkOfClient } from './custody.queries.ts';
import * as q from './orders.queries.ts';

/** 补岗单: raised by the provider or (under joint custody) by the client, accepted, cancelled, and recounted as workers are onboarded against it. */

type OrderPage = z.infer<typeof zOrderPage>;
const OPEN = [ORDER_STATUS.waiting, ORDER_STATUS.recruiting, ORDER_STATUS.partial] as number[];
const statusLabel = (s: number) => ORDER_STATUSES.find((x) => x.value === s)?.label ?? String(s);

export function orderRow(r: q.OrderListRow): OrderRow {
  return {
    id: r.id,
    orderNo: r.orderNo,
    clientId: r.clientId,
    clientName: r.clientName,
    post: r.post,
    postKind: r.postKind as PostKind | null,
    headcount: r.headcount,
    filled: r.filled,
    pay: r.pay,
    startDate: r.startDate,
    status: r.status as OrderRow['status'],
    approval: r.approval as OrderRow['approval'],
    raisedBy: r.raisedBy === 'client' ? 'client' : 'provider',
    createdAt: r.createdAt.toISOString(),
  };
}

export const historyEntry = (by: string, action: string): q.HistoryEntry => ({ at: new Date().toISOString(), by, action });

export async function pageOrdersView(c: ServiceCtx, f: OrderPage): Promise<Paged<OrderRow>> {
  const { rows, total } = await q.pageOrders(c.tx, c.companyId, { clientId: f.clientId, status: f.status, keyword: f.keyword }, (f.pageNum - 1) * f.pageSize, f.pageSize);
  return new Paged(rows.map(orderRow), f.pageNum, f.pageSize, total);
}

export async function orderRowOf(exec: Executor, companyId: number, id: number): Promise<OrderRow> {
  const { rows } = await q.pageOrders(exec, companyId, { ids: [id] }, 0, 1);
  if (!rows[0]) throw notFound('补岗单');
  return orderRow(rows[0]);
}

/** The post must be one of the client's and the start date within its agreement. */
export function checkOrderInput(client: ClientRow, input: Pick<OrderSave, 'post' | 'startDate'>): void {
  if (!client.posts.some((p) => p.name === input.post)) throw badRequest(`岗位：“${input.post}”不是用工单位“${client.name}”的可派驻岗位`);
  if (input.startDate < client.agreementStart || input.startDate > client.agreementEnd) {
    throw badRequest(`期望到岗日期：应在用工单位“${client.name}”的协议期内（${client.agreementStart} 至 ${client.agreementEnd}）`);
  }
}

/** A new order of `companyId` (the provider) for the client: numbered BG + today + sequence, status 待接单. */
export async function createOrder(
  tx: Tx,
  companyId: number,
  client: ClientRow,
  input: Omit<OrderSave, 'id' | 'clientId'>,
  o: { raisedBy: 'provider' | 'client'; approval: number; userId: number; by: string; action: string },
): Promise<q.OrderRecord> {
  checkOrderInput(client, input);
  const orderNo = await nextOrderNo(tx, companyId, 'os_orders', 'BG', chinaToday());
  return q.insertOrder(tx, companyId, {
    orderNo,
    clientId: client.id,
    post: input.post,
    headcount: input.headcount,
    pay: input.pay,
    startDate: input.startDate,
    requirements: input.requirements,
    status: ORDER_STATUS.waiting,
    approval: o.approval,
    raisedBy: o.raisedBy,
    history: [historyEntry(o.by, o.action)],
    createdBy: o.userId,
  });
}

export async function requireOrder(exec: Executor, companyId: number, id: number): Promise<q.OrderRecord> {
  const row = await q.findOrder(exec, companyId, id);
  if (!row) throw notFound('补岗单');
  return row;
}

/** New, or an edit while 待接单. A provider's order for a client whose custody asks for approval waits for the client. */
export async function saveOrder(c: ServiceCtx, input: OrderSave): Promise<OrderRow> {
  const client = await requireClient(c.tx, c.companyId, input.clientId);
  const link = await findCustodyLinkOfClient(c.tx, c.companyId, client.id);
  const needsApproval = link !== null && link.enabled && link.approveOrders;
  if (!input.id) {
    const created = await createOrder(c.tx, c.companyId, client, input, {
      raisedBy: 'provider',
      approval: needsApproval ? APPROVAL.waiting : APPROVAL.none,
      userId: c.user.userId,
      by: c.user.nickname,
      action: needsApproval ? '新建补岗单，待用工单位审批' : '新建补岗单',
    });
    await c.audit({ action: 'os.order.create', entity: 'os_order', entityId: created.id, after: created });
    return orderRowOf(c.tx, c.companyId, created.id);
  }
  const before = await requireOrder(c.tx, c.companyId, input.id);
  if (before.status !== ORDER_STATUS.waiting) throw conflict(`补岗单“${before.orderNo}”${statusLabel(before.status)}，只有待接单的补岗单可以修改`);
  checkOrderInput(client, input);
  // A rejected order, edited, goes back to the client for approval.
  const approval = before.raisedBy === 'provider' && before.approval === APPROVAL.rejected && needsApproval ? APPROVAL.waiting : before.approval;
  const saved = await q.updateOrder(c.tx, c.companyId, before.id, {
    clientId: client.id,
    post: input.post,
    headcount: input.headcount,
    pay: input.pay,
    startDate: input.startDate,
    requirements: input.requirements,
    approval,
    history: [...before.history, historyEntry(c.user.nickname, approval !== before.approval ? '修改补岗单，重新提交用工单位审批' : '修改补岗单')],
  });
  await c.audit({ action: 'os.order.update', entity: 'os_order', entityId: saved.id, before, after: saved });
  return orderRowOf(c.tx, c.companyId, saved.id);
}

export async function orderDetail(c: ServiceCtx, id: number): Promise<OrderDetail> {
  const order = await requireOrder(c.tx, c.companyId, id);
  const row = await orderRowOf(c.tx, c.companyId, id);
  const { rows } = await pagePlacements(c.tx, c.companyId, { orderId: id }, 0, 500);
  return {
    ...row,
    requirements: order.requirements,
    cancelReason: order.cancelReason,
    placements: rows.map(({ contractIds: _ids, ...p }) => p),
    history: order.history,
  };
}

/** 接单: 待接单 → 招聘中, once the client (when asked) has approved. */
export async function acceptOrder(c: ServiceCtx, id: number): Promise<OrderRow> {
  const before = await requireOrder(c.tx, c.companyId, id);
  if (before.status !== ORDER_STATUS.waiting) throw conflict(`补岗单“${before.orderNo}”${statusLabel(before.status)}，只有待接单的补岗单可以接单`);
  if (before.approval === APPROVAL.waiting) throw conflict(`补岗单“${before.orderNo}”用工单位尚未审批，不能接单`);
  if (before.approval === APPROVAL.rejected) throw conflict(`补岗单“${before.orderNo}”已被用工单位驳回，不能接单`);
  const saved = await q.updateOrder(c.tx, c.companyId, id, { status: ORDER_STATUS.recruiting, history: [...before.history, historyEntry(c.user.nickname, '接单，开始招聘')] });
  await recountOrder(c.tx, c.companyId, id);
  await c.audit({ action: 'os.order.accept', entity: 'os_order', entityId: id, before: { status: before.status }, after: { status: saved.status } });
  return orderRowOf(c.tx, c.companyId, id);
}

export async function cancelOrder(c: ServiceCtx, id: number, reason: string): Promise<OrderRow> {
  const before = await requireOrder(c.tx, c.companyId, id);
  if (!OPEN.includes(before.status)) throw conflict(`补岗单“${before.orderNo}”${statusLabel(before.status)}，不能取消`);
  const pending = await q.countOrderPlacements(c.tx, c.companyId, id, [PLACEMENT_STATUS.pending]);
  if (pending > 0) throw conflict(`补岗单“${before.orderNo}”还有${pending}名待入职人员，请先确认到岗或放弃入职后再取消`);
  await q.updateOrder(c.tx, c.companyId, id, { status: ORDER_STATUS.cancelled, cancelReason: reason, history: [...before.history, historyEntry(c.user.nickname, `取消补岗单：${reason}`)] });
  await c.audit({ action: 'os.order.cancel', entity: 'os_order', entityId: id, before: { status: before.status }, after: { status: ORDER_STATUS.cancelled, cancelReason: reason } });
  return orderRowOf(c.tx, c.companyId, id);
}

/**
 * Recomputes an accepted order's status from the workers onboarded against it: 招聘中 (none),
 * 部分到岗 (fewer than asked) or 已完成. 待接单 and 已取消 are left as they are. Answers the change, if any.
 */
export async function recountOrder(tx: Executor, companyId: number, orderId: number): Promise<{ from: number; to: number; filled: number } | null> {
  const order = await q.findOrder(tx, companyId, orderId);
  if (!order || order.status === ORDER_STATUS.waiting || order.status === ORDER_STATUS.cancelled) return null;
  const filled = await q.countOrderPlacements(tx, companyId, orderId, q.FILLED_STATUSES);
  const status = filled >= order.headcount ? ORDER_STATUS.done : filled > 0 ? ORDER_STATUS.partial : ORDER_STATUS.recruiting;
  if (status === order.status) return null;
  await q.updateOrder(tx, companyId, orderId, { status, history: [...order.history, historyEntry('系统', `已到岗${filled}/${order.headcount}人，状态变为${statusLabel(status)}`)] });
  return { from: order.status, to: status, filled };
}

/** After a placement against an order starts or ends: recount it and audit the change. */
export async function recountOrderFor(c: ServiceCtx, orderId: number | null): Promise<void> {
  if (orderId === null) return;
  const change = await recountOrder(c.tx, c.companyId, orderId);
  if (change) await c.audit({ action: 'os.order.fill', entity: 'os_order', entityId: orderId, before: { status: change.from }, after: { status: change.to, filled: change.filled } });
}
