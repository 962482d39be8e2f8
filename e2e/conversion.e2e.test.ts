import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployeeByApi, ADMIN, apiLogin, chinaDayPlus, enterAsAdmin, fillDate, journeyShots, launchBrowser, newPerson, openPage, screenshotOnFailure } from './support.ts';

/** 转正: HR schedules a regularisation for the probation end, cancels it, then regularises the employee today. */

const shot = journeyShots('conversion');
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => browser?.close());


describe('regularisation', () => {
  it('schedules, cancels and then does a regularisation, and the employee moves between the tabs', async () => {
    const { context, page } = await openPage(browser);
    screenshotOnFailure('conversion', () => context.pages());
    const person = newPerson('转正测', '135');
    const name = person.name;
    await addEmployeeByApi(admin, { ...person, hireDate: chinaDayPlus(-85), probationEndDate: chinaDayPlus(5), status: 1 });

    await enterAsAdmin(page);
    await page.goto('/staffManagement/changeAlternation/conversion');
    await page.locator('.conversion-page').waitFor();
    await page.locator('.query-form input#conversion_keyword').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.conversion-table .ant-table-tbody tr', { hasText: name });
    await expect.poll(() => row.innerText()).toContain('还剩 5 天');
    await shot(page, '01-due');

    // scheduled for the probation end (the proposed date): it waits
    await row.getByRole('button', { name: '办理转正' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '办理转正' });
    await dialog.locator('.conversion-form').waitFor();
    expect(await dialog.locator('input').first().inputValue()).toBe(chinaDayPlus(5));
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    // the toast is transient; the row in 待生效 with its date is what stays
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: /待生效/ }).click();
    await expect.poll(() => row.innerText()).toContain('待生效');
    expect(await row.innerText()).toContain(chinaDayPlus(5));
    await shot(page, '02-waiting');

    // cancelled: back among those due
    await row.getByRole('button', { name: '取消转正' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => page.locator('.conversion-table .ant-table-tbody').innerText()).not.toContain(name);
    await page.getByRole('tab', { name: /待转正/ }).click();
    await expect.poll(() => row.innerText()).toContain('还剩 5 天');

    // regularised today: effective at once, early
    await row.getByRole('button', { name: '办理转正' }).click();
    await dialog.locator('.conversion-form').waitFor();
    await fillDate(dialog.locator('input').first(), chinaDayPlus(0));
    await dialog.locator('input#salary').fill('15000');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: /已转正/ }).click();
    await expect.poll(() => row.innerText()).toContain('已生效·提前');
    await row.getByRole('button', { name: '异动记录' }).click();
    await expect.poll(() => page.locator('.change-timeline').innerText()).toContain('转正后薪资 ¥15,000.00');
    await shot(page, '03-done');
    await context.close();
  });
});
