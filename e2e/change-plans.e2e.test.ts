import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEmployeeByApi,
  ADMIN,
  api,
  apiAnswer,
  apiLogin,
  chinaDayPlus,
  chooseInSelect,
  chooseInTreeSelect,
  COMPANY_1,
  enterAsAdmin,
  journeyShots,
  launchBrowser,
  newPerson,
  openPage,
  password,
  screenshotOnFailure,
  signIn,
  smsCodeFor,
  smsCountFor,
} from './support.ts';

/**
 * 异动方案: HR makes a 调薪 plan for 行政部 with one approver and 次月1日; a pay change of an employee
 * there gets its date fixed to the 1st of next month and waits in 异动审批 for that approver only,
 * who approves it.
 */

const shot = journeyShots('change-plans');
const PLAN = '/wfsaas-saas/api/abnormalChangePlan';
const DEPT = '行政部';
let browser: Browser;
let admin: string;
let planId: number | null = null;

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => {
  // the other journeys' pay changes follow no plan
  if (admin && planId) await api(`${PLAN}/disable`, { token: admin, companyId: 1, body: { id: planId } });
  await browser?.close();
});

/** A member holding 异动设置 and 审批异动: invited with a role, joined by SMS code, with the journeys' password. */
async function approverMember(nickname: string): Promise<string> {
  const phone = newPerson('', '167').mobile;
  const role = await api('/wfsaas-system/api/sys/role/save', { token: admin, companyId: 1, body: { name: `${nickname}角色` } });
  expect(role.body.code, role.body.message).toBe(200);
  const roleId = (role.body.data as { id: number }).id;
  const keys = await api('/wfsaas-system/api/sys/rolePermission/save', { token: admin, companyId: 1, body: { roleId, permissionKeys: ['transactionSet', 'transactionSet.review'] } });
  expect(keys.body.code, keys.body.message).toBe(200);
  const invited = await api('/wfsaas-system/api/subAccount/save', { token: admin, companyId: 1, body: { phone, nickname, roleIds: [roleId] } });
  expect(invited.body.code, invited.body.message).toBe(200);
  const before = await smsCountFor(phone);
  expect((await api('/wfsaas-auth/sms/send', { body: { phone } })).body.code).toBe(200);
  const login = await api('/wfsaas-auth/loginBySms', { body: { phone, code: await smsCodeFor(phone, before) } });
  expect(login.body.code, login.body.message).toBe(200);
  const token = (login.body.data as { access_token: string }).access_token;
  const mine = await api('/wfsaas-saas/api/company/invitation/list', { token });
  const invitation = (mine.body.data as { invitations: { companyId: number; invitationId: number }[] }).invitations.find((i) => i.companyId === 1)!;
  expect((await api('/wfsaas-saas/api/company/invitation/accept', { token, body: { companyId: 1, invitationId: invitation.invitationId } })).body.code).toBe(200);
  expect((await api('/wfsaas-auth/password/update', { token, body: { password: password() } })).body.code).toBe(200);
  return phone;
}

function firstOfNextMonth(): string {
  const [y, m] = chinaDayPlus(0).split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

async function openReviews(page: Page): Promise<void> {
  const listed = apiAnswer(page, '/abnormalChangeExecution/pageList');
  await page.goto('/enterpriseInformation/transactionSet');
  await page.locator('.change-review-table').waitFor();
  await listed;
}

describe('change plans', () => {
  it('a 调薪 plan fixes the date to the 1st of next month and only its approver reviews the change', async () => {
    const approverName = `方案审批人${String(Date.now() % 10_000)}`;
    const approverPhone = await approverMember(approverName);
    const person = newPerson('方案调薪', '135');
    const departments = (await api('/wfsaas-saas/api/companyDepartment/options', { token: admin, companyId: 1, body: {} })).body.data as { id: number; name: string }[];
    const employeeId = await addEmployeeByApi(admin, { ...person, hireDate: chinaDayPlus(-300), status: 2, departmentId: departments.find((d) => d.name === DEPT)!.id });
    const due = firstOfNextMonth();

    // ── HR makes the plan on 异动设置 ──
    const { context, page, toasts } = await openPage(browser);
    const approver = await openPage(browser);
    screenshotOnFailure('change-plans', () => [...context.pages(), ...approver.context.pages()]);
    await enterAsAdmin(page);
    await page.goto('/enterpriseInformation/transactionSet');
    await page.locator('.change-plans-table').waitFor();
    await page.locator('.add-change-plan').click();
    const drawer = page.locator('.ant-drawer', { hasText: '新建异动方案' });
    await drawer.locator('.change-plan-form').waitFor();
    const planName = `行政部调薪${String(Date.now() % 10_000)}`;
    await drawer.getByLabel('方案名称').fill(planName);
    await chooseInSelect(drawer, '异动场景', /^调薪$/, { shows: /调薪/ });
    // a multiple select stays open after a choice: the drawer's title closes it
    const closeDropdown = async () => {
      await drawer.locator('.ant-drawer-title').click();
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    };
    await chooseInTreeSelect(drawer, drawer.locator('.plan-department-select'), DEPT);
    await closeDropdown();
    await chooseInSelect(drawer, drawer.locator('.plan-approver-select'), approverName, { shows: approverName });
    await closeDropdown();
    await drawer.getByRole('radio', { name: '次月1日' }).check();
    await shot(page, '01-plan-drawer');
    const saved = apiAnswer(page, '/abnormalChangePlan/save');
    await drawer.locator('.save-change-plan').click();
    await saved;
    await toasts.expect('保存成功');
    const planRow = page.locator('.change-plans-table .ant-table-tbody tr', { hasText: planName });
    await expect.poll(() => planRow.innerText()).toContain(approverName);
    expect(await planRow.innerText()).toContain('次月1日');
    expect(await planRow.innerText()).toContain(DEPT);
    const plans = (await api(`${PLAN}/list`, { token: admin, companyId: 1, body: {} })).body.data as { id: number; name: string }[];
    planId = plans.find((p) => p.name === planName)!.id;
    await page.locator('.change-plans-table').scrollIntoViewIfNeeded();
    await shot(page, '02-plans');

    // ── HR raises the pay: the date is fixed by the plan ──
    await page.goto('/staffManagement/changeAlternation/alternation');
    await page.locator('.alternation-page').waitFor();
    await page.getByRole('button', { name: '发起调岗调薪' }).click();
    const form = page.locator('.ant-drawer', { hasText: '发起调岗调薪' });
    await chooseInSelect(form, form.locator('.employee-picker'), person.name);
    await form.locator('.placement-now').waitFor();
    await form.locator('input#salary').fill('18000');
    await expect.poll(() => form.locator('.change-plan-notice').innerText()).toContain(`适用异动方案「${planName}」`);
    expect(await form.locator('.change-plan-notice').innerText()).toContain(approverName);
    await expect.poll(() => form.locator('input#effectiveDate').inputValue()).toBe(due);
    expect(await form.locator('input#effectiveDate').isDisabled()).toBe(true);
    await shot(page, '03-pay-change');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.waitFor({ state: 'hidden' });
    await toasts.expect('已提交审批，审批通过后生效');

    // ── the administrator is not the plan's approver: nothing of it to review ──
    await openReviews(page);
    expect(await page.locator('.change-review-table .ant-table-tbody tr', { hasText: person.name }).count()).toBe(0);

    // ── the approver finds it and approves ──
    const ap = approver.page;
    await ap.goto('/login');
    await signIn(ap, approverPhone);
    await ap.waitForURL((u) => !u.pathname.startsWith('/login'));
    if (ap.url().includes('/excessive/company')) {
      await ap.getByRole('button', { name: COMPANY_1 }).click();
      await ap.waitForURL((u) => u.pathname === '/home');
    }
    await openReviews(ap);
    const pending = ap.locator('.change-review-table .ant-table-tbody tr', { hasText: person.name });
    await expect.poll(() => pending.innerText()).toContain(planName);
    expect(await pending.innerText()).toContain(due);
    await pending.scrollIntoViewIfNeeded();
    await shot(ap, '04-approver-pending');
    await pending.getByRole('button', { name: '通过' }).click();
    await ap.locator('.ant-modal-confirm').getByRole('button', { name: /通\s*过/ }).click();
    await ap.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
    await approver.toasts.expect('已通过 1 条');

    const timeline = await api('/wfsaas-saas/api/companyEmployeeChange/timeline', { token: admin, companyId: 1, body: { employeeId } });
    const change = (timeline.body.data as { type: string; status: number; effectiveDate: string }[]).find((c) => c.type === 'transfer')!;
    // approved, waiting for its date
    expect(change).toMatchObject({ status: 0, effectiveDate: due });
    await approver.context.close();
    await context.close();
  });
});
