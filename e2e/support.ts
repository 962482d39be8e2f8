import { idCardCheckChar, type DepartmentOption } from '@wfsaas/contracts';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject, onTestFailed } from 'vitest';

export const baseURL = (): string => inject('baseURL');
export const password = (): string => inject('password');

/**
 * The newest SMS to `phone` (the server writes SMS to a file in the browser tests) whose text matches
 * `pattern`, once more than `after` SMS went to that phone; waits for the outbox delivery.
 */
export async function smsTo(phone: string, pattern: RegExp, after = 0): Promise<RegExpExecArray> {
  const { existsSync, readFileSync } = await import('node:fs');
  const file = inject('smsFile');
  for (let i = 0; i < 60; i++) {
    const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
    const mine = lines.map((l) => JSON.parse(l) as { phone: string; text: string }).filter((m) => m.phone === phone);
    const found = mine.length > after ? pattern.exec(mine[mine.length - 1]!.text) : null;
    if (found) return found;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no SMS matching ${String(pattern)} for ${phone}`);
}

/** The verification code of the newest SMS to `phone`. */
export async function smsCodeFor(phone: string, after = 0): Promise<string> {
  return (await smsTo(phone, /验证码为(\d{6})/, after))[1]!;
}

/** How many SMS went to `phone` so far (to wait for the next one). */
export async function smsCountFor(phone: string): Promise<number> {
  const { existsSync, readFileSync } = await import('node:fs');
  const file = inject('smsFile');
  if (!existsSync(file)) return 0;
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).filter((l) => (JSON.parse(l) as { phone: string }).phone === phone).length;
}

export const ADMIN = '13800000000';
export const STAFF = '13800000001';
export const COMPANY_1 = '杭州云帆科技有限公司';
export const COMPANY_2 = '上海启明人力资源有限公司';

const resultsDir = resolve(fileURLToPath(new URL('..', import.meta.url)), 'test-results');

/** Debian chromium, launched as ARCHITECTURE §9 says (Playwright gives each launch a fresh profile). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function openPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL: baseURL() });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a screenshot of each page to test-results/ when the running test fails. */
export function screenshotOnFailure(name: string, pages: () => Page[]): void {
  onTestFailed(async () => {
    mkdirSync(resultsDir, { recursive: true });
    const safe = name.replace(/[^\w\u4e00-\u9fa5-]+/g, '_');
    let i = 0;
    for (const p of pages()) {
      if (p.isClosed()) continue;
      await p.screenshot({ path: join(resultsDir, `${safe}-${i++}.png`), fullPage: true }).catch(() => undefined);
    }
  });
}

/** A journey's screenshots, saved as /tmp/shots-<journey>/<name>.png for a person to look at. */
export function journeyShots(journey: string): (page: Page, name: string) => Promise<void> {
  const dir = `/tmp/shots-${journey}`;
  mkdirSync(dir, { recursive: true });
  return async (page, name) => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}.png` });
  };
}

/** Signs the admin in through the login page and chooses the first demo company: /home shows. */
export async function enterAsAdmin(page: Page, company = COMPANY_1): Promise<void> {
  await page.goto('/login');
  await signIn(page, ADMIN);
  await page.waitForURL((u) => u.pathname.startsWith('/excessive/company'));
  await page.getByRole('button', { name: company }).click();
  await page.waitForURL((u) => u.pathname === '/home');
}

/** Signs in through the login page with phone + password. */
export async function signIn(page: Page, phone: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').first().fill(phone);
  await page.getByPlaceholder('请输入密码').fill(password());
  await page.getByRole('button', { name: /登\s*录/ }).first().click();
}

/** The top-level entries of the side menu, in order. */
export async function sideMenuTitles(page: Page): Promise<string[]> {
  await page.locator('.app-sider .ant-menu-root > li').first().waitFor();
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.app-sider .ant-menu-root > li.ant-menu-item, .app-sider .ant-menu-root > li.ant-menu-submenu')].map((li) =>
      (li.querySelector<HTMLElement>(':scope > .ant-menu-submenu-title') ?? li).innerText.trim(),
    ),
  );
}

export async function headerGroups(page: Page): Promise<string[]> {
  const items = page.locator('.product-switch > li.ant-menu-item');
  await items.first().waitFor();
  return (await items.allInnerTexts()).map((t) => t.trim());
}

export async function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** Calls the API directly (not through the browser). */
export async function api(path: string, opts: { token?: string; companyId?: number; body?: unknown; form?: Record<string, string> } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.companyId) headers.companyId = String(opts.companyId);
  let body: string | undefined;
  if (opts.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body ?? {});
  }
  const r = await fetch(`${baseURL()}${path}`, { method: 'POST', headers, body });
  return { status: r.status, body: (await r.json()) as { code: number; message: string; data: unknown } };
}

export async function apiLogin(phone: string): Promise<string> {
  const r = await api('/wfsaas-auth/login', { form: { username: phone, password: password() } });
  expect(r.body.code).toBe(200);
  return (r.body.data as { access_token: string }).access_token;
}

/** Today in China Standard Time plus n days, as YYYY-MM-DD. */
export function chinaDayPlus(n: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

let lastPersonAt = 0;

/**
 * A new person for a journey: a name (the prefix and two characters), a mobile starting with
 * `mobilePrefix`, a valid resident ID number and an employee number, all different run to run.
 * The ID number's birth date and serial spell the current millisecond over an 84-minute cycle, so
 * two journeys of one run never draw the same number (a shorter cycle let two people created 9 s
 * apart share one).
 */
export function newPerson(prefix: string, mobilePrefix: string): { name: string; mobile: string; idNumber: string; employeeNo: string } {
  // never the same millisecond twice in a journey
  const now = (lastPersonAt = Math.max(Date.now(), lastPersonAt + 1));
  const seq = now % 100_000;
  const [serial, day, month, year] = [now % 1000, 1 + (Math.floor(now / 1000) % 28), 1 + (Math.floor(now / 28_000) % 12), 1985 + (Math.floor(now / 336_000) % 15)];
  const first17 = `330106${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}${String(serial).padStart(3, '0')}`;
  const name = `${prefix}${String.fromCharCode(0x4e00 + (seq % 400))}${String.fromCharCode(0x4e00 + ((seq >> 3) % 400))}`;
  return { name, mobile: `${mobilePrefix}${String(seq).padStart(8, '0')}`, idNumber: first17 + idCardCheckChar(first17)!, employeeNo: `E2E${mobilePrefix}${seq}` };
}

/** Adds an employee of the first company through the API, in its first sub-department; answers the id. */
export async function addEmployeeByApi(token: string, fields: Record<string, unknown> & { name: string }): Promise<number> {
  const departments = (await api('/wfsaas-saas/api/companyDepartment/options', { token, companyId: 1, body: {} })).body.data as DepartmentOption[];
  const r = await api('/wfsaas-saas/api/companyEmployee/add/v2', {
    token,
    companyId: 1,
    body: { idType: 1, employmentType: 1, departmentId: departments.find((d) => d.parentId !== null)!.id, ...fields },
  });
  expect(r.body.code, r.body.message).toBe(200);
  return (r.body.data as { id: number }).id;
}

/**
 * Chooses the first department in a department picker. A click that lands while the dropdown is
 * still opening is lost, so the choice is checked and made again if it did not take.
 */
export async function pickFirstDepartment(page: Page, select: Locator): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await select.click();
    const node = page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').first();
    await node.waitFor();
    await node.click();
    // chosen once the placeholder has gone
    const chosen = await select
      .locator('.ant-select-selection-placeholder')
      .waitFor({ state: 'detached', timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (chosen) return;
  }
  throw new Error('no department could be chosen');
}
