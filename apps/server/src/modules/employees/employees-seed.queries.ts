import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import { companies, costCenterDepartments, departments, employeeNameTokens, employees, positions, ranks } from '../../db/schema/index.ts';
import type { Db, Executor } from '../../platform/db.ts';

/** What the demo roster is built from, and its bulk insert. */

export async function listCompaniesForEmployeeSeed(db: Db): Promise<{ id: number; isWb: number }[]> {
  const rows = await db.select({ id: companies.id, isWb: companies.isWb }).from(companies).orderBy(asc(companies.id));
  return rows.map((r) => ({ id: r.id, isWb: Number(r.isWb ?? 0) }));
}

export async function countLiveEmployees(exec: Executor, companyId: number): Promise<number> {
  const rows = await exec
    .select({ n: count() })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), isNull(employees.archivedAt)));
  return Number(rows[0]?.n ?? 0);
}

export async function listTakenKeys(exec: Executor, companyId: number): Promise<{ mobileHash: string | null; employeeNo: string | null; idNumberHash: string | null }[]> {
  return exec
    .select({ mobileHash: employees.mobileHash, employeeNo: employees.employeeNo, idNumberHash: employees.idNumberHash })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), isNull(employees.archivedAt)));
}

export type SeedOrg = {
  departments: { id: number; name: string; path: string; headcountPlan: number | null }[];
  positions: { id: number; name: string; departmentId: number | null }[];
  ranks: { id: number; name: string; level: number }[];
  costCenterByDepartment: Map<number, number>;
};

/** Active departments, positions and ranks, and which cost centre each department belongs to. */
export async function loadSeedOrg(exec: Executor, companyId: number): Promise<SeedOrg> {
  const depts = await exec
    .select({ id: departments.id, name: departments.name, path: departments.path, headcountPlan: departments.headcountPlan })
    .from(departments)
    .where(and(eq(departments.companyId, companyId), eq(departments.status, 1)))
    .orderBy(asc(departments.path));
  const pos = await exec
    .select({ id: positions.id, name: positions.name, departmentId: positions.departmentId })
    .from(positions)
    .where(and(eq(positions.companyId, companyId), eq(positions.status, 1)))
    .orderBy(asc(positions.id));
  const rk = await exec
    .select({ id: ranks.id, name: ranks.name, level: ranks.level })
    .from(ranks)
    .where(and(eq(ranks.companyId, companyId), ne(ranks.status, 9), eq(ranks.status, 1)))
    .orderBy(asc(ranks.id));
  const cc = await exec
    .select({ departmentId: costCenterDepartments.departmentId, costCenterId: costCenterDepartments.costCenterId })
    .from(costCenterDepartments)
    .where(eq(costCenterDepartments.companyId, companyId));
  return { departments: depts, positions: pos, ranks: rk, costCenterByDepartment: new Map(cc.map((r) => [r.departmentId, r.costCenterId])) };
}

export type SeedEmployeeInsert = typeof employees.$inferInsert;

/** Inserts the rows with their name tokens, 100 at a time. */
export async function insertEmployeesBulk(exec: Executor, rows: SeedEmployeeInsert[], tokensOf: (name: string) => string[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < rows.length; i += 100) {
    const chunk = rows.slice(i, i + 100).map((r) => ({ ...r, nameIndexed: true }));
    // department and created_at are copied onto the tokens by their insert trigger
    const made = await exec.insert(employees).values(chunk).returning({ id: employees.id, companyId: employees.companyId, name: employees.name });
    const tokens = made.flatMap((m) => tokensOf(m.name).map((token) => ({ companyId: m.companyId, token, employeeId: m.id })));
    if (tokens.length) await exec.insert(employeeNameTokens).values(tokens);
    n += chunk.length;
  }
  return n;
}
