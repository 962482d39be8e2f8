import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A column of the payslip layout and an identity column (PayslipColumn / IdentityColumn of @wfsaas/contracts). */
export type StoredPayslipColumn = { index: number; label: string; group: 'info' | 'income' | 'deduction' | 'net' | 'other'; show: boolean };
export type StoredIdentityColumn = { index: number; kind: 'name' | 'mobile' | 'idNumber' | 'employeeNo' };

/**
 * One month's payslips made from one uploaded sheet.
 * status: 0 草稿, 1 定时发送, 2 发送中, 3 已发送, 4 已终止. A removed draft is archived.
 */
export const payslipBatches = pgTable(
  'payslip_batches',
  {
    companyId: companyId(),
    id: idColumn(),
    month: text('month').notNull(),
    title: text('title').notNull(),
    status: smallint('status').notNull().default(0),
    fileId: bigint('file_id', { mode: 'number' }),
    templateId: bigint('template_id', { mode: 'number' }),
    headerRows: smallint('header_rows').notNull().default(1),
    /** Every sheet column as laid out (label, group, shown). */
    columns: jsonb('columns').$type<StoredPayslipColumn[]>().notNull(),
    identity: jsonb('identity').$type<StoredIdentityColumn[]>().notNull(),
    hideEmpty: boolean('hide_empty').notNull().default(true),
    note: text('note').notNull().default(''),
    channels: jsonb('channels').$type<string[]>().notNull().default([]),
    verifyMethod: text('verify_method').notNull().default('sms'),
    requireSignature: boolean('require_signature').notNull().default(false),
    /** After the identity check the employee also enters their payslip password (set on first view). */
    requirePassword: boolean('require_password').notNull().default(false),
    autoConfirmDays: integer('auto_confirm_days').notNull().default(0),
    sendAt: ts('send_at'),
    sentAt: ts('sent_at'),
    /** The send job (cancelled when a scheduled batch is aborted). */
    jobId: bigint('job_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('payslip_batches_month_idx').on(t.companyId, t.month, t.id).where(sql`archived_at is null`),
    index('payslip_batches_auto_confirm_idx').on(t.companyId).where(sql`auto_confirm_days > 0 and status = 3`),
    check('payslip_batches_status_ck', sql`${t.status} between 0 and 4`),
    check('payslip_batches_verify_ck', sql`${t.verifyMethod} in ('sms', 'idNumber')`),
    tenantPolicy('payslip_batches'),
  ],
);

/**
 * One employee's payslip in a batch (one sheet row). A replacement for a withdrawn payslip is a new
 * row (version + 1, `replaces_id` the old one); the old row stays, no longer current.
 * `employee_id` is null while the row matches nobody (`match_error` says why).
 * status: 0 待发送, 1 已发送, 2 已查看, 3 已确认, 4 有反馈, 5 已撤回, 6 发送失败.
 * A row leaves 待发送 once: the send is a conditional update, so a retried job delivers nothing twice.
 */
export const payslips = pgTable(
  'payslips',
  {
    companyId: companyId(),
    id: idColumn(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    rowNo: integer('row_no').notNull(),
    version: integer('version').notNull().default(1),
    isCurrent: boolean('is_current').notNull().default(true),
    replacesId: bigint('replaces_id', { mode: 'number' }),
    employeeId: bigint('employee_id', { mode: 'number' }),
    name: text('name').notNull(),
    /** The identity cells as shown to HR (mobile and document number masked). */
    identityText: text('identity_text').notNull().default(''),
    /** Every cell of the row as display text, by sheet column. */
    cells: jsonb('cells').$type<string[]>().notNull(),
    netPay: text('net_pay'),
    matchError: text('match_error'),
    status: smallint('status').notNull().default(0),
    /** Look-up hash of the phone link's token (the token itself is derived, never stored). */
    tokenHash: text('token_hash'),
    failReason: text('fail_reason'),
    sentAt: ts('sent_at'),
    viewedAt: ts('viewed_at'),
    confirmedAt: ts('confirmed_at'),
    autoConfirmed: boolean('auto_confirmed').notNull().default(false),
    feedback: text('feedback'),
    feedbackAt: ts('feedback_at'),
    reply: text('reply'),
    repliedAt: ts('replied_at'),
    withdrawnAt: ts('withdrawn_at'),
    signatureFileId: bigint('signature_file_id', { mode: 'number' }),
    /** How many times the notice went out again (resend, urge): part of each notice's idempotency key. */
    notifyRound: integer('notify_round').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('payslips_batch_idx').on(t.companyId, t.batchId, t.rowNo).where(sql`is_current and archived_at is null`),
    // One current payslip per employee and batch: a second copy cannot exist.
    uniqueIndex('payslips_employee_uq').on(t.companyId, t.batchId, t.employeeId).where(sql`is_current and archived_at is null and employee_id is not null`),
    uniqueIndex('payslips_token_uq').on(t.companyId, t.tokenHash),
    index('payslips_employee_idx').on(t.companyId, t.employeeId),
    check('payslips_status_ck', sql`${t.status} between 0 and 6`),
    tenantPolicy('payslips'),
  ],
);

/**
 * The phone link's token → its payslip, across companies: the phone page has no session and no
 * company, so this is how it finds the tenant. Holds no personal data.
 */
export const payslipLinks = pgTable('payslip_links', {
  tokenHash: text('token_hash').primaryKey(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  payslipId: bigint('payslip_id', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Evidence: every send, view, confirmation, feedback and withdrawal, append-only, in a hash chain per
 * batch (hash = sha256(prev_hash + canonical event)), so an edited or removed event breaks the chain.
 */
export const payslipEvents = pgTable(
  'payslip_events',
  {
    companyId: companyId(),
    id: idColumn(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    payslipId: bigint('payslip_id', { mode: 'number' }),
    /** send | fail | view | confirm | autoConfirm | feedback | reply | withdraw | resend | urge | replace | verifyFail */
    kind: text('kind').notNull(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('payslip_events_seq_uq').on(t.companyId, t.batchId, t.seq),
    index('payslip_events_payslip_idx').on(t.companyId, t.payslipId, t.kind, t.createdAt),
    tenantPolicy('payslip_events'),
  ],
);

/** Saved layouts reused month to month (matched to a new sheet by column label). */
export const payslipTemplates = pgTable(
  'payslip_templates',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    headerRows: smallint('header_rows').notNull().default(1),
    columns: jsonb('columns').$type<StoredPayslipColumn[]>().notNull(),
    hideEmpty: boolean('hide_empty').notNull().default(true),
    note: text('note').notNull().default(''),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('payslip_templates_name_uq').on(t.companyId, t.name).where(sql`archived_at is null`),
    tenantPolicy('payslip_templates'),
  ],
);

/**
 * 工资条查询密码: a second factor an employee sets on their first payslip of a batch that asks for
 * one, and enters on every later view. Hashed like sign-in passwords; HR can reset it.
 */
export const payslipPasswords = pgTable(
  'payslip_passwords',
  {
    companyId: companyId(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    passwordHash: text('password_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.employeeId] }), tenantPolicy('payslip_passwords')],
);
