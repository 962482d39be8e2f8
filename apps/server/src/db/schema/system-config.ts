import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './identity.ts';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** 系统配置 of a company: sign-in and password rules, the page watermark, retention. One row, made on first save. */
export const systemSettings = pgTable(
  'system_settings',
  {
    companyId: companyId().references(() => companies.id),
    passwordMinLength: smallint('password_min_length').notNull().default(8),
    /** letter | digit | upperLower | symbol */
    passwordClasses: text('password_classes').array().notNull().default(['letter', 'digit']),
    /** 0: passwords do not expire. */
    passwordExpiryDays: smallint('password_expiry_days').notNull().default(0),
    passwordHistory: smallint('password_history').notNull().default(0),
    lockAfterFailures: smallint('lock_after_failures').notNull().default(5),
    lockMinutes: smallint('lock_minutes').notNull().default(15),
    /** null: the platform's session lifetime. */
    sessionHours: smallint('session_hours'),
    watermarkEnabled: boolean('watermark_enabled').notNull().default(false),
    watermarkName: boolean('watermark_name').notNull().default(true),
    watermarkPhone: boolean('watermark_phone').notNull().default(true),
    watermarkDate: boolean('watermark_date').notNull().default(true),
    watermarkText: text('watermark_text').notNull().default(''),
    importDays: integer('import_days').notNull().default(7),
    auditDays: integer('audit_days').notNull().default(1095),
    outboxDays: integer('outbox_days').notNull().default(365),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId] }), tenantPolicy('system_settings')],
);

/** How a company shows the roster's standard fields; a field without a row keeps its default. */
export const systemFieldSettings = pgTable(
  'system_field_settings',
  {
    companyId: companyId().references(() => companies.id),
    fieldKey: text('field_key').notNull(),
    /** Empty: the standard name. */
    label: text('label').notNull().default(''),
    visible: boolean('visible').notNull(),
    required: boolean('required').notNull(),
    sortOrder: smallint('sort_order').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.fieldKey] }), tenantPolicy('system_field_settings')],
);

/** Earlier password hashes of a user (not of a company), for the rule that a recent password is not used again. */
export const passwordHistory = pgTable(
  'password_history',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    id: idColumn(),
    passwordHash: text('password_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] }), index('password_history_user_idx').on(t.userId, t.createdAt)],
);
