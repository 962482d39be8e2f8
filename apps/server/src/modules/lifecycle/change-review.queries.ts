import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db.ts';
import { reviewableByCondition } from './change-plans.queries.ts';

/** 异动设置 and the review list: the change_settings row, and changes under or after review. */

export type ChangeSettingsRow = { reviewTypes: string[]; defaultProbationMonths: number; updatedAt: Date; updatedByName: string | null };

export async function findChangeSettings(exec: Executor, companyId: number): Promise<ChangeSettingsRow | null> {
  const [row] = rowsOf<{ review_types: string[]; default_probation_months: number; updated_at: string | Date; nickname: string | null }>(
    await exec.execute(sql`
      select s.review_types, s.default_probation_months, s.updated_at, u.nickname
      from change_settings s left join users u on u.id = s.updated_by where s.company_id = ${companyId}`),
  );
  if (!row) return null;
  return { reviewTypes: row.review_types, defaultProbationMonths: Number(row.default_probation_months), updatedAt: new Date(row.updated_at), updatedByName: row.nickname };
}

export async function upsertChangeSettings(exec: Executor, companyId: number, v: { reviewTypes: readonly string[]; defaultProbationMonths: number; userId: number }): Promise<void> {
  const types = v.reviewTypes.length ? sql`array[${sql.join(v.reviewTypes.map((t) => sql`${t}`), sql`, `)}]::text[]` : sql`'{}'::text[]`;
  await exec.execute(sql`
    insert into change_settings (company_id, review_types, default_probation_months, updated_by, updated_at)
    values (${companyId}, ${types}, ${v.defaultProbationMonths}, ${v.userId}, now())
    on conflict (company_id) do update set review_types = excluded.review_types, default_probation_months = excluded.default_probation_months,
      updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
}

export type ReviewTab = 'pending' | 'rejected' | 'approved';
export type ReviewFilter = { type?: string; keyword?: string; scope: readonly number[] | null; reviewer?: { userId: number; roleIds: readonly number[] } };

function tabCondition(tab: ReviewTab, f?: ReviewFilter, companyId?: number): SQL {
  // the pending tab shows a change under a plan to its approvers only
  if (tab === 'pending') return f?.reviewer && companyId ? sql`c.status = 3 and ${reviewableByCondition(companyId, f.reviewer.userId, f.reviewer.roleIds)}` : sql`c.status = 3`;
  if (tab === 'rejected') return sql`c.status = 4`;
  return sql`c.reviewed_by is not null and c.status not in (3, 4)`;
}

function reviewWhere(companyId: number, f: ReviewFilter): SQL {
  const parts: SQL[] = [sql`c.company_id = ${companyId}`, sql`c.type in ('regularize', 'transfer', 'quit')`];
  if (f.type) parts.push(sql`c.type = ${f.type}`);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
    parts.push(sql`(e.name ilike ${like} or e.employee_no ilike ${like})`);
  }
  if (f.scope) parts.push(f.scope.length ? sql`e.department_id in (${sql.join(f.scope.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  return sql.join(parts, sql` and `);
}

export type ReviewDbRow = { id: number; name: string; employeeNo: string | null; departmentName: string | null };

/** One page of the tab: under review oldest first, reviewed latest first. */
export async function listReviewPage(exec: Executor, companyId: number, tab: ReviewTab, f: ReviewFilter, offset: number, limit: number): Promise<{ rows: ReviewDbRow[]; total: number }> {
  const order = tab === 'pending' ? sql`c.created_at asc, c.id asc` : sql`c.reviewed_at desc nulls last, c.id desc`;
  const rows = rowsOf<{ id: string | number; name: string; employee_no: string | null; department_name: string | null; total: string | number }>(
    await exec.execute(sql`
      select c.id, e.name, e.employee_no, (select d.name from departments d where d.company_id = e.company_id and d.id = e.department_id) as department_name,
        count(*) over () as total
      from employee_changes c join employees e on e.company_id = c.company_id and e.id = c.employee_id
      where ${reviewWhere(companyId, f)} and ${tabCondition(tab, f, companyId)}
      order by ${order}
      offset ${offset} limit ${limit}`),
  );
  return {
    rows: rows.map((r) => ({ id: Number(r.id), name: r.name, employeeNo: r.employee_no, departmentName: r.department_name })),
    total: Number(rows[0]?.total ?? 0),
  };
}

export async function countReviewTabs(exec: Executor, companyId: number, f: ReviewFilter): Promise<Record<ReviewTab, number>> {
  const [row] = rowsOf<Record<string, string | number>>(
    await exec.execute(sql`
      select count(*) filter (where ${tabCondition('pending', f, companyId)}) as pending, count(*) filter (where ${tabCondition('rejected')}) as rejected,
        count(*) filter (where ${tabCondition('approved')}) as approved
      from employee_changes c join employees e on e.company_id = c.company_id and e.id = c.employee_id
      where ${reviewWhere(companyId, f)}`),
  );
  return { pending: Number(row?.pending ?? 0), rejected: Number(row?.rejected ?? 0), approved: Number(row?.approved ?? 0) };
}
