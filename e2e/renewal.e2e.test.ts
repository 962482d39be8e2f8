import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployeeByApi, ADMIN, api, apiLogin, chinaDayPlus, chooseInSelect, enterAsAdmin, journeyShots, launchBrowser, newPerson, openPage, screenshotOnFailure } from './support.ts';

/** 合同续签 and 合同变更: a contract ending soon is renewed; another contract's term is changed. */

const shot = journeyShots('renewal');
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => browser?.close());


describe('labour contracts', () => {
  it('renews a contract ending soon and changes a contract term', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('renewal', () => context.pages());
    const person = newPerson('续签测', '131');
    const name = person.name;
    const employeeId = await addEmployeeByApi(admin, { ...person, hireDate: '2023-12-15', status: 2 });
    const contract = await api('/wfsaas-saas/api/employeeContract/add', { token: admin, companyId: 1, body: { employeeId, type: 1, startDate: '2023-12-15', endDate: chinaDayPlus(15) } });
    expect(contract.body.code, contract.body.message).toBe(200);

    await enterAsAdmin(page);
    await page.goto('/staffManagement/changeAlternation/renewal');
    await page.locator('input#renewal_keyword').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.renewal-table .ant-table-tbody tr', { hasText: name });
    await expect.poll(() => row.innerText()).toContain('15 天后到期');
    await shot(page, '01-expiring');
    await row.getByRole('button', { name: '续签', exact: true }).click();
    const modal = page.locator('.ant-modal', { hasText: '续签' });
    await modal.locator('.contract-form').waitFor();
    expect(await modal.locator('input#startDate').inputValue()).toBe(chinaDayPlus(16));
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await modal.waitFor({ state: 'hidden' });
    await toasts.expect('续签成功');
    await page.getByRole('tab', { name: /已续签/ }).click();
    await expect.poll(() => row.innerText()).toContain(chinaDayPlus(16));
    await shot(page, '02-renewed');

    await page.goto('/staffManagement/changeAlternation/contractAlter');
    await page.getByRole('button', { name: '发起合同变更' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '发起合同变更' });
    await chooseInSelect(drawer, drawer.locator('.employee-picker'), name);
    await drawer.getByText(/当前合同：固定期限劳动合同/).waitFor();
    await drawer.locator('textarea#content').fill('经双方协商一致，工作地点变更为上海');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await drawer.waitFor({ state: 'hidden' });
    await toasts.expect('合同变更已生效');
    await expect.poll(() => page.locator('.contract-alter-table .ant-table-tbody').innerText()).toContain('经双方协商一致，工作地点变更为上海');
    await shot(page, '03-changed');

    // the employee file shows both contracts and the history
    await page.goto(`/staffRoll?file=${employeeId}`);
    const file = page.locator('.employee-file');
    await file.locator('.file-name', { hasText: name }).waitFor();
    await file.getByRole('tab', { name: '合同' }).click();
    await expect.poll(() => file.locator('.employee-contracts .ant-table-tbody').innerText()).toContain('已续签');
    expect(await file.locator('.employee-contracts .ant-table-tbody').innerText()).toContain('生效中');
    await file.getByRole('tab', { name: '异动记录' }).click();
    await expect.poll(() => file.locator('.change-timeline').innerText()).toContain('合同续签');
    expect(await file.locator('.change-timeline').innerText()).toContain('工作地点变更为上海');
    await shot(page, '04-employee-file');
    await context.close();
  });
});
