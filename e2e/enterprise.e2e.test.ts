import { usccCheckChar } from '@wfsaas/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployeeByApi, ADMIN, api, apiLogin, chooseInSelect, COMPANY_1, enterAsAdmin, journeyShots, launchBrowser, motionDone, newPerson, openPage, screenshotOnFailure, signIn, smsCodeFor, smsCountFor } from './support.ts';

/**
 * 企业设置: a new company certifies itself by a small transfer the operator makes by hand (a wrong
 * amount first, then the right one); in 杭州云帆 an unreturned asset holds back a resignation until it is returned.
 */

const OPERATOR = '13900000000';
const shot = journeyShots('enterprise');
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => browser?.close());

/** A valid unified social credit code (GB 32100 check character), different run to run. */
function newCreditCode(): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  let body = '91330106';
  for (let i = 0; i < 9; i++) body += chars[Math.floor(Math.random() * chars.length)];
  return body + usccCheckChar(body)!;
}

/**
 * A phone of its own, so the company created with it does not join the demo admin's list that other
 * journeys count: invited to the demo company (left pending), it may sign in by an SMS code.
 */
async function invitedPhone(): Promise<string> {
  const phone = newPerson('', '166').mobile;
  const invited = await api('/wfsaas-system/api/subAccount/save', { token: admin, companyId: 1, body: { phone, nickname: '认证测试人' } });
  expect(invited.body.code, invited.body.message).toBe(200);
  return phone;
}

/** The 已领用 tab's count on /assetsList. */
async function issuedCount(page: Page): Promise<number> {
  const label = await page.locator('.asset-tabs .ant-tabs-tab', { hasText: '已领用' }).innerText();
  return Number(/\d+/.exec(label)?.[0] ?? Number.NaN);
}

describe('enterprise settings', () => {
  it('a new company is certified by a transfer the operator makes; a wrong amount costs a try', async () => {
    const owner = await openPage(browser);
    const operator = await openPage(browser);
    screenshotOnFailure('enterprise-certification', () => [...owner.context.pages(), ...operator.context.pages()]);
    const suffix = String(Date.now() % 1_000_000);
    const companyName = `杭州认证旅程${suffix}科技有限公司`;
    const phone = await invitedPhone();

    // ── the owner signs in by SMS code, creates the company and finds it 未认证 ──
    const p = owner.page;
    await p.goto('/login');
    await p.getByRole('tab', { name: '验证码登录' }).click();
    const before = await smsCountFor(phone);
    await p.getByPlaceholder('请输入手机号').last().fill(phone);
    await p.getByRole('button', { name: '获取验证码' }).click();
    await p.getByPlaceholder('6位验证码').fill(await smsCodeFor(phone, before));
    await p.getByRole('button', { name: /登\s*录/ }).last().click();
    await p.waitForURL((u) => !u.pathname.startsWith('/login'));
    await p.goto('/companyGuide');
    await p.getByLabel('企业名称').fill(companyName);
    await p.getByLabel('统一社会信用代码').fill(newCreditCode());
    await p.getByLabel('联系人').fill('林测');
    await p.getByLabel('联系电话').fill(phone);
    await p.getByRole('button', { name: '创建并进入企业' }).click();
    await p.waitForURL((u) => u.pathname === '/home');
    await p.goto('/enterpriseInformation');
    const panel = p.locator('.enterprise-certification');
    await expect.poll(() => panel.locator('.ant-tag').first().innerText()).toBe('未认证');
    await expect.poll(() => p.locator('.enterprise-profile').innerText()).toContain(companyName);

    // ── 对公打款认证: the owner gives the account ──
    await panel.getByText('对公打款认证').click();
    const start = panel.locator('.certification-payment-start');
    await start.getByLabel('开户银行').fill('招商银行杭州分行');
    await start.getByLabel('对公银行账号').fill('571908765432101');
    await shot(p, '01-unverified-payment-form');
    await start.getByRole('button', { name: '发起打款' }).click();
    await owner.toasts.expect('已发起打款');
    await expect.poll(() => panel.locator('.certification-payment').innerText()).toContain('待平台打款');

    // ── the operator makes the transfer and marks it executed ──
    const o = operator.page;
    await signIn(o, OPERATOR);
    await o.waitForURL((u) => u.pathname.startsWith('/operator'));
    await o.goto('/operator?tab=certifications');
    await o.getByRole('tab', { name: '对公打款验证' }).click();
    const transfer = o.locator('.operator-payment-table .ant-table-row', { hasText: companyName });
    await expect.poll(() => transfer.innerText()).toContain('571908765432101');
    const amount = /0\.\d\d/.exec(await transfer.innerText())?.[0];
    expect(amount).toMatch(/^0\.\d\d$/);
    await shot(o, '02-operator-transfer');
    await transfer.getByRole('button', { name: '标记已打款' }).click();
    const ask = o.locator('.ant-modal-confirm');
    await motionDone(ask);
    expect(await ask.innerText()).toContain(amount!);
    await ask.getByRole('button', { name: /确\s*定/ }).click();
    await operator.toasts.expect('已标记为已打款');
    await transfer.waitFor({ state: 'detached' });

    // ── the owner types a wrong amount (a try is lost), then the right one ──
    // a reload opens the licence form first: the owner picks the payment again
    await p.reload();
    await panel.getByText('对公打款认证').click();
    const input = panel.locator('.certification-amount input');
    await expect.poll(() => panel.locator('.certification-payment').innerText()).toContain('已打款，待填写金额');
    await expect.poll(() => panel.innerText()).toContain('还可尝试 3 次');
    await input.fill(amount === '0.01' ? '0.02' : '0.01');
    await panel.getByRole('button', { name: '确认金额' }).click();
    await expect.poll(() => panel.locator('.certification-payment-outcome').innerText()).toContain('金额不正确，还可尝试 2 次');
    await expect.poll(() => panel.innerText()).toContain('还可尝试 2 次');
    await shot(p, '03-wrong-amount');
    await input.fill(amount!);
    await panel.getByRole('button', { name: '确认金额' }).click();
    await expect.poll(() => panel.locator('.ant-tag').first().innerText()).toBe('已认证');
    await panel.getByText('企业已完成认证').waitFor();
    await shot(p, '04-certified');
    await Promise.all([owner.context.close(), operator.context.close()]);
  });

  it('an unreturned asset holds back a resignation until it is returned', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('enterprise-assets', () => context.pages());
    const person = newPerson('资产测', '135');
    await addEmployeeByApi(admin, { ...person, hireDate: '2023-05-08', status: 2 });
    const assetNo = `E2E-${Date.now() % 1_000_000}`;
    const assetName = '旅程笔记本电脑';

    await enterAsAdmin(page, COMPANY_1);
    // the company's rule: unreturned assets block a resignation
    await page.goto('/serviceConfiguration/assets');
    const rule = page.locator('.service-asset-rule .asset-block-quit');
    await expect.poll(() => rule.getAttribute('aria-checked')).toBe('true');

    // ── a new asset, issued to the employee ──
    await page.goto('/assetsList');
    await page.locator('.asset-table').waitFor();
    await page.locator('.asset-add').click();
    const form = page.locator('.ant-drawer', { hasText: '新增资产' });
    await motionDone(form);
    await form.getByPlaceholder('如 MBP-0012').fill(assetNo);
    await form.getByLabel('资产名称').fill(assetName);
    await form.locator('.ant-tag-checkable').first().click();
    await form.getByLabel('资产价值（元）').fill('8999');
    await form.locator('.asset-save').click();
    await toasts.expect('保存成功');
    await page.getByPlaceholder('编号、名称、型号、序列号或领用人').fill(assetNo);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.asset-table .ant-table-row', { hasText: assetNo });
    await expect.poll(() => row.innerText()).toContain('在库');
    // the counts follow the search: none of this asset is issued yet
    await expect.poll(() => issuedCount(page)).toBe(0);
    await row.locator('.asset-issue').click();
    const issue = page.locator('.ant-modal', { hasText: `领用资产 · ${assetNo}` });
    await motionDone(issue);
    await chooseInSelect(issue, issue.locator('.employee-picker').first(), person.name);
    await shot(page, '05-issue-asset');
    await issue.locator('.asset-move-ok').click();
    await toasts.expect('领用成功');
    await expect.poll(() => row.innerText()).toContain('已领用');
    await expect.poll(() => row.innerText()).toContain(person.name);
    await expect.poll(() => issuedCount(page)).toBe(1);

    // ── 办理离职 is refused, naming the asset ──
    await page.goto('/staffManagement/changeAlternation/doQuit');
    await page.locator('.doquit-page').waitFor();
    await page.getByRole('button', { name: '办理离职' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '离职员工' });
    await chooseInSelect(drawer, drawer.locator('.employee-picker').first(), person.name);
    await expect.poll(() => drawer.locator('.quit-assets').innerText()).toContain(`${assetNo} ${assetName}`);
    await chooseInSelect(drawer, drawer.locator('.quit-reason'), '个人发展');
    // the company's rule holds the resignation back: the notice names the asset and 确定 waits
    await expect.poll(() => drawer.locator('.quit-assets').innerText()).toContain(`${person.name}有1件资产未归还（${assetNo} ${assetName}），请先办理归还`);
    await expect.poll(() => drawer.getByRole('button', { name: /确\s*定/ }).isDisabled()).toBe(true);
    await shot(page, '06-resignation-refused');
    await drawer.getByRole('button', { name: /取\s*消/ }).click();
    const discard = page.locator('.ant-modal-confirm', { hasText: '放弃未保存的修改' });
    await motionDone(discard);
    await discard.getByRole('button', { name: '放弃修改' }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.locator('.doquit-table .ant-table-tbody').innerText()).not.toContain(person.name);

    // ── 归还, then the resignation goes through ──
    await page.goto('/assetsList');
    await page.getByPlaceholder('编号、名称、型号、序列号或领用人').fill(assetNo);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => row.innerText()).toContain('已领用');
    await row.locator('.asset-return').click();
    const giveBack = page.locator('.ant-modal', { hasText: `归还资产 · ${assetNo}` });
    await motionDone(giveBack);
    await giveBack.locator('.asset-move-ok').click();
    await toasts.expect('归还成功');
    await expect.poll(() => row.innerText()).toContain('在库');
    await expect.poll(() => issuedCount(page)).toBe(0);

    await page.goto('/staffManagement/changeAlternation/doQuit');
    await page.locator('.doquit-page').waitFor();
    await page.getByRole('button', { name: '办理离职' }).click();
    await chooseInSelect(drawer, drawer.locator('.employee-picker').first(), person.name);
    await chooseInSelect(drawer, drawer.locator('.quit-reason'), '个人发展');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await drawer.waitFor({ state: 'hidden' });
    await toasts.expect(/已办理，员工将于.*离职/);
    const leaving = page.locator('.doquit-table .ant-table-tbody tr', { hasText: person.name });
    await expect.poll(() => leaving.innerText()).toContain('主动离职');
    await shot(page, '07-resignation-done');
    await context.close();
  });
});
