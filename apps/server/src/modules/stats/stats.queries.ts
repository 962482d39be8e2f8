import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { departments, employees } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';
import { rosterWhere, type RosterFilter } from '../employees/index.ts';

/** The employee structure: the roster's rows (its own WHERE, data permission included) counted by one dimension at a time. */

export type StructureDimension = 'department' | 'gender' | 'education' | 'employmentType' | 'ageMonths' | 'tenureMonths';
export type StructureGroup = { key: number | null; count: number };

/** Whole months from a date column to today as PostgreSQL's age() counts them; null without a date or for a date after today. */
function wholeMonths(column: SQL | typeof employees.birthDate, today: string): SQL {
  return sql`case when ${column} <= ${today}::date then (extract(year from age(${today}::date, ${column})) * 12 + extract(month from age(${today}::date, ${column})))::int end`;
}

function dimensionOf(d: StructureDimension, today: string): SQL {
  const e = employees;
  switch (d) {
    case 'department':
      return sql`${e.departmentId}`;
    case 'gender':
      return sql`${e.gender}::int`;
    case 'education':
      return sql`${e.education}::int`;
    case 'employmentType':
      return sql`${e.employmentType}::int`;
    case 'ageMonths':
      return wholeMonths(e.birthDate, today);
    case 'tenureMonths':
      return wholeMonths(e.hireDate, today);
  }
}

export async function countRosterBy(exec: Executor, companyId: number, filter: RosterFilter, d: StructureDimension, today: string): Promise<StructureGroup[]> {
  const key = dimensionOf(d, today);
  const rows = await exec
    .select({ key: sql<number | string | null>`${key}`.as('k'), n: count() })
    .from(employees)
    .where(rosterWhere(companyId, filter))
    .groupBy(sql`1`);
  return rows.map((r) => ({ key: r.key === null ? null : Number(r.key), count: Number(r.n) }));
}

/** The company's departments with their materialised paths (/1/4/9/), every status (an employee may sit in a disabled one). */
export async function listDepartmentPaths(exec: Executor, companyId: number): Promise<{ id: number; name: string; path: string; sort: number }[]> {
  return exec
    .select({ id: departments.id, name: departments.name, path: departments.path, sort: departments.sort })
    .from(departments)
    .where(and(eq(departments.companyId, companyId)));
}
