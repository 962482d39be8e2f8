import type { FormVersionSummary, FormVersionView } from '@wfsaas/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiLogin, enterAsAdmin, journeyShots, launchBrowser, openPage, screenshotOnFailure } from './support.ts';

/** 编辑表单: an implementer drags three controls onto a new form, sets their options, saves, and sees the versions. */

let browser: Browser;
let token: string;
const shot = journeyShots('form-designer');

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(ADMIN);
});
afterAll(async () => browser?.close());

/** Drags `from` onto `to` with the pointer, as a person does. */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height - 20, { steps: 12 });
  await page.mouse.up();
}

describe('form designer', () => {
  it('drags 单行文本, 下拉单选 and 日期 in, sets their options, saves version 1 and then version 2', async () => {
    const { context, page } = await openPage(browser);
    screenshotOnFailure('form-designer-journey', () => context.pages());
    await enterAsAdmin(page);
    await page.goto('/implement/customTable/modifyForm/new');
    const canvas = page.locator('.form-canvas');
    await canvas.getByText('从左侧拖入或点击控件，开始设计表单').waitFor();

    const palette = (type: string) => page.locator(`.palette-item[data-type="${type}"]`);
    const props = page.locator('.property-panel');
    await drag(page, palette('input'), canvas);
    await canvas.locator('.canvas-widget').first().waitFor();
    await props.locator('.prop-label').fill('毕业院校');
    await props.locator('.prop-required').click();
    await props.locator('.prop-visible').click();

    await drag(page, palette('select'), canvas);
    await expect.poll(() => canvas.locator('.canvas-widget').count()).toBe(2);
    await props.locator('.prop-label').fill('工装尺码');
    await props.locator('.prop-option').nth(0).fill('S');
    await props.locator('.prop-option').nth(1).fill('M');
    await props.getByRole('button', { name: '添加选项' }).click();
    await props.locator('.prop-option').nth(2).fill('L');

    await drag(page, palette('date'), canvas);
    await expect.poll(() => canvas.locator('.canvas-widget').count()).toBe(3);
    await props.locator('.prop-label').fill('体检日期');
    await expect.poll(() => canvas.locator('.canvas-widget').allInnerTexts()).toEqual([expect.stringContaining('毕业院校'), expect.stringContaining('工装尺码'), expect.stringContaining('体检日期')]);

    // a nameless form is refused, naming what is missing
    await page.locator('.save-form').click();
    await page.locator('.designer-errors').getByText('请填写表单名称').waitFor();
    const name = `入职补充信息${Date.now().toString(36)}`;
    await page.locator('.form-name').fill(name);
    await shot(page, '01-designed');

    const saved = page.waitForResponse((r) => r.url().endsWith('/customerForm/save'));
    await page.locator('.save-form').click();
    await (await saved).finished();
    await page.waitForURL((u) => /\/modifyForm\/\d+$/.test(u.pathname));
    await page.getByText('当前第1版').waitFor();
    const formId = Number(page.url().split('/').pop());
    const stored = (await api('/wfsaas-saas/api/customerForm/get', { token, companyId: 1, body: { formId } })).body.data as FormVersionView;
    expect(stored.widgetList.map((w) => [w.type, w.label, w.options.required ?? false])).toEqual([
      ['input', '毕业院校', true],
      ['select', '工装尺码', false],
      ['date', '体检日期', false],
    ]);
    expect(stored.widgetList[0]!.options.visibleToEmployee).toBe(true);
    expect(stored.widgetList[1]!.options.options?.map((o) => o.label)).toEqual(['S', 'M', 'L']);

    // phone preview at 375 px
    await page.locator('.designer-mode').getByText('手机预览').click();
    const preview = page.locator('.form-preview');
    await preview.locator('label').getByText('工装尺码', { exact: true }).waitFor();
    await shot(page, '02-phone-preview');
    await page.locator('.designer-mode').getByText('设计').click();

    // a second save is version 2; version 1 stays readable
    await canvas.locator('.canvas-widget').filter({ hasText: '体检日期' }).getByRole('button', { name: '删除' }).click();
    await expect.poll(() => canvas.locator('.canvas-widget').count()).toBe(2);
    await page.locator('.save-form').click();
    await page.getByText('当前第2版').waitFor();
    await page.locator('.open-versions').click();
    const drawer = page.locator('.form-versions');
    await expect.poll(() => drawer.locator('.version-row').count()).toBe(2);
    await drawer.locator('.version-row').filter({ hasText: '第1版' }).getByRole('button', { name: '查看' }).click();
    await drawer.getByText('第1版（只读）').waitFor();
    await drawer.locator('.version-readonly label').getByText('体检日期', { exact: true }).waitFor();
    await shot(page, '03-version-1');
    const versions = (await api('/wfsaas-saas/api/customerForm/versions', { token, companyId: 1, body: { formId } })).body.data as FormVersionSummary[];
    expect(versions.map((v) => [v.version, v.widgetCount])).toEqual([
      [2, 2],
      [1, 3],
    ]);
    await api('/wfsaas-saas/api/customerForm/remove', { token, companyId: 1, body: { formId } });
    await context.close();
  });
});
