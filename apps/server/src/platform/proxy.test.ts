import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/harness.ts';
import { rowsOf } from './db.ts';

const ADMIN = '13800000000';
const RATE_LIMITED = '当前网络获取验证码过于频繁，请稍后再试';

type From = { forwardedFor?: string; remoteAddress?: string };

function inject(t: TestApp, url: string, payload: object, from: From, token?: string) {
  const headers: Record<string, string> = {};
  if (from.forwardedFor) headers['x-forwarded-for'] = from.forwardedFor;
  if (token) Object.assign(headers, { authorization: `Bearer ${token}`, companyid: '1' });
  return t.app.inject({ method: 'POST', url, payload, headers, ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}) });
}

/** Asks for a sign-in code for a phone of its own (the per-phone limits stay out of the way). */
let phones = 0;
async function sendSms(t: TestApp, from: From): Promise<{ code: number; message: string }> {
  const phone = `1590000${String(++phones).padStart(4, '0')}`;
  return (await inject(t, '/wfsaas-auth/sms/send', { phone }, from)).json();
}

/** The address a sign-in and an audited write recorded. */
async function recordedAddresses(t: TestApp, from: From): Promise<{ session: string; audit: string }> {
  const login = (await inject(t, '/wfsaas-auth/login', { username: ADMIN, password: TEST_PASSWORD }, from)).json<{ code: number; data: { access_token: string } }>();
  expect(login.code).toBe(200);
  const add = (await inject(t, '/wfsaas-saas/api/companyDepartment/add', { name: `代理测试部${++phones}` }, from, login.data.access_token)).json<{ code: number; message: string }>();
  expect(add.code, add.message).toBe(200);
  const [session] = rowsOf<{ ip: string }>(await t.database.db.execute(sql`select ip from sessions order by id desc limit 1`));
  const [audit] = rowsOf<{ ip: string }>(await t.database.db.execute(sql`select ip from audit_log where action = 'department.add' order by id desc limit 1`));
  return { session: session!.ip, audit: audit!.ip };
}

async function clearSmsCodes(t: TestApp) {
  await t.database.db.execute(sql`delete from sms_codes`);
}

describe('client address with the default configuration (no TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('ignores X-Forwarded-For: rotating it does not lift the per-address SMS limit', async () => {
    await clearSmsCodes(t);
    for (let i = 1; i <= 20; i++) expect((await sendSms(t, { forwardedFor: `1.2.3.${i}` })).code).toBe(200);
    const refused = await sendSms(t, { forwardedFor: '1.2.3.99' });
    expect(refused).toMatchObject({ code: 429, message: RATE_LIMITED });
    const ips = rowsOf<{ ip: string }>(await t.database.db.execute(sql`select distinct ip from sms_codes`));
    expect(ips).toEqual([{ ip: '127.0.0.1' }]);
    await clearSmsCodes(t);
  });

  it('records the socket address in the session and the audit log', async () => {
    expect(await recordedAddresses(t, { forwardedFor: '1.2.3.4', remoteAddress: '10.20.30.40' })).toEqual({ session: '10.20.30.40', audit: '10.20.30.40' });
  });
});

describe('client address behind a configured proxy (TRUST_PROXY=127.0.0.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => t?.close());

  it('believes X-Forwarded-For from the proxy: each forwarded client has a limit of its own', async () => {
    await clearSmsCodes(t);
    for (let i = 1; i <= 21; i++) expect((await sendSms(t, { forwardedFor: `1.2.3.${i}` })).code).toBe(200);
    const ips = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(distinct ip)::int as n from sms_codes where ip like '1.2.3.%'`));
    expect(ips[0]!.n).toBe(21);
    await clearSmsCodes(t);
  });

  it('records the forwarded client from the proxy, and the socket address from anyone else', async () => {
    expect(await recordedAddresses(t, { forwardedFor: '1.2.3.4' })).toEqual({ session: '1.2.3.4', audit: '1.2.3.4' });
    expect(await recordedAddresses(t, { forwardedFor: '1.2.3.4', remoteAddress: '10.20.30.40' })).toEqual({ session: '10.20.30.40', audit: '10.20.30.40' });
    // a client's own X-Forwarded-For entry, passed on by the proxy, is not believed
    expect((await recordedAddresses(t, { forwardedFor: '6.6.6.6, 1.2.3.5' })).session).toBe('1.2.3.5');
  });

  it('still limits one forwarded client', async () => {
    await clearSmsCodes(t);
    for (let i = 1; i <= 20; i++) expect((await sendSms(t, { forwardedFor: '1.2.3.200' })).code).toBe(200);
    expect(await sendSms(t, { forwardedFor: '1.2.3.200' })).toMatchObject({ code: 429, message: RATE_LIMITED });
    await clearSmsCodes(t);
  });
});
