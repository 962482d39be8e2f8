import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { employeeChanges } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** Employee changes (异动) every use case records, and the employee's own fields a change sets. */

export type ChangeRow = typeof employeeChanges.$inferSelect;
export type ChangeRowWithUser = ChangeRow & { createdByName: string | null; reviewedByName?: string | null };

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

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
    .where(and(eq(employeeChanges.companyId, companyId), eq(employeeChanges.employeeId, employeeId), eq(employeeChanges.type, type), inArray(employeeChanges.status, [0, 3])))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateChange(exec: Executor, companyId: number, id: number, set: Partial<Pick<ChangeRow, 'status' | 'effectiveDate' | 'appliedAt' | 'cancelledAt' | 'cancelledBy' | 'before' | 'remark' | 'reviewedBy' | 'reviewedAt' | 'reviewRemark'>>): Promise<ChangeRow> {
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
      select c.*, u.nickname as "createdByName", r.nickname as "reviewedByName" from employee_changes c
      left join users u on u.id = c.created_by left join users r on r.id = c.reviewed_by
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
    reason: r.reason === null || r.reason === undefined ? null : Number(r.reason),
    remark: (r.remark as string | null) ?? null,
    createdBy: r.created_by === null ? null : Number(r.created_by),
    createdAt: new Date(r.created_at as string),
    appliedAt: r.applied_at ? new Date(r.applied_at as string) : null,
    cancelledAt: r.cancelled_at ? new Date(r.cancelled_at as string) : null,
    cancelledBy: r.cancelled_by === null ? null : Number(r.cancelled_by),
    reviewedBy: r.reviewed_by === null || r.reviewed_by === undefined ? null : Number(r.reviewed_by),
    reviewedAt: r.reviewed_at ? new Date(r.reviewed_at as string) : null,
    reviewRemark: (r.review_remark as string | null) ?? null,
    form: (r.form ?? []) as ChangeRow['form'],
    createdByName: (r.createdByName as string | null) ?? null,
    reviewedByName: (r.reviewedByName as string | null) ?? null,
  }));
}

/** Waiting changes of the company due on or before the day, oldest first (a hire is confirmed by HR, never by date). */
export async function listDueChanges(exec: Executor, companyId: number, day: string): Promise<ChangeRow[]> {
  return exec
    .select()
    .from(employeeChanges)
    .where(and(eq(employeeChanges.companyId, companyId), eq(employeeChanges.status, 0), sql`${employeeChanges.effectiveDate} <= ${day}`, ne(employeeChanges.type, 'onboard')))
    .orderBy(asc(employeeChanges.effectiveDate), asc(employeeChanges.id));
}

/** Companies with a waiting change due on or before the day (the daily job's companies). */
export async function listCompaniesWithDueChanges(exec: Executor): Promise<number[]> {
  const rows = rowsOf<{ company_id: string | number }>(await exec.execute(sql`select distinct company_id from employee_changes where status = 0 and type <> 'onboard'`));
  return rows.map((r) => Number(r.company_id));
}
export async function updateChangeAfter(exec: Executor, companyId: number, id: number, after: ChangeRow['after']): Promise<void> {
  await exec.update(employeeChanges).set({ after }).where(and(eq(employeeChanges.companyId, companyId), eq(employeeChanges.id, id)));
}
