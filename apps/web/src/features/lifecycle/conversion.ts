import { TRANSFER_FIELDS, type ConversionRow, type EmployeeChangeView, type EmployeePlacement, type TransferDo } from '@wfsaas/contracts';
import { formatMoney } from '../../app/ui/format.ts';
import type { StatusTone } from '../../app/ui/StatusTag.tsx';

/** Rules of the change screens — 转正 and 调岗调薪 (pure, unit-tested). */

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
  if (c.type === 'transfer') parts.push(...transferDetails(c));
  if (c.type === 'extendProbation') parts.push(`试用期结束日期 ${c.before.probationEndDate ?? '—'} → ${c.after.probationEndDate ?? '—'}`);
  if (c.type === 'regularize' && c.after.salary) parts.push(`转正后薪资 ${formatMoney(c.after.salary)}`);
  return parts.join(' · ');
}

/** What a transfer changed, one entry a field: "部门：前端组 → 后端组", "月基本工资：— → ¥18,000.00". */
export function transferDetails(c: Pick<EmployeeChangeView, 'before' | 'after'>): string[] {
  const out: string[] = [];
  for (const f of TRANSFER_FIELDS) {
    if (!(f.key in c.after)) continue;
    const show = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : f.key === 'salary' ? formatMoney(v) : String(v));
    out.push(`${f.label}：${show(c.before[f.name])} → ${show(c.after[f.name])}`);
  }
  return out;
}

export type TransferFormValues = {
  employeeId?: number;
  effectiveDate?: string | null;
  departmentId?: number | null;
  positionId?: number | null;
  rankId?: number | null;
  costCenterId?: number | null;
  workLocation?: string;
  salary?: number | null;
  reason?: number;
  remark?: string;
};

/** The request: only what differs from the employee's current values (null clears an optional field). */
export function transferBody(v: TransferFormValues, current: EmployeePlacement): TransferDo {
  const body: TransferDo = { employeeId: current.employeeId, effectiveDate: v.effectiveDate!, reason: v.reason as TransferDo['reason'], remark: v.remark?.trim() || undefined };
  if (v.departmentId && v.departmentId !== current.departmentId) body.departmentId = v.departmentId;
  for (const key of ['positionId', 'rankId', 'costCenterId'] as const) {
    const next = v[key] ?? null;
    if (next !== current[key]) body[key] = next;
  }
  const location = v.workLocation?.trim() || null;
  if (location !== current.workLocation) body.workLocation = location;
  if (v.salary !== null && v.salary !== undefined && Number(v.salary).toFixed(2) !== current.salary) body.salary = Number(v.salary).toFixed(2);
  return body;
}

/** Handover: not started grey, under way blue, done green. */
export function handoverTone(status: number): StatusTone {
  return status === 2 ? 'success' : status === 1 ? 'processing' : 'pending';
}
