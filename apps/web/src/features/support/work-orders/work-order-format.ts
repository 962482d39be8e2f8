import { WORK_ORDER_STATUS, type WorkOrderMessageView } from '@wfsaas/contracts';
import type { StatusTone } from '../../../app/ui/StatusTag.tsx';

/** How 工单 screens show a ticket: status tones, the detail's address, who said what. */

export function workOrderStatusTone(status: number): StatusTone {
  if (status === WORK_ORDER_STATUS.pending) return 'pending';
  if (status === WORK_ORDER_STATUS.processing) return 'processing';
  if (status === WORK_ORDER_STATUS.toConfirm) return 'warning';
  if (status === WORK_ORDER_STATUS.done) return 'success';
  return 'default';
}

export function workOrderDetailPath(w: { id: number; orderNo: string }): string {
  return `/managementDetail/${w.id}/${encodeURIComponent(w.orderNo)}`;
}

/** A route parameter as a ticket id, or null. */
export function idParam(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/** Which side of the conversation a message sits on, seen by `viewer`: its own side right, the other left, status changes centred. */
export function messageSide(m: Pick<WorkOrderMessageView, 'authorKind'>, viewer: 'company' | 'operator'): 'mine' | 'theirs' | 'event' {
  if (m.authorKind === 'system') return 'event';
  return m.authorKind === viewer ? 'mine' : 'theirs';
}

/** The author as shown: the platform's people as 平台客服, the company's by name. */
export function authorText(m: Pick<WorkOrderMessageView, 'authorKind' | 'authorName'>): string {
  if (m.authorKind === 'operator') return `平台客服 · ${m.authorName}`;
  return m.authorName;
}
