import type { DepartmentOption, InviteView } from '@wfsaas/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiLogin, baseURL, chinaDayPlus, chooseInTreeSelect, COMPANY_1, enterAsAdmin, journeyShots, launchBrowser, newPerson, newTracedContext, openPage, screenshotOnFailure, smsCodeFor, smsCountFor } from './support.ts';

/**
 * 自助入职: HR creates an invitation and reads its link from the QR dialog; a candidate opens the
 * link on a phone, is refused a wrong code, registers with the real one (the test server writes SMS
 * to a file) and an ID photo; HR reviews and approves, and the hire waits on 入职列表. A closed
 * invitation no longer takes registrations.
 */

const shot = journeyShots('self-onboarding');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('self-onboarding', () => {
  it('creates an invitation with a QR link, the phone page asks for the mobile, and a closed invitation refuses', async () => {
    const { context, page, toasts } = await openPage(browser);
    const phone = await newTracedContext(browser, { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
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
    await chooseInTreeSelect(drawer, drawer.locator('.department-select'));
    await shot(page, '01-new-invite');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    const qr = page.locator('.ant-modal', { hasText: '邀请二维码' });
    await qr.locator('.invite-qr-image').waitFor();
    await toasts.expect('保存成功');
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
    await expect.poll(() => row.innerText()).toContain('已关闭');
    await toasts.expect('操作成功');
    await m.reload();
    await m.locator('.phone-final-closed').waitFor();
    await shot(m, '07-phone-closed');

    await phone.close();
    await context.close();
  });

  it('a candidate registers on the phone with a real SMS code and an ID photo; HR reviews and approves; the hire waits on 入职列表', async () => {
    const admin = await apiLogin(ADMIN);
    const departments = (await api('/wfsaas-saas/api/companyDepartment/options', { token: admin, companyId: 1, body: {} })).body.data as DepartmentOption[];
    const department = departments.find((d) => d.parentId !== null)!;
    const hireDate = chinaDayPlus(10);
    const created = await api('/wfsaas-saas/api/selfOnboarding/invite/create', { token: admin, companyId: 1, body: { title: '入职登记全流程', expiresOn: chinaDayPlus(3), departmentId: department.id, hireDate } });
    expect(created.body.code, created.body.message).toBe(200);
    const invite = created.body.data as InviteView;
    const candidate = newPerson('登记测', '135');

    // the candidate's phone: SMS code (read from the test server's SMS file), the form, an ID photo
    const phone = await newTracedContext(browser, { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
    screenshotOnFailure('self-onboarding-journey', () => phone.pages());
    const m = await phone.newPage();
    await m.goto(invite.link);
    await m.getByLabel('手机号').fill(candidate.mobile);
    const before = await smsCountFor(candidate.mobile);
    await m.locator('.sms-send').click();
    await m.getByLabel('验证码').fill(await smsCodeFor(candidate.mobile, before));
    await m.locator('.verify-submit').click();
    await m.locator('.phone-form').waitFor();
    await m.locator('input#name').fill(candidate.name);
    await m.locator('input#idNumber').fill(candidate.idNumber);
    // the front photo is required, the bank card checked
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
    await shot(m, '13-phone-submitted');
    await phone.close();

    // HR: the submission with its data and photo; approved from the invitation's job facts
    const { context, page } = await openPage(browser);
    screenshotOnFailure('self-onboarding-review', () => context.pages());
    await enterAsAdmin(page);
    await page.goto('/selfOnboarding/invite');
    await page.getByRole('tab', { name: '入职登记' }).click();
    const row = page.locator('.submission-table .ant-table-tbody tr', { hasText: candidate.name });
    await row.waitFor();
    expect(await row.innerText()).toContain(`${candidate.mobile.slice(0, 3)}****${candidate.mobile.slice(-4)}`);
    await row.getByRole('button', { name: /审\s*核/ }).click();
    const drawer = page.locator('.ant-drawer', { hasText: `入职登记 · ${candidate.name}` });
    await drawer.locator('.id-photo-front img').waitFor();
    expect(await drawer.locator('.submission-detail').innerText()).toContain('入职登记全流程');
    await shot(page, '21-review');
    await drawer.getByRole('button', { name: /通\s*过/ }).click();
    const form = drawer.locator('.approve-form');
    await form.waitFor();
    await expect.poll(() => form.locator('.department-select').innerText()).toContain(department.name);
    // 工号 comes prefilled with the next number of the company's rule (YF + 4 digits in the demo)
    await expect.poll(() => form.locator('input#employeeNo').inputValue()).toMatch(/^YF\d{4,}$/);
    await shot(page, '22-approve');
    await form.getByRole('button', { name: '确定通过' }).click();
    await drawer.locator('.approve-result').getByText('已生成待入职员工，可在入职列表确认入职').waitFor();
    await shot(page, '23-approved');
    await drawer.getByRole('button', { name: '前往入职列表' }).click();
    await page.waitForURL((u) => u.pathname === '/selfOnboarding/list');
    await page.locator('input#induction_keyword').fill(candidate.name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const hire = page.locator('.induction-table .ant-table-tbody tr', { hasText: candidate.name });
    await expect.poll(() => hire.innerText()).toContain(hireDate);
    await shot(page, '24-pending-hire');
    await context.close();
  });

  it('HR rejects a registration with a reason; the candidate sees it on the phone, corrects and submits again', async () => {
    const admin = await apiLogin(ADMIN);
    const created = await api('/wfsaas-saas/api/selfOnboarding/invite/create', { token: admin, companyId: 1, body: { title: '入职登记驳回', expiresOn: chinaDayPlus(3) } });
    expect(created.body.code, created.body.message).toBe(200);
    const invite = created.body.data as InviteView;
    const candidate = newPerson('驳回测', '134');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

    // the candidate's phone: SMS code, the form, an ID photo
    const phone = await newTracedContext(browser, { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
    screenshotOnFailure('self-onboarding-reject', () => phone.pages());
    const m = await phone.newPage();
    await m.goto(invite.link);
    await m.getByLabel('手机号').fill(candidate.mobile);
    const before = await smsCountFor(candidate.mobile);
    await m.locator('.sms-send').click();
    await m.getByLabel('验证码').fill(await smsCodeFor(candidate.mobile, before));
    await m.locator('.verify-submit').click();
    await m.locator('.phone-form').waitFor();
    await m.locator('input#name').fill(candidate.name);
    await m.locator('input#idNumber').fill(candidate.idNumber);
    await m.locator('.photo-input').first().locator('input[type=file]').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png });
    await m.locator('.photo-input[data-uploaded="yes"] img').waitFor();
    await m.locator('.onboard-submit').click();
    await m.locator('.phone-final-pending').waitFor();

    // HR rejects with a reason
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('self-onboarding-reject-review', () => context.pages());
    await enterAsAdmin(page);
    await page.goto('/selfOnboarding/invite');
    await page.getByRole('tab', { name: '入职登记' }).click();
    const row = page.locator('.submission-table .ant-table-tbody tr', { hasText: candidate.name });
    await row.getByRole('button', { name: /审\s*核/ }).click();
    const drawer = page.locator('.ant-drawer', { hasText: `入职登记 · ${candidate.name}` });
    await drawer.getByRole('button', { name: /驳\s*回/ }).click();
    const reject = drawer.locator('.reject-form');
    await reject.locator('.reject-submit').click();
    await drawer.getByText('请填写驳回原因').waitFor();
    await reject.locator('textarea').fill('证件照片不清晰，请重新拍摄上传');
    await reject.locator('.reject-submit').click();
    // it moves to 已驳回, with the reason in its detail
    await page.locator('.submission-status-tabs').getByRole('tab', { name: '已驳回' }).click();
    await expect.poll(() => row.innerText()).toContain('证件照片不清晰');
    await toasts.expect('已驳回');
    await row.getByRole('button', { name: /查\s*看/ }).click();
    await drawer.getByText('驳回原因：证件照片不清晰，请重新拍摄上传').waitFor();
    await shot(page, '31-rejected');
    await page.keyboard.press('Escape');

    // the candidate opens the same link again: the page reads the result, shows the reason, and takes a new submission
    await m.reload();
    await m.locator('.phone-rejected').getByText('证件照片不清晰，请重新拍摄上传').waitFor();
    await shot(m, '32-phone-rejected');
    await m.locator('input#name').fill(candidate.name);
    await m.locator('input#idNumber').fill(candidate.idNumber);
    await m.locator('.photo-input').first().locator('input[type=file]').setInputFiles({ name: 'front2.png', mimeType: 'image/png', buffer: png });
    await m.locator('.photo-input[data-uploaded="yes"] img').waitFor();
    await m.locator('.onboard-submit').click();
    await m.locator('.phone-final-pending').waitFor();
    await phone.close();

    // HR sees it waiting for review again
    await page.reload();
    await page.getByRole('tab', { name: '入职登记' }).click();
    await page.locator('.submission-status-tabs').getByRole('tab', { name: '待审核' }).click();
    await expect.poll(() => row.innerText()).toContain(candidate.name);
    await context.close();
  });
});
