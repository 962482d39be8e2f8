import type { ContractDetail, ContractTypeView, ContractVerifyResult, PackageView, SealView, TemplateDetail } from '@wfsaas/contracts';
import { readFileSync } from 'node:fs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployeeByApi, ADMIN, api, apiLogin, baseURL, chooseInSelect, enterAsAdmin, launchBrowser, newPerson, newTracedContext, openPage, screenshot, screenshotOnFailure, smsCodeFor, smsCountFor } from './support.ts';

/**
 * 电子合同: HR initiates a contract for a new employee (employee signs first); the employee opens the
 * link on a phone, proves who they are with the SMS code, name and ID last 6, fills their field,
 * draws a signature and confirms; HR seals it with the company seal; both download the signed PDF,
 * which the platform's verification finds carrying two valid signatures.
 */

let browser: Browser;
let admin: string;
let pkg: PackageView;
let template: TemplateDetail;
const person = newPerson('签约', '137');

async function call<T>(path: string, body: unknown): Promise<T> {
  const r = await api(path, { token: admin, companyId: 1, body });
  expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
  return r.body.data as T;
}

/** Screenshots for a person to look at: /tmp/econtract-<name>.png, once every shown PDF has loaded. */
async function shot(page: Page, name: string): Promise<void> {
  for (const frame of page.frames()) await frame.waitForLoadState('load');
  await screenshot(page, `/tmp/econtract-${name}.png`);
}

async function pdfOf(download: Download): Promise<Buffer> {
  const buf = readFileSync((await download.path())!);
  expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
  return buf;
}

async function verify(pdf: Buffer): Promise<ContractVerifyResult> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'contract.pdf');
  const r = await fetch(`${baseURL()}/wfsaas-sign/api/contract/verify`, { method: 'POST', headers: { Authorization: `Bearer ${admin}`, companyId: '1' }, body: form });
  const env = (await r.json()) as { code: number; message: string; data: ContractVerifyResult };
  expect(env.code, env.message).toBe(200);
  return env.data;
}

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
  await addEmployeeByApi(admin, { ...person, hireDate: '2026-01-05', status: 1 });
  const tag = String(Date.now() % 100_000);
  const type = await call<ContractTypeView>('/wfsaas-sign/api/contractType/save', { name: `劳动合同E2E${tag}`, remark: '' });
  template = await call<TemplateDetail>('/wfsaas-sign/api/contractTemplate/save', {
    name: `固定期限劳动合同E2E${tag}`,
    contractTypeId: type.id,
    kind: 'richText',
    title: '劳动合同',
    paragraphs: [
      { text: '甲方（用人单位）：杭州云帆科技有限公司' },
      { text: '乙方（劳动者）：' },
      { text: '根据《中华人民共和国劳动合同法》及有关规定，甲乙双方经平等协商，自愿签订本合同，共同遵守本合同所列条款。' },
      { text: '第一条 合同期限：自合同开始日期起至合同结束日期止。' },
      { text: '第二条 乙方紧急联系人：' },
    ],
    fields: [
      { key: 'name', kind: 'record', source: 'name', label: '姓名', required: true, page: 0, x: 168, y: 689, width: 140, height: 18 },
      { key: 'emergency', kind: 'input', label: '紧急联系人', required: true, page: 0, x: 212, y: 598, width: 180, height: 18 },
      { key: 'seal', kind: 'companySeal', label: '企业盖章位置', required: true, page: 0, x: 80, y: 120, width: 120, height: 120 },
      { key: 'sign', kind: 'employeeSign', label: '员工签名位置', required: true, page: 0, x: 360, y: 150, width: 140, height: 60 },
      { key: 'signDate', kind: 'signDate', party: 'employee', label: '员工签署日期', required: true, page: 0, x: 360, y: 120, width: 120, height: 18 },
    ],
    remark: '',
  });
  pkg = await call<PackageView>('/wfsaas-sign/api/signPackage/save', { name: `入职合同包E2E${tag}`, templateIds: [template.id], signOrder: 2, deadlineDays: 7, remark: '' });
  const seals = await call<SealView[]>('/wfsaas-sign/api/seal/list', { pageNum: 1, pageSize: 50 });
  if (!(seals ?? []).some((s) => s.status === 1)) await call('/wfsaas-sign/api/seal/generate', { name: '合同专用章', type: 2 });
});
afterAll(async () => {
  await browser?.close();
});

describe('electronic contracts', () => {
  it('HR initiates, the employee signs on a phone, HR seals, both download a PDF with two valid signatures', async () => {
    const { context, page } = await openPage(browser);
    screenshotOnFailure('econtracts', () => context.pages());
    await enterAsAdmin(page);

    // HR: 发起签署 with the package, the new employee, employee first
    await page.goto('/qszx-vite/initiateSigning');
    await chooseInSelect(page, page.locator('.package-picker'), pkg.name);
    await page.locator('.package-templates').getByText(template.name).waitFor();
    await page.locator('.employee-search input').fill(person.name);
    await page.locator('.employee-search input').press('Enter');
    const row = page.locator('.employee-table .ant-table-row', { hasText: person.name });
    await row.locator('.ant-checkbox-input').check();
    await page.locator('.sign-order').getByText('员工先签').click();
    await shot(page, '01-initiate');
    await page.locator('.initiate-submit').click();
    await page.locator('.initiate-done').waitFor();
    await shot(page, '02-initiated');
    await page.locator('.view-initiated').click();
    await page.waitForURL(/\/qszx-vite\/detail\/\d+/);
    const contractId = Number(/detail\/(\d+)/.exec(page.url())![1]);
    await page.locator('.sign-link-text').waitFor();
    const link = (await page.locator('.sign-link-text').innerText()).trim();
    expect(link).toMatch(/\/qszx-vite\/detailWeifen\/\d+\?t=/);
    // a contract being signed sits under 待签署 in the menu and the breadcrumb
    await expect.poll(() => page.locator('.ant-breadcrumb').innerText()).toContain('待签署');
    await expect.poll(() => page.locator('.app-sider .ant-menu-item-selected').innerText()).toContain('待签署');
    await shot(page, '03-detail-pending');

    // the employee, on a phone
    const phone = await newTracedContext(browser, { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
    const m = await phone.newPage();
    screenshotOnFailure('econtracts-phone', () => phone.pages());
    await m.goto(link);
    await m.locator('.phone-verify').waitFor();
    await expect.poll(() => m.locator('.phone-company').innerText()).toContain('杭州云帆科技有限公司');
    await m.getByLabel('姓名').fill(person.name);
    await m.getByLabel('证件号码后6位').fill(person.idNumber.slice(-6));
    const before = await smsCountFor(person.mobile);
    await m.locator('.sms-send').click();
    const code = await smsCodeFor(person.mobile, before);
    await m.getByLabel('验证码').fill(code);
    await shot(m, '04-phone-verify');
    await m.locator('.verify-submit').click();
    await m.locator('.phone-step-read').waitFor();
    await m.locator('.phone-pdf').waitFor();
    await shot(m, '05-phone-read');
    await m.locator('.phone-start-sign').click();
    await m.locator('.phone-fill').waitFor();
    await m.getByLabel('紧急联系人').fill('李四 13900001111');
    await shot(m, '06-phone-fill');
    await m.locator('.phone-fill-submit').click();
    await m.locator('.phone-sign').waitFor();
    const pad = await m.locator('.signature-pad').boundingBox();
    expect(pad).not.toBeNull();
    await m.mouse.move(pad!.x + 40, pad!.y + 120);
    await m.mouse.down();
    for (let i = 1; i <= 24; i++) await m.mouse.move(pad!.x + 40 + i * 10, pad!.y + 120 - Math.sin(i / 3) * 50);
    await m.mouse.up();
    await expect.poll(() => m.locator('.phone-sign-submit').isDisabled()).toBe(true);
    await m.locator('.phone-intent').click();
    await shot(m, '07-phone-sign');
    await m.locator('.phone-sign-submit').click();
    await m.locator('.phone-final-signed').waitFor({ timeout: 30_000 });
    await shot(m, '08-phone-signed');

    // HR seals it from 待签署 (one action for the selection)
    await page.goto('/qszx-vite/signContract');
    const pending = page.locator('.contract-table .ant-table-row', { hasText: person.name });
    await pending.waitFor();
    await pending.locator('.ant-checkbox-input').check();
    await shot(page, '09-pending-list');
    await page.locator('.batch-seal').click();
    const sealModal = page.locator('.seal-contract-modal');
    await sealModal.locator('.seal-picker').waitFor();
    await sealModal.locator('.cross-page').click();
    await shot(page, '10-seal-modal');
    await sealModal.locator('.seal-submit').click();
    await sealModal.locator('.seal-result').waitFor({ timeout: 60_000 });
    await expect.poll(() => sealModal.locator('.seal-result').innerText()).toContain('成功盖章 1 份');
    await sealModal.getByRole('button', { name: /完\s*成/ }).click();

    const detail = await call<ContractDetail>('/wfsaas-sign/api/contract/detail', { contractId });
    expect(detail.signStatus).toBe(2);
    expect(detail.signatures.map((s) => s.party).sort()).toEqual(['company', 'employee']);

    // HR downloads the signed contract from its detail page
    await page.goto(`/qszx-vite/detail/${contractId}`);
    await expect.poll(() => page.locator('.contract-detail-page .page-header').innerText()).toContain('已签署');
    await expect.poll(() => page.locator('.ant-breadcrumb').innerText()).toMatch(/已签署[\s\S]*电子合同详情/);
    await expect.poll(() => page.locator('.app-sider .ant-menu-item-selected').innerText()).toContain('已签署');
    await page.getByRole('tab', { name: '证据链' }).click();
    await page.locator('.evidence-timeline').waitFor();
    await shot(page, '11-detail-evidence');
    const [hrDownload] = await Promise.all([page.waitForEvent('download'), page.locator('.detail-download').click()]);
    const hrPdf = await pdfOf(hrDownload);
    const hrCheck = await verify(hrPdf);
    expect(hrCheck.signatures).toHaveLength(2);
    expect(hrCheck.signatures.every((s) => s.intact && s.trusted)).toBe(true);
    expect(hrCheck.valid, hrCheck.summary).toBe(true);

    // the employee's link now shows the final state, and the signed contract downloads
    await m.reload();
    await m.locator('.phone-final-signed').waitFor();
    await expect.poll(() => m.locator('.phone-final-signed').innerText()).toContain('合同已生效');
    await shot(m, '12-phone-final');
    const [phoneDownload] = await Promise.all([m.waitForEvent('download'), m.locator('.phone-download').click()]);
    const phonePdf = await pdfOf(phoneDownload);
    const phoneCheck = await verify(phonePdf);
    expect(phoneCheck.signatures).toHaveLength(2);
    expect(phoneCheck.valid, phoneCheck.summary).toBe(true);
    await phone.close();
    await context.close();
  });

  it('shows every e-contract screen', async () => {
    const { context, page } = await openPage(browser);
    screenshotOnFailure('econtracts-screens', () => context.pages());
    await enterAsAdmin(page);

    await page.goto('/contractManagement/employeeContractManagement');
    await page.locator('.contract-list-manage .status-tabs').waitFor();
    await expect.poll(() => page.locator('.status-tabs').innerText()).toMatch(/已签署 \d+/);
    await shot(page, '20-manage');
    await page.locator('.open-verify').click();
    await page.locator('.contract-verify-modal').waitFor();
    await shot(page, '21-verify');
    await page.keyboard.press('Escape');

    await page.goto('/qszx-vite/signedContract');
    await page.locator('.contract-list-signed .contract-table').waitFor();
    await shot(page, '22-signed');

    await page.goto('/qszx-vite/signedPackageManage');
    await page.locator('.package-table .ant-table-row', { hasText: pkg.name }).waitFor();
    await shot(page, '23-packages');
    await page.locator('.package-table .ant-table-row', { hasText: pkg.name }).locator('.package-edit').click();
    await page.locator('.package-drawer').waitFor();
    await shot(page, '24-package-drawer');
    await page.locator('.package-drawer').getByRole('button', { name: /取\s*消/ }).click();

    await page.goto(`/qszx-vite/contractTemplatesList/${pkg.id}`);
    await page.locator('.template-table .ant-table-row', { hasText: template.name }).waitFor();
    await shot(page, '25-templates');

    await page.locator('.template-new').click();
    const create = page.locator('.new-template-modal');
    await create.getByLabel('模板名称').fill(`保密协议E2E${Date.now() % 100_000}`);
    await chooseInSelect(create, '合同类型', /\S/);
    await create.getByText('在线编辑').click();
    await shot(page, '25b-new-template');
    await create.getByRole('button', { name: '创建并设计' }).click();
    await page.waitForURL(/\/qszx-vite\/contractTemplatesdetal\/\d+/);
    await page.locator('.page-sheet').first().waitFor();
    await expect.poll(() => page.locator('.field-problems').innerText()).toContain('员工签名位置');
    await page.locator('.palette-employeeSign').click();
    await expect.poll(() => page.locator('.placed-field').count()).toBe(1);
    // Delete removes the chosen field; place it again
    await page.keyboard.press('Delete');
    await expect.poll(() => page.locator('.placed-field').count()).toBe(0);
    await page.locator('.palette-employeeSign').click();
    await expect.poll(() => page.locator('.placed-field').count()).toBe(1);
    await page.locator('.template-save').click();
    await expect.poll(() => page.locator('.template-preview-open').isDisabled()).toBe(false);

    await page.goto(`/qszx-vite/contractTemplatesdetal/${template.id}`);
    await page.locator('.page-sheet').first().waitFor();
    await expect.poll(() => page.locator('.placed-field').count()).toBe(5);
    // drag a 员工填写 field from the palette onto the page, then move it
    await page.locator('.palette-input').dragTo(page.locator('.page-sheet').first(), { targetPosition: { x: 400, y: 500 } });
    await expect.poll(() => page.locator('.placed-field').count()).toBe(6);
    const added = page.locator('.placed-field.placed-active');
    const box = (await added.boundingBox())!;
    await page.mouse.move(box.x + 10, box.y + 5);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + 45, { steps: 5 });
    await page.mouse.up();
    // and make it wider and taller from its lower-right corner
    const handle = (await added.locator('.field-resize').boundingBox())!;
    await page.mouse.move(handle.x + 4, handle.y + 4);
    await page.mouse.down();
    await page.mouse.move(handle.x + 64, handle.y + 24, { steps: 5 });
    await page.mouse.up();
    await page.getByLabel('字段名称').fill('开户银行');
    await shot(page, '26-designer');
    await page.locator('.template-save').click();
    let saved: TemplateDetail['fields'][number] | undefined;
    await expect
      .poll(async () => {
        saved = (await call<TemplateDetail>('/wfsaas-sign/api/contractTemplate/detail', { templateId: template.id })).fields.find((f) => f.label === '开户银行');
        return saved?.kind;
      })
      .toBe('input');
    // a 160 × 20 pt box, dragged 60 × 20 px wider and taller at 720 px per page width
    expect(saved!.width).toBeGreaterThan(200);
    expect(saved!.height).toBeGreaterThan(30);

    // 批量发起 from the 入职 scene (its first scene and first package are chosen by default), two roster employees at once, with the job's progress bar
    await page.goto('/qszx-vite/initiateSigning');
    await page.locator('.source-choice').getByText('签署场景').click();
    await page.locator('.package-templates').waitFor();
    await shot(page, '26a-initiate-scene');
    const rows = page.locator('.employee-table .ant-table-tbody .ant-table-row');
    await rows.nth(1).waitFor();
    await rows.nth(0).locator('.ant-checkbox-input').check();
    await rows.nth(1).locator('.ant-checkbox-input').check();
    await expect.poll(() => page.locator('.initiate-submit').innerText()).toContain('2 人');
    await page.locator('.initiate-submit').click();
    await page.locator('.batch-progress').waitFor();
    await expect.poll(() => page.locator('.batch-progress').innerText(), { timeout: 60_000 }).toContain('批量发起完成');
    await expect.poll(() => page.locator('.batch-progress').innerText()).toMatch(/成功 2/);
    await shot(page, '26b-batch-progress');

    await page.goto('/qszx-vite/initType');
    await page.locator('.contract-types-page .ant-table-row').first().waitFor();
    await shot(page, '27-types');
    await page.goto('/qszx-vite/contractConfig');
    await page.locator('.scenes-page').waitFor();
    await shot(page, '28-scenes');
    await page.goto('/watermarkList');
    await page.locator('.watermark-preview').waitFor();
    await shot(page, '29-watermark');
    await page.goto('/peoplelist');
    await page.locator('.people-table .ant-table-row').first().waitFor();
    await shot(page, '30-peoplelist');
    await context.close();
  });
});
