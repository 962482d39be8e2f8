import { readOutbox } from '../../test/outbox.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function latestSmsCode(phone: string): Promise<string> {
  const sent = (await readOutbox(t)).filter((m) => m.channel === 'sms' && m.recipient === phone).at(-1);
  return /(\d{6})/.exec(sent!.body)![1]!;
}

describe('sign-in', () => {
  it('signs in with a form-encoded phone and password and returns the login result (access_token, expires_in, user_info)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/wfsaas-auth/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `username=13800000000&password=${TEST_PASSWORD}` });
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.access_token).toMatch(/^[\w-]{40,}$/);
    expect(body.data.expires_in).toBeGreaterThan(3600);
    expect(body.data.user_info.sysUser).toMatchObject({ phoneNumber: '13800000000', userId: expect.any(Number) });
    expect(body.data.user_info).toHaveProperty('financeUserId');
  });

  it('stores phones encrypted, never in plain text', async () => {
    const rows = rowsOf<{ phone_enc: string }>(await t.database.db.execute(sql`select phone_enc from users`));
    for (const r of rows) expect(r.phone_enc).not.toContain('138');
  });

  it('refuses a wrong password, and locks the phone for 15 minutes after 5 failures in 10 minutes', async () => {
    const phone = '13800000001';
    for (let i = 1; i <= 4; i++) {
      const r = await t.call('/wfsaas-auth/login', { body: { username: phone, password: 'wrong-password' } });
      expect(r.body.code).toBe(400);
      expect(r.body.message).toContain('手机号或密码错误');
    }
    const fifth = await t.call('/wfsaas-auth/login', { body: { username: phone, password: 'wrong-password' } });
    expect(fifth.body.code).toBe(423);
    const right = await t.call('/wfsaas-auth/login', { body: { username: phone, password: TEST_PASSWORD } });
    expect(right.body.code).toBe(423);
    const until = rowsOf<{ minutes: number }>(await t.database.db.execute(sql`select round(extract(epoch from locked_until - now()) / 60)::int as minutes from login_locks`));
    expect(until[0]!.minutes).toBe(15);
    await t.database.db.execute(sql`delete from login_locks`);
    await t.database.db.execute(sql`delete from login_failures`);
    expect((await t.call('/wfsaas-auth/login', { body: { username: phone, password: TEST_PASSWORD } })).body.code).toBe(200);
  });

  it('logout revokes the session on the server at once', async () => {
    const token = await t.login('13800000000');
    expect((await t.call('/wfsaas-saas/api/company/list', { token })).body.code).toBe(200);
    expect((await t.call('/wfsaas-auth/logout', { token })).body.code).toBe(200);
    const after = await t.call('/wfsaas-saas/api/company/list', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(401);
  });

  it('signs in with an SMS code: single use, expires, rate-limited per phone', async () => {
    const phone = '13800000000';
    expect((await t.call('/wfsaas-auth/sms/send', { body: { phone } })).body.code).toBe(200);
    const again = await t.call('/wfsaas-auth/sms/send', { body: { phone } });
    expect(again.body).toMatchObject({ code: 429, message: '验证码发送过于频繁，请60秒后再试' });
    const code = await latestSmsCode(phone);
    expect((await t.call('/wfsaas-auth/loginBySms', { body: { phone, code: code === '000000' ? '111111' : '000000' } })).body.message).toBe('验证码不正确');
    const ok = await t.call<{ access_token: string }>('/wfsaas-auth/loginBySms', { body: { phone, code } });
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.access_token).toBeTruthy();
    const reuse = await t.call('/wfsaas-auth/loginBySms', { body: { phone, code } });
    expect(reuse.body).toMatchObject({ code: 400, message: '验证码已失效，请重新获取' });
  });

  it('an expired SMS code is refused', async () => {
    const phone = '13800000001';
    expect((await t.call('/wfsaas-auth/sms/send', { body: { phone } })).body.code).toBe(200);
    const code = await latestSmsCode(phone);
    await t.database.db.execute(sql`update sms_codes set expires_at = now() - interval '1 second'`);
    expect((await t.call('/wfsaas-auth/loginBySms', { body: { phone, code } })).body.message).toBe('验证码已失效，请重新获取');
  });

  it('an SMS code is spent after 5 wrong tries: the right code is refused afterwards', async () => {
    const phone = '13800000001';
    await t.database.db.execute(sql`delete from sms_codes`);
    expect((await t.call('/wfsaas-auth/sms/send', { body: { phone } })).body.code).toBe(200);
    const code = await latestSmsCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await t.call('/wfsaas-auth/loginBySms', { body: { phone, code: wrong } })).body.message).toBe('验证码不正确');
    }
    const [row] = rowsOf<{ attempts: number }>(await t.database.db.execute(sql`select attempts from sms_codes order by id desc limit 1`));
    expect(row!.attempts).toBe(5);
    expect((await t.call('/wfsaas-auth/loginBySms', { body: { phone, code } })).body).toMatchObject({ code: 400, message: '验证码已失效，请重新获取' });
  });

  it('rate-limits SMS per IP', async () => {
    await t.database.db.execute(sql`delete from sms_codes`);
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const r = await t.call('/wfsaas-auth/sms/send', { body: { phone: `1370000${String(i).padStart(4, '0')}` } });
      last = r.body.code;
    }
    expect(last).toBe(429);
  });

  it('validates the phone and code fields by name', async () => {
    expect((await t.call('/wfsaas-auth/sms/send', { body: { phone: '123' } })).body.message).toBe('手机号格式不正确，应为11位手机号');
    expect((await t.call('/wfsaas-auth/loginBySms', { body: { phone: '13800000000', code: '12' } })).body.message).toBe('验证码应为6位数字');
  });
});

describe('one-time key hand-off', () => {
  it('exchanges a key once for a token, then loginAuthorization returns the login result', async () => {
    const token = await t.login('13800000000');
    const add = await t.call<{ key: string }>('/wfsaas-openapi/api/cacheTemp/add', { token, body: { companyId: 1 } });
    const key = add.body.data.key;
    const got = await t.call<string>('/wfsaas-openapi/api/cacheTemp/get', { body: { key, isPost: 1 } });
    expect(got.body.code).toBe(200);
    const handedToken = got.body.data;
    expect(handedToken).not.toBe(token);
    const auth = await t.call<{ access_token: string; user_info: { sysUser: { phoneNumber: string } } }>('/wfsaas-auth/loginAuthorization', { token: handedToken, companyId: 1, body: { isPost: 1 } });
    expect(auth.body.code).toBe(200);
    expect(auth.body.data.access_token).toBe(handedToken);
    expect(auth.body.data.user_info.sysUser.phoneNumber).toBe('13800000000');
    const reused = await t.call('/wfsaas-openapi/api/cacheTemp/get', { body: { key, isPost: 1 } });
    expect(reused.body).toMatchObject({ code: 401, message: '登录验证失效' });
  });

  it('an unknown, deleted or expired key gives 登录验证失效', async () => {
    expect((await t.call('/wfsaas-openapi/api/cacheTemp/get', { body: { key: 'nope', isPost: 1 } })).body.message).toBe('登录验证失效');
    const token = await t.login('13800000000');
    const k1 = (await t.call<{ key: string }>('/wfsaas-openapi/api/cacheTemp/add', { token, body: {} })).body.data.key;
    expect((await t.call('/wfsaas-openapi/api/cacheTemp/del', { body: { key: k1, isPost: 1 } })).body.code).toBe(200);
    expect((await t.call('/wfsaas-openapi/api/cacheTemp/get', { body: { key: k1, isPost: 1 } })).body.message).toBe('登录验证失效');
    const k2 = (await t.call<{ key: string }>('/wfsaas-openapi/api/cacheTemp/add', { token, body: {} })).body.data.key;
    await t.database.db.execute(sql`update cache_temp set expires_at = now() - interval '1 second'`);
    expect((await t.call('/wfsaas-openapi/api/cacheTemp/get', { body: { key: k2, isPost: 1 } })).body.message).toBe('登录验证失效');
  });

  it('loginAuthorization refuses a company the user does not belong to', async () => {
    const token = await t.login('13800000001');
    const r = await t.call('/wfsaas-auth/loginAuthorization', { token, companyId: 2, body: { isPost: 1 } });
    expect(r.status).toBe(403);
  });
});

describe('temporary download tokens', () => {
  it('issues the number asked for, bound to the user and company', async () => {
    const token = await t.login('13800000000');
    const r = await t.call<string[]>('/wfsaas-auth/getTempToken', { token, companyId: 1, body: 3 });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toHaveLength(3);
    expect(new Set(r.body.data).size).toBe(3);
    expect((await t.call('/wfsaas-auth/getTempToken', { token, companyId: 1, body: 0 })).body.code).toBe(400);
  });
});
