import { APPLY_STATUSES, INSURED_STATUSES, LINE_KINDS, LINE_RESULTS, LINE_SOURCES, type ApplyLineView } from '@wfsaas/contracts';
import type { StatusTone } from '../../app/ui/StatusTag.tsx';
import { formatMoney } from '../../app/ui/format.ts';

/** Status tones (UI.md): 草稿 grey, 已提交 blue, 部分成功 orange, 全部成功 green, 已撤回 default. */
export function applyStatusTone(status: number | null | undefined): StatusTone {
  switch (status) {
    case 1:
      return 'processing';
    case 2:
      return 'warning';
    case 3:
      return 'success';
    case 4:
      return 'default';
    default:
      return 'pending';
  }
}

export function applyStatusLabel(status: number | null | undefined): string {
  return APPLY_STATUSES.find((s) => s.value === status)?.label ?? '未办理';
}

/** 待增员 blue (being handled), 在保 green, 待减员 orange, 停保 default (ended). */
export function insuredStatusTone(status: number): StatusTone {
  switch (status) {
    case 1:
      return 'processing';
    case 2:
      return 'success';
    case 3:
      return 'warning';
    default:
      return 'default';
  }
}

export function insuredStatusLabel(status: number): string {
  return INSURED_STATUSES.find((s) => s.value === status)?.label ?? '未知';
}

/** 待反馈 grey, 成功 green, 失败 red. */
export function lineResultTone(result: number): StatusTone {
  return result === 1 ? 'success' : result === 2 ? 'error' : 'pending';
}

export function lineResultLabel(result: number): string {
  return LINE_RESULTS.find((r) => r.value === result)?.label ?? '待反馈';
}

/** The Tag colour of a line kind: 增员 green, 减员 volcano, 调基 blue, 补缴 orange. */
export function lineKindColor(kind: number): string {
  return ({ 1: 'green', 2: 'volcano', 3: 'blue', 4: 'orange' } as Record<number, string>)[kind] ?? 'default';
}

export function lineKindLabel(kind: number): string {
  return LINE_KINDS.find((k) => k.value === kind)?.label ?? '—';
}

export function lineSourceLabel(source: string): string {
  return LINE_SOURCES.find((s) => s.value === source)?.label ?? source;
}

/** The deadline as the user reads it: 剩余N天, 今日截止, 已逾期N天 (overdue shows red). */
export function deadlineText(daysLeft: number): { text: string; overdue: boolean } {
  if (daysLeft > 0) return { text: `剩余${daysLeft}天`, overdue: false };
  if (daysLeft === 0) return { text: '今日截止', overdue: false };
  return { text: `已逾期${-daysLeft}天`, overdue: true };
}

/** The late fee's explanation beside its amount. */
export function lateFeeTip(lateDays: number | null): string {
  return lateDays && lateDays > 0 ? `逾期${lateDays}天，按日万分之五加收滞纳金` : '按日万分之五加收滞纳金';
}

/** A policy's bounds: ¥4,462.00 – ¥22,311.00; 未设置 without them. */
export function boundsText(floor: string | null | undefined, ceiling: string | null | undefined): string {
  if (!floor && !ceiling) return '未设置';
  return `${formatMoney(floor)} – ${formatMoney(ceiling)}`;
}

/** The lines that will be declared (not dropped) counted by kind. */
export function lineKindCounts(lines: readonly Pick<ApplyLineView, 'kind' | 'dropped'>[]): Record<1 | 2 | 3 | 4, number> {
  const counts = { 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const l of lines) if (!l.dropped) counts[l.kind] += 1;
  return counts;
}

/** What 提交申报 asks before it submits: how many lines and people, by kind. */
export function submitConfirmText(lines: readonly Pick<ApplyLineView, 'kind' | 'dropped' | 'employeeId'>[]): string {
  const counts = lineKindCounts(lines);
  const total = counts[1] + counts[2] + counts[3] + counts[4];
  if (total === 0) return '没有需要申报的人员。';
  const people = new Set(lines.filter((l) => !l.dropped).map((l) => l.employeeId)).size;
  const parts = LINE_KINDS.filter((k) => counts[k.value] > 0).map((k) => `${k.label} ${counts[k.value]} 条`);
  const dropped = lines.filter((l) => l.dropped).length;
  return `本次申报共 ${total} 条明细（${people} 人）：${parts.join('、')}${dropped ? `（另有 ${dropped} 条不申报）` : ''}。提交后明细不能再修改，可导出申报文件到社保网站办理。`;
}

/** A write that answers the record it created or moved to: its id (`id` or `applyId`), or null. */
export type Created = { id?: number | null; applyId?: number | null } | null | undefined;
export function createdId(r: Created): number | null {
  if (!r) return null;
  return r.id ?? r.applyId ?? null;
}

/** A line names itself to the server by its id once stored, by its proposal key before. */
export function lineRef(applyId: number, line: Pick<ApplyLineView, 'id' | 'proposalKey'>): { applyId: number; lineId?: number; proposalKey?: string } {
  if (line.id !== null) return { applyId, lineId: line.id };
  return { applyId, proposalKey: line.proposalKey ?? '' };
}

/** The row key of a line in a table. */
export function lineKey(line: Pick<ApplyLineView, 'id' | 'proposalKey' | 'employeeId' | 'kind'>): string {
  return line.id !== null ? `l${line.id}` : `p${line.proposalKey ?? `${line.employeeId}-${line.kind}`}`;
}

/** The address of a declaration's detail screen. */
export const applyDetailPath = (id: number) => `/taxReturn/progressReportDetail/${id}`;
export const APPLY_MONTH_PATH = '/socialTrusteeship/progressReporting/applyMonth';

/** An entity month's reconciliation: 未对账 grey, 对账一致 green, 有差异 N red. */
export function reconcileState(reconciled: boolean | null, differences: number | null): { text: string; tone: StatusTone } {
  if (reconciled === null) return { text: '未对账', tone: 'pending' };
  if (reconciled) return { text: '对账一致', tone: 'success' };
  return { text: differences ? `有差异 ${differences}` : '有差异', tone: 'error' };
}
