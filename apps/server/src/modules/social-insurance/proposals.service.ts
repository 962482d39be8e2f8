import { APPLY_STATUS } from '@wfsaas/contracts';
import { addMonths } from '@wfsaas/payroll';
import type { Executor } from '../../platform/db.ts';
import type { EntityRow } from './entities.queries.ts';
import { listEntities } from './entities.queries.ts';
import { PolicyBook } from './entity-policy.ts';
import type { DeclarationRow, LineRow, NewLine } from './declarations.queries.ts';
import { proposeLines, type CompanyFacts, type ProposedLine } from './proposals.ts';
import * as pq from './proposals.queries.ts';

/**
 * Loads what proposals are computed from and merges them with a draft's stored lines. Proposals are
 * virtual: nothing is written on read; a draft shows its stored lines and the proposals whose key it
 * does not hold (an edited proposal is stored with its key, a dropped one stored with dropped=true).
 */

export async function loadFacts(exec: Executor, companyId: number, month: string, book?: PolicyBook): Promise<CompanyFacts> {
  const entities = await listEntities(exec, companyId);
  const policies = book ?? (await PolicyBook.load(exec, companyId));
  const lastDay = `${addMonths(month, 1)}-01`;
  const [employees, insured, moves, quits, payChanges, declared] = [
    await pq.listProposalEmployees(exec, companyId, `${addMonths(month, -13)}-01`),
    await pq.listInsuredFacts(exec, companyId),
    await pq.listLocationMoves(exec, companyId),
    await pq.listWaitingQuits(exec, companyId),
    await pq.listPayChanges(exec, companyId, lastDay),
    await pq.listDeclaredLines(exec, companyId, entities.map((e) => e.id)),
  ];
  return {
    entities,
    employees,
    insured: new Map(insured.map((i) => [i.employeeId, i])),
    moves: new Map(moves.map((m) => [m.employeeId, m])),
    quits,
    payChanges: new Map(payChanges.filter((p) => p.effectiveDate < lastDay).map((p) => [p.employeeId, p])),
    declared,
    policyOf: (city, m) => policies.tryAt(city, m).policy,
  };
}

/** A line as a draft shows it: stored (with its id) or proposed (id null). */
export type DraftLine = (LineRow & { proposed: false }) | (ProposedLine & { id: null; dropped: false; result: 0; reason: ''; proposed: true });

/** The stored lines of a declaration, and for a draft the proposals it does not hold yet. */
export function mergeLines(facts: CompanyFacts, entity: EntityRow, declaration: Pick<DeclarationRow, 'id' | 'month' | 'status'> | null, month: string, stored: readonly LineRow[]): DraftLine[] {
  const out: DraftLine[] = stored.map((l) => ({ ...l, proposed: false as const }));
  if (declaration && declaration.status !== APPLY_STATUS.draft) return out;
  const held = new Set(stored.map((l) => l.proposalKey).filter((k): k is string => k !== null));
  const droppedJoins = new Set(stored.filter((l) => l.dropped && l.kind === 1).map((l) => l.employeeId));
  for (const p of proposeLines(facts, entity, month, declaration?.id ?? null)) {
    if (held.has(p.proposalKey)) continue;
    // a dropped 增员 takes its 补缴 with it
    if (p.kind === 4 && droppedJoins.has(p.employeeId)) continue;
    out.push({ ...p, id: null, dropped: false, result: 0, reason: '', proposed: true });
  }
  return out;
}

/** A proposal frozen into a stored line. */
export function storedFrom(p: ProposedLine, over: Partial<NewLine> = {}): NewLine {
  return {
    employeeId: p.employeeId,
    kind: p.kind,
    source: p.source,
    proposalKey: p.proposalKey,
    fromMonth: p.fromMonth,
    toMonth: p.toMonth,
    siBase: p.siBase,
    hfBase: p.hfBase,
    hfRate: p.hfRate,
    backPay: p.backPay,
    lateFee: p.lateFee,
    lateDays: p.lateDays,
    remark: p.remark,
    ...over,
  };
}
