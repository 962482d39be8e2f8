import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployeeByApi, ADMIN, api, apiAnswer, apiLogin, chinaDayPlus, enterAsAdmin, fillDate, journeyShots, launchBrowser, newPerson, openPage, screenshotOnFailure } from './support.ts';

/**
 * 异动设置: HR makes regularisations need review; a regularisation then waits as 待审批, is rejected
 * with a reason on the settings screen, put forward again and approved, and the employee is regular.
 */

const shot = journeyShots('transaction-set');
const SCENE = '/wfsaas-saas/api/abnormalChangeSceneConfig';
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => {
  // the other journeys expect changes to take effect without review
  if (admin) await api(`${SCENE}/save`, { token: admin, companyId: 1, body: { reviewTypes: [], defaultProbationMonths: 3 } });
  if (admin) await api('/wfsaas-saas/api/abnormalChangeFormConfig/remove', { token: admin, companyId: 1, body: { type: 'regularize' } });
  await browser?.close();
});

describe('change review', () => {
  it('a regularisation needing review is rejected with a reason, then approved', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('transaction-set', () => context.pages());
    const person = newPerson('审批测', '136');
    const name = person.name;
    const employeeId = await addEmployeeByApi(admin, { ...person, hireDate: chinaDayPlus(-80), probationEndDate: chinaDayPlus(10), status: 1 });

    // 转正 carries a company form with one required field
    const form = await api('/wfsaas-saas/api/abnormalChangeFormConfig/save', {
      token: admin,
      companyId: 1,
      body: { type: 'regularize', formConfig: { cols: 1 }, widgetList: [{ id: 'e2e-assess', type: 'input', label: '考核结果', key: 'assessment', options: { required: true } }] },
    });
    expect(form.body.code, form.body.message).toBe(200);

    // the settings screen: 转正 needs review
    await enterAsAdmin(page);
    await page.goto('/enterpriseInformation/transactionSet');
    await page.locator('.transaction-set-page .change-settings-form').waitFor();
    await page.locator('.change-settings-form').getByLabel('转正').check();
    const saved = apiAnswer(page, '/abnormalChangeSceneConfig/save');
    await page.locator('.save-change-settings').click();
    await saved;
    await toasts.expect('保存成功');
    await expect.poll(() => page.locator('.change-form-regularize').innerText()).toContain('考核结果（必填）');
    await page.locator('.change-form-regularize').getByRole('button', { name: '设置表单' }).click();
    await page.locator('.custom-fields-drawer .custom-fields-table').waitFor();
    await shot(page, '01-settings-form');
    await page.locator('.custom-fields-drawer').getByRole('button', { name: /取\s*消/ }).click();
    await shot(page, '01-settings');

    // 办理转正 today: it waits for review, no effect yet
    await page.goto('/staffManagement/changeAlternation/conversion');
    await page.locator('.conversion-page').waitFor();
    await page.locator('.query-form input#conversion_keyword').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.conversion-table .ant-table-tbody tr', { hasText: name });
    await row.getByRole('button', { name: '办理转正' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '办理转正' });
    await dialog.locator('.conversion-form').waitFor();
    await fillDate(dialog.locator('input').first(), chinaDayPlus(0));
    // the company form's field is required
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请填写考核结果').waitFor();
    await dialog.locator('.change-form-fields input').fill('优秀');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await toasts.expect('已提交审批，审批通过后生效');
    await page.getByRole('tab', { name: /待生效/ }).click();
    await expect.poll(() => row.innerText()).toContain('待审批');
    await shot(page, '02-waiting-review');

    // the header's way to the review list, with the count
    await page.locator('.change-settings-link').click();
    await page.locator('.change-review-table').waitFor();
    const pending = page.locator('.change-review-table .ant-table-tbody tr', { hasText: name });
    await expect.poll(() => pending.innerText()).toContain('考核结果：优秀');
    await pending.getByRole('button', { name: '驳回' }).click();
    const reject = page.locator('.ant-modal', { hasText: '驳回原因' });
    await reject.locator('textarea').fill('试用期考核尚未完成');
    await reject.getByRole('button', { name: /驳\s*回/ }).click();
    await reject.waitFor({ state: 'hidden' });
    await toasts.expect('已驳回 1 条');
    await page.getByRole('tab', { name: /已驳回/ }).click();
    await expect.poll(() => page.locator('.change-review-table .ant-table-tbody tr', { hasText: name }).innerText()).toContain('驳回原因：试用期考核尚未完成');
    await shot(page, '03-rejected');

    // put forward again (through the API) and approved on the screen: effective at once
    const again = await api('/wfsaas-saas/api/employeeRegularWorker/do', { token: admin, companyId: 1, body: { employeeId, effectiveDate: chinaDayPlus(0), formValues: { assessment: '合格' } } });
    expect((again.body.data as { status: number }).status).toBe(3);
    await page.getByRole('tab', { name: /待审批/ }).click();
    await pending.getByRole('button', { name: '通过' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /通\s*过/ }).click();
    await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
    await toasts.expect('已通过 1 条');
    await page.getByRole('tab', { name: /已通过/ }).click();
    await expect.poll(() => page.locator('.change-review-table .ant-table-tbody tr', { hasText: name }).innerText()).toContain('已生效');
    await shot(page, '04-approved');
    const info = await api('/wfsaas-saas/api/companyEmployeeInfo/detail', { token: admin, companyId: 1, body: { id: employeeId } });
    expect((info.body.data as { status: number }).status).toBe(2);
    await context.close();
  });
});
