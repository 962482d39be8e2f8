import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { costCenters, dataPermissions, departments, employeeNameTokens, employees, files, positions, ranks, roles, userRoles } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** The employee record of one company: reads and writes of single records, reference checks, uniqueness. */

export type EmployeeRow = typeof employees.$inferSelect;
export type EmployeeInsert = Omit<typeof employees.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'archivedAt'>;
export type EmployeeChange = Partial<Omit<EmployeeInsert, 'companyId'>>;

const live = (companyId: number): SQL => and(eq(employees.companyId, companyId), isNull(employees.archivedAt))!;

/** An employee that is not archived. */
export async function findEmployeeRow(exec: Executor, companyId: number, id: number, opts: { forUpdate?: boolean } = {}): Promise<EmployeeRow | null> {
  const q = exec
    .select()
    .from(employees)
    .where(and(live(companyId), eq(employees.id, id)))
    .limit(1);
  const rows = opts.forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function listEmployeeRowsByIds(exec: Executor, companyId: number, ids: readonly number[], opts: { forUpdate?: boolean } = {}): Promise<EmployeeRow[]> {
  if (ids.length === 0) return [];
  const q = exec
    .select()
    .from(employees)
    .where(and(live(companyId), inArray(employees.id, [...ids])))
    .orderBy(employees.id);
  return opts.forUpdate ? q.for('update') : q;
}

/** The employee with this employee number, or this document number (by its look-up hash). */
export async function findEmployeeRowByNoOrIdHash(exec: Executor, companyId: number, by: { employeeNo?: string; idNumberHash?: string }): Promise<EmployeeRow[]> {
  const conds = [by.employeeNo ? eq(employees.employeeNo, by.employeeNo) : undefined, by.idNumberHash ? eq(employees.idNumberHash, by.idNumberHash) : undefined].filter(
    (c): c is SQL => c !== undefined,
  );
  if (conds.length === 0) return [];
  return exec
    .select()
    .from(employees)
    .where(and(live(companyId), or(...conds)))
    .orderBy(employees.id)
    .limit(5);
}

/** Inserts the records in one statement; answers the stored rows in the order given. */
export async function insertEmployees(exec: Executor, values: readonly EmployeeInsert[]): Promise<EmployeeRow[]> {
  if (values.length === 0) return [];
  const rows = await exec.insert(employees).values([...values]).returning();
  // matched by mobile (unique among a company's live records) rather than by the order of RETURNING
  const byMobile = new Map(rows.map((r) => [r.mobileHash, r]));
  return values.map((v, i) => (v.mobileHash ? byMobile.get(v.mobileHash) : undefined) ?? rows[i]!);
}

type NameTokenEntry = { employeeId: number; tokens: readonly string[] };

/**
 * Writes the names' search tokens with each employee's department and created_at copied from the
 * record in the same statement (exact: a timestamp that went through JavaScript would have lost its
 * microseconds; the insert trigger then has nothing to look up). Later changes are carried over by
 * the trigger on employees.
 */
export async function insertNameTokens(exec: Executor, companyId: number, entries: readonly NameTokenEntry[]): Promise<void> {
  const pairs = entries.flatMap((e) => e.tokens.map((t) => sql`(${e.employeeId}::bigint, ${t}::text)`));
  if (pairs.length === 0) return;
  await exec.execute(sql`insert into employee_name_tokens (company_id, token, employee_id, department_id, employee_created_at)
    select e.company_id, t.token, e.id, e.department_id, e.created_at from (values ${sql.join(pairs, sql`, `)}) as t(employee_id, token)
    join employees e on e.company_id = ${companyId} and e.id = t.employee_id`);
}

/** Replaces the tokens of one employee's name. */
export async function replaceNameTokens(exec: Executor, companyId: number, employeeId: number, tokens: readonly string[]): Promise<void> {
  await exec.delete(employeeNameTokens).where(and(eq(employeeNameTokens.companyId, companyId), eq(employeeNameTokens.employeeId, employeeId)));
  await insertNameTokens(exec, companyId, [{ employeeId, tokens }]);
}

export async function updateEmployeeRow(exec: Executor, companyId: number, id: number, change: EmployeeChange): Promise<EmployeeRow | null> {
  const rows = await exec
    .update(employees)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(live(companyId), eq(employees.id, id)))
    .returning();
  return rows[0] ?? null;
}

export async function archiveEmployeeRows(exec: Executor, companyId: number, ids: readonly number[], userId: number | null): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await exec
    .update(employees)
    .set({ archivedAt: sql`now()`, updatedAt: sql`now()`, updatedBy: userId })
    .where(and(live(companyId), inArray(employees.id, [...ids])))
    .returning({ id: employees.id });
  return rows.length;
}

export async function moveEmployeeRows(exec: Executor, companyId: number, ids: readonly number[], departmentId: number, userId: number | null): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await exec
    .update(employees)
    .set({ departmentId, updatedAt: sql`now()`, updatedBy: userId })
    .where(and(live(companyId), inArray(employees.id, [...ids])))
    .returning({ id: employees.id });
  return rows.length;
}

export type UniqueProbe = { mobileHash?: string | null; idNumberHash?: string | null; employeeNo?: string | null };
export type UniqueHit = { field: 'mobile' | 'idNumber' | 'employeeNo'; id: number; name: string };

/** Other live employees of the company holding the mobile, document number or employee number. */
export async function findUniqueConflicts(exec: Executor, companyId: number, probe: UniqueProbe, exceptId?: number): Promise<UniqueHit[]> {
  const conds: SQL[] = [];
  if (probe.mobileHash) conds.push(eq(employees.mobileHash, probe.mobileHash));
  if (probe.idNumberHash) conds.push(eq(employees.idNumberHash, probe.idNumberHash));
  if (probe.employeeNo) conds.push(eq(employees.employeeNo, probe.employeeNo));
  if (conds.length === 0) return [];
  const rows = await exec
    .select({ id: employees.id, name: employees.name, mobileHash: employees.mobileHash, idNumberHash: employees.idNumberHash, employeeNo: employees.employeeNo })
    .from(employees)
    .where(and(live(companyId), or(...conds), exceptId === undefined ? undefined : ne(employees.id, exceptId)))
    .limit(10);
  const hits: UniqueHit[] = [];
  for (const r of rows) {
    if (probe.idNumberHash && r.idNumberHash === probe.idNumberHash) hits.push({ field: 'idNumber', id: r.id, name: r.name });
    if (probe.mobileHash && r.mobileHash === probe.mobileHash) hits.push({ field: 'mobile', id: r.id, name: r.name });
    if (probe.employeeNo && r.employeeNo === probe.employeeNo) hits.push({ field: 'employeeNo', id: r.id, name: r.name });
  }
  return hits;
}

export type EmployeeKeys = { id: number; name: string; mobileHash: string | null; idNumberHash: string | null; employeeNo: string | null };

/** Live employees of the company holding any of these mobiles, document numbers or employee numbers (a batch's uniqueness look-up). */
export async function listEmployeeKeys(
  exec: Executor,
  companyId: number,
  probe: { mobileHashes: readonly string[]; idNumberHashes: readonly string[]; employeeNos: readonly string[] },
): Promise<EmployeeKeys[]> {
  // one look-up per unique index, each value list passed as one parameter (a JSON array): the
  // statement's text is the same whatever the number of values, and each branch is an index scan
  const branch = (column: SQL, values: readonly string[]) =>
    sql`select id, name, mobile_hash, id_number_hash, employee_no from employees
      where company_id = ${companyId} and archived_at is null and ${column} = any(array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)))`;
  const branches = [
    probe.mobileHashes.length ? branch(sql`mobile_hash`, probe.mobileHashes) : null,
    probe.idNumberHashes.length ? branch(sql`id_number_hash`, probe.idNumberHashes) : null,
    probe.employeeNos.length ? branch(sql`employee_no`, probe.employeeNos) : null,
  ].filter((b): b is SQL => b !== null);
  if (branches.length === 0) return [];
  const rows = rowsOf<{ id: string | number; name: string; mobile_hash: string | null; id_number_hash: string | null; employee_no: string | null }>(
    await exec.execute(sql`${sql.join(branches, sql` union `)} order by id`),
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, mobileHash: r.mobile_hash, idNumberHash: r.id_number_hash, employeeNo: r.employee_no }));
}

/** status of a referenced organisation record: 1 active, 0 disabled; null when missing or deleted. */
export type RefStatus = { id: number; name: string; status: number } | null;

const DELETED = 9;

export async function findDepartmentRef(exec: Executor, companyId: number, id: number): Promise<(NonNullable<RefStatus> & { path: string }) | null> {
  const rows = await exec
    .select({ id: departments.id, name: departments.name, status: departments.status, path: departments.path })
    .from(departments)
    .where(and(eq(departments.companyId, companyId), eq(departments.id, id), ne(departments.status, DELETED)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findPositionRef(exec: Executor, companyId: number, id: number): Promise<(NonNullable<RefStatus> & { departmentId: number | null }) | null> {
  const rows = await exec
    .select({ id: positions.id, name: positions.name, status: positions.status, departmentId: positions.departmentId })
    .from(positions)
    .where(and(eq(positions.companyId, companyId), eq(positions.id, id), ne(positions.status, DELETED)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findRankRef(exec: Executor, companyId: number, id: number): Promise<RefStatus> {
  const rows = await exec
    .select({ id: ranks.id, name: ranks.name, status: ranks.status })
    .from(ranks)
    .where(and(eq(ranks.companyId, companyId), eq(ranks.id, id), ne(ranks.status, DELETED)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findCostCenterRef(exec: Executor, companyId: number, id: number): Promise<RefStatus> {
  const rows = await exec
    .select({ id: costCenters.id, name: costCenters.name, status: costCenters.status })
    .from(costCenters)
    .where(and(eq(costCenters.companyId, companyId), eq(costCenters.id, id), ne(costCenters.status, DELETED)))
    .limit(1);
  return rows[0] ?? null;
}

export type CompanyFileRef = { id: number; originalName: string; mime: string; size: number; isImage: boolean };

/** Uploaded files of the company (not exports, not archived). */
/** Files of an employee's own record (attachments and photos), by public id. */
export async function listRecordFiles(exec: Executor, companyId: number, employeeId: number, publicIds: readonly string[]): Promise<CompanyFileRef[]> {
  if (publicIds.length === 0) return [];
  return exec
    .select({ id: files.id, originalName: files.originalName, mime: files.mime, size: files.size, isImage: files.isImage })
    .from(files)
    .where(and(eq(files.companyId, companyId), inArray(files.publicId, [...publicIds]), isNull(files.archivedAt), eq(files.kind, 'employee'), eq(files.ownerId, employeeId)));
}

/**
 * The department data permission of a member through their active roles: `all` when they have no
 * active role, when one role allows every department, or when one role has no department scope set
 * (a role limits what it grants only once its scope is set); otherwise the chosen departments.
 */
export async function findMemberDepartmentScope(exec: Executor, companyId: number, userId: number): Promise<{ all: boolean; ids: number[] }> {
  const rows = await exec
    .select({ configured: sql<boolean>`${dataPermissions.roleId} is not null`, allTargets: dataPermissions.allTargets, targetIds: dataPermissions.targetIds })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId), eq(roles.status, 1)))
    .leftJoin(dataPermissions, and(eq(dataPermissions.companyId, userRoles.companyId), eq(dataPermissions.roleId, userRoles.roleId), eq(dataPermissions.kind, 'dept')))
    .where(and(eq(userRoles.companyId, companyId), eq(userRoles.userId, userId)));
  if (rows.length === 0 || rows.some((r) => !r.configured || r.allTargets)) return { all: true, ids: [] };
  const ids = new Set<number>();
  for (const r of rows) for (const id of r.targetIds ?? []) if (Number.isSafeInteger(id)) ids.add(Number(id));
  return { all: false, ids: [...ids] };
}

/** The departments with their whole subtrees (by the materialised path), disabled ones included. */
export async function expandDepartmentSubtrees(exec: Executor, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await exec.execute(sql`
    select distinct d.id from departments d
    join departments p on p.company_id = d.company_id and d.path like p.path || '%'
    where d.company_id = ${companyId} and p.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by d.id`);
  return rowsOf<{ id: string | number }>(rows).map((r) => Number(r.id));
}
