import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

/**
 * Every outgoing SMS and email goes through this outbox, written in the transaction of the work that
 * caused it. Email is delivered over SMTP when SMTP_* is set; SMS when an SMS gateway is configured.
 * Otherwise the row is kept here (status 3) where the message centre and tests read it.
 * company_id is null for platform messages such as sign-in codes.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' }),
    /** 'sms' | 'email' */
    channel: text('channel').notNull(),
    recipientHash: text('recipient_hash').notNull(),
    recipientEnc: text('recipient_enc').notNull(),
    subject: text('subject'),
    /** The text, encrypted like personal data (it holds codes and links). */
    bodyEnc: text('body_enc'),
    /** Rows written before bodies were encrypted; encrypted and cleared at start (platform/data-fixes.ts). */
    body: text('body'),
    /** 0 pending, 1 sent, 2 failed (no more attempts), 3 kept in the outbox (no delivery configured) */
    status: smallint('status').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /**
     * When a pending row may next be tried. A sender that claims a row moves it forward by a lease,
     * so a sender that dies mid-way leaves the row to be tried again once the lease has passed.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    idempotencyKey: text('idempotency_key'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The push event that caused it (PUSH_EVENTS), for the send log. */
    event: text('event'),
    /** An SMS sent by a provider template: its signature, code and params as encrypted JSON. */
    templateEnc: text('template_enc'),
  },
  (t) => [
    uniqueIndex('outbox_idem_uq').on(t.idempotencyKey),
    index('outbox_recipient_idx').on(t.recipientHash, t.createdAt),
    index('outbox_pending_idx').on(t.nextAttemptAt).where(sql`status = 0`),
  ],
);

/**
 * The message centre: in-app notices for one user in one company.
 * type: 1 系统通知, 2 审批提醒, 3 到期提醒, 4 任务完成. Notices are archived, never deleted.
 */
export const messages = pgTable(
  'messages',
  {
    companyId: companyId(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    type: smallint('type').notNull().default(1),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** An in-app route path, e.g. /staffRoll */
    link: text('link'),
    idempotencyKey: text('idempotency_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('messages_user_idx').on(t.companyId, t.userId, t.createdAt),
    uniqueIndex('messages_idem_uq').on(t.companyId, t.idempotencyKey),
    tenantPolicy('messages'),
  ],
);

/**
 * Short links sent by SMS (`/m/s/<code>`): the code's keyed hash → the page it opens, until it
 * expires. The page's path carries that page's token, so it is kept encrypted; the code is never
 * stored. Read across companies (the link has no session), so it holds no personal data in clear.
 */
export const shortLinks = pgTable('short_links', {
  codeHash: text('code_hash').primaryKey(),
  companyId: bigint('company_id', { mode: 'number' }),
  targetEnc: text('target_enc').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
