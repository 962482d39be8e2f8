import { LINE_KINDS, SI_API, SI_PATHS, type ApplyDetailView, type ApplyLineView, type RevealSensitiveResult } from '@wfsaas/contracts';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiLogin, confirmOk, enterAsAdmin, journeyShots, launchBrowser, motionDone, openPage, screenshotOnFailure } from './support.ts';

/**
 * 社保托管: HR opens 进度速查, starts this month's declaration of the 杭州 entity (the demo data
 * proposes who joins and leaves), sees a 增员 line, sets one line aside and takes it back, submits,
 * queues the portal file in 下载中心, imports the portal's result file (one failure with its reason,
 * the others succeeded, one row naming nobody in the declaration) and reads 部分成功 with the failure
 * reason and the unknown row; then finds a person who joined 在保 in 员工参保信息.
 */

const HANGZHOU = '杭州总部社保账户';
const FAILURE_REASON = '身份证号码与姓名不匹配';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let browser: Browser;
let admin: string;

async function call<T>(path: string, body: unknown): Promise<T> {
  const r = await api(path, { token: admin, companyId: 1, body });
  expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
  return r.body.data as T;
}

const si = <T,>(path: keyof typeof SI_PATHS, body: unknown) => call<T>(`${SI_API}${SI_PATHS[path]}`, body);
const reveal = async (id: number) => (await call<RevealSensitiveResult>('/wfsaas-saas/api/companyEmployee/revealSensitive', { id, field: 'idNumber' })).value;

/** The portal's result file: 姓名, 证件号码, 申报类型, 结果, 原因 — one row a line, and one row for nobody. */
async function resultFile(rows: { name: string; idNumber: string; kind: number; ok: boolean; reason: string }[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('办理结果');
  ws.addRow(['姓名', '证件号码', '申报类型', '结果', '原因']);
  for (const r of rows) ws.addRow([r.name, r.idNumber, LINE_KINDS.find((k) => k.value === r.kind)?.label ?? '', r.ok ? '成功' : '失败', r.reason]);
  ws.addRow(['查无此人', '110101199003077777', '增员', '成功', '']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The declaration's status tag in the page header. */
const headerStatus = (page: Page, label: string) => page.locator(`.apply-detail-page .page-header [data-status="${label}"]`);

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => {
  await browser?.close();
});

describe('social-insurance hosting', () => {
  it('declares the month for 杭州, submits, exports, imports the results and shows the insured person', async () => {
    const { context, page } = await openPage(browser);
    screenshotOnFailure('social-insurance', () => context.pages());
    const shot = journeyShots('social-insurance');
    await enterAsAdmin(page);
    await page.locator('.home-si-board .si-board-waiting').waitFor();
    await shot(page, '01-home-board');

    // ── 进度速查: a card per entity ──
    await page.goto('/socialTrusteeship/progressReporting/applyMonth');
    const card = page.locator(`.apply-card[data-entity="${HANGZHOU}"]`);
    await card.waitFor();
    await page.locator('.apply-table .ant-table-row').first().waitFor();
    await shot(page, '02-apply-month');

    // ── 办理申报: the draft with this month's proposals ──
    await card.locator('.apply-start').click();
    await page.waitForURL(/\/taxReturn\/progressReportDetail\/\d+$/);
    const applyId = Number(new URL(page.url()).pathname.split('/').pop());
    await headerStatus(page, '草稿').waitFor();
    const rows = page.locator('.line-table .ant-table-tbody .ant-table-row');
    await rows.first().waitFor();
    await expect.poll(() => page.locator('.line-table .ant-table-tbody .ant-tag', { hasText: '增员' }).count()).toBeGreaterThan(0);
    const declaredCount = async () => Number(/(?<!不)申报 (\d+) 条/.exec(await page.locator('.line-filter').innerText())?.[1]);
    const declaredAtFirst = await declaredCount();
    await shot(page, '03-draft-lines');

    // ── 不申报 one line, then 恢复 it ──
    const setAside = (await rows.first().locator('td').first().innerText()).trim();
    await rows.first().locator('.line-drop').click();
    // a dropped 增员 takes its 补缴 with it
    await expect.poll(declaredCount).toBeLessThan(declaredAtFirst);
    await page.locator('.line-filter').getByText(/不申报 [12] 条/).click();
    const droppedRow = page.locator('.line-table .ant-table-tbody .ant-table-row', { hasText: setAside });
    await droppedRow.waitFor();
    await shot(page, '04-line-dropped');
    await droppedRow.locator('.line-restore').click();
    await page.locator('.line-filter').getByText(/不申报 0 条/).waitFor();
    await page.locator('.line-filter').getByText(/^申报 \d+ 条$/).click();
    await expect.poll(declaredCount).toBe(declaredAtFirst);
    await shot(page, '05-line-restored');

    // ── 提交申报, confirming the counts ──
    await page.locator('.apply-submit').click();
    await motionDone(page.locator('.ant-modal-confirm'));
    expect(await page.locator('.ant-modal-confirm').innerText()).toContain(`本次申报共 ${declaredAtFirst} 条明细`);
    await shot(page, '06-submit-confirm');
    await confirmOk(page);
    await headerStatus(page, '已提交').waitFor();
    await shot(page, '07-submitted');

    // ── 导出申报文件: queued in 下载中心 ──
    const exported = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(SI_PATHS.applyExport));
    await page.locator('.apply-export').click();
    const exportBody = (await (await exported).json()) as { code: number; data: { fileName: string } };
    expect(exportBody.code).toBe(200);
    const notice = page.locator('.payroll-export-queued');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('已加入下载中心');
    await shot(page, '08-export-queued');
    await notice.locator('.go-download-center').click();
    await page.waitForURL(/\/downloadCenter$/);
    await page.locator('.exports-table .ant-table-row', { hasText: exportBody.data.fileName }).first().waitFor();
    await shot(page, '09-download-centre');

    // ── 导入办理结果: one failure with its reason, the rest succeeded, one unknown row ──
    const detail = await si<ApplyDetailView>('applyDetail', { applyId });
    const declared = detail.lines.filter((l) => !l.dropped);
    expect(declared.length, 'the 杭州 proposals give at least two lines').toBeGreaterThanOrEqual(2);
    const joiner: ApplyLineView = declared.find((l) => l.kind === 1)!;
    const failed = declared.find((l) => l !== joiner)!;
    const file = await resultFile(
      await Promise.all(declared.map(async (l) => ({ name: l.name, idNumber: await reveal(l.employeeId), kind: l.kind, ok: l !== failed, reason: l === failed ? FAILURE_REASON : '' }))),
    );
    await page.goto(`/taxReturn/progressReportDetail/${applyId}`);
    await headerStatus(page, '已提交').waitFor();
    await page.locator('.apply-import').click();
    const modal = page.locator('.result-import-modal');
    await motionDone(modal);
    await modal.locator('input[type=file]').setInputFiles({ name: '办理结果.xlsx', mimeType: XLSX, buffer: file });
    await modal.locator('.result-import-ok').click();
    const summary = modal.locator('.result-import-summary');
    await summary.waitFor();
    await summary.locator('[data-status="部分成功"]').waitFor();
    expect(await modal.locator('.result-unknown-table').innerText()).toContain('查无此人');
    await shot(page, '10-result-imported');
    await modal.locator('.result-import-ok').click();
    await modal.waitFor({ state: 'hidden' });

    await headerStatus(page, '部分成功').waitFor();
    const failedRow = page.locator('.line-table .ant-table-tbody .ant-table-row', { hasText: failed.name });
    await failedRow.locator('.line-reason', { hasText: FAILURE_REASON }).waitFor();
    await failedRow.locator('[data-status="失败"]').waitFor();
    await page.locator('.apply-retry').waitFor();
    await shot(page, '11-partial-success');

    // ── 员工参保信息: the person who joined is 在保 ──
    await page.goto('/taxReturn/insuranceInformation');
    await page.locator('.insured-info-page .query-form').waitFor();
    await page.locator('#insured-query_keyword').fill(joiner.employeeNo ?? joiner.name);
    await page.locator('.insured-info-page .query-form').getByRole('button', { name: /查\s*询/ }).click();
    const insuredRow = page.locator('.insured-table .ant-table-tbody .ant-table-row', { hasText: joiner.name });
    await insuredRow.locator('[data-status="在保"]').waitFor();
    await shot(page, '12-insured');
    await insuredRow.locator('.insured-history').click();
    await motionDone(page.locator('.insured-history-drawer'));
    await page.locator('.insured-history-drawer .ant-timeline-item').first().waitFor();
    await shot(page, '13-insured-history');
    await context.close();
  }, 300_000);

  it('shows the entities with their policy bounds and this month’s contribution records per entity and item', async () => {
    const { context, page } = await openPage(browser);
    const shot = journeyShots('social-insurance');
    await enterAsAdmin(page);

    // ── 选择参保主体: both accounts, the policy of the month, who is insured there ──
    await page.goto('/taxReturn/selectInsured');
    const hz = page.locator('.entity-table .ant-table-row', { hasText: HANGZHOU });
    await hz.locator('.money').first().waitFor();
    await page.locator('.entity-table .ant-table-row', { hasText: '上海分公司社保账户' }).waitFor();
    await shot(page, '14-entities');
    await hz.locator('.entity-edit').click();
    await motionDone(page.locator('.entity-drawer'));
    expect(await page.locator('.entity-drawer input#name, .entity-drawer input[id$="_name"]').first().inputValue()).toBe(HANGZHOU);
    await shot(page, '15-entity-edit');
    await page.keyboard.press('Escape');

    // ── 参保记录: the month's records, a card per entity, a person's items ──
    await page.goto('/taxReturn/insuranceRecord');
    const card = page.locator(`.record-summary-card[data-entity="${HANGZHOU}"]`);
    await card.waitFor();
    const row = page.locator('.record-table .ant-table-tbody .ant-table-row').first();
    await row.waitFor();
    await row.locator('.ant-table-row-expand-icon').click();
    await page.locator('.record-items .ant-table-row', { hasText: '养老' }).first().waitFor();
    await shot(page, '16-records');
    await context.close();
  }, 240_000);
});
