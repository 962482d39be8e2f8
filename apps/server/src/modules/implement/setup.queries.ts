import { and, desc, eq, sql } from 'drizzle-orm';
import { setupHandovers, setupStepSkips, users } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** 系统初始化 rows: what each step counts, the steps marked 无需配置 and the hand-overs. */

export type SetupFigures = {
  certified: number;
  departments: number;
  positions: number;
  ranks: number;
  roles: number;
  subAccounts: number;
  customFields: number;
  employees: number;
  contractTemplates: number;
  seals: number;
  payrollGroups: number;
  cityPolicies: number;
  insuredEntities: number;
  payslipTemplates: number;
  reminderSettings: number;
  dictionaryItems: number;
};

/** Every figure the checklist's rules read, in one statement; each filtered by the company. */
export async function setupFigures(exec: Executor, companyId: number): Promise<SetupFigures> {
  const [row] = rowsOf<Record<keyof SetupFigures, string | number>>(
    await exec.execute(sql`
      select
        (select count(*) from companies where id = ${companyId} and certification_status = 2) as "certified",
        (select count(*) from departments where company_id = ${companyId} and status = 1) as "departments",
        (select count(*) from positions where company_id = ${companyId} and status = 1) as "positions",
        (select count(*) from ranks where company_id = ${companyId} and status = 1) as "ranks",
        (select count(*) from roles where company_id = ${companyId} and status = 1) as "roles",
        (select count(*) from company_members where company_id = ${companyId} and status = 1 and not is_admin) as "subAccounts",
        (select coalesce(sum(jsonb_array_length(v.widget_list)), 0) from custom_forms f join custom_form_versions v on v.company_id = f.company_id and v.form_id = f.id and v.version = f.current_version
           where f.company_id = ${companyId} and f.scene = 'employee' and jsonb_typeof(v.widget_list) = 'array')
          + (select coalesce(sum(jsonb_array_length(widget_list)), 0) from custom_form_definitions where company_id = ${companyId} and scene = 'employee' and jsonb_typeof(widget_list) = 'array') as "customFields",
        (select count(*) from employees where company_id = ${companyId} and archived_at is null) as "employees",
        (select count(*) from contract_templates where company_id = ${companyId} and archived_at is null) as "contractTemplates",
        (select count(*) from seals where company_id = ${companyId} and archived_at is null and status = 1) as "seals",
        (select count(*) from payroll_groups where company_id = ${companyId} and archived_at is null) as "payrollGroups",
        (select count(*) from payroll_city_policies where company_id = ${companyId} and archived_at is null) as "cityPolicies",
        (select count(*) from si_entities where company_id = ${companyId} and archived_at is null) as "insuredEntities",
        (select count(*) from payslip_templates where company_id = ${companyId} and archived_at is null) as "payslipTemplates",
        (select count(*) from reminder_settings where company_id = ${companyId}) as "reminderSettings",
        (select count(*) from dictionary_items where company_id = ${companyId}) as "dictionaryItems"
    `),
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])) as SetupFigures;
}

export type SkipRow = { stepKey: string; skippedAt: Date; byName: string };

export async function listSkips(exec: Executor, companyId: number): Promise<SkipRow[]> {
  return exec
    .select({ stepKey: setupStepSkips.stepKey, skippedAt: setupStepSkips.skippedAt, byName: sql<string>`coalesce(${users.nickname}, '')` })
    .from(setupStepSkips)
    .leftJoin(users, eq(users.id, setupStepSkips.skippedBy))
    .where(eq(setupStepSkips.companyId, companyId));
}

/** Marks a step; true when it was not marked before. */
export async function insertSkip(exec: Executor, companyId: number, stepKey: string, userId: number): Promise<boolean> {
  const rows = await exec.insert(setupStepSkips).values({ companyId, stepKey, skippedBy: userId }).onConflictDoNothing().returning({ stepKey: setupStepSkips.stepKey });
  return rows.length === 1;
}

export async function deleteSkip(exec: Executor, companyId: number, stepKey: string): Promise<boolean> {
  const rows = await exec
    .delete(setupStepSkips)
    .where(and(eq(setupStepSkips.companyId, companyId), eq(setupStepSkips.stepKey, stepKey)))
    .returning({ stepKey: setupStepSkips.stepKey });
  return rows.length === 1;
}

export type HandoverRow = typeof setupHandovers.$inferSelect & { createdByName: string };

export async function insertHandover(exec: Executor, companyId: number, values: Omit<typeof setupHandovers.$inferInsert, 'companyId' | 'id'>): Promise<number> {
  const [row] = await exec.insert(setupHandovers).values({ ...values, companyId }).returning({ id: setupHandovers.id });
  return row!.id;
}

export async function listHandovers(exec: Executor, companyId: number, limit = 100): Promise<HandoverRow[]> {
  const rows = await exec
    .select({ h: setupHandovers, createdByName: sql<string>`coalesce(${users.nickname}, '')` })
    .from(setupHandovers)
    .leftJoin(users, eq(users.id, setupHandovers.createdBy))
    .where(eq(setupHandovers.companyId, companyId))
    .orderBy(desc(setupHandovers.createdAt), desc(setupHandovers.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.h, createdByName: r.createdByName }));
}
