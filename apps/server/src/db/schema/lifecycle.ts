import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Employee changes (异动): one row per effective-dated event on an employee's timeline — a
 * regularisation, a probation extension, later transfers, pay changes and resignations.
 * status: 0 waiting (待生效), 1 effective (已生效), 2 cancelled (已取消). `before`/`after` hold the
 * fields the change sets. At most one waiting change of a type per employee.
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
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('employee_changes_employee_idx').on(t.companyId, t.employeeId, t.createdAt),
    index('employee_changes_due_idx').on(t.effectiveDate).where(sql`status = 0`),
    uniqueIndex('employee_changes_one_waiting_uq').on(t.companyId, t.employeeId, t.type).where(sql`status = 0`),
    tenantPolicy('employee_changes'),
  ],
);
