import { employeeNoSequence, formatEmployeeNo, type EmployeeAdd, type EmployeeNoRule, type EmployeeNoRuleView } from '@wfsaas/contracts';
import type { Executor, Tx } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import * as q from './employee-no-rule.queries.ts';

/**
 * 工号规则: a company may number new employees automatically (prefix + zero-padded sequence). A record
 * added without a number takes the first free one from the rule's counter, under a lock of the rule
 * row, so concurrent adds never get the same number; numbers held by any record (archived included)
 * are skipped. Without the rule, the number is required as before.
 */


const OFF: EmployeeNoRule = { enabled: false, prefix: '', digits: 4 };
/** Candidates looked up per query while searching for a free number. */
const PROBE = 50;

export const MSG_EMPLOYEE_NO_REQUIRED = '请填写工号';

function ruleOf(row: q.EmployeeNoRuleRow | null): EmployeeNoRule {
  return row ? { enabled: row.enabled, prefix: row.prefix, digits: row.digits } : OFF;
}

/** The first number from `from` on that no record holds and the batch has not used. */
async function firstFree(exec: Executor, companyId: number, rule: EmployeeNoRule, from: number, used: ReadonlySet<string>): Promise<{ seq: number; no: string }> {
  for (let start = from; ; start += PROBE) {
    const candidates = Array.from({ length: PROBE }, (_, i) => formatEmployeeNo(rule, start + i));
    const taken = await q.listTakenEmployeeNos(exec, companyId, candidates);
    const i = candidates.findIndex((c) => !taken.has(c) && !used.has(c));
    if (i >= 0) return { seq: start + i, no: candidates[i]! };
  }
}

/** employeeNoRule/get: the rule, and the number a new record would get now (what the add forms prefill). */
export async function loadEmployeeNoRule(exec: Executor, companyId: number): Promise<EmployeeNoRuleView> {
  const row = await q.findEmployeeNoRule(exec, companyId);
  const rule = ruleOf(row);
  const nextNo = row && rule.enabled ? (await firstFree(exec, companyId, rule, row.nextSeq, new Set())).no : null;
  return { ...rule, nextNo, updatedAt: row ? row.updatedAt.toISOString() : null };
}

/** employeeNoRule/save: a new prefix or width starts the counter again from 1 (taken numbers are skipped). */
export async function saveEmployeeNoRule(c: ServiceCtx, input: EmployeeNoRule): Promise<EmployeeNoRuleView> {
  const before = await q.findEmployeeNoRule(c.tx, c.companyId, { forUpdate: true });
  const sameFormat = before !== null && before.prefix === input.prefix && before.digits === input.digits;
  await q.upsertEmployeeNoRule(c.tx, { companyId: c.companyId, enabled: input.enabled, prefix: input.prefix, digits: input.digits, nextSeq: sameFormat ? before.nextSeq : 1, updatedBy: c.user.userId });
  await c.audit({ action: 'employeeNoRule.save', entity: 'company', entityId: c.companyId, before: ruleOf(before), after: input });
  return loadEmployeeNoRule(c.tx, c.companyId);
}

/** Whether a record may be added without a number (the rule is on). */
export async function isEmployeeNumberingOn(exec: Executor, companyId: number): Promise<boolean> {
  return ruleOf(await q.findEmployeeNoRule(exec, companyId)).enabled;
}

/**
 * The new records with their numbers: each left without one gets the next free number under the
 * rule (refused when the rule is off). Typed numbers of the rule's format take the lock too, and one
 * equal to the counter (the number the form prefilled) moves it on.
 */
export async function numberNewEmployees(tx: Tx, companyId: number, inputs: readonly EmployeeAdd[]): Promise<EmployeeAdd[]> {
  const missing = inputs.some((i) => !i.employeeNo);
  const rule = ruleOf(await q.findEmployeeNoRule(tx, companyId));
  if (!rule.enabled) {
    if (missing) throw badRequest(MSG_EMPLOYEE_NO_REQUIRED);
    return [...inputs];
  }
  const typed = inputs.map((i) => (i.employeeNo ? employeeNoSequence(rule, i.employeeNo) : null)).filter((n): n is number => n !== null);
  if (!missing && typed.length === 0) return [...inputs];
  const row = (await q.findEmployeeNoRule(tx, companyId, { forUpdate: true }))!;
  const locked = ruleOf(row);
  // switched off while this request waited for the lock
  if (!locked.enabled && missing) throw badRequest(MSG_EMPLOYEE_NO_REQUIRED);
  const used = new Set(inputs.map((i) => i.employeeNo).filter((n): n is string => !!n));
  let next = row.nextSeq;
  const out: EmployeeAdd[] = [];
  for (const input of inputs) {
    if (input.employeeNo) {
      out.push(input);
      continue;
    }
    const free = await firstFree(tx, companyId, locked, next, used);
    used.add(free.no);
    next = free.seq + 1;
    out.push({ ...input, employeeNo: free.no });
  }
  const typedSeqs = new Set(typed);
  while (typedSeqs.has(next)) next++;
  if (next !== row.nextSeq) await q.setEmployeeNoNextSeq(tx, companyId, next);
  return out;
}
