import { bigint, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every outgoing SMS, email and in-app notice goes through this outbox. By default SMS and email
 * stay here (the message centre and tests read them); email is delivered over SMTP when SMTP_* is set.
 * company_id is null for platform messages such as sign-in codes.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' }),
    /** 'sms' | 'email' | 'inapp' */
    channel: text('channel').notNull(),
    recipientHash: text('recipient_hash').notNull(),
    recipientEnc: text('recipient_enc').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** 0 pending, 1 sent, 2 failed, 3 kept in the outbox (no delivery configured) */
    status: smallint('status').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('outbox_idem_uq').on(t.idempotencyKey), index('outbox_recipient_idx').on(t.recipientHash, t.createdAt)],
);
