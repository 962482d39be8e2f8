import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDayPlus, chooseInTreeSelect, enterAsAdmin, fillDate, journeyShots, launchBrowser, newPerson, openPage, screenshotOnFailure } from './support.ts';

/** 入职: HR adds a pending hire, confirms them on arrival; another declines and is reopened. */

const shot = journeyShots('induction');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('onboarding', () => {
  it('adds a pending hire and confirms the arrival; a declined hire is reopened', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('induction', () => context.pages());
    const person = newPerson('入职测', '132');
    const name = person.name;

    await enterAsAdmin(page);
    await page.goto('/selfOnboarding/list');
    await page.locator('.induction-page').waitFor();
    await page.getByRole('button', { name: '新增待入职' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '新增待入职' });
    await drawer.locator('input#name').fill(name);
    await drawer.locator('input#mobile').fill(person.mobile);
    await drawer.locator('input#idNumber').fill(person.idNumber);
    await drawer.locator('input#employeeNo').fill(person.employeeNo);
    await chooseInTreeSelect(drawer, drawer.locator('.department-select'));
    await shot(page, '01-add');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await drawer.waitFor({ state: 'hidden' });
    await toasts.expect('保存成功');

    await page.locator('input#induction_keyword').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.induction-table .ant-table-tbody tr', { hasText: name });
    await row.waitFor();
    await shot(page, '02-pending');

    // declined, then reopened
    await row.getByRole('button', { name: '放弃入职' }).click();
    const prompt = page.locator('.ant-modal', { hasText: '放弃入职' });
    await prompt.locator('textarea#reason').fill('接受了其他工作机会');
    await prompt.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => page.locator('.induction-table .ant-table-tbody').innerText()).not.toContain(name);
    await page.getByRole('tab', { name: /放弃入职/ }).click();
    await expect.poll(() => row.innerText()).toContain('接受了其他工作机会');
    await row.getByRole('button', { name: '重新办理' }).click();
    // reopened as expected two days ago (they arrived meanwhile)
    const again = page.locator('.ant-modal', { hasText: '重新办理入职' });
    await fillDate(again.locator('input#hireDate'), chinaDayPlus(-2));
    await again.getByRole('button', { name: /确\s*定/ }).click();
    await again.waitFor({ state: 'hidden' });
    await toasts.expect('已重新办理入职');

    // back among the pending: 确认入职 proposes the expected date, and confirms on it
    await page.getByRole('tab', { name: /待入职/ }).click();
    await row.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: '批量确认入职' }).click();
    const confirm = page.locator('.ant-modal', { hasText: '确认入职' });
    await expect.poll(() => confirm.locator('input#hireDate').inputValue()).toBe(chinaDayPlus(-2));
    await shot(page, '03-confirm');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await confirm.waitFor({ state: 'hidden' });
    await toasts.expect('已确认入职 1 人');
    await page.getByRole('tab', { name: /已入职/ }).click();
    await expect.poll(() => row.innerText()).toContain(name);
    expect(await row.innerText()).toContain(chinaDayPlus(-2));
    await shot(page, '04-onboarded');
    await context.close();
  });
});
