import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_1, enterAsAdmin, journeyShots, launchBrowser, motionDone, openPage, screenshotOnFailure } from './support.ts';

/**
 * 实施中心: the implementer opens /implement and lands on the set-up checklist, marks a step 无需配置,
 * hands the company over; then adds a paying account that exports in the 招商银行 layout.
 */

const shot = journeyShots('system-initialize');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('system initialize', () => {
  it('lands on the checklist, marks a step not needed, hands over, and adds a 招商银行 paying account', async () => {
    const { page, toasts } = await openPage(browser);
    screenshotOnFailure('system-initialize', () => [page]);
    await enterAsAdmin(page, COMPANY_1);

    // ── /implement lands on 系统初始化 ──
    await page.goto('/implement');
    await page.waitForURL('**/implement/systemInitialize');
    const steps = page.locator('.setup-step');
    await steps.first().waitFor();
    expect(await steps.count()).toBe(12);
    // the demo company has employees: that step is done from its data
    expect(await page.locator('.setup-step-employees').getAttribute('data-state')).toBe('done');
    await shot(page, '01-checklist');

    // ── a step still to do is marked 无需配置 ──
    const todo = page.locator('.setup-step[data-state="todo"]').first();
    const stepClass = (await todo.getAttribute('class'))!.split(' ').find((c) => c.startsWith('setup-step-'))!;
    const percentBefore = await page.locator('.setup-percent').innerText();
    await todo.locator('.setup-skip').click();
    const confirm = page.locator('.ant-modal-confirm');
    await motionDone(confirm);
    await confirm.locator('.ant-btn-primary').click();
    await toasts.expect('已标记为无需配置');
    const skipped = page.locator(`.${stepClass}`);
    await expect.poll(() => skipped.getAttribute('data-state')).toBe('skipped');
    await skipped.getByText('标记为无需配置').waitFor();
    expect(await page.locator('.setup-percent').innerText()).not.toBe(percentBefore);

    // ── 交付 ──
    await page.locator('.setup-handover').click();
    const drawer = page.locator('.ant-drawer', { hasText: '确认交付' });
    await motionDone(drawer);
    await drawer.locator('#setup-receiver').fill('人事经理 周敏');
    await drawer.locator('#setup-note').fill('已完成基础配置与培训');
    await page.locator('.setup-handover-ok').click();
    await toasts.expect('交付已记录');
    await page.locator('.setup-handovers .ant-table-row', { hasText: '人事经理 周敏' }).waitFor();
    await shot(page, '02-handed-over');

    // ── 支付配置: a paying account in the 招商银行 layout ──
    await page.goto('/implement/payConfig');
    await page.locator('.pay-config .ant-table').first().waitFor();
    await page.locator('.pay-add').click();
    const form = page.locator('.ant-drawer', { hasText: '新增付款账户' });
    await motionDone(form);
    await form.locator('#pay-bank').fill('招商银行');
    await form.locator('#pay-branch').fill('杭州高新支行');
    await form.locator('#pay-account-name').fill(COMPANY_1);
    await form.locator('#pay-account-number').fill('571908765410802');
    await form.locator('.pay-layout').getByText('招商银行').click();
    await form.getByText('账号 / 户名 / 金额 / 注释').waitFor();
    await page.locator('.pay-save').click();
    await toasts.expect('保存成功');
    const row = page.locator('.pay-config .ant-table-row', { hasText: '**** **** **** 0802' });
    await row.waitFor();
    expect(await row.innerText()).toContain('招商银行（xlsx）');
    expect(await row.innerText()).not.toContain('571908765410802');
    await shot(page, '03-pay-config');
  });
});
