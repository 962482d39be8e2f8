import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  companies,
  departments,
  employees,
  payrollCalendarDays,
  payrollCityPolicies,
  payrollDeclarations,
  payrollGroups,
  payrollResults,
  payrollRunInputs,
  payrollRuns,
  payrollTaxProfiles,
} from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

export type PolicyRow = typeof payrollCityPolicies.$inferSelect;
export type GroupRow = typeof payrollGroups.$inferSelect;
export type RunRow = typeof payrollRuns.$inferSelect;
export type ResultRow = typeof payrollResults.$inferSelect;
export type ResultInsert = typeof payrollResults.$inferInsert;
export type TaxProfileRow = typeof payrollTaxProfiles.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export async function listCompanyIds(exec: Executor): Promise<number[]> {
  const rows = await exec.select({ id: companies.id }).from(companies).orderBy(asc(companies.id));
  return rows.map((r) => Number(r.id));
}

// ── policies ──

export async function listPolicies(exec: Executor, companyId: number): Promise<PolicyRow[]> {
  return exec
    .select()
    .from(payrollCityPolicies)
    .where(and(eq(payrollCityPolicies.companyId, companyId), isNull(payrollCityPolicies.archivedAt)))
    .orderBy(asc(payrollCityPolicies.city), asc(payrollCityPolicies.effectiveFrom));
}

export async function findPolicyRow(exec: Executor, companyId: number, id: number): Promise<PolicyRow | null> {
  const rows = await exec
    .select()
    .from(payrollCityPolicies)
    .where(and(eq(payrollCityPolicies.companyId, companyId), eq(payrollCityPolicies.id, id), isNull(payrollCityPolicies.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertPolicy(exec: Executor, v: typeof payrollCityPolicies.$inferInsert): Promise<PolicyRow> {
  return (await exec.insert(payrollCityPolicies).values(v).returning())[0]!;
}

export async function updatePolicy(exec: Executor, companyId: number, id: number, set: Partial<typeof payrollCityPolicies.$inferInsert>): Promise<void> {
  await exec
    .update(payrollCityPolicies)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(payrollCityPolicies.companyId, companyId), eq(payrollCityPolicies.id, id)));
}

// ── calendar ──

export async function listCalendarDays(exec: Executor, companyId: number, from: string, to: string) {
  return exec
    .select({ date: payrollCalendarDays.day, kind: payrollCalendarDays.kind, name: payrollCalendarDays.name })
    .from(payrollCalendarDays)
    .where(and(eq(payrollCalendarDays.companyId, companyId), sql`${payrollCalendarDays.day} between ${from} and ${to}`))
    .orderBy(asc(payrollCalendarDays.day));
}

export async function replaceCalendarYear(exec: Executor, companyId: number, year: number, days: { date: string; kind: number; name: string }[], userId: number): Promise<void> {
  await exec.delete(payrollCalendarDays).where(and(eq(payrollCalendarDays.companyId, companyId), sql`${payrollCalendarDays.day} between ${`${year}-01-01`} and ${`${year}-12-31`}`));
  if (days.length > 0) await exec.insert(payrollCalendarDays).values(days.map((d) => ({ companyId, day: d.date, kind: d.kind, name: d.name, updatedBy: userId })));
}

// ── groups ──

export async function listGroups(exec: Executor, companyId: number): Promise<GroupRow[]> {
  return exec
    .select()
    .from(payrollGroups)
    .where(and(eq(payrollGroups.companyId, companyId), isNull(payrollGroups.archivedAt)))
    .orderBy(asc(payrollGroups.id));
}

export async function findGroup(exec: Executor, companyId: number, id: number): Promise<GroupRow | null> {
  const rows = await exec
    .select()
    .from(payrollGroups)
    .where(and(eq(payrollGroups.companyId, companyId), eq(payrollGroups.id, id), isNull(payrollGroups.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findGroupByName(exec: Executor, companyId: number, name: string): Promise<GroupRow | null> {
  const rows = await exec
    .select()
    .from(payrollGroups)
    .where(and(eq(payrollGroups.companyId, companyId), eq(payrollGroups.name, name), isNull(payrollGroups.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertGroup(exec: Executor, v: typeof payrollGroups.$inferInsert): Promise<GroupRow> {
  return (await exec.insert(payrollGroups).values(v).returning())[0]!;
}

export async function updateGroup(exec: Executor, companyId: number, id: number, set: Partial<typeof payrollGroups.$inferInsert>): Promise<void> {
  await exec
    .update(payrollGroups)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(payrollGroups.companyId, companyId), eq(payrollGroups.id, id)));
}

// ── employees ──

export type PayrollEmployee = {
  id: number;
  name: string;
  employeeNo: string | null;
  departmentId: number | null;
  departmentName: string | null;
  departmentPath: string | null;
  employmentType: number | null;
  salary: string | null;
  hireDate: string | null;
  leaveDate: string | null;
  status: number;
  idType: number | null;
  idNumberEnc: string | null;
  idNumberHash: string | null;
  bankName: string | null;
  bankAccountEnc: string | null;
  bankAccountMasked: string | null;
};

/** Employees on the roster at some time during [first, last]: not archived, not pending, hired by `last`, not left before `first`. */
export async function listEmployeesEmployedIn(exec: Executor, companyId: number, first: string, last: string, ids?: number[]): Promise<PayrollEmployee[]> {
  const conds: SQL[] = [
    eq(employees.companyId, companyId),
    isNull(employees.archivedAt),
    sql`${employees.status} <> 0`,
    sql`(${employees.hireDate} is null or ${employees.hireDate} <= ${last})`,
    sql`(${employees.leaveDate} is null or ${employees.leaveDate} >= ${first})`,
  ];
  if (ids) conds.push(inArray(employees.id, ids.length > 0 ? ids : [-1]));
  return exec
    .select({
      id: employees.id,
      name: employees.name,
      employeeNo: employees.employeeNo,
      departmentId: employees.departmentId,
      departmentName: departments.name,
      departmentPath: departments.path,
      employmentType: employees.employmentType,
      salary: employees.salary,
      hireDate: employees.hireDate,
      leaveDate: employees.leaveDate,
      status: employees.status,
      idType: employees.idType,
      idNumberEnc: employees.idNumberEnc,
      idNumberHash: employees.idNumberHash,
      bankName: employees.bankName,
      bankAccountEnc: employees.bankAccountEnc,
      bankAccountMasked: employees.bankAccountMasked,
    })
    .from(employees)
    .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
    .where(and(...conds))
    .orderBy(asc(employees.id));
}

export async function listDepartmentPaths(exec: Executor, companyId: number, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await exec
    .select({ path: departments.path })
    .from(departments)
    .where(and(eq(departments.companyId, companyId), inArray(departments.id, ids)));
  return rows.map((r) => r.path);
}

export async function countEmployeesByIds(exec: Executor, companyId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await exec
    .select({ n: count() })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, ids), isNull(employees.archivedAt)));
  return Number(rows[0]?.n ?? 0);
}

// ── tax profiles ──

export async function listTaxProfiles(exec: Executor, companyId: number, year: number, employeeIds?: number[]) {
  const conds: SQL[] = [eq(payrollTaxProfiles.companyId, companyId), eq(payrollTaxProfiles.year, year)];
  if (employeeIds) conds.push(inArray(payrollTaxProfiles.employeeId, employeeIds.length > 0 ? employeeIds : [-1]));
  return exec
    .select({ profile: payrollTaxProfiles, name: employees.name })
    .from(payrollTaxProfiles)
    .innerJoin(employees, and(eq(employees.companyId, payrollTaxProfiles.companyId), eq(employees.id, payrollTaxProfiles.employeeId)))
    .where(and(...conds))
    .orderBy(asc(payrollTaxProfiles.employeeId));
}

export async function upsertTaxProfile(exec: Executor, v: typeof payrollTaxProfiles.$inferInsert): Promise<void> {
  await exec
    .insert(payrollTaxProfiles)
    .values(v)
    .onConflictDoUpdate({
      target: [payrollTaxProfiles.companyId, payrollTaxProfiles.employeeId, payrollTaxProfiles.year],
      set: { firstJobOfYear: v.firstJobOfYear, previousYearLowIncome: v.previousYearLowIncome, deductions: v.deductions, updatedBy: v.updatedBy, updatedAt: new Date() },
    });
}

// ── runs ──

export async function insertRun(exec: Executor, v: typeof payrollRuns.$inferInsert): Promise<RunRow> {
  return (await exec.insert(payrollRuns).values(v).returning())[0]!;
}

export async function findRun(exec: Executor, companyId: number, id: number): Promise<RunRow | null> {
  const rows = await exec
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.companyId, companyId), eq(payrollRuns.id, id), isNull(payrollRuns.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findRunOfGroupMonth(exec: Executor, companyId: number, groupId: number, month: string): Promise<RunRow | null> {
  const rows = await exec
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.companyId, companyId), eq(payrollRuns.groupId, groupId), eq(payrollRuns.month, month), isNull(payrollRuns.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks the run row for the rest of the transaction. */
export async function lockRun(exec: Executor, companyId: number, id: number): Promise<void> {
  await exec.execute(sql`select id from payroll_runs where company_id = ${companyId} and id = ${id} for update`);
}

/** Updates a live run, only when its status is one of `fromStatuses` (when given); answers the new row or null. */
export async function updateRun(exec: Executor, companyId: number, id: number, set: Partial<typeof payrollRuns.$inferInsert>, fromStatuses?: number[]): Promise<RunRow | null> {
  const conds: SQL[] = [eq(payrollRuns.companyId, companyId), eq(payrollRuns.id, id), isNull(payrollRuns.archivedAt)];
  if (fromStatuses) conds.push(inArray(payrollRuns.status, fromStatuses));
  const rows = await exec
    .update(payrollRuns)
    .set({ ...set, updatedAt: new Date() })
    .where(and(...conds))
    .returning();
  return rows[0] ?? null;
}

export async function pageRuns(exec: Executor, companyId: number, f: { month?: string; groupId?: number; status?: number; statuses?: number[] }, pageNum: number, pageSize: number) {
  const conds: SQL[] = [eq(payrollRuns.companyId, companyId), isNull(payrollRuns.archivedAt)];
  if (f.month) conds.push(eq(payrollRuns.month, f.month));
  if (f.groupId) conds.push(eq(payrollRuns.groupId, f.groupId));
  if (f.status !== undefined) conds.push(eq(payrollRuns.status, f.status));
  if (f.statuses) conds.push(inArray(payrollRuns.status, f.statuses));
  const where = and(...conds);
  const rows = await exec
      .select({ run: payrollRuns, groupName: payrollGroups.name })
      .from(payrollRuns)
      .leftJoin(payrollGroups, and(eq(payrollGroups.companyId, payrollRuns.companyId), eq(payrollGroups.id, payrollRuns.groupId)))
      .where(where)
      .orderBy(desc(payrollRuns.month), desc(payrollRuns.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
  const total = await exec.select({ n: count() }).from(payrollRuns).where(where);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

export async function listRunsOfMonth(exec: Executor, companyId: number, month: string, statuses?: number[]): Promise<RunRow[]> {
  const conds: SQL[] = [eq(payrollRuns.companyId, companyId), eq(payrollRuns.month, month), isNull(payrollRuns.archivedAt)];
  if (statuses) conds.push(inArray(payrollRuns.status, statuses));
  return exec
    .select()
    .from(payrollRuns)
    .where(and(...conds))
    .orderBy(asc(payrollRuns.id));
}

export async function listRunsOfYear(exec: Executor, companyId: number, year: number): Promise<RunRow[]> {
  return exec
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.companyId, companyId), sql`${payrollRuns.month} like ${`${year}-%`}`, isNull(payrollRuns.archivedAt)))
    .orderBy(asc(payrollRuns.month));
}

// ── inputs ──

export async function listInputs(exec: Executor, companyId: number, runId: number): Promise<Map<number, Record<string, string>>> {
  const rows = await exec
    .select({ employeeId: payrollRunInputs.employeeId, values: payrollRunInputs.values })
    .from(payrollRunInputs)
    .where(and(eq(payrollRunInputs.companyId, companyId), eq(payrollRunInputs.runId, runId)));
  return new Map(rows.map((r) => [r.employeeId, r.values]));
}

/** Merges values into each employee's inputs of the run (new names added, same names replaced). */
export async function mergeInputs(exec: Executor, companyId: number, runId: number, rows: { employeeId: number; values: Record<string, string> }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await exec
      .insert(payrollRunInputs)
      .values(chunk.map((r) => ({ companyId, runId, employeeId: r.employeeId, values: r.values })))
      .onConflictDoUpdate({
        target: [payrollRunInputs.companyId, payrollRunInputs.runId, payrollRunInputs.employeeId],
        set: { values: sql`${payrollRunInputs.values} || excluded.values`, updatedAt: new Date() },
      });
  }
}

export async function countInputs(exec: Executor, companyId: number, runId: number): Promise<number> {
  const rows = await exec
    .select({ n: count() })
    .from(payrollRunInputs)
    .where(and(eq(payrollRunInputs.companyId, companyId), eq(payrollRunInputs.runId, runId)));
  return Number(rows[0]?.n ?? 0);
}

// ── results ──

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

/** The same group's latest locked or submitted run before `month`. */
export async function findPreviousRun(exec: Executor, companyId: number, groupId: number, month: string): Promise<RunRow | null> {
  const rows = await exec
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.companyId, companyId), eq(payrollRuns.groupId, groupId), lt(payrollRuns.month, month), inArray(payrollRuns.status, [4, 5]), isNull(payrollRuns.archivedAt)))
    .orderBy(desc(payrollRuns.month))
    .limit(1);
  return rows[0] ?? null;
}

// ── declarations ──

export async function listDeclarations(exec: Executor, companyId: number, year: number) {
  return exec
    .select()
    .from(payrollDeclarations)
    .where(and(eq(payrollDeclarations.companyId, companyId), sql`${payrollDeclarations.month} like ${`${year}-%`}`));
}

export async function upsertDeclaration(exec: Executor, companyId: number, month: string, status: number, userId: number): Promise<void> {
  const declaredAt = status === 1 ? new Date() : null;
  await exec
    .insert(payrollDeclarations)
    .values({ companyId, month, status, declaredAt, updatedBy: userId })
    .onConflictDoUpdate({ target: [payrollDeclarations.companyId, payrollDeclarations.month], set: { status, declaredAt, updatedBy: userId, updatedAt: new Date() } });
}

/**
 * Employees with wages already calculated (a result without error) this month in another live,
 * wage-taxed run of the company: employee id → that run's group name.
 */
export async function listWagesCalculatedElsewhere(exec: Executor, companyId: number, month: string, runId: number): Promise<Map<number, string>> {
  const rows = await exec
    .select({ employeeId: payrollResults.employeeId, groupName: payrollGroups.name })
    .from(payrollResults)
    .innerJoin(payrollRuns, and(eq(payrollRuns.companyId, payrollResults.companyId), eq(payrollRuns.id, payrollResults.runId)))
    .innerJoin(payrollGroups, and(eq(payrollGroups.companyId, payrollRuns.companyId), eq(payrollGroups.id, payrollRuns.groupId)))
    .where(
      and(
        eq(payrollResults.companyId, companyId),
        isNull(payrollResults.error),
        eq(payrollRuns.month, month),
        sql`${payrollRuns.id} <> ${runId}`,
        isNull(payrollRuns.archivedAt),
        sql`(${payrollRuns.config} ->> 'taxRule')::int = 1`,
      ),
    );
  return new Map(rows.map((r) => [r.employeeId, r.groupName]));
}

export type PayChangeRow = { employeeId: number; effectiveDate: string; before: string | null; after: string };

/**
 * Pay changes (调薪, and 转正 or 调岗 that set a salary) waiting or effective on or before `last`, in
 * date order per employee: the pay timeline payroll reads for a month.
 */
export async function listPayChanges(exec: Executor, companyId: number, last: string, ids?: number[]): Promise<PayChangeRow[]> {
  const rows = rowsOf<{ employee_id: string | number; effective_date: string; before: string | null; after: string }>(
    await exec.execute(sql`
      select employee_id, effective_date::text as effective_date, before ->> 'salary' as before, after ->> 'salary' as after
      from employee_changes
      where company_id = ${companyId} and status in (0, 1) and after ->> 'salary' is not null and effective_date <= ${last}
        ${ids ? sql`and employee_id = any(${`{${ids.join(',')}}`}::bigint[])` : sql``}
      order by employee_id, effective_date, id`),
  );
  return rows.map((r) => ({ employeeId: Number(r.employee_id), effectiveDate: r.effective_date.slice(0, 10), before: r.before, after: r.after }));
}
