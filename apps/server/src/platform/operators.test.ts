import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/harness.ts';
import { defineRoute } from './http.ts';
import { applyPlatformOperators } from './operators.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app, s) =>
      defineRoute(app, s, {
        url: '/test/operator/whoami',
        access: 'operator',
        summary: 'test',
        handler: async (c) => ({ userId: c.user.userId, companies: await c.inCompany(1, async (x) => x.companyId) }),
      }),
  });
});
afterAll(async () => t?.close());

const operatorPhones = async () => (await t.rows<{ n: number }>(sql`select count(*)::int as n from users where platform_operator`))[0]!.n;

describe('platform operators', () => {
  it('lets an operator in, with no company, and refuses members and strangers', async () => {
    const op = await t.login('13900000000');
    const ok = await t.call<{ companies: number }>('/test/operator/whoami', { token: op });
    expect(ok.status).toBe(200);
    expect(ok.body.data.companies).toBe(1);
    const admin = await t.login('13800000000');
    const refused = await t.call('/test/operator/whoami', { token: admin, companyId: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('仅平台运营人员可以操作');
    expect((await t.call('/test/operator/whoami', {})).status).toBe(401);
  });

  it('says so in the login result', async () => {
    const login = (phone: string) => t.call<{ user_info: { sysUser: { platformOperator: boolean } } }>('/wfsaas-auth/login', { body: { username: phone, password: TEST_PASSWORD } });
    expect((await login('13900000000')).body.data.user_info.sysUser.platformOperator).toBe(true);
    expect((await login('13800000000')).body.data.user_info.sysUser.platformOperator).toBe(false);
  });

  it('PLATFORM_OPERATORS makes exactly the listed, verified phones operators', async () => {
    const result = await applyPlatformOperators(t.services, t.services.database.db, ['13800000000', '13912345678']);
    expect(result).toEqual({ operators: 1, missing: ['13912345678'] });
    expect(await operatorPhones()).toBe(1);
    const admin = await t.login('13800000000');
    expect((await t.call('/test/operator/whoami', { token: admin })).status).toBe(200);
    const formerOperator = await t.login('13900000000');
    expect((await t.call('/test/operator/whoami', { token: formerOperator })).status).toBe(403);
  });
});
