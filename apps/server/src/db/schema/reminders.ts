import { bigint, date, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companyId, tenantPolicy } from './tenancy.ts';

/** 提醒设置: one row per company that saved its settings (ReminderConfig of @wfsaas/contracts). */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    companyId: companyId(),
    config: jsonb('config').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId] }), tenantPolicy('reminder_settings')],
);

/**
 * Each occasion reminded of, once: an employee's probation end, birthday or anniversary on a date.
 * A day the job did not run is caught up the next day; an occasion is never reminded twice.
 */
export const reminderLog = pgTable(
  'reminder_log',
  {
    companyId: companyId(),
    kind: text('kind').notNull(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    occasion: date('occasion', { mode: 'string' }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.employeeId, t.occasion] }), tenantPolicy('reminder_log')],
);
