import { BILL_ACTIONS, BILL_PAYMENT_METHODS, BILL_PAYMENT_STATUSES, BILL_STATUSES, PLATFORM_BILL_TYPES, type BillAction, type BillStatusCount, type PlatformBillRow } from '@wfsaas/contracts';
import type { StatusTone } from '../../../app/ui/StatusTag.tsx';

/** Words and tones of platform bills (docs/trade.md). */

export const billStatusLabel = (s: number): string => BILL_STATUSES.find((x) => x.value === s)?.label ?? String(s);

export function billStatusTone(status: number): StatusTone {
  if (status === 4) return 'success';
  if (status === 2) return 'pending';
  if (status === 3) return 'warning';
  if ([1, 8, 9].includes(status)) return 'processing';
  if ([6, 10, 11, 12].includes(status)) return 'error';
  return 'default';
}

/** The label of a bill's type: a one-off bill says what raised it. */
export function billTypeLabel(b: Pick<PlatformBillRow, 'billType' | 'kind'>): string {
  if (b.billType === 5 && b.kind === 'subscription') return '一次性账单 · 订阅';
  if (b.billType === 5 && b.kind === 'payout') return '一次性账单 · 代发工资';
  return PLATFORM_BILL_TYPES.find((t) => t.value === b.billType)?.label ?? '—';
}

/** The status tabs: 全部 (-1) and every status, each with its count; the total is the sum. */
export function statusTabs(counts: readonly BillStatusCount[] | undefined): { items: { key: string; label: string }[]; counts: Record<string, number> } {
  const by: Record<string, number> = {};
  let all = 0;
  for (const c of counts ?? []) {
    by[String(c.status)] = c.count;
    all += c.count;
  }
  by['-1'] = all;
  return { items: [{ key: '-1', label: '全部' }, ...BILL_STATUSES.map((s) => ({ key: String(s.value), label: s.label }))], counts: by };
}

const ACTOR: Record<string, string> = { member: '企业', operator: '平台', job: '系统' };
export const actorLabel = (kind: string): string => ACTOR[kind] ?? kind;
export const actionLabel = (a: string): string => BILL_ACTIONS[a as BillAction] ?? a;
export const paymentStatusLabel = (s: number): string => BILL_PAYMENT_STATUSES.find((x) => x.value === s)?.label ?? String(s);
export const paymentMethodLabel = (m: string): string => BILL_PAYMENT_METHODS.find((x) => x.value === m)?.label ?? m;

/** A timeline line of an event: who did what, the status it led to, and why. */
export function eventText(e: { action: string; actorKind: string; fromStatus: number | null; toStatus: number; reason: string | null }): string {
  const moved = e.fromStatus !== e.toStatus ? `（${e.fromStatus === null ? '' : `${billStatusLabel(e.fromStatus)} → `}${billStatusLabel(e.toStatus)}）` : '';
  return `${actorLabel(e.actorKind)}${actionLabel(e.action)}${moved}${e.reason ? `：${e.reason}` : ''}`;
}
