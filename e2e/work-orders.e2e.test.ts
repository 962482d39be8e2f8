import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseInSelect, COMPANY_1, enterAsAdmin, journeyShots, launchBrowser, motionDone, openPage, screenshotOnFailure, signIn } from './support.ts';

/**
 * 工单: the admin opens a ticket with a screenshot; the platform operator answers it in the console
 * and marks it resolved; the admin reads the answer, confirms and rates the service.
 */

const OPERATOR = '13900000000';
// a 1×1 PNG, as in apps/server/src/test/uploads.ts
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const TITLE = `导入考勤表提示列名不匹配 ${String(Date.now() % 100_000).padStart(5, '0')}`;
const ANSWER = '您好，考勤表第一行的列名需与模板一致，请将「上班打卡」改为「签到时间」后重新导入。';

const shot = journeyShots('work-orders');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The 工单管理 badge of the side menu (antd titles it with the count; no badge is 0). */
async function workOrderBadge(page: Page): Promise<number> {
  const badge = page.locator('.app-sider a[data-menu-name="orderManagement"] .ant-badge-count');
  return (await badge.count()) === 0 ? 0 : Number(await badge.first().getAttribute('title'));
}

describe('work orders', () => {
  it('the admin opens a ticket, the operator answers and resolves it, the admin confirms and rates it', async () => {
    const admin = await openPage(browser);
    const operator = await openPage(browser);
    screenshotOnFailure('work-orders', () => [...admin.context.pages(), ...operator.context.pages()]);
    const a = admin.page;
    await enterAsAdmin(a, COMPANY_1);

    // ── 工单管理: the demo company's tickets, by status; one is waiting for the company ──
    await a.goto('/orderManagement');
    await a.locator('.work-order-table .ant-table-row').first().waitFor();
    await expect.poll(() => a.locator('.work-order-tabs').innerText()).toMatch(/待确认\s*1/);
    await expect.poll(() => workOrderBadge(a)).toBe(1);
    await shot(a, '01-list');

    // ── 新建工单 with a screenshot ──
    await a.locator('.work-order-add').click();
    const drawer = a.locator('.work-order-new');
    await motionDone(drawer);
    await chooseInSelect(drawer, drawer.getByLabel('工单类型'), '功能异常');
    await drawer.getByLabel('标题').fill(TITLE);
    await drawer.getByLabel('问题描述').fill('按模板导入5月考勤表，系统提示第1行列名不匹配，已核对列名与模板一致。');
    await drawer.getByLabel('联系电话').fill('13912345678');
    await drawer.locator('input[type=file]').setInputFiles({ name: '提示截图.png', mimeType: 'image/png', buffer: PNG });
    await drawer.getByText('提示截图.png').waitFor();
    await shot(a, '02-new-ticket');
    await drawer.locator('.work-order-submit').click();
    await admin.toasts.expect('工单已提交，平台将尽快受理');
    await a.waitForURL((u) => u.pathname.startsWith('/managementDetail/'));
    const page = a.locator('.work-order-detail-page');
    await expect.poll(() => page.locator('.work-order-title').innerText()).toBe(TITLE);
    await expect.poll(() => page.locator('.work-order-facts').innerText()).toContain('提示截图.png');
    await expect.poll(() => page.innerText()).toContain('待受理');
    const orderNo = /工单 (GD\d+)/.exec(await page.innerText())![1]!;
    await shot(a, '03-ticket-opened');

    // ── the platform operator answers it in the console, then resolves it ──
    const o = operator.page;
    await signIn(o, OPERATOR);
    await o.waitForURL((u) => u.pathname === '/operator');
    await o.getByRole('tab', { name: '工单处理' }).click();
    const row = o.locator('.op-work-order-table .ant-table-row', { hasText: orderNo });
    await expect.poll(() => row.innerText()).toContain('待回复');
    await shot(o, '04-operator-queue');
    await row.locator('.op-work-order-open').click();
    const ticket = o.locator('.op-work-order-drawer');
    await motionDone(ticket);
    await expect.poll(() => ticket.locator('.op-work-order-detail').innerText()).toContain('提示截图.png');
    await ticket.getByPlaceholder('回复企业（回复即受理工单）').fill(ANSWER);
    await ticket.locator('.work-order-send').click();
    await operator.toasts.expect('回复已发送');
    await expect.poll(() => ticket.locator('.work-order-message-operator').innerText()).toContain('签到时间');
    await expect.poll(() => ticket.locator('.op-work-order-detail').innerText()).toContain('处理中');
    await shot(o, '05-operator-replied');
    await ticket.locator('.op-work-order-resolve').click();
    const ask = o.locator('.ant-modal-confirm');
    await motionDone(ask);
    await ask.getByRole('button', { name: /确\s*定/ }).click();
    await operator.toasts.expect('已标记为已解决，等待企业确认');
    await expect.poll(() => ticket.locator('.op-work-order-detail').innerText()).toContain('待确认');

    // ── the admin reads the answer, confirms, and rates the service ──
    await a.reload();
    await expect.poll(() => page.locator('.work-order-message-operator').innerText()).toContain('签到时间');
    await page.locator('.work-order-to-confirm').waitFor();
    await expect.poll(() => workOrderBadge(a)).toBe(2);
    await shot(a, '06-answered');
    await page.locator('.work-order-confirm').click();
    const sure = a.locator('.ant-modal-confirm');
    await motionDone(sure);
    await sure.getByRole('button', { name: '确认完结' }).click();
    await admin.toasts.expect('工单已完结，欢迎评价');
    await expect.poll(() => workOrderBadge(a)).toBe(1);
    const evaluation = page.locator('.work-order-evaluation');
    await evaluation.locator('.work-order-rate li').nth(3).click();
    await evaluation.getByPlaceholder('选填：说说您的感受').fill('回复清楚，问题已解决');
    await evaluation.locator('.work-order-evaluate').click();
    await admin.toasts.expect('感谢您的评价');
    await expect.poll(() => evaluation.innerText()).toContain('回复清楚，问题已解决');
    await expect.poll(() => page.innerText()).toContain('已完结');
    await shot(a, '07-rated');

    // the list shows it finished with its rating
    await a.goto('/orderManagement?tab=4');
    const listed = a.locator('.work-order-table .ant-table-row', { hasText: orderNo });
    await expect.poll(() => listed.innerText()).toContain('★★★★');
    await shot(a, '08-list-finished');
    await Promise.all([admin.context.close(), operator.context.close()]);
  });
});
