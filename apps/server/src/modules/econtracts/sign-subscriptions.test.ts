import { SIGN_SUBSCRIBE_API, type SignSubscription } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySignContracts, employeeSignContract, initiateContract, signInAsRole } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { API, giveIdNumbers, ownerRows, setUpTemplates } from './econtract-test-support.ts';

/** 消息订阅: a member's choice of e-contract notices, and the notices of withdrawal and signing that honour it. */

let t: TestApp;
let admin: string;
let manager: string;
let packageId: number;
let sealId: number;
let people: [number, { name: string; idNumber: string; mobile: string }][];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  manager = (await signInAsRole(t, { adminToken: admin, phone: '13700009601', role: '合同管理', permissionKeys: ['employeeContractManagement', 'employeeContractManagement.withdraw'] })).token;
  people = [...(await giveIdNumbers(t, 1)).entries()];
  packageId = (await setUpTemplates(t, admin)).packageId;
  sealId = Number((await ownerRows<{ id: number }>(t, sql`select id from seals where company_id = 1 order by id limit 1`))[0]!.id);
}, 120_000);
afterAll(async () => t?.close());

const get = (token = admin, companyId = 1) => t.call<SignSubscription>(`${SIGN_SUBSCRIBE_API}/get`, { token, companyId });
const save = (body: SignSubscription, token = admin, companyId = 1) => t.call<SignSubscription>(`${SIGN_SUBSCRIBE_API}/save`, { token, companyId, body });
const notices = (contractId: number) => t.rows<{ title: string; user_id: string }>(sql`select title, user_id from messages where company_id = 1 and link = ${`/contractManagement/detail/${contractId}`} order by id`);
const withdraw = (contractId: number, token = manager) => t.call(`${API}/contract/withdraw`, { token, companyId: 1, body: { contractId, reason: '信息有误，重新发起' } });
let nth = 0;
const initiate = (extra: Record<string, unknown> = {}) => initiateContract(t, { token: admin, employeeId: people[nth++ % people.length]![0], packageId, extra });

describe('signSubscribe', () => {
  it('subscribes to every event until saved, per company', async () => {
    expect((await get()).body.data).toEqual({ toSign: true, completed: true, withdrawn: true });
    expect((await save({ toSign: true, completed: false, withdrawn: true })).body.code).toBe(200);
    expect((await get()).body.data).toEqual({ toSign: true, completed: false, withdrawn: true });
    expect((await get(admin, 2)).body.data).toEqual({ toSign: true, completed: true, withdrawn: true });
    expect((await save({ toSign: true, completed: true } as never)).body).toMatchObject({ code: 400, message: '请填写被撤回' });
    const { token } = await signInAsRole(t, { adminToken: admin, phone: '13700009602', role: '无合同权限', permissionKeys: ['staffRoll'] });
    expect((await get(token)).status).toBe(403);
    await save({ toSign: true, completed: true, withdrawn: true });
  });

  it("tells the initiator of another's withdrawal unless unsubscribed, and never of their own", async () => {
    const a = await initiate();
    expect((await withdraw(a)).body.code).toBe(200);
    expect(await notices(a)).toEqual([{ title: '合同已撤回', user_id: expect.anything() }]);

    await save({ toSign: true, completed: true, withdrawn: false });
    const b = await initiate();
    expect((await withdraw(b)).body.code).toBe(200);
    expect(await notices(b)).toEqual([]);

    await save({ toSign: true, completed: true, withdrawn: true });
    const c = await initiate();
    expect((await withdraw(c, admin)).body.code).toBe(200);
    expect(await notices(c)).toEqual([]);
  });

  it('tells the initiator when the employee signed first (待我签署) and when both have signed', async () => {
    const d = await initiate({ signOrder: 2 });
    const who = people[(nth - 1) % people.length]![1];
    expect((await employeeSignContract(t, { contractId: d, who })).body.code).toBe(200);
    expect((await notices(d)).map((n) => n.title)).toEqual(['合同待企业签署']);
    // the initiator seals it: done by themselves, so no notice of completion
    expect((await companySignContracts(t, { token: admin, contractIds: [d], sealId })).body.data.signed).toEqual([d]);
    expect((await notices(d)).map((n) => n.title)).toEqual(['合同待企业签署']);

    await save({ toSign: true, completed: false, withdrawn: true });
    const e = await initiate();
    expect((await companySignContracts(t, { token: admin, contractIds: [e], sealId })).body.data.signed).toEqual([e]);
    const whoE = people[(nth - 1) % people.length]![1];
    expect((await employeeSignContract(t, { contractId: e, who: whoE })).body.code).toBe(200);
    expect(await notices(e)).toEqual([]);

    await save({ toSign: true, completed: true, withdrawn: true });
    const f = await initiate();
    expect((await companySignContracts(t, { token: admin, contractIds: [f], sealId })).body.data.signed).toEqual([f]);
    expect((await employeeSignContract(t, { contractId: f, who: people[(nth - 1) % people.length]![1] })).body.code).toBe(200);
    expect((await notices(f)).map((n) => n.title)).toEqual(['合同签署完成']);
  });
});
