import type { DepartmentOption, InviteView, SubmissionView } from '@wfsaas/contracts';
import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiLogin, baseURL, chinaDayPlus, COMPANY_1, enterAsAdmin, journeyShots, launchBrowser, newPerson, openPage, screenshotOnFailure } from './support.ts';

/**
 * 自助入职: HR creates an invitation and reads its link from the QR dialog; a candidate opens the
 * link on a phone, asks for an SMS code and is refused a wrong one; HR closes the invitation and the
 * same link then shows that it no longer takes registrations.
 *
 * The SMS code itself cannot be read from outside the server: the second journey walks the phone
 * form with the server's answers to the SMS check, the photo upload and the submission stubbed in
 * the browser, so it checks the page, not the server; the third walks HR's review drawer the same
 * way, with a stubbed submission list, ID photo and approval answer.
 */

const shot = journeyShots('self-onboarding');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('self-onboarding', () => {
  it('creates an invitation with a QR link, the phone page asks for the mobile, and a closed invitation refuses', async () => {
    const { context, page } = await openPage(browser);
    const phone = await browser.newContext({ baseURL: baseURL(), viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
    screenshotOnFailure('self-onboarding', () => [...context.pages(), ...phone.pages()]);
    const candidate = newPerson('自助测', '134');
    const title = `${candidate.name}的入职邀请`;

    // HR: a new invitation, valid for the default week; its QR dialog opens with the link
    await enterAsAdmin(page);
    await page.goto('/selfOnboarding/invite');
    await page.locator('.self-onboarding-page').waitFor();
    await page.getByRole('button', { name: '新建邀请' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '新建邀请' });
    await drawer.locator('input#title').fill(title);
    expect(await drawer.locator('.invite-form').innerText()).toContain('有效期至');
    await drawer.locator('.department-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').first().click();
    await shot(page, '01-new-invite');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('保存成功').waitFor();
    const qr = page.locator('.ant-modal', { hasText: '邀请二维码' });
    await qr.locator('.invite-qr-image').waitFor();
    const link = await qr.locator('input.invite-link').inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL().replace(/[.]/g, '\\.')}/m/onboard/[A-Za-z0-9_-]{20,}$`));
    await shot(page, '02-qr');
    await qr.locator('.ant-modal-close').click();
    await qr.waitFor({ state: 'hidden' });

    // the list: open, with no submissions yet, valid until a week from today; the QR action shows the same link
    const row = page.locator('.invite-table .ant-table-tbody tr', { hasText: title });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('进行中');
    // the default is a week from the browser's today
    const weekOn = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 7);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(await row.innerText()).toContain(weekOn);
    await row.getByRole('button', { name: '二维码' }).click();
    await qr.locator('.invite-qr-image').waitFor();
    expect(await qr.locator('input.invite-link').inputValue()).toBe(link);
    await qr.locator('.ant-modal-close').click();
    await qr.waitFor({ state: 'hidden' });
    await shot(page, '03-invites');

    // the candidate's phone: company and invitation on top, the mobile first
    const m = await phone.newPage();
    await m.goto(new URL(link).pathname);
    await m.locator('.phone-verify').waitFor();
    expect(await m.locator('.phone-company').innerText()).toContain(COMPANY_1);
    expect(await m.locator('.phone-verify').innerText()).toContain(title);
    await expect.poll(() => m.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(m, '04-phone-verify');
    await m.getByLabel('手机号').fill(candidate.mobile);
    await m.locator('.sms-send').click();
    await expect.poll(() => m.locator('.sms-send').innerText()).toMatch(/重新获取\(\d+s\)/);
    await m.getByLabel('验证码').fill('000000');
    await m.locator('.verify-submit').click();
    await m.getByText('验证码不正确').waitFor();
    await shot(m, '05-phone-wrong-code');

    // 查看登记: the submissions of this invitation, none waiting
    await row.getByRole('button', { name: '查看登记' }).click();
    await page.locator('.submission-invite-filter', { hasText: title }).waitFor();
    await page.getByText('暂无待审核的登记').waitFor();
    await shot(page, '06-submissions');

    // closed by HR: the same link now says so
    await page.getByRole('tab', { name: '入职邀请' }).click();
    await row.getByRole('button', { name: '关闭邀请' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('操作成功').waitFor();
    await expect.poll(() => row.innerText()).toContain('已关闭');
    await m.reload();
    await m.locator('.phone-final-closed').waitFor();
    await shot(m, '07-phone-closed');

    await phone.close();
    await context.close();
  });

  it('the phone form after the SMS check: a rejection shown with the name kept, ID photo required, a thumbnail, and the final state', async () => {
    const admin = await apiLogin(ADMIN);
    const created = await api('/wfsaas-saas/api/selfOnboarding/invite/create', { token: admin, companyId: 1, body: { title: '表单页面检查', expiresOn: chinaDayPlus(3) } });
    expect(created.body.code, created.body.message).toBe(200);
    const invite = created.body.data as InviteView;
    const phone = await browser.newContext({ baseURL: baseURL(), viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
    screenshotOnFailure('self-onboarding-form', () => phone.pages());
    const candidate = newPerson('表单测', '135');
    const submitted: Record<string, unknown>[] = [];
    const answer = (route: Route, data: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 200, message: '', data }) });
    const m = await phone.newPage();
    await m.route('**/api/m/onboard/sms', (r) => answer(r, { expiresIn: 300, resendAfter: 60 }));
    await m.route('**/api/m/onboard/verify', (r) =>
      answer(r, { ticket: 't'.repeat(40), expiresIn: 1800, submission: { status: 2, statusLabel: '已驳回', rejectReason: '证件照片不清晰，请重新拍摄', name: candidate.name, submittedAt: new Date().toISOString() } }),
    );
    await m.route('**/api/m/onboard/upload**', (r) => answer(r, { fileId: 4242 }));
    await m.route('**/api/m/onboard/submit', async (r) => {
      submitted.push(r.request().postDataJSON() as Record<string, unknown>);
      await answer(r, { status: 0, statusLabel: '待审核' });
    });

    await m.goto(invite.link);
    await m.getByLabel('手机号').fill(candidate.mobile);
    await m.locator('.sms-send').click();
    await m.getByLabel('验证码').fill('123456');
    await m.locator('.verify-submit').click();
    await m.locator('.phone-form').waitFor();
    expect(await m.locator('.phone-rejected').innerText()).toContain('证件照片不清晰，请重新拍摄');
    expect(await m.locator('input#name').inputValue()).toBe(candidate.name);
    await shot(m, '11-phone-form');

    // the front photo is required
    await m.locator('input#idNumber').fill(candidate.idNumber);
    await m.locator('.onboard-submit').click();
    await m.getByText('请上传证件正面照片').waitFor();
    await m.locator('input#bankAccount').fill('6222');
    await m.locator('.onboard-submit').click();
    await m.getByText('应为12至30位数字').waitFor();
    await m.locator('input#bankAccount').fill('6222021234567890123');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    await m.locator('.photo-input').first().locator('input[type=file]').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png });
    await m.locator('.photo-input[data-uploaded="yes"] img').waitFor();
    await shot(m, '12-phone-photo');
    await m.locator('.onboard-submit').click();
    await m.locator('.phone-final-pending').waitFor();
    expect(await m.locator('.phone-final-pending').innerText()).toContain('已提交，等待HR审核');
    expect(submitted[0]).toMatchObject({ token: invite.link.split('/').pop(), ticket: 't'.repeat(40), name: candidate.name, idType: 1, idNumber: candidate.idNumber, bankAccount: '6222021234567890123', idFrontFileId: 4242 });
    expect(submitted[0]).not.toHaveProperty('email');
    await shot(m, '13-phone-submitted');

    // the same link in the same tab shows the final state again
    await m.reload();
    await m.locator('.phone-final-pending').waitFor();
    await phone.close();
  });

  it("HR's review drawer: the submitted data, the ID photos, and an approval starting from the invitation's job facts", async () => {
    const admin = await apiLogin(ADMIN);
    const departments = (await api('/wfsaas-saas/api/companyDepartment/options', { token: admin, companyId: 1, body: {} })).body.data as DepartmentOption[];
    const department = departments.find((d) => d.parentId !== null)!;
    const hireDate = chinaDayPlus(10);
    const created = await api('/wfsaas-saas/api/selfOnboarding/invite/create', { token: admin, companyId: 1, body: { title: '审核页面检查', expiresOn: chinaDayPlus(3), departmentId: department.id, hireDate } });
    expect(created.body.code, created.body.message).toBe(200);
    const invite = created.body.data as InviteView;
    const person = newPerson('审核测', '136');
    const submission: SubmissionView = {
      id: 987654,
      inviteId: invite.id,
      inviteTitle: invite.title,
      status: 0,
      statusLabel: '待审核',
      name: person.name,
      mobile: `${person.mobile.slice(0, 3)}****${person.mobile.slice(-4)}`,
      idType: 1,
      idNumber: `${person.idNumber.slice(0, 6)}********${person.idNumber.slice(-4)}`,
      gender: 1,
      birthDate: '1990-01-10',
      email: 'candidate@example.cn',
      education: null,
      address: '杭州市西湖区文三路100号',
      emergencyName: '王芳',
      emergencyPhone: '13900001111',
      bankName: '招商银行杭州分行',
      bankAccount: '6222****0123',
      idFrontFileId: 1,
      idBackFileId: null,
      rejectReason: null,
      employeeId: null,
      submittedAt: new Date().toISOString(),
      reviewedAt: null,
      reviewedByName: null,
    };
    const approvals: Record<string, unknown>[] = [];
    const { context, page } = await openPage(browser);
    screenshotOnFailure('self-onboarding-review', () => context.pages());
    const envelope = (data: unknown, extra: object = {}) => JSON.stringify({ code: 200, message: '', data, ...extra });
    await page.route('**/selfOnboarding/submission/page', (r) =>
      r.fulfill({ status: 200, contentType: 'application/json', body: envelope([submission], { pageMessage: { nextPage: 0, pageNum: 1, pageSize: 10, pages: 1, prePage: 0, total: 1 } }) }),
    );
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    await page.route('**/selfOnboarding/submission/photo', (r) => r.fulfill({ status: 200, contentType: 'image/png', body: png }));
    await page.route('**/selfOnboarding/submission/approve', async (r) => {
      approvals.push(r.request().postDataJSON() as Record<string, unknown>);
      await r.fulfill({ status: 200, contentType: 'application/json', body: envelope({ ...submission, status: 1, statusLabel: '已通过' }) });
    });

    await enterAsAdmin(page);
    await page.goto('/selfOnboarding/invite');
    await page.getByRole('tab', { name: '入职登记' }).click();
    const row = page.locator('.submission-table .ant-table-tbody tr', { hasText: person.name });
    await row.waitFor();
    expect(await row.innerText()).toContain(submission.mobile);
    await row.getByRole('button', { name: /审\s*核/ }).click();
    const drawer = page.locator('.ant-drawer', { hasText: `入职登记 · ${person.name}` });
    await drawer.locator('.id-photo-front img').waitFor();
    const detail = await drawer.locator('.submission-detail').innerText();
    for (const text of ['杭州市西湖区文三路100号', '招商银行杭州分行', '6222****0123', '王芳', '未上传']) expect(detail).toContain(text);
    await shot(page, '21-review');

    await drawer.getByRole('button', { name: /通\s*过/ }).click();
    const form = drawer.locator('.approve-form');
    await form.waitFor();
    await expect.poll(() => form.locator('.department-select').innerText()).toContain(department.name);
    await form.getByRole('button', { name: '确定通过' }).click();
    await drawer.getByText('请填写工号').waitFor();
    await form.locator('input#employeeNo').fill(person.employeeNo);
    await shot(page, '22-approve');
    await form.getByRole('button', { name: '确定通过' }).click();
    await drawer.locator('.approve-result').getByText('已生成待入职员工，可在入职列表确认入职').waitFor();
    const [y, mo, d] = hireDate.split('-').map(Number) as [number, number, number];
    const probationEnd = new Date(Date.UTC(y, mo - 1 + 3, d)).toISOString().slice(0, 10);
    expect(approvals[0]).toMatchObject({ submissionId: submission.id, employeeNo: person.employeeNo, departmentId: department.id, hireDate, probationEndDate: probationEnd, employmentType: 1 });
    await shot(page, '23-approved');
    await drawer.getByRole('button', { name: '前往入职列表' }).click();
    await page.waitForURL((u) => u.pathname === '/selfOnboarding/list');
    await context.close();
  });
});
