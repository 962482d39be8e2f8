import { and, eq, inArray, sql } from 'drizzle-orm';
import { employeeNumberRules, employees } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** The company's employee numbering rule (工号规则) and the look-up of numbers already taken. */

export type EmployeeNoRuleRow = typeof employeeNumberRules.$inferSelect;

/** The rule row; locked until the transaction ends when asked (numbers are taken under that lock). */
export async function findEmployeeNoRule(exec: Executor, companyId: number, opts: { forUpdate?: boolean } = {}): Promise<EmployeeNoRuleRow | null> {
  const q = exec.select().from(employeeNumberRules).where(eq(employeeNumberRules.companyId, companyId)).limit(1);
  const rows = opts.forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function upsertEmployeeNoRule(
  exec: Executor,
  v: { companyId: number; enabled: boolean; prefix: string; digits: number; nextSeq: number; updatedBy: number | null },
): Promise<EmployeeNoRuleRow> {
  const rows = await exec
    .insert(employeeNumberRules)
    .values(v)
    .onConflictDoUpdate({
      target: employeeNumberRules.companyId,
      set: { enabled: v.enabled, prefix: v.prefix, digits: v.digits, nextSeq: v.nextSeq, updatedBy: v.updatedBy, updatedAt: sql`now()` },
    })
    .returning();
  return rows[0]!;
}

export async function setEmployeeNoNextSeq(exec: Executor, companyId: number, nextSeq: number): Promise<void> {
  await exec.update(employeeNumberRules).set({ nextSeq }).where(eq(employeeNumberRules.companyId, companyId));
}

/** Which of these employee numbers a record of the company holds, archived records included. */
export async function listTakenEmployeeNos(exec: Executor, companyId: number, candidates: readonly string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await exec
    .select({ no: employees.employeeNo })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.employeeNo, [...candidates])));
  return new Set(rows.map((r) => r.no).filter((n): n is string => n !== null));
}
