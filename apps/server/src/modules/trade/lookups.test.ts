import { SERVICE_REGISTRATION_PATH, STAT_CAPITAL_PATH, type CapitalStat, type CustodySummary, type ServiceNameAndDesc } from '@wfsaas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRole } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** serviceRegistration/getNameAndDesc and capital/statCapital. */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
}, 120_000);
afterAll(async () => t?.close());

describe('getNameAndDesc', () => {
  it('names the catalogue services asked for, in order, leaving out unknown ids', async () => {
    const r = await t.call<ServiceNameAndDesc[]>(SERVICE_REGISTRATION_PATH, { token: admin, companyId: 1, body: { ids: ['payroll', 'nosuch', 'econtract', 'payroll'] } });
    expect(r.body.data).toEqual([
      { id: 'payroll', name: '薪酬计算', description: '薪资核算、个税预扣与工资表' },
      { id: 'econtract', name: '电子合同', description: '在线签署劳动合同，具备法律效力的签署证据' },
    ]);
    expect((await t.call(SERVICE_REGISTRATION_PATH, { token: admin, companyId: 1, body: { ids: [] } })).body).toMatchObject({ code: 400, message: expect.stringContaining('服务编码') });
    expect((await t.call(SERVICE_REGISTRATION_PATH, { token: admin, body: { ids: ['hr'] } })).body.code).toBe(400);
  });
});

describe('statCapital', () => {
  it("answers the company's own custody account's figures and 404 for another company's", async () => {
    const summary = (await t.call<CustodySummary>('/wfsaas-saas/api/fiduciaryAccount/summary', { token: admin, companyId: 1 })).body.data;
    const r = await t.call<CapitalStat>(STAT_CAPITAL_PATH, { token: admin, companyId: 1, body: { id: summary.accountNo } });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ id: summary.accountNo, balance: summary.balance, frozen: summary.reserved, inTransit: summary.inTransit, paidOut: summary.paidOut, fees: summary.fees });
    expect(r.body.data.deposited).toMatch(/^\d+\.\d{2}$/);
    const other = await t.call<CustodySummary>('/wfsaas-saas/api/fiduciaryAccount/summary', { token: admin, companyId: 2 });
    expect(other.body.data.accountNo).not.toBe(summary.accountNo);
    expect((await t.call(STAT_CAPITAL_PATH, { token: admin, companyId: 1, body: { id: other.body.data.accountNo } })).body).toMatchObject({ code: 404, message: '托管账户不存在' });
    expect((await t.call(STAT_CAPITAL_PATH, { token: admin, companyId: 1, body: { id: 'x' } })).body).toMatchObject({ code: 400 });
    const { token } = await signInAsRole(t, { adminToken: admin, phone: '13700009501', role: '无托管权限', permissionKeys: ['staffRoll'] });
    expect((await t.call(STAT_CAPITAL_PATH, { token, companyId: 1, body: { id: summary.accountNo } })).status).toBe(403);
  });
});
