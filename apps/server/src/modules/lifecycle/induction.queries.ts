import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db.ts';
import { escapeLike, num, type EmployeeFacts } from './lifecycle.queries.ts';

/** Onboarding (入职): the pending and closed hires lists, a hire's record and its clashes with current employees. */

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
