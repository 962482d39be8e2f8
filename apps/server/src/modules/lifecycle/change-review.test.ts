import type { ChangeReviewCounts, ChangeReviewResult, ChangeReviewRow, ChangeSettingsView, EmployeeChangeView, TransferRow } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobsOnce } from '../../platform/jobs/index.ts';
import { enqueueDailyJobs } from '../../platform/jobs/runner.ts';
import { departmentIdByName, hireEmployee, type Hired } from '../../test/factories.ts';
import { createTestApp, expectUnchanged as expectDbUnchanged, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { chinaToday, addDays, addMonths } from '../../platform/china-date.ts';

/** 异动设置: the settings, and changes of the chosen types waiting for review (待审批) before they take effect. */

const API = '/wfsaas-saas/api';
const SCENE = `${API}/abnormalChangeSceneConfig`;
const EXE = `${API}/abnormalChangeExecution`;

let t: TestApp;
let admin: string;
let staff: string;
let deptId: number;
const E: Record<string, Hired> = {};
const today = chinaToday();

const call = <T>(path: string, body: object = {}, token = admin, companyId = 1) => t.call<T>(path, { token, companyId, body });
const expectUnchanged = (run: () => Promise<{ body: { code: number; message: string } }>, code: number, message: string | RegExp) => expectDbUnchanged(t.database, run, code, message);
const statusOf = async (key: string) => (await t.rows<{ status: number; department_id: number; salary: string | null }>(sql`select status, department_id, salary::text from employees where id = ${E[key]!.id}`))[0]!;

async function hire(key: string, status: 1 | 2) {
  E[key] = await hireEmployee(t, { token: admin, name: `审批测试${key}`, departmentId: deptId, hireDate: addMonths(today, -2), probationEndDate: status === 1 ? addDays(today, 10) : undefined, status });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  deptId = await departmentIdByName(t, '财务部');
  for (const k of ['转正', '驳回', '调岗', '离职', '未来']) await hire(k, k === '转正' || k === '驳回' || k === '未来' ? 1 : 2);
}, 60_000);
afterAll(async () => t?.close());

describe('change settings', () => {
  it('start with no review and three months of probation, and are saved by a user with the permission only', async () => {
    expect((await call<ChangeSettingsView>(`${SCENE}/get`)).body.data).toMatchObject({ reviewTypes: [], defaultProbationMonths: 3, updatedAt: null });
    // every member reads them (the add forms prefill the probation)
    expect((await call<ChangeSettingsView>(`${SCENE}/get`, {}, staff)).body.code).toBe(200);
    await expectUnchanged(() => call(`${SCENE}/save`, { reviewTypes: ['transfer'], defaultProbationMonths: 7 }), 400, /默认试用期/);
    await expectUnchanged(() => call(`${SCENE}/save`, { reviewTypes: ['onboard'], defaultProbationMonths: 3 }), 400, /需审批的异动/);
    await expectUnchanged(() => call(`${SCENE}/save`, { reviewTypes: ['transfer'], defaultProbationMonths: 2 }, staff), 403, /transactionSet\.edit/);

    const saved = await call<ChangeSettingsView>(`${SCENE}/save`, { reviewTypes: ['quit', 'regularize', 'transfer', 'quit'], defaultProbationMonths: 2 });
    expect(saved.body.code, saved.body.message).toBe(200);
    expect(saved.body.data).toMatchObject({ reviewTypes: ['regularize', 'transfer', 'quit'], defaultProbationMonths: 2, updatedByName: expect.any(String) });
    // another company keeps its own defaults
    expect((await call<ChangeSettingsView>(`${SCENE}/get`, {}, admin, 2)).body.data).toMatchObject({ reviewTypes: [], defaultProbationMonths: 3 });
  });
});

describe('change forms (异动表单)', () => {
  const FORM = `${API}/abnormalChangeFormConfig`;
  const widgets = [
    { id: 'w1', type: 'select', label: '考核结果', key: 'assessment', options: { required: true, options: [{ label: '优秀', value: 'A' }, { label: '合格', value: 'B' }] } },
    { id: 'w2', type: 'textarea', label: '转正评语', key: 'comment', options: { maxLength: 50 } },
  ];

  it('is defined per change type by a user with the permission, valid only with formConfig and a widget, without files', async () => {
    expect((await call(`${FORM}/get`, { type: 'regularize' })).body.data).toBeNull();
    await expectUnchanged(() => call(`${FORM}/save`, { type: 'regularize', formConfig: { cols: 1 }, widgetList: [] }), 400, '表单定义需要包含表单配置和至少一个控件');
    await expectUnchanged(() => call(`${FORM}/save`, { type: 'regularize', widgetList: widgets }), 400, '表单定义需要包含表单配置和至少一个控件');
    await expectUnchanged(() => call(`${FORM}/save`, { type: 'onboard', formConfig: { cols: 1 }, widgetList: widgets }), 400, /异动类型/);
    await expectUnchanged(
      () => call(`${FORM}/save`, { type: 'regularize', formConfig: { cols: 1 }, widgetList: [{ id: 'w3', type: 'file', label: '考核表', key: 'sheet' }] }),
      400,
      /异动表单不支持图片和附件控件（考核表）/,
    );
    await expectUnchanged(() => call(`${FORM}/save`, { type: 'regularize', formConfig: { cols: 1 }, widgetList: widgets }, staff), 403, /transactionSet\.edit/);
    const saved = await call<{ type: string; widgetList: unknown[] }>(`${FORM}/save`, { type: 'regularize', formConfig: { cols: 1 }, widgetList: widgets });
    expect(saved.body.data).toMatchObject({ type: 'regularize', widgetList: [{ key: 'assessment' }, { key: 'comment' }] });
    // the do forms of every member read it
    expect((await call(`${FORM}/get`, { type: 'regularize' }, staff)).body.data).toMatchObject({ type: 'regularize' });
    expect((await call(`${FORM}/get`, { type: 'transfer' })).body.data).toBeNull();
  });

  it('is filled in when the change is done: a missing or wrong answer is refused by its name; the answers stay with the change', async () => {
    const body = { employeeId: E['未来']!.id, effectiveDate: addDays(today, 9) };
    await expectUnchanged(() => call(`${API}/employeeRegularWorker/do`, body), 400, '请填写考核结果');
    await expectUnchanged(() => call(`${API}/employeeRegularWorker/do`, { ...body, formValues: { assessment: 'C' } }), 400, '考核结果取值无效，请从选项中选择');
    const r = await call<EmployeeChangeView>(`${API}/employeeRegularWorker/do`, { ...body, formValues: { assessment: '优秀', comment: '  按期完成试用期目标 ' } });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data.form).toEqual([
      { key: 'assessment', label: '考核结果', text: '优秀' },
      { key: 'comment', label: '转正评语', text: '按期完成试用期目标' },
    ]);
    // editing the form later does not change what was answered
    await call(`${FORM}/save`, { type: 'regularize', formConfig: { cols: 1 }, widgetList: [{ ...widgets[0], label: '试用期考核' }] });
    const timeline = (await call<EmployeeChangeView[]>(`${API}/companyEmployeeChange/timeline`, { employeeId: E['未来']!.id })).body.data;
    expect(timeline[0]!.form[0]).toEqual({ key: 'assessment', label: '考核结果', text: '优秀' });
    await call(`${API}/employeeRegularWorker/cancel`, { changeId: r.body.data.id });
    await expectUnchanged(() => call(`${FORM}/remove`, { type: 'regularize' }, staff), 403, /transactionSet\.edit/);
    expect((await call(`${FORM}/remove`, { type: 'regularize' })).body.code).toBe(200);
    expect((await call(`${FORM}/get`, { type: 'regularize' })).body.data).toBeNull();
    // the change keeps its answers
    expect((await call<EmployeeChangeView[]>(`${API}/companyEmployeeChange/timeline`, { employeeId: E['未来']!.id })).body.data[0]!.form).toHaveLength(2);
  });
});

describe('changes under review', () => {
  it('a regularisation waits for review without effect, is listed, and takes effect when approved', async () => {
    const r = await call<EmployeeChangeView>(`${API}/employeeRegularWorker/do`, { employeeId: E['转正']!.id, effectiveDate: today, salary: '9800' });
    expect(r.body.data).toMatchObject({ status: 3, statusLabel: '待审批' });
    expect(await statusOf('转正')).toMatchObject({ status: 1, salary: null });
    // a second one is refused while the first is under review
    await expectUnchanged(() => call(`${API}/employeeRegularWorker/do`, { employeeId: E['转正']!.id, effectiveDate: today }), 400, /已有待审批的转正/);
    // the daily job leaves it alone
    await enqueueDailyJobs(t.services, addDays(today, 1));
    await runDueJobsOnce(t.services);
    expect((await statusOf('转正')).status).toBe(1);

    const page = await call<ChangeReviewRow[]>(`${EXE}/pageList`, { tab: 'pending', keyword: '审批测试' });
    expect(page.body.data.map((x) => x.name)).toEqual(['审批测试转正']);
    expect((await call<ChangeReviewCounts>(`${EXE}/counts`, { keyword: '审批测试' })).body.data).toEqual({ pending: 1, rejected: 0, approved: 0 });
    await expectUnchanged(() => call(`${EXE}/approve`, { changeIds: [r.body.data.id] }, staff), 403, /transactionSet\.review/);
    await expectUnchanged(() => call(`${EXE}/approve`, { changeIds: [] }), 400, /异动记录/);

    const ok = await call<ChangeReviewResult>(`${EXE}/approve`, { changeIds: [r.body.data.id], remark: '表现优秀' });
    expect(ok.body.data).toEqual({ done: 1, failures: [] });
    expect(await statusOf('转正')).toMatchObject({ status: 2, salary: '9800.00' });
    const approved = (await call<ChangeReviewRow[]>(`${EXE}/pageList`, { tab: 'approved', keyword: '审批测试' })).body.data;
    expect(approved[0]).toMatchObject({ status: 1, reviewRemark: '表现优秀', reviewedByName: expect.any(String) });
    // reviewed once only
    const again = await call<ChangeReviewResult>(`${EXE}/approve`, { changeIds: [r.body.data.id] });
    expect(again.body.data.failures[0]!.message).toBe('审批测试转正的转正已生效，只有待审批的异动可以审批');
  });

  it('a rejected regularisation changes nothing, keeps the reason, and the employee can be put forward again', async () => {
    const r = await call<EmployeeChangeView>(`${API}/employeeRegularWorker/do`, { employeeId: E['驳回']!.id, effectiveDate: today });
    await expectUnchanged(() => call(`${EXE}/reject`, { changeIds: [r.body.data.id], reason: ' ' }), 400, /驳回原因/);
    const rejected = await call<ChangeReviewResult>(`${EXE}/reject`, { changeIds: [r.body.data.id], reason: '试用期考核未完成' });
    expect(rejected.body.data.done).toBe(1);
    expect((await statusOf('驳回')).status).toBe(1);
    const timeline = (await call<EmployeeChangeView[]>(`${API}/companyEmployeeChange/timeline`, { employeeId: E['驳回']!.id })).body.data;
    expect(timeline[0]).toMatchObject({ status: 4, statusLabel: '已驳回', reviewRemark: '试用期考核未完成' });
    const second = await call<EmployeeChangeView>(`${API}/employeeRegularWorker/do`, { employeeId: E['驳回']!.id, effectiveDate: today });
    expect(second.body.data.status).toBe(3);
    // withdrawn by the person who asked: 取消 works on a change under review
    const withdrawn = await call<EmployeeChangeView>(`${API}/employeeRegularWorker/cancel`, { changeId: second.body.data.id });
    expect(withdrawn.body.data).toMatchObject({ status: 2 });
  });

  it('a transfer dated later is approved into 待生效 and applied by the daily job on its date', async () => {
    const target = await departmentIdByName(t, '人力资源部');
    const later = addDays(today, 3);
    const r = await call<TransferRow>(`${API}/companyEmployeeChange/do`, { employeeId: E['调岗']!.id, effectiveDate: later, departmentId: target, reason: 1 });
    expect(r.body.data).toMatchObject({ status: 3 });
    // a change under review cannot be re-dated, only withdrawn or reviewed
    await expectUnchanged(() => call(`${API}/companyEmployeeChange/updateEffectiveDate`, { changeId: r.body.data.id, effectiveDate: addDays(today, 4) }), 400, '只有待生效的调岗调薪可以修改生效日期，该记录待审批');
    expect((await call<ChangeReviewResult>(`${EXE}/approve`, { changeIds: [r.body.data.id] })).body.data.done).toBe(1);
    expect(Number((await statusOf('调岗')).department_id)).toBe(deptId);
    await enqueueDailyJobs(t.services, later);
    await runDueJobsOnce(t.services);
    expect(Number((await statusOf('调岗')).department_id)).toBe(target);
  });

  it('a resignation under review leaves the employee on the job until approved; another company cannot review it', async () => {
    const r = await call<EmployeeChangeView>(`${API}/companyEmployeeQuit/do`, { employeeId: E['离职']!.id, lastWorkingDay: addDays(today, 5), quitType: 1, reason: '个人发展' });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data.status).toBe(3);
    expect((await statusOf('离职')).status).toBe(2);
    const foreign = await call<ChangeReviewResult>(`${EXE}/approve`, { changeIds: [r.body.data.id] }, admin, 2);
    expect(foreign.body.data).toEqual({ done: 0, failures: [{ changeId: r.body.data.id, name: '', message: '异动记录不存在' }] });
    expect((await call<ChangeReviewResult>(`${EXE}/approve`, { changeIds: [r.body.data.id] })).body.data.done).toBe(1);
    expect((await statusOf('离职')).status).toBe(3);
  });

  it('with review switched off again, a change takes effect at once as before', async () => {
    await call(`${SCENE}/save`, { reviewTypes: [], defaultProbationMonths: 3 });
    const r = await call<EmployeeChangeView>(`${API}/employeeRegularWorker/do`, { employeeId: E['未来']!.id, effectiveDate: today });
    expect(r.body.data).toMatchObject({ status: 1 });
    expect((await statusOf('未来')).status).toBe(2);
  });
});
