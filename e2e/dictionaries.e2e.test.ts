import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployeeByApi, ADMIN, apiLogin, chooseInSelect, enterAsAdmin, journeyShots, launchBrowser, motionDone, newPerson, openPage, screenshotOnFailure } from './support.ts';

/** 字典中心: add a 离职原因, choose it in the quit form, see a delete refused with where it is used, disable it. */

const shot = journeyShots('dictionaries');
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => browser?.close());

describe('dictionary centre', () => {
  it('adds a quit reason the quit form offers, refuses deleting it once used, and disables it', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('dictionaries', () => context.pages());
    const person = newPerson('字典离职', '135');
    await addEmployeeByApi(admin, { ...person, hireDate: '2022-03-01', status: 2 });
    const reason = `异地发展${person.employeeNo.slice(-4)}`;

    // ── 新增选项 in the system dictionary 离职原因 ──
    await enterAsAdmin(page);
    await page.goto('/implement/dictionaryCenter');
    await page.locator('.dictionary-center-page').waitFor();
    await page.locator('.dict-list-item', { hasText: '离职原因' }).click();
    const table = page.locator('.dict-items-table .ant-table-tbody');
    await expect.poll(() => table.innerText()).toContain('个人发展');
    await page.locator('.dict-add-item').click();
    const form = page.locator('.ant-modal', { hasText: '新增选项' });
    await motionDone(form);
    await form.locator('input#label').fill(reason);
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.waitFor({ state: 'hidden' });
    await toasts.expect('保存成功');
    const row = page.locator('.dict-items-table .ant-table-tbody tr', { hasText: reason });
    await expect.poll(() => row.innerText()).toContain('启用');
    await shot(page, '01-reason-added');

    // ── the quit form offers it ──
    await page.goto('/staffManagement/changeAlternation/doQuit');
    await page.locator('.doquit-page').waitFor();
    await page.getByRole('button', { name: '办理离职' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '离职员工' });
    await chooseInSelect(drawer, drawer.locator('.employee-picker').first(), person.name);
    await chooseInSelect(drawer, drawer.locator('.quit-reason'), reason);
    await shot(page, '02-quit-form');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await drawer.waitFor({ state: 'hidden' });
    await toasts.expect(/已办理，员工将于.*离职/);
    const leaving = page.locator('.doquit-table .ant-table-tbody tr', { hasText: person.name });
    await expect.poll(() => leaving.innerText()).toContain(reason);

    // ── 删除 is refused with where it is used; 停用 instead ──
    await page.goto('/implement/dictionaryCenter?code=quitReason');
    await expect.poll(() => row.innerText()).toContain(reason);
    await row.getByRole('button', { name: '删除' }).click();
    const refused = page.locator('.ant-modal-confirm', { hasText: '不能删除' });
    await motionDone(refused);
    await expect.poll(() => refused.innerText()).toContain(`「${reason}」已被1条记录使用，不能删除`);
    await expect.poll(() => refused.locator('.dict-usage').innerText()).toContain(`离职记录 · 离职原因：1条（${person.name}）`);
    await shot(page, '03-delete-refused');
    await refused.getByRole('button', { name: /停\s*用/ }).click();
    await refused.waitFor({ state: 'detached' });
    await toasts.expect('已停用，不再供选择');
    await expect.poll(() => row.innerText()).toContain('停用');
    await shot(page, '04-disabled');

    // ── gone from the quit form's select ──
    await page.goto('/staffManagement/changeAlternation/doQuit');
    await page.locator('.doquit-page').waitFor();
    await page.getByRole('button', { name: '办理离职' }).click();
    await drawer.locator('.quit-reason').click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await expect.poll(() => dropdown.innerText()).toContain('个人发展');
    await drawer.locator('.quit-reason input').fill(reason.slice(0, 4));
    await expect.poll(() => dropdown.innerText()).not.toContain(reason);
    await shot(page, '05-gone-from-select');
  });
});
