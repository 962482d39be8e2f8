import {
  HELP_ARTICLE_STATUS,
  helpArticleStatusLabel,
  markdownToPlainText,
  type HelpArticleListItem,
  type HelpArticleSave,
  type HelpArticleView,
  type HelpColumnSave,
  type HelpColumnView,
  type HelpSearchHit,
  type OpHelpArticleView,
  type OpHelpColumnView,
} from '@wfsaas/contracts';
import type { Tx } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { Paged, type OperatorCtx, type ServiceCtx } from '../../platform/http.ts';
import { highlight, indexTokens, searchWords, snippet, toTsQuery } from './help-search.ts';
import * as q from './help.queries.ts';

/**
 * 帮助中心 (docs/help-centre.md): the operator keeps columns and Markdown articles; companies read
 * published articles of enabled columns, search them and answer 有帮助 / 没帮助.
 */

/** The operator acting on the help centre: their own transaction, no company. */
export type HelpOperator = Pick<OperatorCtx<unknown>, 'tx' | 'user' | 'ip' | 'userAgent'>;
type Paging = { pageNum: number; pageSize: number };

const toListItem = (r: q.ArticleListRow): HelpArticleListItem => ({
  id: r.id,
  columnId: r.columnId,
  columnName: r.columnName,
  title: r.title,
  summary: r.summary,
  tags: r.tags,
  pinned: r.pinned,
  viewCount: r.viewCount,
  updatedAt: r.updatedAt.toISOString(),
});

const audit = (o: HelpOperator, e: q.HelpAuditEntry) => q.insertAudit(o.tx, { userId: o.user.userId, ip: o.ip, userAgent: o.userAgent }, e);

// ── what companies read ──

export async function listColumns(c: ServiceCtx): Promise<HelpColumnView[]> {
  const rows = await q.listColumns(c.tx, { enabledOnly: true });
  return rows.map((r) => ({ id: r.id, name: r.name, sortOrder: r.sortOrder, enabled: r.enabled, articleCount: r.publishedCount }));
}

export async function pageArticles(c: ServiceCtx, input: Paging & { columnId?: number; pinned?: boolean }): Promise<Paged<HelpArticleListItem>> {
  const { rows, total } = await q.pageArticles(c.tx, { publishedOnly: true, columnId: input.columnId, pinned: input.pinned }, input);
  return new Paged(rows.map(toListItem), input.pageNum, input.pageSize, total);
}

/** Opens a published article: counts the view and adds the reader's feedback. */
export async function readArticle(c: ServiceCtx, id: number): Promise<HelpArticleView> {
  const row = await q.findArticle(c.tx, id, { publishedOnly: true });
  if (!row) throw notFound('文章');
  const viewCount = (await q.countView(c.tx, id)) ?? row.viewCount;
  const [counts, mine] = [await q.feedbackCounts(c.tx, id), await q.findFeedback(c.tx, id, c.user.userId)];
  return { ...toListItem(row), viewCount, body: row.body, helpfulCount: counts.helpful, unhelpfulCount: counts.unhelpful, myFeedback: mine };
}

export async function searchArticles(c: ServiceCtx, input: Paging & { keyword: string }): Promise<Paged<HelpSearchHit>> {
  const tsquery = toTsQuery(input.keyword);
  if (!tsquery) throw badRequest('搜索关键词：请输入文字或数字');
  const { rows, total } = await q.searchArticles(c.tx, tsquery, input);
  const words = searchWords(input.keyword);
  const hits = rows.map((r) => ({
    ...toListItem(r),
    titleSegments: highlight(r.title, words),
    snippet: snippet([markdownToPlainText(r.body), r.summary], words),
  }));
  return new Paged(hits, input.pageNum, input.pageSize, total);
}

export async function giveFeedback(c: ServiceCtx, input: { id: number; helpful: boolean }): Promise<{ helpfulCount: number; unhelpfulCount: number; myFeedback: boolean }> {
  if (!(await q.findArticle(c.tx, input.id, { publishedOnly: true }))) throw notFound('文章');
  await q.upsertFeedback(c.tx, input.id, c.user.userId, input.helpful);
  const counts = await q.feedbackCounts(c.tx, input.id);
  return { helpfulCount: counts.helpful, unhelpfulCount: counts.unhelpful, myFeedback: input.helpful };
}

// ── what the operator writes ──

export async function listColumnsForOperator(o: HelpOperator): Promise<OpHelpColumnView[]> {
  const rows = await q.listColumns(o.tx, { enabledOnly: false });
  return rows.map((r) => ({ id: r.id, name: r.name, sortOrder: r.sortOrder, enabled: r.enabled, articleCount: r.total, publishedCount: r.publishedCount }));
}

async function requireColumn(tx: Tx, id: number): Promise<q.ColumnRow> {
  const row = await q.findColumn(tx, id);
  if (!row) throw notFound('栏目');
  return row;
}

const columnView = (r: q.ColumnRow) => ({ id: r.id, name: r.name, sortOrder: r.sortOrder, enabled: r.enabled });

export async function saveColumn(o: HelpOperator, input: HelpColumnSave) {
  const same = await q.findColumnByName(o.tx, input.name);
  if (same && same.id !== input.id) throw conflict(`栏目名称「${input.name}」已存在`);
  if (input.id) {
    const before = await requireColumn(o.tx, input.id);
    const after = await q.updateColumn(o.tx, input.id, { name: input.name, enabled: input.enabled });
    await audit(o, { action: 'helpColumn.edit', entity: 'help_column', entityId: after.id, before: columnView(before), after: columnView(after) });
    return columnView(after);
  }
  const row = await q.insertColumn(o.tx, { name: input.name, enabled: input.enabled });
  await audit(o, { action: 'helpColumn.add', entity: 'help_column', entityId: row.id, after: columnView(row) });
  return columnView(row);
}

/** Only an empty column goes: its articles are moved or deleted first. */
export async function removeColumn(o: HelpOperator, id: number): Promise<void> {
  const before = await requireColumn(o.tx, id);
  const n = await q.countColumnArticles(o.tx, id);
  if (n > 0) throw conflict(`栏目「${before.name}」下还有${n}篇文章，请先移走或删除文章`);
  await q.deleteColumn(o.tx, id);
  await audit(o, { action: 'helpColumn.remove', entity: 'help_column', entityId: id, before: columnView(before) });
}

/** The new order names every column once. */
export async function reorderColumns(o: HelpOperator, ids: readonly number[]): Promise<OpHelpColumnView[]> {
  const existing = new Set(await q.listColumnIds(o.tx));
  if (new Set(ids).size !== ids.length || ids.length !== existing.size || ids.some((id) => !existing.has(id))) throw badRequest('栏目顺序：须列出全部栏目，且每个栏目只出现一次');
  for (const [i, id] of ids.entries()) await q.updateColumn(o.tx, id, { sortOrder: i + 1 });
  for (const id of ids) await audit(o, { action: 'helpColumn.reorder', entity: 'help_column', entityId: id, after: { sortOrder: ids.indexOf(id) + 1 } });
  return listColumnsForOperator(o);
}

async function requireArticle(tx: Tx, id: number) {
  const row = await q.findArticle(tx, id, { publishedOnly: false });
  if (!row) throw notFound('文章');
  return row;
}

async function operatorView(tx: Tx, id: number): Promise<OpHelpArticleView> {
  const r = await requireArticle(tx, id);
  const counts = await q.feedbackCounts(tx, id);
  return {
    ...toListItem(r),
    body: r.body,
    status: r.status as 0 | 1,
    statusLabel: helpArticleStatusLabel(r.status),
    publishedAt: r.publishedAt?.toISOString() ?? null,
    helpfulCount: counts.helpful,
    unhelpfulCount: counts.unhelpful,
  };
}

export async function pageArticlesForOperator(o: HelpOperator, input: Paging & { columnId?: number; status?: 0 | 1; keyword?: string }): Promise<Paged<HelpArticleListItem & { status: number; statusLabel: string }>> {
  const { rows, total } = await q.pageArticles(o.tx, { publishedOnly: false, columnId: input.columnId, status: input.status, title: input.keyword || undefined }, input);
  return new Paged(
    rows.map((r) => ({ ...toListItem(r), status: r.status, statusLabel: helpArticleStatusLabel(r.status) })),
    input.pageNum,
    input.pageSize,
    total,
  );
}

export const articleForOperator = (o: HelpOperator, id: number) => operatorView(o.tx, id);

/** The text a search matches, cut into the weighted parts (title highest). */
export function searchParts(v: Pick<HelpArticleSave, 'title' | 'summary' | 'body' | 'tags'>): q.SearchParts {
  return { title: indexTokens(v.title), tags: indexTokens(v.tags.join(' ')), summary: indexTokens(v.summary), body: indexTokens(markdownToPlainText(v.body)) };
}

/** Adds a draft, or edits an article (a published one stays published). */
export async function saveArticle(o: HelpOperator, input: HelpArticleSave): Promise<OpHelpArticleView> {
  await requireColumn(o.tx, input.columnId);
  const tags = [...new Set(input.tags)];
  const values = { columnId: input.columnId, title: input.title, summary: input.summary, body: input.body, tags };
  const parts = searchParts(values);
  if (input.id) {
    const before = await operatorView(o.tx, input.id);
    await q.updateArticle(o.tx, input.id, values, parts, o.user.userId);
    const after = await operatorView(o.tx, input.id);
    await audit(o, { action: 'helpArticle.edit', entity: 'help_article', entityId: input.id, before, after });
    return after;
  }
  const id = await q.insertArticle(o.tx, values, parts, o.user.userId);
  const after = await operatorView(o.tx, id);
  await audit(o, { action: 'helpArticle.add', entity: 'help_article', entityId: id, after });
  return after;
}

export async function setPublished(o: HelpOperator, id: number, publish: boolean): Promise<OpHelpArticleView> {
  const before = await operatorView(o.tx, id);
  const status = publish ? HELP_ARTICLE_STATUS.published : HELP_ARTICLE_STATUS.draft;
  if (before.status === status) throw conflict(`文章「${before.title}」已是${before.statusLabel}状态`);
  await q.setArticleState(o.tx, id, { status, ...(publish ? { publishedAt: new Date() } : {}) }, o.user.userId);
  await audit(o, { action: publish ? 'helpArticle.publish' : 'helpArticle.unpublish', entity: 'help_article', entityId: id, before: { status: before.status }, after: { status } });
  return operatorView(o.tx, id);
}

export async function setPinned(o: HelpOperator, id: number, pinned: boolean): Promise<OpHelpArticleView> {
  const before = await operatorView(o.tx, id);
  await q.setArticleState(o.tx, id, { pinned }, o.user.userId);
  await audit(o, { action: pinned ? 'helpArticle.pin' : 'helpArticle.unpin', entity: 'help_article', entityId: id, before: { pinned: before.pinned }, after: { pinned } });
  return operatorView(o.tx, id);
}

export async function removeArticle(o: HelpOperator, id: number): Promise<void> {
  const before = await operatorView(o.tx, id);
  await q.deleteArticle(o.tx, id);
  await audit(o, { action: 'helpArticle.remove', entity: 'help_article', entityId: id, before });
}
