import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployeeByApi, ADMIN, apiLogin, chooseInSelect, enterAsAdmin, journeyShots, launchBrowser, newPerson, openPage, screenshotOnFailure } from './support.ts';

/** 调岗调薪: HR raises an employee's pay from today and moves the work location, then reads the timeline. */

const shot = journeyShots('alternation');
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => browser?.close());

describe('transfer and pay change', () => {
  it('changes the salary and work location from today and shows it in the list and the timeline', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('alternation', () => context.pages());
    const person = newPerson('调薪测', '134');
    const name = person.name;
    await addEmployeeByApi(admin, { ...person, hireDate: '2024-03-01', status: 2, workLocation: '杭州' });

    await enterAsAdmin(page);
    await page.goto('/staffManagement/changeAlternation/alternation');
    await page.locator('.alternation-page').waitFor();
    await page.getByRole('button', { name: '发起调岗调薪' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '发起调岗调薪' });
    await chooseInSelect(drawer, drawer.locator('.employee-picker'), name);
    await expect.poll(() => drawer.locator('.placement-now').innerText()).toContain('杭州');
    await expect.poll(() => drawer.locator('input#workLocation').inputValue()).toBe('杭州');
    await drawer.locator('input#workLocation').fill('上海');
    await drawer.locator('input#salary').fill('16000');
    await shot(page, '01-form');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await drawer.waitFor({ state: 'hidden' });
    await toasts.expect('调岗调薪已生效');

    await page.locator('.query-form input#alternation_keyword').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.alternation-table .ant-table-tbody tr', { hasText: name });
    await expect.poll(() => row.innerText()).toContain('月基本工资：— → ¥16,000.00');
    expect(await row.innerText()).toContain('工作地点：杭州 → 上海');
    expect(await row.innerText()).toContain('已生效');
    await shot(page, '02-list');
    await row.getByRole('button', { name: '异动记录' }).click();
    await expect.poll(() => page.locator('.change-timeline').innerText()).toContain('调岗调薪');
    await shot(page, '03-timeline');
    await context.close();
  });
});
