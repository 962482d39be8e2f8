import { BANK_FILE_COLUMNS, DECLARATION_COLUMNS, PAYROLL_API, PAYROLL_PATHS, type EmployeeListItem, type GroupMemberView, type PolicyView, type RunView, type TaxProfileView } from '@wfsaas/contracts';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiLogin, chooseInSelect, confirmOk, enterAsAdmin, launchBrowser, openPage, screenshot, screenshotOnFailure } from './support.ts';

/**
 * 算薪: HR creates a salary group (a wrong formula is refused and named next to its item), starts
 * this month's run, imports an attendance sheet (one row matches nobody), checks the data,
 * calculates every member, reads one employee's explanation, locks the month and exports the
 * 正常工资薪金所得 declaration file, which is read back here. The payroll files are made in 下载中心:
 * the button says 已加入下载中心 with a link there, where the file is downloaded once it is ready.
 */

let browser: Browser;
let admin: string;

async function call<T>(path: keyof typeof PAYROLL_PATHS, body: unknown): Promise<T> {
  const r = await api(`${PAYROLL_API}${PAYROLL_PATHS[path]}`, { token: admin, companyId: 1, body });
  expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
  return r.body.data as T;
}

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `/tmp/payroll-${name}.png`);
}

/**
 * Clicks an export button, follows the notification's link to 下载中心, waits until the file is made
 * (the list refreshes itself) and downloads it.
 */
async function exportThroughDownloadCentre(page: Page, button: Locator, fileName: string, shotName: string): Promise<ExcelJS.Worksheet> {
  await button.click();
  const notice = page.locator('.payroll-export-queued', { hasText: fileName });
  await notice.waitFor();
  expect(await notice.innerText()).toContain('已加入下载中心');
  // the button is not held while the file is made
  await expect.poll(() => button.getAttribute('class')).not.toContain('ant-btn-loading');
  await shot(page, `${shotName}-queued`);
  await notice.locator('.go-download-center').click();
  await page.waitForURL(/\/downloadCenter$/);
  const row = page.locator('.exports-table .ant-table-row', { hasText: fileName }).first();
  await row.locator('[data-status="已完成"]').waitFor({ timeout: 45_000 });
  await shot(page, `${shotName}-download-centre`);
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /下\s*载/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

/** The attendance sheet: 工号, 姓名, 实际出勤天数, 绩效奖金 for each member, and one row nobody matches. */
async function attendanceSheet(members: GroupMemberView[], workingDays: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('考勤');
  ws.addRow(['工号', '姓名', '实际出勤天数', '绩效奖金']);
  members.forEach((m, i) => ws.addRow([m.employeeNo, m.name, i % 7 === 3 ? workingDays - 2 : workingDays, 500 + (i % 5) * 300]));
  ws.addRow(['NOBODY-404', '查无此人', workingDays, 100]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => {
  await browser?.close();
});

describe('payroll', () => {
  it('configures a group, imports attendance, calculates, explains, locks and exports the declaration', async () => {
    const { context, page } = await openPage(browser);
    screenshotOnFailure('payroll', () => context.pages());
    await enterAsAdmin(page);

    // ── the salary group: the default items, a wrong formula refused beside its item ──
    await page.goto('/fzsxapp/salaryManagement');
    await page.locator('.salary-groups-page .group-table').waitFor();
    await shot(page, '01-groups');
    await page.locator('.group-create').click();
    await page.waitForURL(/\/fzsxapp\/configSalaryGroup\/new$/);
    const groupName = `E2E薪资组${Date.now() % 100_000}`;
    await page.locator('.group-basic').getByLabel('薪资组名称').fill(groupName);
    await chooseInSelect(page.locator('.group-basic'), '社保城市政策', '杭州');
    await shot(page, '02-group-basic');

    await page.getByRole('tab', { name: /薪资项目/ }).click();
    const deduction = page.locator('.group-item[data-item="缺勤扣款"]');
    const formula = deduction.locator('.formula-editor textarea');
    const good = await formula.inputValue();
    await formula.fill('【基本工资】/【应出勤天数】*(');
    await page.locator('.group-save').click();
    await expect.poll(() => deduction.locator('.formula-error').innerText()).toContain('缺勤扣款');
    await shot(page, '03-group-formula-error');
    expect((await call<{ name: string }[]>('groupList', {})).some((g) => g.name === groupName)).toBe(false);
    // the chips insert item names and functions at the cursor
    await formula.fill('');
    await deduction.locator('.formula-editor .ant-tag', { hasText: /^MAX$/ }).click();
    await expect.poll(() => formula.inputValue()).toBe('MAX(, )');
    await formula.fill(good);
    await page.locator('.group-save').click();
    await page.waitForURL(/\/fzsxapp\/configSalaryGroup\/\d+$/);
    const groupId = Number(/configSalaryGroup\/(\d+)/.exec(page.url())![1]);
    await page.getByRole('heading', { name: `薪资组设置 · ${groupName}` }).waitFor();
    await page.getByRole('tab', { name: '人员范围' }).click();
    await page.locator('.group-members .ant-table-row').first().waitFor();
    await shot(page, '04-group-members');

    const members = (await call<GroupMemberView[]>('groupMembers', { id: groupId, pageNum: 1, pageSize: 500 })) ?? [];
    expect(members.length).toBeGreaterThanOrEqual(20);
    expect(members.every((m) => m.employeeNo)).toBe(true);

    // ── this month's run ──
    await page.goto('/fzsxapp/salaryByBatch');
    await page.locator('.run-create').click();
    const create = page.locator('.ant-modal', { has: page.locator('.run-create-form') });
    await chooseInSelect(create, '薪资组', groupName);
    await shot(page, '05-run-create');
    await create.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/\/fzsxapp\/salaryPerDataImport\/\d+$/);
    const runId = Number(/salaryPerDataImport\/(\d+)/.exec(page.url())![1]);
    const run = await call<RunView>('runDetail', { runId });
    expect(run.workingDays).toBeGreaterThan(15);

    await page.locator('.run-upload input[type=file]').setInputFiles({
      name: '考勤.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await attendanceSheet(members, run.workingDays),
    });
    await page.locator('.run-import-result').waitFor();
    await expect.poll(() => page.locator('.run-import-result').innerText()).toContain(String(members.length));
    await expect.poll(() => page.locator('.run-unmatched .ant-table-row').innerText()).toContain('NOBODY-404');
    await shot(page, '06-import');

    await page.locator('.run-next').click();
    await page.waitForURL(/\/fzsxapp\/checkDataIntegrity\/\d+$/);
    await page.locator('.check-passed, .check-findings').first().waitFor();
    await expect.poll(() => page.locator('.payroll-run-frame').innerText()).not.toContain('缺少导入数据');
    await shot(page, '07-check');

    await page.locator('.run-next').click();
    await page.waitForURL(/\/fzsxapp\/startCalculateSalary\/\d+$/);
    await page.locator('.calc-start').click();
    await page.locator('.calc-done').waitFor({ timeout: 60_000 });
    await shot(page, '08-calculated');
    const done = await call<RunView>('runDetail', { runId });
    expect(done.status).toBe(3);
    expect(done.totals?.headcount).toBe(members.length);

    await page.locator('.calc-done .run-next').click();
    await page.waitForURL(/\/fzsxapp\/calculateSalaryDetail\/\d+$/);
    await page.locator('.run-results .ant-table-row').first().waitFor();
    await shot(page, '09-results');
    const first = page.locator('.run-results .ant-table-row').first();
    const name = (await first.locator('.result-explain').innerText()).trim();
    await first.locator('.result-explain').click();
    await page.locator('.explain-drawer .explain-steps .ant-table-row').first().waitFor();
    await expect.poll(() => page.locator('.explain-drawer').innerText()).toContain('缺勤扣款');
    await expect.poll(() => page.locator('.explain-drawer').innerText()).toContain(name);
    await shot(page, '10-explain');
    await page.locator('.explain-drawer .ant-drawer-close').click();

    // one employee's bonus corrected by hand: the run asks for a new calculation, which takes it in
    await first.locator('.result-edit').click();
    const edit = page.locator('.ant-modal', { has: page.locator('.input-edit-form') });
    await edit.getByLabel('绩效奖金').fill('1234.5');
    await shot(page, '10a-edit-input');
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => page.locator('.payroll-run-frame').innerText()).toContain('请在「计算薪资」中重新计算');
    await page.locator('.payroll-run-steps .ant-steps-item').nth(2).click();
    await page.locator('.calc-start').click();
    await page.locator('.calc-done').waitFor({ timeout: 60_000 });
    await page.locator('.calc-done .run-next').click();
    await expect.poll(() => page.locator('.run-results .ant-table-row').first().innerText()).toContain('¥1,234.50');

    // ── lock; unlock with a reason; lock again; then the declaration file ──
    const header = () => page.locator('.payroll-run-frame .page-header').innerText();
    const lock = async () => {
      await page.locator('.run-lock').click();
      await confirmOk(page);
      await expect.poll(header).toContain('已锁定');
    };
    await lock();
    await page.locator('.run-unlock').click();
    const unlock = page.locator('.ant-modal', { has: page.locator('.unlock-reason') });
    await unlock.locator('.unlock-reason textarea').fill('补发绩效奖金后重新核对');
    await shot(page, '10b-unlock');
    await unlock.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(header).toContain('待审核');
    await expect.poll(() => page.locator('.payroll-run-frame').innerText()).toContain('补发绩效奖金后重新核对');
    await lock();
    await page.locator('.payroll-run-steps .ant-steps-item').last().click();
    await page.waitForURL(/\/fzsxapp\/submitPayroll\/\d+$/);
    await page.locator('.run-summary').waitFor();
    await shot(page, '11-locked');

    await page.goto('/generationexpend/declarationRecords');
    const row = page.locator('.declaration-table .ant-table-row', { hasText: run.month });
    await row.waitFor();
    await shot(page, '12-declarations');
    const ws = await exportThroughDownloadCentre(page, row.locator('.declaration-export'), `正常工资薪金所得_${run.month}.xlsx`, '12a-declaration');
    const headerRow = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headerRow).toEqual([...DECLARATION_COLUMNS]);
    const explained = members.find((m) => m.name === name)!;
    let found: unknown[] | null = null;
    ws.eachRow((r, n) => {
      const v = (r.values as unknown[]).slice(1);
      if (n > 1 && String(v[0]) === explained.employeeNo) found = v;
    });
    expect(found).not.toBeNull();
    const income = Number(String(found![4]).replace(/,/g, ''));
    expect(income).toBeGreaterThan(0);
    expect(String(found![1])).toBe(name);

    await page.goto('/generationexpend/declarationRecords');
    await row.waitFor();
    await row.locator('.declaration-mark').click();
    await confirmOk(page);
    await expect.poll(() => row.innerText()).toContain('已申报');

    // ── submit: the sheet, its payments and the bank file; then push to payslips ──
    await page.goto('/generationexpend/submitPayslip');
    await page.locator('.submit-payslip-page .ant-table-row', { hasText: groupName }).waitFor();
    await shot(page, '16-submit-payslip');
    await page.goto(`/fzsxapp/submitPayroll/${runId}`);
    await page.locator('.run-submit').click();
    await confirmOk(page);
    await page.locator('.run-submitted').waitFor();
    await shot(page, '17-submitted');
    await page.goto('/generationexpend/payslipList');
    await page.locator('.sheet-list-page .ant-table-row', { hasText: groupName }).waitFor();
    await shot(page, '18-sheets');
    await page.goto(`/generationexpend/mitWagesprisedetal/${runId}`);
    await page.locator('.sheet-detail-page .ant-table-row').first().waitFor();
    await shot(page, '19-sheet-detail');
    // 导出工资表: every member, the group's items in order, a 合计 row
    const payrollSheet = await exportThroughDownloadCentre(page, page.locator('.sheet-detail-page .sheet-export'), `工资表明细_${groupName}_${run.month}.xlsx`, '19a-sheet');
    const sheetHeader = (payrollSheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(sheetHeader.slice(0, 4)).toEqual(['工号', '姓名', '部门', '基本工资']);
    expect(sheetHeader).toContain('实发工资');
    expect(payrollSheet.rowCount).toBe(members.length + 2);
    expect(payrollSheet.getRow(members.length + 2).getCell(1).value).toBe('合计');
    await page.goto('/generationexpend/payroll');
    await chooseInSelect(page.locator('.payment-page'), '工资表', groupName);
    await page.locator('.payment-page').getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('.payment-page .ant-pagination').innerText()).toContain(`共 ${members.length} 条`);
    await shot(page, '20-payments');
    const bank = await exportThroughDownloadCentre(page, page.locator('.export-bank'), `银行代发_${groupName}_${run.month}.xlsx`, '20a-bank');
    expect((bank.getRow(1).values as unknown[]).slice(1)).toEqual([...BANK_FILE_COLUMNS]);
    expect(bank.rowCount).toBe(members.length + 2);
    expect([bank.getRow(members.length + 2).getCell(1).value, bank.getRow(members.length + 2).getCell(2).value]).toEqual(['合计', `共${members.length}人`]);
    expect(typeof bank.getRow(2).getCell(5).value).toBe('number');
    await page.goto(`/fzsxapp/submitPayroll/${runId}`);
    await page.locator('.run-push').click();
    await page.waitForURL(/\/gzt-vite\/payslipDetails\/\d+$/, { timeout: 60_000 });
    await page.locator('.payslip-rows .ant-table-row').first().waitFor();
    await shot(page, '21-payslips');

    // the other screens of the group, for a look
    for (const [path, shotName, ready] of [
      ['/fzsxapp/index', '13-index', '.index-group-card'],
      ['/fzsxapp/calendarList', '14-calendar-list', '.calendar-list-page .ant-table-row'],
      [`/fzsxapp/calendarDetail/${run.month.slice(0, 4)}`, '15-calendar-detail', '.calendar-month'],
    ] as const) {
      await page.goto(path);
      await page.locator(ready).first().waitFor();
      await shot(page, shotName);
    }
    await context.close();
    // three files are made in 下载中心 on the way: more than the default minute
  }, 300_000);
  it('edits a rate of 北京 as the company policy and sets an employee\'s 子女教育', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('payroll-policy', () => context.pages());
    await enterAsAdmin(page);
    // start from the built-in 北京 policy
    for (const p of await call<PolicyView[]>('policyList', { city: '北京' })) if (p.origin === 'company' && p.id !== null) await call('policyRemove', { id: p.id });

    // ── 社保公积金政策: open 北京, change the employer pension rate, save as the company's policy ──
    await page.goto('/fzsxapp/salaryManagement');
    await page.locator('.policy-open').click();
    const drawer = page.locator('.policy-drawer');
    const beijing = drawer.locator('.policy-table .ant-table-row', { hasText: '北京' }).first();
    await beijing.waitFor();
    await expect.poll(() => drawer.locator('.policy-table .ant-table-row').count()).toBeGreaterThanOrEqual(5);
    await screenshot(page, '/tmp/payroll-policy-01-list.png');
    await beijing.locator('.policy-view').click();
    await page.locator('.policy-detail').waitFor();
    await screenshot(page, '/tmp/payroll-policy-02-detail.png');
    await page.locator('.policy-editor .ant-drawer-close').click();
    await page.locator('.policy-detail').waitFor({ state: 'detached' });
    await beijing.locator('.policy-edit').click();
    const form = page.locator('.policy-form');
    const employerRate = form.locator('.policy-items .ant-table-row').first().getByLabel('单位缴费比例');
    await employerRate.fill('101');
    await employerRate.blur();
    await expect.poll(() => employerRate.inputValue()).toBe('100');
    await employerRate.fill('16.5');
    await employerRate.blur();
    const floor = form.locator('.policy-items .ant-table-row').first().getByLabel('缴费基数下限');
    const goodFloor = await floor.inputValue();
    await floor.fill('99999999');
    await form.locator('.policy-save').click();
    await expect.poll(() => form.locator('.policy-errors').innerText()).toContain('缴费基数下限不能高于上限');
    await floor.fill(goodFloor);
    await screenshot(page, '/tmp/payroll-policy-03-edit.png');
    await form.locator('.policy-save').click();
    await form.waitFor({ state: 'detached' });
    await toasts.expect('已保存为本企业政策');
    const copy = drawer.locator('.policy-table .ant-table-row', { hasText: '北京' }).filter({ hasText: '本企业' });
    await copy.waitFor();
    await screenshot(page, '/tmp/payroll-policy-04-saved.png');
    const saved = (await call<PolicyView[]>('policyList', { city: '北京' })).find((p) => p.origin === 'company')!;
    expect(saved.items.find((i) => i.key === 'pension')!.employerRate).toBe('0.165');
    await drawer.locator('.policy-add').click();
    await page.locator('.policy-form').getByLabel('城市').waitFor();
    await screenshot(page, '/tmp/payroll-policy-07-new-city.png');
    await page.locator('.policy-editor .ant-drawer-close').click();
    await page.locator('.policy-form').waitFor({ state: 'detached' });
    await page.locator('.policy-drawer .ant-drawer-close').first().click();

    // ── 个税扣除信息: 子女教育 for one employee ──
    const employees = await api('/wfsaas-saas/api/companyEmployee/pageList', { token: admin, companyId: 1, body: { pageNum: 1, pageSize: 1, status: [0, 1, 2, 3] } });
    const employee = (employees.body.data as EmployeeListItem[])[0]!;
    await page.goto('/fzsxapp/salaryByBatch');
    await page.locator('.tax-profiles-open').click();
    const profiles = page.locator('.tax-profiles-drawer');
    await profiles.locator('.tax-profile-table').waitFor();
    const editor = page.locator('.tax-profile-form');
    await chooseInSelect(profiles, profiles.locator('.tax-profile-add'), employee.name, { search: employee.employeeNo ?? employee.name, until: editor });
    await editor.getByLabel('子女教育').fill('2000');
    await editor.getByLabel('赡养老人').fill('3500');
    await editor.locator('.tax-profile-save').click();
    await expect.poll(() => editor.locator('.tax-profile-errors').innerText()).toContain('赡养老人每月不超过3,000元');
    await editor.getByLabel('赡养老人').fill('');
    await screenshot(page, '/tmp/payroll-policy-05-tax-profile.png');
    await editor.locator('.tax-profile-save').click();
    await editor.waitFor({ state: 'detached' });
    await toasts.expect('保存成功');
    await profiles.locator('.tax-profile-search input').fill(employee.name);
    await profiles.locator('.tax-profile-search input').press('Enter');
    const row = profiles.locator('.tax-profile-table .ant-table-row', { hasText: employee.name });
    await expect.poll(() => row.innerText()).toContain('¥2,000.00');
    await screenshot(page, '/tmp/payroll-policy-06-tax-profiles.png');
    const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date()));
    const [profile] = await call<TaxProfileView[]>('taxProfileList', { year, employeeIds: [employee.id] });
    expect(profile!.deductions.childEducation).toBe('2000.00');

    // the built-in 北京 policy in force again for the other tests
    await call('policyRemove', { id: saved.id });
    await context.close();
  });
});
