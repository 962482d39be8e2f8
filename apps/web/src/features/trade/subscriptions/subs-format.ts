import { SUBS_ORDER_ACTIONS, SUBS_ORDER_STATUSES, type AppProductCard, type SubsOrderAction, type SubsOrderInput, type SubsUsageView, type SubscriptionView } from '@wfsaas/contracts';
import type { StatusTone } from '../../../app/ui/StatusTag.tsx';

/** Rules of the subscription centre's cards and order form (docs/subscriptions.md). */

export const actionLabel = (a: SubsOrderAction) => SUBS_ORDER_ACTIONS.find((x) => x.value === a)?.label ?? a;
export const orderStatusLabel = (s: number) => SUBS_ORDER_STATUSES.find((x) => x.value === s)?.label ?? String(s);
export const orderStatusTone = (s: number): StatusTone => (s === 1 ? 'pending' : s === 2 ? 'success' : 'default');

export function stateLabel(s: SubscriptionView | null): { text: string; tone: StatusTone } {
  if (!s) return { text: '未订阅', tone: 'default' };
  if (s.state === 'active') return s.daysLeft <= 30 ? { text: `${s.daysLeft}天后到期`, tone: 'warning' } : { text: '使用中', tone: 'success' };
  if (s.state === 'grace') return { text: '已到期（宽限期）', tone: 'warning' };
  return { text: '已到期（只读）', tone: 'error' };
}

/** The order buttons a card offers, in order; none while an order waits for payment or for a monthly product. */
export function cardActions(p: AppProductCard): SubsOrderAction[] {
  if (p.pendingOrder || p.billing === 'monthly') return [];
  if (p.billing === 'pack') return ['pack'];
  const s = p.subscription;
  if (!s || s.state === 'expired') return s ? ['renew', 'new'] : ['new'];
  const out: SubsOrderAction[] = ['renew'];
  if (p.billing === 'seatYear' && s.state === 'active') out.push('expand');
  const current = p.editions.find((e) => e.code === s.edition);
  if (s.state === 'active' && current && p.editions.some((e) => Number(e.price) > Number(current.price))) out.push('upgrade');
  return out;
}

/** A usage bar of a card: label, used, of, and the percent (capped at 100); null when the product meters nothing shown. */
export function usageBar(p: AppProductCard, u: SubsUsageView): { label: string; used: number; of: number; percent: number } | null {
  const bar = (label: string, used: number, of: number) => ({ label, used, of, percent: of > 0 ? Math.min(100, Math.round((used / of) * 100)) : 100 });
  if (p.code === 'econtract') return p.subscription ? bar('已用签署份数', u.signaturesBought - u.signaturesLeft, u.signaturesBought) : null;
  if (p.billing === 'seatYear' && p.subscription) return bar('在册员工 / 购买人数', u.roster, p.subscription.seats);
  return null;
}

export type OrderFormValues = { edition?: string; seats?: number | null; months?: number };

/** What the order form starts with: the current edition and seats, or the first edition and the roster. */
export function orderDefaults(p: AppProductCard, action: SubsOrderAction, roster: number): OrderFormValues {
  const s = p.subscription;
  if (action === 'pack') return { edition: p.editions[0]!.code };
  if (action === 'expand') return { seats: Math.max(1, roster - (s?.seats ?? 0)) };
  if (action === 'upgrade') return { edition: p.editions.find((e) => s && e.code !== s.edition)?.code };
  if (action === 'renew') return { seats: p.billing === 'seatYear' ? (s?.seats ?? Math.max(1, roster)) : undefined, months: 12 };
  return { edition: p.editions.length === 1 ? p.editions[0]!.code : undefined, seats: p.billing === 'seatYear' ? Math.max(1, roster) : undefined, months: 12 };
}

/** The order as sent for a quote or a submit; null until the form has what the action needs. */
export function orderInput(p: AppProductCard, action: SubsOrderAction, v: OrderFormValues): SubsOrderInput | null {
  const seats = typeof v.seats === 'number' && Number.isInteger(v.seats) && v.seats > 0 ? v.seats : undefined;
  const needsSeats = p.billing === 'seatYear' && (action === 'new' || action === 'expand');
  const needsEdition = action === 'new' || action === 'upgrade' || action === 'pack';
  if (needsSeats && seats === undefined) return null;
  if (needsEdition && !v.edition) return null;
  return {
    product: p.code,
    action,
    ...(needsEdition ? { edition: v.edition } : {}),
    ...(p.billing === 'seatYear' && action !== 'upgrade' && seats !== undefined ? { seats } : {}),
    ...(action === 'new' || action === 'renew' ? { months: v.months ?? 12 } : {}),
  };
}
