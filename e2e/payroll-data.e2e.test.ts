import { PAYROLL_API, PAYROLL_DATA_PATHS, PAYROLL_PATHS, type BaseDataView, type GroupView, type RunInputsPage, type RunView } from '@wfsaas/contracts';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiLogin, confirmOk, enterAsAdmin, journeyShots, launchBrowser, openPage, screenshotOnFailure } from './support.ts';

/**
 * 共享数据: HR creates an import table (表头 → 工资项), downloads its template, uploads a month with one
 * good row and one row whose 工号 matches nobody, reads the error on the batch, voids the batch and
 * uploads the corrected file, links the table to a salary group on 数据组维护, pulls the month's data
 * into the group's run from its import step and sees each value's source on 数据详情.
 */

let browser: Browser;
let admin: string;
const shot = journeyShots('payroll-data');
const seq = Date.now() % 100_000;
const TABLE = `E2E绩效表${seq}`;
const GROUP = `E2E共享数据组${seq}`;
const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);

async function call<T>(path: string, body: unknown): Promise<T> {
  const r = await api(`${PAYROLL_API}${path}`, { token: admin, companyId: 1, body });
  expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
  return r.body.data as T;
}

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('绩效');
  ws.addRow(['工号', '姓名', '绩效', '出勤']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => {
  await browser?.close();
});

describe('payroll shared data', () => {
  it('creates an import table, uploads a month with a bad row, voids it, links the table and pulls it into a run', async () => {
    // one demo employee on the roster this month, in a salary group of its own (not taxed, so no other run is disturbed)
    const base = await api(`${PAYROLL_API}${PAYROLL_DATA_PATHS.basePage}`, { token: admin, companyId: 1, body: { pageNum: 1, pageSize: 20, month } });
    const employee = (base.body.data as BaseDataView[]).find((e) => e.employeeNo)!;
    const group = await call<GroupView>(PAYROLL_PATHS.groupSave, {
      name: GROUP,
      includeEmployeeIds: [employee.employeeId],
      items: [
        { name: '基本工资', type: 3, category: 'income' },
        { name: '绩效奖金', type: 1, category: 'income' },
        { name: '实际出勤天数', type: 1, decimals: 1, category: 'info' },
        { name: '应发工资', type: 2, formula: '【基本工资】+【绩效奖金】', category: 'income' },
        { name: '实发工资', type: 2, formula: '【应发工资】', category: 'net' },
      ],
      grossItem: '应发工资',
      netItem: '实发工资',
      taxRule: 0,
      siCity: null,
      payDay: 10,
    });
    const run = await call<RunView>(PAYROLL_PATHS.runCreate, { groupId: group.id, month });

    const { context, page } = await openPage(browser);
    screenshotOnFailure('payroll-data', () => context.pages());
    await enterAsAdmin(page);

    // ── 新增数据表: the key column is refused as a data column, then two columns ──
    await page.goto('/fzsxapp/importTableData');
    await page.locator('.data-table-list .ant-table-row').first().waitFor();
    await page.locator('.table-create').click();
    const drawer = page.locator('.data-table-drawer');
    await drawer.getByLabel('数据表名称').fill(TABLE);
    const rows = drawer.locator('.data-column-row');
    await rows.nth(0).locator('input').nth(0).fill('工号');
    await rows.nth(0).locator('input').nth(1).fill('绩效奖金');
    await drawer.locator('.data-table-save').click();
    await expect.poll(() => drawer.locator('.data-columns').innerText()).toContain('「工号」用于匹配员工，不能作为数据列');
    await rows.nth(0).locator('input').nth(0).fill('绩效');
    await drawer.locator('.data-column-add').click();
    await rows.nth(1).locator('input').nth(0).fill('出勤');
    await rows.nth(1).locator('input').nth(1).fill('实际出勤天数');
    await drawer.locator('.ant-drawer-title').click();
    await shot(page, '01-table-form');
    await drawer.locator('.data-table-save').click();
    await drawer.locator('.data-table-form').waitFor({ state: 'hidden' });
    const row = page.locator('.data-table-list .ant-table-row', { hasText: TABLE });
    await expect.poll(() => row.innerText()).toContain('绩效 → 绩效奖金');
    await shot(page, '02-tables');

    // ── 上传数据: the template, then a month with one good row and one unknown 工号 ──
    await row.locator('.table-upload').click();
    const modal = page.locator('.data-upload-modal');
    const [template] = await Promise.all([page.waitForEvent('download'), modal.locator('.upload-template').click()]);
    expect(template.suggestedFilename()).toBe(`${TABLE}导入模板.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await template.path())!) as unknown as ArrayBuffer);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(['工号', '姓名', '绩效', '出勤']);
    await modal.locator('.data-upload input[type=file]').setInputFiles({ name: '绩效-有错误.xlsx', mimeType: XLSX, buffer: await sheet([[employee.employeeNo!, employee.name, 1500, 20.5], ['NOPE-404', '查无此人', 100, 20]]) });
    const result = modal.locator('.upload-result');
    await result.waitFor();
    await expect.poll(() => result.innerText()).toMatch(/数据行数\s*2[\s\S]*已匹配员工\s*1[\s\S]*有错误\s*1/);
    await shot(page, '03-upload-result');

    // ── the batch: its error in red, named; then void it from the table's batches ──
    await modal.locator('.upload-open-batch').click();
    await page.waitForURL(/\/fzsxapp\/importTableDataDetail\/\d+$/);
    await expect.poll(() => page.locator('.detail-error-count').innerText()).toBe('1');
    await page.locator('.row-filter-tabs').getByRole('tab', { name: /有错误/ }).click();
    const bad = page.locator('.batch-rows .ant-table-row', { hasText: 'NOPE-404' });
    await expect.poll(() => bad.locator('.row-error').innerText()).toBe(`工号NOPE-404不是${month}在职的员工`);
    await expect.poll(() => page.locator('.batch-rows .ant-table-row').count()).toBe(1);
    await shot(page, '04-batch-detail');

    await page.locator('.batch-detail-page .page-header a', { hasText: '的批次' }).click();
    await page.waitForURL(/\/fzsxapp\/importTableDataBatch\/\d+$/);
    const batch = page.locator('.batch-table .ant-table-row').first();
    await expect.poll(() => batch.innerText()).toContain('绩效-有错误.xlsx');
    await batch.locator('.batch-void').click();
    await confirmOk(page);
    await expect.poll(() => batch.innerText()).toContain('已作废');
    await expect.poll(() => page.locator('.batch-status-tabs').innerText()).toContain('已作废 1');

    // the corrected file, uploaded again for the month
    await page.locator('.batches-upload').click();
    await page.locator('.data-upload-modal .data-upload input[type=file]').setInputFiles({ name: '绩效-修正.xlsx', mimeType: XLSX, buffer: await sheet([[employee.employeeNo!, employee.name, 1500, 20.5]]) });
    await expect.poll(() => page.locator('.data-upload-modal .upload-result').innerText()).toMatch(/有错误\s*0/);
    await page.locator('.data-upload-modal .ant-modal-close').click();
    await expect.poll(() => page.locator('.batch-status-tabs').innerText()).toContain('有效 1');
    await shot(page, '05-batches');

    // ── 数据组维护: the group takes its data from the table ──
    await page.goto('/fzsxapp/dataGroupMaintenance');
    const panel = page.locator('.data-group-panel', { hasText: GROUP });
    await panel.locator('.group-tables-edit').click();
    const choose = page.locator('.group-tables-modal');
    await choose.locator('.ant-table-row', { hasText: TABLE }).locator('.ant-checkbox-input').check();
    await choose.getByRole('button', { name: /确\s*定/ }).click();
    await choose.waitFor({ state: 'hidden' });
    await expect.poll(() => panel.locator('.linked-tables').innerText()).toContain('出勤 → 实际出勤天数');
    await shot(page, '06-data-groups');

    // ── the run's import step: 从共享数据取数, then 数据详情 ──
    await page.goto(`/fzsxapp/salaryPerDataImport/${run.id}`);
    await expect.poll(() => page.locator('.run-data-sources').innerText()).toContain('绩效-修正.xlsx');
    await page.locator('.run-pull').click();
    await expect.poll(() => page.locator('.run-pull-result').innerText()).toContain('为 1 名员工取数');
    await shot(page, '07-run-pull');
    await page.locator('.run-pull-detail').click();
    await page.waitForURL(new RegExp(`/fzsxapp/dataDetail/${run.id}$`));
    const line = page.locator('.run-inputs .ant-table-row', { hasText: employee.name });
    await expect.poll(() => line.innerText()).toContain('¥1,500.00');
    await expect.poll(() => line.locator('.input-source').first().innerText()).toBe(TABLE);
    await shot(page, '08-data-detail');

    const inputs = await call<RunInputsPage>(PAYROLL_DATA_PATHS.runInputs, { runId: run.id, pageNum: 1, pageSize: 10 });
    expect(inputs.list[0]).toMatchObject({ values: { 绩效奖金: '1500.00', 实际出勤天数: '20.50' }, sources: { 绩效奖金: { kind: 'table', tableName: TABLE } } });
    await context.close();
  });
});
