import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDayPlus, COMPANY_1, enterAsAdmin, fillDate, journeyShots, launchBrowser, motionDone, openPage, screenshotOnFailure, signIn } from './support.ts';

/**
 * 交易: the admin buys an e-contract pack, pays its bill by bank transfer with a proof, the platform
 * operator confirms the transfer; the admin asks for an invoice of the paid bill, the operator issues it.
 */

const OPERATOR = '13900000000';
// a 1×1 PNG (the transfer's proof) and a minimal PDF (the electronic invoice), as in apps/server/src/test/uploads.ts
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const stamp = String(Date.now() % 100_000_000).padStart(8, '0');
const REFERENCE = `ZZ${stamp}`;
const INVOICE_NO = `FP${stamp}`;

const shot = journeyShots('trade');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The 账单管理 badge of the side menu (antd titles it with the count; no badge is 0). */
async function billBadge(page: Page): Promise<number> {
  const badge = page.locator('.app-sider a[data-menu-name="billManagement"] .ant-badge-count');
  return (await badge.count()) === 0 ? 0 : Number(await badge.first().getAttribute('title'));
}

/** 已购 signatures, from the 电子合同剩余份数 figure ("left / bought"). */
async function signaturesBought(page: Page): Promise<number> {
  const figure = page.locator('.app-center-page .ant-statistic', { hasText: '电子合同剩余份数' });
  const m = /\/\s*(\d+)/.exec(await figure.innerText());
  return m ? Number(m[1]) : NaN;
}

describe('trade', () => {
  it('buys a pack, pays its bill by transfer, the operator confirms it and issues the invoice', async () => {
    const admin = await openPage(browser);
    const operator = await openPage(browser);
    screenshotOnFailure('trade', () => [...admin.context.pages(), ...operator.context.pages()]);
    const a = admin.page;
    await enterAsAdmin(a, COMPANY_1);

    // ── the badge before: the demo company has a bill waiting ──
    await a.goto('/billManagement');
    await a.locator('.bill-table .ant-table-row').first().waitFor();
    await a.locator('.app-sider a[data-menu-name="billManagement"] .ant-badge-count').waitFor();
    const badgeBefore = await billBadge(a);
    expect(badgeBefore).toBeGreaterThan(0);

    // ── 订阅中心: a 100-signature pack, priced by the server ──
    await a.goto('/appCenter');
    const card = a.locator('.subs-card-econtract');
    await card.locator('.subs-pack').waitFor();
    const boughtBefore = await signaturesBought(a);
    expect(boughtBefore).toBeGreaterThan(0);
    await shot(a, '01-app-center');
    await card.locator('.subs-pack').click();
    const order = a.locator('.subs-order-modal');
    await motionDone(order);
    await expect.poll(() => order.locator('.ant-select').first().innerText()).toContain('100份套餐包');
    const quote = order.locator('.subs-quote');
    await expect.poll(() => quote.innerText()).toMatch(/应付金额\s*¥500\.00/);
    await shot(a, '02-order-quote');
    await order.locator('.subs-submit').click();
    await admin.toasts.expect('订单已提交，请在账单管理中付款');
    const pending = card.locator('.ant-alert', { hasText: '待付款' });
    const orderNo = /订单(\S+?)待付款/.exec(await pending.innerText())![1]!;
    const orderRow = a.locator('.subs-orders-table .ant-table-row', { hasText: orderNo });
    await expect.poll(() => orderRow.innerText()).toContain('¥500.00');
    const billNo = (await orderRow.locator('td').nth(7).innerText()).trim();
    expect(billNo).toMatch(/\w+/);
    await shot(a, '03-order-pending');

    // ── 账单管理: the new bill waits for payment; pay it by bank transfer ──
    await a.goto('/billManagement');
    const bill = a.locator('.bill-table .ant-table-row', { hasText: billNo });
    await expect.poll(() => bill.innerText()).toContain('待付款');
    await expect.poll(() => billBadge(a)).toBe(badgeBefore + 1);
    await bill.locator('.bill-pay').click();
    const pay = a.locator('.ant-modal', { hasText: '付款：' });
    await motionDone(pay);
    await expect.poll(() => pay.locator('.ant-select').first().innerText()).toContain('银行转账');
    await expect.poll(() => pay.locator('.platform-payee').innerText()).toContain('招商银行杭州分行营业部');
    await pay.getByLabel('转账流水号').fill(REFERENCE);
    await pay.locator('input[type=file]').setInputFiles({ name: '回单.png', mimeType: 'image/png', buffer: PNG });
    await pay.getByText('回单.png').waitFor();
    await shot(a, '04-pay-by-transfer');
    await pay.getByRole('button', { name: /提\s*交/ }).click();
    await admin.toasts.expect('转账凭证已提交，等待平台确认到账');
    // a transfer awaiting the platform no longer counts as waiting for the company
    await expect.poll(() => billBadge(a)).toBe(badgeBefore);
    await bill.getByRole('button', { name: '查看' }).click();
    const drawer = a.locator('.bill-drawer');
    await motionDone(drawer);
    await drawer.locator('.ant-alert', { hasText: '转账凭证已提交，等待平台确认到账' }).waitFor();
    await expect.poll(() => drawer.locator('.ant-table-row', { hasText: REFERENCE }).innerText()).toContain('¥500.00');
    await shot(a, '05-transfer-submitted');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // ── the platform operator confirms the transfer ──
    const o = operator.page;
    await signIn(o, OPERATOR);
    await o.waitForURL((u) => u.pathname === '/operator');
    await o.getByRole('tab', { name: '账单与转账' }).click();
    const transfer = o.locator('.payment-confirm-panel .ant-table-row', { hasText: billNo });
    await expect.poll(() => transfer.innerText()).toContain(REFERENCE);
    await shot(o, '06-operator-transfers');
    await transfer.locator('.op-confirm-transfer').click();
    const ask = o.locator('.ant-modal-confirm');
    await motionDone(ask);
    await expect.poll(() => ask.innerText()).toContain(REFERENCE);
    await ask.getByRole('button', { name: '确认到账' }).click();
    await operator.toasts.expect('已确认到账，账单已付款');
    await transfer.waitFor({ state: 'detached' });

    // ── the admin: the bill is paid and the pack's signatures are added ──
    await a.reload();
    await expect.poll(() => bill.innerText()).toContain('已付款');
    await shot(a, '07-bill-paid');
    await a.goto('/appCenter');
    await card.locator('.subs-pack').waitFor();
    await expect.poll(() => signaturesBought(a)).toBe(boughtBefore + 100);
    await expect.poll(() => orderRow.innerText()).toContain('已生效');
    await shot(a, '08-pack-added');

    // ── 发票管理: an ordinary invoice of that bill, to the default title ──
    await a.goto('/invoiceManagement');
    await a.locator('.invoice-request').click();
    const request = a.locator('.ant-drawer', { hasText: '选择账单' });
    await motionDone(request);
    const choice = request.locator('.invoice-bill-table .ant-table-row', { hasText: billNo });
    await choice.locator('input[type=checkbox]').check();
    await expect.poll(() => request.innerText()).toContain('已选 1 张，合计 ¥500.00');
    await expect.poll(() => request.getByLabel('发票抬头').locator('xpath=ancestor::*[contains(@class,"ant-select")][1]').innerText()).toContain('默认');
    await expect(request.getByRole('radio', { name: '普通发票' }).isChecked()).resolves.toBe(true);
    await request.getByLabel('接收邮箱').fill('finance@yunfan.example.com');
    await shot(a, '09-invoice-request');
    await request.locator('.invoice-submit').click();
    await admin.toasts.expect('已提交开票申请');
    const invoice = a.locator('.invoice-table .ant-table-row', { hasText: billNo });
    await expect.poll(() => invoice.innerText()).toContain('待开票');
    const requestNo = (await invoice.locator('td').first().innerText()).trim();

    // ── the operator issues it ──
    await o.getByRole('tab', { name: '发票开具' }).click();
    const asked = o.locator('.op-invoice-table .ant-table-row', { hasText: requestNo });
    await expect.poll(() => asked.innerText()).toContain('普通发票');
    await asked.locator('.op-invoice-issue').click();
    const issue = o.locator('.ant-modal', { hasText: '电子发票（PDF）' });
    await motionDone(issue);
    await issue.getByLabel('发票号码').fill(INVOICE_NO);
    await fillDate(issue.getByLabel('开票日期'), chinaDayPlus(0));
    await issue.locator('input[type=file]').setInputFiles({ name: '发票.pdf', mimeType: 'application/pdf', buffer: PDF });
    await issue.getByText('发票.pdf').waitFor();
    await shot(o, '10-operator-issues');
    await issue.locator('.op-invoice-issue-ok').click();
    await operator.toasts.expect('已开票');
    await asked.waitFor({ state: 'detached' });

    // ── the admin sees it issued, then the trade overview ──
    await a.reload();
    await expect.poll(() => invoice.innerText()).toContain('已开票');
    await expect.poll(() => invoice.innerText()).toContain(`${INVOICE_NO}（${chinaDayPlus(0)}）`);
    await invoice.locator('.invoice-download').waitFor();
    await invoice.locator('td', { hasText: INVOICE_NO }).scrollIntoViewIfNeeded();
    await shot(a, '11-invoice-issued');
    await a.goto('/tradeInformation');
    for (const panel of ['.trade-bills', '.trade-subscriptions', '.trade-custody', '.trade-invoices']) await a.locator(`.trade-information-page ${panel}`).waitFor();
    await expect.poll(() => a.locator('.trade-subscriptions').innerText()).toContain('电子合同');
    await expect.poll(() => a.locator('.trade-bills').innerText()).toContain('待付款');
    await shot(a, '12-trade-information');
    await Promise.all([admin.context.close(), operator.context.close()]);
  });
});
