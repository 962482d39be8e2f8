import type { EmployeeChangeView, EmployeeDetail } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentIdByName } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeIdNumber } from '../employees/employees.seed.ts';
import { API as SIGN_API, ownerRows, setUpTemplates } from '../econtracts/econtract-test-support.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { chinaToday, addDays, addMonths } from '../../platform/china-date.ts';

/**
 * The lifecycle's e-contract hooks through the real endpoints: a regularisation, a transfer after
 * review and a resignation each start the scene the company configured; leaving withdraws the
 * employee's unfinished contracts but the resignation scene's own.
 */

const API = '/wfsaas-saas/api';
let t: TestApp;
let admin: string;
let deptId: number;
let packageId: number;
const today = chinaToday();

const call = <T>(path: string, body: object = {}) => t.call<T>(path, { token: admin, companyId: 1, body });
const contractsOf = (employeeId: number) =>
  ownerRows<{ deal_code: number | null; status: number }>(t, sql`select deal_code, status from econtracts where company_id = 1 and employee_id = ${employeeId} order by id`);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  deptId = await departmentIdByName(t, '财务部');
  packageId = (await setUpTemplates(t, admin)).packageId;
  for (const [dealCode, name] of [
    [1001, '转正协议'],
    [1002, '调岗确认书'],
    [1005, '离职协议'],
  ] as const) {
    const r = await t.call(`${SIGN_API}/signScene/save`, { token: admin, companyId: 1, body: { dealCode, name, packageIds: [packageId] } });
    expect(r.body.code, r.body.message).toBe(200);
  }
}, 120_000);
afterAll(async () => t?.close());

describe('e-contract scenes started by changes', () => {
  it('regularisation, a reviewed transfer and a resignation start their scenes; leaving withdraws the rest', async () => {
    const r = await call<EmployeeDetail>(`${API}/companyEmployee/add/v2`, {
      name: '签约钩子',
      mobile: '15677001122',
      idType: 1,
      idNumber: makeIdNumber('330106', '1992-03-04', 771, 1),
      employmentType: 1,
      employeeNo: 'HK771',
      departmentId: deptId,
      hireDate: addMonths(today, -3),
      probationEndDate: addDays(today, 3),
      status: 1,
    });
    expect(r.body.code, r.body.message).toBe(200);
    const id = r.body.data.id;

    expect((await call<EmployeeChangeView>(`${API}/employeeRegularWorker/do`, { employeeId: id, effectiveDate: today })).body.data.status).toBe(1);
    expect(await contractsOf(id)).toEqual([{ deal_code: 1001, status: 0 }]);

    // under review nothing starts; the approval starts the scene
    await call(`${API}/abnormalChangeSceneConfig/save`, { reviewTypes: ['transfer'], defaultProbationMonths: 3 });
    const hr = await departmentIdByName(t, '人力资源部');
    const transfer = await call<EmployeeChangeView>(`${API}/companyEmployeeChange/do`, { employeeId: id, effectiveDate: today, departmentId: hr, reason: 1 });
    expect(transfer.body.data.status).toBe(3);
    expect(await contractsOf(id)).toHaveLength(1);
    expect((await call<{ done: number }>(`${API}/abnormalChangeExecution/approve`, { changeIds: [transfer.body.data.id] })).body.data.done).toBe(1);
    expect((await contractsOf(id)).map((c) => c.deal_code)).toEqual([1001, 1002]);

    // resigning today: the employee leaves at once; the unfinished 1001 and 1002 contracts are withdrawn, the resignation's starts
    const quit = await call<EmployeeChangeView>(`${API}/companyEmployeeQuit/do`, { employeeId: id, lastWorkingDay: today, quitType: 1, reason: '个人发展' });
    expect(quit.body.code, quit.body.message).toBe(200);
    expect(await contractsOf(id)).toEqual([
      { deal_code: 1001, status: 3 },
      { deal_code: 1002, status: 3 },
      { deal_code: 1005, status: 0 },
    ]);
  });
});
