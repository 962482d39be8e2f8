import type { ApplicablePlan, ChangePlanView, ChangeReviewCounts, ChangeReviewResult, ChangeReviewRow, TransferRow } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, chinaToday } from '../../platform/china-date.ts';
import { departmentIdByName, hireEmployee, signInAsRole, type Hired } from '../../test/factories.ts';
import { createTestApp, expectUnchanged as expectDbUnchanged, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from '../org/org.seed.ts';

/** 异动方案: the plan a change follows (nearest department first), its date rule, its approvers alone, and the fall-back. */

const API = '/wfsaas-saas/api';
const PLAN = `${API}/abnormalChangePlan`;
const EXE = `${API}/abnormalChangeExecution`;
const CHG = `${API}/companyEmployeeChange`;
const REVIEW_KEYS = ['transactionSet', 'transactionSet.review'];

let t: TestApp;
let admin: string;
let staff: string;
const A = { token: '', userId: 0 };
const B = { token: '', userId: 0, roleId: 0 };
const dept: Record<string, number> = {};
const today = chinaToday();
const nextFirst = (() => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
})();

const call = <T>(path: string, body: object = {}, token = admin, companyId = 1) => t.call<T>(path, { token, companyId, body });
const expectUnchanged = (run: () => Promise<{ body: { code: number; message: string } }>, code: number, message: string | RegExp) => expectDbUnchanged(t.database, run, code, message);
let serial = 0;
const hire = (departmentId: number): Promise<Hired> => hireEmployee(t, { token: admin, name: `方案测试${++serial}`, departmentId, hireDate: addDays(today, -200), status: 2 });
const payChange = (e: Hired, effectiveDate: string, salary = 12000 + serial) => call<TransferRow>(`${CHG}/do`, { employeeId: e.id, salary, effectiveDate, reason: 1 });
const runOf = async (changeId: number) => (await t.rows<{ plan_id: number; form_version: number | null }>(sql`select plan_id::int as plan_id, form_version from change_plan_runs where change_id = ${changeId}`))[0];

async function savePlan(body: object, token = admin) {
  const r = await call<ChangePlanView>(`${PLAN}/save`, body, token);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}

let wide: ChangePlanView;
let tech: ChangePlanView;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  Object.assign(A, await signInAsRole(t, { adminToken: admin, phone: '13900000021', role: '方案审批人甲', permissionKeys: REVIEW_KEYS }));
  Object.assign(B, await signInAsRole(t, { adminToken: admin, phone: '13900000022', role: '方案审批角色乙', permissionKeys: REVIEW_KEYS }));
  for (const n of ['技术中心', '后端组', '财务部']) dept[n] = await departmentIdByName(t, n);
}, 90_000);
afterAll(async () => t?.close());

describe('plans', () => {
  it('are saved by a user with transactionSet.edit, with checked scope, approvers and date rule', async () => {
    const base = { name: '全公司调薪', scene: 'transferPay', approverUserIds: [A.userId], dateRule: 'nextMonth' };
    await expectUnchanged(() => call(`${PLAN}/save`, base, staff), 403, /transactionSet\.edit/);
    await expectUnchanged(() => call(`${PLAN}/save`, { ...base, approverUserIds: [] }), 400, /审批人：请至少选择/);
    await expectUnchanged(() => call(`${PLAN}/save`, { ...base, dateRule: 'range', minDays: 9, maxDays: 3 }), 400, /最早天数不能大于最晚天数/);
    await expectUnchanged(() => call(`${PLAN}/save`, { ...base, scene: 'onboard' }), 400, /异动场景/);
    // the demo staff member does not hold 审批异动
    const staffId = (await t.call<{ user_info: { sysUser: { userId: number } } }>('/wfsaas-auth/userInfo', { token: staff, body: {} })).body.data.user_info.sysUser.userId;
    await expectUnchanged(() => call(`${PLAN}/save`, { ...base, approverUserIds: [staffId] }), 400, /审批人：所选成员不存在或没有「审批异动」权限/);
    await expectUnchanged(() => call(`${PLAN}/save`, { ...base, departmentIds: [999999] }), 400, /适用部门：所选部门不存在/);

    wide = await savePlan(base);
    expect(wide).toMatchObject({ sceneLabel: '调薪', departmentNames: [], enabled: true, dateRuleText: '次月1日', approvers: [{ kind: 'user', id: A.userId, name: '方案审批人甲' }] });
    // one company-wide plan per scene
    await expectUnchanged(() => call(`${PLAN}/save`, { ...base, name: '另一个全公司调薪' }), 409, /已有全公司适用的方案「全公司调薪」/);
    tech = await savePlan({ name: '技术中心调薪', scene: 'transferPay', departmentIds: [dept['技术中心']], approverRoleIds: [B.roleId], dateRule: 'range', minDays: 3, maxDays: 10 });
    expect(tech.departmentNames).toEqual(['技术中心']);
    await expectUnchanged(() => call(`${PLAN}/save`, { name: '技术中心调薪2', scene: 'transferPay', departmentIds: [dept['技术中心']], approverRoleIds: [B.roleId], dateRule: 'immediate' }), 409, /已在调薪方案「技术中心调薪」中/);

    const list = await call<ChangePlanView[]>(`${PLAN}/list`, { scene: 'transferPay' });
    expect(list.body.data.map((p) => p.name)).toEqual(['全公司调薪', '技术中心调薪']);
    // another company's plan is not found
    await expectUnchanged(() => call(`${PLAN}/get`, { id: wide.id }, admin, 2), 404, /异动方案不存在/);
    await expectUnchanged(() => call(`${PLAN}/disable`, { id: wide.id }, admin, 2), 404, /异动方案不存在/);
    expect((await call<ChangePlanView[]>(`${PLAN}/list`, {}, admin, 2)).body.data).toEqual([]);
  });
});

describe('changes follow their plan', () => {
  let backend: Hired;
  let finance: Hired;
  let techChange: TransferRow;
  let financeChange: TransferRow;

  it('the nearest department plan is chosen and its date rule refuses a date out of range', async () => {
    backend = await hire(dept['后端组']!);
    finance = await hire(dept['财务部']!);
    const applicable = await call<ApplicablePlan>(`${PLAN}/applicable`, { scene: 'transferPay', employeeId: backend.id });
    expect(applicable.body.data).toMatchObject({ name: '技术中心调薪', earliest: addDays(today, 3), latest: addDays(today, 10), approverNames: ['角色「方案审批角色乙」成员'] });
    expect((await call<ApplicablePlan>(`${PLAN}/applicable`, { scene: 'transferPay', employeeId: finance.id })).body.data).toMatchObject({ name: '全公司调薪', fixedDate: nextFirst });

    await expectUnchanged(() => payChange(backend, addDays(today, 1)), 400, `生效日期：适用异动方案「技术中心调薪」，须在${addDays(today, 3)}至${addDays(today, 10)}之间（办理后3至10天）`);
    await expectUnchanged(() => payChange(finance, today), 400, `生效日期：适用异动方案「全公司调薪」，生效日期须为${nextFirst}（次月1日）`);

    const r1 = await payChange(backend, addDays(today, 5));
    expect(r1.body.code, r1.body.message).toBe(200);
    techChange = r1.body.data;
    // a change under a plan waits for its approvers even though 异动设置 asks no review
    expect(techChange.status).toBe(3);
    expect(await runOf(techChange.id)).toMatchObject({ plan_id: tech.id, form_version: null });
    const r2 = await payChange(finance, nextFirst);
    expect(r2.body.code, r2.body.message).toBe(200);
    financeChange = r2.body.data;
    expect(await runOf(financeChange.id)).toMatchObject({ plan_id: wide.id });
  });

  it('shows each approver what is theirs, and only a plan approver approves', async () => {
    const pendingOf = async (token: string) => (await call<ChangeReviewRow[]>(`${EXE}/pageList`, { tab: 'pending', pageNum: 1, pageSize: 50 }, token)).body.data.map((r) => r.id);
    expect(await pendingOf(A.token)).toContain(financeChange.id);
    expect(await pendingOf(A.token)).not.toContain(techChange.id);
    expect(await pendingOf(B.token)).toEqual(expect.arrayContaining([techChange.id]));
    expect(await pendingOf(admin)).not.toContain(techChange.id);
    expect((await call<ChangeReviewCounts>(`${EXE}/counts`, {}, B.token)).body.data.pending).toBeGreaterThanOrEqual(1);
    const row = (await call<ChangeReviewRow[]>(`${EXE}/pageList`, { tab: 'pending', pageNum: 1, pageSize: 50 }, B.token)).body.data.find((r) => r.id === techChange.id)!;
    expect(row.plan).toMatchObject({ planName: '技术中心调薪', canReview: true });

    // the administrator and the other approver are not this plan's approvers
    await expectUnchanged(() => call(`${EXE}/approve`, { changeIds: [financeChange.id] }), 403, `${finance.name}的异动适用方案「全公司调薪」，只有方案审批人甲可以审批`);
    await expectUnchanged(() => call(`${EXE}/reject`, { changeIds: [financeChange.id], reason: '不同意' }, B.token), 403, /只有方案审批人甲可以审批/);
    await expectUnchanged(() => call(`${EXE}/approve`, { changeIds: [techChange.id] }, A.token), 403, /只有角色「方案审批角色乙」成员可以审批/);

    const ok = await call<ChangeReviewResult>(`${EXE}/approve`, { changeIds: [financeChange.id] }, A.token);
    expect(ok.body.data).toEqual({ done: 1, failures: [] });
    const rejected = await call<ChangeReviewResult>(`${EXE}/reject`, { changeIds: [techChange.id], reason: '预算未批' }, B.token);
    expect(rejected.body.data).toEqual({ done: 1, failures: [] });
    const status = new Map((await t.rows<{ id: number; status: number }>(sql`select id, status from employee_changes where id in (${financeChange.id}, ${techChange.id})`)).map((r) => [Number(r.id), Number(r.status)]));
    // approved, waiting for the 1st of next month; rejected
    expect([status.get(financeChange.id), status.get(techChange.id)]).toEqual([0, 4]);
    // re-dating keeps to the plan's rule
    await expectUnchanged(() => call(`${CHG}/updateEffectiveDate`, { changeId: financeChange.id, effectiveDate: addDays(nextFirst, 1) }), 400, /适用异动方案「全公司调薪」/);
  });

  it('a disabled plan falls back to the next plan, then to 异动设置; a used plan is not removed', async () => {
    await expectUnchanged(() => call(`${PLAN}/disable`, { id: tech.id }, staff), 403, /transactionSet\.edit/);
    expect((await call<ChangePlanView>(`${PLAN}/disable`, { id: tech.id })).body.data.enabled).toBe(false);
    const other = await hire(dept['后端组']!);
    const r = await payChange(other, nextFirst);
    expect(r.body.code, r.body.message).toBe(200);
    expect(await runOf(r.body.data.id)).toMatchObject({ plan_id: wide.id });

    expect((await call<ChangePlanView>(`${PLAN}/disable`, { id: wide.id })).body.data.enabled).toBe(false);
    const plain = await hire(dept['财务部']!);
    const p = await payChange(plain, today);
    expect(p.body.code, p.body.message).toBe(200);
    // no plan and no review in 异动设置: effective at once
    expect(p.body.data.status).toBe(1);
    expect(await runOf(p.body.data.id)).toBeUndefined();

    await expectUnchanged(() => call(`${PLAN}/remove`, { id: wide.id }), 409, /已用于 2 条异动，不能删除，可以停用/);
    const unused = await savePlan({ name: '离职方案', scene: 'quit', approverUserIds: [A.userId], dateRule: 'immediate' });
    expect((await call(`${PLAN}/remove`, { id: unused.id })).body.code).toBe(200);
    expect((await call(`${PLAN}/get`, { id: unused.id })).body.code).toBe(404);
  });

  it('a plan form is versioned and recorded; 与审批通过同日 dates the change on approval', async () => {
    const widgets = [{ id: 'p1', type: 'input', label: '调薪依据', key: 'basis', options: { required: true } }];
    const plan = await savePlan({ name: '转正方案', scene: 'regularize', approverUserIds: [A.userId], dateRule: 'onApproval', formSource: 'snapshot', formConfig: { cols: 1 }, widgetList: widgets });
    expect(plan.formVersion).toBe(1);
    const again = await savePlan({ id: plan.id, name: '转正方案', scene: 'regularize', approverUserIds: [A.userId], dateRule: 'onApproval', formSource: 'snapshot', formConfig: { cols: 1 }, widgetList: [{ ...widgets[0], label: '转正依据' }] });
    expect(again.formVersion).toBe(2);
    const e = await hireEmployee(t, { token: admin, name: '方案转正', departmentId: dept['财务部'], hireDate: addDays(today, -60), probationEndDate: addDays(today, 20), status: 1 });
    const REG = `${API}/employeeRegularWorker/do`;
    await expectUnchanged(() => call(REG, { employeeId: e.id, effectiveDate: today }), 400, /转正依据/);
    await expectUnchanged(() => call(REG, { employeeId: e.id, effectiveDate: addDays(today, 3), formValues: { basis: '考核优秀' } }), 400, /审批通过当日生效/);
    const done = await call<{ id: number; status: number; form: unknown[] }>(REG, { employeeId: e.id, effectiveDate: today, formValues: { basis: '考核优秀' } });
    expect(done.body.code, done.body.message).toBe(200);
    expect(done.body.data).toMatchObject({ status: 3, form: [{ key: 'basis', label: '转正依据', text: '考核优秀' }] });
    expect(await runOf(done.body.data.id)).toMatchObject({ plan_id: plan.id, form_version: 2 });
    expect((await call<ChangeReviewResult>(`${EXE}/approve`, { changeIds: [done.body.data.id] }, A.token)).body.data.done).toBe(1);
    const [row] = await t.rows<{ status: number; effective_date: string }>(sql`select status, effective_date::text from employee_changes where id = ${done.body.data.id}`);
    expect(row).toMatchObject({ status: 1, effective_date: today });
  });
});
