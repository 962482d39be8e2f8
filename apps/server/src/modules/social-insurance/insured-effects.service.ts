import { INSURED_STATUS, LINE_KIND } from '@wfsaas/contracts';
import { addMonths } from '@wfsaas/payroll';
import type { ServiceCtx } from '../../platform/http.ts';
import type { DeclarationRow, LineRow } from './declarations.queries.ts';
import * as iq from './insured.queries.ts';

/**
 * What a declaration does to employees' insurance: submitting marks 待增员 / 待减员, a success
 * applies the line (增员 → 在保 here, 减员 → 停保, 调基 → the new bases), a failure or a withdrawal
 * puts back what the submission changed. Every change is written to the history.
 */

type Snapshot = Record<string, string | number | null>;

const ACTION = {
  submitJoin: '提交增员',
  submitLeave: '提交减员',
} as const;

function snap(row: iq.InsuredRow | null): Snapshot | null {
  if (!row) return null;
  return { entityId: row.entityId, siBase: row.siBase, hfBase: row.hfBase, hfRate: row.hfRate, startMonth: row.startMonth, endMonth: row.endMonth, status: row.status };
}

function valuesOf(employeeId: number, s: Snapshot): iq.InsuredValues {
  return {
    employeeId,
    entityId: Number(s.entityId),
    siBase: String(s.siBase),
    hfBase: String(s.hfBase),
    hfRate: String(s.hfRate),
    startMonth: String(s.startMonth),
    endMonth: s.endMonth === null ? null : String(s.endMonth),
    status: Number(s.status),
  };
}

/** The first insured month a 增员 stands for: its own, or the 补缴 before it of the same person. */
export function joinStart(line: LineRow, all: readonly LineRow[]): string {
  const back = all.filter((l) => l.employeeId === line.employeeId && l.kind === LINE_KIND.backPay && !l.dropped && l.fromMonth < line.fromMonth);
  return back.reduce((m, l) => (l.fromMonth < m ? l.fromMonth : m), line.fromMonth);
}

/** Submitting: 待增员 rows for joins (unless insured elsewhere still), 待减员 for leaves. Set-wise. */
export async function markSubmitted(c: ServiceCtx, d: DeclarationRow, lines: readonly LineRow[]): Promise<void> {
  const kept = lines.filter((l) => !l.dropped && (l.kind === LINE_KIND.join || l.kind === LINE_KIND.leave));
  const rows = await iq.listInsuredOf(c.tx, c.companyId, kept.map((l) => l.employeeId));
  const upserts: iq.InsuredValues[] = [];
  const history: iq.HistoryEntry[] = [];
  for (const l of kept) {
    const row = rows.get(l.employeeId) ?? null;
    if (l.kind === LINE_KIND.join) {
      // someone still insured at another entity keeps that row until the join succeeds
      if (row && row.entityId !== d.entityId && row.status !== INSURED_STATUS.stopped) continue;
      if (row && row.entityId === d.entityId && row.status !== INSURED_STATUS.stopped) continue;
      const next: iq.InsuredValues = { employeeId: l.employeeId, entityId: d.entityId, siBase: l.siBase, hfBase: l.hfBase, hfRate: l.hfRate, startMonth: joinStart(l, lines), endMonth: null, status: INSURED_STATUS.joining };
      upserts.push(next);
      history.push({ employeeId: l.employeeId, action: ACTION.submitJoin, before: snap(row), after: snap({ ...next, companyId: c.companyId, updatedAt: new Date(), endMonth: null }), by: c.user.userId, applyId: d.id });
    } else if (row && row.entityId === d.entityId && row.status === INSURED_STATUS.insured) {
      upserts.push({ ...row, status: INSURED_STATUS.leaving });
      history.push({ employeeId: l.employeeId, action: ACTION.submitLeave, before: snap(row), after: { ...snap(row), status: INSURED_STATUS.leaving }, by: c.user.userId, applyId: d.id });
    }
  }
  await iq.upsertInsuredMany(c.tx, c.companyId, upserts);
  await iq.insertHistory(c.tx, c.companyId, history);
}

/** Puts back what submitting a line changed (a failure, a withdrawal). */
async function undoSubmitted(c: ServiceCtx, d: DeclarationRow, l: LineRow): Promise<Snapshot | null> {
  const row = await iq.findInsured(c.tx, c.companyId, l.employeeId);
  if (l.kind === LINE_KIND.join && row?.entityId === d.entityId && row.status === INSURED_STATUS.joining) {
    const marked = await iq.findHistory(c.tx, c.companyId, l.employeeId, d.id, ACTION.submitJoin);
    if (marked?.before) await iq.upsertInsured(c.tx, c.companyId, valuesOf(l.employeeId, marked.before));
    else await iq.deleteInsured(c.tx, c.companyId, l.employeeId);
    return marked?.before ?? null;
  }
  if (l.kind === LINE_KIND.leave && row?.entityId === d.entityId && row.status === INSURED_STATUS.leaving) {
    await iq.upsertInsured(c.tx, c.companyId, { ...row, status: INSURED_STATUS.insured });
    return { ...snap(row), status: INSURED_STATUS.insured };
  }
  return snap(row);
}

const KIND_NAMES: Record<number, string> = { 1: '增员', 2: '减员', 3: '调基', 4: '补缴' };

/** A line's result from the portal, applied to the employee's insurance with its history entry. */
export async function applyResult(c: ServiceCtx, d: DeclarationRow, l: LineRow, all: readonly LineRow[], result: 1 | 2, reason: string): Promise<void> {
  const kind = KIND_NAMES[l.kind] ?? '申报';
  const row = await iq.findInsured(c.tx, c.companyId, l.employeeId);
  const entry = (action: string, after: Snapshot | null, note?: string): iq.HistoryEntry => ({
    employeeId: l.employeeId,
    action,
    before: snap(row),
    after: note ? { ...(after ?? {}), reason: note } : after,
    by: c.user.userId,
    applyId: d.id,
  });
  if (result === 2) {
    const after = await undoSubmitted(c, d, l);
    await iq.insertHistory(c.tx, c.companyId, [entry(`${kind}失败`, after, reason || '办理失败')]);
    return;
  }
  let next: iq.InsuredValues | null = null;
  if (l.kind === LINE_KIND.join) {
    next = { employeeId: l.employeeId, entityId: d.entityId, siBase: l.siBase, hfBase: l.hfBase, hfRate: l.hfRate, startMonth: joinStart(l, all), endMonth: null, status: INSURED_STATUS.insured };
  } else if (l.kind === LINE_KIND.leave && row) {
    next = { ...row, status: INSURED_STATUS.stopped, endMonth: addMonths(l.fromMonth, -1) };
  } else if (l.kind === LINE_KIND.base && row) {
    next = { ...row, siBase: l.siBase, hfBase: l.hfBase, hfRate: l.hfRate };
  }
  if (next) await iq.upsertInsured(c.tx, c.companyId, next);
  const after = next ? snap({ ...next, companyId: c.companyId, updatedAt: new Date(), endMonth: next.endMonth ?? null }) : { fromMonth: l.fromMonth, toMonth: l.toMonth, backPay: l.backPay, lateFee: l.lateFee };
  await iq.insertHistory(c.tx, c.companyId, [entry(`${kind}成功`, after)]);
}

/** Withdrawing a submitted declaration: every mark of its submission is put back. */
export async function undoDeclaration(c: ServiceCtx, d: DeclarationRow, lines: readonly LineRow[]): Promise<void> {
  for (const l of lines) {
    if (l.dropped || (l.kind !== LINE_KIND.join && l.kind !== LINE_KIND.leave)) continue;
    const before = await iq.findInsured(c.tx, c.companyId, l.employeeId);
    const after = await undoSubmitted(c, d, l);
    if (before?.status === INSURED_STATUS.joining || before?.status === INSURED_STATUS.leaving) {
      await iq.insertHistory(c.tx, c.companyId, [{ employeeId: l.employeeId, action: `撤回${KIND_NAMES[l.kind]}`, before: snap(before), after, by: c.user.userId, applyId: d.id }]);
    }
  }
}
