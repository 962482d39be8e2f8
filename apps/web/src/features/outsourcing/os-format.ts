import {
  APPROVALS,
  BILL_STATUSES,
  CLIENT_KINDS,
  CUSTODY_FIELDS,
  DISMISS_STATUSES,
  ORDER_STATUSES,
  PLACEMENT_STATUSES,
  POST_KINDS,
  VAT_KINDS,
  type BillAmounts,
  type CustodyField,
  type DismissRow,
  type DispatchRatio,
  type FeeKind,
  type OrderRow,
  type VatKind,
} from '@wfsaas/contracts';
import { EMPTY_TEXT, formatMoney } from '../../app/ui/format.ts';
import type { StatusTone } from '../../app/ui/StatusTag.tsx';
import { formatRate } from '../payroll/payroll-format.ts';

/** An amount with thousands separators and two places, without the currency sign (300 → 300.00). */
export function amountText(v: string | null | undefined): string {
  const text = formatMoney(v);
  return text.replace('¥', '');
}

/** A plan's service fee: 300.00元/人/月 per head, 8% as a rate. */
export function feeText(p: { feeKind: FeeKind; feeAmount: string | null; feeRate: string | null }): string {
  if (p.feeKind === 'perHead') return p.feeAmount ? `${amountText(p.feeAmount)}元/人/月` : EMPTY_TEXT;
  return p.feeRate ? formatRate(p.feeRate) : EMPTY_TEXT;
}

/** The VAT wording of a plan. */
export function vatLabel(kind: VatKind): string {
  return VAT_KINDS.find((v) => v.value === kind)?.label ?? EMPTY_TEXT;
}

/** One line on what each VAT kind taxes. */
export const VAT_EXPLAIN: Record<VatKind, string> = {
  general: '按账单全额（工资、单位社保公积金、服务费合计）的 6% 计税',
  simplified: '劳务派遣差额征税：扣除代发工资和单位社保公积金后，按服务费的 5% 计税',
};

export const FEE_EXPLAIN: Record<FeeKind, string> = {
  perHead: '每名在岗人员每月收取固定金额',
  percent: '按（工资 + 单位社保公积金）的比例收取',
};

export function clientKindLabel(kind: number): string {
  return CLIENT_KINDS.find((k) => k.value === kind)?.label ?? EMPTY_TEXT;
}

/** The Tag colour of a client kind: 劳务派遣 blue, 业务外包 purple, 灵活用工 cyan. */
export function clientKindColor(kind: number): string {
  return ({ 1: 'blue', 2: 'purple', 3: 'cyan' } as Record<number, string>)[kind] ?? 'default';
}

export function postKindLabel(kind: string | null | undefined): string {
  return POST_KINDS.find((k) => k.value === kind)?.label ?? EMPTY_TEXT;
}

/** An agreement's end as the user reads it: orange under 30 days, red once expired. */
export function agreementState(daysLeft: number): { text: string; tone: 'normal' | 'warning' | 'error' } {
  if (daysLeft < 0) return { text: `已到期${-daysLeft}天`, tone: 'error' };
  if (daysLeft === 0) return { text: '今日到期', tone: 'warning' };
  return { text: `剩余${daysLeft}天`, tone: daysLeft < 30 ? 'warning' : 'normal' };
}

export const TONE_COLOR = { normal: undefined, warning: '#d46b08', error: '#cf1322' } as const;

/**
 * The dispatch ratio as a bar: full at the 10 % limit; the text is the ratio itself. Blue while fine,
 * orange from the warning level, red when refused.
 */
export function ratioBar(r: Pick<DispatchRatio, 'ratio' | 'level'>): { percent: number; text: string; color: string } {
  const ratio = Number(r.ratio);
  const percent = Number.isFinite(ratio) ? Math.min(100, Math.max(0, Math.round(ratio * 1000 * 10) / 10)) : 0;
  const color = r.level === 'refuse' ? '#ff4d4f' : r.level === 'warn' ? '#fa8c16' : '#1677ff';
  return { percent, text: formatRate(r.ratio), color };
}

/** The most dispatched workers a client's own headcount allows: d / (own + d) ≤ 10 %, so d ≤ own / 9. */
export function maxDispatched(ownHeadcount: number): number {
  if (!Number.isFinite(ownHeadcount) || ownHeadcount <= 0) return 0;
  return Math.floor(ownHeadcount / 9);
}

export function billStatusLabel(status: number): string {
  return BILL_STATUSES.find((s) => s.value === status)?.label ?? '未知';
}

/** 审核中/更新中 blue, 待确认 grey, 待付款 orange, 已付款 green, 逾期和失败 red, 解锁/暂停 default. */
export function billStatusTone(status: number): StatusTone {
  switch (status) {
    case 1:
    case 8:
    case 9:
      return 'processing';
    case 2:
      return 'pending';
    case 3:
      return 'warning';
    case 4:
      return 'success';
    case 6:
    case 10:
    case 11:
    case 12:
      return 'error';
    default:
      return 'default';
  }
}

export function orderStatusLabel(status: number): string {
  return ORDER_STATUSES.find((s) => s.value === status)?.label ?? '未知';
}

/** 待接单 grey, 招聘中/部分到岗 blue, 已完成 green, 已取消 default. */
export function orderStatusTone(status: number): StatusTone {
  return ({ 1: 'pending', 2: 'processing', 3: 'processing', 4: 'success' } as Record<number, StatusTone>)[status] ?? 'default';
}

export function dismissStatusLabel(status: number): string {
  return DISMISS_STATUSES.find((s) => s.value === status)?.label ?? '未知';
}

/** 待处理 grey, 处理中 blue, 已完成 green, 已取消 default. */
export function dismissStatusTone(status: number): StatusTone {
  return ({ 1: 'pending', 2: 'processing', 3: 'success' } as Record<number, StatusTone>)[status] ?? 'default';
}

export function approvalLabel(approval: number): string {
  return APPROVALS.find((a) => a.value === approval)?.label ?? EMPTY_TEXT;
}

/** 待审批 orange, 已同意 green, 已驳回 red, 无需审批 default. */
export function approvalTone(approval: number): StatusTone {
  return ({ 1: 'warning', 2: 'success', 3: 'error' } as Record<number, StatusTone>)[approval] ?? 'default';
}

export function placementStatusLabel(status: number): string {
  return PLACEMENT_STATUSES.find((s) => s.value === status)?.label ?? '未知';
}

/** 待入职 grey, 在岗 green, 待离岗 orange, 已离岗/已放弃 default. */
export function placementStatusTone(status: number): StatusTone {
  return ({ 1: 'pending', 2: 'success', 3: 'warning' } as Record<number, StatusTone>)[status] ?? 'default';
}

function toCents(v: string | null | undefined): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec((v ?? '').trim());
  if (!m) return 0n;
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

function fromCents(c: bigint): string {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

const AMOUNT_KEYS = ['wages', 'siEmployer', 'hfEmployer', 'serviceFee', 'vat', 'total'] as const;

/** The summary row of a bill's lines, added in cents. */
export function sumAmounts(lines: readonly { [K in keyof BillAmounts]: string | null }[]): BillAmounts {
  const sums = Object.fromEntries(AMOUNT_KEYS.map((k) => [k, 0n])) as Record<(typeof AMOUNT_KEYS)[number], bigint>;
  for (const l of lines) for (const k of AMOUNT_KEYS) sums[k] += toCents(l[k]);
  return Object.fromEntries(AMOUNT_KEYS.map((k) => [k, fromCents(sums[k])])) as BillAmounts;
}

/** 社保公积金(单位): the employer's social insurance plus housing fund. */
export function employerContributions(a: Pick<BillAmounts, 'siEmployer' | 'hfEmployer'>): string {
  return fromCents(toCents(a.siEmployer) + toCents(a.hfEmployer));
}

/** Whether the bill's total equals the sum of its lines to the cent. */
export function linesMatchTotal(total: string, lines: Parameters<typeof sumAmounts>[0]): boolean {
  return toCents(total) === toCents(sumAmounts(lines).total);
}

/** 生成本月账单's answer as one sentence. */
export function generateResultText(r: { month: string; generated: number; skipped: readonly unknown[] }): string {
  const skipped = r.skipped.length ? `，${r.skipped.length} 个用工单位未生成` : '';
  return `${r.month} 已生成 ${r.generated} 张账单${skipped}`;
}

/** A list answer: an array, or a page's `data`; anything else is empty. */
export function listOf<T>(raw: unknown): T[] {
  if (Array.isArray(raw)) return raw as T[];
  if (raw && typeof raw === 'object') {
    const data = (raw as { data?: unknown }).data;
    if (Array.isArray(data)) return data as T[];
  }
  return [];
}

export type CustodyOrders = { orders: OrderRow[]; dismissals: DismissRow[] };

/** The client's work orders: `{ orders, dismissals }`, or the orders alone. */
export function custodyOrdersOf(raw: unknown): CustodyOrders {
  if (raw && typeof raw === 'object' && !Array.isArray(raw) && ('orders' in raw || 'dismissals' in raw)) {
    const r = raw as { orders?: unknown; dismissals?: unknown };
    return { orders: listOf<OrderRow>(r.orders), dismissals: listOf<DismissRow>(r.dismissals) };
  }
  return { orders: listOf<OrderRow>(raw), dismissals: [] };
}

/** The worker columns a client sees: the shared fields in the product's order, then pay when shared. */
export function custodyColumns(fields: readonly CustodyField[], payVisible: boolean): { key: CustodyField | 'pay'; title: string }[] {
  const shown: { key: CustodyField | 'pay'; title: string }[] = CUSTODY_FIELDS.filter((f) => fields.includes(f.value)).map((f) => ({ key: f.value, title: f.label.replace(/（脱敏）$/, '') }));
  if (payVisible) shown.push({ key: 'pay', title: '薪资' });
  return shown;
}

/** What a client sees of a custody setting, in one line for the settings list. */
export function custodySummary(c: { fields: readonly CustodyField[]; payVisible: boolean; approveOrders: boolean; approveDismissals: boolean; confirmBills: boolean }): string {
  const parts = [`可见字段 ${c.fields.length} 项`, c.payVisible ? '可见薪资' : '不可见薪资'];
  if (c.approveOrders) parts.push('补岗单需审批');
  if (c.approveDismissals) parts.push('退工单需审批');
  if (c.confirmBills) parts.push('账单需确认');
  return parts.join('，');
}

/** Addresses of the screens. */
export const PLAN_PATH = '/qtOutsource/allocationPlanConfiguration';
export const planTemplatesPath = (packageId: number) => `/forQtOutsource/contractTemplatesList/${packageId}`;
export const planTemplateDetailPath = (templateId: number) => `/forQtOutsource/contractTemplatesdetal/${templateId}`;
