import { APPLY_STATUS, LINE_KIND, type ApplyDetailView, type LineSource } from '@wfsaas/contracts';
import { addMonths, backPayment, declarableMonth, dueDate, monthsBetween } from '@wfsaas/payroll';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { EntityRow } from './entities.queries.ts';
import { PolicyBook } from './entity-policy.ts';
import * as dq from './declarations.queries.ts';
import { deadlinePassed, declarationLines, detailView, openDraft, requireDeclaration, requireDraft } from './declarations.service.ts';
import { joinStart, markSubmitted, undoDeclaration } from './insured-effects.service.ts';
import { siPortal } from './portal.ts';
import { storedFrom, type DraftLine } from './proposals.service.ts';
import { siToday } from './si-clock.ts';

/** Submitting a draft (its proposals frozen), withdrawing it, carrying an overdue draft over, and retrying failed lines. */

export const MSG_EMPTY = '申报单没有需要申报的人员';

function nextMonthOf(entity: EntityRow, month: string): string {
  const declarable = declarableMonth(siToday(), entity.deadlineDay);
  const next = addMonths(month, 1);
  return declarable > next ? declarable : next;
}

export async function submitDeclaration(c: ServiceCtx, applyId: number): Promise<ApplyDetailView> {
  const { declaration, entity } = await requireDraft(c, applyId);
  if (deadlinePassed(declaration.month, entity.deadlineDay)) {
    const due = dueDate(declaration.month, entity.deadlineDay);
    throw badRequest(`申报月份：${declaration.month}的申报已于${due}截止，不能再提交；请使用「转入下月」把未申报的人员转入${nextMonthOf(entity, declaration.month)}申报，并补缴欠缴月份`);
  }
  const lines = await declarationLines(c, declaration, entity);
  if (!lines.some((l) => !l.dropped)) throw badRequest(MSG_EMPTY);
  await dq.insertLines(c.tx, c.companyId, declaration.id, lines.filter((l) => l.proposed).map((p) => storedFrom(p as Extract<DraftLine, { proposed: true }>)));
  const stored = await dq.listLines(c.tx, c.companyId, declaration.id);
  const answer = await siPortal().submit({ ...declaration, entity }, stored.filter((l) => !l.dropped));
  if (!answer.accepted) throw badRequest(`社保平台未受理：${answer.note}`);
  const submitted = await dq.updateDeclaration(c.tx, c.companyId, declaration.id, { status: APPLY_STATUS.submitted, submittedAt: new Date(), submittedBy: c.user.userId, portalNote: answer.note });
  await markSubmitted(c, submitted, stored);
  await c.audit({ action: 'si.apply.submit', entity: 'si_declaration', entityId: declaration.id, after: { month: declaration.month, entityId: entity.id, lines: stored.filter((l) => !l.dropped).length, portalNote: answer.note } });
  return detailView(c, submitted, entity);
}

export async function withdrawDeclaration(c: ServiceCtx, applyId: number): Promise<ApplyDetailView> {
  const { declaration, entity } = await requireDeclaration(c, applyId);
  const lines = await dq.listLines(c.tx, c.companyId, declaration.id);
  if (declaration.status !== APPLY_STATUS.submitted || lines.some((l) => l.result !== 0)) throw conflict('只有已提交且尚未有办理结果的申报单可以撤回');
  await undoDeclaration(c, declaration, lines);
  const withdrawn = await dq.updateDeclaration(c.tx, c.companyId, declaration.id, { status: APPLY_STATUS.withdrawn, portalNote: `${declaration.portalNote ?? ''}${declaration.portalNote ? '；' : ''}已于${siToday()}撤回` });
  await c.audit({ action: 'si.apply.withdraw', entity: 'si_declaration', entityId: declaration.id, before: { status: declaration.status }, after: { status: APPLY_STATUS.withdrawn } });
  return detailView(c, withdrawn, entity);
}

type Movable = Pick<dq.LineRow, 'employeeId' | 'kind' | 'source' | 'proposalKey' | 'fromMonth' | 'toMonth' | 'siBase' | 'hfBase' | 'hfRate' | 'remark' | 'dropped' | 'backPay' | 'lateFee' | 'lateDays'>;

/** A 补缴 of `months` paid by the due date of `month`. */
function backPayFor(book: PolicyBook, entity: EntityRow, month: string, l: Movable, from: string, to: string): Pick<dq.NewLine, 'backPay' | 'lateFee' | 'lateDays' | 'remark'> {
  const months = monthsBetween(from, to);
  const missing = months.find((m) => !book.tryAt(entity.city, m).policy);
  if (missing) return { backPay: null, lateFee: null, lateDays: null, remark: `${missing}无${entity.city}社保公积金政策，补缴金额请手工核对` };
  const paidOn = dueDate(month, entity.deadlineDay);
  const r = backPayment(months, (m) => book.at(entity.city, m), { siBase: l.siBase, hfBase: l.hfBase, hfRate: l.hfRate, injuryRate: entity.injuryRate }, entity.deadlineDay, paidOn);
  return { backPay: r.amount, lateFee: r.lateFee, lateDays: r.lateDays, remark: `应自${from}起参保，补缴${months.length}个月，滞纳金按每日万分之五计至${paidOn}` };
}

/**
 * Lines of one month re-made for a later `month`: a 增员 starts in `month` with a 补缴 for the months
 * between (the 补缴 it had is folded in), a 减员 keeps its month (逾期减员), a 调基 moves, a lone 补缴
 * gets its late fee to the new due date.
 */
export function movedLines(book: PolicyBook, entity: EntityRow, month: string, lines: readonly Movable[], source: LineSource): dq.NewLine[] {
  const all = lines as dq.LineRow[];
  const joined = new Set(lines.filter((l) => l.kind === LINE_KIND.join).map((l) => l.employeeId));
  const out: dq.NewLine[] = [];
  for (const l of lines) {
    const base: dq.NewLine = { employeeId: l.employeeId, kind: l.kind, source, proposalKey: l.proposalKey, fromMonth: l.fromMonth, toMonth: l.toMonth, siBase: l.siBase, hfBase: l.hfBase, hfRate: l.hfRate, backPay: l.backPay, lateFee: l.lateFee, lateDays: l.lateDays, remark: l.remark, dropped: l.dropped };
    if (l.kind === LINE_KIND.join) {
      const first = joinStart(l as dq.LineRow, all);
      out.push({ ...base, fromMonth: first > month ? first : month, remark: l.remark });
      if (first < month) {
        const to = addMonths(month, -1);
        out.push({ ...base, kind: LINE_KIND.backPay, proposalKey: `back:${l.employeeId}:${first}-${to}`, fromMonth: first, toMonth: to, ...backPayFor(book, entity, month, l, first, to) });
      }
    } else if (l.kind === LINE_KIND.backPay) {
      if (joined.has(l.employeeId)) continue;
      out.push({ ...base, ...backPayFor(book, entity, month, l, l.fromMonth, l.toMonth ?? l.fromMonth) });
    } else if (l.kind === LINE_KIND.leave) {
      out.push({ ...base, remark: l.fromMonth < month && !l.remark.includes('逾期减员') ? `${l.remark}${l.remark ? '；' : ''}逾期减员：应自${l.fromMonth}减员` : l.remark });
    } else {
      out.push({ ...base, fromMonth: l.fromMonth > month ? l.fromMonth : month });
    }
  }
  return out;
}

/** Adds moved lines to a draft, leaving out those whose proposal the draft holds already. */
async function addToDraft(c: ServiceCtx, target: dq.DeclarationRow, moved: dq.NewLine[]): Promise<number> {
  const held = new Set((await dq.listLines(c.tx, c.companyId, target.id)).map((l) => l.proposalKey).filter((k) => k !== null));
  const fresh = moved.filter((l) => !l.proposalKey || !held.has(l.proposalKey));
  await dq.insertLines(c.tx, c.companyId, target.id, fresh);
  return fresh.length;
}

export async function carryOver(c: ServiceCtx, applyId: number): Promise<ApplyDetailView> {
  const { declaration, entity } = await requireDraft(c, applyId);
  if (!deadlinePassed(declaration.month, entity.deadlineDay)) throw conflict(`${declaration.month}的申报尚未截止（${dueDate(declaration.month, entity.deadlineDay)}），请直接提交`);
  const lines = await declarationLines(c, declaration, entity);
  const month = nextMonthOf(entity, declaration.month);
  const book = await PolicyBook.load(c.tx, c.companyId);
  const { declaration: target } = await openDraft(c, entity, month);
  if (target.status !== APPLY_STATUS.draft) throw conflict(`${month}的申报单已提交，不能再转入；请先撤回该申报单`);
  const moved = await addToDraft(c, target, movedLines(book, entity, month, lines as Movable[], 'carried'));
  await dq.updateDeclaration(c.tx, c.companyId, declaration.id, { status: APPLY_STATUS.withdrawn, portalNote: `已逾期（截止${dueDate(declaration.month, entity.deadlineDay)}），${siToday()}转入${month}申报` });
  await c.audit({ action: 'si.apply.carryOver', entity: 'si_declaration', entityId: declaration.id, after: { to: target.id, month, lines: moved } });
  return detailView(c, target, entity);
}

export async function retryFailed(c: ServiceCtx, applyId: number): Promise<ApplyDetailView> {
  const { declaration, entity } = await requireDeclaration(c, applyId);
  const lines = await dq.listLines(c.tx, c.companyId, declaration.id);
  const failed = lines.filter((l) => !l.dropped && l.result === 2);
  if (failed.length === 0) throw badRequest('申报单没有办理失败的明细');
  // a failed 增员's 补缴 goes with it whatever its own result
  const failedJoins = new Set(failed.filter((l) => l.kind === LINE_KIND.join).map((l) => l.employeeId));
  const again = lines.filter((l) => !l.dropped && (l.result === 2 || (l.kind === LINE_KIND.backPay && failedJoins.has(l.employeeId))));
  const month = nextMonthOf(entity, declaration.month);
  const book = await PolicyBook.load(c.tx, c.companyId);
  const { declaration: target } = await openDraft(c, entity, month);
  if (target.status !== APPLY_STATUS.draft) throw conflict(`${month}的申报单已提交，不能再加入失败的明细；请先撤回该申报单`);
  const moved = await addToDraft(c, target, movedLines(book, entity, month, again, 'retry'));
  await c.audit({ action: 'si.apply.retryFailed', entity: 'si_declaration', entityId: declaration.id, after: { to: target.id, month, lines: moved } });
  return detailView(c, target, entity);
}
