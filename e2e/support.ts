import { idCardCheckChar, type DepartmentOption } from '@wfsaas/contracts';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { expect, inject, onTestFailed } from 'vitest';

/** The server of this worker: each test worker has its own (e2e/global-setup.ts). */
function server(): { baseURL: string; smsFile: string } {
  const servers = inject('servers');
  return servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length]!;
}

export const baseURL = (): string => server().baseURL;
export const password = (): string => inject('password');

/**
 * The newest SMS to `phone` (the server writes SMS to a file in the browser tests) whose text matches
 * `pattern`, once more than `after` SMS went to that phone; waits for the outbox delivery.
 */
export async function smsTo(phone: string, pattern: RegExp, after = 0): Promise<RegExpExecArray> {
  const { existsSync, readFileSync } = await import('node:fs');
  const file = server().smsFile;
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
  const file = server().smsFile;
  if (!existsSync(file)) return 0;
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).filter((l) => (JSON.parse(l) as { phone: string }).phone === phone).length;
}

export const ADMIN = '13800000000';
export const STAFF = '13800000001';
export const COMPANY_1 = '杭州云帆科技有限公司';
export const COMPANY_2 = '上海启明人力资源有限公司';

const resultsDir = resolve(fileURLToPath(new URL('..', import.meta.url)), 'test-results');

/** Debian chromium, launched with the flags a headless CI machine needs (Playwright gives each launch a fresh profile). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Every context a test opened that is still traced, so a failure can save its trace. */
const tracedContexts = new Set<BrowserContext>();

/**
 * A browser context that records a Playwright trace of DOM snapshots (kept only when the test
 * fails); the screencast is left out, as it doubled the duration of a journey on a busy machine.
 */
export async function newTracedContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  // reduced motion: antd then skips its transitions, so a test waits on content, not on animations
  const context = await browser.newContext({ locale: 'zh-CN', baseURL: baseURL(), reducedMotion: 'reduce', ...options });
  await context.tracing.start({ screenshots: false, snapshots: true });
  tracedContexts.add(context);
  context.on('close', () => tracedContexts.delete(context));
  return context;
}

/** A desktop page in a traced context whose toasts are recorded. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page; toasts: ToastLog }> {
  const context = await newTracedContext(browser, { viewport: { width: 1440, height: 900 }, ...options });
  const toasts = await watchToasts(context);
  const page = await context.newPage();
  return { context, page, toasts };
}

/**
 * The texts of every antd message and notification a context showed, recorded as they appear so a
 * test can check one after it has gone.
 */
export class ToastLog {
  readonly texts: string[] = [];
  private checked = 0;

  /** Waits until a toast containing `text` (or matching it) appeared after the last one checked. */
  async expect(text: string | RegExp): Promise<void> {
    const unchecked = () => this.texts.slice(this.checked);
    await expect.poll(() => unchecked().join('\n'), { message: `toast ${String(text)}` }).toMatch(text);
    const hit = unchecked().findIndex((t) => (typeof text === 'string' ? t.includes(text) : text.test(t)));
    this.checked += hit + 1;
  }
}

/** Starts recording the toasts of every page of `context` (before its pages are opened). */
export async function watchToasts(context: BrowserContext): Promise<ToastLog> {
  const log = new ToastLog();
  await context.exposeBinding('__e2eToast', (_source, text: string) => void log.texts.push(text));
  await context.addInitScript(() => {
    const said = new WeakMap<Element, string>();
    const record = (window as unknown as { __e2eToast: (t: string) => Promise<void> }).__e2eToast;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.ant-message-notice, .ant-notification-notice')) {
        const text = (el.textContent ?? '').trim();
        if (text && said.get(el) !== text) {
          said.set(el, text);
          void record(text);
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return log;
}

/**
 * When the running test fails: a screenshot of each page and the trace of each open context, saved
 * to test-results/ and named in the test's output.
 */
export function screenshotOnFailure(name: string, pages: () => Page[]): void {
  onTestFailed(async () => {
    mkdirSync(resultsDir, { recursive: true });
    const safe = name.replace(/[^\w\u4e00-\u9fa5-]+/g, '_');
    const saved: string[] = [];
    let i = 0;
    for (const p of pages()) {
      if (p.isClosed()) continue;
      const path = join(resultsDir, `${safe}-${i++}.png`);
      if (await p.screenshot({ path, fullPage: true }).then(() => true, () => false)) saved.push(path);
    }
    let n = 0;
    for (const context of new Set(pages().map((p) => p.context()))) {
      if (!tracedContexts.delete(context)) continue;
      const path = join(resultsDir, n === 0 ? `${safe}.zip` : `${safe}-${n}.zip`);
      n++;
      await context.tracing.stop({ path }).then(
        () => saved.push(path),
        (err: unknown) => saved.push(`(no trace: ${String(err)})`),
      );
    }
    console.error(`${name} failed; screenshots and traces (open a trace with: npx playwright-core show-trace <zip>):\n  ${saved.join('\n  ')}`);
  });
}

/** Saves a screenshot with running CSS animations fast-forwarded to their end state. */
export async function screenshot(page: Page, path: string): Promise<void> {
  await page.screenshot({ path, animations: 'disabled' });
}

/** A journey's screenshots, saved as /tmp/shots-<journey>/<name>.png for a person to look at. */
export function journeyShots(journey: string): (page: Page, name: string) => Promise<void> {
  const dir = `/tmp/shots-${journey}`;
  mkdirSync(dir, { recursive: true });
  return (page, name) => screenshot(page, `${dir}/${name}.png`);
}

/** Resolves once `target` (a dialog, a drawer) has finished its opening motion. */
export async function motionDone(target: Locator): Promise<void> {
  await target.waitFor();
  await expect.poll(() => target.getAttribute('class')).not.toMatch(/-(appear|enter)(-|\s|$)/);
  await target.evaluate(async (el) => {
    const running = () => el.getAnimations({ subtree: true }).filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    for (let list = running(); list.length; list = running()) await Promise.allSettled(list.map((a) => a.finished));
  });
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

const scopePage = (scope: Page | Locator): Page => ('goto' in scope ? scope : scope.page());

/** The `.ant-select` root of a field given by its label, by an element inside or around it, or by itself. */
function selectRoot(scope: Page | Locator, field: string | Locator): Locator {
  const inner = typeof field === 'string' ? scope.getByLabel(field, { exact: true }) : field;
  const isSelect = 'contains(concat(" ", normalize-space(@class), " "), " ant-select ")';
  return inner.locator(`xpath=ancestor-or-self::*[${isSelect}][1]`).or(inner.locator(`xpath=descendant::*[${isSelect}][1]`)).first();
}

/** The open dropdown, not one still fading out from an earlier field. */
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:visible:not(.ant-select-dropdown-hidden):not([class*="-leave"])');

/**
 * Opens a Select or TreeSelect, types `search` when it searches, clicks the option found in the
 * dropdown and checks the field shows it; a click the dropdown did not take (still opening, options
 * still loading) is made again.
 */
async function choose(scope: Page | Locator, field: string | Locator, search: string | undefined, option: (dropdown: Locator) => Locator, shows?: string | RegExp, until?: Locator): Promise<void> {
  const page = scopePage(scope);
  const root = selectRoot(scope, field);
  const content = root.locator('.ant-select-content');
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      if (!(await root.getAttribute('class'))?.includes('ant-select-open')) await root.click();
      const dropdown = openDropdown(page);
      await dropdown.waitFor({ timeout: 10_000 });
      if (search !== undefined && (await root.getAttribute('class'))?.includes('ant-select-show-search')) await root.locator('input').first().fill(search);
      const target = option(dropdown).first();
      await target.waitFor({ timeout: 10_000 });
      const expected = shows ?? (await target.innerText()).trim();
      await target.click();
      if (until) await until.waitFor({ timeout: 5_000 });
      else await expect.poll(() => content.innerText({ timeout: 1_000 }), { timeout: 5_000 }).toMatch(expected);
      return;
    } catch (err) {
      // the next attempt opens the dropdown again only if it closed
      lastError = err;
    }
  }
  throw lastError;
}

/**
 * Chooses the option whose text contains `optionText` (or matches it) in an antd Select; `until`
 * is what shows the choice took when the field itself does not keep it.
 */
export async function chooseInSelect(scope: Page | Locator, field: string | Locator, optionText: string | RegExp, opts: { search?: string; shows?: string | RegExp; until?: Locator } = {}): Promise<void> {
  await choose(
    scope,
    field,
    opts.search ?? (typeof optionText === 'string' ? optionText : undefined),
    (dropdown) => dropdown.locator('.ant-select-item-option', { hasText: optionText }),
    opts.shows ?? optionText,
    opts.until,
  );
}

/**
 * Chooses a node of an antd TreeSelect: the one titled `nodeText` (exactly, when a string), or the
 * first node when `nodeText` is omitted.
 */
export async function chooseInTreeSelect(scope: Page | Locator, field: string | Locator, nodeText?: string): Promise<void> {
  const exact = nodeText === undefined ? undefined : new RegExp(`^${nodeText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await choose(
    scope,
    field,
    nodeText,
    (dropdown) => dropdown.locator('.ant-select-tree-node-content-wrapper', exact ? { hasText: exact } : {}),
    nodeText,
  );
}

/**
 * Types a date (YYYY-MM-DD, or YYYY-MM in a month picker) into an antd DatePicker and leaves the
 * field, which keeps a valid typed date (Enter would also submit a one-field form); checks the
 * picker kept it and closed, typing it again if not.
 */
export async function fillDate(input: Locator, value: string): Promise<void> {
  const panel = input.page().locator('.ant-picker-dropdown:visible:not(.ant-picker-dropdown-hidden):not([class*="-leave"])');
  for (let attempt = 0; ; attempt++) {
    try {
      await input.click();
      await input.fill(value);
      await input.blur();
      await expect.poll(async () => `${await input.inputValue()}${(await panel.count()) > 0 ? ' (panel open)' : ''}`, { timeout: 5_000 }).toBe(value);
      return;
    } catch (err) {
      if (attempt >= 2) throw err;
    }
  }
}

/**
 * Presses 确定 in the open confirmation dialog once its opening motion is over, and waits for it to
 * close; a press the dialog did not take is made again unless the dialog is busy with it.
 */
export async function confirmOk(page: Page, timeout = 30_000): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm');
  await motionDone(dialog);
  const ok = dialog.getByRole('button', { name: /确\s*定/ });
  for (let attempt = 0; attempt < 3; attempt++) {
    await ok.click();
    const closed = await dialog.waitFor({ state: 'detached', timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (closed) return;
    if ((await ok.getAttribute('class'))?.includes('ant-btn-loading')) break;
  }
  await dialog.waitFor({ state: 'detached', timeout });
}

/**
 * The answer to the next POST the page sends to a path containing `path` (start waiting before the
 * click that sends it): fails unless the API said 200.
 */
export async function apiAnswer(page: Page, path: string): Promise<void> {
  const response = await page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.includes(path));
  const body = (await response.json()) as { code: number; message: string };
  expect(body.code, `${path}: ${body.message}`).toBe(200);
}
