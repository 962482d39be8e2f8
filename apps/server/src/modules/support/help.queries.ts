import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { HELP_ARTICLE_STATUS } from '@wfsaas/contracts';
import { helpArticles, helpAuditLog, helpColumns, helpFeedback } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/**
 * 帮助中心 rows. Platform-owned (no company): companies read published articles of enabled
 * columns; only the operator's transaction writes (the application role may not, platform/db.ts).
 */

export type ColumnRow = typeof helpColumns.$inferSelect;
export type ArticleRow = Omit<typeof helpArticles.$inferSelect, 'search'>;
export type ArticleListRow = Omit<ArticleRow, 'body'> & { columnName: string };
export type NewArticle = { columnId: number; title: string; summary: string; body: string; tags: string[] };
/** The token strings of each weighted part (help-search.ts). */
export type SearchParts = { title: string; tags: string; summary: string; body: string };

const published = eq(helpArticles.status, HELP_ARTICLE_STATUS.published);
const visible = and(published, eq(helpColumns.enabled, true));

const listFields = {
  id: helpArticles.id,
  columnId: helpArticles.columnId,
  columnName: helpColumns.name,
  title: helpArticles.title,
  summary: helpArticles.summary,
  tags: helpArticles.tags,
  status: helpArticles.status,
  pinned: helpArticles.pinned,
  viewCount: helpArticles.viewCount,
  publishedAt: helpArticles.publishedAt,
  createdBy: helpArticles.createdBy,
  updatedBy: helpArticles.updatedBy,
  createdAt: helpArticles.createdAt,
  updatedAt: helpArticles.updatedAt,
};
const { columnName: _omit, ...articleFields } = { ...listFields, body: helpArticles.body };

const searchVector = (p: SearchParts) =>
  sql`setweight(to_tsvector('simple', ${p.title}), 'A') || setweight(to_tsvector('simple', ${p.tags}), 'B') || setweight(to_tsvector('simple', ${p.summary}), 'B') || setweight(to_tsvector('simple', ${p.body}), 'D')`;

// ── columns ──

export async function listColumns(exec: Executor, opts: { enabledOnly: boolean }) {
  const publishedCount = sql<number>`count(${helpArticles.id}) filter (where ${published})`.mapWith(Number);
  return exec
    .select({ id: helpColumns.id, name: helpColumns.name, sortOrder: helpColumns.sortOrder, enabled: helpColumns.enabled, total: count(helpArticles.id), publishedCount })
    .from(helpColumns)
    .leftJoin(helpArticles, eq(helpArticles.columnId, helpColumns.id))
    .where(opts.enabledOnly ? eq(helpColumns.enabled, true) : undefined)
    .groupBy(helpColumns.id)
    .orderBy(asc(helpColumns.sortOrder), asc(helpColumns.id));
}

export async function findColumn(exec: Executor, id: number): Promise<ColumnRow | null> {
  const [row] = await exec.select().from(helpColumns).where(eq(helpColumns.id, id)).limit(1);
  return row ?? null;
}

export async function findColumnByName(exec: Executor, name: string): Promise<ColumnRow | null> {
  const [row] = await exec.select().from(helpColumns).where(eq(helpColumns.name, name)).limit(1);
  return row ?? null;
}

export async function insertColumn(exec: Executor, v: { name: string; enabled: boolean }): Promise<ColumnRow> {
  const [row] = await exec
    .insert(helpColumns)
    .values({ ...v, sortOrder: sql`coalesce((select max(${helpColumns.sortOrder}) from ${helpColumns}), 0) + 1` })
    .returning();
  return row!;
}

export async function updateColumn(exec: Executor, id: number, v: Partial<Pick<ColumnRow, 'name' | 'enabled' | 'sortOrder'>>): Promise<ColumnRow> {
  const [row] = await exec.update(helpColumns).set({ ...v, updatedAt: new Date() }).where(eq(helpColumns.id, id)).returning();
  return row!;
}

export async function deleteColumn(exec: Executor, id: number): Promise<void> {
  await exec.delete(helpColumns).where(eq(helpColumns.id, id));
}

export async function countColumnArticles(exec: Executor, columnId: number): Promise<number> {
  const [r] = await exec.select({ n: count() }).from(helpArticles).where(eq(helpArticles.columnId, columnId));
  return Number(r?.n ?? 0);
}

export async function listColumnIds(exec: Executor): Promise<number[]> {
  return (await exec.select({ id: helpColumns.id }).from(helpColumns)).map((r) => r.id);
}

// ── articles ──

/** Published articles of enabled columns (companies), or every article (operator), pinned first, newest next. */
export async function pageArticles(
  exec: Executor,
  f: { publishedOnly: boolean; columnId?: number; pinned?: boolean; status?: number; title?: string },
  paging: { pageNum: number; pageSize: number },
): Promise<{ rows: ArticleListRow[]; total: number }> {
  const conds: (SQL | undefined)[] = [f.publishedOnly ? visible : undefined];
  if (f.columnId) conds.push(eq(helpArticles.columnId, f.columnId));
  if (f.pinned !== undefined) conds.push(eq(helpArticles.pinned, f.pinned));
  if (f.status !== undefined) conds.push(eq(helpArticles.status, f.status));
  if (f.title) conds.push(ilike(helpArticles.title, `%${f.title.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    exec
      .select(listFields)
      .from(helpArticles)
      .innerJoin(helpColumns, eq(helpColumns.id, helpArticles.columnId))
      .where(where)
      .orderBy(desc(helpArticles.pinned), desc(helpArticles.updatedAt), desc(helpArticles.id))
      .limit(paging.pageSize)
      .offset((paging.pageNum - 1) * paging.pageSize),
    exec.select({ n: count() }).from(helpArticles).innerJoin(helpColumns, eq(helpColumns.id, helpArticles.columnId)).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findArticle(exec: Executor, id: number, opts: { publishedOnly: boolean }): Promise<(ArticleRow & { columnName: string }) | null> {
  const [row] = await exec
    .select({ ...articleFields, columnName: helpColumns.name })
    .from(helpArticles)
    .innerJoin(helpColumns, eq(helpColumns.id, helpArticles.columnId))
    .where(and(eq(helpArticles.id, id), opts.publishedOnly ? visible : undefined))
    .limit(1);
  return row ?? null;
}

export async function insertArticle(exec: Executor, v: NewArticle, parts: SearchParts, userId: number | null): Promise<number> {
  const [row] = await exec
    .insert(helpArticles)
    .values({ ...v, search: searchVector(parts), createdBy: userId, updatedBy: userId })
    .returning({ id: helpArticles.id });
  return row!.id;
}

export async function updateArticle(exec: Executor, id: number, v: NewArticle, parts: SearchParts, userId: number | null): Promise<void> {
  await exec
    .update(helpArticles)
    .set({ ...v, search: searchVector(parts), updatedBy: userId, updatedAt: new Date() })
    .where(eq(helpArticles.id, id));
}

export async function setArticleState(exec: Executor, id: number, v: { status?: number; pinned?: boolean; publishedAt?: Date | null }, userId: number | null): Promise<void> {
  await exec
    .update(helpArticles)
    .set({ ...v, updatedBy: userId, updatedAt: new Date() })
    .where(eq(helpArticles.id, id));
}

export async function deleteArticle(exec: Executor, id: number): Promise<void> {
  await exec.delete(helpArticles).where(eq(helpArticles.id, id));
}

/** One more view of a published article; the new count. */
export async function countView(exec: Executor, id: number): Promise<number | null> {
  const [row] = await exec
    .update(helpArticles)
    .set({ viewCount: sql`${helpArticles.viewCount} + 1` })
    .where(and(eq(helpArticles.id, id), published))
    .returning({ viewCount: helpArticles.viewCount });
  return row?.viewCount ?? null;
}

/** Published articles of enabled columns matching the tsquery, best first: title hits weigh most. */
export async function searchArticles(exec: Executor, tsquery: string, paging: { pageNum: number; pageSize: number }): Promise<{ rows: (ArticleListRow & { body: string })[]; total: number }> {
  const query = sql`to_tsquery('simple', ${tsquery})`;
  const where = and(visible, sql`${helpArticles.search} @@ ${query}`);
  const [rows, [total]] = await Promise.all([
    exec
      .select({ ...listFields, body: helpArticles.body })
      .from(helpArticles)
      .innerJoin(helpColumns, eq(helpColumns.id, helpArticles.columnId))
      .where(where)
      .orderBy(sql`ts_rank(${helpArticles.search}, ${query}, 1) desc`, desc(helpArticles.pinned), desc(helpArticles.updatedAt), desc(helpArticles.id))
      .limit(paging.pageSize)
      .offset((paging.pageNum - 1) * paging.pageSize),
    exec.select({ n: count() }).from(helpArticles).innerJoin(helpColumns, eq(helpColumns.id, helpArticles.columnId)).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

// ── feedback ──

export async function feedbackCounts(exec: Executor, articleId: number): Promise<{ helpful: number; unhelpful: number }> {
  const [r] = await exec
    .select({ helpful: sql<number>`count(*) filter (where ${helpFeedback.helpful})`.mapWith(Number), unhelpful: sql<number>`count(*) filter (where not ${helpFeedback.helpful})`.mapWith(Number) })
    .from(helpFeedback)
    .where(eq(helpFeedback.articleId, articleId));
  return { helpful: r?.helpful ?? 0, unhelpful: r?.unhelpful ?? 0 };
}

export async function findFeedback(exec: Executor, articleId: number, userId: number): Promise<boolean | null> {
  const [r] = await exec
    .select({ helpful: helpFeedback.helpful })
    .from(helpFeedback)
    .where(and(eq(helpFeedback.articleId, articleId), eq(helpFeedback.userId, userId)))
    .limit(1);
  return r ? r.helpful : null;
}

export async function upsertFeedback(exec: Executor, articleId: number, userId: number, helpful: boolean): Promise<void> {
  await exec
    .insert(helpFeedback)
    .values({ articleId, userId, helpful })
    .onConflictDoUpdate({ target: [helpFeedback.articleId, helpFeedback.userId], set: { helpful, updatedAt: new Date() } });
}

// ── audit ──

export type HelpAuditEntry = { action: string; entity: 'help_column' | 'help_article'; entityId: number; before?: unknown; after?: unknown };

export async function insertAudit(exec: Executor, actor: { userId: number; ip: string; userAgent: string }, e: HelpAuditEntry): Promise<void> {
  await exec.insert(helpAuditLog).values({
    actorUserId: actor.userId,
    action: e.action,
    entity: e.entity,
    entityId: String(e.entityId),
    before: e.before ?? null,
    after: e.after ?? null,
    ip: actor.ip || null,
    userAgent: actor.userAgent || null,
  });
}

/** The help-centre audit rows of a record, newest first. */
export async function listAudit(exec: Executor, entity: HelpAuditEntry['entity'], entityId: number) {
  return exec
    .select({ action: helpAuditLog.action, actorUserId: helpAuditLog.actorUserId, before: helpAuditLog.before, after: helpAuditLog.after })
    .from(helpAuditLog)
    .where(and(eq(helpAuditLog.entity, entity), eq(helpAuditLog.entityId, String(entityId))))
    .orderBy(desc(helpAuditLog.id));
}
