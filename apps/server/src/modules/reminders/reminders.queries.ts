import { EMPLOYEE_STATUS } from '@wfsaas/contracts';
import { eq, sql } from 'drizzle-orm';
import { reminderLog, reminderSettings } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

export type ReminderSettingsRow = typeof reminderSettings.$inferSelect;

export async function findReminderSettings(exec: Executor, companyId: number): Promise<ReminderSettingsRow | null> {
  const rows = await exec.select().from(reminderSettings).where(eq(reminderSettings.companyId, companyId)).limit(1);
  return rows[0] ?? null;
}

export async function upsertReminderSettings(exec: Executor, companyId: number, config: unknown, updatedBy: number | null): Promise<ReminderSettingsRow> {
  const rows = await exec
    .insert(reminderSettings)
    .values({ companyId, config, updatedBy })
    .onConflictDoUpdate({ target: reminderSettings.companyId, set: { config, updatedBy, updatedAt: sql`now()` } })
    .returning();
  return rows[0]!;
}

/** An employee with the date a reminder is about. */
export type OccasionRow = { employeeId: number; name: string; employeeNo: string | null; departmentName: string | null; date: string };

const ACTIVE = [EMPLOYEE_STATUS.probation, EMPLOYEE_STATUS.regular, EMPLOYEE_STATUS.leaving];
/** labour_contracts.status of the contract in force (生效中). */
const CURRENT_CONTRACT = 1;

/** Probation employees whose probation ends from `from` to `to` (inclusive). */
export async function listProbationEnds(exec: Executor, companyId: number, from: string, to: string): Promise<OccasionRow[]> {
  return rowsOf<OccasionRow>(
    await exec.execute(sql`
      select e.id as "employeeId", e.name, e.employee_no as "employeeNo", d.name as "departmentName", e.probation_end_date::text as date
      from employees e
      left join departments d on d.company_id = e.company_id and d.id = e.department_id
      where e.company_id = ${companyId} and e.archived_at is null and e.status = ${EMPLOYEE_STATUS.probation}
        and e.probation_end_date between ${from}::date and ${to}::date
      order by e.probation_end_date, e.id`),
  ).map(normalize);
}

/** Current labour contracts (生效中) of active employees ending from `from` to `to` (inclusive); open-ended ones never end. */
export async function listContractEnds(exec: Executor, companyId: number, from: string, to: string): Promise<OccasionRow[]> {
  return rowsOf<OccasionRow>(
    await exec.execute(sql`
      select e.id as "employeeId", e.name, e.employee_no as "employeeNo", d.name as "departmentName", k.end_date::text as date
      from labour_contracts k
      join employees e on e.company_id = k.company_id and e.id = k.employee_id
      left join departments d on d.company_id = e.company_id and d.id = e.department_id
      where k.company_id = ${companyId} and k.status = ${CURRENT_CONTRACT} and k.end_date between ${from}::date and ${to}::date
        and e.archived_at is null and e.status in (${sql.join(
          ACTIVE.map((s) => sql`${s}`),
          sql`, `,
        )})
      order by k.end_date, e.id`),
  ).map(normalize);
}

/**
 * Active employees whose birth date (or hire date) falls on one of these month-days ('MM-DD');
 * `date` is the employee's own birth or hire date — the caller maps it to the occasion.
 */
export async function listByMonthDay(exec: Executor, companyId: number, column: 'birth_date' | 'hire_date', monthDays: readonly string[]): Promise<OccasionRow[]> {
  if (monthDays.length === 0) return [];
  const col = sql.raw(`e.${column}`);
  const days = sql.join(
    monthDays.map((d) => sql`${d}`),
    sql`, `,
  );
  return rowsOf<OccasionRow>(
    await exec.execute(sql`
      select e.id as "employeeId", e.name, e.employee_no as "employeeNo", d.name as "departmentName", ${col}::text as date
      from employees e
      left join departments d on d.company_id = e.company_id and d.id = e.department_id
      where e.company_id = ${companyId} and e.archived_at is null and e.status in (${sql.join(
        ACTIVE.map((s) => sql`${s}`),
        sql`, `,
      )})
        and ${col} is not null and to_char(${col}, 'MM-DD') in (${days})
      order by e.id`),
  ).map(normalize);
}

function normalize(r: OccasionRow): OccasionRow {
  return { ...r, employeeId: Number(r.employeeId), date: String(r.date).slice(0, 10) };
}

/** Records the occasions; answers the keys ('kind:employeeId:occasion') not recorded before. */
export async function recordOccasions(exec: Executor, companyId: number, items: readonly { kind: string; employeeId: number; occasion: string }[]): Promise<Set<string>> {
  const fresh = new Set<string>();
  for (let i = 0; i < items.length; i += 500) {
    const rows = await exec
      .insert(reminderLog)
      .values(items.slice(i, i + 500).map((x) => ({ companyId, ...x })))
      .onConflictDoNothing()
      .returning({ kind: reminderLog.kind, employeeId: reminderLog.employeeId, occasion: reminderLog.occasion });
    for (const r of rows) fresh.add(`${r.kind}:${r.employeeId}:${r.occasion}`);
  }
  return fresh;
}


/** Companies that get the daily reminder job: every company with at least one active employee. */
export async function listCompaniesWithEmployees(exec: Executor): Promise<number[]> {
  const rows = rowsOf<{ id: string | number }>(await exec.execute(sql`select c.id from companies c where exists (select 1 from employees e where e.company_id = c.id and e.archived_at is null)`));
  return rows.map((r) => Number(r.id));
}
