import type { ReminderConfigView } from '@wfsaas/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployeeByApi, ADMIN, api, apiAnswer, apiLogin, chinaDayPlus, enterAsAdmin, journeyShots, launchBrowser, newPerson, openPage, screenshotOnFailure } from './support.ts';

/** 提醒设置: an HR admin turns on birthday reminders, adds an address, and sees who is coming up (probation and contract ends). */

const shot = journeyShots('reminders');
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => browser?.close());


describe('reminder settings', () => {
  it('turns on birthday reminders with an email address, and lists the probation and the contract ending in a few days', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('reminders', () => context.pages());
    // someone whose probation ends in 4 days
    const person = newPerson('提醒测', '136');
    const name = person.name;
    const employeeId = await addEmployeeByApi(admin, { ...person, hireDate: chinaDayPlus(-86), probationEndDate: chinaDayPlus(4), status: 1 });
    // whose labour contract ends in 3 days
    const contract = await api('/wfsaas-saas/api/employeeContract/add', {
      token: admin,
      companyId: 1,
      body: { employeeId, type: 1, startDate: chinaDayPlus(-86), endDate: chinaDayPlus(3) },
    });
    expect(contract.body.code, contract.body.message).toBe(200);

    await enterAsAdmin(page);
    await page.goto('/employmentRelationship');
    await page.locator('.reminder-form').waitFor();
    await expect.poll(() => page.locator('.upcoming-table .ant-table-tbody').innerText()).toContain(name);
    const row = (kindLabel: string) => page.locator('.upcoming-table .ant-table-tbody tr', { hasText: name }).filter({ hasText: kindLabel });
    await expect.poll(() => row('试用期到期').innerText()).toContain('4 天后');
    await expect.poll(() => row('合同到期').innerText()).toContain('3 天后');
    // the contract rule is on by default, 30 days ahead
    await page.locator('.reminder-rule-contractExpiry').getByText('在职员工生效中劳动合同的结束日期').waitFor();
    expect(await page.getByLabel('合同到期提醒开关').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByLabel('合同到期提前天数').inputValue()).toBe('30');
    await shot(page, '01-defaults');

    // a bad address is refused beside the field
    await page.locator('.reminder-rule-birthday .ant-switch').click();
    await page.getByLabel('员工生日提前天数').fill('30');
    const emails = page.locator('.reminder-form .ant-select').first();
    await emails.click();
    await page.keyboard.type('not-an-email');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('提醒邮箱「not-an-email」格式不正确').waitFor();
    await page.locator('.reminder-form .ant-select [class*="-remove"]').first().click();
    await emails.click();
    await page.keyboard.type('hr@yunfan.example.com');
    await page.keyboard.press('Enter');
    const saved = apiAnswer(page, '/config/save');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await saved;
    await toasts.expect('保存成功');
    await shot(page, '02-saved');

    const stored = (await api('/wfsaas-saas/api/remind/config/get', { token: admin, companyId: 1, body: {} })).body.data as ReminderConfigView;
    expect(stored).toMatchObject({ birthday: { enabled: true, daysAhead: 30 }, emails: ['hr@yunfan.example.com'] });
    // the list now includes birthdays; the kind filter narrows it
    await page.locator('.ant-segmented').getByText('员工生日', { exact: true }).click();
    await expect.poll(async () => (await page.locator('.upcoming-table .ant-table-tbody .ant-tag').allInnerTexts()).every((t) => t === '员工生日')).toBe(true);
    await shot(page, '03-birthdays');
    await page.locator('.ant-segmented').getByText('合同到期', { exact: true }).click();
    await expect.poll(async () => (await page.locator('.upcoming-table .ant-table-tbody .ant-tag').allInnerTexts()).every((t) => t === '合同到期')).toBe(true);
    await expect.poll(() => page.locator('.upcoming-table .ant-table-tbody').innerText()).toContain(name);
    await shot(page, '04-contracts');
    await page.reload();
    await page.locator('.reminder-form').waitFor();
    await expect.poll(() => page.getByLabel('员工生日提前天数').inputValue()).toBe('30');
    await context.close();
  });
});
