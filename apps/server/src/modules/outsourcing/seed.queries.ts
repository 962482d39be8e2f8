import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { companies, osClients, osCustodyLinks, osDismissalLines, osDismissals, osOrders, osPlacements, osPlans, payrollResults, payrollRuns } from '../../db/schema/index.ts';
import { PayrollDecimal } from '@wfsaas/payroll';
import type { Executor } from '../../platform/db.ts';

/** Rows the outsourcing demo seed (and the bill tests and benchmark) write directly. */

export type NewPlan = typeof osPlans.$inferInsert;
export type NewClient = typeof osClients.$inferInsert;
export type NewPlacement = typeof osPlacements.$inferInsert;
export type NewOrder = typeof osOrders.$inferInsert;
export type NewCustodyLink = typeof osCustodyLinks.$inferInsert;

/** The first company flagged as an outsourcing company, and the first company of all. */
export async function findDemoCompanies(exec: Executor): Promise<{ provider: { id: number; name: string } | null; first: { id: number; name: string; creditCode: string | null } | null }> {
  const rows = await exec.select({ id: companies.id, name: companies.name, creditCode: companies.creditCode, isWb: companies.isWb }).from(companies).orderBy(asc(companies.id));
  const provider = rows.find((r) => r.isWb === 1);
  return { provider: provider ? { id: provider.id, name: provider.name } : null, first: rows[0] ?? null };
}

export async function countPlans(exec: Executor, companyId: number): Promise<number> {
  const [row] = await exec.select({ n: sql<number>`count(*)::int` }).from(osPlans).where(and(eq(osPlans.companyId, companyId), isNull(osPlans.archivedAt)));
  return row?.n ?? 0;
}

export const insertPlans = (exec: Executor, rows: NewPlan[]) => exec.insert(osPlans).values(rows).returning();
export async function setPlansSalaryGroup(exec: Executor, companyId: number, planIds: number[], groupId: number): Promise<void> {
  await exec.update(osPlans).set({ salaryGroupId: groupId }).where(and(eq(osPlans.companyId, companyId), inArray(osPlans.id, planIds)));
}
export const insertClients = (exec: Executor, rows: NewClient[]) => exec.insert(osClients).values(rows).returning();
export const insertOrders = (exec: Executor, rows: NewOrder[]) => exec.insert(osOrders).values(rows).returning();
export const insertCustodyLink = (exec: Executor, row: NewCustodyLink) => exec.insert(osCustodyLinks).values(row);

const BATCH = 2000;

export async function insertPlacements(exec: Executor, rows: NewPlacement[]): Promise<(typeof osPlacements.$inferSelect)[]> {
  const out: (typeof osPlacements.$inferSelect)[] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(...(await exec.insert(osPlacements).values(rows.slice(i, i + BATCH)).returning()));
  return out;
}

export async function insertDismissal(exec: Executor, row: typeof osDismissals.$inferInsert, lines: { placementId: number; employeeId: number }[]): Promise<number> {
  const [d] = await exec.insert(osDismissals).values(row).returning({ id: osDismissals.id });
  await exec.insert(osDismissalLines).values(lines.map((l) => ({ companyId: row.companyId, dismissalId: d!.id, ...l })));
  return d!.id;
}

/** A payroll run of a month in a given status (3 核算完成, 4 已锁定, 5 已提交 are calculated). */
export async function insertPayrollRun(exec: Executor, row: { companyId: number; groupId: number; month: string; status: number; workingDays?: number }): Promise<number> {
  const [run] = await exec
    .insert(payrollRuns)
    .values({ companyId: row.companyId, groupId: row.groupId, month: row.month, status: row.status, workingDays: row.workingDays ?? 21, calcVersion: 1, calculatedAt: new Date() })
    .returning({ id: payrollRuns.id });
  return run!.id;
}

export type SimpleResult = { employeeId: number; name: string; employeeNo?: string | null; gross: string; siEmployer: string; hfEmployer: string; siEmployee?: string; hfEmployee?: string; tax?: string; error?: string | null };

/** Payroll results of a run with the figures a bill reads; net is gross less the employee's contributions and tax. */
export async function insertPayrollResults(exec: Executor, companyId: number, runId: number, rows: readonly SimpleResult[]): Promise<void> {
  const values = rows.map((r) => {
    const siEmployee = r.siEmployee ?? '0';
    const hfEmployee = r.hfEmployee ?? '0';
    const tax = r.tax ?? '0';
    const net = new PayrollDecimal(r.gross).minus(siEmployee).minus(hfEmployee).minus(tax);
    return {
      companyId, runId, employeeId: r.employeeId, name: r.name, employeeNo: r.employeeNo ?? null, values: { 应发工资: r.gross }, gross: r.gross, net: net.toFixed(2),
      siEmployee, siEmployer: r.siEmployer, hfEmployee, hfEmployer: r.hfEmployer, contributions: [], taxableIncome: '0', specialDeduction: '0',
      additionalDeduction: '0', otherDeduction: '0', tax, taxDetail: {} as never, warnings: [], error: r.error ?? null,
    };
  });
  for (let i = 0; i < values.length; i += BATCH) await exec.insert(payrollResults).values(values.slice(i, i + BATCH));
}

/** A department of the company by name, else its first one. */
export async function findDepartmentId(exec: Executor, companyId: number, name: string): Promise<number | null> {
  const rows = await exec.execute<{ id: number }>(
    sql`select id::int as id from departments where company_id = ${companyId} order by (name = ${name}) desc, id limit 1`,
  );
  const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: { id: number }[] }).rows;
  return list[0]?.id ?? null;
}
