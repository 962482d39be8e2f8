import { bigint, boolean, check, foreignKey, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 工单: a company's ticket to the platform. status: 1 待受理, 2 处理中, 3 待确认, 4 已完结, 5 已关闭
 * (docs/work-orders.md). A deleted ticket (only while 待受理) keeps its row with archived_at.
 */
export const workOrders = pgTable(
  'work_orders',
  {
    companyId: companyId(),
    id: idColumn(),
    orderNo: text('order_no').notNull(),
    category: smallint('category').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The contact mobile given for the ticket, encrypted, with its masked copy for lists. */
    contactPhoneEnc: text('contact_phone_enc'),
    contactPhoneMasked: text('contact_phone_masked'),
    /** A record of the company the ticket is about: 'employee' | 'bill' | 'other'. */
    relatedType: text('related_type'),
    relatedId: bigint('related_id', { mode: 'number' }),
    relatedLabel: text('related_label'),
    status: smallint('status').notNull().default(1),
    locked: boolean('locked').notNull().default(false),
    /** A new ticket or an unanswered company message: what the platform's queue shows first. */
    awaitingPlatform: boolean('awaiting_platform').notNull().default(true),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    acceptedAt: ts('accepted_at'),
    resolvedAt: ts('resolved_at'),
    finishedAt: ts('finished_at'),
    closedAt: ts('closed_at'),
    rating: smallint('rating'),
    ratingComment: text('rating_comment'),
    ratedAt: ts('rated_at'),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('work_orders_no_uq').on(t.companyId, t.orderNo),
    index('work_orders_status_idx').on(t.status, t.createdAt).where(sql`archived_at is null`),
    check('work_orders_status_ck', sql`${t.status} between 1 and 5`),
    check('work_orders_rating_ck', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    tenantPolicy('work_orders'),
  ],
);

/** The conversation of a ticket, in order: messages of either side and the status changes (author_kind 'system'). */
export const workOrderMessages = pgTable(
  'work_order_messages',
  {
    companyId: companyId(),
    id: idColumn(),
    workOrderId: bigint('work_order_id', { mode: 'number' }).notNull(),
    /** 'company' | 'operator' | 'system' */
    authorKind: text('author_kind').notNull(),
    authorUserId: bigint('author_user_id', { mode: 'number' }),
    authorName: text('author_name').notNull(),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('work_order_messages_order_idx').on(t.companyId, t.workOrderId, t.id),
    foreignKey({ name: 'work_order_messages_order_fk', columns: [t.companyId, t.workOrderId], foreignColumns: [workOrders.companyId, workOrders.id] }),
    tenantPolicy('work_order_messages'),
  ],
);

/** Attachments of a ticket (message_id null) or of one of its messages; the file row is of kind 'work_order'. */
export const workOrderFiles = pgTable(
  'work_order_files',
  {
    companyId: companyId(),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    workOrderId: bigint('work_order_id', { mode: 'number' }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.fileId] }),
    index('work_order_files_order_idx').on(t.companyId, t.workOrderId),
    foreignKey({ name: 'work_order_files_order_fk', columns: [t.companyId, t.workOrderId], foreignColumns: [workOrders.companyId, workOrders.id] }),
    tenantPolicy('work_order_files'),
  ],
);
