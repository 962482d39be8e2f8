import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { employeeChanges } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** Employee changes (异动) and the regularisation list; the employee's own fields a change sets. */

export type ChangeRow = typeof employeeChanges.$inferSelect;
export type ChangeRowWithUser = ChangeRow & { createdByName: string | null };

export type ConversionFilter = {
  tab: 'due' | 'overdue' | 'waiting' | 'done';
  today: string;
  /** due: probation ending on or before this day. */
  until: string;
  keyword?: string;
  departmentId?: number;
  /** The caller's departments (subtrees expanded), or null for the whole company. */
  scope: readonly number[] | null;
};

export type ConversionDbRow = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  positionName: string | null;
  status: number;
  hireDate: string | null;
  probationEndDate: string | null;
  changeId: number | null;
};

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const WAITING_REGULAR = (companyId: number) =>
  sql`exists (select 1 from employee_changes c where c.company_id = ${companyId} and c.employee_id = e.id and c.type = 'regularize' and c.status = 0)`;

function conversionWhere(companyId: number, f: ConversionFilter): SQL {
  const parts: SQL[] = [sql`e.company_id = ${companyId}`, sql`e.archived_at is null`];
  if (f.tab === 'due') parts.push(sql`e.status = 1 and e.probation_end_date <= ${f.until} and not ${WAITING_REGULAR(companyId)}`);
  if (f.tab === 'overdue') parts.push(sql`e.status = 1 and e.probation_end_date < ${f.today} and not ${WAITING_REGULAR(companyId)}`);
  if (f.tab === 'waiting') parts.push(WAITING_REGULAR(companyId));
  if (f.tab === 'done')
    parts.push(sql`exists (select 1 from employee_changes c where c.company_id = ${companyId} and c.employee_id = e.id and c.type = 'regularize' and c.status = 1)`);
  if (f.keyword) parts.push(sql`(e.name ilike ${`%${escapeLike(f.keyword)}%`} or e.employee_no like ${`${escapeLike(f.keyword)}%`})`);
  if (f.departmentId !== undefined)
    parts.push(
      sql`e.department_id = any(array(select d.id from departments d where d.company_id = ${companyId} and d.path like (select p.path from departments p where p.company_id = ${companyId} and p.id = ${f.departmentId}) || '%'))`,
    );
  if (f.scope) parts.push(f.scope.length ? sql`e.department_id in (${sql.join(f.scope.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  return sql.join(parts, sql` and `);
}

/** The change a row shows: the waiting regularisation, or (done) the latest effective one. */
function changeColumn(companyId: number, tab: ConversionFilter['tab']): SQL {
  const status = tab === 'done' ? 1 : 0;
  return sql`(select c.id from employee_changes c where c.company_id = ${companyId} and c.employee_id = e.id and c.type = 'regularize' and c.status = ${status} order by c.effective_date desc, c.id desc limit 1)`;
}

export async function listConversionPage(exec: Executor, companyId: number, f: ConversionFilter, offset: number, limit: number): Promise<{ rows: ConversionDbRow[]; total: number }> {
  const where = conversionWhere(companyId, f);
  const order = f.tab === 'done' || f.tab === 'waiting' ? sql`change_date desc nulls last, e.id desc` : sql`e.probation_end_date asc, e.id asc`;
  const rows = rowsOf<ConversionDbRow & { total: string | number; changeId: string | number | null }>(
    await exec.execute(sql`
      select e.id as "employeeId", e.name, e.employee_no as "employeeNo", e.status, e.hire_date as "hireDate", e.probation_end_date as "probationEndDate",
        (select d.name from departments d where d.company_id = e.company_id and d.id = e.department_id) as "departmentName",
        (select p.name from positions p where p.company_id = e.company_id and p.id = e.position_id) as "positionName",
        ${changeColumn(companyId, f.tab)} as "changeId",
        (select max(c.effective_date) from employee_changes c where c.company_id = ${companyId} and c.employee_id = e.id and c.type = 'regularize' and c.status = ${f.tab === 'done' ? 1 : 0}) as change_date,
        count(*) over () as total
      from employees e
      where ${where}
      order by ${order}
      offset ${offset} limit ${limit}`),
  );
  return {
    rows: rows.map((r) => ({ ...r, employeeId: Number(r.employeeId), status: Number(r.status), changeId: r.changeId === null ? null : Number(r.changeId) })),
    total: Number(rows[0]?.total ?? 0),
  };
}

export async function countConversionTabs(exec: Executor, companyId: number, f: Omit<ConversionFilter, 'tab'>): Promise<Record<ConversionFilter['tab'], number>> {
  const tabs = ['due', 'overdue', 'waiting', 'done'] as const;
  const cols = tabs.map((tab) => sql`count(*) filter (where ${conversionWhere(companyId, { ...f, tab })}) as ${sql.identifier(tab)}`);
  const [row] = rowsOf<Record<string, string | number>>(await exec.execute(sql`select ${sql.join(cols, sql`, `)} from employees e where e.company_id = ${companyId}`));
  return { due: Number(row?.due ?? 0), overdue: Number(row?.overdue ?? 0), waiting: Number(row?.waiting ?? 0), done: Number(row?.done ?? 0) };
}

/** The fields of the employee a change reads and sets; locked when asked. */
export type EmployeeFacts = { id: number; name: string; status: number; departmentId: number | null; hireDate: string | null; probationEndDate: string | null };

export async function findEmployeeFacts(exec: Executor, companyId: number, id: number, forUpdate = false): Promise<EmployeeFacts | null> {
  const rows = rowsOf<EmployeeFacts>(
    await exec.execute(sql`
      select id, name, status, department_id as "departmentId", hire_date as "hireDate", probation_end_date as "probationEndDate"
      from employees where company_id = ${companyId} and id = ${id} and archived_at is null ${forUpdate ? sql`for update` : sql``}`),
  );
  const r = rows[0];
  return r ? { ...r, id: Number(r.id), status: Number(r.status), departmentId: r.departmentId === null ? null : Number(r.departmentId) } : null;
}

export async function setEmployeeFacts(exec: Executor, companyId: number, id: number, set: { status?: number; probationEndDate?: string }): Promise<void> {
  const parts: SQL[] = [sql`updated_at = now()`];
  if (set.status !== undefined) parts.push(sql`status = ${set.status}`);
  if (set.probationEndDate !== undefined) parts.push(sql`probation_end_date = ${set.probationEndDate}`);
  await exec.execute(sql`update employees set ${sql.join(parts, sql`, `)} where company_id = ${companyId} and id = ${id}`);
}

export async function insertChange(exec: Executor, v: typeof employeeChanges.$inferInsert): Promise<ChangeRow> {
  const rows = await exec.insert(employeeChanges).values(v).returning();
  return rows[0]!;
}

export async function findChange(exec: Executor, companyId: number, id: number, forUpdate = false): Promise<ChangeRow | null> {
  const q = exec
    .select()
    .from(employeeChanges)
    .where(and(eq(employeeChanges.companyId, companyId), eq(employeeChanges.id, id)))
    .limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function findWaitingChange(exec: Executor, companyId: number, employeeId: number, type: string): Promise<ChangeRow | null> {
  const rows = await exec
    .select()
    .from(employeeChanges)
    .where(and(eq(employeeChanges.companyId, companyId), eq(employeeChanges.employeeId, employeeId), eq(employeeChanges.type, type), eq(employeeChanges.status, 0)))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateChange(exec: Executor, companyId: number, id: number, set: Partial<Pick<ChangeRow, 'status' | 'effectiveDate' | 'appliedAt' | 'cancelledAt' | 'cancelledBy' | 'before'>>): Promise<ChangeRow> {
  const rows = await exec
    .update(employeeChanges)
    .set(set)
    .where(and(eq(employeeChanges.companyId, companyId), eq(employeeChanges.id, id)))
    .returning();
  return rows[0]!;
}

export async function listChangesWithUsers(exec: Executor, companyId: number, by: { employeeId?: number; ids?: readonly number[] }): Promise<ChangeRowWithUser[]> {
  if (by.ids && by.ids.length === 0) return [];
  const conds: SQL[] = [sql`c.company_id = ${companyId}`];
  if (by.employeeId !== undefined) conds.push(sql`c.employee_id = ${by.employeeId}`);
  if (by.ids) conds.push(sql`c.id in (${sql.join(by.ids.map((id) => sql`${id}`), sql`, `)})`);
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select c.*, u.nickname as "createdByName" from employee_changes c left join users u on u.id = c.created_by
      where ${sql.join(conds, sql` and `)}
      order by c.effective_date desc, c.id desc`),
  );
  return rows.map((r) => ({
    companyId: Number(r.company_id),
    id: Number(r.id),
    employeeId: Number(r.employee_id),
    type: String(r.type),
    status: Number(r.status),
    effectiveDate: String(r.effective_date).slice(0, 10),
    before: (r.before ?? {}) as ChangeRow['before'],
    after: (r.after ?? {}) as ChangeRow['after'],
    early: Boolean(r.early),
    remark: (r.remark as string | null) ?? null,
    createdBy: r.created_by === null ? null : Number(r.created_by),
    createdAt: new Date(r.created_at as string),
    appliedAt: r.applied_at ? new Date(r.applied_at as string) : null,
    cancelledAt: r.cancelled_at ? new Date(r.cancelled_at as string) : null,
    cancelledBy: r.cancelled_by === null ? null : Number(r.cancelled_by),
    createdByName: (r.createdByName as string | null) ?? null,
  }));
}

/** Waiting changes of the company due on or before the day, oldest first. */
export async function listDueChanges(exec: Executor, companyId: number, day: string): Promise<ChangeRow[]> {
  return exec
    .select()
    .from(employeeChanges)
    .where(and(eq(employeeChanges.companyId, companyId), eq(employeeChanges.status, 0), sql`${employeeChanges.effectiveDate} <= ${day}`))
    .orderBy(asc(employeeChanges.effectiveDate), asc(employeeChanges.id));
}

/** Companies with a waiting change due on or before the day (the daily job's companies). */
export async function listCompaniesWithDueChanges(exec: Executor): Promise<number[]> {
  const rows = rowsOf<{ company_id: string | number }>(await exec.execute(sql`select distinct company_id from employee_changes where status = 0`));
  return rows.map((r) => Number(r.company_id));
}
