import { ORDER_STATUS, ORDER_STATUSES } from '@wfsaas/contracts';
import type { ServiceCtx } from '../../platform/http.ts';
import { findOrder, orderPlacementCounts, setOrderStatus } from './onboarding.queries.ts';

/** The order status its arrived workers (active, leaving or left placements) give it; 待接单 and 已取消 never move. */
export function filledStatus(current: number, headcount: number, filled: number): number {
  if (current === ORDER_STATUS.waiting || current === ORDER_STATUS.cancelled) return current;
  if (filled >= headcount) return ORDER_STATUS.done;
  return filled > 0 ? ORDER_STATUS.partial : ORDER_STATUS.recruiting;
}

/** Recounts an order after a worker arrives or a placement against it ends. */
export async function recountOrder(c: ServiceCtx, orderId: number | null): Promise<void> {
  if (orderId === null) return;
  const order = await findOrder(c.tx, c.companyId, orderId, true);
  if (!order) return;
  const counts = await orderPlacementCounts(c.tx, c.companyId, orderId);
  const filled = (counts.get(2) ?? 0) + (counts.get(3) ?? 0) + (counts.get(4) ?? 0);
  const status = filledStatus(order.status, order.headcount, filled);
  if (status === order.status) return;
  const label = ORDER_STATUSES.find((s) => s.value === status)?.label ?? '';
  await setOrderStatus(c.tx, c.companyId, orderId, status, [...order.history, { at: new Date().toISOString(), by: c.user.nickname, action: `到岗${filled}人，${label}` }]);
  await c.audit({ action: 'os.orderFill', entity: 'os_order', entityId: orderId, before: { status: order.status }, after: { status, filled } });
}
