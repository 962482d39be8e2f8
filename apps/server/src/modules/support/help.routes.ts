import {
  HELP_API,
  HELP_PATHS as P,
  HELP_READ,
  zHelpArticleId,
  zHelpArticlePage,
  zHelpArticlePin,
  zHelpArticleSave,
  zHelpColumnId,
  zHelpColumnReorder,
  zHelpColumnSave,
  zHelpFeedback,
  zHelpSearch,
  zOpHelpArticlePage,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './help.service.ts';

/** 帮助中心 (HELP_PATHS): companies read and search published articles; the platform operator writes them. */

const url = (path: string) => `${HELP_API}${path}`;
const tags = ['帮助中心'];
const opTags = ['平台运营 · 帮助中心'];

export function registerHelpRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url(P.columnList), access: HELP_READ, summary: '帮助中心栏目（启用的，含已发布文章数）', tags, handler: (c) => svc.listColumns(c) });
  defineRoute(app, s, { url: url(P.articlePage), access: HELP_READ, summary: '已发布的帮助文章（可按栏目、置顶筛选，置顶在前，分页）', tags, body: zHelpArticlePage, handler: (c) => svc.pageArticles(c, c.body) });
  defineRoute(app, s, { url: url(P.articleDetail), access: HELP_READ, summary: '帮助文章详情（Markdown 正文；阅读数加一）', tags, body: zHelpArticleId, handler: (c) => svc.readArticle(c, c.body.id) });
  defineRoute(app, s, { url: url(P.articleSearch), access: HELP_READ, summary: '搜索帮助文章（中文按字与相邻两字检索，标题命中优先，返回高亮片段）', tags, body: zHelpSearch, handler: (c) => svc.searchArticles(c, c.body) });
  defineRoute(app, s, { url: url(P.articleFeedback), access: HELP_READ, summary: '这篇文章是否有帮助（每人一票，可改）', tags, body: zHelpFeedback, handler: (c) => svc.giveFeedback(c, c.body) });

  defineRoute(app, s, { url: url(P.opColumnList), access: 'operator', summary: '帮助中心栏目（全部，含文章数与已发布数）', tags: opTags, handler: (o) => svc.listColumnsForOperator(o) });
  defineRoute(app, s, { url: url(P.opColumnSave), access: 'operator', summary: '新增或修改栏目（名称不可重复）', tags: opTags, body: zHelpColumnSave, handler: (o) => svc.saveColumn(o, o.body) });
  defineRoute(app, s, { url: url(P.opColumnRemove), access: 'operator', summary: '删除栏目（栏目下须已无文章）', tags: opTags, body: zHelpColumnId, handler: (o) => svc.removeColumn(o, o.body.id) });
  defineRoute(app, s, { url: url(P.opColumnReorder), access: 'operator', summary: '调整栏目顺序（按给出的顺序，须列出全部栏目）', tags: opTags, body: zHelpColumnReorder, handler: (o) => svc.reorderColumns(o, o.body.ids) });
  defineRoute(app, s, { url: url(P.opArticlePage), access: 'operator', summary: '帮助文章（含草稿，可按栏目、状态、标题筛选）', tags: opTags, body: zOpHelpArticlePage, handler: (o) => svc.pageArticlesForOperator(o, o.body) });
  defineRoute(app, s, { url: url(P.opArticleDetail), access: 'operator', summary: '帮助文章详情（含草稿）', tags: opTags, body: zHelpArticleId, handler: (o) => svc.articleForOperator(o, o.body.id) });
  defineRoute(app, s, { url: url(P.opArticleSave), access: 'operator', summary: '新增（为草稿）或修改帮助文章（Markdown 正文）', tags: opTags, body: zHelpArticleSave, handler: (o) => svc.saveArticle(o, o.body) });
  defineRoute(app, s, { url: url(P.opArticlePublish), access: 'operator', summary: '发布帮助文章', tags: opTags, body: zHelpArticleId, handler: (o) => svc.setPublished(o, o.body.id, true) });
  defineRoute(app, s, { url: url(P.opArticleUnpublish), access: 'operator', summary: '撤回帮助文章为草稿', tags: opTags, body: zHelpArticleId, handler: (o) => svc.setPublished(o, o.body.id, false) });
  defineRoute(app, s, { url: url(P.opArticlePin), access: 'operator', summary: '置顶或取消置顶帮助文章', tags: opTags, body: zHelpArticlePin, handler: (o) => svc.setPinned(o, o.body.id, o.body.pinned) });
  defineRoute(app, s, { url: url(P.opArticleRemove), access: 'operator', summary: '删除帮助文章', tags: opTags, body: zHelpArticleId, handler: (o) => svc.removeArticle(o, o.body.id) });
}
