import {
  BATCH_STATUSES,
  COLUMN_GROUPS,
  PAYSLIP_STAGES,
  PAYSLIP_STATUSES,
  payslipItemLabel,
  type PayslipColumn,
  type PayslipGroupView,
  type PayslipStage,
  type PayslipStageCounts,
} from '@wfsaas/contracts';
import type { StatusTone } from '../../app/ui/StatusTag.tsx';

/** Whether a cell looks like an amount (so it is shown as money). */
export function isAmount(value: string): boolean {
  return /^-?[\d,]+(\.\d+)?$/.test(value.trim()) && /\d/.test(value);
}

/** An empty cell, or a zero amount: hidden when the batch hides empty and zero values. */
export function isEmptyOrZero(value: string | null | undefined): boolean {
  const v = (value ?? '').trim();
  if (v === '' || v === '-' || v === '—') return true;
  return isAmount(v) && Number(v.replace(/,/g, '')) === 0;
}

/** The default title of a month's payslip: 2026-05 → 2026年5月工资条. */
export function defaultPayslipTitle(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  return m ? `${m[1]}年${Number(m[2])}月工资条` : '工资条';
}

/** The month before `now` as YYYY-MM (payroll is usually sent for last month). */
export function previousMonth(now: Date): string {
  const y = now.getMonth() === 0 ? now.getFullYear() - 1 : now.getFullYear();
  const m = now.getMonth() === 0 ? 12 : now.getMonth();
  return `${y}-${String(m).padStart(2, '0')}`;
}

/**
 * What an employee would see for one sheet row: the shown columns in group order (基本信息, 应发,
 * 扣除, 实发, 其他), empty and zero values left out when asked. Identity columns are not items.
 */
export function groupRowForPreview(columns: readonly PayslipColumn[], row: readonly string[], opts: { hideEmpty: boolean; identityIndexes?: readonly number[] }): PayslipGroupView[] {
  const identity = new Set(opts.identityIndexes ?? []);
  const groups: PayslipGroupView[] = [];
  for (const g of COLUMN_GROUPS) {
    const items = columns
      .filter((c) => c.group === g.key && c.show && !identity.has(c.index))
      .map((c) => ({ label: payslipItemLabel(c.label, c.group), value: (row[c.index] ?? '').trim() }))
      .filter((it) => !opts.hideEmpty || !isEmptyOrZero(it.value));
    if (items.length > 0) groups.push({ group: g.key, label: g.label, items });
  }
  return groups;
}

/** The net pay of a grouped payslip: the last item of the 实发工资 group. */
export function netPayOf(groups: readonly PayslipGroupView[]): string | null {
  const net = groups.find((g) => g.group === 'net');
  return net?.items[net.items.length - 1]?.value ?? null;
}

const COLOR_TONES: Record<string, StatusTone> = { default: 'default', processing: 'processing', success: 'success', warning: 'warning', error: 'error' };

/** Status tones: 待发送 grey, in progress blue, 已确认 green, 有反馈 orange, 发送失败 red, withdrawn/ended default. */
export function payslipStatusTone(status: number): StatusTone {
  if (status === 0) return 'pending';
  return COLOR_TONES[PAYSLIP_STATUSES.find((s) => s.value === status)?.color ?? 'default'] ?? 'default';
}

export function batchStatusTone(status: number): StatusTone {
  if (status === 0) return 'pending';
  return COLOR_TONES[BATCH_STATUSES.find((s) => s.value === status)?.color ?? 'default'] ?? 'default';
}

/** 138****0000 for a full mobile; a masked one is kept. */
export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return '—';
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

export type StageTab = { key: 'all' | PayslipStage; label: string; count: number; stage?: PayslipStage };

/**
 * The detail's tabs: 全部, then each of HR's figures (PAYSLIP_STAGES) with the server's count; a tab
 * lists its rows by the same stage, so its count and its rows agree.
 */
export function stageTabs(c: PayslipStageCounts): StageTab[] {
  return [{ key: 'all', label: '全部', count: c.total }, ...PAYSLIP_STAGES.map((s) => ({ key: s.key, label: s.label, count: c[s.key], stage: s.key }))];
}

/** The figures shown as the detail's tags and the list's columns, in their order: the server's, never added up here. */
export const FIGURE_STAGES: readonly PayslipStage[] = ['sent', 'viewed', 'confirmed', 'feedback', 'failed'];

export function stageLabel(stage: PayslipStage): string {
  return PAYSLIP_STAGES.find((s) => s.key === stage)!.label;
}
