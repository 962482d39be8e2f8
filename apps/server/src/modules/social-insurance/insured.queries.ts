import { and, eq, sql } from 'drizzle-orm';
import { siInsured, siInsuredHistory } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** Employees' insurance (one current row each) and its history. */

export type InsuredRow = typeof siInsured.$inferSelect;
export type InsuredValues = Omit<typeof siInsured.$inferInsert, 'companyId' | 'updatedAt'>;
export type HistoryEntry = Omit<typeof siInsuredHistory.$inferInsert, 'companyId' | 'id' | 'at'>;
export type HistoryRow = typeof siInsuredHistory.$inferSelect & { byName: string | null };

export async function findInsured(exec: Executor, companyId: number, employeeId: number): Promise<InsuredRow | null> {
  const rows = await exec.select().from(siInsured).where(and(eq(siInsured.companyId, companyId), eq(siInsured.employeeId, employeeId)));
  return rows[0] ?? null;
}

export async function listInsuredOf(exec: Executor, companyId: number, employeeIds: number[]): Promise<Map<number, InsuredRow>> {
  if (employeeIds.length === 0) return new Map();
  const out = new Map<number, InsuredRow>();
  const ids = [...new Set(employeeIds)];
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await exec
      .select()
      .from(siInsured)
      .where(and(eq(siInsured.companyId, companyId), sql`${siInsured.employeeId} = any(${`{${ids.slice(i, i + 5000).join(',')}}`}::bigint[])`));
    for (const r of rows) out.set(r.employeeId, r);
  }
  return out;
}

export async function upsertInsured(exec: Executor, companyId: number, v: InsuredValues): Promise<void> {
  const set = { entityId: v.entityId, siBase: v.siBase, hfBase: v.hfBase, hfRate: v.hfRate, startMonth: v.startMonth, endMonth: v.endMonth ?? null, status: v.status, updatedAt: new Date() };
  await exec.insert(siInsured).values({ ...v, companyId }).onConflictDoUpdate({ target: [siInsured.companyId, siInsured.employeeId], set });
}

/** Many rows in multi-row statements (submitting or seeding thousands of people). */
export async function upsertInsuredMany(exec: Executor, companyId: number, rows: readonly InsuredValues[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await exec
      .insert(siInsured)
      .values(rows.slice(i, i + 500).map((v) => ({ ...v, companyId })))
      .onConflictDoUpdate({
        target: [siInsured.companyId, siInsured.employeeId],
        set: {
          entityId: sql`excluded.entity_id`,
          siBase: sql`excluded.si_base`,
          hfBase: sql`excluded.hf_base`,
          hfRate: sql`excluded.hf_rate`,
          startMonth: sql`excluded.start_month`,
          endMonth: sql`excluded.end_month`,
          status: sql`excluded.status`,
          updatedAt: new Date(),
        },
      });
  }
}

export async function deleteInsured(exec: Executor, companyId: number, employeeId: number): Promise<void> {
  await exec.delete(siInsured).where(and(eq(siInsured.companyId, companyId), eq(siInsured.employeeId, employeeId)));
}

export async function insertHistory(exec: Executor, companyId: number, entries: readonly HistoryEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 500) await exec.insert(siInsuredHistory).values(entries.slice(i, i + 500).map((e) => ({ ...e, companyId })));
}

/** The latest history entry of an employee for a declaration and action (what a submission changed, to undo it). */
export async function findHistory(exec: Executor, companyId: number, employeeId: number, applyId: number, action: string): Promise<HistoryRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select id, employee_id, at, action, before, after, by, apply_id from si_insured_history
      where company_id = ${companyId} and employee_id = ${employeeId} and apply_id = ${applyId} and action = ${action}
      order by id desc limit 1`),
  );
  const r = rows[0];
  if (!r) return null;
  return { companyId, id: Number(r.id), employeeId, at: new Date(String(r.at)), action, before: (r.before as HistoryRow['before']) ?? null, after: (r.after as HistoryRow['after']) ?? null, by: r.by === null ? null : Number(r.by), applyId, byName: null };
}

export async function listHistory(exec: Executor, companyId: number, employeeId: number): Promise<HistoryRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select h.id, h.at, h.action, h.before, h.after, h.by, h.apply_id, u.nickname
      from si_insured_history h left join users u on u.id = h.by
      where h.company_id = ${companyId} and h.employee_id = ${employeeId}
      order by h.at desc, h.id desc`),
  );
  return rows.map((r) => ({
    companyId,
    id: Number(r.id),
    employeeId,
    at: new Date(String(r.at)),
    action: String(r.action),
    before: (r.before as HistoryRow['before']) ?? null,
    after: (r.after as HistoryRow['after']) ?? null,
    by: r.by === null ? null : Number(r.by),
    applyId: r.apply_id === null ? null : Number(r.apply_id),
    byName: (r.nickname as string | null) ?? null,
  }));
}

export type InsuredListRow = InsuredRow & { name: string; employeeNo: string | null; departmentName: string | null; idNumberMasked: string | null; employeeStatus: number; entityName: string; city: string };

export async function pageInsured(
  exec: Executor,
  companyId: number,
  f: { entityId?: number; status?: number; month?: string; keyword?: string; employeeId?: number },
  pageNum: number,
  pageSize: number,
): Promise<{ rows: InsuredListRow[]; total: number }> {
  const like = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const where = sql`i.company_id = ${companyId}
    ${f.entityId ? sql`and i.entity_id = ${f.entityId}` : sql``}
    ${f.employeeId ? sql`and i.employee_id = ${f.employeeId}` : sql``}
    ${f.status ? sql`and i.status = ${f.status}` : sql``}
    ${f.month ? sql`and i.start_month <= ${f.month} and (i.end_month is null or i.end_month >= ${f.month}) and i.status <> 1` : sql``}
    ${like ? sql`and (e.name like ${like} or e.employee_no like ${like})` : sql``}`;
  const from = sql`from si_insured i
    join employees e on e.company_id = i.company_id and e.id = i.employee_id
    join si_entities s on s.company_id = i.company_id and s.id = i.entity_id
    left join departments d on d.company_id = e.company_id and d.id = e.department_id`;
  const total = Number(rowsOf<{ n: number }>(await exec.execute(sql`select count(*)::int as n ${from} where ${where}`))[0]?.n ?? 0);
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select i.employee_id, i.entity_id, i.si_base::text as si_base, i.hf_base::text as hf_base, i.hf_rate::text as hf_rate, i.start_month, i.end_month, i.status, i.updated_at,
        e.name, e.employee_no, e.id_number_masked, e.status as employee_status, d.name as department_name, s.name as entity_name, s.city
      ${from} where ${where}
      order by i.entity_id, e.employee_no nulls last, i.employee_id
      limit ${pageSize} offset ${(pageNum - 1) * pageSize}`),
  );
  return {
    total,
    rows: rows.map((r) => ({
      companyId,
      employeeId: Number(r.employee_id),
      entityId: Number(r.entity_id),
      siBase: String(r.si_base),
      hfBase: String(r.hf_base),
      hfRate: String(r.hf_rate),
      startMonth: String(r.start_month),
      endMonth: (r.end_month as string | null) ?? null,
      status: Number(r.status),
      updatedAt: new Date(String(r.updated_at)),
      name: String(r.name),
      employeeNo: (r.employee_no as string | null) ?? null,
      idNumberMasked: (r.id_number_masked as string | null) ?? null,
      employeeStatus: Number(r.employee_status),
      departmentName: (r.department_name as string | null) ?? null,
      entityName: String(r.entity_name),
      city: String(r.city),
    })),
  };
}

export type WarningRow = { kind: 'notInsured' | 'leftInsured'; employeeId: number; name: string; employeeNo: string | null; date: string | null; entityName: string | null };

/** 在职未参保 (on the roster since `today` or before, no insurance waiting, current or leaving) and 离职仍在保 (left, still 在保). */
export async function listWarnings(exec: Executor, companyId: number, today: string): Promise<WarningRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select 'notInsured' as kind, e.id, e.name, e.employee_no, e.hire_date::text as day, null as entity_name
      from employees e
      where e.company_id = ${companyId} and e.archived_at is null and e.status in (1, 2, 3) and e.hire_date <= ${today}::date
        and not exists (select 1 from si_insured i where i.company_id = e.company_id and i.employee_id = e.id and i.status in (1, 2, 3))
      union all
      select 'leftInsured', e.id, e.name, e.employee_no, e.leave_date::text, s.name
      from employees e
      join si_insured i on i.company_id = e.company_id and i.employee_id = e.id and i.status = 2
      join si_entities s on s.company_id = i.company_id and s.id = i.entity_id
      where e.company_id = ${companyId} and e.status = 4 and e.leave_date is not null
      order by 1 desc, 5, 2
      limit 2000`),
  );
  return rows.map((r) => ({
    kind: r.kind === 'leftInsured' ? 'leftInsured' : 'notInsured',
    employeeId: Number(r.id),
    name: String(r.name),
    employeeNo: (r.employee_no as string | null) ?? null,
    date: (r.day as string | null) ?? null,
    entityName: (r.entity_name as string | null) ?? null,
  }));
}

/** Whether an employee of the company is on record (archived or not): the status and hire date. */
export async function findEmployeeFacts(exec: Executor, companyId: number, employeeId: number): Promise<{ id: number; name: string; status: number; hireDate: string | null } | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`select id, name, status, hire_date::text as hire_date from employees where company_id = ${companyId} and id = ${employeeId} and archived_at is null`),
  );
  const r = rows[0];
  return r ? { id: Number(r.id), name: String(r.name), status: Number(r.status), hireDate: (r.hire_date as string | null) ?? null } : null;
}
