import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiLogin, COMPANY_1, launchBrowser, openPage, screenshot, screenshotOnFailure, signIn } from './support.ts';

const SHOTS = '/tmp/shots-org';
const DEPT = '/wfsaas-saas/api/companyDepartment';

type Node = { id: number; name: string; parentId: number | null; children: Node[] };

let browser: Browser;
let token: string;

function find(nodes: Node[], name: string): Node | undefined {
  for (const n of nodes) {
    if (n.name === name) return n;
    const hit = find(n.children, name);
    if (hit) return hit;
  }
  return undefined;
}

async function tree(): Promise<Node[]> {
  const r = await api(`${DEPT}/tree`, { token, companyId: 1, body: {} });
  expect(r.body.code).toBe(200);
  return (r.body.data as { tree: Node[] }).tree;
}

/** The departments the journey needs (the demo organisation has them; an empty company gets them here). */
async function ensureDepartment(name: string): Promise<number> {
  const hit = find(await tree(), name);
  if (hit) return hit.id;
  const r = await api(`${DEPT}/add`, { token, companyId: 1, body: { name, headcountPlan: 10 } });
  expect(r.body.code).toBe(200);
  return (r.body.data as { id: number }).id;
}

async function shot(page: Page, name: string) {
  await screenshot(page, `${SHOTS}/${name}.png`);
}

const treeNode = (page: Page, id: number) => page.locator(`.org-tree .org-tree-node[data-id="${id}"]`);

/**
 * Drags one tree node onto another with the mouse, as a person does. antd's tree reads the level
 * from how far right the pointer ends: ending right of the target's start drops inside it.
 */
async function dragOnto(page: Page, from: number, to: number) {
  const a = (await treeNode(page, from).boundingBox())!;
  const b = (await treeNode(page, to).boundingBox())!;
  const x0 = a.x + 12;
  const y0 = a.y + a.height / 2;
  const x1 = Math.max(x0, b.x) + 60;
  const y1 = b.y + b.height / 2;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / 12, y0 + ((y1 - y0) * i) / 12);
  await page.mouse.up();
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  token = await apiLogin(ADMIN);
});

afterAll(async () => {
  await browser?.close();
});

describe('organisation', () => {
  it('adds a department under 技术中心, drags it under 产品部, sees it in the chart, and views a saved version as of today', async () => {
    const techId = await ensureDepartment('技术中心');
    const productId = await ensureDepartment('产品部');
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('org-journey', () => context.pages());

    await signIn(page, ADMIN);
    await page.waitForURL(/excessive\/company/);
    await page.getByRole('button', { name: COMPANY_1 }).click();
    await page.waitForURL((u) => u.pathname === '/home');
    await page.goto('/organizationalstructure/index');
    await treeNode(page, techId).waitFor();
    await shot(page, '01-org-index');

    // Select 技术中心 and add a sub-department from the panel header.
    await treeNode(page, techId).click();
    await expect.poll(() => page.locator('.selected-title').innerText()).toContain('技术中心');
    await page.getByRole('button', { name: /新增下级/ }).click();
    const drawer = page.locator('.department-form');
    await drawer.getByLabel('部门名称').fill('数据平台组');
    await drawer.getByLabel('部门编码').fill('E2E-DATA');
    await drawer.getByLabel('编制人数').fill('6');
    await shot(page, '02-add-department');
    await page.locator('.department-form-submit').click();
    await drawer.waitFor({ state: 'hidden' });
    await toasts.expect('保存成功');
    let created: Node | undefined;
    await expect.poll(async () => (created = find(await tree(), '数据平台组'))?.parentId).toBe(techId);
    await treeNode(page, created!.id).waitFor();
    await shot(page, '03-added');

    // Drag it onto 产品部, confirm the move.
    await dragOnto(page, created!.id, productId);
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确认移动部门?' });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('将「数据平台组」移动到「产品部」下');
    await shot(page, '04-move-confirm');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(async () => find(await tree(), '数据平台组')?.parentId).toBe(productId);
    await toasts.expect('部门已移动');
    await treeNode(page, productId).click();
    await expect.poll(() => page.locator('.headcount-table').innerText()).toContain('数据平台组');
    await shot(page, '05-moved');

    // The chart shows it.
    await page.locator('.app-sider').getByText('组织架构图').click();
    await page.waitForURL((u) => u.pathname === '/organizationalstructure/indexduo');
    await page.locator('.org-chart .chart-node[data-name="数据平台组"]').waitFor();
    await page.getByRole('button', { name: '适应画布' }).click();
    await shot(page, '06-chart');
    await page.getByRole('button', { name: '放大' }).click();
    await expect.poll(() => page.locator('.zoom-level').innerText()).not.toBe('');

    // Save the tree as a version, then view the organisation as of today.
    await page.locator('.app-sider').getByText('组织与编制').click();
    await page.waitForURL((u) => u.pathname === '/organizationalstructure/index');
    await page.locator('.version-button').hover();
    await page.getByRole('menuitem', { name: '保存为版本' }).click();
    const versionForm = page.locator('.version-form');
    await versionForm.getByLabel('版本名称').fill('E2E 调整后架构');
    await shot(page, '07-save-version');
    await page.getByRole('dialog').filter({ has: versionForm }).getByRole('button', { name: /保\s*存/ }).click();
    await versionForm.waitFor({ state: 'hidden' });
    await toasts.expect('组织架构版本已保存');

    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const picker = page.locator('.history-date input');
    await picker.click();
    await picker.fill(today);
    await picker.press('Enter');
    const banner = page.locator('.history-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain(`正在查看${today} 的组织架构`);
    expect(await banner.innerText()).toContain('E2E 调整后架构');
    await expect.poll(() => page.locator('.org-tree').innerText()).toContain('数据平台组');
    // read-only: no ⋯ menus while viewing history
    expect(await page.locator('.org-tree .org-node-more').count()).toBe(0);
    await shot(page, '08-history-today');
    await banner.getByRole('button', { name: '返回当前组织' }).click();
    await banner.waitFor({ state: 'detached' });
    await context.close();
  });
});
