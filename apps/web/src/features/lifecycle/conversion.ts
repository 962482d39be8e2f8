import { TRANSFER_FIELDS, type ConversionRow, type EmployeeChangeView, type EmployeePlacement, type LabourContractView, type TransferDo } from '@wfsaas/contracts';
import dayjs from 'dayjs';
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
  return c.status === 1 ? 'success' : c.status === 0 ? 'processing' : c.status === 3 ? 'warning' : c.status === 4 ? 'error' : 'default';
}

/** The toast after doing a change: under review (待审批) it has not taken effect yet. */
export function changeDoneText(c: Pick<EmployeeChangeView, 'status' | 'effectiveDate'>, effective: string, waiting: string): string {
  if (c.status === 3) return '已提交审批，审批通过后生效';
  return c.status === 1 ? effective : waiting;
}

/** The date the regularisation form proposes: the probation end, or today when it has passed or is unset. */
export function defaultEffectiveDate(row: Pick<ConversionRow, 'probationEndDate'>, today: string): string {
  return row.probationEndDate && row.probationEndDate > today ? row.probationEndDate : today;
}

/** One line of the timeline: "转正 · 2025-03-01 · 已生效（提前转正）". */
/** What a change did, one entry a fact (the timeline and the change lists show them). */
export function changeDetails(c: EmployeeChangeView): string[] {
  const parts: string[] = [];
  if (c.type === 'transfer') parts.push(...transferDetails(c));
  if (c.type === 'renew') parts.push(`新合同：${c.after.typeLabel ?? ''}，${termText(c.after.startDate, c.after.endDate)}`);
  if (c.type === 'contractChange') {
    if (c.before.typeLabel !== c.after.typeLabel) parts.push(`合同类型：${c.before.typeLabel ?? '—'} → ${c.after.typeLabel ?? '—'}`);
    if (c.before.endDate !== c.after.endDate) parts.push(`结束日期：${c.before.endDate ?? '无固定期限'} → ${c.after.endDate ?? '无固定期限'}`);
    if (c.after.content) parts.push(String(c.after.content));
  }
  if (c.type === 'quit' && typeof c.after.reason === 'string') parts.push(`离职原因：${c.after.reason}`);
  if (c.type === 'extendProbation') parts.push(`试用期结束日期 ${c.before.probationEndDate ?? '—'} → ${c.after.probationEndDate ?? '—'}`);
  if (c.type === 'regularize' && c.after.salary) parts.push(`转正后薪资 ${formatMoney(c.after.salary)}`);
  return parts;
}

export function changeSummary(c: EmployeeChangeView): string {
  return [c.typeLabel, c.effectiveDate, c.statusLabel + (c.early ? '（提前转正）' : ''), ...changeDetails(c)].join(' · ');
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
  formValues?: Record<string, unknown>;
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
  const body: TransferDo = { employeeId: current.employeeId, effectiveDate: v.effectiveDate!, reason: v.reason as TransferDo['reason'], remark: v.remark?.trim() || undefined, formValues: v.formValues };
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

function termText(start: string | number | null | undefined, end: string | number | null | undefined): string {
  return end ? `${start ?? '—'} 至 ${end}` : `${start ?? '—'} 起，无固定期限`;
}

/** "2023-01-01 至 2025-12-31", or "2023-01-01 起，无固定期限". */
export function contractTerm(k: Pick<LabourContractView, 'startDate' | 'endDate'>): string {
  return termText(k.startDate, k.endDate);
}

/** A renewal starts the day after the current contract ends and runs the same length (three years when unknown). */
export function renewalDefaults(k: Pick<LabourContractView, 'type' | 'startDate' | 'endDate'>): { type: number; startDate: string; endDate: string | null } {
  const start = dayjs(k.endDate ?? k.startDate).add(1, 'day');
  const months = k.endDate ? Math.max(12, Math.round(dayjs(k.endDate).add(1, 'day').diff(dayjs(k.startDate), 'month', true))) : 36;
  return { type: k.type, startDate: start.format('YYYY-MM-DD'), endDate: k.type === 2 ? null : start.add(months, 'month').subtract(1, 'day').format('YYYY-MM-DD') };
}

/** The probation end a form proposes for a hire date: the company's default probation later (异动设置), none for 0 months. */
export function defaultProbationEnd(hireDate: string | null | undefined, months: number): string | null {
  if (!hireDate || months <= 0) return null;
  return dayjs(hireDate).add(months, 'month').format('YYYY-MM-DD');
}
