import type { EmployeeListItem, PayslipBatchView, PayslipRowView, RevealSensitiveResult } from '@wfsaas/contracts';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiLogin, chooseInSelect, enterAsAdmin, journeyShots, launchBrowser, motionDone, newTracedContext, openPage, screenshotOnFailure, STAFF } from './support.ts';

/**
 * 工资条: HR imports a 30-row payroll sheet of real roster people through the wizard and sends it in
 * the app; one employee opens the link on a phone, proves who they are with name + last 6 of the ID
 * number, confirms, and HR sees 已确认 go up on the batch's detail page.
 */

const shot = journeyShots('payslips');
const ROWS = 30;
let browser: Browser;
let admin: string;
/** The employee who opens the payslip: their mobile is set to the staff account's, so the in-app notice reaches that account. */
let target: { id: number; name: string; mobile: string; idNumber: string } | null = null;

async function call<T>(path: string, body: unknown, token = admin): Promise<T> {
  const r = await api(path, { token, companyId: 1, body });
  expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
  return r.body.data as T;
}

async function reveal(id: number, field: 'mobile' | 'idNumber'): Promise<string> {
  return (await call<RevealSensitiveResult>('/wfsaas-saas/api/companyEmployee/revealSensitive', { id, field })).value;
}

async function payrollSheet(people: { name: string; mobile: string; department: string }[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('工资表');
  ws.addRow(['姓名', '手机号', '部门', '基本工资', '岗位津贴', '加班费', '养老保险', '医疗保险', '住房公积金', '个人所得税', '实发工资']);
  people.forEach((p, i) => {
    const base = 8000 + i * 250;
    const allowance = i % 3 === 0 ? 500 : 0;
    const overtime = i % 4 === 0 ? 320.5 : 0;
    const pension = Math.round(base * 0.08 * 100) / 100;
    const medical = Math.round(base * 0.02 * 100) / 100;
    const fund = Math.round(base * 0.07 * 100) / 100;
    const tax = Math.round(Math.max(0, base + allowance + overtime - pension - medical - fund - 5000) * 0.03 * 100) / 100;
    const net = Math.round((base + allowance + overtime - pension - medical - fund - tax) * 100) / 100;
    ws.addRow([p.name, p.mobile, p.department, base, allowance, overtime, pension, medical, fund, tax, net]);
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => {
  if (target) await api('/wfsaas-saas/api/companyEmployee/update', { token: admin, companyId: 1, body: { id: target.id, mobile: target.mobile } });
  await browser?.close();
});

describe('payslips', () => {
  it('imports 30 payslips, sends them in the app, and one employee confirms on the phone', async () => {
    const roster = await api('/wfsaas-saas/api/companyEmployee/pageList', { token: admin, companyId: 1, body: { pageNum: 1, pageSize: ROWS, status: [1, 2] } });
    const people = (roster.body.data as EmployeeListItem[]).slice(0, ROWS);
    expect(people).toHaveLength(ROWS);
    const rows = await Promise.all(people.map(async (e) => ({ id: e.id, name: e.name, department: e.departmentName ?? '', mobile: await reveal(e.id, 'mobile') })));
    const t = rows[4]!;
    target = { ...t, idNumber: await reveal(t.id, 'idNumber') };
    await call('/wfsaas-saas/api/companyEmployee/update', { id: t.id, mobile: STAFF });
    rows[4] = { ...t, mobile: STAFF };
    // one row with a mistyped mobile matches nobody: HR picks the employee in the wizard
    const mistyped = rows[7]!;
    const sheet = await payrollSheet(rows.map((r, i) => (i === 7 ? { ...r, mobile: '19900000000' } : r)));

    const { context, page } = await openPage(browser);
    screenshotOnFailure('payslips', () => context.pages());
    await enterAsAdmin(page);
    await page.goto('/gzt-vite/importPayslip');
    await page.locator('.payslip-upload').waitFor();
    const title = `E2E工资条${Date.now() % 100_000}`;
    await page.getByLabel('工资条标题').fill(title);
    await shot(page, '01-upload');
    await page.locator('.payslip-upload input[type=file]').setInputFiles({ name: '工资表.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: sheet });

    await page.getByText(`共 ${ROWS} 行数据`).waitFor();
    await expect.poll(() => page.locator('.column-settings .ant-table-row').count()).toBe(11);
    await shot(page, '02-layout');
    await page.locator('.layout-next').click();

    await page.locator('.payslip-match-step').waitFor();
    await expect.poll(() => page.locator('.matched-count .ant-statistic-content').innerText()).toBe(String(ROWS - 1));
    const unmatched = page.locator('.unmatched-table .ant-table-row', { hasText: mistyped.name });
    await expect.poll(() => unmatched.innerText()).toContain('未查询到人员信息');
    await shot(page, '03-unmatched');
    // once matched, the row leaves this table: the count is what shows the choice took
    const allMatched = page.locator('.matched-count .ant-statistic-content', { hasText: new RegExp(`^${ROWS}$`) });
    await chooseInSelect(unmatched, unmatched.locator('.employee-picker'), mistyped.name, { until: allMatched });
    await shot(page, '03-matched');
    await page.locator('.match-next').click();

    await page.locator('.payslip-send-step').waitFor();
    await page.locator('.payslip-preview .payslip-sheet').waitFor();
    await page.locator('.verify-method').getByText('姓名 + 证件号后6位').click();
    await page.locator('#requirePassword').click();
    await shot(page, '04-preview');
    await page.locator('.send-submit').click();
    await page.locator('.payslip-done').waitFor();
    await shot(page, '05-sent');
    await page.getByRole('button', { name: '查看发放详情' }).click();
    await page.waitForURL(/\/gzt-vite\/payslipDetails\/\d+/);
    const batchId = Number(/payslipDetails\/(\d+)/.exec(page.url())![1]);
    await expect.poll(async () => (await call<{ batch: PayslipBatchView }>('/wfsaas-payslip/api/payslip/detail', { batchId })).batch.status, { timeout: 30_000 }).toBe(3);
    await page.reload();
    await expect.poll(() => page.locator('.batch-counts').innerText()).toContain('已确认 0');
    await shot(page, '06-detail');
    await page.locator('.payslip-rows .ant-table-row', { hasText: mistyped.name }).locator('.row-view').click();
    await motionDone(page.locator('.payslip-row-drawer'));
    await shot(page, '06-drawer');
    await page.locator('.payslip-row-drawer .ant-drawer-close').click();

    // the employee's notice arrives in the app inbox of the account with that mobile
    const staff = await apiLogin(STAFF);
    let link = '';
    await expect
      .poll(async () => {
        const list = (await call<{ title: string; content: string; link: string | null }[]>('/wfsaas-system/api/messageNotice/page', { pageNum: 1, pageSize: 20 }, staff)) ?? [];
        link = list.find((m) => m.link?.startsWith('/m/payslip/') && m.content.includes(title))?.link ?? '';
        return link;
      })
      .toMatch(/^\/m\/payslip\/[\w-]+$/);

    const phone = await newTracedContext(browser, { baseURL: page.url().replace(/\/gzt-vite.*$/, ''), viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
    const m: Page = await phone.newPage();
    screenshotOnFailure('payslips-phone', () => phone.pages());
    await m.goto(link);
    await m.locator('.phone-verify').waitFor();
    await expect.poll(() => m.locator('.phone-company').innerText()).not.toBe('');
    await shot(m, '07-phone-verify');
    await m.getByLabel('姓名').fill(target.name);
    await m.getByLabel('证件号码后6位').fill(target.idNumber.slice(-6));
    await m.locator('.verify-submit').click();
    // first view: the employee chooses a payslip password
    await m.locator('.phone-password').waitFor();
    await m.getByLabel('查询密码', { exact: true }).fill('246810');
    await m.getByLabel('确认查询密码').fill('246810');
    await shot(m, '07b-phone-password');
    await m.locator('.password-submit').click();
    await m.locator('.phone-view').waitFor();
    await expect.poll(() => m.locator('.payslip-net').innerText()).toMatch(/^¥[\d,]+\.\d{2}$/);
    await shot(m, '08-phone-payslip');
    await m.locator('.phone-confirm').click();
    await m.locator('.phone-final-confirmed').waitFor();
    await shot(m, '09-phone-confirmed');
    // the same link shows the final state again
    await m.reload();
    await m.locator('.phone-final-confirmed').waitFor();
    await phone.close();

    await page.reload();
    await expect.poll(() => page.locator('.batch-counts').innerText()).toContain('已确认 1');
    await page.locator('.status-tabs').getByText(/^已确认 1$/).click();
    await expect.poll(() => page.locator('.payslip-rows .ant-table-tbody').innerText()).toContain(target.name);
    await shot(page, '10-detail-confirmed');
    const confirmed = await call<{ rows: PayslipRowView[] }>('/wfsaas-payslip/api/payslip/detail', { batchId, status: 3 });
    expect(confirmed.rows.map((r) => r.name)).toEqual([target.name]);

    // HR withdraws it: the same link now says so
    await page.locator('.payslip-rows .ant-table-row', { hasText: target.name }).locator('.row-more').hover();
    await page.locator('.ant-dropdown:visible').getByText('撤回').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => page.locator('.batch-counts').innerText()).toContain('已确认 0');
    await expect.poll(() => page.locator('.status-tabs').innerText()).toContain('已撤回 1');
    const again = await newTracedContext(browser, { baseURL: page.url().replace(/\/gzt-vite.*$/, ''), viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
    const m2 = await again.newPage();
    await m2.goto(link);
    await m2.locator('.phone-final-withdrawn').waitFor();
    await shot(m2, '10-phone-withdrawn');

    // 更正: a corrected copy goes out with a new link; the employee asks a question and HR replies
    await page.locator('.status-tabs').getByText(/^已撤回 1$/).click();
    await page.locator('.payslip-rows .ant-table-row', { hasText: target.name }).locator('.row-more').hover();
    await page.locator('.ant-dropdown:visible').getByText('更正').click();
    const fix = page.locator('.ant-modal', { has: page.locator('.replace-form') });
    await fix.getByLabel('基本工资').fill('9100');
    await shot(page, '12-replace');
    await fix.getByRole('button', { name: '更正并重新发送' }).click();
    await fix.waitFor({ state: 'hidden' });
    let newLink = '';
    await expect
      .poll(async () => {
        const list = (await call<{ content: string; link: string | null }[]>('/wfsaas-system/api/messageNotice/page', { pageNum: 1, pageSize: 20 }, staff)) ?? [];
        newLink = list.find((x) => x.link?.startsWith('/m/payslip/') && x.link !== link && x.content.includes(title))?.link ?? '';
        return newLink;
      })
      .toMatch(/^\/m\/payslip\/[\w-]+$/);
    await m2.goto(newLink);
    await m2.getByLabel('姓名').fill(target.name);
    await m2.getByLabel('证件号码后6位').fill(target.idNumber.slice(-6));
    await m2.locator('.verify-submit').click();
    // later views: the password chosen before
    await m2.getByLabel('查询密码', { exact: true }).fill('246810');
    await m2.locator('.password-submit').click();
    await expect.poll(() => m2.locator('.payslip-group-income').innerText()).toContain('¥9,100.00');
    await m2.locator('.phone-ask').click();
    await m2.getByLabel('反馈内容').fill('加班费好像少算了一天');
    await shot(m2, '13-phone-feedback');
    await m2.getByRole('button', { name: '提交反馈' }).click();
    await m2.locator('.phone-final-feedback').waitFor();

    await page.reload();
    await page.locator('.status-tabs').getByText(/^有反馈 1$/).click();
    const asked = page.locator('.payslip-rows .ant-table-row', { hasText: target.name });
    await expect.poll(() => asked.innerText()).toContain('加班费好像少算了一天');
    await asked.locator('.row-reply').click();
    await page.getByLabel('回复内容').fill('已核实，将在下月补发');
    await page.getByRole('button', { name: '发送回复' }).click();
    await expect.poll(() => asked.innerText()).toContain('已回复');
    await m2.reload();
    await expect.poll(() => m2.locator('.phone-final-feedback').innerText()).toContain('已核实，将在下月补发');
    await shot(m2, '14-phone-replied');
    await again.close();

    await page.goto('/gzt-vite/payslipManagement');
    await expect.poll(() => page.locator('.batch-table .ant-table-tbody').innerText()).toContain(title);
    await shot(page, '11-list');
    await context.close();
  });
});
