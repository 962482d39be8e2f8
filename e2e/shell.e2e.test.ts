import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiLogin, COMPANY_1, COMPANY_2, headerGroups, launchBrowser, openPage, screenshotOnFailure, sideMenuTitles, signIn, STAFF, stored } from './support.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const ADMIN_CORE_MENU = ['服务看板', '组织架构', '员工服务', '自助入职', '员工档案', '合同管理', '异动办理', '离职管理'];
const STAFF_CORE_MENU = ['服务看板', '员工档案'];

/** Waits for the address to match; the page's own load is waited for by the next step's locator. */
async function expectPath(page: Page, path: RegExp) {
  await page.waitForURL((u) => path.test(u.pathname + u.search), { waitUntil: 'commit' });
}

describe('sign-in, menus and company switch', () => {
  it('admin: no token → login with referer → company choice → home with the full menus; unbuilt route; switch company; sign out revokes the token', async () => {
    const { context, page } = await openPage(browser);
    screenshotOnFailure('admin-journey', () => context.pages());

    await page.goto('/home');
    await expectPath(page, /^\/login\?referer=%2Fhome$/);
    await signIn(page, ADMIN);

    await expectPath(page, /^\/excessive\/company/);
    await expect.poll(() => page.locator('.company-card').allInnerTexts()).toHaveLength(2);
    await page.getByRole('button', { name: COMPANY_1 }).click();

    await expectPath(page, /^\/home$/);
    expect(await stored(page, 'companyId')).toBe('1');
    await expect.poll(() => sideMenuTitles(page)).toEqual(ADMIN_CORE_MENU);
    await expect.poll(() => headerGroups(page)).toEqual(['核心', '企业设置', '电子签', '薪酬', '外包用工', '实施']);
    await expect.poll(() => page.locator('.company-switch').innerText()).toContain(COMPANY_1);
    await expect.poll(() => page.locator('.current-company').innerText()).toContain(COMPANY_1);

    // The product-type switch shows another group's menu, on its first built screen (社保托管 › 选择参保主体).
    await page.locator('.product-switch').getByText('薪酬').click();
    await expectPath(page, /^\/taxReturn\/selectInsured$/);
    await expect.poll(() => sideMenuTitles(page)).toEqual(['社保托管', '工资条', '代发代报', '算薪']);

    // A granted route whose screen is not built yet shows the not-available page.
    await page.goto('/fzsxapp/biIntelligentReport');
    await page.getByText('该功能暂未开放').waitFor();
    await page.getByText('「BI智能报表」正在建设中').waitFor();
    // A redirect from the table.
    await page.goto('/transaction');
    await expectPath(page, /^\/staffManagement\/changeAlternation\/conversion$/);

    // Switch company in the header.
    await page.goto('/home');
    // the home page settles first (its data re-renders the header, which closes an open dropdown)
    await page.locator('.current-company').waitFor();
    await page.waitForLoadState('networkidle');
    // on a loaded machine a click can land while the dropdown is still opening: try the switch again
    for (let attempt = 0; attempt < 3; attempt++) {
      if (!(await page.getByRole('menuitem', { name: COMPANY_2 }).isVisible())) await page.locator('.company-switch').click();
      await page.getByRole('menuitem', { name: COMPANY_2 }).click();
      const switched = await expect
        .poll(() => page.locator('.company-switch').innerText(), { timeout: 4_000 })
        .toContain(COMPANY_2)
        .then(() => true, () => false);
      if (switched) break;
    }
    await expectPath(page, /^\/home$/);
    await expect.poll(() => page.locator('.company-switch').innerText()).toContain(COMPANY_2);
    await expect.poll(() => page.locator('.current-company').innerText()).toContain(COMPANY_2);
    expect(await stored(page, 'companyId')).toBe('2');

    // Sign out: the server revokes the token.
    const token = await stored(page, 'token');
    expect(token).toBeTruthy();
    // as with the company switch, a click landing while the dropdown opens is lost: try again
    for (let attempt = 0; attempt < 3; attempt++) {
      if (!(await page.getByRole('menuitem', { name: '退出登录' }).isVisible())) await page.locator('.user-menu').click();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      const left = await page.waitForURL((u) => u.pathname === '/login', { timeout: 5_000 }).then(() => true, () => false);
      if (left) break;
    }
    await expectPath(page, /^\/login$/);
    expect(await stored(page, 'token')).toBeNull();
    const after = await api('/wfsaas-auth/userInfo', { token: token! });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(401);
    await context.close();
  });

  it('HR staff: one company goes straight in, fewer menu entries than the admin, a denied route shows the no-permission page', async () => {
    const { context, page } = await openPage(browser);
    screenshotOnFailure('staff-journey', () => context.pages());

    await page.goto('/login');
    await signIn(page, STAFF);
    await expectPath(page, /^\/home$/);
    expect(await stored(page, 'companyId')).toBe('1');

    await expect.poll(() => sideMenuTitles(page)).toEqual(STAFF_CORE_MENU);
    const core = await sideMenuTitles(page);
    expect(core.length).toBeLessThan(ADMIN_CORE_MENU.length);
    // 实施 and 算薪 are role-gated, and their screens need keys the role does not hold: not offered
    await expect.poll(() => headerGroups(page)).toEqual(['核心', '企业设置', '薪酬']);
    await page.locator('.product-switch').getByText('薪酬').click();
    await expectPath(page, /^\/gzt-vite\/importPayslip$/);
    await expect.poll(() => sideMenuTitles(page)).toEqual(['工资条']);

    // Not granted → no-permission page, inside the app frame.
    await page.goto('/organizationalstructure/positionRank');
    await page.getByText('暂无权限').waitFor();
    await page.getByText('您没有访问该页面的权限').waitFor();
    expect(await page.locator('.app-sider').count()).toBe(1);
    // Role-gated, but the screen needs a key the role lacks → no-permission page (not a screen of refused calls).
    await page.goto('/fzsxapp/salaryManagement');
    await page.getByText('您没有访问该页面的权限').waitFor();
    // Unknown path → no-permission page.
    await page.goto('/no/such/page');
    await page.getByText('您没有访问该页面的权限').waitFor();

    // A company this user does not belong to: the permission fetch fails (HTTP 403) →
    // 拒绝访问(403), session cleared, login with the referer.
    await page.evaluate(() => window.localStorage.setItem('companyId', '2'));
    await page.goto('/home');
    await page.getByText('拒绝访问(403)').waitFor();
    await expectPath(page, /^\/login\?referer=%2Fhome$/);
    expect(await stored(page, 'token')).toBeNull();
    await context.close();
  });

  it('the company changed in another tab raises the mismatch alert; 确定 reloads with the stored company', async () => {
    const { context, page } = await openPage(browser);
    screenshotOnFailure('company-mismatch', () => context.pages());
    await page.goto('/login');
    await signIn(page, ADMIN);
    await page.getByRole('button', { name: COMPANY_1 }).click();
    await expectPath(page, /^\/home$/);
    await page.locator('.app-sider').waitFor();

    const other = await context.newPage();
    await other.goto('/home');
    await other.locator('.company-switch').click();
    await other.getByRole('menuitem', { name: COMPANY_2 }).click();
    await expect.poll(() => other.locator('.company-switch').innerText()).toContain(COMPANY_2);

    await page.getByText('当前公司与登录公司不一致，需重新加载页面').waitFor();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => page.locator('.company-switch').innerText()).toContain(COMPANY_2);
    await context.close();
  });
});

describe('session hand-off', () => {
  it('a one-time key in the URL signs a fresh browser in and is removed from the URL', async () => {
    const token = await apiLogin(ADMIN);
    const added = await api('/wfsaas-openapi/api/cacheTemp/add', { token, body: { companyId: 1 } });
    expect(added.body.code).toBe(200);
    const key = (added.body.data as { key: string }).key;

    const { context, page } = await openPage(browser);
    screenshotOnFailure('one-time-key', () => context.pages());
    await page.goto(`/home?key=${encodeURIComponent(key)}&companyId=1`);
    await expectPath(page, /^\/home$/);
    await expect.poll(() => sideMenuTitles(page)).toEqual(ADMIN_CORE_MENU);
    const signedIn = await stored(page, 'token');
    expect(signedIn).toBeTruthy();
    expect(signedIn).not.toBe(token);
    expect(await stored(page, 'companyId')).toBe('1');
    // The key was single-use.
    const again = await api('/wfsaas-openapi/api/cacheTemp/get', { body: { key, isPost: 1 } });
    expect(again.body).toMatchObject({ code: 401, message: '登录验证失效' });
    await context.close();
  });

  it('an invalid key → 登录验证失效, session cleared, login page', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('invalid-key', () => context.pages());
    await page.goto('/home?key=not-a-real-key');
    await expectPath(page, /^\/login/);
    await toasts.expect('登录验证失效');
    expect(page.url()).not.toContain('not-a-real-key');
    expect(await stored(page, 'token')).toBeNull();
    await context.close();
  });

  it('a 401 mid-session goes through the gateway frame back to login with the session cleared', async () => {
    const { context, page } = await openPage(browser);
    screenshotOnFailure('mid-session-401', () => context.pages());
    await page.goto('/login');
    await signIn(page, STAFF);
    await expectPath(page, /^\/home$/);
    const token = (await stored(page, 'token'))!;

    // The session is revoked elsewhere (sign-out through the API with the same token).
    expect((await api('/wfsaas-auth/logout', { token })).body.code).toBe(200);

    const gatewayLoads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/login?gateway=1')) gatewayLoads.push(r.url());
    });
    await page.goto('/gzt-vite/payslipManagement');
    await expectPath(page, /^\/login\?referer=%2Fgzt-vite%2FpayslipManagement$/);
    expect(gatewayLoads.length).toBeGreaterThan(0);
    expect(await stored(page, 'token')).toBeNull();
    expect(await stored(page, 'companyId')).toBeNull();

    // Signing in again returns to the page the user was on.
    await signIn(page, STAFF);
    await expectPath(page, /^\/gzt-vite\/payslipManagement$/);
    await page.locator('.ant-breadcrumb').getByText('工资条管理').waitFor();
    await context.close();
  });
});
