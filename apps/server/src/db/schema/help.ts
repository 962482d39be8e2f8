import { bigint, boolean, customType, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './tenancy.ts';

/**
 * 帮助中心: platform-owned content (no company). The operator writes it; companies read what is
 * published. See docs/help-centre.md for the search index.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** 栏目: shown in sort_order; a disabled column hides its articles from companies. */
export const helpColumns = pgTable(
  'help_columns',
  {
    id: idColumn().primaryKey(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('help_columns_name_uq').on(t.name)],
);

/** An article: Markdown body; `search` holds the character bigrams of its text, weighted by field. status: 0 草稿, 1 已发布. */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: idColumn().primaryKey(),
    columnId: bigint('column_id', { mode: 'number' })
      .notNull()
      .references(() => helpColumns.id),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    tags: text('tags').array().notNull().default([]),
    status: smallint('status').notNull().default(0),
    pinned: boolean('pinned').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    search: tsvector('search').notNull(),
    publishedAt: ts('published_at'),
    createdBy: bigint('created_by', { mode: 'number' }),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('help_articles_search_idx').using('gin', t.search), index('help_articles_column_idx').on(t.columnId, t.status)],
);

/** 有帮助 / 没帮助: one answer per user and article, changeable. */
export const helpFeedback = pgTable(
  'help_feedback',
  {
    articleId: bigint('article_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    helpful: boolean('helpful').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] }), foreignKey({ columns: [t.articleId], foreignColumns: [helpArticles.id] }).onDelete('cascade')],
);

/** The operator's writes to the help centre (no company to file them under in audit_log). Append-only (platform/db.ts). */
export const helpAuditLog = pgTable(
  'help_audit_log',
  {
    id: idColumn().primaryKey(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('help_audit_log_entity_idx').on(t.entity, t.entityId)],
);
