import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, COMPANY_1, headerGroups, journeyShots, launchBrowser, openPage, screenshotOnFailure, sideMenuTitles, signIn, STAFF } from './support.ts';

/**
 * A user sees only what they may use, and no screen they can open calls what they may not: the HR
 * staff role (HR专员) opens every menu entry and home shortcut it is offered, and not one API call
 * is refused (HTTP 403, or an envelope with code 403).
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

type Refusal = { url: string; status: number; code: number | null; on: string };

/** Records every refused API call of the page, with the page address it was made on. */
function watchRefusals(page: Page): { refusals: Refusal[]; settled: () => Promise<void> } {
  const refusals: Refusal[] = [];
  const reads: Promise<void>[] = [];
  page.on('response', (res) => {
    const url = res.url();
    if (!new URL(url).pathname.startsWith('/wfsaas-')) return;
    const on = new URL(page.url()).pathname;
    if (res.status() === 403) {
      refusals.push({ url, status: 403, code: null, on });
      return;
    }
    if (!(res.headers()['content-type'] ?? '').includes('application/json')) return;
    reads.push(
      res
        .json()
        .then((body: unknown) => {
          const code = (body as { code?: unknown } | null)?.code;
          if (code === 403) refusals.push({ url, status: res.status(), code, on });
        })
        .catch(() => undefined),
    );
  });
  return { refusals, settled: async () => void (await Promise.all(reads)) };
}

/** Opens every closed submenu of the side menu, so that all its entries are links on the page. */
async function expandSideMenu(page: Page): Promise<void> {
  await page.locator('.app-sider .ant-menu-root > li').first().waitFor();
  const submenus = page.locator('.app-sider .ant-menu-submenu');
  const isOpen = async (i: number) => ((await submenus.nth(i).getAttribute('class')) ?? '').includes('ant-menu-submenu-open');
  // opening one may show submenus nested in it: count again after each
  for (let i = 0; i < (await submenus.count()); i++) {
    if (await isOpen(i)) continue;
    await submenus.nth(i).locator(':scope > .ant-menu-submenu-title').click();
    await expect.poll(() => isOpen(i)).toBe(true);
  }
}

async function linksOf(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
}

/** Opens a page and waits until it has loaded and its calls have answered. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('.app-sider').waitFor();
}

describe('HR staff: only what the role may use', () => {
  it('every menu entry and home shortcut offered to HR专员 opens without one refused call', async () => {
    const { context, page } = await openPage(browser);
    screenshotOnFailure('staff-permissions', () => context.pages());
    const shot = journeyShots('staff-permissions');
    const { refusals, settled } = watchRefusals(page);

    await page.goto('/login');
    await signIn(page, STAFF);
    await page.waitForURL((u) => u.pathname === '/home');
    await page.locator('.home-shortcuts [data-shortcut]').first().waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, '01-home');

    // 算薪 and 实施 are role-gated routes whose screens need keys HR专员 does not hold: not offered
    await expect.poll(() => headerGroups(page)).toEqual(['核心', '企业设置', '薪酬']);
    const shortcutGroups = await page.locator('.home-shortcuts [data-shortcut]').evaluateAll((as) => as.map((a) => a.textContent ?? ''));
    expect(shortcutGroups.join(' ')).not.toMatch(/算薪|实施/);

    // collect what is offered: the home shortcuts and every entry of every group's side menu
    const offered = new Set(await linksOf(page, '.home-shortcuts a[data-shortcut]'));
    const menus: Record<string, string[]> = {};
    for (const group of await headerGroups(page)) {
      await page.locator('.product-switch').getByText(group, { exact: true }).click();
      await expect.poll(() => page.locator('.product-switch .ant-menu-item-selected').innerText()).toBe(group);
      await expandSideMenu(page);
      menus[group] = await sideMenuTitles(page);
      await shot(page, `02-menu-${group}`);
      for (const href of await linksOf(page, '.app-sider a[data-menu-name]')) offered.add(href);
    }
    expect(menus['薪酬']).toEqual(['工资条']);
    expect([...offered].sort()).toEqual(['/downloadCenter', '/gzt-vite/importPayslip', '/gzt-vite/payslipManagement', '/home', '/messageCenter', '/staffRoll']);

    // open each one: the screen shows (no no-permission page, no not-available page), nothing is refused
    for (const path of offered) {
      await visit(page, path);
      expect(await page.getByText('您没有访问该页面的权限').count(), path).toBe(0);
      expect(await page.getByText('该功能暂未开放').count(), path).toBe(0);
      await shot(page, `03-${path.slice(1).replace(/\//g, '-')}`);
    }
    // the roster again (its position and rank filters used to ask the organisation API on every visit)
    await visit(page, '/staffRoll');
    await settled();
    expect(refusals).toEqual([]);

    // a role-gated screen reached by its address: the no-permission page, and still no refused call
    for (const path of ['/fzsxapp/index', '/fzsxapp/salaryManagement', '/fzsxapp/shareData', '/implement/rolePermission', '/qtSalary']) {
      await page.goto(path);
      await page.getByText('您没有访问该页面的权限').waitFor();
      await page.waitForLoadState('networkidle');
    }
    await shot(page, '04-role-gated-by-address');
    await settled();
    expect(refusals).toEqual([]);

    // 创建新企业 is not offered in the company switcher
    await page.goto('/home', { waitUntil: 'networkidle' });
    await page.locator('.company-switch').click();
    await page.getByRole('menuitem', { name: COMPANY_1 }).waitFor();
    await shot(page, '05-company-switcher');
    expect(await page.getByRole('menuitem', { name: '创建新企业' }).count()).toBe(0);
    await context.close();
  }, 240_000);

  it('the administrator: 薪酬 lands on its first built screen, and 创建新企业 is offered', async () => {
    const { context, page } = await openPage(browser);
    screenshotOnFailure('admin-top-tab', () => context.pages());
    const shot = journeyShots('staff-permissions');
    await page.goto('/login');
    await signIn(page, ADMIN);
    await page.waitForURL((u) => u.pathname.startsWith('/excessive/company'));
    await page.getByRole('button', { name: COMPANY_1 }).click();
    await page.waitForURL((u) => u.pathname === '/home');

    // 社保托管 comes first in 薪酬: the switch opens its first screen, 选择参保主体
    await page.locator('.product-switch').getByText('薪酬', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/taxReturn/selectInsured');
    await expect.poll(() => page.locator('.app-sider .ant-menu-item-selected').allInnerTexts()).toEqual(['选择参保主体']);
    expect(await page.getByText('该功能暂未开放').count()).toBe(0);
    await expandSideMenu(page);
    await shot(page, '06-admin-payroll-menu');

    await page.waitForLoadState('networkidle');
    await page.locator('.company-switch').click();
    await page.getByRole('menuitem', { name: '创建新企业' }).waitFor();
    await context.close();
  });
});
