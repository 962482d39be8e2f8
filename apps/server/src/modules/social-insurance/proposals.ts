import { LINE_KIND, type LineSource } from '@wfsaas/contracts';
import { addMonths, backPayment, clampBase, dueDate, firstInsuredMonth, leaveFromMonth, monthOf, monthsBetween, policyBounds, type CityPolicy } from '@wfsaas/payroll';
import { addDays } from '../../platform/china-date.ts';
import type { EntityRow } from './entities.queries.ts';
import type { DeclaredLine, InsuredFact, LocationMove, PayChange, ProposalEmployee } from './proposals.queries.ts';

/**
 * The lines a month's declaration of an entity should hold (docs/social-insurance.md "Proposals"):
 * 增员 (with 补缴 for months already owed), 减员 and 调基, computed from the roster as it is. Pure:
 * the caller loads the facts once per company and calls this per entity.
 */

export type ProposedLine = {
  proposalKey: string;
  employeeId: number;
  kind: 1 | 2 | 3 | 4;
  source: LineSource;
  fromMonth: string;
  toMonth: string | null;
  siBase: string;
  hfBase: string;
  hfRate: string;
  backPay: string | null;
  lateFee: string | null;
  lateDays: number | null;
  remark: string;
};

export type CompanyFacts = {
  entities: EntityRow[];
  employees: ProposalEmployee[];
  insured: Map<number, InsuredFact>;
  moves: Map<number, LocationMove>;
  quits: Map<number, string>;
  payChanges: Map<number, PayChange>;
  declared: DeclaredLine[];
  policyOf: (city: string, month: string) => CityPolicy | null;
};

/** The entity insuring people of a work location: the one listing it (or, listing none, in that city), else the default. */
export function entityForLocation(entities: readonly EntityRow[], location: string | null): EntityRow | null {
  if (location) {
    const listed = entities.find((e) => e.locations.includes(location)) ?? entities.find((e) => e.locations.length === 0 && e.city === location);
    if (listed) return listed;
  }
  return entities.find((e) => e.isDefault) ?? null;
}

/** The first month at the new entity of a move taking effect on `effectiveDate`: the old one covers up to the day before. */
export const switchMonthOf = (effectiveDate: string) => leaveFromMonth(addDays(effectiveDate, -1));

type Move = { from: EntityRow | null; to: EntityRow | null; switchMonth: string; move: LocationMove };

function moveOf(facts: CompanyFacts, employeeId: number): Move | null {
  const move = facts.moves.get(employeeId);
  if (!move) return null;
  const from = entityForLocation(facts.entities, move.fromLocation);
  const to = entityForLocation(facts.entities, move.toLocation);
  if (from?.id === to?.id) return null;
  return { from, to, switchMonth: switchMonthOf(move.effectiveDate), move };
}

/** The entity that insures an employee in `month`. */
export function entityInMonth(facts: CompanyFacts, e: ProposalEmployee, month: string): EntityRow | null {
  const m = moveOf(facts, e.id);
  if (m) return m.switchMonth <= month ? m.to : m.from;
  return entityForLocation(facts.entities, e.workLocation);
}

export type Bases = { siBase: string; hfBase: string; hfRate: string };

/** A new member's bases: the monthly salary clamped to the policy's bounds (no salary: the floor). */
export function basesFor(policy: CityPolicy, entity: Pick<EntityRow, 'hfRate'>, salary: string | null): Bases {
  const b = policyBounds(policy);
  const pay = salary ?? '0';
  const hf = policy.items.find((i) => i.key === 'housingFund');
  const siBase = clampBase(pay, b.siFloor, b.siCeiling).base;
  return {
    siBase,
    hfBase: b.hfFloor && b.hfCeiling ? clampBase(pay, b.hfFloor, b.hfCeiling).base : siBase,
    hfRate: entity.hfRate ?? hf?.employerRate ?? '0',
  };
}

type Ctx = { facts: CompanyFacts; entity: EntityRow; month: string; policy: CityPolicy; declaredKeys: Set<string>; declaredJoins: Set<number> };

function backPayLine(ctx: Ctx, e: ProposalEmployee, source: LineSource, first: string, bases: Bases): ProposedLine {
  const to = addMonths(ctx.month, -1);
  const months = monthsBetween(first, to);
  const missing = months.filter((m) => !ctx.facts.policyOf(ctx.entity.city, m));
  const line: ProposedLine = { proposalKey: `back:${e.id}:${first}-${to}`, employeeId: e.id, kind: LINE_KIND.backPay, source, fromMonth: first, toMonth: to, ...bases, backPay: null, lateFee: null, lateDays: null, remark: '' };
  if (missing.length > 0) return { ...line, remark: `${missing[0]}无${ctx.entity.city}社保公积金政策，补缴金额请手工核对` };
  const paidOn = dueDate(ctx.month, ctx.entity.deadlineDay);
  const r = backPayment(months, (m) => ctx.facts.policyOf(ctx.entity.city, m)!, { ...bases, injuryRate: ctx.entity.injuryRate }, ctx.entity.deadlineDay, paidOn);
  return { ...line, backPay: r.amount, lateFee: r.lateFee, lateDays: r.lateDays, remark: `应自${first}起参保，补缴${months.length}个月，滞纳金按每日万分之五计至${paidOn}` };
}

function joinLines(ctx: Ctx, e: ProposalEmployee): ProposedLine[] {
  const { facts, entity, month } = ctx;
  if (entityInMonth(facts, e, month)?.id !== entity.id) return [];
  const row = facts.insured.get(e.id);
  const stoppedHere = row !== undefined && row.entityId === entity.id && row.status === 4;
  if (row && row.entityId === entity.id && !stoppedHere) return [];
  // insurance stopped here for a leaver is settled; anyone else joins again after its last month
  if (stoppedHere && (e.status === 4 || row.endMonth === null)) return [];
  if (ctx.declaredJoins.has(e.id)) return [];
  const m = moveOf(facts, e.id);
  const movedIn = m !== null && m.to?.id === entity.id && m.switchMonth <= month;
  const hired = firstInsuredMonth(e.hireDate, entity);
  const entered = movedIn && m.switchMonth > hired ? m.switchMonth : hired;
  const resumes = stoppedHere ? addMonths(row.endMonth!, 1) : null;
  const first = resumes && resumes > entered ? resumes : entered;
  if (first > month) return [];
  if (e.status === 4 && e.leaveDate && monthOf(e.leaveDate) < first) return [];
  const source: LineSource = movedIn ? 'transfer' : 'onboarding';
  const bases = basesFor(ctx.policy, entity, e.salary);
  const key = `join:${e.id}:${first}`;
  const join: ProposedLine = { proposalKey: key, employeeId: e.id, kind: LINE_KIND.join, source, fromMonth: month, toMonth: null, ...bases, backPay: null, lateFee: null, lateDays: null, remark: movedIn ? `调入（${m.move.effectiveDate}生效）` : '' };
  if (first === month) return [join];
  return [join, backPayLine(ctx, e, source, first, bases)];
}

/** The last working day at the entity of someone leaving it: the leave date, a waiting resignation's, or the day before a move away. */
function lastDayAt(ctx: Ctx, e: ProposalEmployee): { day: string; source: LineSource } | null {
  if (e.status === 4 && e.leaveDate) return { day: e.leaveDate, source: 'quit' };
  const quit = ctx.facts.quits.get(e.id);
  if (quit) return { day: quit, source: 'quit' };
  const m = moveOf(ctx.facts, e.id);
  if (m && m.from?.id === ctx.entity.id) return { day: addDays(m.move.effectiveDate, -1), source: 'transfer' };
  return null;
}

function leaveLine(ctx: Ctx, e: ProposalEmployee): ProposedLine | null {
  const row = ctx.facts.insured.get(e.id);
  if (!row || row.entityId !== ctx.entity.id || (row.status !== 2 && row.status !== 3)) return null;
  const last = lastDayAt(ctx, e);
  if (!last) return null;
  const from = leaveFromMonth(last.day);
  if (from > ctx.month) return null;
  const key = `leave:${e.id}:${from}`;
  if (ctx.declaredKeys.has(key)) return null;
  const remark = `最后工作日${last.day}${from < ctx.month ? `；逾期减员：应自${from}减员` : ''}`;
  return { proposalKey: key, employeeId: e.id, kind: LINE_KIND.leave, source: last.source, fromMonth: from, toMonth: null, siBase: row.siBase, hfBase: row.hfBase, hfRate: row.hfRate, backPay: null, lateFee: null, lateDays: null, remark };
}

function baseLine(ctx: Ctx, e: ProposalEmployee): ProposedLine | null {
  if (!ctx.entity.baseFollowsPay) return null;
  const row = ctx.facts.insured.get(e.id);
  const pay = ctx.facts.payChanges.get(e.id);
  if (!row || !pay || row.entityId !== ctx.entity.id || row.status !== 2 || monthOf(pay.effectiveDate) > ctx.month) return null;
  const key = `base:${e.id}:${pay.changeId}`;
  if (ctx.declaredKeys.has(key)) return null;
  const bases = basesFor(ctx.policy, { hfRate: row.hfRate }, pay.salary);
  if (bases.siBase === row.siBase && bases.hfBase === row.hfBase) return null;
  return { proposalKey: key, employeeId: e.id, kind: LINE_KIND.base, source: 'payChange', fromMonth: ctx.month, toMonth: null, ...bases, backPay: null, lateFee: null, lateDays: null, remark: `调薪${pay.effectiveDate}生效，月基本工资${pay.salary}` };
}

/** The proposals of `entity` for `month`, not counting what the declaration `declarationId` (if any) holds itself. */
export function proposeLines(facts: CompanyFacts, entity: EntityRow, month: string, declarationId: number | null): ProposedLine[] {
  const policy = facts.policyOf(entity.city, month);
  if (!policy) return [];
  const others = facts.declared.filter((l) => l.entityId === entity.id && l.declarationId !== declarationId);
  const ctx: Ctx = {
    facts,
    entity,
    month,
    policy,
    declaredKeys: new Set(others.map((l) => l.proposalKey).filter((k): k is string => k !== null)),
    declaredJoins: new Set(others.filter((l) => l.kind === LINE_KIND.join).map((l) => l.employeeId)),
  };
  const out: ProposedLine[] = [];
  for (const e of facts.employees) {
    const leave = leaveLine(ctx, e);
    if (leave) {
      out.push(leave);
      continue;
    }
    out.push(...joinLines(ctx, e));
    const base = baseLine(ctx, e);
    if (base) out.push(base);
  }
  return out;
}
