import { INDUCTION_PROGRESS_PATH, type EmployeeChangeView, type InductionProgress } from '@wfsaas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, chinaToday } from '../../platform/china-date.ts';
import { addLabourContract, departmentIdByName, hireEmployee, signInAsRole } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeIdNumber } from '../employees/employees.seed.ts';
import { seedDemoOrg } from '../org/org.seed.ts';

/** inductionProgress: one onboarding's steps, done or to do, with who and when. */

const IND = '/wfsaas-saas/api/companyEmployeeInduction';
const today = chinaToday();
let t: TestApp;
let admin: string;
let deptId: number;
let seq = 4100;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  deptId = await departmentIdByName(t, '行政部');
}, 120_000);
afterAll(async () => t?.close());

async function hire(name: string): Promise<number> {
  seq++;
  const body = { name, mobile: `152${String(80_000_000 + seq).slice(-8)}`, idType: 1, idNumber: makeIdNumber('330106', '1996-05-06', seq, 1), employmentType: 1, employeeNo: `JD${seq}`, departmentId: deptId, hireDate: addDays(today, 3) };
  const r = await t.call<EmployeeChangeView>(`${IND}/add`, { token: admin, companyId: 1, body });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data.employeeId;
}
const progress = (employeeId: number, token = admin, companyId = 1) => t.call<InductionProgress>(INDUCTION_PROGRESS_PATH, { token, companyId, body: { employeeId } });
const states = (p: InductionProgress) => p.steps.map((s) => `${s.title}:${s.state}`);

describe('inductionProgress', () => {
  it('follows an onboarding from added to confirmed to a labour contract, naming who and when', async () => {
    const id = await hire('进度测试甲');
    let p = (await progress(id)).body.data;
    expect(p).toMatchObject({ name: '进度测试甲', outcome: 'pending' });
    expect(states(p)).toEqual(['新增待入职:done', '确认入职:current', '签订劳动合同:todo']);
    expect(p.steps[0]!.by).toBeTruthy();
    expect(p.steps[0]!.at).toBeTruthy();

    const confirmed = await t.call(`${IND}/confirm`, { token: admin, companyId: 1, body: { employeeIds: [id], hireDate: today } });
    expect(confirmed.body.code, confirmed.body.message).toBe(200);
    p = (await progress(id)).body.data;
    expect(p.outcome).toBe('onboarded');
    expect(states(p)).toEqual(['新增待入职:done', '确认入职:done', '签订劳动合同:current']);
    expect(p.steps[1]).toMatchObject({ description: `入职日期 ${today}` });
    expect(p.steps[1]!.by).toBe(p.steps[0]!.by);

    await addLabourContract(t, { token: admin, employeeId: id, startDate: today, endDate: addDays(today, 3 * 365) });
    p = (await progress(id)).body.data;
    expect(states(p)).toEqual(['新增待入职:done', '确认入职:done', '签订劳动合同:done']);
    expect(p.steps[2]!.description).toContain(today);
  });

  it('shows a cancelled onboarding as closed with its reason', async () => {
    const id = await hire('进度测试乙');
    const r = await t.call(`${IND}/cancel`, { token: admin, companyId: 1, body: { employeeId: id, reason: '岗位需求取消' } });
    expect(r.body.code, r.body.message).toBe(200);
    const p = (await progress(id)).body.data;
    expect(p.outcome).toBe('cancelled');
    expect(states(p)).toEqual(['新增待入职:done', '取消入职:closed', '签订劳动合同:closed']);
    expect(p.steps[1]!.description).toBe('原因：岗位需求取消');
  });

  it('shows a pending hire added on the roster (no onboarding record) from its employee row; 404 for one already on the roster', async () => {
    const pending = await hireEmployee(t, { token: admin, name: '花名册待入职', departmentId: deptId, hireDate: addDays(today, 10), status: 0 });
    const p = (await progress(pending.id)).body.data;
    expect(p.outcome).toBe('pending');
    expect(states(p)).toEqual(['新增待入职:done', '确认入职:current', '签订劳动合同:todo']);
    const regular = await hireEmployee(t, { token: admin, name: '花名册在职', departmentId: deptId, hireDate: addDays(today, -10) });
    expect((await progress(regular.id)).body).toMatchObject({ code: 404, message: '入职记录不存在' });
  });

  it('answers 404 for another company or an employee with no onboarding, 403 without the key', async () => {
    const id = await hire('进度测试丙');
    expect((await progress(id, admin, 2)).body).toMatchObject({ code: 404, message: '入职记录不存在' });
    expect((await progress(999_999)).body.code).toBe(404);
    const { token } = await signInAsRole(t, { adminToken: admin, phone: '13700009401', role: '花名册', permissionKeys: ['staffRoll'] });
    const denied = await progress(id, token);
    expect(denied.status).toBe(403);
  });
});
