import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixtureWorkbook, fixtureCells, fixtureIdNumber, fixtureRow } from '../apps/server/src/modules/employee-import/import-fixtures.ts';
import { ADMIN, api, apiLogin, COMPANY_1, launchBrowser, openPage, screenshot, screenshotOnFailure, signIn } from './support.ts';

const SHOTS = '/tmp/shots-import';
const BASE_SEQ = 7000;

let browser: Browser;
let token: string;

async function shot(page: Page, name: string) {
  await screenshot(page, `${SHOTS}/${name}.png`);
}

async function rosterCount(): Promise<number> {
  const r = await api('/wfsaas-saas/api/companyEmployee/pageList', { token, companyId: 1, body: { keyword: 'IMP007', pageSize: 10 } });
  expect(r.body.code).toBe(200);
  return (r.body as unknown as { pageMessage: { total: number } }).pageMessage.total;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  token = await apiLogin(ADMIN);
});

afterAll(async () => {
  await browser?.close();
});

describe('roster import', () => {
  it('imports 50 employees with 3 bad rows, fixes them in the wizard and imports them too', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => fixtureCells(fixtureRow(i, BASE_SEQ)));
    rows[4]![3] = '110105199001011235'; // wrong check digit → sheet row 6
    rows[9]![2] = rows[8]![2]!.slice(0, 10); // a 10-digit mobile → sheet row 11
    rows[19]![4] = '不存在的部门'; // → sheet row 21
    const file = await buildFixtureWorkbook(rows);
    const before = await rosterCount();

    const { context, page } = await openPage(browser);
    screenshotOnFailure('employee-import', () => context.pages());
    await signIn(page, ADMIN);
    await page.waitForURL(/excessive\/company/);
    await page.getByRole('button', { name: COMPANY_1 }).click();
    await page.waitForURL((u) => u.pathname === '/home');
    await page.goto('/staffRoll/importTemplate/employee');
    await page.getByRole('button', { name: '下载模板' }).waitFor();
    await shot(page, '01-template');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载模板' }).click();
    expect((await download).suggestedFilename()).toBe('员工导入模板.xlsx');
    await page.getByRole('button', { name: '下一步' }).click();
    await shot(page, '02-upload');
    await page.locator('input[type=file]').setInputFiles({ name: '员工名单.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });

    await page.getByText('共 50 行数据').waitFor();
    await shot(page, '03-mapping');
    await page.getByRole('button', { name: '下一步' }).click();

    await page.getByRole('button', { name: '确认导入 47 条' }).waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(3);
    await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain('身份证号码校验位不正确');
    await shot(page, '04-check');

    await page.getByRole('button', { name: '确认导入 47 条' }).click();
    await page.getByText('导入完成').waitFor({ timeout: 30_000 });
    await page.getByText('新增 47 人').waitFor();
    await shot(page, '05-done');
    expect(await rosterCount()).toBe(before + 47);

    // fix the three rows in the wizard
    await page.getByRole('button', { name: '修正未导入的数据' }).click();
    await page.getByRole('button', { name: '确认导入 0 条' }).waitFor();
    const fixes: Record<number, [string, string]> = { 6: ['身份证号', fixtureIdNumber(BASE_SEQ + 4)], 11: ['手机号码', '15699997011'], 21: ['*部门', '产品部'] };
    for (const rowNo of [6, 11, 21]) {
      const row = page.locator('.ant-table-row').filter({ hasText: new RegExp(`^${rowNo}`) }).first();
      await row.getByRole('button', { name: '修改' }).click();
      const modal = page.locator('.ant-modal').filter({ hasText: `修改第 ${rowNo} 行` });
      await modal.getByLabel(fixes[rowNo]![0], { exact: true }).fill(fixes[rowNo]![1]);
      if (rowNo === 6) await shot(page, '06-edit-row');
      await modal.getByRole('button', { name: '保存并重新校验' }).click();
      await modal.waitFor({ state: 'hidden' });
    }
    await page.getByRole('button', { name: '确认导入 3 条' }).waitFor();
    await shot(page, '07-recheck');
    await page.getByRole('button', { name: '确认导入 3 条' }).click();
    await page.getByText('新增 50 人').waitFor({ timeout: 30_000 });
    await shot(page, '08-done-all');
    expect(await rosterCount()).toBe(before + 50);
    await context.close();
  });
});
