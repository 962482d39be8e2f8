import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Employee changes (异动): one row per effective-dated event on an employee's timeline — a
 * regularisation, a probation extension, later transfers, pay changes and resignations.
 * status: 0 waiting (待生效), 1 effective (已生效), 2 cancelled (已取消), 3 pending review (待审批),
 * 4 rejected (已驳回). `before`/`after` hold the fields the change sets. At most one waiting or
 * pending-review change of a type per employee.
 */
export const employeeChanges = pgTable(
  'employee_changes',
  {
    companyId: companyId(),
    id: idColumn(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    status: smallint('status').notNull().default(0),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    before: jsonb('before').$type<Record<string, string | number | null>>().notNull().default({}),
    after: jsonb('after').$type<Record<string, string | number | null>>().notNull().default({}),
    early: boolean('early').notNull().default(false),
    /** 异动原因 (TRANSFER_REASONS of @wfsaas/contracts) */
    reason: smallint('reason'),
    remark: text('remark'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    appliedAt: ts('applied_at'),
    cancelledAt: ts('cancelled_at'),
    cancelledBy: bigint('cancelled_by', { mode: 'number' }),
    /** The review of a change whose type needs one (异动设置): who approved or rejected it, when, and why. */
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: ts('reviewed_at'),
    reviewRemark: text('review_remark'),
    /** The answers of the type's company form (异动表单) as they were filled in: key, label, display text. */
    form: jsonb('form').$type<{ key: string; label: string; text: string }[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('employee_changes_employee_idx').on(t.companyId, t.employeeId, t.createdAt),
    index('employee_changes_due_idx').on(t.effectiveDate).where(sql`status = 0`),
    uniqueIndex('employee_changes_one_open_uq').on(t.companyId, t.employeeId, t.type).where(sql`status in (0, 3)`),
    index('employee_changes_review_idx').on(t.companyId, t.createdAt).where(sql`reviewed_by is not null or status = 3`),
    tenantPolicy('employee_changes'),
  ],
);

/**
 * Labour contracts (劳动合同) of employees: the term HR tracks for renewals and changes, whether the
 * contract was signed on paper or electronically. status: 1 生效中, 2 已续签 (a later contract
 * follows it), 3 已到期终止 (not renewed), 4 已解除. `renewed_from` links a renewal to the contract it
 * follows; `terms` holds the agreed terms a contract change can alter.
 */
export const labourContracts = pgTable(
  'labour_contracts',
  {
    companyId: companyId(),
    id: idColumn(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    contractNo: text('contract_no'),
    /** LABOUR_CONTRACT_TYPES of @wfsaas/contracts */
    type: smallint('type').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** null: 无固定期限 */
    endDate: date('end_date', { mode: 'string' }),
    signDate: date('sign_date', { mode: 'string' }),
    status: smallint('status').notNull().default(1),
    renewedFrom: bigint('renewed_from', { mode: 'number' }),
    terms: jsonb('terms').$type<Record<string, string | number | null>>().notNull().default({}),
    remark: text('remark'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('labour_contracts_employee_idx').on(t.companyId, t.employeeId),
    index('labour_contracts_expiring_idx').on(t.companyId, t.endDate).where(sql`status = 1`),
    uniqueIndex('labour_contracts_one_current_uq').on(t.companyId, t.employeeId).where(sql`status = 1`),
    tenantPolicy('labour_contracts'),
  ],
);

/**
 * Change settings (异动设置), one row per company: which changes go through review before they take
 * effect, and the probation a new hire gets by default. A company without a row uses the defaults
 * (no review; DEFAULT_PROBATION_MONTHS).
 */
export const changeSettings = pgTable(
  'change_settings',
  {
    companyId: companyId(),
    reviewTypes: text('review_types').array().notNull().default(sql`'{}'::text[]`),
    defaultProbationMonths: smallint('default_probation_months').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId] }),
    check('change_settings_probation_ck', sql`${t.defaultProbationMonths} between 0 and 6`),
    tenantPolicy('change_settings'),
  ],
);
