import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_1, enterAsAdmin, journeyShots, launchBrowser, motionDone, openPage, screenshotOnFailure, signIn } from './support.ts';

/**
 * 客户线索: a visitor arrives through a promoter's link, signs in, asks to open 薪酬计算 from 订阅中心;
 * the platform operator sees the lead with its promoter, looks up the phone and follows it up.
 */

const OPERATOR = '13900000000';
const MOBILE = '13812346655';
const shot = journeyShots('leads');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('leads', () => {
  it('carries the promoter of the visit from the entry link to the operator’s lead list', async () => {
    const admin = await openPage(browser);
    const operator = await openPage(browser);
    screenshotOnFailure('leads', () => [...admin.context.pages(), ...operator.context.pages()]);
    const a = admin.page;

    // ── entry through a promoter's link, then sign-in ──
    await a.goto('/?promoterId=P1&gwSource=mail');
    await a.waitForURL((u) => u.pathname === '/login');
    expect((await admin.context.cookies()).find((c) => c.name === 'promoterInfo')?.value).toContain('P1');
    await enterAsAdmin(a, COMPANY_1);

    // ── 订阅中心: 咨询开通 on a service the company has not subscribed to ──
    await a.goto('/appCenter');
    const card = a.locator('.subs-card-payroll');
    await card.locator('.subs-consult').waitFor();
    await shot(a, '01-app-center');
    await card.locator('.subs-consult').click();
    const modal = a.locator('.lead-form-modal');
    await motionDone(modal);
    await expect.poll(() => modal.locator('.ant-modal-title').innerText()).toBe('咨询开通 · 薪酬计算');
    await modal.getByLabel('手机号').fill(MOBILE);
    await modal.getByLabel('企业人数').fill('320');
    await modal.getByLabel('咨询内容').fill('想了解薪酬计算与个税申报，希望下周安排演示');
    await shot(a, '02-lead-form');
    await modal.locator('.lead-submit').click();
    await admin.toasts.expect('提交成功，顾问将在1个工作日内与您联系');
    await modal.waitFor({ state: 'hidden' });

    // ── the operator: the lead with its promoter, the phone looked up, a follow-up ──
    const o = operator.page;
    await signIn(o, OPERATOR);
    await o.waitForURL((u) => u.pathname === '/operator');
    await o.getByRole('tab', { name: '客户线索' }).click();
    const masked = o.locator('.op-lead-table .ant-table-row', { hasText: '138****6655' });
    await expect.poll(() => masked.innerText()).toContain('P1');
    const leadRow = `.op-lead-table .ant-table-row[data-row-key="${await masked.getAttribute('data-row-key')}"]`;
    const row = o.locator(leadRow);
    expect(await row.innerText()).toContain('薪酬计算');
    expect(await row.innerText()).toContain(COMPANY_1);
    expect(await row.innerText()).toContain('来源 mail');
    await shot(o, '03-operator-leads');
    await row.locator('.op-lead-reveal').click();
    await expect.poll(() => row.innerText()).toContain(MOBILE);
    await row.locator('.op-lead-follow').click();
    const follow = o.locator('.ant-modal', { hasText: '跟进线索' });
    await motionDone(follow);
    await follow.getByLabel('跟进记录').fill('已电话联系，约下周二演示');
    await shot(o, '04-follow-up');
    await follow.locator('.op-lead-follow-ok').click();
    await operator.toasts.expect('已保存跟进记录');
    // 新线索 is the default filter: the followed lead moves to 已联系
    await row.waitFor({ state: 'detached' });
    await o.locator('.leads-panel .ant-select').first().click();
    await o.locator('.ant-select-item-option', { hasText: '已联系' }).click();
    const contacted = o.locator(leadRow);
    await expect.poll(() => contacted.innerText()).toContain('已电话联系，约下周二演示');
    await shot(o, '05-contacted');

    // ── the admin's other new views: contract notice settings, an onboarding's progress ──
    await a.goto('/contractManagement/employeeContractManagement');
    await a.locator('.open-sign-subscribe').click();
    const drawer = a.locator('.sign-subscribe-drawer');
    await motionDone(drawer);
    await drawer.getByText('待我签署').waitFor();
    await shot(a, '06-sign-subscribe');
    await drawer.getByRole('switch').nth(1).click();
    await drawer.locator('.sign-subscribe-save').click();
    await admin.toasts.expect('保存成功');
    await a.goto('/selfOnboarding/list');
    await a.locator('.induction-page .induction-progress').first().click();
    const progress = a.locator('.induction-progress-drawer');
    await motionDone(progress);
    await progress.getByText('确认入职（待办理）').waitFor();
    await shot(a, '07-induction-progress');
    await Promise.all([admin.context.close(), operator.context.close()]);
  });
});
