import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiLogin, chooseInSelect, COMPANY_1, headerGroups, launchBrowser, openPage, screenshotOnFailure, sideMenuTitles, signIn, smsCodeFor, smsCountFor, STAFF } from './support.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Polls with room for the server's answers (vitest's default is one second). */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

/** Waits for the address to match; the page's own load is waited for by the next step's locator. */
async function expectPath(page: Page, path: RegExp) {
  await page.waitForURL((u) => path.test(u.pathname + u.search), { waitUntil: 'commit' });
}

async function signInAdminToCompany1(page: Page) {
  await page.goto('/login');
  await signIn(page, ADMIN);
  await page.getByRole('button', { name: COMPANY_1 }).click();
  await expectPath(page, /^\/home$/);
}

/** Checks a node of the permission tree, found through the tree's search box. */
async function checkPermission(page: Page, title: string, key: string) {
  const drawer = page.locator('.permission-drawer');
  await drawer.locator('.permission-search input').fill(title);
  const node = drawer.locator('.ant-tree-treenode', { has: page.locator(`[data-permission-key="${key}"]`) });
  await node.locator('.ant-tree-checkbox').click();
  await poll(() => node.locator('.ant-tree-checkbox-checked').count()).toBe(1);
}

async function unreadOnBell(page: Page): Promise<string | null> {
  return page.locator('.message-bell').getAttribute('data-unread');
}

async function apiUnread(phone: string, companyId: number): Promise<number> {
  const token = await apiLogin(phone);
  const r = await api('/wfsaas-system/api/messageNotice/unreadCount', { token, companyId });
  expect(r.body.code).toBe(200);
  return (r.body.data as { count: number }).count;
}

describe('role and permission centre', () => {
  it('admin creates a role with two permissions and a sub-account with it; the sub-account sees exactly those menus', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('role-permission', () => context.pages());
    const suffix = String(Date.now()).slice(-6);
    const roleName = `前台接待${suffix}`;
    const phone = `139${String(Date.now()).slice(-8)}`;

    await signInAdminToCompany1(page);
    await page.goto('/implement/rolePermission');
    await page.locator('.roles-table .ant-table-row').first().waitFor();

    // New role → straight on to its permission tree.
    await page.getByRole('button', { name: '新增角色' }).first().click();
    await page.locator('.role-form').getByLabel('角色名称').fill(roleName);
    await page.locator('.role-form').getByLabel('角色描述').fill('前台与资产登记');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.permission-drawer').getByText(`权限设置 · ${roleName}`).waitFor();
    await toasts.expect('保存成功');

    await checkPermission(page, '服务看板', 'home');
    await checkPermission(page, '资产中心', 'assetsList');
    // ticking 资产中心 ticks its action too (管理资产)
    await poll(() => page.locator('.permission-count').innerText()).toBe('已选 2 个菜单、1 项操作');
    await page.locator('.permission-drawer').getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.permission-drawer').waitFor({ state: 'detached' });

    const row = page.locator('.roles-table .ant-table-row', { hasText: roleName });
    await poll(() => row.locator('td').nth(3).innerText()).toBe('3');

    // The server holds exactly those keys.
    const adminToken = await apiLogin(ADMIN);
    const roles = await api('/wfsaas-system/api/sys/role/page', { token: adminToken, companyId: 1, body: { name: roleName } });
    const role = (roles.body.data as { id: number; name: string }[]).find((r) => r.name === roleName)!;
    const detail = await api('/wfsaas-system/api/sys/role/one', { token: adminToken, companyId: 1, body: { id: role.id } });
    expect((detail.body.data as { permissionKeys: string[] }).permissionKeys).toEqual(['assetsList', 'assetsList.edit', 'home']);

    // A colleague invited by phone with that role: no password is set for them.
    await page.getByRole('tab', { name: '子账号' }).click();
    await expectPath(page, /^\/implement\/rolePermission\?tab=subAccount$/);
    await page.getByRole('button', { name: '邀请子账号' }).first().click();
    const drawer = page.locator('.sub-account-drawer');
    await drawer.getByLabel('手机号').fill(phone);
    await drawer.getByLabel('姓名').fill(`接待${suffix}`);
    expect(await drawer.getByLabel('登录密码').count()).toBe(0);
    await chooseInSelect(drawer, drawer.locator('.sub-account-roles'), roleName);
    await drawer.getByLabel('姓名').click();
    await drawer.getByRole('button', { name: /发送邀请/ }).click();
    const invitation = page.locator('.invitations-table .ant-table-row', { hasText: `接待${suffix}` });
    await invitation.waitFor();
    await toasts.expect('邀请已发送，对方接受后即加入本企业');
    expect(await invitation.innerText()).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(await invitation.innerText()).toContain('待接受');
    expect(await invitation.innerText()).not.toContain(phone);
    await context.close();

    // The colleague in a fresh browser: signs in by the SMS code, accepts, and sees only the granted menus.
    const sub = await openPage(browser);
    screenshotOnFailure('role-permission-sub-account', () => sub.context.pages());
    await sub.page.goto('/login');
    await sub.page.getByRole('tab', { name: '验证码登录' }).click();
    const before = await smsCountFor(phone);
    await sub.page.getByPlaceholder('请输入手机号').last().fill(phone);
    await sub.page.getByRole('button', { name: '获取验证码' }).click();
    await sub.page.getByPlaceholder('6位验证码').fill(await smsCodeFor(phone, before));
    await sub.page.getByRole('button', { name: /登\s*录/ }).last().click();
    const card = sub.page.locator('.invitation-card', { hasText: COMPANY_1 });
    await card.waitFor();
    await card.getByRole('button', { name: /加\s*入/ }).click();
    await expectPath(sub.page, /^\/home$/);
    await poll(() => sideMenuTitles(sub.page)).toEqual(['服务看板']);
    // 薪酬 and 实施 hold only role-gated screens whose calls need keys this role does not hold
    await poll(() => headerGroups(sub.page)).toEqual(['核心', '企业设置']);
    await sub.page.locator('.product-switch').getByText('企业设置').click();
    await poll(() => sideMenuTitles(sub.page)).toEqual(['资产中心']);
    // Not granted: the roster, and the role centre itself (its route is role-gated, the screen needs the grant).
    await sub.page.goto('/staffRoll');
    await sub.page.getByText('您没有访问该页面的权限').waitFor();
    await sub.page.goto('/implement/rolePermission');
    await sub.page.getByText('您没有访问该页面的权限').waitFor();
    await sub.context.close();
  });
});

describe('message centre and the header bell', () => {
  it('the bell shows the unread count; reading one lowers it; 全部已读 → 0', async () => {
    const expected = await apiUnread(STAFF, 1);
    expect(expected).toBeGreaterThan(1);

    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('message-centre', () => context.pages());
    await page.goto('/login');
    await signIn(page, STAFF);
    await expectPath(page, /^\/home$/);
    await poll(() => unreadOnBell(page)).toBe(String(expected));

    // The bell's popover lists the newest messages and leads to the centre.
    await page.locator('.message-bell').click();
    await page.locator('.message-popover li').first().waitFor();
    // Let the popover finish its opening motion before clicking inside it.
    await page.waitForFunction(() => !document.querySelector('.ant-popover[class*="-appear"], .ant-popover[class*="-enter"]'));
    await page.locator('.message-popover').getByText('进入消息中心').click();
    await expectPath(page, /^\/messageCenter$/);
    await poll(() => page.locator('.message-tabs .ant-tabs-tab').allInnerTexts()).toEqual(expect.arrayContaining([`未读 ${expected}`]));

    // Opening an unread message marks it read.
    await page.getByRole('tab', { name: /未读/ }).click();
    await expectPath(page, /^\/messageCenter\?tab=unread$/);
    await page.locator('.messages-table .message-title').first().click();
    await page.locator('.message-detail').waitFor();
    await poll(() => unreadOnBell(page)).toBe(String(expected - 1));
    expect(await apiUnread(STAFF, 1)).toBe(expected - 1);
    await page.locator('.message-detail .ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
    await poll(() => page.locator('.messages-table .ant-table-row').count()).toBe(expected - 1);

    // 全部已读.
    await page.locator('.read-all').click();
    await poll(() => unreadOnBell(page)).toBe('0');
    await toasts.expect('操作成功');
    expect(await apiUnread(STAFF, 1)).toBe(0);
    await poll(() => page.locator('.message-tabs .ant-tabs-tab').allInnerTexts()).toEqual(expect.arrayContaining(['未读 0']));
    await page.getByText('没有未读消息').waitFor();
    await context.close();
  });
});

describe('download centre', () => {
  it('exports the audit log, waits until 已完成 and downloads an xlsx through a temp-token link', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('download-centre', () => context.pages());
    await signInAdminToCompany1(page);
    await page.goto('/downloadCenter');
    await page.locator('.exports-table').waitFor();

    await page.getByRole('button', { name: '导出操作日志' }).first().click();
    await page.locator('.audit-export-modal').waitFor();
    await page.getByRole('button', { name: /开始导出/ }).click();
    await page.locator('.audit-export-modal').waitFor({ state: 'hidden' });

    const row = page.locator('.exports-table .ant-table-row', { hasText: '操作日志_全部.xlsx' }).first();
    await row.waitFor();
    await toasts.expect('操作成功');
    // The list refreshes itself (every 3 s) until the file is ready.
    await row.locator('[data-status="已完成"]').waitFor({ timeout: 45_000 });
    expect(await row.innerText()).toMatch(/\d+\.\d (KB|MB)/);

    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: /下\s*载/ }).click();
    const download = await downloading;
    expect(download.url()).toMatch(/\/wfsaas-file\/api\/file\/download\/[0-9a-f]{32}\?temptoken=/);
    expect(download.suggestedFilename()).toBe('操作日志_全部.xlsx');
    const bytes = readFileSync((await download.path())!);
    // An xlsx is a zip (PK…) holding the workbook parts.
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.includes(Buffer.from('xl/workbook.xml'))).toBe(true);

    // A temp-token link works once.
    const again = await fetch(download.url());
    expect(again.headers.get('content-type') ?? '').not.toContain('spreadsheetml');
    await again.body?.cancel();
    await context.close();
  });
});
