import { APPLY_STATUS, LINE_KIND, type ApplyDetailView, type ApplyLineView, type ApplyListItem, type ApplyMonthEntity, type ApplyMonthView } from '@wfsaas/contracts';
import { daysFrom, declarableMonth, dueDate, monthOf } from '@wfsaas/payroll';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { listEntities, type EntityRow } from './entities.queries.ts';
import { requireEntity } from './entity-policy.ts';
import * as dq from './declarations.queries.ts';
import { loadFacts, mergeLines, type DraftLine } from './proposals.service.ts';
import type { CompanyFacts } from './proposals.ts';
import { siToday } from './si-clock.ts';

/** 申报: the month's view per entity, the list, a month's declaration (created on demand) and its detail. */

type Status = 0 | 1 | 2 | 3 | 4;

export const MSG_NOT_DRAFT = '申报单已提交，不能修改';

export function deadlineRefusal(month: string, deadlineDay: number): string {
  return `申报月份：${month}的申报已于${dueDate(month, deadlineDay)}截止，请在下月申报中补缴`;
}

export function deadlinePassed(month: string, deadlineDay: number): boolean {
  return siToday() > dueDate(month, deadlineDay);
}

export async function requireDeclaration(c: ServiceCtx, id: number): Promise<{ declaration: dq.DeclarationRow; entity: EntityRow }> {
  const declaration = await dq.findDeclaration(c.tx, c.companyId, id);
  if (!declaration) throw notFound('申报单');
  return { declaration, entity: await requireEntity(c.tx, c.companyId, declaration.entityId) };
}

export async function requireDraft(c: ServiceCtx, id: number): Promise<{ declaration: dq.DeclarationRow; entity: EntityRow }> {
  const found = await requireDeclaration(c, id);
  if (found.declaration.status !== APPLY_STATUS.draft) throw conflict(MSG_NOT_DRAFT);
  return found;
}

/** The lines of a declaration as its detail shows them (stored, and proposals for a draft). */
export async function declarationLines(c: ServiceCtx, declaration: dq.DeclarationRow, entity: EntityRow, facts?: CompanyFacts): Promise<DraftLine[]> {
  const stored = await dq.listLines(c.tx, c.companyId, declaration.id);
  if (declaration.status !== APPLY_STATUS.draft) return stored.map((l) => ({ ...l, proposed: false as const }));
  return mergeLines(facts ?? (await loadFacts(c.tx, c.companyId, declaration.month)), entity, declaration, declaration.month, stored);
}

function countsOf(lines: readonly DraftLine[]): ApplyDetailView['counts'] {
  const kept = lines.filter((l) => !l.dropped);
  const n = (f: (l: DraftLine) => boolean) => kept.filter(f).length;
  return {
    join: n((l) => l.kind === LINE_KIND.join),
    leave: n((l) => l.kind === LINE_KIND.leave),
    base: n((l) => l.kind === LINE_KIND.base),
    backPay: n((l) => l.kind === LINE_KIND.backPay),
    success: n((l) => l.result === 1),
    failure: n((l) => l.result === 2),
    pending: n((l) => l.result === 0),
  };
}

export async function lineViews(c: ServiceCtx, lines: readonly DraftLine[]): Promise<ApplyLineView[]> {
  const people = await dq.listLinePeople(c.tx, c.companyId, lines.map((l) => l.employeeId));
  return lines.map((l) => {
    const p = people.get(l.employeeId);
    return {
      id: l.id,
      proposalKey: l.proposalKey ?? null,
      employeeId: l.employeeId,
      name: p?.name ?? '',
      employeeNo: p?.employeeNo ?? null,
      idNumberMasked: p?.idNumberMasked ?? null,
      kind: l.kind as 1 | 2 | 3 | 4,
      source: l.source,
      fromMonth: l.fromMonth,
      toMonth: l.toMonth,
      siBase: l.siBase,
      hfBase: l.hfBase,
      hfRate: l.hfRate,
      backPay: l.backPay,
      lateFee: l.lateFee,
      lateDays: l.lateDays,
      remark: l.remark,
      dropped: l.dropped,
      result: l.result as 0 | 1 | 2,
      reason: l.reason,
    };
  });
}

export async function detailView(c: ServiceCtx, declaration: dq.DeclarationRow, entity: EntityRow, facts?: CompanyFacts): Promise<ApplyDetailView> {
  const lines = await declarationLines(c, declaration, entity, facts);
  const deadline = dueDate(declaration.month, entity.deadlineDay);
  return {
    id: declaration.id,
    entityId: entity.id,
    entityName: entity.name,
    city: entity.city,
    siAccountNo: entity.siAccountNo,
    hfAccountNo: entity.hfAccountNo,
    month: declaration.month,
    deadline,
    daysLeft: daysFrom(siToday(), deadline),
    status: declaration.status as Status,
    submittedAt: declaration.submittedAt?.toISOString() ?? null,
    submittedBy: await dq.userName(c.tx, declaration.submittedBy),
    portalNote: declaration.portalNote,
    lines: await lineViews(c, lines),
    counts: countsOf(lines),
  };
}

export async function applyDetail(c: ServiceCtx, id: number): Promise<ApplyDetailView> {
  const { declaration, entity } = await requireDeclaration(c, id);
  return detailView(c, declaration, entity);
}

/** The open declaration of an entity's month, created as a draft when there is none (refused once the month's deadline passed). */
export async function openDraft(c: ServiceCtx, entity: EntityRow, month: string): Promise<{ declaration: dq.DeclarationRow; created: boolean }> {
  const open = await dq.findOpenDeclaration(c.tx, c.companyId, entity.id, month);
  if (open) return { declaration: open, created: false };
  if (deadlinePassed(month, entity.deadlineDay)) throw badRequest(deadlineRefusal(month, entity.deadlineDay));
  const declaration = await dq.insertDeclaration(c.tx, c.companyId, entity.id, month, c.user.userId);
  await c.audit({ action: 'si.apply.create', entity: 'si_declaration', entityId: declaration.id, after: { entityId: entity.id, month } });
  return { declaration, created: true };
}

export async function createDeclaration(c: ServiceCtx, input: { entityId: number; month: string }): Promise<ApplyDetailView> {
  const entity = await requireEntity(c.tx, c.companyId, input.entityId);
  const { declaration } = await openDraft(c, entity, input.month);
  return detailView(c, declaration, entity);
}

export async function pageDeclarationsView(c: ServiceCtx, f: { entityId?: number; month?: string; status?: number; pageNum: number; pageSize: number }): Promise<Paged<ApplyListItem>> {
  if (f.entityId) await requireEntity(c.tx, c.companyId, f.entityId);
  const { rows, total } = await dq.pageDeclarations(c.tx, c.companyId, f, f.pageNum, f.pageSize);
  return new Paged(
    rows.map((r) => ({
      id: r.id,
      entityId: r.entityId,
      entityName: r.entityName,
      city: r.city,
      month: r.month,
      status: r.status as Status,
      lineCount: r.lineCount,
      succeeded: r.succeeded,
      failed: r.failed,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      submittedBy: r.submittedByName,
    })),
    f.pageNum,
    f.pageSize,
    total,
  );
}

/**
 * 本月申报: per entity, the month's deadline, its open declaration and what it holds or would hold.
 * Without a month: the first month still open for declaration (past every deadline day, the next).
 */
export async function monthView(c: ServiceCtx, asked?: string): Promise<ApplyMonthView> {
  const entities = await listEntities(c.tx, c.companyId);
  const today = siToday();
  const month = asked ?? (entities.length > 0 ? entities.map((e) => declarableMonth(today, e.deadlineDay)).sort()[0]! : monthOf(today));
  const open = new Map((await dq.listOpenDeclarationsOfMonth(c.tx, c.companyId, month)).map((d) => [d.entityId, d]));
  const stored = await dq.listLinesOf(c.tx, c.companyId, [...open.values()].map((d) => d.id));
  const facts = entities.length > 0 ? await loadFacts(c.tx, c.companyId, month) : null;
  const out: ApplyMonthEntity[] = entities.map((e) => {
    const d = open.get(e.id) ?? null;
    const deadline = dueDate(month, e.deadlineDay);
    // past the deadline, new proposals belong to the next declarable month, not to this one
    const proposing = d !== null || today <= deadline;
    const lines = proposing ? mergeLines(facts!, e, d, month, d ? stored.filter((l) => l.declarationId === d.id) : []).filter((l) => !l.dropped) : [];
    const draft = !d || d.status === APPLY_STATUS.draft;
    return {
      entityId: e.id,
      entityName: e.name,
      city: e.city,
      month,
      deadline,
      daysLeft: daysFrom(today, deadline),
      applyId: d?.id ?? null,
      status: (d?.status ?? null) as Status | null,
      toDeclare: draft ? lines.length : 0,
      submitted: draft ? 0 : lines.length,
      succeeded: lines.filter((l) => l.result === 1).length,
      failed: lines.filter((l) => l.result === 2).length,
    };
  });
  return { month, entities: out };
}
