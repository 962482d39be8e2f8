import { and, asc, count, eq, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { departments, employees, payrollResults, payrollRuns } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** A run's calculated results: stored in bulk, summed, paged and exported, and the year's earlier months for the tax. */

export type ResultRow = typeof payrollResults.$inferSelect;
export type ResultInsert = typeof payrollResults.$inferInsert;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * Inserts (or replaces) results, 2,000 per statement: the rows travel as one JSON parameter that the
 * database expands (jsonb_to_recordset), so a statement has one bound value however many rows it holds.
 */
export async function upsertResults(exec: Executor, rows: ResultInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000).map((r) => ({
      company_id: r.companyId,
      run_id: r.runId,
      employee_id: r.employeeId,
      name: r.name,
      employee_no: r.employeeNo ?? null,
      values: r.values,
      gross: r.gross,
      net: r.net,
      si_employee: r.siEmployee,
      si_employer: r.siEmployer,
      hf_employee: r.hfEmployee,
      hf_employer: r.hfEmployer,
      contributions: r.contributions,
      taxable_income: r.taxableIncome,
      special_deduction: r.specialDeduction,
      additional_deduction: r.additionalDeduction,
      other_deduction: r.otherDeduction,
      tax: r.tax,
      tax_detail: r.taxDetail,
      warnings: r.warnings,
      error: r.error ?? null,
    }));
    await exec.execute(sql`
      insert into payroll_results (company_id, run_id, employee_id, name, employee_no, "values", gross, net, si_employee, si_employer, hf_employee, hf_employer,
        contributions, taxable_income, special_deduction, additional_deduction, other_deduction, tax, tax_detail, warnings, error)
      select company_id, run_id, employee_id, name, employee_no, "values", gross, net, si_employee, si_employer, hf_employee, hf_employer,
        contributions, taxable_income, special_deduction, additional_deduction, other_deduction, tax, tax_detail, warnings, error
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(company_id bigint, run_id bigint, employee_id bigint, name text, employee_no text, "values" jsonb,
        gross numeric, net numeric, si_employee numeric, si_employer numeric, hf_employee numeric, hf_employer numeric, contributions jsonb, taxable_income numeric,
        special_deduction numeric, additional_deduction numeric, other_deduction numeric, tax numeric, tax_detail jsonb, warnings jsonb, error text)
      on conflict (company_id, run_id, employee_id) do update set
        name = excluded.name, employee_no = excluded.employee_no, "values" = excluded."values", gross = excluded.gross, net = excluded.net,
        si_employee = excluded.si_employee, si_employer = excluded.si_employer, hf_employee = excluded.hf_employee, hf_employer = excluded.hf_employer,
        contributions = excluded.contributions, taxable_income = excluded.taxable_income, special_deduction = excluded.special_deduction,
        additional_deduction = excluded.additional_deduction, other_deduction = excluded.other_deduction, tax = excluded.tax,
        tax_detail = excluded.tax_detail, warnings = excluded.warnings, error = excluded.error`);
  }
}

/** Removes results of employees no longer among the run's members. */
export async function deleteResultsExcept(exec: Executor, companyId: number, runId: number, keep: number[]): Promise<void> {
  await exec.execute(
    sql`delete from payroll_results where company_id = ${companyId} and run_id = ${runId} and not (employee_id = any(${`{${keep.join(',')}}`}::bigint[]))`,
  );
}

export async function summariseResults(exec: Executor, companyId: number, runId: number) {
  const rows = await exec
    .select({
      headcount: sql<number>`count(*) filter (where ${payrollResults.error} is null)`,
      errors: sql<number>`count(*) filter (where ${payrollResults.error} is not null)`,
      gross: sql<string>`coalesce(sum(${payrollResults.gross}) filter (where ${payrollResults.error} is null), 0)::numeric(14,2)::text`,
      net: sql<string>`coalesce(sum(${payrollResults.net}) filter (where ${payrollResults.error} is null), 0)::numeric(14,2)::text`,
      tax: sql<string>`coalesce(sum(${payrollResults.tax}) filter (where ${payrollResults.error} is null), 0)::numeric(14,2)::text`,
      siEmployee: sql<string>`coalesce(sum(${payrollResults.siEmployee}) filter (where ${payrollResults.error} is null), 0)::numeric(14,2)::text`,
      siEmployer: sql<string>`coalesce(sum(${payrollResults.siEmployer}) filter (where ${payrollResults.error} is null), 0)::numeric(14,2)::text`,
      hfEmployee: sql<string>`coalesce(sum(${payrollResults.hfEmployee}) filter (where ${payrollResults.error} is null), 0)::numeric(14,2)::text`,
      hfEmployer: sql<string>`coalesce(sum(${payrollResults.hfEmployer}) filter (where ${payrollResults.error} is null), 0)::numeric(14,2)::text`,
    })
    .from(payrollResults)
    .where(and(eq(payrollResults.companyId, companyId), eq(payrollResults.runId, runId)));
  const r = rows[0]!;
  return { ...r, headcount: Number(r.headcount), errors: Number(r.errors) };
}

export async function pageResults(exec: Executor, companyId: number, runId: number, f: { keyword?: string; onlyErrors?: boolean }, pageNum: number, pageSize: number) {
  const conds: SQL[] = [eq(payrollResults.companyId, companyId), eq(payrollResults.runId, runId)];
  if (f.keyword) {
    const k = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(payrollResults.name, k), ilike(payrollResults.employeeNo, k))!);
  }
  if (f.onlyErrors) conds.push(sql`${payrollResults.error} is not null`);
  const where = and(...conds);
  const rows = await exec
      .select({ result: payrollResults, departmentName: departments.name })
      .from(payrollResults)
      .leftJoin(employees, and(eq(employees.companyId, payrollResults.companyId), eq(employees.id, payrollResults.employeeId)))
      .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
      .where(where)
      .orderBy(asc(payrollResults.employeeId))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
  const total = await exec.select({ n: count() }).from(payrollResults).where(where);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

/** A run's results after `afterEmployeeId` (keyset by employee id), with the department name: the sheet export's batches. */
export async function listSheetExportBatch(exec: Executor, companyId: number, runId: number, afterEmployeeId: number, limit: number) {
  return exec
    .select({
      employeeId: payrollResults.employeeId,
      employeeNo: payrollResults.employeeNo,
      name: payrollResults.name,
      values: payrollResults.values,
      error: payrollResults.error,
      departmentName: departments.name,
    })
    .from(payrollResults)
    .leftJoin(employees, and(eq(employees.companyId, payrollResults.companyId), eq(employees.id, payrollResults.employeeId)))
    .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
    .where(and(eq(payrollResults.companyId, companyId), eq(payrollResults.runId, runId), gt(payrollResults.employeeId, afterEmployeeId)))
    .orderBy(asc(payrollResults.employeeId))
    .limit(limit);
}

/** How many results a run has, and how many of them are in error. */
export async function countResults(exec: Executor, companyId: number, runId: number): Promise<{ total: number; errors: number }> {
  const rows = await exec
    .select({ total: count(), errors: sql<string | number>`count(*) filter (where ${payrollResults.error} is not null)` })
    .from(payrollResults)
    .where(and(eq(payrollResults.companyId, companyId), eq(payrollResults.runId, runId)));
  return { total: Number(rows[0]?.total ?? 0), errors: Number(rows[0]?.errors ?? 0) };
}

export async function listResults(exec: Executor, companyId: number, runId: number): Promise<ResultRow[]> {
  return exec
    .select()
    .from(payrollResults)
    .where(and(eq(payrollResults.companyId, companyId), eq(payrollResults.runId, runId)))
    .orderBy(asc(payrollResults.employeeId));
}

export async function findResult(exec: Executor, companyId: number, runId: number, employeeId: number): Promise<ResultRow | null> {
  const rows = await exec
    .select()
    .from(payrollResults)
    .where(and(eq(payrollResults.companyId, companyId), eq(payrollResults.runId, runId), eq(payrollResults.employeeId, employeeId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Net pay per employee of a run (for the change against last month). */
export async function listNetOfRun(exec: Executor, companyId: number, runId: number): Promise<Map<number, string>> {
  const rows = await exec
    .select({ employeeId: payrollResults.employeeId, net: payrollResults.net })
    .from(payrollResults)
    .where(and(eq(payrollResults.companyId, companyId), eq(payrollResults.runId, runId), isNull(payrollResults.error)));
  return new Map(rows.map((r) => [r.employeeId, r.net]));
}

export type PriorResult = {
  employeeId: number;
  month: string;
  taxableIncome: string;
  specialDeduction: string;
  additionalDeduction: string;
  otherDeduction: string;
  taxFreeIncome: string;
};

/** Results of locked or submitted wage runs of `year` before `month`, for the cumulative withholding. */
export async function listPriorResults(exec: Executor, companyId: number, year: number, month: string, employeeIds?: number[]): Promise<PriorResult[]> {
  const conds: SQL[] = [
    eq(payrollResults.companyId, companyId),
    isNull(payrollResults.error),
    inArray(payrollRuns.status, [4, 5]),
    isNull(payrollRuns.archivedAt),
    sql`${payrollRuns.month} like ${`${year}-%`}`,
    lt(payrollRuns.month, month),
    sql`(${payrollRuns.config} ->> 'taxRule')::int = 1`,
  ];
  if (employeeIds) conds.push(inArray(payrollResults.employeeId, employeeIds.length > 0 ? employeeIds : [-1]));
  return exec
    .select({
      employeeId: payrollResults.employeeId,
      month: payrollRuns.month,
      taxableIncome: payrollResults.taxableIncome,
      specialDeduction: payrollResults.specialDeduction,
      additionalDeduction: payrollResults.additionalDeduction,
      otherDeduction: payrollResults.otherDeduction,
      taxFreeIncome: sql<string>`coalesce(${payrollResults.taxDetail} ->> 'taxFreeIncome', '0')`,
    })
    .from(payrollResults)
    .innerJoin(payrollRuns, and(eq(payrollRuns.companyId, payrollResults.companyId), eq(payrollRuns.id, payrollResults.runId)))
    .where(and(...conds))
    .orderBy(asc(payrollResults.employeeId), asc(payrollRuns.month));
}
