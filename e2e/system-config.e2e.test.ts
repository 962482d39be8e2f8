import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiLogin, enterAsAdmin, journeyShots, launchBrowser, openPage, screenshotOnFailure } from './support.ts';

/** 系统配置: the implementer hides one roster field and renames another, then switches on the page watermark. */

let browser: Browser;
let token: string;
const shot = journeyShots('system-config');

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(ADMIN);
});

afterAll(async () => {
  await browser?.close();
  // the other journeys share the demo company: put its fields and watermark back
  const reset = await api('/wfsaas-system/api/systemFieldConfig/reset', { token, companyId: 1 });
  expect(reset.body.code, reset.body.message).toBe(200);
  const wm = await api('/wfsaas-system/api/systemConfig/watermark/save', { token, companyId: 1, body: { enabled: false, showName: true, showPhone: true, showDate: true, text: '' } });
  expect(wm.body.code, wm.body.message).toBe(200);
});

const headerTexts = async (page: import('playwright-core').Page) => (await page.locator('.roster-table .ant-table-thead th').allInnerTexts()).map((s) => s.trim());

describe('system configuration', () => {
  it('hides 岗位 and renames 入职日期: the roster and the add-employee form follow; the watermark shows', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('system-config-journey', () => context.pages());
    await enterAsAdmin(page);

    await page.goto('/staffRoll');
    await page.locator('.roster-table .ant-table-tbody .employee-name').first().waitFor();
    await expect.poll(() => headerTexts(page)).toContain('岗位');

    // ── 字段配置 ──
    await page.goto('/implement/systemConfig');
    const table = page.locator('.field-settings');
    await table.locator('tr.field-positionId').waitFor();
    await shot(page, '01-field-settings');
    // a core field's switches are fixed
    await expect.poll(() => table.getByRole('switch', { name: '显示姓名' }).isDisabled()).toBe(true);
    await table.getByRole('switch', { name: '显示岗位' }).click();
    await table.getByLabel('入职日期的显示名称').fill('到岗日期');
    await table.getByRole('button', { name: /保\s*存/ }).click();
    await toasts.expect('保存成功');
    await shot(page, '02-fields-saved');

    // ── the roster: 岗位 gone, 入职日期 now 到岗日期 ──
    await page.goto('/staffRoll');
    await page.locator('.roster-table .ant-table-tbody .employee-name').first().waitFor();
    await expect.poll(() => headerTexts(page)).toContain('到岗日期');
    const headers = await headerTexts(page);
    expect(headers).not.toContain('岗位');
    expect(headers).not.toContain('入职日期');
    await shot(page, '03-roster');

    // ── the add form: no 岗位 item, the date labelled 到岗日期 ──
    await page.goto('/newemployee/1');
    const form = page.locator('.employee-form');
    await form.locator('label', { hasText: /^到岗日期$/ }).waitFor();
    expect(await form.locator('label', { hasText: /^岗位$/ }).count()).toBe(0);
    expect(await form.locator('label', { hasText: /^入职日期$/ }).count()).toBe(0);
    await form.locator('#section-job').scrollIntoViewIfNeeded();
    await shot(page, '04-add-form');

    // ── 页面水印 ──
    await page.goto('/implement/systemConfig?tab=watermark');
    const wmForm = page.locator('.watermark-form');
    await wmForm.getByRole('switch', { name: '启用页面水印' }).click();
    await wmForm.getByPlaceholder('请输入自定义文字').fill('内部资料');
    await wmForm.getByRole('button', { name: /保\s*存/ }).click();
    await toasts.expect('保存成功');
    // saving refreshes the member's own watermark: it is drawn over this page and every other
    const layer = page.locator('.page-watermark > div');
    await expect.poll(() => layer.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/^url\("data:image/);
    const mine = await api('/wfsaas-system/api/systemConfig/watermark/current', { token, companyId: 1 });
    const lines = (mine.body.data as { lines: string[] }).lines.join(' ');
    expect(lines).toContain('0000');
    expect(lines).toContain('内部资料');
    await page.goto('/staffRoll');
    await page.locator('.roster-table .ant-table-tbody .employee-name').first().waitFor();
    await expect.poll(() => layer.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/^url\("data:image/);
    await shot(page, '05-watermark');
    await context.close();
  });
});
