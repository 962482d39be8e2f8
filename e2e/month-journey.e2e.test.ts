import { PAYROLL_API, PAYROLL_PATHS, type RunView } from '@wfsaas/contracts';
import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiLogin, baseURL, chinaDayPlus, chooseInSelect, chooseInTreeSelect, confirmOk, enterAsAdmin, fillDate, journeyShots, launchBrowser, newPerson, newTracedContext, openPage, screenshotOnFailure, smsCodeFor, smsCountFor, smsTo } from './support.ts';

/**
 * The month across the modules: HR hires someone with their pay, regularises them with a raise from
 * the 1st and raises them again from the 16th; next month's payroll pays the two salaries by the
 * month's working days and explains the split; the run is locked and pushed to payslips, the draft
 * is sent by SMS, and the employee opens the SMS's absolute link on a phone and confirms. No call
 * of the walk answers 403.
 */

const shot = journeyShots('month');
let browser: Browser;
let admin: string;

/** The month after today's (China Standard Time) as YYYY-MM, and the last day of this month. */
function nextMonth(): { month: string; lastOfThisMonth: string } {
  const [y, m] = chinaDayPlus(0).split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(y, m, 0));
  return { month: next.toISOString().slice(0, 7), lastOfThisMonth: last.toISOString().slice(0, 10) };
}

function twoMonthsAgo(): string {
  const [y, m] = chinaDayPlus(0).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 3, 1)).toISOString().slice(0, 10);
}

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => browser?.close());

describe('the month', () => {
  it('hire with pay → 转正 with a raise → 调薪 mid-month → prorated payroll → payslips by SMS → confirmed on the phone', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('month', () => context.pages());
    const denied: string[] = [];
    const watch = async (r: Response) => {
      if (!r.url().includes('/wfsaas-')) return;
      if (r.status() === 403) return void denied.push(r.url());
      const body = (await r.json().catch(() => null)) as { code?: number } | null;
      if (body?.code === 403) denied.push(r.url());
    };
    page.on('response', (r) => void watch(r));

    const person = newPerson('整月测', '133');
    const { month, lastOfThisMonth } = nextMonth();
    await enterAsAdmin(page);

    // ── hired on 5,000 a month, on probation until the end of this month ──
    await page.goto('/newemployee/1');
    await page.locator('.employee-form').waitFor();
    await page.locator('#employee_name').fill(person.name);
    await page.locator('#employee_idNumber').fill(person.idNumber);
    await page.locator('#employee_mobile').fill(person.mobile);
    await page.locator('#employee_employeeNo').fill(person.employeeNo);
    await chooseInTreeSelect(page, page.locator('.ant-form-item:has(#employee_departmentId) .ant-select').first());
    await fillDate(page.locator('.ant-form-item:has(#employee_hireDate) input').first(), twoMonthsAgo());
    await fillDate(page.locator('.ant-form-item:has(#employee_probationEndDate) input').first(), lastOfThisMonth);
    await page.locator('#employee_salary').fill('5000');
    await shot(page, '01-hire-with-pay');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL((u) => u.pathname === '/staffRoll' && u.searchParams.has('file'));
    const employeeId = Number(new URL(page.url()).searchParams.get('file'));

    // ── 转正 from the 1st of next month, on 6,000 ──
    await page.goto('/staffManagement/changeAlternation/conversion');
    await page.locator('.query-form input#conversion_keyword').fill(person.name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const due = page.locator('.conversion-table .ant-table-tbody tr', { hasText: person.name });
    await due.getByRole('button', { name: '办理转正' }).click();
    const regularise = page.locator('.ant-modal', { hasText: '办理转正' });
    await regularise.locator('.conversion-form').waitFor();
    await fillDate(regularise.locator('input').first(), `${month}-01`);
    await regularise.locator('input#salary').fill('6000');
    await shot(page, '02-regularise-with-raise');
    await regularise.getByRole('button', { name: /确\s*定/ }).click();
    await regularise.waitFor({ state: 'hidden' });
    await toasts.expect(`已办理，将于${month}-01生效`);

    // ── 调薪 from the 16th, on 6,600 ──
    await page.goto('/staffManagement/changeAlternation/alternation');
    await page.getByRole('button', { name: '发起调岗调薪' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '发起调岗调薪' });
    await chooseInSelect(drawer, drawer.locator('.employee-picker'), person.name);
    await expect.poll(() => drawer.locator('.placement-now').innerText()).toContain('¥5,000.00');
    await drawer.locator('input#salary').fill('6600');
    await fillDate(drawer.locator('.ant-form-item:has(#effectiveDate) input').first(), `${month}-16`);
    await shot(page, '03-raise-mid-month');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await drawer.waitFor({ state: 'hidden' });
    await toasts.expect(`已办理，将于${month}-16生效`);

    // ── next month's payroll: a group of the one employee, 基本工资 from the roster ──
    const groupName = `整月组${Date.now() % 100_000}`;
    const saved = await api(`${PAYROLL_API}${PAYROLL_PATHS.groupSave}`, {
      token: admin,
      companyId: 1,
      body: {
        name: groupName,
        includeEmployeeIds: [employeeId],
        items: [
          { name: '基本工资', type: 3, category: 'income', decimals: 2, showOnPayslip: true },
          { name: '应发工资', type: 2, formula: '【基本工资】', category: 'income', decimals: 2, showOnPayslip: true },
          { name: '个税', type: 4, systemKey: 'tax', category: 'deduction', decimals: 2, showOnPayslip: true },
          { name: '实发工资', type: 2, formula: '【应发工资】-【个税】', category: 'net', decimals: 2, showOnPayslip: true },
        ],
        grossItem: '应发工资',
        netItem: '实发工资',
        taxRule: 1,
        prorationBasis: 'workdays',
      },
    });
    expect(saved.body.code, saved.body.message).toBe(200);

    await page.goto('/fzsxapp/salaryByBatch');
    await page.locator('.run-create').click();
    const create = page.locator('.ant-modal', { has: page.locator('.run-create-form') });
    await chooseInSelect(create, '薪资组', groupName);
    await fillDate(page.locator('.run-create-form .ant-form-item:has(#month) input').first(), month);
    await create.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/\/fzsxapp\/salaryPerDataImport\/\d+$/);
    const runId = Number(/salaryPerDataImport\/(\d+)/.exec(page.url())![1]);
    const run = (await api(`${PAYROLL_API}${PAYROLL_PATHS.runDetail}`, { token: admin, companyId: 1, body: { runId } })).body.data as RunView;
    expect(run.month).toBe(month);

    // 数据校验 names the mid-month pay change
    await page.locator('.run-next').click();
    await page.waitForURL(/\/fzsxapp\/checkDataIntegrity\/\d+$/);
    await expect.poll(() => page.locator('.payroll-run-frame').innerText()).toContain('月中调薪');
    await shot(page, '04-check-pay-change');
    await page.locator('.run-next').click();
    await page.locator('.calc-start').click();
    await page.locator('.calc-done').waitFor({ timeout: 60_000 });
    await page.locator('.calc-done .run-next').click();
    const row = page.locator('.run-results .ant-table-row', { hasText: person.name });
    await row.waitFor();
    await row.locator('.result-explain').click();
    const explain = page.locator('.explain-drawer');
    await expect.poll(() => explain.innerText()).toContain('月中调薪：固定工资按工作日分段折算');
    await shot(page, '05-explain-split');
    const split = /6000\.00×(\d+)\/(\d+) \+ .*?6600\.00×(\d+)\/(\d+) = ([\d,]+\.\d{2})/.exec(await explain.innerText());
    expect(split, await explain.innerText()).not.toBeNull();
    const [, a, n1, b, n2, total] = split!;
    expect([Number(n1), Number(n2), Number(a) + Number(b)]).toEqual([run.workingDays, run.workingDays, run.workingDays]);
    const expected = ((6000 * Number(a) + 6600 * Number(b)) / run.workingDays).toFixed(2);
    expect(total!.replace(/,/g, '')).toBe(expected);
    await explain.locator('.ant-drawer-close').click();

    // ── lock, push to payslips, send the draft by SMS ──
    await page.locator('.run-lock').click();
    await confirmOk(page);
    await expect.poll(() => page.locator('.payroll-run-frame .page-header').innerText()).toContain('已锁定');
    await page.locator('.run-push').click();
    await page.waitForURL(/\/gzt-vite\/payslipDetails\/\d+$/, { timeout: 60_000 });
    await page.locator('.payslip-rows .ant-table-row', { hasText: person.name }).waitFor();
    await shot(page, '06-draft');
    await page.locator('.send-draft').click();
    const send = page.locator('.send-drawer');
    await send.locator('.send-form').waitFor();
    await send.locator('.send-channels label', { hasText: /^短信/ }).click();
    await expect.poll(() => send.locator('.send-channels label', { hasText: /^短信/ }).locator('input').isChecked()).toBe(true);
    await shot(page, '07-send-settings');
    const smsBefore = await smsCountFor(person.mobile);
    await send.locator('.send-submit').click();

    // ── the SMS carries an absolute short link; the phone opens it, verifies by SMS code and confirms ──
    const sms = await smsTo(person.mobile, /(https?:\/\/\S+\/m\/s\/[0-9A-Za-z]{12})/, smsBefore);
    const link = sms[1]!;
    expect(link.startsWith(baseURL())).toBe(true);
    expect(sms.input.length).toBeLessThanOrEqual(70);
    const phone = await newTracedContext(browser, { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
    const m = await phone.newPage();
    screenshotOnFailure('month-phone', () => phone.pages());
    await m.goto(link);
    await m.locator('.phone-verify').waitFor();
    const codesBefore = await smsCountFor(person.mobile);
    await m.locator('.sms-send').click();
    await m.getByLabel('验证码').fill(await smsCodeFor(person.mobile, codesBefore));
    await shot(m, '08-phone-verify');
    await m.locator('.verify-submit').click();
    await m.locator('.phone-view').waitFor();
    // 基本工资 on the payslip is the prorated figure
    await expect.poll(() => m.locator('.phone-view').innerText()).toContain(`¥${Number(expected).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    await shot(m, '09-phone-payslip');
    await m.locator('.phone-confirm').click();
    await m.locator('.phone-final-confirmed').waitFor();
    await shot(m, '10-phone-confirmed');
    await phone.close();

    await page.reload();
    await expect.poll(() => page.locator('.batch-counts').innerText()).toContain('已确认 1');
    await shot(page, '11-confirmed');
    expect(denied).toEqual([]);
    await context.close();
  }, 300_000);
});
