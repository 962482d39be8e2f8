import {
  parseMarkdown,
  type HelpArticleListItem,
  type HelpArticleView,
  type HelpColumnView,
  type HelpSearchHit,
  type OpHelpArticleView,
  type OpHelpColumnView,
} from '@wfsaas/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpArticles, helpAuditLog } from '../../db/schema/index.ts';
import { signInAsRole } from '../../test/factories.ts';
import { createTestApp, expectRefused, expectUnchanged, snapshotCounts, type TestApp } from '../../test/harness.ts';

/** 帮助中心: companies read and search published articles; only the platform operator writes them. */

const API = '/wfsaas-saas/api';

let t: TestApp;
let admin: string;
let operator: string;
let outsider: string;

type Reply<T> = { status: number; body: { code: number; message: string; data: T; pageMessage?: unknown } };
const call = <T>(path: string, body: object = {}, token = admin, companyId: number | undefined = 1): Promise<Reply<T>> => t.call<T>(`${API}${path}`, { token, companyId, body });
const op = <T>(path: string, body: object = {}): Promise<Reply<T>> => call<T>(`/operator/cms${path}`, body, operator, undefined);
async function ok<T>(r: Promise<Reply<T>>): Promise<T> {
  const res = await r;
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data;
}
const search = async (keyword: string) => (await call<HelpSearchHit[]>('/cms/article/search', { keyword })).body;
const text = (segs: { text: string }[]) => segs.map((s) => s.text).join('');

let column: OpHelpColumnView;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  operator = await t.login('13900000000');
  outsider = (await signInAsRole(t, { adminToken: admin, phone: '13700009301', role: '只看发票', permissionKeys: ['invoiceManagement'] })).token;
  column = await ok(op<OpHelpColumnView>('/column/save', { name: '测试栏目' }));
}, 120_000);
afterAll(async () => t?.close());

describe('what companies read', () => {
  it('lists the seeded columns with their published articles, pinned first', async () => {
    const columns = await ok(call<HelpColumnView[]>('/cms/column/list'));
    expect(columns.map((c) => c.name)).toEqual(expect.arrayContaining(['快速入门', '员工管理', '电子合同', '薪资与个税', '社保', '账单与发票']));
    expect(columns.reduce((n, c) => n + c.articleCount, 0)).toBeGreaterThanOrEqual(12);
    const contracts = columns.find((c) => c.name === '电子合同')!;
    const page = await call<HelpArticleListItem[]>('/cms/article/page', { columnId: contracts.id });
    expect(page.body.data.length).toBe(contracts.articleCount);
    expect(page.body.data[0]!.pinned).toBe(true);
    const pinned = await ok(call<HelpArticleListItem[]>('/cms/article/page', { pinned: true }));
    expect(pinned.length).toBeGreaterThan(0);
    expect(pinned.every((a) => a.pinned)).toBe(true);
  });

  it('counts a view on each read and keeps one feedback per user', async () => {
    const [first] = await ok(call<HelpArticleListItem[]>('/cms/article/page', { pageSize: 1 }));
    const a = await ok(call<HelpArticleView>('/cms/article/detail', { id: first!.id }));
    const b = await ok(call<HelpArticleView>('/cms/article/detail', { id: first!.id }));
    expect(b.viewCount).toBe(a.viewCount + 1);
    expect(a.body.length).toBeGreaterThan(50);
    expect(await ok(call('/cms/article/feedback', { id: first!.id, helpful: true }))).toMatchObject({ helpfulCount: 1, unhelpfulCount: 0, myFeedback: true });
    expect(await ok(call('/cms/article/feedback', { id: first!.id, helpful: false }))).toMatchObject({ helpfulCount: 0, unhelpfulCount: 1, myFeedback: false });
    expect((await ok(call<HelpArticleView>('/cms/article/detail', { id: first!.id }))).myFeedback).toBe(false);
  });

  it('refuses a member without the support key, and bad input by name', async () => {
    await expectRefused(t, () => call('/cms/column/list', {}, outsider), 403, '您没有此操作的权限（supportAndService），请联系管理员');
    await expectUnchanged(t.database, () => call('/cms/article/search', { keyword: '' }), 400, '请填写搜索关键词');
    await expectUnchanged(t.database, () => call('/cms/article/search', { keyword: '？！…' }), 400, '搜索关键词：请输入文字或数字');
    await expectUnchanged(t.database, () => call('/cms/article/detail', { id: 'x' }), 400, '文章格式不正确');
    await expectUnchanged(t.database, () => call('/cms/article/detail', { id: 99_999_999 }), 404, '文章不存在');
  });
});

describe('search', () => {
  let article: OpHelpArticleView;

  beforeAll(async () => {
    article = await ok(
      op<OpHelpArticleView>('/article/save', {
        columnId: column.id,
        title: '年度盘点说明',
        summary: '每年一次的资产清点',
        body: '## 步骤\n清点时请核对**鲲鹏**系列设备的编号，并拍照留存。',
        tags: ['资产'],
      }),
    );
    await ok(op('/article/publish', { id: article.id }));
  });

  it('finds an article by a two-character word found only in its body, and not by a word it lacks', async () => {
    const hit = await search('鲲鹏');
    expect(hit.code).toBe(200);
    expect(hit.data.map((h) => h.id)).toEqual([article.id]);
    expect(hit.data[0]!.snippet.filter((s) => s.hit).map((s) => s.text)).toEqual(['鲲鹏']);
    expect(text(hit.data[0]!.snippet)).toContain('清点时请核对鲲鹏系列设备');
    expect((await search('凤凰')).data).toEqual([]);
    // the bigrams must match together: each character alone is elsewhere, the pair is not
    expect((await search('鹏鲲')).data).toEqual([]);
  });

  it('searches the seeded articles by body words, title hits first, highlighted', async () => {
    const tax = await search('个税');
    expect(tax.data.map((h) => h.title)).toContain('累计预扣法下的个人所得税是怎么算的');
    const renew = await search('续签');
    expect(renew.data[0]!.title).toBe('劳动合同到期前如何续签');
    expect(renew.data[0]!.titleSegments).toEqual([
      { text: '劳动合同到期前如何', hit: false },
      { text: '续签', hit: true },
    ]);
    expect((await search('Excel 鲲鹏')).data).toEqual([]);
    expect((await search('PNG')).data.map((h) => h.title)).toContain('企业印章的生成与使用权限');
  });

  it('keeps drafts, unpublished articles and disabled columns from companies', async () => {
    const draft = await ok(op<OpHelpArticleView>('/article/save', { columnId: column.id, title: '草稿：麒麟指南', body: '麒麟' }));
    expect(draft).toMatchObject({ status: 0, statusLabel: '草稿' });
    expect((await search('麒麟')).data).toEqual([]);
    await expectUnchanged(t.database, () => call('/cms/article/detail', { id: draft.id }), 404, '文章不存在');
    expect((await ok(call<HelpArticleListItem[]>('/cms/article/page', { columnId: column.id }))).map((a) => a.id)).toEqual([article.id]);

    await ok(op('/article/unpublish', { id: article.id }));
    expect((await search('鲲鹏')).data).toEqual([]);
    await ok(op('/article/publish', { id: article.id }));
    await ok(op('/column/save', { id: column.id, name: column.name, enabled: false }));
    expect((await search('鲲鹏')).data).toEqual([]);
    expect((await ok(call<HelpColumnView[]>('/cms/column/list'))).map((c) => c.id)).not.toContain(column.id);
    await ok(op('/column/save', { id: column.id, name: column.name, enabled: true }));
    expect((await search('鲲鹏')).data.map((h) => h.id)).toEqual([article.id]);
    await ok(op('/article/remove', { id: draft.id }));
  });
});

describe('what the operator writes', () => {
  it('is refused to a company administrator, changing nothing', async () => {
    for (const path of ['/operator/cms/article/save', '/operator/cms/column/save', '/operator/cms/article/publish']) {
      const before = await snapshotCounts(t.database);
      const r = await call(path, { columnId: column.id, title: '越权', body: '越权', name: '越权', id: 1 }, admin, 1);
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('仅平台运营人员可以操作');
      expect(await snapshotCounts(t.database)).toEqual(before);
    }
  });

  it('refuses bad input naming the field, changing nothing', async () => {
    const body = { columnId: column.id, title: '标题', body: '正文' };
    await expectUnchanged(t.database, () => op('/article/save', { ...body, title: '  ' }), 400, '请填写标题');
    await expectUnchanged(t.database, () => op('/article/save', { ...body, body: '   ' }), 400, '正文不能为空');
    await expectUnchanged(t.database, () => op('/article/save', { ...body, columnId: undefined }), 400, '栏目格式不正确');
    await expectUnchanged(t.database, () => op('/article/save', { ...body, title: '长'.repeat(81) }), 400, '标题不能超过80个字符');
    await expectUnchanged(t.database, () => op('/article/save', { ...body, tags: Array.from({ length: 9 }, (_, i) => `标签${i}`) }), 400, '标签最多8项');
    await expectUnchanged(t.database, () => op('/article/save', { ...body, columnId: 99_999_999 }), 404, '栏目不存在');
    await expectUnchanged(t.database, () => op('/column/save', { name: '' }), 400, '请填写栏目名称');
    await expectUnchanged(t.database, () => op('/column/save', { name: '社保' }), 409, '栏目名称「社保」已存在');
    await expectUnchanged(t.database, () => op('/column/remove', { id: column.id }), 409, '栏目「测试栏目」下还有1篇文章，请先移走或删除文章');
    await expectUnchanged(t.database, () => op('/column/reorder', { ids: [column.id] }), 400, '栏目顺序：须列出全部栏目，且每个栏目只出现一次');
  });

  it('stores an injected script as inert Markdown text and drops unsafe links', async () => {
    const body = '提示<script>alert(1)</script>\n\n[点我](javascript:alert(1)) [帮助](/supportAndService?articleId=1) <img src=x onerror=alert(1)>';
    const a = await ok(op<OpHelpArticleView>('/article/save', { columnId: column.id, title: '<b>注入</b>测试', body }));
    await ok(op('/article/publish', { id: a.id }));
    const read = await ok(call<HelpArticleView>('/cms/article/detail', { id: a.id }));
    expect(read.body).toBe(body);
    expect(read.title).toBe('<b>注入</b>测试');
    const blocks = parseMarkdown(read.body);
    expect(blocks).toEqual([
      { t: 'p', c: [{ t: 'text', v: '提示<script>alert(1)</script>' }] },
      { t: 'p', c: [{ t: 'text', v: '点我' }, { t: 'text', v: ' ' }, { t: 'link', href: '/supportAndService?articleId=1', c: [{ t: 'text', v: '帮助' }] }, { t: 'text', v: ' <img src=x onerror=alert(1)>' }] },
    ]);
    const hit = (await search('注入')).data.find((h) => h.id === a.id)!;
    expect(text(hit.titleSegments)).toBe('<b>注入</b>测试');
    await ok(op('/article/remove', { id: a.id }));
  });

  it('publishes, pins, reorders and removes, each audited with the operator', async () => {
    const extra = await ok(op<OpHelpColumnView>('/column/save', { name: '临时栏目' }));
    const a = await ok(op<OpHelpArticleView>('/article/save', { columnId: extra.id, title: '临时文章', summary: '摘要', body: '正文', tags: ['甲', '甲', '乙'] }));
    expect(a.tags).toEqual(['甲', '乙']);
    expect((await ok(op<OpHelpArticleView>('/article/publish', { id: a.id }))).statusLabel).toBe('已发布');
    await expectUnchanged(t.database, () => op('/article/publish', { id: a.id }), 409, '文章「临时文章」已是已发布状态');
    expect((await ok(op<OpHelpArticleView>('/article/pin', { id: a.id, pinned: true }))).pinned).toBe(true);
    const edited = await ok(op<OpHelpArticleView>('/article/save', { id: a.id, columnId: extra.id, title: '临时文章（修订）', body: '新正文' }));
    expect(edited).toMatchObject({ status: 1, title: '临时文章（修订）', body: '新正文' });

    const all = await ok(op<OpHelpColumnView[]>('/column/list'));
    const reversed = all.map((c) => c.id).reverse();
    expect((await ok(op<OpHelpColumnView[]>('/column/reorder', { ids: reversed }))).map((c) => c.id)).toEqual(reversed);
    expect((await ok(call<HelpColumnView[]>('/cms/column/list')))[0]!.id).toBe(extra.id);
    await ok(op('/column/reorder', { ids: all.map((c) => c.id) }));

    await ok(op('/article/remove', { id: a.id }));
    await ok(op('/column/remove', { id: extra.id }));
    const rows = await t.database.db
      .select({ action: helpAuditLog.action, actor: helpAuditLog.actorUserId })
      .from(helpAuditLog)
      .where(and(eq(helpAuditLog.entity, 'help_article'), eq(helpAuditLog.entityId, String(a.id))));
    expect(rows.map((r) => r.action).sort()).toEqual(['helpArticle.add', 'helpArticle.edit', 'helpArticle.pin', 'helpArticle.publish', 'helpArticle.remove'].sort());
    const operators = await t.rows<{ id: number }>(sql`select id from users where platform_operator`);
    expect(operators).toHaveLength(1);
    expect(rows.every((r) => Number(r.actor) === Number(operators[0]!.id))).toBe(true);
  });

  it('keeps the company role from writing the platform tables', async () => {
    const err = await t.database
      .inTenant(1, async (tx) => {
        await tx.update(helpArticles).set({ title: '篡改' });
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(String((err as { cause?: unknown })?.cause ?? err)).toMatch(/permission denied/);
  });
});
