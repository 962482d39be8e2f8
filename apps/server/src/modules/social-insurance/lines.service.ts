import { LINE_KIND, type ApplyDetailView, type ApplyLineSave } from '@wfsaas/contracts';
import { backPayment, dueDate, monthsBetween, PayrollDecimal, policyBounds, type CityPolicy } from '@wfsaas/payroll';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { EntityRow } from './entities.queries.ts';
import { PolicyBook } from './entity-policy.ts';
import * as dq from './declarations.queries.ts';
import { declarationLines, detailView, requireDraft } from './declarations.service.ts';
import { storedFrom, type DraftLine } from './proposals.service.ts';

/** A draft's lines: edit (a stored line, a proposal, or a new manual line), drop and restore. */

function within(value: string, min: string, max: string): boolean {
  const v = new PayrollDecimal(value);
  return !v.lessThan(min) && !v.greaterThan(max);
}

/** The bases and rate of a line against the policy of the declaration's month: 400 naming the field and the bounds. */
export function checkBases(policy: CityPolicy, l: { siBase: string; hfBase: string; hfRate: string }): void {
  const b = policyBounds(policy);
  if (!within(l.siBase, b.siFloor, b.siCeiling)) throw badRequest(`社保缴费基数：应在${b.siFloor}到${b.siCeiling}之间（${policy.city}，${policy.effectiveFrom}起），收到${l.siBase}`);
  if (b.hfFloor && b.hfCeiling && !within(l.hfBase, b.hfFloor, b.hfCeiling)) throw badRequest(`公积金缴存基数：应在${b.hfFloor}到${b.hfCeiling}之间（${policy.city}，${policy.effectiveFrom}起），收到${l.hfBase}`);
  if (b.hfRateRange && !within(l.hfRate, b.hfRateRange.min, b.hfRateRange.max)) throw badRequest(`公积金缴存比例：应在${b.hfRateRange.min}到${b.hfRateRange.max}之间，收到${l.hfRate}`);
}

/** The amounts of a 补缴 line: the months' contributions and the late fee to the declaration's due date. */
function backPayOf(book: PolicyBook, entity: EntityRow, month: string, input: ApplyLineSave): Pick<dq.NewLine, 'backPay' | 'lateFee' | 'lateDays'> {
  const months = monthsBetween(input.fromMonth, input.toMonth!);
  if (months.length > 120) throw badRequest('截止月：一次补缴最多120个月');
  const r = backPayment(months, (m) => book.at(entity.city, m), { siBase: input.siBase, hfBase: input.hfBase, hfRate: input.hfRate, injuryRate: entity.injuryRate }, entity.deadlineDay, dueDate(month, entity.deadlineDay));
  return { backPay: r.amount, lateFee: r.lateFee, lateDays: r.lateDays };
}

function findTarget(lines: readonly DraftLine[], input: { lineId?: number; proposalKey?: string }): DraftLine | null {
  if (input.lineId) return lines.find((l) => l.id === input.lineId) ?? null;
  if (input.proposalKey) return lines.find((l) => l.proposalKey === input.proposalKey) ?? null;
  return null;
}

export async function saveLine(c: ServiceCtx, input: ApplyLineSave): Promise<ApplyDetailView> {
  const { declaration, entity } = await requireDraft(c, input.applyId);
  const lines = await declarationLines(c, declaration, entity);
  const target = findTarget(lines, input);
  if ((input.lineId || input.proposalKey) && !target) throw notFound(input.lineId ? '申报明细' : '建议明细');
  if (!target && !(await dq.employeeExists(c.tx, c.companyId, input.employeeId))) throw notFound('员工');
  if (target && target.employeeId !== input.employeeId) throw badRequest('员工：不能更换申报明细的人员');
  if (input.kind === LINE_KIND.backPay && (!input.toMonth || input.toMonth < input.fromMonth)) throw badRequest('截止月：补缴须填写截止月，且不能早于起始月');
  if (input.kind === LINE_KIND.backPay && input.toMonth! >= declaration.month) throw badRequest(`截止月：补缴的截止月应早于申报月份${declaration.month}`);
  const book = await PolicyBook.load(c.tx, c.companyId);
  checkBases(book.at(entity.city, declaration.month), input);
  const values: dq.NewLine = {
    employeeId: input.employeeId,
    kind: input.kind,
    source: target?.source ?? 'manual',
    proposalKey: target?.proposalKey ?? null,
    fromMonth: input.fromMonth,
    toMonth: input.kind === LINE_KIND.backPay ? input.toMonth : null,
    siBase: input.siBase,
    hfBase: input.hfBase,
    hfRate: input.hfRate,
    ...(input.kind === LINE_KIND.backPay ? backPayOf(book, entity, declaration.month, input) : { backPay: null, lateFee: null, lateDays: null }),
    remark: input.remark,
  };
  const row = target && !target.proposed ? await dq.updateLine(c.tx, c.companyId, target.id, values) : await dq.insertLine(c.tx, c.companyId, declaration.id, values);
  await c.audit({ action: 'si.apply.line.save', entity: 'si_declaration', entityId: declaration.id, before: target && !target.proposed ? target : null, after: { lineId: row.id, ...values } });
  return detailView(c, declaration, entity);
}

async function setDropped(c: ServiceCtx, input: { applyId: number; lineId?: number; proposalKey?: string }, dropped: boolean): Promise<ApplyDetailView> {
  if (!input.lineId && !input.proposalKey) throw badRequest('申报明细：请指定申报明细或建议明细');
  const { declaration, entity } = await requireDraft(c, input.applyId);
  const lines = await declarationLines(c, declaration, entity);
  const target = findTarget(lines, input);
  if (!target) throw notFound(input.lineId ? '申报明细' : '建议明细');
  let lineId: number;
  if (target.proposed) {
    if (!dropped) return detailView(c, declaration, entity);
    lineId = (await dq.insertLine(c.tx, c.companyId, declaration.id, storedFrom(target, { dropped: true }))).id;
  } else {
    if (target.dropped !== dropped) await dq.updateLine(c.tx, c.companyId, target.id, { dropped });
    lineId = target.id;
  }
  await c.audit({ action: dropped ? 'si.apply.line.drop' : 'si.apply.line.restore', entity: 'si_declaration', entityId: declaration.id, after: { lineId, proposalKey: target.proposalKey ?? null, employeeId: target.employeeId, kind: target.kind } });
  return detailView(c, declaration, entity);
}

export const dropLine = (c: ServiceCtx, input: { applyId: number; lineId?: number; proposalKey?: string }) => setDropped(c, input, true);
export const restoreLine = (c: ServiceCtx, input: { applyId: number; lineId?: number; proposalKey?: string }) => setDropped(c, input, false);
