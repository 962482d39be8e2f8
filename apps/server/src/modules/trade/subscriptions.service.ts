import { BILL_STATUS, SUBS_ORDER_ACTIONS, SUBS_ORDER_STATUS, type AppProductCard, type AppProductList, type ProductCode, type SubsOrderAction, type SubsOrderInput, type SubsOrderView, type SubsQuote, type SubscriptionView } from '@wfsaas/contracts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { addDays, chinaMonth, chinaToday } from '../../platform/china-date.ts';
import { raisePlatformBill, suspendPlatformBill } from './platform-bills.service.ts';
import type { PlatformBillRecord } from './platform-bills.queries.ts';
import { registerBillPaidHandler, registerStatementSource } from './statement-sources.ts';
import { daysBetween, productOf, quoteOrder, termState, type CurrentSubscription } from './subscriptions.pricing.ts';
import { APP_PRODUCTS } from '@wfsaas/contracts';
import * as q from './subscriptions.queries.ts';
import { usageStatementLines, usageView } from './usage.service.ts';

/** The subscription centre: the catalogue with the company's subscriptions, price orders and their activation (docs/subscriptions.md). */

const actionLabel = (a: string) => SUBS_ORDER_ACTIONS.find((x) => x.value === a)?.label ?? a;

function subscriptionView(s: q.SubscriptionRecord, today: string): SubscriptionView {
  const p = productOf(s.product as ProductCode);
  return {
    edition: s.edition,
    editionName: p.editions.find((e) => e.code === s.edition)?.name ?? (p.billing === 'pack' ? '套餐包' : s.edition),
    seats: s.seats,
    startDate: s.startDate,
    endDate: s.endDate,
    daysLeft: Math.max(0, daysBetween(today, s.endDate) + 1),
    state: termState(s.endDate, today),
  };
}

export async function listProducts(c: ServiceCtx): Promise<AppProductList> {
  const today = chinaToday();
  const subs = new Map((await q.listSubscriptions(c.tx, c.companyId)).map((s) => [s.product, s]));
  const pending = new Map((await q.pendingOrders(c.tx, c.companyId)).map((o) => [o.product, o]));
  const products: AppProductCard[] = APP_PRODUCTS.map((p) => {
    const s = subs.get(p.code);
    const o = pending.get(p.code);
    return { ...p, subscription: s ? subscriptionView(s, today) : null, pendingOrder: o ? { id: o.id, orderNo: o.orderNo, amount: o.amount, action: o.action as SubsOrderAction } : null };
  });
  return { products, usage: await usageView(c) };
}

const current = (s: q.SubscriptionRecord | null): CurrentSubscription | null => (s ? { edition: s.edition, seats: s.seats, startDate: s.startDate, endDate: s.endDate } : null);

export async function quote(c: ServiceCtx, input: SubsOrderInput): Promise<SubsQuote> {
  return quoteOrder(input, current(await q.findSubscription(c.tx, c.companyId, input.product)), chinaToday());
}

function orderView(o: q.OrderWithBill): SubsOrderView {
  const p = productOf(o.product as ProductCode);
  return {
    id: o.id,
    orderNo: o.orderNo,
    product: p.code,
    productName: p.name,
    action: o.action as SubsOrderAction,
    edition: o.edition,
    editionName: p.editions.find((e) => e.code === o.edition)?.name ?? o.edition,
    seats: o.seats,
    months: o.months,
    pack: o.pack,
    startDate: o.startDate,
    endDate: o.endDate,
    unitPrice: o.unitPrice,
    amount: o.amount,
    formula: o.formula,
    status: o.status,
    billId: o.billId,
    billNo: o.billNo,
    createdAt: o.createdAt.toISOString(),
    activatedAt: o.activatedAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    cancelReason: o.cancelReason,
  };
}

/** Creates a 待付款 price order at the server's price and raises its platform bill (due in seven days). */
export async function submitOrder(c: ServiceCtx, input: SubsOrderInput): Promise<SubsOrderView> {
  const sub = await q.findSubscription(c.tx, c.companyId, input.product, true);
  const open = (await q.pendingOrders(c.tx, c.companyId)).find((o) => o.product === input.product);
  const p = productOf(input.product);
  if (open) throw conflict(`${p.name}已有待付款订单${open.orderNo}，请先付款或取消后再下单`);
  const qt = quoteOrder(input, current(sub), chinaToday());
  const stem = `DY${chinaMonth().replace('-', '')}`;
  const orderNo = `${stem}${String((await q.lastOrderSeq(c.tx, c.companyId, stem)) + 1).padStart(4, '0')}`;
  const order = await q.insertOrder(c.tx, {
    companyId: c.companyId,
    orderNo,
    product: qt.product,
    action: qt.action,
    edition: qt.edition,
    seats: qt.seats,
    months: qt.months,
    pack: qt.pack,
    startDate: qt.startDate,
    endDate: qt.endDate,
    unitPrice: qt.unitPrice,
    amount: qt.amount,
    formula: qt.formula,
    status: SUBS_ORDER_STATUS.toPay,
    createdBy: c.user.userId,
  });
  const item = `${p.name}${qt.editionName}${actionLabel(qt.action)}`;
  const bill = await raisePlatformBill(c, {
    billType: 5,
    kind: 'subscription',
    sourceId: order.id,
    title: `订阅：${item}`,
    month: null,
    status: BILL_STATUS.toPay as 3,
    dueDate: addDays(chinaToday(), 7),
    lines: [{ item, quantity: '1', unit: '项', unitPrice: qt.amount, amount: qt.amount, note: `${qt.formula}；服务期${qt.startDate}至${qt.endDate}` }],
  });
  const withBill = (await q.updateOrder(c.tx, c.companyId, order.id, SUBS_ORDER_STATUS.toPay, { billId: bill.id }))!;
  await c.audit({ action: 'subscriptionOrder.submit', entity: 'subscription_order', entityId: order.id, after: { orderNo, product: qt.product, action: qt.action, edition: qt.edition, seats: qt.seats, amount: qt.amount, billNo: bill.billNo } });
  return orderView({ ...withBill, billNo: bill.billNo });
}

/** 待付款 → 已取消, and its unpaid bill → 已暂停; refused once the bill is paid (the order is then 已生效). */
export async function cancelOrder(c: ServiceCtx, input: { id: number; reason: string }): Promise<SubsOrderView> {
  const order = await q.findOrder(c.tx, c.companyId, input.id, true);
  if (!order) throw notFound('订单');
  if (order.status !== SUBS_ORDER_STATUS.toPay) throw conflict(`订单${order.orderNo}${order.status === SUBS_ORDER_STATUS.active ? '已付款生效' : '已取消'}，不能取消`);
  const bill = order.billId ? await suspendPlatformBill(c, order.billId, `订单取消：${input.reason}`) : null;
  const after = (await q.updateOrder(c.tx, c.companyId, order.id, SUBS_ORDER_STATUS.toPay, { status: SUBS_ORDER_STATUS.cancelled, cancelledAt: new Date(), cancelReason: input.reason }))!;
  await c.audit({ action: 'subscriptionOrder.cancel', entity: 'subscription_order', entityId: order.id, before: { status: order.status }, after: { status: after.status, reason: input.reason } });
  return orderView({ ...after, billNo: bill?.billNo ?? null });
}

export async function pageOrders(c: ServiceCtx, input: { pageNum: number; pageSize: number; status?: number }): Promise<Paged<SubsOrderView>> {
  const { rows, total } = await q.pageOrders(c.tx, c.companyId, { status: input.status }, { limit: input.pageSize, offset: (input.pageNum - 1) * input.pageSize });
  return new Paged(rows.map(orderView), input.pageNum, input.pageSize, total);
}

/**
 * The paid handler of a subscription bill: the order becomes 已生效 (and a service agreement) and the
 * subscription starts, is extended, gains seats, is upgraded or gains the pack's signatures. Runs once:
 * only a 待付款 order moves.
 */
export async function activateOrder(c: ServiceCtx, bill: PlatformBillRecord): Promise<void> {
  if (bill.sourceId === null) return;
  const order = await q.findOrder(c.tx, c.companyId, bill.sourceId, true);
  if (!order || order.status !== SUBS_ORDER_STATUS.toPay) throw conflict(`账单${bill.billNo}对应的订阅订单不是待付款状态，不能生效`);
  const today = chinaToday();
  const sub = await q.findSubscription(c.tx, c.companyId, order.product, true);
  // A new term or a renewal starts when it is paid (or when the current term ends), not when it was ordered.
  const term = order.action === 'new' || order.action === 'renew' || order.action === 'pack' ? quoteOrder({ product: order.product as ProductCode, action: order.action, edition: order.edition, seats: order.seats || undefined, months: order.months ?? undefined }, order.action === 'new' ? null : current(sub), today) : { startDate: order.startDate, endDate: order.endDate };
  const base = sub ?? { edition: order.edition, seats: 0, startDate: term.startDate, endDate: term.endDate, signaturesBought: 0 };
  const next = { product: order.product, edition: base.edition, seats: base.seats, startDate: base.startDate, endDate: base.endDate, signaturesBought: base.signaturesBought };
  switch (order.action) {
    case 'new':
      Object.assign(next, { edition: order.edition, seats: order.seats, startDate: term.startDate, endDate: term.endDate });
      break;
    case 'renew':
      Object.assign(next, { seats: order.seats, endDate: term.endDate, startDate: sub && sub.endDate >= today ? sub.startDate : term.startDate });
      break;
    case 'expand':
      next.seats += order.seats;
      break;
    case 'upgrade':
      next.edition = order.edition;
      break;
    case 'pack':
      Object.assign(next, { edition: 'pack', signaturesBought: next.signaturesBought + (order.pack ?? 0), endDate: term.endDate, startDate: sub ? sub.startDate : term.startDate });
      break;
  }
  const saved = await q.upsertSubscription(c.tx, c.companyId, next);
  const agreementNo = `FWXY${order.orderNo.slice(2)}`;
  await q.updateOrder(c.tx, c.companyId, order.id, SUBS_ORDER_STATUS.toPay, { status: SUBS_ORDER_STATUS.active, activatedAt: new Date(), agreementNo, startDate: term.startDate, endDate: term.endDate });
  await c.audit({ action: 'subscriptionOrder.activate', entity: 'subscription_order', entityId: order.id, before: sub ? { edition: sub.edition, seats: sub.seats, endDate: sub.endDate, signaturesBought: sub.signaturesBought } : null, after: { agreementNo, edition: saved.edition, seats: saved.seats, endDate: saved.endDate, signaturesBought: saved.signaturesBought } });
}

/** Wires the subscription centre into platform bills; called by the API process and the worker. */
export function registerSubscriptionHooks(): void {
  registerBillPaidHandler('subscription', activateOrder);
  registerStatementSource({ kind: 'usage', title: '用量结算', lines: usageStatementLines });
}
