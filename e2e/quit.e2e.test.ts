import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployeeByApi, ADMIN, apiLogin, chinaDayPlus, chooseInSelect, chooseInTreeSelect, enterAsAdmin, fillDate, journeyShots, launchBrowser, newPerson, openPage, screenshotOnFailure } from './support.ts';

/** 离职: HR resigns an employee, moves the last working day to today, downloads the certificate and rehires them. */

const shot = journeyShots('quit');
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => browser?.close());

describe('resignation', () => {
  it('resigns, moves the last day to today, gives the certificate and rehires', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('quit', () => context.pages());
    const person = newPerson('离职测', '133');
    const name = person.name;
    await addEmployeeByApi(admin, { ...person, hireDate: '2023-05-08', status: 2 });

    await enterAsAdmin(page);
    await page.goto('/staffManagement/changeAlternation/doQuit');
    await page.locator('.doquit-page').waitFor();
    await page.getByRole('button', { name: '办理离职' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '离职员工' });
    await chooseInSelect(drawer, drawer.locator('.employee-picker').first(), name);
    await chooseInSelect(drawer, drawer.locator('.quit-reason'), '个人发展');
    await shot(page, '01-form');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await drawer.waitFor({ state: 'hidden' });
    const row = page.locator('.doquit-table .ant-table-tbody tr', { hasText: name });
    await expect.poll(() => row.innerText()).toContain('主动离职');
    await toasts.expect(/已办理，员工将于.*离职/);
    await row.getByRole('button', { name: '交接状态' }).click();
    await page.getByRole('menuitem', { name: '标记为已交接' }).click();
    await expect.poll(() => row.innerText()).toContain('已交接');
    await shot(page, '02-leaving');

    // the last day moved to today: the employee leaves at once
    await row.getByRole('button', { name: '修改最后工作日' }).click();
    const modal = page.locator('.ant-modal', { hasText: '修改最后工作日' });
    await fillDate(modal.locator('input').first(), chinaDayPlus(0));
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('.doquit-table .ant-table-tbody').innerText()).not.toContain(name);

    await page.goto('/staffManagement/changeAlternation/dimissionRoster');
    await page.locator('input#dimission_keyword').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const left = page.locator('.dimission-table .ant-table-tbody tr', { hasText: name });
    await expect.poll(() => left.innerText()).toContain('个人发展');
    await shot(page, '03-roster');
    const [download] = await Promise.all([page.waitForEvent('download'), left.getByRole('button', { name: '离职证明' }).click()]);
    expect(download.suggestedFilename()).toBe(`离职证明_${name}.pdf`);
    expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    // handed over and stamped with the demo company's seal
    await expect.poll(() => page.locator('.certificate-notice').innerText()).toContain('已加盖');

    await left.getByRole('button', { name: '再入职' }).click();
    const rehire = page.locator('.ant-modal', { hasText: '再入职' });
    await rehire.locator('.rehire-form').waitFor();
    await rehire.getByText('正式', { exact: true }).click();
    await chooseInTreeSelect(rehire, rehire.locator('.department-select'));
    await fillDate(rehire.locator('input#hireDate'), chinaDayPlus(1));
    await rehire.getByRole('button', { name: /确\s*定/ }).click();
    await rehire.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('.dimission-table .ant-table-tbody').innerText()).not.toContain(name);
    await toasts.expect('已办理再入职');
    await context.close();
  });
});
