import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDayPlus, chooseInTreeSelect, COMPANY_1, COMPANY_2, confirmOk, enterAsAdmin, fillDate, journeyShots, launchBrowser, motionDone, newPerson, openPage, screenshotOnFailure } from './support.ts';

/**
 * 外包用工 with joint custody: the client company (杭州云帆, a dispatch client of 上海启明 on the
 * platform) raises a fill-post order for two 仓储分拣员 under 共管管理; the provider accepts it and
 * fills it with two onboardings (terms checked against the dispatch rules, the worker's details,
 * 确认到岗), the order reads 已完成 2/2; then the client confirms last month's bill.
 */

const POST = '仓储分拣员';
const REQUIREMENT = `夜班分拣 ${Date.now() % 100_000}`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** From the order's detail: 为该工单办理入职 → terms (prefilled) → the worker → 提交 → 确认到岗. */
async function onboard(page: Page, shot: (p: Page, n: string) => Promise<void>, prefix: string, first: boolean): Promise<string> {
  await page.locator('.order-detail-page .order-onboard').click();
  await page.waitForURL(/initiateOnboarding\?/);
  const terms = page.locator('.onboarding-terms');
  await expect.poll(() => terms.innerText()).toContain(POST);
  // the dispatch rules are checked as the terms stand: the ratio shows, nothing blocks
  await page.locator('.onboarding-start-page', { hasText: '派遣比例' }).waitFor();
  if (first) await shot(page, '04-onboarding-terms');
  await page.locator('.onboarding-next').click();
  await page.waitForURL(/initiateOnboardingStep/);
  const form = page.locator('.onboarding-worker');
  const person = newPerson(prefix, '174');
  await form.getByLabel('姓名').fill(person.name);
  await form.getByLabel('手机号').fill(person.mobile);
  await form.getByLabel('证件号码').fill(person.idNumber);
  const employeeNo = form.getByLabel('工号');
  if (await employeeNo.isEditable()) await employeeNo.fill(person.employeeNo);
  await chooseInTreeSelect(form, form.getByLabel('部门'));
  await form.getByLabel('月基本工资（元）').fill('5200');
  if (first) await shot(page, '05-onboarding-worker');
  await page.locator('.onboarding-submit').click();
  const done = page.locator('.onboarding-done');
  await done.waitFor();
  await done.locator('.onboarding-confirm').click();
  const dialog = page.locator('.labour-confirm-modal');
  await motionDone(dialog);
  await dialog.locator('.labour-confirm-ok').click();
  const result = page.locator('.labour-confirm-result');
  await result.locator('.confirm-insurance').waitFor();
  await expect.poll(() => result.innerText()).toContain(`${person.name} 已在 ${COMPANY_1} 到岗`);
  if (first) await shot(page, '06-arrived');
  await result.getByRole('button', { name: '知道了' }).click();
  return person.name;
}

describe('outsourced labour under joint custody', () => {
  it('fills a client’s fill-post order with two onboardings and the client confirms its bill', async () => {
    const client = await openPage(browser);
    const provider = await openPage(browser);
    screenshotOnFailure('outsourcing', () => [...client.context.pages(), ...provider.context.pages()]);
    const shot = journeyShots('outsourcing');
    await Promise.all([enterAsAdmin(client.page, COMPANY_1), enterAsAdmin(provider.page, COMPANY_2)]);

    // ── the client raises a fill-post order under 共管管理 ──
    const c = client.page;
    await c.goto('/qtOutsource/condominiumManage');
    await c.locator('.custody-provider').waitFor();
    await c.locator('.custody-client-tabs .ant-tabs-tab', { hasText: '工单' }).click();
    await c.locator('.custody-order-create').click();
    const raise = c.locator('.custody-order-dialog');
    await motionDone(raise);
    await raise.getByLabel('岗位', { exact: true }).fill(POST);
    await raise.getByLabel('需求人数').fill('2');
    await raise.getByLabel('薪资标准').fill('5200');
    await fillDate(raise.getByLabel('期望到岗日期'), chinaDayPlus(0));
    await raise.getByLabel('岗位要求', { exact: true }).fill(REQUIREMENT);
    await shot(c, '01-client-raises-order');
    await raise.locator('.custody-order-save').click();
    const raised = c.locator('.custody-order-table .ant-table-row', { hasText: POST }).filter({ hasText: '待接单' });
    await raised.first().waitFor();

    // ── the provider accepts it ──
    const p = provider.page;
    await p.goto('/outsourcingLabor/outsourceOrder/fillPostOrder');
    const row = p.locator('.fill-post-order-page .ant-table-row', { hasText: '用工单位提交' }).filter({ hasText: '待接单' }).filter({ hasText: POST });
    await row.first().waitFor();
    await shot(p, '02-provider-orders');
    await row.first().locator('.order-view').click();
    await p.locator('.order-detail-page', { hasText: REQUIREMENT }).waitFor();
    await p.locator('.order-detail-page .order-accept').click();
    await confirmOk(p);
    await p.locator('.order-detail-page .ant-tag', { hasText: '招聘中' }).first().waitFor();
    const detailUrl = p.url();
    await shot(p, '03-order-accepted');

    // ── two onboardings against the order ──
    const first = await onboard(p, shot, '派遣甲', true);
    await p.goto(detailUrl);
    await p.locator('.order-detail-page .ant-tag', { hasText: '部分到岗' }).first().waitFor();
    const second = await onboard(p, shot, '派遣乙', false);
    await p.goto(detailUrl);
    const placed = p.locator('.order-detail-page .order-placements');
    await p.locator('.order-detail-page .ant-tag', { hasText: '已完成' }).first().waitFor();
    await expect.poll(() => placed.innerText()).toContain(first);
    await expect.poll(() => placed.innerText()).toContain(second);
    await expect.poll(() => p.locator('.order-detail-page .order-facts').innerText()).toContain('2/2');
    await shot(p, '07-order-done');

    // ── the client sees its new workers and confirms last month's bill ──
    await c.reload();
    await c.locator('.custody-worker-table .ant-table-row', { hasText: first }).waitFor();
    await c.locator('.custody-client-tabs .ant-tabs-tab', { hasText: '账单' }).click();
    const bill = c.locator('.custody-bill-table .ant-table-row').filter({ hasText: '待确认' });
    await bill.first().waitFor();
    const billNo = (await bill.first().locator('td').first().innerText()).trim();
    await bill.first().locator('.custody-bill-confirm').click();
    const ask = c.locator('.ant-modal-confirm');
    await motionDone(ask);
    await ask.getByRole('button', { name: '确认账单' }).click();
    await c.locator('.custody-bill-table .ant-table-row', { hasText: billNo }).filter({ hasText: '待付款' }).waitFor();
    await shot(c, '08-client-confirmed-bill');

  });
});
