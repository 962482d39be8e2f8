import type { ConversionRow, EmployeeChangeView } from '@wfsaas/contracts';
import { formatMoney } from '../../app/ui/format.ts';
import type { StatusTone } from '../../app/ui/StatusTag.tsx';

/** Rules of the regularisation screen (pure, unit-tested). */

/** "还剩 3 天", "今天到期", "已逾期 5 天". */
export function daysLeftText(daysLeft: number | null): string {
  if (daysLeft === null) return '—';
  if (daysLeft === 0) return '今天到期';
  return daysLeft > 0 ? `还剩 ${daysLeft} 天` : `已逾期 ${-daysLeft} 天`;
}

/** Overdue red, within a week orange, otherwise blue. */
export function daysLeftTone(daysLeft: number | null): StatusTone {
  if (daysLeft === null) return 'default';
  if (daysLeft < 0) return 'error';
  return daysLeft <= 7 ? 'warning' : 'processing';
}

export function changeTone(c: Pick<EmployeeChangeView, 'status'>): StatusTone {
  return c.status === 1 ? 'success' : c.status === 0 ? 'processing' : 'default';
}

/** The date the regularisation form proposes: the probation end, or today when it has passed or is unset. */
export function defaultEffectiveDate(row: Pick<ConversionRow, 'probationEndDate'>, today: string): string {
  return row.probationEndDate && row.probationEndDate > today ? row.probationEndDate : today;
}

/** One line of the timeline: "转正 · 2025-03-01 · 已生效（提前转正）". */
export function changeSummary(c: EmployeeChangeView): string {
  const parts = [`${c.typeLabel}`, c.effectiveDate, c.statusLabel + (c.early ? '（提前转正）' : '')];
  if (c.type === 'extendProbation') parts.push(`试用期结束日期 ${c.before.probationEndDate ?? '—'} → ${c.after.probationEndDate ?? '—'}`);
  if (c.after.salary) parts.push(`转正后薪资 ${formatMoney(c.after.salary)}`);
  return parts.join(' · ');
}
