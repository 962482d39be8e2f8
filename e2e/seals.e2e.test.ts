import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataPermissionDetail, RoleListItem, SealView } from '@wfsaas/contracts';
import { createRootCa, issueCompanyCertificate, renderTextPdf, signPdf } from '@wfsaas/esign';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiLogin, chooseInSelect, COMPANY_1, enterAsAdmin, journeyShots, launchBrowser, openPage, screenshotOnFailure } from './support.ts';

/** 认证与印章: an admin opens the seal list, generates a seal, sees it listed, and disables it. */

const shot = journeyShots('seals');
let browser: Browser;
let admin: string;
const sealName = `测试印章${Date.now() % 100_000}`;

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => {
  // Leave the shared server as it was: the seal made here is removed (the demo seal stays).
  const list = (await api('/wfsaas-sign/api/seal/list', { token: admin, companyId: 1, body: { name: sealName } })).body.data as SealView[] | null;
  for (const s of list ?? []) await api('/wfsaas-sign/api/seal/remove', { token: admin, companyId: 1, body: { sealId: s.id } });
  await browser?.close();
});

describe('certification and seals', () => {
  it('generates a seal, lists it with a preview, and disables it', async () => {
    const { context, page } = await openPage(browser);
    screenshotOnFailure('seals', () => context.pages());
    await enterAsAdmin(page);
    await page.goto('/proveService');
    await page.waitForURL((u) => u.pathname === '/qszx-vite/sealList');
    await page.getByRole('heading', { name: '认证与印章' }).waitFor();
    // the demo seal, with its preview
    await expect.poll(() => page.locator('.seal-table .ant-table-tbody').innerText()).toContain('合同专用章');
    await page.locator('.seal-table img.seal-thumb').first().waitFor();
    await shot(page, '01-list');

    await page.locator('.open-generate-seal').click();
    const dialog = page.locator('.generate-seal-modal');
    await dialog.getByLabel('印章名称').fill(sealName);
    await shot(page, '02-generate-form');
    await dialog.getByRole('button', { name: /生\s*成/ }).click();
    await dialog.locator('.generated-seal img').waitFor();
    await expect.poll(() => dialog.innerText()).toContain(`${sealName}（合同专用章）已生成并启用`);
    await shot(page, '03-generated');
    await dialog.getByRole('button', { name: /完\s*成/ }).click();

    const row = page.locator('.seal-table .ant-table-tbody tr', { hasText: sealName });
    await expect.poll(() => row.innerText()).toContain('启用');
    await row.locator('.seal-disable').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => row.innerText()).toContain('停用');
    await row.locator('.seal-enable').waitFor();
    await shot(page, '04-disabled');

    // 验证合同: a PDF signed with a certificate of another CA is intact but not trusted.
    const otherRoot = await createRootCa({ commonName: '其他机构根证书' });
    const cert = await issueCompanyCertificate(otherRoot, { companyName: COMPANY_1, uscc: '91330106MA2H0Q1X72' });
    const pdf = await signPdf(await renderTextPdf({ title: '劳动合同书', paragraphs: ['甲乙双方协商一致，签订本合同。'] }), { p12: cert.p12, reason: '甲方签署', location: '杭州', name: COMPANY_1 });
    const file = join(tmpdir(), `seals-e2e-${Date.now()}.pdf`);
    writeFileSync(file, pdf);
    await page.locator('.open-verify').click();
    const verify = page.locator('.verify-modal');
    await verify.locator('input[type=file]').setInputFiles(file);
    await verify.locator('.verify-report').waitFor();
    await expect.poll(() => verify.locator('.verify-report').innerText()).toContain('验证未通过');
    const report = await verify.locator('.verify-signature').first().innerText();
    expect(report).toContain(COMPANY_1);
    expect(report).toContain('未被修改');
    expect(report).toContain('不受信任');
    await shot(page, '05-verify');
    await context.close();
  });

  it("limits a role to chosen seals in the role centre's data permission drawer", async () => {
    const roleName = `印章测试角色${Date.now() % 100_000}`;
    const role = (await api('/wfsaas-system/api/sys/role/save', { token: admin, companyId: 1, body: { name: roleName } })).body.data as RoleListItem;
    try {
      const demo = ((await api('/wfsaas-sign/api/seal/list', { token: admin, companyId: 1, body: {} })).body.data as SealView[]).find((s) => s.type === 2 && s.name !== sealName)!;
      const { context, page } = await openPage(browser);
      screenshotOnFailure('seals-role', () => context.pages());
      await enterAsAdmin(page);
      await page.goto('/implement/rolePermission');
      const row = page.locator('.roles-table .ant-table-row', { hasText: roleName });
      await row.getByRole('button', { name: '数据权限' }).click();
      const drawer = page.locator('.data-permission-drawer');
      const sealSection = drawer.locator('.data-scope-seal');
      await sealSection.getByText('指定印章').click();
      await chooseInSelect(sealSection, sealSection.locator('.data-scope-seals'), demo.name);
      await shot(page, '06-role-seals');
      await drawer.getByRole('button', { name: /保\s*存/ }).click();
      await drawer.waitFor({ state: 'detached' });
      const saved = (await api('/wfsaas-system/api/sys/dataPermission/seal/detail', { token: admin, companyId: 1, body: { roleId: role.id } })).body.data as DataPermissionDetail;
      expect(saved).toMatchObject({ allTargets: false, targetIds: [demo.id] });
      await context.close();
    } finally {
      await api('/wfsaas-system/api/sys/role/remove', { token: admin, companyId: 1, body: { id: role.id } });
    }
  });
});
