import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PortalColumn, ReconcileDifference } from '@wfsaas/contracts';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const rate = (name: string) => numeric(name, { precision: 8, scale: 6 });

/** 参保主体: a company's social-insurance and housing-fund account in a city (docs/social-insurance.md). */
export const siEntities = pgTable(
  'si_entities',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    siAccountNo: text('si_account_no').notNull().default(''),
    hfAccountNo: text('hf_account_no').notNull().default(''),
    injuryRate: rate('injury_rate'),
    hfRate: rate('hf_rate'),
    deadlineDay: smallint('deadline_day').notNull(),
    joinCutoffDay: smallint('join_cutoff_day'),
    /** 'self' 自办 or 'agency' 代理 */
    managedBy: text('managed_by').notNull().default('self'),
    agencyName: text('agency_name').notNull().default(''),
    /** Employee work locations this entity insures; empty: its city. */
    locations: jsonb('locations').$type<string[]>().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
    baseFollowsPay: boolean('base_follows_pay').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('si_entities_name_uq').on(t.companyId, t.name).where(sql`archived_at is null`),
    uniqueIndex('si_entities_default_uq').on(t.companyId).where(sql`archived_at is null and is_default`),
    tenantPolicy('si_entities'),
  ],
);

/**
 * An employee's insurance (参保信息), one current row per employee. status: 1 待增员, 2 在保,
 * 3 待减员, 4 停保. Months are 'YYYY-MM'; end_month is the last insured month.
 */
export const siInsured = pgTable(
  'si_insured',
  {
    companyId: companyId(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    siBase: money('si_base').notNull(),
    hfBase: money('hf_base').notNull(),
    hfRate: rate('hf_rate').notNull(),
    startMonth: text('start_month').notNull(),
    endMonth: text('end_month'),
    status: smallint('status').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.employeeId] }), index('si_insured_entity_idx').on(t.companyId, t.entityId, t.status), tenantPolicy('si_insured')],
);

/** Every change of an employee's insurance: what it was, what it became, who and which declaration. */
export const siInsuredHistory = pgTable(
  'si_insured_history',
  {
    companyId: companyId(),
    id: idColumn(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    at: ts('at').notNull().defaultNow(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, string | number | null>>(),
    after: jsonb('after').$type<Record<string, string | number | null>>(),
    by: bigint('by', { mode: 'number' }),
    applyId: bigint('apply_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('si_insured_history_employee_idx').on(t.companyId, t.employeeId, t.at), tenantPolicy('si_insured_history')],
);

/**
 * A declaration (申报) of an entity for a month. status: 0 草稿, 1 已提交, 2 部分成功, 3 全部成功,
 * 4 已撤回; at most one that is not withdrawn per entity and month.
 */
export const siDeclarations = pgTable(
  'si_declarations',
  {
    companyId: companyId(),
    id: idColumn(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    month: text('month').notNull(),
    status: smallint('status').notNull().default(0),
    submittedAt: ts('submitted_at'),
    submittedBy: bigint('submitted_by', { mode: 'number' }),
    /** What the portal adapter answered on submit, or why the declaration was withdrawn. */
    portalNote: text('portal_note'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('si_declarations_open_uq').on(t.companyId, t.entityId, t.month).where(sql`status <> 4`),
    index('si_declarations_month_idx').on(t.companyId, t.month),
    tenantPolicy('si_declarations'),
  ],
);

/**
 * A line of a declaration. kind: 1 增员, 2 减员, 3 调基, 4 补缴; result: 0 待反馈, 1 成功, 2 失败.
 * `proposal_key` names the proposal a line came from, so a dropped or edited proposal is not proposed again.
 */
export const siDeclarationLines = pgTable(
  'si_declaration_lines',
  {
    companyId: companyId(),
    id: idColumn(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    kind: smallint('kind').notNull(),
    source: text('source').notNull(),
    proposalKey: text('proposal_key'),
    fromMonth: text('from_month').notNull(),
    toMonth: text('to_month'),
    siBase: money('si_base').notNull(),
    hfBase: money('hf_base').notNull(),
    hfRate: rate('hf_rate').notNull(),
    backPay: money('back_pay'),
    lateFee: money('late_fee'),
    lateDays: integer('late_days'),
    remark: text('remark').notNull().default(''),
    dropped: boolean('dropped').notNull().default(false),
    result: smallint('result').notNull().default(0),
    reason: text('reason').notNull().default(''),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('si_declaration_lines_declaration_idx').on(t.companyId, t.declarationId),
    index('si_declaration_lines_employee_idx').on(t.companyId, t.employeeId),
    uniqueIndex('si_declaration_lines_proposal_uq').on(t.companyId, t.declarationId, t.proposalKey).where(sql`proposal_key is not null`),
    tenantPolicy('si_declaration_lines'),
  ],
);

/** 缴费记录: one month's contribution of one employee for one item, computed from the policy. */
export const siContributions = pgTable(
  'si_contributions',
  {
    companyId: companyId(),
    month: text('month').notNull(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    item: text('item').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    base: money('base').notNull(),
    employer: money('employer').notNull(),
    employee: money('employee').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.month, t.employeeId, t.item] }),
    index('si_contributions_entity_idx').on(t.companyId, t.month, t.entityId),
    tenantPolicy('si_contributions'),
  ],
);

/** When a month's contribution records of an entity were generated. */
export const siContributionMonths = pgTable(
  'si_contribution_months',
  {
    companyId: companyId(),
    month: text('month').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    generatedAt: ts('generated_at').notNull().defaultNow(),
    generatedBy: bigint('generated_by', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.entityId] }), tenantPolicy('si_contribution_months')],
);

/** The last reconciliation of an entity's month with the official bill. */
export const siReconciliations = pgTable(
  'si_reconciliations',
  {
    companyId: companyId(),
    month: text('month').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    at: ts('at').notNull().defaultNow(),
    by: bigint('by', { mode: 'number' }),
    billRows: integer('bill_rows').notNull(),
    matched: integer('matched').notNull(),
    differences: jsonb('differences').$type<ReconcileDifference[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.entityId] }), tenantPolicy('si_reconciliations')],
);

/** A company's own bulk-upload column set of a city's portal (the product ships the five cities' defaults). */
export const siPortalLayouts = pgTable(
  'si_portal_layouts',
  {
    companyId: companyId(),
    city: text('city').notNull(),
    sheetName: text('sheet_name').notNull(),
    columns: jsonb('columns').$type<PortalColumn[]>().notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.city] }), tenantPolicy('si_portal_layouts')],
);
