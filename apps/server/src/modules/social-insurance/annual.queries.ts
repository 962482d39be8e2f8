import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { employees, payrollResults, payrollRuns, siDeclarationLines, siInsured } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** 年度调基: who is insured at an entity, last year's paid wages, and the draft declaration the 调基 lines go to. */

export type InsuredPerson = { employeeId: number; name: string; employeeNo: string | null; salary: string | null; siBase: string; hfBase: string; hfRate: string };

/** Employees 在保 at the entity, in employee order. */
export async function listInsuredAt(exec: Executor, companyId: number, entityId: number): Promise<InsuredPerson[]> {
  const rows = await exec
    .select({
      employeeId: siInsured.employeeId,
      name: employees.name,
      employeeNo: employees.employeeNo,
      salary: employees.salary,
      siBase: siInsured.siBase,
      hfBase: siInsured.hfBase,
      hfRate: siInsured.hfRate,
    })
    .from(siInsured)
    .innerJoin(employees, and(eq(employees.companyId, siInsured.companyId), eq(employees.id, siInsured.employeeId)))
    .where(and(eq(siInsured.companyId, companyId), eq(siInsured.entityId, entityId), eq(siInsured.status, 2)))
    .orderBy(siInsured.employeeId);
  return rows.map((r) => ({ ...r, employeeId: Number(r.employeeId) }));
}

/**
 * Each employee's wages per month of `year`: the taxable wages of runs locked or submitted (工资薪金
 * groups only), summed over the month's groups.
 */
export async function listPaidWages(exec: Executor, companyId: number, year: number, employeeIds: number[]): Promise<{ employeeId: number; month: string; wage: string }[]> {
  if (employeeIds.length === 0) return [];
  const rows = await exec
    .select({ employeeId: payrollResults.employeeId, month: payrollRuns.month, wage: sql<string>`sum(${payrollResults.taxableIncome})::text` })
    .from(payrollResults)
    .innerJoin(payrollRuns, and(eq(payrollRuns.companyId, payrollResults.companyId), eq(payrollRuns.id, payrollResults.runId)))
    .where(
      and(
        eq(payrollResults.companyId, companyId),
        inArray(payrollResults.employeeId, employeeIds),
        isNull(payrollResults.error),
        isNull(payrollRuns.archivedAt),
        inArray(payrollRuns.status, [4, 5]),
        sql`${payrollRuns.month} like ${`${year}-%`}`,
        sql`(${payrollRuns.config} ->> 'taxRule') = '1'`,
      ),
    )
    .groupBy(payrollResults.employeeId, payrollRuns.month);
  return rows.map((r) => ({ employeeId: Number(r.employeeId), month: r.month, wage: r.wage }));
}

/** How many of `ids` are employees of the company (archived ones not). */
export async function countEmployees(exec: Executor, companyId: number, ids: number[]): Promise<number> {
  const rows = await exec
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, ids), isNull(employees.archivedAt)));
  return rows.length;
}

export type LineInsert = typeof siDeclarationLines.$inferInsert;

/** Adds the lines to a draft; a line with the same proposal key is updated instead (declared again with other bases). */
export async function upsertLines(exec: Executor, rows: LineInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) {
    await exec
      .insert(siDeclarationLines)
      .values(rows.slice(i, i + 2000))
      .onConflictDoUpdate({
        target: [siDeclarationLines.companyId, siDeclarationLines.declarationId, siDeclarationLines.proposalKey],
        targetWhere: sql`proposal_key is not null`,
        set: { siBase: sql`excluded.si_base`, hfBase: sql`excluded.hf_base`, hfRate: sql`excluded.hf_rate`, remark: sql`excluded.remark`, dropped: false, updatedAt: sql`now()` },
      });
  }
}
