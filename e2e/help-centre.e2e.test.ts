import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, COMPANY_1, enterAsAdmin, journeyShots, launchBrowser, motionDone, openPage, screenshotOnFailure, signIn } from './support.ts';

/**
 * 支持与服务: the admin searches the help centre by a two-character word and reads the article; an
 * article link opens it directly, also through sign-in; the platform operator writes and publishes an
 * article and the company finds it.
 */

const OPERATOR = '13900000000';
const shot = journeyShots('help-centre');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function search(page: Page, word: string): Promise<void> {
  const box = page.locator('.help-search input');
  await box.fill(word);
  await box.press('Enter');
  await page.locator('.help-search-results').getByText(`“${word}”的搜索结果`).waitFor();
}

/** The reader drawer once it shows the article titled `title`. */
async function readerShows(page: Page, title: string) {
  const reader = page.locator('.help-reader');
  await motionDone(reader);
  await reader.locator('.ant-drawer-title', { hasText: title }).waitFor();
  await reader.locator('.help-markdown').waitFor();
  return reader;
}

describe('help centre', () => {
  it('searches, reads, links and publishes help articles', async () => {
    const admin = await openPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    const operator = await openPage(browser);
    const visitor = await openPage(browser);
    screenshotOnFailure('help-centre', () => [...admin.context.pages(), ...operator.context.pages(), ...visitor.context.pages()]);
    const a = admin.page;
    await enterAsAdmin(a, COMPANY_1);

    // ── the support home: columns, pinned articles, the entries the admin may open ──
    await a.goto('/supportAndService');
    await a.locator('.help-column-menu').getByText('电子合同').waitFor();
    await a.locator('.help-pinned .help-pinned-title').first().waitFor();
    await a.locator('.support-entry-messageCenter').waitFor();
    await a.locator('.help-article-row').first().waitFor();
    await shot(a, '01-support-home');

    // ── 联系顾问: the default plan's lead form, the phone prefilled with the signed-in user's ──
    await a.locator('.support-entry-consult').click();
    const lead = a.locator('.lead-form-modal');
    await motionDone(lead);
    await expect.poll(() => lead.locator('.ant-modal-title').innerText()).toBe('联系顾问');
    expect(await lead.getByLabel('手机号').inputValue()).toBe(ADMIN);
    await lead.getByLabel('咨询内容').fill('想预约一次组织架构与薪酬模块的演示');
    await lead.locator('.lead-submit').click();
    await lead.waitFor({ state: 'hidden' });

    await a.locator('.help-column-menu').getByText('社保').click();
    await a.locator('.help-article-row', { hasText: '每月社保增减员申报流程' }).waitFor();

    // ── a two-character word found only in an article's body ──
    await search(a, '个税');
    const hit = a.locator('.help-search-hit', { hasText: '累计预扣法下的个人所得税是怎么算的' });
    await expect.poll(() => hit.locator('mark.help-hit').first().innerText()).toBe('个税');
    await shot(a, '02-search-results');
    await hit.locator('.help-article-title').click();
    const reader = await readerShows(a, '累计预扣法下的个人所得税是怎么算的');
    await expect.poll(() => reader.locator('.help-markdown h3').first().innerText()).toBe('年中开始使用');
    const articleId = new URL(a.url()).searchParams.get('articleId');
    expect(articleId).toMatch(/^\d+$/);
    await reader.getByRole('button', { name: /有帮助/ }).click();
    await admin.toasts.expect('感谢您的反馈');
    await reader.locator('.help-copy-link').click();
    await admin.toasts.expect('链接已复制');
    const link = await a.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${new URL(a.url()).origin}/supportAndService?articleId=${articleId}`);
    await shot(a, '03-article-reader');
    await reader.locator('.ant-drawer-close').click();
    await reader.waitFor({ state: 'hidden' });
    expect(new URL(a.url()).searchParams.get('articleId')).toBeNull();

    // ── the link opened directly, signed in ──
    await a.goto(`/supportAndService?articleId=${articleId}`);
    await readerShows(a, '累计预扣法下的个人所得税是怎么算的');

    // ── the link opened signed out: sign in, choose the company, the article opens ──
    const v = visitor.page;
    await v.goto(link);
    await v.waitForURL((u) => u.pathname === '/login');
    await signIn(v, ADMIN);
    await v.waitForURL((u) => u.pathname.startsWith('/excessive/company'));
    await v.getByRole('button', { name: COMPANY_1 }).click();
    await v.waitForURL((u) => u.pathname === '/supportAndService' && u.searchParams.get('articleId') === articleId);
    await readerShows(v, '累计预扣法下的个人所得税是怎么算的');
    await shot(v, '04-link-after-sign-in');

    // ── the operator writes an article and publishes it ──
    const o = operator.page;
    await signIn(o, OPERATOR);
    await o.waitForURL((u) => u.pathname === '/operator');
    await o.getByRole('tab', { name: '帮助中心' }).click();
    await o.locator('.help-op-column', { hasText: '账单与发票' }).waitFor();
    await o.locator('.help-op-articles .ant-table-row').first().waitFor();
    await shot(o, '05-operator-help');
    await o.locator('.help-op-new').click();
    const editor = o.locator('.help-op-editor');
    await motionDone(editor);
    await editor.getByLabel('标题').fill('考勤异常如何申请补卡');
    await editor.getByLabel('栏目').click();
    await o.locator('.ant-select-item-option', { hasText: '员工管理' }).click();
    await editor.getByLabel('摘要').fill('忘记打卡时，员工提交补卡申请，HR 审核后更新考勤。');
    await editor.locator('.help-op-body').fill('## 申请步骤\n1. 员工在手机上提交**补卡**申请\n2. HR 在审批中核对并通过\n\n> 每月最多申请三次。');
    await editor.locator('.help-op-preview h3', { hasText: '申请步骤' }).waitFor();
    await expect.poll(() => editor.locator('.help-op-preview strong').innerText()).toBe('补卡');
    await shot(o, '06-operator-editor');
    await editor.locator('.help-op-save-publish').click();
    await operator.toasts.expect('已发布');
    const row = o.locator('.help-op-articles .ant-table-row', { hasText: '考勤异常如何申请补卡' });
    await expect.poll(() => row.innerText()).toContain('已发布');
    await shot(o, '07-operator-published');

    // ── the company finds it ──
    await a.goto('/supportAndService');
    await search(a, '补卡');
    const found = a.locator('.help-search-hit', { hasText: '考勤异常如何申请补卡' });
    await expect.poll(() => found.locator('mark.help-hit').first().innerText()).toBe('补卡');
    await expect.poll(() => a.locator('.help-search-hit').count()).toBe(1);
    await shot(a, '08-company-finds-new-article');
    await found.locator('.help-article-title').click();
    const fresh = await readerShows(a, '考勤异常如何申请补卡');
    await expect.poll(() => fresh.locator('.help-markdown blockquote').innerText()).toBe('每月最多申请三次。');
    await shot(a, '09-new-article-reader');
  });
});
