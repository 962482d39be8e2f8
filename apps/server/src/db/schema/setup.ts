import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A set-up step marked 无需配置; removing the row undoes it (the audit log keeps both). */
export const setupStepSkips = pgTable(
  'setup_step_skips',
  {
    companyId: companyId(),
    stepKey: text('step_key').notNull(),
    skippedBy: bigint('skipped_by', { mode: 'number' }).notNull(),
    skippedAt: ts('skipped_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.stepKey] }), tenantPolicy('setup_step_skips')],
);

/** 交付: the implementer hands the company over; the checklist's progress at that moment is kept. */
export const setupHandovers = pgTable(
  'setup_handovers',
  {
    companyId: companyId(),
    id: idColumn(),
    handoverDate: date('handover_date', { mode: 'string' }).notNull(),
    receiver: text('receiver').notNull(),
    note: text('note').notNull().default(''),
    finished: integer('finished').notNull(),
    total: integer('total').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('setup_handovers_created_idx').on(t.companyId, t.createdAt), tenantPolicy('setup_handovers')],
);

/** The company's paying bank accounts; the number is encrypted with a keyed hash beside it. layout: a BANK_FILE_LAYOUTS key. */
export const payAccounts = pgTable(
  'pay_accounts',
  {
    companyId: companyId(),
    id: idColumn(),
    bankName: text('bank_name').notNull(),
    branch: text('branch').notNull(),
    accountName: text('account_name').notNull(),
    accountEnc: text('account_enc').notNull(),
    accountHash: text('account_hash').notNull(),
    accountLast4: text('account_last4').notNull(),
    layout: text('layout').notNull().default('generic'),
    isDefault: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('pay_accounts_number_uq').on(t.companyId, t.accountHash).where(sql`archived_at is null`),
    uniqueIndex('pay_accounts_default_uq').on(t.companyId).where(sql`archived_at is null and is_default`),
    tenantPolicy('pay_accounts'),
  ],
);
