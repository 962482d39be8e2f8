import type { ContractChangeRow, EmployeeChangeView, LabourContractView, RenewalCounts, RenewalRow } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentIdByName, addLabourContract, hireEmployee, type Hired } from '../../test/factories.ts';
import { createTestApp, expectUnchanged as expectDbUnchanged, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { chinaToday, addDays, addMonths } from '../../platform/china-date.ts';

/** 劳动合同: records, the renewal list, renewing, not renewing (with the resignation), contract change. */

const API = '/wfsaas-saas/api';
const EC = `${API}/employeeContract`;
const ECC = `${API}/employeeContractChange`;

let t: TestApp;
let admin: string;
let staff: string;
let deptId: number;
const E: Record<string, Hired> = {};
const K: Record<string, LabourContractView> = {};
const today = chinaToday();

const call = <T>(url: string, body: object, token = admin, companyId = 1) => t.call<T>(url, { token, companyId, body });

async function hireWithContract(key: string, start: string, end: string | undefined, type = 1) {
  E[key] = await hireEmployee(t, { token: admin, name: `合同测试${key}`, departmentId: deptId, hireDate: start, birthDate: '1985-04-05' });
  K[key] = await addLabourContract(t, { token: admin, employeeId: E[key]!.id, type, startDate: start, endDate: end });
}

const tab = async (name: string) => (await call<RenewalRow[]>(`${ECC}/renewalList`, { tab: name, keyword: '合同测试', pageSize: 100 })).body.data.map((r) => r.name).sort();

const expectUnchanged = (run: () => Promise<{ body: { code: number; message: string } }>, code: number, message: string | RegExp) => expectDbUnchanged(t.database, run, code, message);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  deptId = await departmentIdByName(t, '产品部');
  await hireWithContract('续签', addMonths(today, -36), addDays(today, 20));
  await hireWithContract('不续签', addMonths(today, -12), addDays(today, 40));
  await hireWithContract('过期', addMonths(today, -24), addDays(today, -3));
  await hireWithContract('远期', addMonths(today, -6), addMonths(today, 30));
  await hireWithContract('无固定', addMonths(today, -60), undefined, 2);
}, 60_000);
afterAll(async () => t?.close());

describe('contract records', () => {
  it('keep one current contract per employee, with a term that fits its type', async () => {
    await expectUnchanged(() => call(`${EC}/add`, { employeeId: E['续签']!.id, type: 1, startDate: today, endDate: addMonths(today, 12) }), 400, /已有生效中的合同/);
    await hireWithContract('校验', today, addMonths(today, 12));
    await call(`${ECC}/end`, { contractId: K['校验']!.id, startQuit: false });
    await expectUnchanged(() => call(`${EC}/add`, { employeeId: E['校验']!.id, type: 1, startDate: today }), 400, '合同结束日期：固定期限劳动合同须填写结束日期');
    await expectUnchanged(() => call(`${EC}/add`, { employeeId: E['校验']!.id, type: 2, startDate: today, endDate: addMonths(today, 12) }), 400, '合同结束日期：无固定期限劳动合同没有结束日期');
    await expectUnchanged(() => call(`${EC}/add`, { employeeId: E['校验']!.id, type: 1, startDate: today, endDate: today }), 400, /应晚于合同开始日期/);
    await expectUnchanged(() => call(`${EC}/add`, { employeeId: E['校验']!.id, type: 9, startDate: today }), 400, /合同类型/);
    const list = (await call<LabourContractView[]>(`${EC}/list`, { employeeId: E['续签']!.id })).body.data;
    expect(list).toMatchObject([{ typeLabel: '固定期限劳动合同', statusLabel: '生效中', endDate: addDays(today, 20) }]);
  });

  it('lists contracts expiring within the window and those past their end, with counts', async () => {
    expect(await tab('expiring')).toEqual(['合同测试不续签', '合同测试续签']);
    expect(await tab('expired')).toEqual(['合同测试过期']);
    const row = (await call<RenewalRow[]>(`${ECC}/renewalList`, { tab: 'expiring', keyword: '合同测试续签' })).body.data[0]!;
    expect(row).toMatchObject({ daysLeft: 20, contract: { id: K['续签']!.id } });
    const counts = (await call<RenewalCounts>(`${ECC}/renewalCounts`, { keyword: '合同测试' })).body.data;
    expect(counts).toMatchObject({ expiring: 2, expired: 1 });
  });
});

describe('renewing', () => {
  it('makes a new contract following the current one, without a gap; the old one is 已续签', async () => {
    const old = K['续签']!;
    await expectUnchanged(() => call(`${ECC}/renew`, { contractId: old.id, type: 1, startDate: addDays(old.endDate!, 2), endDate: addMonths(today, 40) }), 400, /合同之间不能有空档/);
    await expectUnchanged(() => call(`${ECC}/renew`, { contractId: old.id, type: 2, startDate: addDays(old.endDate!, 1), endDate: addMonths(today, 40) }), 400, /无固定期限劳动合同没有结束日期/);
    await expectUnchanged(() => call(`${ECC}/renew`, { contractId: old.id, type: 1, startDate: addDays(old.endDate!, 1), endDate: addMonths(today, 40) }, staff), 403, /renewal\.edit/);
    const r = await call<LabourContractView>(`${ECC}/renew`, { contractId: old.id, type: 2, startDate: addDays(old.endDate!, 1) });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ type: 2, endDate: null, statusLabel: '生效中', renewedFrom: old.id });
    const renewed = (await call<RenewalRow[]>(`${ECC}/renewalList`, { tab: 'renewed', keyword: '合同测试续签' })).body.data[0]!;
    expect(renewed).toMatchObject({ contract: { id: old.id, statusLabel: '已续签' }, next: { id: r.body.data.id } });
    await expectUnchanged(() => call(`${ECC}/renew`, { contractId: r.body.data.id, type: 1, startDate: addDays(today, 30), endDate: addMonths(today, 40) }), 400, '无固定期限劳动合同无需续签');
    const timeline = (await call<EmployeeChangeView[]>(`${API}/companyEmployeeChange/timeline`, { employeeId: E['续签']!.id })).body.data;
    expect(timeline[0]).toMatchObject({ type: 'renew', typeLabel: '合同续签', after: { typeLabel: '无固定期限劳动合同', endDate: null } });
  });

  it('not renewing ends the contract and starts the resignation with its end date as the last working day', async () => {
    const k = K['不续签']!;
    const r = await call<LabourContractView>(`${ECC}/end`, { contractId: k.id, startQuit: true, remark: '岗位调整' });
    expect(r.body.data).toMatchObject({ statusLabel: '已到期终止' });
    const [e] = await t.rows<{ status: number }>(sql`select status from employees where id = ${E['不续签']!.id}`);
    expect(e!.status).toBe(3);
    const quit = (await call<{ lastWorkingDay: string; quitTypeLabel: string }[]>(`${API}/companyEmployeeQuit/pageList`, { keyword: '合同测试不续签' })).body.data;
    expect(quit).toMatchObject([{ lastWorkingDay: k.endDate, quitTypeLabel: '合同到期不续签' }]);
    expect(await tab('ended')).toEqual(['合同测试不续签', '合同测试校验']);
    await expectUnchanged(() => call(`${ECC}/end`, { contractId: k.id, startQuit: true }), 400, '该合同已到期终止，只能处理生效中的合同');
    await expectUnchanged(() => call(`${ECC}/end`, { contractId: K['无固定']!.id, startQuit: true }), 400, /无固定期限劳动合同没有到期日/);
  });
});

describe('contract change', () => {
  it('changes the end date or the type from a date, recorded with its content', async () => {
    const k = K['远期']!;
    await expectUnchanged(() => call(`${ECC}/change`, { contractId: k.id, effectiveDate: addMonths(today, -12), endDate: addMonths(today, 36), content: '延长期限' }), 400, /变更生效日期：不能早于合同开始日期/);
    await expectUnchanged(() => call(`${ECC}/change`, { contractId: k.id, effectiveDate: today, content: ' ' }), 400, /变更内容/);
    const r = await call<EmployeeChangeView>(`${ECC}/change`, { contractId: k.id, effectiveDate: today, endDate: addMonths(today, 36), content: '经协商一致，合同期限延长6个月' });
    expect(r.body.data).toMatchObject({ type: 'contractChange', before: { endDate: addMonths(today, 30) }, after: { endDate: addMonths(today, 36), content: '经协商一致，合同期限延长6个月' } });
    const toOpen = await call<EmployeeChangeView>(`${ECC}/change`, { contractId: k.id, effectiveDate: today, type: 2, content: '转为无固定期限劳动合同' });
    expect(toOpen.body.data.after).toMatchObject({ typeLabel: '无固定期限劳动合同', endDate: null });
    const list = (await call<ContractChangeRow[]>(`${ECC}/pageList`, { keyword: '合同测试远期' })).body.data;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ name: '合同测试远期' });
    await expectUnchanged(() => call(`${ECC}/change`, { contractId: k.id, effectiveDate: today, content: 'x' }, admin, 2), 404, '合同不存在');
  });
});
