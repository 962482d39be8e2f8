import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db.ts';
import { escapeLike } from './lifecycle.queries.ts';

/** The regularisation (转正) list: employees on probation by tab, with their waiting or effective change. */

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
