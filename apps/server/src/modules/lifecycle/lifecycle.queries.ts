import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { employeeChanges, labourContracts } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** Employee changes (异动) and the regularisation list; the employee's own fields a change sets. */

export type ChangeRow = typeof employeeChanges.$inferSelect;
export type ChangeRowWithUser = ChangeRow & { createdByName: string | null; reviewedByName?: string | null };

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
  sql`exists (select 1 from employee_changes c where c.company_id = ${companyId} and c.employee_id = e.id and c.type = 'regularize' and c.status in (0, 3))`;

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
  const status = tab === 'done' ? sql`= 1` : sql`in (0, 3)`;
  return sql`(select c.id from employee_changes c where c.company_id = ${companyId} and c.employee_id = e.id and c.type = 'regularize' and c.status ${status} order by c.effective_date desc, c.id desc limit 1)`;
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
        (select max(c.effective_date) from employee_changes c where c.company_id = ${companyId} and c.employee_id = e.id and c.type = 'regularize' and c.status ${f.tab === 'done' ? sql`= 1` : sql`in (0, 3)`}) as change_date,
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

/** The employee's placement with the names of its department, position, rank and cost centre. */
export type PlacementRow = {
  id: number;
  name: string;
  status: number;
  hireDate: string | null;
  departmentId: number | null;
  departmentName: string | null;
  positionId: number | null;
  positionName: string | null;
  rankId: number | null;
  rankName: string | null;
  costCenterId: number | null;
  costCenterName: string | null;
  workLocation: string | null;
  salary: string | null;
};

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export async function findPlacement(exec: Executor, companyId: number, id: number): Promise<PlacementRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select e.id, e.name, e.status, e.hire_date as "hireDate", e.department_id as "departmentId", e.position_id as "positionId", e.rank_id as "rankId",
        e.cost_center_id as "costCenterId", e.work_location as "workLocation", e.salary::text as salary,
        (select d.name from departments d where d.company_id = e.company_id and d.id = e.department_id) as "departmentName",
        (select p.name from positions p where p.company_id = e.company_id and p.id = e.position_id) as "positionName",
        (select rc.name || ' ' || r.name from ranks r join rank_categories rc on rc.company_id = r.company_id and rc.id = r.category_id where r.company_id = e.company_id and r.id = e.rank_id) as "rankName",
        (select c.name from cost_centers c where c.company_id = e.company_id and c.id = e.cost_center_id) as "costCenterName"
      from employees e where e.company_id = ${companyId} and e.id = ${id} and e.archived_at is null`),
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    name: String(r.name),
    status: Number(r.status),
    hireDate: (r.hireDate as string | null) ?? null,
    departmentId: num(r.departmentId),
    departmentName: (r.departmentName as string | null) ?? null,
    positionId: num(r.positionId),
    positionName: (r.positionName as string | null) ?? null,
    rankId: num(r.rankId),
    rankName: (r.rankName as string | null) ?? null,
    costCenterId: num(r.costCenterId),
    costCenterName: (r.costCenterName as string | null) ?? null,
    workLocation: (r.workLocation as string | null) ?? null,
    salary: (r.salary as string | null) ?? null,
  };
}

/** Names of a department, position, rank (category + name) and cost centre of the company, by id. */
export async function refNames(
  exec: Executor,
  companyId: number,
  ids: { departmentId?: number | null; positionId?: number | null; rankId?: number | null; costCenterId?: number | null },
): Promise<{ departmentName: string | null; positionName: string | null; rankName: string | null; costCenterName: string | null }> {
  const [r] = rowsOf<Record<string, string | null>>(
    await exec.execute(sql`select
      (select d.name from departments d where d.company_id = ${companyId} and d.id = ${ids.departmentId ?? null}) as "departmentName",
      (select p.name from positions p where p.company_id = ${companyId} and p.id = ${ids.positionId ?? null}) as "positionName",
      (select rc.name || ' ' || r.name from ranks r join rank_categories rc on rc.company_id = r.company_id and rc.id = r.category_id where r.company_id = ${companyId} and r.id = ${ids.rankId ?? null}) as "rankName",
      (select c.name from cost_centers c where c.company_id = ${companyId} and c.id = ${ids.costCenterId ?? null}) as "costCenterName"`),
  );
  return { departmentName: r?.departmentName ?? null, positionName: r?.positionName ?? null, rankName: r?.rankName ?? null, costCenterName: r?.costCenterName ?? null };
}

export type TransferFilter = { type?: string; status?: number; keyword?: string; effectiveFrom?: string; effectiveTo?: string; scope: readonly number[] | null };

/** Transfers of the company with their employee, latest effective date first. */
export async function listTransferPage(
  exec: Executor,
  companyId: number,
  f: TransferFilter,
  offset: number,
  limit: number,
): Promise<{ rows: (ChangeRowWithUser & { name: string; employeeNo: string | null; departmentName: string | null })[]; total: number }> {
  const parts: SQL[] = [sql`c.company_id = ${companyId}`, sql`c.type = ${f.type ?? 'transfer'}`, sql`e.archived_at is null`];
  if (f.status !== undefined) parts.push(sql`c.status = ${f.status}`);
  if (f.keyword) parts.push(sql`(e.name ilike ${`%${escapeLike(f.keyword)}%`} or e.employee_no like ${`${escapeLike(f.keyword)}%`})`);
  if (f.effectiveFrom) parts.push(sql`c.effective_date >= ${f.effectiveFrom}`);
  if (f.effectiveTo) parts.push(sql`c.effective_date <= ${f.effectiveTo}`);
  if (f.scope) parts.push(f.scope.length ? sql`e.department_id in (${sql.join(f.scope.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  const rows = rowsOf<{ id: string | number; total: string | number; name: string; employee_no: string | null; department_name: string | null }>(
    await exec.execute(sql`
      select c.id, e.name, e.employee_no, (select d.name from departments d where d.company_id = e.company_id and d.id = e.department_id) as department_name, count(*) over () as total
      from employee_changes c join employees e on e.company_id = c.company_id and e.id = c.employee_id
      where ${sql.join(parts, sql` and `)}
      order by c.status = 0 desc, c.effective_date desc, c.id desc
      offset ${offset} limit ${limit}`),
  );
  const full = new Map((await listChangesWithUsers(exec, companyId, { ids: rows.map((r) => Number(r.id)) })).map((c) => [c.id, c]));
  return {
    rows: rows.map((r) => ({ ...full.get(Number(r.id))!, name: r.name, employeeNo: r.employee_no, departmentName: r.department_name })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** A department of the company with its status (1 active), or null. */
export async function findDepartmentState(exec: Executor, companyId: number, id: number): Promise<{ name: string; status: number } | null> {
  const [r] = rowsOf<{ name: string; status: number }>(await exec.execute(sql`select name, status from departments where company_id = ${companyId} and id = ${id}`));
  return r ? { name: r.name, status: Number(r.status) } : null;
}

export async function employeeName(exec: Executor, companyId: number, id: number): Promise<string | null> {
  const [r] = rowsOf<{ name: string }>(await exec.execute(sql`select name from employees where company_id = ${companyId} and id = ${id} and archived_at is null`));
  return r?.name ?? null;
}

export type QuitFilter = { mode: 'leaving' | 'left'; keyword?: string; quitType?: number; leaveFrom?: string; leaveTo?: string; scope: readonly number[] | null };

/**
 * 待离职: employees with a waiting resignation; 已离职: former employees, with their latest effective
 * resignation when they have one (records made before resignations were recorded have none).
 */
export async function listQuitPage(
  exec: Executor,
  companyId: number,
  f: QuitFilter,
  offset: number,
  limit: number,
): Promise<{ rows: (ConversionDbRow & { leaveDate: string | null })[]; total: number }> {
  const changeStatus = f.mode === 'leaving' ? sql`in (0, 3)` : sql`= 1`;
  const change = sql`(select c.id from employee_changes c where c.company_id = ${companyId} and c.employee_id = e.id and c.type = 'quit' and c.status ${changeStatus} order by c.effective_date desc, c.id desc limit 1)`;
  const parts: SQL[] = [sql`e.company_id = ${companyId}`, sql`e.archived_at is null`];
  parts.push(f.mode === 'leaving' ? sql`${change} is not null` : sql`e.status = 4`);
  if (f.keyword) parts.push(sql`(e.name ilike ${`%${escapeLike(f.keyword)}%`} or e.employee_no like ${`${escapeLike(f.keyword)}%`})`);
  if (f.quitType !== undefined) parts.push(sql`exists (select 1 from employee_changes c where c.id = ${change} and c.company_id = ${companyId} and (c.after->>'quitType')::int = ${f.quitType})`);
  if (f.leaveFrom) parts.push(sql`e.leave_date >= ${f.leaveFrom}`);
  if (f.leaveTo) parts.push(sql`e.leave_date <= ${f.leaveTo}`);
  if (f.scope) parts.push(f.scope.length ? sql`e.department_id in (${sql.join(f.scope.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  const order = f.mode === 'leaving' ? sql`(select c.effective_date from employee_changes c where c.company_id = ${companyId} and c.id = ${change}) asc, e.id` : sql`e.leave_date desc nulls last, e.id desc`;
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select e.id as "employeeId", e.name, e.employee_no as "employeeNo", e.status, e.hire_date as "hireDate", e.probation_end_date as "probationEndDate", e.leave_date as "leaveDate",
        (select d.name from departments d where d.company_id = e.company_id and d.id = e.department_id) as "departmentName",
        (select p.name from positions p where p.company_id = e.company_id and p.id = e.position_id) as "positionName",
        ${change} as "changeId", count(*) over () as total
      from employees e where ${sql.join(parts, sql` and `)}
      order by ${order}
      offset ${offset} limit ${limit}`),
  );
  return {
    rows: rows.map((r) => ({
      employeeId: Number(r.employeeId),
      name: String(r.name),
      employeeNo: (r.employeeNo as string | null) ?? null,
      departmentName: (r.departmentName as string | null) ?? null,
      positionName: (r.positionName as string | null) ?? null,
      status: Number(r.status),
      hireDate: (r.hireDate as string | null) ?? null,
      probationEndDate: (r.probationEndDate as string | null) ?? null,
      leaveDate: (r.leaveDate as string | null) ?? null,
      changeId: r.changeId === null ? null : Number(r.changeId),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** Everything needed for a resignation certificate. */
export type CertificateFacts = {
  name: string;
  status: number;
  departmentId: number | null;
  idType: number | null;
  idNumberEnc: string | null;
  hireDate: string | null;
  leaveDate: string | null;
  departmentName: string | null;
  positionName: string | null;
  companyName: string;
};

export async function findCertificateFacts(exec: Executor, companyId: number, employeeId: number): Promise<CertificateFacts | null> {
  const [r] = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select e.name, e.status, e.department_id, e.id_type, e.id_number_enc, e.hire_date, e.leave_date,
        (select d.name from departments d where d.company_id = e.company_id and d.id = e.department_id) as department_name,
        (select p.name from positions p where p.company_id = e.company_id and p.id = e.position_id) as position_name,
        (select c.name from companies c where c.id = e.company_id) as company_name
      from employees e where e.company_id = ${companyId} and e.id = ${employeeId} and e.archived_at is null`),
  );
  if (!r) return null;
  return {
    name: String(r.name),
    status: Number(r.status),
    departmentId: num(r.department_id),
    idType: num(r.id_type),
    idNumberEnc: (r.id_number_enc as string | null) ?? null,
    hireDate: (r.hire_date as string | null) ?? null,
    leaveDate: (r.leave_date as string | null) ?? null,
    departmentName: (r.department_name as string | null) ?? null,
    positionName: (r.position_name as string | null) ?? null,
    companyName: String(r.company_name ?? ''),
  };
}

export async function updateChangeAfter(exec: Executor, companyId: number, id: number, after: ChangeRow['after']): Promise<void> {
  await exec.update(employeeChanges).set({ after }).where(and(eq(employeeChanges.companyId, companyId), eq(employeeChanges.id, id)));
}

export type InductionTabKey = 'pending' | 'onboarded' | 'discontinued' | 'cancelled';
export type InductionDbRow = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  positionName: string | null;
  mobile: string | null;
  hireDate: string | null;
  probationEndDate: string | null;
  changeId: number | null;
};

/** The latest onboarding change of the employee in the given state. */
const onboardChange = (companyId: number, status: number, outcome?: string) =>
  sql`(select c.id from employee_changes c where c.company_id = ${companyId} and c.employee_id = e.id and c.type = 'onboard' and c.status = ${status} ${outcome ? sql`and c.after->>'outcome' = ${outcome}` : sql``} order by c.id desc limit 1)`;

function inductionWhere(companyId: number, tab: InductionTabKey, keyword: string | undefined, scope: readonly number[] | null): SQL {
  const parts: SQL[] = [sql`e.company_id = ${companyId}`];
  if (tab === 'pending') parts.push(sql`e.archived_at is null and e.status = 0`);
  if (tab === 'onboarded') parts.push(sql`e.archived_at is null and ${onboardChange(companyId, 1)} is not null`);
  if (tab === 'discontinued' || tab === 'cancelled') {
    // closed hires are archived; the latest onboarding change says which way
    parts.push(sql`e.archived_at is not null and (select c.after->>'outcome' from employee_changes c where c.company_id = ${companyId} and c.employee_id = e.id and c.type = 'onboard' order by c.id desc limit 1) = ${tab}`);
  }
  if (keyword) parts.push(sql`(e.name ilike ${`%${escapeLike(keyword)}%`} or e.employee_no like ${`${escapeLike(keyword)}%`})`);
  if (scope) parts.push(scope.length ? sql`e.department_id in (${sql.join(scope.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  return sql.join(parts, sql` and `);
}

export async function listInductionPage(
  exec: Executor,
  companyId: number,
  f: { tab: InductionTabKey; keyword?: string; scope: readonly number[] | null },
  offset: number,
  limit: number,
): Promise<{ rows: InductionDbRow[]; total: number }> {
  const change =
    f.tab === 'pending' ? onboardChange(companyId, 0) : f.tab === 'onboarded' ? onboardChange(companyId, 1) : onboardChange(companyId, 2, f.tab);
  const order = f.tab === 'pending' ? sql`e.hire_date asc nulls last, e.id` : sql`"changeId" desc nulls last, e.id desc`;
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select e.id as "employeeId", e.name, e.employee_no as "employeeNo", e.mobile_masked as mobile, e.hire_date as "hireDate", e.probation_end_date as "probationEndDate",
        (select d.name from departments d where d.company_id = e.company_id and d.id = e.department_id) as "departmentName",
        (select p.name from positions p where p.company_id = e.company_id and p.id = e.position_id) as "positionName",
        ${change} as "changeId", count(*) over () as total
      from employees e where ${inductionWhere(companyId, f.tab, f.keyword, f.scope)}
      order by ${order}
      offset ${offset} limit ${limit}`),
  );
  return {
    rows: rows.map((r) => ({
      employeeId: Number(r.employeeId),
      name: String(r.name),
      employeeNo: (r.employeeNo as string | null) ?? null,
      departmentName: (r.departmentName as string | null) ?? null,
      positionName: (r.positionName as string | null) ?? null,
      mobile: (r.mobile as string | null) ?? null,
      hireDate: (r.hireDate as string | null) ?? null,
      probationEndDate: (r.probationEndDate as string | null) ?? null,
      changeId: r.changeId === null ? null : Number(r.changeId),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

export async function countInductionTabs(exec: Executor, companyId: number, keyword: string | undefined, scope: readonly number[] | null): Promise<Record<InductionTabKey, number>> {
  const tabs: InductionTabKey[] = ['pending', 'onboarded', 'discontinued', 'cancelled'];
  const cols = tabs.map((tab) => sql`count(*) filter (where ${inductionWhere(companyId, tab, keyword, scope)}) as ${sql.identifier(tab)}`);
  const [row] = rowsOf<Record<string, string | number>>(await exec.execute(sql`select ${sql.join(cols, sql`, `)} from employees e where e.company_id = ${companyId}`));
  return { pending: Number(row?.pending ?? 0), onboarded: Number(row?.onboarded ?? 0), discontinued: Number(row?.discontinued ?? 0), cancelled: Number(row?.cancelled ?? 0) };
}

/** An employee record with its archive state (a closed hire is archived). */
export async function findAnyEmployee(exec: Executor, companyId: number, id: number): Promise<(EmployeeFacts & { archived: boolean }) | null> {
  const [r] = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select id, name, status, department_id, hire_date, probation_end_date, archived_at is not null as archived
      from employees where company_id = ${companyId} and id = ${id} for update`),
  );
  if (!r) return null;
  return {
    id: Number(r.id),
    name: String(r.name),
    status: Number(r.status),
    departmentId: num(r.department_id),
    hireDate: (r.hire_date as string | null) ?? null,
    probationEndDate: (r.probation_end_date as string | null) ?? null,
    archived: Boolean(r.archived),
  };
}

/** Which of mobile, document number and employee number a current employee other than this one holds. */
export async function liveConflicts(exec: Executor, companyId: number, id: number): Promise<string[]> {
  const [r] = rowsOf<{ mobile: boolean; id_number: boolean; employee_no: boolean }>(
    await exec.execute(sql`
      select
        exists (select 1 from employees o where o.company_id = e.company_id and o.id <> e.id and o.archived_at is null and o.mobile_hash = e.mobile_hash) as mobile,
        exists (select 1 from employees o where o.company_id = e.company_id and o.id <> e.id and o.archived_at is null and o.id_number_hash = e.id_number_hash) as id_number,
        exists (select 1 from employees o where o.company_id = e.company_id and o.id <> e.id and o.archived_at is null and o.employee_no = e.employee_no) as employee_no
      from employees e where e.company_id = ${companyId} and e.id = ${id}`),
  );
  const out: string[] = [];
  if (r?.mobile) out.push('手机号');
  if (r?.id_number) out.push('证件号码');
  if (r?.employee_no) out.push('工号');
  return out;
}

// ── demo seed ──

export async function firstCompanyId(exec: Executor): Promise<number | null> {
  const [r] = rowsOf<{ id: string | number }>(await exec.execute(sql`select id from companies order by id limit 1`));
  return r ? Number(r.id) : null;
}

export async function countChanges(exec: Executor, companyId: number): Promise<number> {
  const [r] = rowsOf<{ n: string | number }>(await exec.execute(sql`select count(*) as n from employee_changes where company_id = ${companyId}`));
  return Number(r?.n ?? 0);
}

/** Live employees of a status with their placement, oldest records first. */
export async function listSeedEmployees(exec: Executor, companyId: number, status: number, limit: number): Promise<SeedEmployee[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select e.id, e.hire_date, e.probation_end_date, e.department_id, e.rank_id, e.salary::text as salary,
        (select d.name from departments d where d.company_id = e.company_id and d.id = e.department_id) as department_name,
        (select r.pay_min::text from ranks r where r.company_id = e.company_id and r.id = e.rank_id) as pay_min
      from employees e where e.company_id = ${companyId} and e.archived_at is null and e.status = ${status}
      order by e.id limit ${limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    hireDate: (r.hire_date as string | null) ?? null,
    probationEndDate: (r.probation_end_date as string | null) ?? null,
    departmentId: num(r.department_id),
    departmentName: (r.department_name as string | null) ?? null,
    payMin: (r.pay_min as string | null) ?? null,
    salary: (r.salary as string | null) ?? null,
  }));
}
export type SeedEmployee = { id: number; hireDate: string | null; probationEndDate: string | null; departmentId: number | null; departmentName: string | null; payMin: string | null; salary: string | null };

/** Former employees without a recorded resignation (the demo roster's), with their leave dates. */
export async function listFormerWithoutQuit(exec: Executor, companyId: number): Promise<{ id: number; leaveDate: string }[]> {
  const rows = rowsOf<{ id: string | number; leave_date: string }>(
    await exec.execute(sql`
      select e.id, e.leave_date::text as leave_date from employees e
      where e.company_id = ${companyId} and e.archived_at is null and e.status = 4 and e.leave_date is not null
        and not exists (select 1 from employee_changes c where c.company_id = e.company_id and c.employee_id = e.id and c.type = 'quit')
      order by e.id`),
  );
  return rows.map((r) => ({ id: Number(r.id), leaveDate: r.leave_date }));
}

// ── labour contracts ──

export type LabourContractRow = typeof labourContracts.$inferSelect;

export async function insertLabourContract(exec: Executor, v: typeof labourContracts.$inferInsert): Promise<LabourContractRow> {
  const rows = await exec.insert(labourContracts).values(v).returning();
  return rows[0]!;
}

export async function findLabourContract(exec: Executor, companyId: number, id: number, forUpdate = false): Promise<LabourContractRow | null> {
  const q = exec
    .select()
    .from(labourContracts)
    .where(and(eq(labourContracts.companyId, companyId), eq(labourContracts.id, id)))
    .limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function findCurrentContract(exec: Executor, companyId: number, employeeId: number): Promise<LabourContractRow | null> {
  const rows = await exec
    .select()
    .from(labourContracts)
    .where(and(eq(labourContracts.companyId, companyId), eq(labourContracts.employeeId, employeeId), eq(labourContracts.status, 1)))
    .limit(1);
  return rows[0] ?? null;
}

export async function updateLabourContract(
  exec: Executor,
  companyId: number,
  id: number,
  set: Partial<Pick<LabourContractRow, 'status' | 'endDate' | 'type' | 'endedAt' | 'terms'>>,
): Promise<LabourContractRow> {
  const rows = await exec
    .update(labourContracts)
    .set(set)
    .where(and(eq(labourContracts.companyId, companyId), eq(labourContracts.id, id)))
    .returning();
  return rows[0]!;
}

export async function listContractsOf(exec: Executor, companyId: number, by: { employeeId?: number; ids?: readonly number[]; renewedFrom?: readonly number[] }): Promise<LabourContractRow[]> {
  const conds: SQL[] = [eq(labourContracts.companyId, companyId)];
  if (by.employeeId !== undefined) conds.push(eq(labourContracts.employeeId, by.employeeId));
  if (by.ids) conds.push(by.ids.length ? sql`${labourContracts.id} in (${sql.join(by.ids.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  if (by.renewedFrom) conds.push(by.renewedFrom.length ? sql`${labourContracts.renewedFrom} in (${sql.join(by.renewedFrom.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  return exec
    .select()
    .from(labourContracts)
    .where(and(...conds))
    .orderBy(sql`${labourContracts.startDate} desc`, sql`${labourContracts.id} desc`);
}

export type RenewalTabKey = 'expiring' | 'expired' | 'renewed' | 'ended';

function renewalWhere(companyId: number, tab: RenewalTabKey, f: { today: string; until: string; keyword?: string; scope: readonly number[] | null }): SQL {
  const parts: SQL[] = [sql`k.company_id = ${companyId}`, sql`e.archived_at is null`];
  if (tab === 'expiring') parts.push(sql`k.status = 1 and k.end_date >= ${f.today} and k.end_date <= ${f.until} and e.status in (1, 2, 3)`);
  if (tab === 'expired') parts.push(sql`k.status = 1 and k.end_date < ${f.today} and e.status in (1, 2, 3)`);
  if (tab === 'renewed') parts.push(sql`k.status = 2`);
  if (tab === 'ended') parts.push(sql`k.status = 3`);
  if (f.keyword) parts.push(sql`(e.name ilike ${`%${escapeLike(f.keyword)}%`} or e.employee_no like ${`${escapeLike(f.keyword)}%`})`);
  if (f.scope) parts.push(f.scope.length ? sql`e.department_id in (${sql.join(f.scope.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  return sql.join(parts, sql` and `);
}

export async function listRenewalPage(
  exec: Executor,
  companyId: number,
  tab: RenewalTabKey,
  f: { today: string; until: string; keyword?: string; scope: readonly number[] | null },
  offset: number,
  limit: number,
): Promise<{ rows: { contractId: number; employeeId: number; name: string; employeeNo: string | null; departmentName: string | null; employeeStatus: number }[]; total: number }> {
  const order = tab === 'expiring' || tab === 'expired' ? sql`k.end_date asc, k.id` : sql`k.ended_at desc nulls last, k.id desc`;
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select k.id as "contractId", e.id as "employeeId", e.name, e.employee_no as "employeeNo", e.status as "employeeStatus",
        (select d.name from departments d where d.company_id = e.company_id and d.id = e.department_id) as "departmentName", count(*) over () as total
      from labour_contracts k join employees e on e.company_id = k.company_id and e.id = k.employee_id
      where ${renewalWhere(companyId, tab, f)}
      order by ${order}
      offset ${offset} limit ${limit}`),
  );
  return {
    rows: rows.map((r) => ({
      contractId: Number(r.contractId),
      employeeId: Number(r.employeeId),
      name: String(r.name),
      employeeNo: (r.employeeNo as string | null) ?? null,
      departmentName: (r.departmentName as string | null) ?? null,
      employeeStatus: Number(r.employeeStatus),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

export async function countRenewalTabs(exec: Executor, companyId: number, f: { today: string; until: string; keyword?: string; scope: readonly number[] | null }): Promise<Record<RenewalTabKey, number>> {
  const tabs: RenewalTabKey[] = ['expiring', 'expired', 'renewed', 'ended'];
  const cols = tabs.map((tab) => sql`count(*) filter (where ${renewalWhere(companyId, tab, f)}) as ${sql.identifier(tab)}`);
  const [row] = rowsOf<Record<string, string | number>>(
    await exec.execute(sql`select ${sql.join(cols, sql`, `)} from labour_contracts k join employees e on e.company_id = k.company_id and e.id = k.employee_id where k.company_id = ${companyId}`),
  );
  return { expiring: Number(row?.expiring ?? 0), expired: Number(row?.expired ?? 0), renewed: Number(row?.renewed ?? 0), ended: Number(row?.ended ?? 0) };
}
