import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { departments, employees, positions } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** The group archive: the caller's companies (as the owner, keyed by the user) and each company's page of employees. */

export type MembershipRow = { company_id: number; company_name: string; is_admin: boolean };

/** The active companies where the user is an active member, in id order. */
export async function listMemberships(exec: Executor, userId: number): Promise<MembershipRow[]> {
  return rowsOf<MembershipRow>(
    await exec.execute(sql`
      select c.id as company_id, c.name as company_name, m.is_admin
      from company_members m join companies c on c.id = m.company_id
      where m.user_id = ${userId} and m.status = 1 and c.status = 1
      order by c.id`),
  ).map((r) => ({ ...r, company_id: Number(r.company_id), is_admin: Boolean(r.is_admin) }));
}

export type GroupFilter = { keyword?: string; statuses: readonly number[] };

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function where(companyId: number, f: GroupFilter): SQL {
  const conds: SQL[] = [eq(employees.companyId, companyId), isNull(employees.archivedAt), inArray(employees.status, [...f.statuses])];
  const kw = f.keyword?.trim();
  if (kw) conds.push(or(ilike(employees.name, `%${escapeLike(kw)}%`), ilike(employees.employeeNo, `${escapeLike(kw)}%`))!);
  return and(...conds)!;
}

export async function countGroupEmployees(exec: Executor, companyId: number, f: GroupFilter): Promise<number> {
  const rows = await exec.select({ n: count() }).from(employees).where(where(companyId, f));
  return Number(rows[0]?.n ?? 0);
}

export type GroupEmployeeRow = {
  id: number;
  name: string;
  employeeNo: string | null;
  gender: number | null;
  idNumberMasked: string | null;
  mobileMasked: string | null;
  departmentName: string | null;
  positionName: string | null;
  employmentType: number | null;
  status: number;
  hireDate: string | null;
};

/** One company's slice of the list, newest first (the roster's default order). */
export async function listGroupEmployees(exec: Executor, companyId: number, f: GroupFilter, offset: number, limit: number): Promise<GroupEmployeeRow[]> {
  return exec
    .select({
      id: employees.id,
      name: employees.name,
      employeeNo: employees.employeeNo,
      gender: employees.gender,
      idNumberMasked: employees.idNumberMasked,
      mobileMasked: employees.mobileMasked,
      departmentName: departments.name,
      positionName: positions.name,
      employmentType: employees.employmentType,
      status: employees.status,
      hireDate: employees.hireDate,
    })
    .from(employees)
    .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
    .leftJoin(positions, and(eq(positions.companyId, employees.companyId), eq(positions.id, employees.positionId)))
    .where(where(companyId, f))
    .orderBy(desc(employees.createdAt), asc(employees.id))
    .offset(offset)
    .limit(limit);
}
