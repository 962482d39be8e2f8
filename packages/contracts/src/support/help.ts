import { z } from 'zod';
import { zPaging } from '../paging.ts';

export * from './help-markdown.ts';

/**
 * 帮助中心: columns (栏目) and Markdown articles written by the platform operator; companies read the
 * published ones, search them and say whether one helped. Every endpoint is `POST ${HELP_API}<path>`.
 */
export const HELP_API = '/wfsaas-saas/api';
export const HELP_PATHS = {
  columnList: '/cms/column/list',
  articlePage: '/cms/article/page',
  articleDetail: '/cms/article/detail',
  articleSearch: '/cms/article/search',
  articleFeedback: '/cms/article/feedback',
  opColumnList: '/operator/cms/column/list',
  opColumnSave: '/operator/cms/column/save',
  opColumnRemove: '/operator/cms/column/remove',
  opColumnReorder: '/operator/cms/column/reorder',
  opArticlePage: '/operator/cms/article/page',
  opArticleDetail: '/operator/cms/article/detail',
  opArticleSave: '/operator/cms/article/save',
  opArticlePublish: '/operator/cms/article/publish',
  opArticleUnpublish: '/operator/cms/article/unpublish',
  opArticlePin: '/operator/cms/article/pin',
  opArticleRemove: '/operator/cms/article/remove',
} as const;
/** The support home's key: reading the help centre needs it. */
export const HELP_READ = 'supportAndService';

/** 0 草稿 → 1 已发布 → 0 (unpublished again). */
export const HELP_ARTICLE_STATUS = { draft: 0, published: 1 } as const;
export const HELP_ARTICLE_STATUSES = [
  { value: 0, label: '草稿' },
  { value: 1, label: '已发布' },
] as const;
export const helpArticleStatusLabel = (v: number): string => HELP_ARTICLE_STATUSES.find((s) => s.value === v)?.label ?? String(v);

export const HELP_LIMITS = { columnName: 20, title: 80, summary: 200, body: 50_000, tag: 12, tags: 8, keyword: 50 } as const;

const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`).describe(label);
const id = (label: string) => z.coerce.number().int().positive(`${label}不正确`).describe(label);

export const zHelpArticleId = z.object({ id: id('文章') });
export const zHelpArticlePage = z.object({ ...zPaging, columnId: id('栏目').optional(), pinned: z.boolean().optional().describe('置顶') });
export const zHelpSearch = z.object({
  ...zPaging,
  keyword: text('搜索关键词', HELP_LIMITS.keyword).min(1, '请输入搜索关键词'),
});
export const zHelpFeedback = z.object({ id: id('文章'), helpful: z.boolean().describe('是否有帮助') });

export const zHelpColumnSave = z.object({
  id: id('栏目').optional(),
  name: text('栏目名称', HELP_LIMITS.columnName).min(1, '栏目名称不能为空'),
  enabled: z.boolean().default(true).describe('启用'),
});
export type HelpColumnSave = z.infer<typeof zHelpColumnSave>;
export const zHelpColumnId = z.object({ id: id('栏目') });
export const zHelpColumnReorder = z.object({ ids: z.array(id('栏目')).min(1, '栏目顺序不能为空').max(100).describe('栏目顺序') });

export const zHelpArticleSave = z.object({
  id: id('文章').optional(),
  columnId: id('栏目'),
  title: text('标题', HELP_LIMITS.title).min(1, '标题不能为空'),
  summary: text('摘要', HELP_LIMITS.summary).default(''),
  body: z.string().max(HELP_LIMITS.body, `正文最多${HELP_LIMITS.body}个字`).refine((v) => v.trim().length > 0, '正文不能为空').describe('正文'),
  tags: z
    .array(text('标签', HELP_LIMITS.tag).min(1, '标签不能为空'))
    .max(HELP_LIMITS.tags, `标签最多${HELP_LIMITS.tags}个`)
    .default([])
    .describe('标签'),
});
export type HelpArticleSave = z.infer<typeof zHelpArticleSave>;
export const zHelpArticlePin = z.object({ id: id('文章'), pinned: z.boolean().describe('置顶') });
export const zOpHelpArticlePage = z.object({
  ...zPaging,
  columnId: id('栏目').optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional().describe('状态'),
  keyword: text('标题', HELP_LIMITS.keyword).optional(),
});

/** A part of a title or snippet; `hit` marks what matched the search. */
export type HelpSegment = { text: string; hit: boolean };

export type HelpColumnView = { id: number; name: string; sortOrder: number; enabled: boolean; articleCount: number };
/** For the operator: every article, drafts included. */
export type OpHelpColumnView = HelpColumnView & { publishedCount: number };

export type HelpArticleListItem = {
  id: number;
  columnId: number;
  columnName: string;
  title: string;
  summary: string;
  tags: string[];
  pinned: boolean;
  viewCount: number;
  updatedAt: string;
};
export type HelpArticleView = HelpArticleListItem & {
  body: string;
  helpfulCount: number;
  unhelpfulCount: number;
  /** The reader's own answer, null when not given. */
  myFeedback: boolean | null;
};
export type HelpSearchHit = HelpArticleListItem & { titleSegments: HelpSegment[]; snippet: HelpSegment[] };

export type OpHelpArticleView = HelpArticleListItem & {
  body: string;
  status: 0 | 1;
  statusLabel: string;
  publishedAt: string | null;
  helpfulCount: number;
  unhelpfulCount: number;
};
