import type { CustomFormAnswer } from '@wfsaas/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiLogin, chooseInSelect, enterAsAdmin, journeyShots, launchBrowser, openPage, screenshotOnFailure } from './support.ts';

/** 字段设置: the admin defines a custom employee field; it shows in the add form and the roster filters. */

let browser: Browser;
let token: string;
let original: CustomFormAnswer | null = null;
const shot = journeyShots('custom-fields');

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(ADMIN);
  original = await storedForm();
});

afterAll(async () => {
  await browser?.close();
  // the other journeys share the demo company: put its form back as it was (no required 工装尺码)
  if (original) {
    const r = await api('/wfsaas-saas/api/customForm/save', { token, companyId: 1, body: { scene: 'employee', formConfig: original.formConfig, widgetList: original.widgetList } });
    expect(r.body.code, r.body.message).toBe(200);
  }
});

async function storedForm(): Promise<CustomFormAnswer | null> {
  const r = await api('/wfsaas-saas/api/customForm/get', { token, companyId: 1, body: { scene: 'employee' } });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data as CustomFormAnswer | null;
}

/** The form item whose label is exactly `label`. */
const formItem = (page: Page, scope: string, label: string) => page.locator(`${scope} .ant-form-item`).filter({ has: page.locator('label').getByText(label, { exact: true }) });

describe('custom employee fields', () => {
  it('adds a 下拉 field in 字段设置, then sees it in the add-employee form and the roster filters', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('custom-fields-journey', () => context.pages());
    const before = (await storedForm())?.widgetList ?? [];
    expect(before.some((w) => w.label === '工装尺码')).toBe(false);

    await enterAsAdmin(page);
    await page.goto('/staffRoll');
    await page.locator('.roster-table').waitFor();

    // ── the drawer lists the stored fields ──
    await page.getByRole('button', { name: '字段设置' }).click();
    const drawer = page.locator('.custom-fields-drawer');
    await drawer.locator('.custom-fields-table').waitFor();
    await expect.poll(() => drawer.locator('.custom-fields-table .ant-table-tbody tr.ant-table-row').count()).toBe(before.length);
    await shot(page, '01-field-settings');

    // ── add a 下拉单选 field, with the client checks first ──
    await drawer.getByRole('button', { name: '添加字段' }).click();
    const editor = page.locator('.custom-field-editor');
    await editor.locator('#customField_label').waitFor();
    await editor.getByRole('button', { name: /确\s*定/ }).click();
    await editor.getByText('字段名称不能为空').waitFor();
    await editor.locator('#customField_label').fill('工装尺码');
    await chooseInSelect(editor, editor.locator('.ant-form-item:has(#customField_type) .ant-select'), /^下拉单选$/);
    await editor.locator('#customField_options_0_label').waitFor();
    await editor.getByRole('button', { name: /确\s*定/ }).click();
    await editor.getByText('第1个下拉选项的名称不能为空').waitFor();
    await editor.locator('#customField_options_0_label').fill('S');
    await editor.getByRole('button', { name: '添加下拉选项' }).click();
    await editor.locator('#customField_options_1_label').fill('M');
    await editor.getByRole('button', { name: '添加下拉选项' }).click();
    await editor.locator('#customField_options_2_label').fill('L');
    await editor.locator('#customField_required').check();
    await expect.poll(() => editor.getByText(/下拉选项的名称不能为空/).count()).toBe(0);
    await shot(page, '02-field-editor');
    await editor.getByRole('button', { name: /确\s*定/ }).click();
    await editor.waitFor({ state: 'detached' });
    const row = drawer.locator('.custom-fields-table tr.ant-table-row', { hasText: '工装尺码' });
    await expect.poll(() => row.innerText()).toContain('S、M、L');
    await expect.poll(() => row.innerText()).toContain('下拉单选');
    await shot(page, '03-field-added');

    // ── save ──
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await drawer.waitFor({ state: 'hidden' });
    await toasts.expect('保存成功');
    const saved = (await storedForm())!;
    const widget = saved.widgetList.find((w) => w.label === '工装尺码')!;
    expect(widget.type).toBe('select');
    expect(widget.options.required).toBe(true);
    expect(widget.options.options?.map((o) => o.label)).toEqual(['S', 'M', 'L']);
    expect(widget.key).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
    // the stored fields are kept, in their order, with their keys
    expect(saved.widgetList.slice(0, before.length).map((w) => w.key)).toEqual(before.map((w) => w.key));

    // ── the roster filters pick it up at once ──
    await page.locator('.toggle-filters').click();
    await formItem(page, '.query-form', '工装尺码').waitFor();

    // ── so does the add-employee form, with its options ──
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await page.waitForURL((u) => u.pathname === '/newemployee/1');
    await page.locator('.employee-form').waitFor();
    const item = formItem(page, '.employee-form', '工装尺码');
    await item.scrollIntoViewIfNeeded();
    await expect.poll(() => item.locator('.ant-form-item-required').count()).toBe(1);
    await item.locator('.ant-select').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').allInnerTexts()).toEqual(['S', 'M', 'L']);
    await shot(page, '04-newemployee-custom-field');
    await page.keyboard.press('Escape');

    // ── removing a saved field asks first (docs/product.md#client-conventions dialog) ──
    await page.goto('/staffRoll?settings=fields');
    await drawer.locator('.custom-fields-table').waitFor();
    await drawer.locator('.custom-fields-table tr.ant-table-row', { hasText: '工装尺码' }).getByRole('button', { name: /删\s*除/ }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('.ant-modal-confirm-title', { hasText: '确认是否删除?' }).waitFor();
    await shot(page, '05-remove-confirm');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => drawer.locator('.custom-fields-table tr.ant-table-row', { hasText: '工装尺码' }).count()).toBe(1);
    await context.close();
  });
});
