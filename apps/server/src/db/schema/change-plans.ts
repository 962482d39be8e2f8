import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { employeeChanges } from './lifecycle.ts';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const ids = (name: string) => bigint(name, { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`);

/**
 * 异动方案: a change scene with its scope (departments; none is company-wide), its form, approvers
 * and effective-date rule. form_version counts the saved changes of the plan's own form.
 */
export const changePlans = pgTable(
  'change_plans',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    scene: text('scene').notNull(),
    departmentIds: ids('department_ids'),
    formSource: text('form_source').notNull().default('type'),
    form: jsonb('form').$type<{ formConfig: Record<string, unknown>; widgetList: unknown[] } | null>(),
    formVersion: integer('form_version').notNull().default(0),
    approverUserIds: ids('approver_user_ids'),
    approverRoleIds: ids('approver_role_ids'),
    dateRule: text('date_rule').notNull(),
    minDays: integer('min_days'),
    maxDays: integer('max_days'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('change_plans_name_uq').on(t.companyId, t.name),
    check('change_plans_range_ck', sql`${t.dateRule} <> 'range' or (${t.minDays} is not null and ${t.maxDays} is not null and ${t.minDays} <= ${t.maxDays})`),
    tenantPolicy('change_plans'),
  ],
);

/**
 * The plan a change was initiated under: its name, the form version filled in and the approvers as
 * they stood then (role holders are read at review time).
 */
export const changePlanRuns = pgTable(
  'change_plan_runs',
  {
    companyId: companyId(),
    changeId: bigint('change_id', { mode: 'number' }).notNull(),
    planId: bigint('plan_id', { mode: 'number' }).notNull(),
    planName: text('plan_name').notNull(),
    scene: text('scene').notNull(),
    formSource: text('form_source').notNull(),
    formVersion: integer('form_version'),
    approverUserIds: ids('approver_user_ids'),
    approverRoleIds: ids('approver_role_ids'),
    dateRule: text('date_rule').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.changeId] }),
    foreignKey({ columns: [t.companyId, t.changeId], foreignColumns: [employeeChanges.companyId, employeeChanges.id], name: 'change_plan_runs_change_fk' }),
    foreignKey({ columns: [t.companyId, t.planId], foreignColumns: [changePlans.companyId, changePlans.id], name: 'change_plan_runs_plan_fk' }),
    index('change_plan_runs_plan_idx').on(t.companyId, t.planId),
    tenantPolicy('change_plan_runs'),
  ],
);
