import { and, asc, count, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
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
export type TaxProfileRow = typeof payrollTaxProfiles.$inferSelect;

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
