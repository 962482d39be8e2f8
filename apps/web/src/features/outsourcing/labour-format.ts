import {
  APPROVALS,
  CLIENT_KINDS,
  DISMISS_STATUSES,
  LEAVE_SOURCES,
  ORDER_STATUSES,
  PLACEMENT_STATUSES,
  POST_KINDS,
  maskPhone,
  type DispatchRatio,
} from '@wfsaas/contracts';
import type { StatusTone } from '../../app/ui/StatusTag.tsx';

/** Labels, tones and texts of the orders, dismissals, onboarding and roster screens (pure, unit-tested). */

const labelOf = (table: readonly { value: string | number; label: string }[], v: string | number | null | undefined, fallback = '—') => table.find((x) => x.value === v)?.label ?? fallback;

/** 补岗单: 待接单 grey, 招聘中 / 部分到岗 blue, 已完成 green, 已取消 default. */
export function orderStatusTone(status: number): StatusTone {
  return status === 1 ? 'pending' : status === 2 || status === 3 ? 'processing' : status === 4 ? 'success' : 'default';
}
export const orderStatusLabel = (status: number) => labelOf(ORDER_STATUSES, status);

/** 退工单: 待处理 grey, 处理中 blue, 已完成 green, 已取消 default. */
export function dismissStatusTone(status: number): StatusTone {
  return status === 1 ? 'pending' : status === 2 ? 'processing' : status === 3 ? 'success' : 'default';
}
export const dismissStatusLabel = (status: number) => labelOf(DISMISS_STATUSES, status);

/** The client's approval as a tag: only 待审批 (orange) and 已驳回 (red) need the provider's eye. */
export function approvalTag(approval: number): { text: string; tone: StatusTone } | null {
  if (approval === 1) return { text: labelOf(APPROVALS, 1), tone: 'warning' };
  if (approval === 3) return { text: labelOf(APPROVALS, 3), tone: 'error' };
  return null;
}

/** A placement: 待入职 grey, 在岗 green, 待离岗 orange, 已离岗 / 已放弃 default. */
export function placementStatusTone(status: number): StatusTone {
  return status === 1 ? 'pending' : status === 2 ? 'success' : status === 3 ? 'warning' : 'default';
}
export const placementStatusLabel = (status: number) => labelOf(PLACEMENT_STATUSES, status);

export const postKindLabel = (kind: string | null | undefined) => labelOf(POST_KINDS, kind ?? '', '未登记');
/** Posts a dispatched worker may fill are blue; 主营岗位 (not for dispatch) orange. */
export const postKindColor = (kind: string | null | undefined) => (kind === 'regular' ? 'orange' : kind ? 'blue' : 'default');
export const clientKindLabel = (kind: number) => labelOf(CLIENT_KINDS, kind);
export const leaveSourceLabel = (source: string | null | undefined) => labelOf(LEAVE_SOURCES, source ?? '');
export const raisedByLabel = (by: 'provider' | 'client') => (by === 'client' ? '用工单位提交' : '服务商录入');

/** Filled against wanted: "2/3" and the percentage of the progress bar (at most 100). */
export function fillText(filled: number, headcount: number): { text: string; percent: number } {
  const percent = headcount > 0 ? Math.min(100, Math.round((filled / headcount) * 100)) : 0;
  return { text: `${filled}/${headcount}`, percent };
}

/** A decimal ratio ('0.085') as a percentage with two places ('8.50%'), rounded half up without floats. */
export function percentText(ratio: string | null | undefined): string {
  const t = (ratio ?? '').trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(t);
  if (!m) return '—';
  const [, sign, whole, frac = ''] = m;
  // hundredths of a percent = ratio × 10000, the next digit rounds
  const digits = (frac + '00000').slice(0, 5);
  let basis = BigInt(whole!) * 10000n + BigInt(digits.slice(0, 4));
  if (digits[4]! >= '5') basis += 1n;
  const text = `${basis / 100n}.${(basis % 100n).toString().padStart(2, '0')}%`;
  return sign && basis > 0n ? `-${text}` : text;
}

/** A rule's rate without trailing zeros: '0.10' → '10%', '0.085' → '8.5%'. */
export function percentShort(ratio: string | null | undefined): string {
  return percentText(ratio).replace(/\.?0+%$/, '%');
}

/** 派遣比例 8.50%（17/200）. */
export function ratioText(r: Pick<DispatchRatio, 'ratio' | 'dispatched' | 'total'>): string {
  return `派遣比例 ${percentText(r.ratio)}（${r.dispatched}/${r.total}）`;
}

/** The ratio's colour: within the rules green, from 9 % orange, past 10 % red. */
export function ratioTone(level: DispatchRatio['level']): StatusTone {
  return level === 'refuse' ? 'error' : level === 'warn' ? 'warning' : 'success';
}

/** A phone in a list: 138****0000 (a value the server already masked stays as it is). */
export function phoneText(v: string | null | undefined): string {
  if (!v) return '—';
  return v.includes('*') ? v : maskPhone(v);
}

/** 完成离岗 is offered once the worker's last day has come. */
export function canCompleteQuit(row: { status: number; leftDate: string | null }, today: string): boolean {
  return row.status === 3 && !!row.leftDate && row.leftDate <= today;
}

/** The unhandled lines of a dismissal are the ones the provider still acts on. */
export function isLineOpen(line: { outcome: string | null }, dismissStatus: number): boolean {
  return line.outcome === null && (dismissStatus === 1 || dismissStatus === 2);
}

/** 接单 only for a waiting order the client has not left waiting for approval or rejected. */
export function canAcceptOrder(o: { status: number; approval: number }): boolean {
  return o.status === 1 && (o.approval === 0 || o.approval === 2);
}
export function canCancelOrder(o: { status: number }): boolean {
  return o.status === 1 || o.status === 2 || o.status === 3;
}
/** Workers are onboarded against an order while it is recruiting. */
export function isOrderOpen(o: { status: number }): boolean {
  return o.status === 2 || o.status === 3;
}

/** The steps of 发起入职. */
export const ONBOARDING_STEPS = [{ title: '派驻信息' }, { title: '人员信息' }, { title: '确认到岗' }];

export const ORDER_LIST_PATH = '/outsourcingLabor/outsourceOrder/fillPostOrder';
export const DISMISS_LIST_PATH = '/outsourcingLabor/outsourceOrder/dismissOrder';
export const ONBOARDING_START_PATH = '/outsourcingLabor/onboardingManagement/initiateOnboarding';
export const ONBOARDING_STEP_PATH = '/outsourcingLabor/onboardingManagement/initiateOnboardingStep';
export const ONBOARDING_LIST_PATH = '/outsourcingLabor/onboardingManagement/initiateOnboardingList';
export const orderDetailPath = (id: number, orderNo: string) => `/outsourcingLabor/outsourceOrder/fillPostOrderDetail/${id}/${encodeURIComponent(orderNo)}`;
export const dismissDetailPath = (id: number, orderNo: string) => `/outsourcingLabor/outsourceOrder/dismissOrderDetail/${id}/${encodeURIComponent(orderNo)}`;
/** 发起入职 for a client (and an order of it). */
export function onboardingStartPath(clientId?: number, orderId?: number): string {
  const q = new URLSearchParams();
  if (clientId) q.set('clientId', String(clientId));
  if (orderId) q.set('orderId', String(orderId));
  const s = q.toString();
  return s ? `${ONBOARDING_START_PATH}?${s}` : ONBOARDING_START_PATH;
}

/** A positive whole id from a route or search parameter, else null. */
export function idParam(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}
