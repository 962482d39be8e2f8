import { normalizeIdNumber, type ClientView, type DismissHandle, type DismissSave, type OnboardingAdd, type OrderRow, type OrderSave, type OsQuitStart, type PlacementTerms } from '@wfsaas/contracts';
import { idParam, isOrderOpen } from './labour-format.ts';

/** The forms of orders, dismissals, onboarding and quits ↔ their request bodies, and the checks made before sending (pure, unit-tested). */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const trimmed = (v: string | null | undefined) => (v ?? '').trim();
const money = (v: number | null | undefined) => (v === null || v === undefined ? '' : v.toFixed(2));

// ── 补岗单 ──
export type OrderValues = { clientId?: number | null; post?: string | null; headcount?: number | null; pay?: number | null; startDate?: string | null; requirements?: string | null };

export function toOrderSave(v: OrderValues): OrderSave {
  return {
    clientId: v.clientId ?? 0,
    post: trimmed(v.post),
    headcount: v.headcount ?? 0,
    pay: money(v.pay),
    startDate: v.startDate ?? '',
    requirements: trimmed(v.requirements),
  };
}

// ── 退工单 ──
export type DismissValues = { clientId?: number | null; placementIds?: number[]; reason?: string | null; lastDay?: string | null };

export function toDismissSave(v: DismissValues): DismissSave {
  return { clientId: v.clientId ?? 0, placementIds: [...new Set(v.placementIds ?? [])], reason: trimmed(v.reason), lastDay: v.lastDay ?? '' };
}

/** Which roster holds a client's workers: 劳务派遣 the dispatch roster, the other kinds the outsourced one. */
export const rosterOf = (kind: number): 'dispatch' | 'epiboly' => (kind === 1 ? 'dispatch' : 'epiboly');

// ── 派驻条件 (onboarding, re-placement) ──
export type TermsValues = { clientId?: number | null; orderId?: number | null; post?: string | null; planId?: number | null; startDate?: string | null; endDate?: string | null };

/** The terms to check or send; null until a client, a post and a start date are chosen. */
export function toPlacementTerms(v: TermsValues): PlacementTerms | null {
  const post = trimmed(v.post);
  if (!v.clientId || !post || !v.startDate || !DAY.test(v.startDate)) return null;
  return {
    clientId: v.clientId,
    orderId: v.orderId ?? null,
    post,
    planId: v.planId ?? null,
    startDate: v.startDate,
    endDate: v.endDate && DAY.test(v.endDate) ? v.endDate : null,
  };
}

/** The terms carried from 发起入职 to 提交入职信息 in the address. */
export function termsToSearch(t: PlacementTerms): string {
  const q = new URLSearchParams({ clientId: String(t.clientId), post: t.post, startDate: t.startDate });
  if (t.orderId) q.set('orderId', String(t.orderId));
  if (t.planId) q.set('planId', String(t.planId));
  if (t.endDate) q.set('endDate', t.endDate);
  return q.toString();
}

/** The terms read back from the address; null when they are missing or malformed. */
export function termsFromSearch(search: string): PlacementTerms | null {
  const q = new URLSearchParams(search);
  const day = (k: string) => {
    const v = q.get(k);
    return v && DAY.test(v) ? v : null;
  };
  const post = trimmed(q.get('post'));
  const clientId = idParam(q.get('clientId'));
  const startDate = day('startDate');
  if (!clientId || !post || post.length > 40 || !startDate) return null;
  return { clientId, orderId: idParam(q.get('orderId')), post, planId: idParam(q.get('planId')), startDate, endDate: day('endDate') };
}

/** What the page can tell before asking the server: the post is the client's, the dates sit inside the agreement. */
export function termsError(v: TermsValues, client: Pick<ClientView, 'posts' | 'agreementStart' | 'agreementEnd'> | null | undefined): string | null {
  if (!client) return null;
  const post = trimmed(v.post);
  if (post && !client.posts.some((p) => p.name === post)) return `派驻岗位：「${post}」不在该用工单位的可派驻岗位中`;
  if (v.startDate && v.startDate < client.agreementStart) return `到岗日期：早于协议开始日期 ${client.agreementStart}`;
  if (v.startDate && v.startDate > client.agreementEnd) return `到岗日期：晚于协议结束日期 ${client.agreementEnd}`;
  if (v.endDate && v.startDate && v.endDate < v.startDate) return '派驻结束日期：不能早于到岗日期';
  if (v.endDate && v.endDate > client.agreementEnd) return `派驻结束日期：不能晚于协议结束日期 ${client.agreementEnd}`;
  return null;
}

/** The orders a worker can be onboarded against: the client's orders still recruiting. */
export function openOrdersOf<T extends Pick<OrderRow, 'clientId' | 'status'>>(orders: readonly T[], clientId: number | null | undefined): T[] {
  return clientId ? orders.filter((o) => o.clientId === clientId && isOrderOpen(o)) : [];
}

/** The fields that follow a newly chosen client: its plan, its agreement's end; order and post start empty. */
export function termsForClient(client: Pick<ClientView, 'id' | 'planId' | 'agreementEnd'>): TermsValues {
  return { clientId: client.id, orderId: null, post: null, planId: client.planId, endDate: client.agreementEnd };
}

/** The fields that follow a chosen order: its post, and its start date when none was chosen yet. */
export function termsForOrder(order: Pick<OrderRow, 'id' | 'post' | 'startDate'>, current: TermsValues): TermsValues {
  return { orderId: order.id, post: order.post, startDate: current.startDate || order.startDate };
}

// ── 入职人员 ──
export type WorkerValues = {
  name?: string;
  mobile?: string;
  idType?: number;
  idNumber?: string;
  employeeNo?: string;
  departmentId?: number | null;
  positionId?: number | null;
  salary?: number | null;
  gender?: number | null;
  birthDate?: string | null;
  probationEndDate?: string | null;
  email?: string | null;
  signContract?: boolean;
};

/** onboarding/add: the worker (hired on the placement's start date) and the placement. */
export function toOnboardingAdd(w: WorkerValues, terms: PlacementTerms): OnboardingAdd {
  const worker: OnboardingAdd['worker'] = {
    name: trimmed(w.name),
    mobile: trimmed(w.mobile),
    idType: (w.idType ?? 1) as OnboardingAdd['worker']['idType'],
    idNumber: normalizeIdNumber(w.idNumber ?? ''),
    departmentId: w.departmentId ?? 0,
    hireDate: terms.startDate,
    salary: money(w.salary),
  };
  const employeeNo = trimmed(w.employeeNo);
  if (employeeNo) worker.employeeNo = employeeNo;
  if (w.positionId) worker.positionId = w.positionId;
  if (w.gender) worker.gender = w.gender as OnboardingAdd['worker']['gender'];
  if (w.birthDate) worker.birthDate = w.birthDate;
  if (w.probationEndDate) worker.probationEndDate = w.probationEndDate;
  const email = trimmed(w.email);
  if (email) worker.email = email;
  return { worker, placement: terms, signContract: w.signContract ?? true };
}

/** A probation that ends before the worker starts is a slip. */
export function probationError(probationEndDate: string | null | undefined, startDate: string): string | null {
  return probationEndDate && probationEndDate < startDate ? '试用期结束日期不能早于到岗日期' : null;
}

/** The date 确认到岗 proposes: the planned start, or today when the start has not come yet (an arrival cannot be dated later than today). */
export function arrivalDate(startDate: string, today: string): string {
  return startDate > today ? today : startDate;
}

// ── 退工处理 ──
export function toReplaceHandle(dismissId: number, placementId: number, t: PlacementTerms): DismissHandle {
  return { id: dismissId, placementId, outcome: 'replace', clientId: t.clientId, ...(t.orderId ? { orderId: t.orderId } : {}), post: t.post, startDate: t.startDate, remark: '' };
}

export function toResignHandle(dismissId: number, placementId: number, remark: string | null | undefined): DismissHandle {
  return { id: dismissId, placementId, outcome: 'resign', remark: trimmed(remark) };
}

// ── 离岗 ──
export type QuitValues = { source?: 'resign' | 'dismiss'; lastDay?: string | null; reason?: string | null };

export function toQuitStart(placementId: number, v: QuitValues): OsQuitStart {
  return { placementId, source: v.source ?? 'resign', lastDay: v.lastDay ?? '', reason: trimmed(v.reason) };
}

/** The last day 离岗 proposes: today, or the start for a worker who has not started yet. */
export function defaultLastDay(startDate: string, today: string): string {
  return startDate > today ? startDate : today;
}

/** The last day of a placement cannot come before its start. */
export function lastDayError(lastDay: string | null | undefined, startDate: string): string | null {
  return lastDay && lastDay < startDate ? `最后工作日不能早于到岗日期 ${startDate}` : null;
}
