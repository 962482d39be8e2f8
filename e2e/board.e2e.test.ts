import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployeeByApi, ADMIN, apiLogin, chinaDayPlus, enterAsAdmin, journeyShots, launchBrowser, newPerson, openPage, screenshotOnFailure } from './support.ts';

/** 服务看板: HR reads the counts, opens one as its filtered list, looks at the people at risk and the employee structure. */

const shot = journeyShots('board');
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => browser?.close());

describe('service board', () => {
  it('opens a count as its filtered list with the same total, and shows the risk list and the structure charts', async () => {
    const { context, page } = await openPage(browser);
    screenshotOnFailure('board', () => context.pages());
    // someone whose probation ends within the board's 30 days
    const person = newPerson('看板测', '136');
    await addEmployeeByApi(admin, { ...person, hireDate: chinaDayPlus(-80), probationEndDate: chinaDayPlus(6), status: 1 });

    await enterAsAdmin(page);
    const due = page.locator('.home-board [data-count="conversionHeadIndex.due"]');
    await due.waitFor();
    const count = Number(await due.locator('.board-value').innerText());
    expect(count).toBeGreaterThan(0);
    // every item the administrator may open is on the board, a zero shown as 0
    await expect.poll(() => page.locator('.home-board .board-item').count()).toBe(9);
    await page.locator('.home-risk .risk-table .ant-table-tbody tr.ant-table-row').first().waitFor();
    await shot(page, '01-board');

    // 试用期到期 → the conversion list on the same filter, with as many people
    await due.click();
    await page.waitForURL((u) => u.pathname === '/staffManagement/changeAlternation/conversion' && u.searchParams.get('tab') === 'due' && u.searchParams.get('withinDays') === '30');
    await expect.poll(() => page.locator('.conversion-table .ant-pagination-total-text').innerText()).toBe(`共 ${count} 条`);
    await expect.poll(() => page.locator('.conversion-table .ant-table-tbody').innerText()).toContain(person.name);
    await shot(page, '02-conversion-list');

    // back on the board: the people behind a risk, and the structure as charts and as a table
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/home');
    const risk = page.locator('.home-risk');
    await risk.locator('.risk-choice').getByText(/30天内试用期到期/).click();
    await expect.poll(() => risk.locator('.risk-table .ant-table-tbody').innerText()).toContain(person.name);
    const gender = page.locator('.home-structure .structure-card[data-dimension="gender"]');
    await gender.locator('.structure-chart canvas').waitFor();
    const total = Number((await page.locator('.home-structure .structure-total').innerText()).replace(/\D/g, ''));
    expect(total).toBeGreaterThan(0);
    await page.locator('.home-structure').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, '03-structure-charts');
    await gender.locator('.structure-view').getByTitle('表格').click();
    const rows = gender.locator('.structure-table .ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    const counts = await rows.evaluateAll((trs) => trs.map((tr) => Number((tr.children[1] as HTMLElement).innerText)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
    await gender.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, '04-structure-table');

    // 未签劳动合同 → the roster with the same condition in its (expanded) query form, as many people
    const unsigned = page.locator('.home-board [data-count="overdueNotSigned.unsigned"]');
    const unsignedCount = Number(await unsigned.locator('.board-value').innerText());
    await unsigned.click();
    await page.waitForURL((u) => u.pathname === '/staffRoll' && u.searchParams.get('labourContract') === 'none');
    await expect.poll(() => page.locator('.staff-roll').innerText()).toContain(`共 ${unsignedCount} 名员工`);
    await page.locator('.staff-roll .ant-form-item', { hasText: '劳动合同' }).getByText('未签订').waitFor();
    await shot(page, '05-roster-unsigned');
    await context.close();
  });
});
