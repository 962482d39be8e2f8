import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { departments, employees, payrollOpeningBalances, payrollResults, payrollRuns } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

export type OpeningRow = typeof payrollOpeningBalances.$inferSelect;
export type OpeningInsert = typeof payrollOpeningBalances.$inferInsert;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The year's opening balances with their employees, by employee number. */
export async function pageOpenings(exec: Executor, companyId: number, year: number, keyword: string | undefined, pageNum: number, pageSize: number) {
  const conds: SQL[] = [eq(payrollOpeningBalances.companyId, companyId), eq(payrollOpeningBalances.year, year)];
  if (keyword) {
    const k = `%${escapeLike(keyword)}%`;
    conds.push(or(ilike(employees.name, k), ilike(employees.employeeNo, k))!);
  }
  const where = and(...conds);
  const rows = await exec
    .select({ opening: payrollOpeningBalances, name: employees.name, employeeNo: employees.employeeNo, departmentName: departments.name })
    .from(payrollOpeningBalances)
    .innerJoin(employees, and(eq(employees.companyId, payrollOpeningBalances.companyId), eq(employees.id, payrollOpeningBalances.employeeId)))
    .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
    .where(where)
    .orderBy(asc(employees.employeeNo), asc(employees.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const total = await exec
    .select({ n: count() })
    .from(payrollOpeningBalances)
    .innerJoin(employees, and(eq(employees.companyId, payrollOpeningBalances.companyId), eq(employees.id, payrollOpeningBalances.employeeId)))
    .where(where);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

/** The year's opening balances of these employees (all of the year's when not given). */
export async function listOpenings(exec: Executor, companyId: number, year: number, employeeIds?: number[]): Promise<OpeningRow[]> {
  const conds: SQL[] = [eq(payrollOpeningBalances.companyId, companyId), eq(payrollOpeningBalances.year, year)];
  if (employeeIds) conds.push(inArray(payrollOpeningBalances.employeeId, employeeIds.length > 0 ? employeeIds : [-1]));
  return exec.select().from(payrollOpeningBalances).where(and(...conds));
}

export async function upsertOpenings(exec: Executor, rows: OpeningInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await exec
      .insert(payrollOpeningBalances)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [payrollOpeningBalances.companyId, payrollOpeningBalances.year, payrollOpeningBalances.employeeId],
        set: {
          throughMonth: sql`excluded.through_month`,
          income: sql`excluded.income`,
          taxFreeIncome: sql`excluded.tax_free_income`,
          basicDeduction: sql`excluded.basic_deduction`,
          specialDeduction: sql`excluded.special_deduction`,
          deductions: sql`excluded.deductions`,
          otherDeduction: sql`excluded.other_deduction`,
          taxRelief: sql`excluded.tax_relief`,
          taxWithheld: sql`excluded.tax_withheld`,
          origin: sql`excluded.origin`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
      });
  }
}

export async function deleteOpenings(exec: Executor, companyId: number, year: number, employeeIds: number[]): Promise<OpeningRow[]> {
  return exec
    .delete(payrollOpeningBalances)
    .where(and(eq(payrollOpeningBalances.companyId, companyId), eq(payrollOpeningBalances.year, year), inArray(payrollOpeningBalances.employeeId, employeeIds)))
    .returning();
}

/** Per employee, the earliest month of the year whose wages a locked or submitted run here calculated. */
export async function listFirstLockedWageMonths(exec: Executor, companyId: number, year: number, employeeIds: number[]): Promise<Map<number, string>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await exec
    .select({ employeeId: payrollResults.employeeId, month: sql<string>`min(${payrollRuns.month})` })
    .from(payrollResults)
    .innerJoin(payrollRuns, and(eq(payrollRuns.companyId, payrollResults.companyId), eq(payrollRuns.id, payrollResults.runId)))
    .where(
      and(
        eq(payrollResults.companyId, companyId),
        isNull(payrollResults.error),
        inArray(payrollRuns.status, [4, 5]),
        isNull(payrollRuns.archivedAt),
        sql`${payrollRuns.month} like ${`${year}-%`}`,
        sql`(${payrollRuns.config} ->> 'taxRule')::int = 1`,
        inArray(payrollResults.employeeId, employeeIds),
      ),
    )
    .groupBy(payrollResults.employeeId);
  return new Map(rows.map((r) => [Number(r.employeeId), r.month]));
}
