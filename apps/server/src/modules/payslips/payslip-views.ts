import {
  COLUMN_GROUPS,
  PAYSLIP_STAGES,
  PAYSLIP_STATUS,
  PAYSLIP_STATUSES,
  batchStatusLabel,
  payslipItemLabel,
  payslipStatusLabel,
  type BatchStatus,
  type PayslipBatchView,
  type PayslipChannel,
  type PayslipColumn,
  type PayslipCounts,
  type PayslipEmployeeView,
  type PayslipGroupView,
  type PayslipRowView,
  type PayslipStageCounts,
  type PayslipStatus,
  type VerifyMethod,
} from '@wfsaas/contracts';
import type { Executor } from '../../platform/db.ts';
import { isEmptyValue } from './payslip-sheet.ts';
import * as q from './payslips.queries.ts';

/** The shapes the API answers: batch, per-employee row, and the payslip as its employee sees it. */

export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function emptyCounts(): PayslipCounts {
  return { total: 0, pending: 0, sent: 0, viewed: 0, confirmed: 0, feedback: 0, withdrawn: 0, failed: 0, unmatched: 0 };
}

export function countsByBatch(rows: Awaited<ReturnType<typeof q.countRowsByBatch>>): Map<number, PayslipCounts> {
  const out = new Map<number, PayslipCounts>();
  for (const r of rows) {
    const c = out.get(r.batchId) ?? emptyCounts();
    c.total += r.n;
    if (r.unmatched) c.unmatched += r.n;
    const key = PAYSLIP_STATUSES.find((s) => s.value === r.status)?.key;
    if (key) c[key] += r.n;
    out.set(r.batchId, c);
  }
  return out;
}

/** HR's figures (PAYSLIP_STAGES) from the per-status counts: the one place they are added up. */
export function stageCountsOf(counts: PayslipCounts): PayslipStageCounts {
  const out: PayslipStageCounts = { total: counts.total, unmatched: counts.unmatched, pending: 0, sent: 0, viewed: 0, confirmed: 0, feedback: 0, withdrawn: 0, failed: 0 };
  for (const stage of PAYSLIP_STAGES) {
    for (const status of stage.statuses) {
      const key = PAYSLIP_STATUSES.find((st) => st.value === status)!.key;
      out[stage.key] += counts[key];
    }
  }
  return out;
}

export function toBatchView(b: q.BatchRow, counts: PayslipCounts, createdByName: string | null): PayslipBatchView {
  return {
    id: b.id,
    month: b.month,
    title: b.title,
    status: b.status as BatchStatus,
    statusLabel: batchStatusLabel(b.status),
    channels: b.channels as PayslipChannel[],
    sendAt: iso(b.sendAt),
    sentAt: iso(b.sentAt),
    note: b.note,
    hideEmpty: b.hideEmpty,
    verifyMethod: b.verifyMethod as VerifyMethod,
    requireSignature: b.requireSignature,
    requirePassword: b.requirePassword,
    autoConfirmDays: b.autoConfirmDays,
    columns: b.columns,
    counts,
    stageCounts: stageCountsOf(counts),
    createdByName,
    createdAt: iso(b.createdAt)!,
  };
}

export function toRowView(r: q.RowListItem): PayslipRowView {
  return {
    id: r.id,
    rowNo: r.rowNo,
    employeeId: r.employeeId,
    name: r.name,
    employeeNo: r.employeeNo,
    departmentName: r.departmentName,
    mobile: r.mobileMasked,
    status: r.status as PayslipStatus,
    statusLabel: payslipStatusLabel(r.status),
    version: r.version,
    matchError: r.matchError,
    netPay: r.netPay,
    sentAt: iso(r.sentAt),
    viewedAt: iso(r.viewedAt),
    confirmedAt: iso(r.confirmedAt),
    feedback: r.feedback,
    reply: r.reply,
    failReason: r.failReason,
  };
}

/** The payslip's shown items by group, empty and zero items left out when the batch says so. */
export function payslipGroups(columns: readonly PayslipColumn[], cells: readonly string[], hideEmpty: boolean): PayslipGroupView[] {
  return COLUMN_GROUPS.map((g) => ({
    group: g.key,
    label: g.label,
    items: columns
      .filter((col) => col.show && col.group === g.key)
      .map((col) => ({ label: payslipItemLabel(col.label, col.group), value: cells[col.index] ?? '' }))
      .filter((item) => !(hideEmpty && isEmptyValue(item.value))),
  })).filter((g) => g.items.length > 0);
}

export const MSG_WITHDRAWN = '该工资条已撤回';

/** Withdrawn, or replaced by a corrected version. */
export const isWithdrawn = (p: q.PayslipRow) => p.status === PAYSLIP_STATUS.withdrawn || !p.isCurrent;

/** A payslip as its employee sees it: a withdrawn one shows no figures. */
export function toEmployeeView(companyName: string, batch: q.BatchRow, p: q.PayslipRow): PayslipEmployeeView {
  const withdrawn = isWithdrawn(p);
  return {
    companyName,
    month: batch.month,
    title: batch.title,
    name: p.name,
    status: p.status as PayslipStatus,
    statusLabel: withdrawn ? payslipStatusLabel(PAYSLIP_STATUS.withdrawn) : payslipStatusLabel(p.status),
    withdrawn,
    note: withdrawn ? MSG_WITHDRAWN : batch.note,
    groups: withdrawn ? [] : payslipGroups(batch.columns, p.cells, batch.hideEmpty),
    netPay: withdrawn ? null : p.netPay,
    requireSignature: batch.requireSignature,
    confirmedAt: p.confirmedAt ? new Date(p.confirmedAt).toISOString() : null,
    feedback: p.feedback,
    reply: p.reply,
  };
}

export async function batchView(exec: Executor, companyId: number, batch: q.BatchRow): Promise<PayslipBatchView> {
  const counts = countsByBatch(await q.countRowsByBatch(exec, companyId, [batch.id]));
  return toBatchView(batch, counts.get(batch.id) ?? emptyCounts(), await q.findUserNickname(exec, batch.createdBy));
}
