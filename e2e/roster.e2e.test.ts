import { idCardCheckChar, type DepartmentOption, type Widget } from '@wfsaas/contracts';
import ExcelJS from 'exceljs';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiLogin, baseURL, chooseInSelect, chooseInTreeSelect, enterAsAdmin, fillDate, launchBrowser, openPage, screenshot, screenshotOnFailure } from './support.ts';

/** The roster screens: add an employee by hand, filter the roster, open the file, reveal the ID number. */

const SHOTS = '/tmp/shots-roster';
let browser: Browser;
let token: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  token = await apiLogin(ADMIN);
});

afterAll(async () => {
  await browser?.close();
});

function idNumber(seq: number): string {
  const first17 = `330106199003${String(10 + (seq % 18)).padStart(2, '0')}${String(seq % 1000).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17)!;
}

async function shot(page: Page, name: string) {
  await screenshot(page, `${SHOTS}/${name}.png`);
}

/** The audit rows of company 1 as the operation-log export writes them (the API has no audit list). */
async function auditRows(): Promise<string[]> {
  const started = await api('/wfsaas-file/api/fileInfo/exportAuditLog', { token, companyId: 1, body: {} });
  expect(started.body.code, started.body.message).toBe(200);
  const id = (started.body.data as { id: number }).id;
  await expect
    .poll(async () => ((await api('/wfsaas-file/api/fileInfo/detail', { token, companyId: 1, body: { id } })).body.data as { status: number }).status, { timeout: 30_000, interval: 500 })
    .toBe(2);
  const link = await api('/wfsaas-file/api/fileInfo/downloadToken', { token, companyId: 1, body: { id } });
  const res = await fetch(new URL((link.body.data as { url: string }).url, baseURL()));
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  const out: string[] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).map((v) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))).join(' | ')));
  return out;
}

describe('roster screens', () => {
  it('adds an employee by hand, filters the roster, opens the file and reveals the ID number (audited)', async () => {
    const { context, page } = await openPage(browser);
    screenshotOnFailure('roster-journey', () => context.pages());
    const departments = (await api('/wfsaas-saas/api/companyDepartment/options', { token, companyId: 1, body: {} })).body.data as DepartmentOption[];
    const dept = departments.find((d) => d.parentId !== null && d.status === 1) ?? departments[0]!;
    const seq = Date.now() % 100_000;
    const name = `林测${String.fromCharCode(0x4e00 + (seq % 500))}`;
    const idNo = idNumber(seq);
    const mobile = `137${String(seq).padStart(8, '0')}`;
    const employeeNo = `E2E${seq}`;

    await enterAsAdmin(page);

    // ── add by hand ──
    await page.goto('/staffRoll');
    await page.locator('.roster-table').waitFor();
    await shot(page, '01-staffRoll');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await page.waitForURL((u) => u.pathname === '/newemployee/1');
    await page.locator('.employee-form').waitFor();
    await shot(page, '02-newemployee-empty');
    // client checks beside the fields
    await page.locator('#employee_idNumber').fill('110105194912310021');
    await page.getByText('身份证号码校验位不正确').waitFor();
    await page.locator('#employee_name').fill(name);
    await page.locator('#employee_idNumber').fill(idNo);
    await expect.poll(() => page.locator('.ant-form-item:has(#employee_birthDate) input').inputValue()).toBe(`1990-03-${idNo.slice(12, 14)}`);
    await page.locator('#employee_mobile').fill(mobile);
    await page.locator('#employee_employeeNo').fill(employeeNo);
    await chooseInTreeSelect(page, page.locator('.ant-form-item:has(#employee_departmentId) .ant-select').first(), dept.name);
    await fillDate(page.locator('.ant-form-item:has(#employee_hireDate) input').first(), '2024-03-01');
    await shot(page, '03-newemployee-filled');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL((u) => u.pathname === '/staffRoll' && u.searchParams.has('file'));
    const employeeId = Number(new URL(page.url()).searchParams.get('file'));

    // ── the file opens over the roster ──
    const file = page.locator('.employee-file');
    await file.locator('.file-name', { hasText: name }).waitFor();
    await expect.poll(() => file.locator('.file-header').innerText()).toContain(employeeNo);
    const masked = `${idNo.slice(0, 6)}********${idNo.slice(14)}`;
    const idCell = file.locator('.sensitive-idNumber');
    await expect.poll(() => idCell.locator('.sensitive-text').innerText()).toBe(masked);
    await shot(page, '04-employee-file');
    await idCell.getByRole('button', { name: '查看' }).click();
    await expect.poll(() => idCell.locator('.sensitive-text').innerText()).toBe(idNo);
    await shot(page, '05-employee-file-revealed');
    await file.getByRole('tab', { name: '任职信息' }).click();
    await expect.poll(() => file.locator('.file-job').innerText()).toContain(dept.name);
    await file.getByRole('tab', { name: '附件' }).click();
    await file.locator('.file-attachments').waitFor();
    await shot(page, '06-employee-file-attachments');
    await page.locator('.ant-drawer-close').click();
    await page.waitForURL((u) => !u.searchParams.has('file'));

    // the reveal is in the audit log
    const rows = await auditRows();
    expect(rows.some((r) => r.split(' | ').slice(3, 6).join(' | ') === `employee.reveal | employee | ${employeeId}`)).toBe(true);

    // ── filter by keyword, then by department ──
    await page.locator('#roster_keyword').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('.roster-table .ant-table-tbody .employee-name').allInnerTexts()).toEqual([name]);
    await page.locator('#roster_keyword').fill('');
    await chooseInTreeSelect(page, page.locator('.query-form .ant-form-item:has(#roster_departmentId) .ant-select').first(), dept.name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('.roster-table .ant-table-tbody .employee-name').allInnerTexts()).toContain(name);
    const inDept = await api('/wfsaas-saas/api/companyEmployee/pageList', { token, companyId: 1, body: { departmentId: dept.id, status: [0, 1, 2, 3] } });
    await expect.poll(() => page.locator('.roster-table .ant-pagination-total-text').innerText()).toBe(`共 ${(inDept.body as unknown as { pageMessage: { total: number } }).pageMessage.total} 条`);
    await shot(page, '07-staffRoll-filtered');
    // the tab counts come from the server
    await expect.poll(() => page.locator('.roster-tabs .ant-tabs-tab').first().innerText()).toMatch(/^全部\s*\d+$/);

    // ── a custom field as a roster column ──
    const form = (await api('/wfsaas-saas/api/customForm/get', { token, companyId: 1, body: { scene: 'employee' } })).body.data as { formConfig: object; widgetList: Widget[] } | null;
    const shuttle: Widget = { id: 'e2e-shuttle', type: 'select', label: '班车路线', key: 'e2eShuttle', options: { options: [{ label: '东线', value: 'E' }, { label: '西线', value: 'W' }] } };
    const saved = await api('/wfsaas-saas/api/customForm/save', {
      token,
      companyId: 1,
      body: { scene: 'employee', formConfig: form?.formConfig ?? { cols: 2 }, widgetList: [...(form?.widgetList ?? []).filter((w) => w.key !== shuttle.key), shuttle] },
    });
    expect(saved.body.code, saved.body.message).toBe(200);
    const updated = await api('/wfsaas-saas/api/companyEmployee/update', { token, companyId: 1, body: { id: employeeId, customFields: { e2eShuttle: 'W' } } });
    expect(updated.body.code, updated.body.message).toBe(200);
    await page.reload();
    await page.locator('#roster_keyword').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('.roster-table .ant-table-tbody .employee-name').allInnerTexts()).toEqual([name]);
    // on a loaded machine a click can land while the chooser is still opening: try again
    for (let attempt = 0; attempt < 3; attempt++) {
      const item = page.locator('.column-chooser').getByText('班车路线', { exact: true });
      if (!(await item.isVisible())) await page.locator('.column-chooser-button').click();
      // click only while the column is still off, so a slow first click is not undone
      if (!(await page.locator('.column-chooser label', { hasText: '班车路线' }).locator('input[type=checkbox]').isChecked())) await item.click();
      const shown = await expect
        .poll(() => page.locator('.roster-table .ant-table-thead').innerText(), { timeout: 4_000 })
        .toContain('班车路线')
        .then(() => true, () => false);
      if (shown) break;
    }
    await expect.poll(() => page.locator('.roster-table .ant-table-thead').innerText()).toContain('班车路线');
    await expect.poll(() => page.locator('.roster-table .ant-table-tbody tr.ant-table-row').first().innerText()).toContain('西线');
    await page.keyboard.press('Escape');
    await page.locator('.roster-table .ant-table-content, .roster-table .ant-table-body').first().evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await shot(page, '07b-staffRoll-custom-column');

    // ── the other screens ──
    await page.goto(`/newemployee/1?id=${employeeId}`);
    await expect.poll(() => page.locator('#employee_name').inputValue()).toBe(name);
    await shot(page, '08-edit-employee');
    await page.goto('/employee/employeeTasks');
    await page.locator('.tasks-table').waitFor();
    await shot(page, '09-employeeTasks');
    await page.goto('/employee/employeeBrand');
    await page.locator('.badge-layout-form').waitFor();
    await chooseInSelect(page, page.locator('.employee-picker'), name);
    await page.locator('.badge-card').first().waitFor();
    await expect.poll(() => page.locator('.badge-card .badge-qr').count()).toBe(1);
    await shot(page, '10-employeeBrand');
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    await page.emulateMedia({ media: 'screen' });
    await page.goto('/staffRoll/groupInformation');
    await page.locator('.group-table').waitFor();
    await expect.poll(() => page.locator('.group-table .ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await shot(page, '11-groupInformation');
    await page.goto('/employeeManage');
    await page.locator('.employee-manage').waitFor();
    await shot(page, '12-employeeManage');
    await page.goto('/corporateCenter');
    await page.waitForURL((u) => u.pathname === '/staffRoll');
    await context.close();
  });
});
