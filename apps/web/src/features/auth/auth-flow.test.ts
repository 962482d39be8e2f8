import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createRequestClient } from '../../app/api/client.ts';
import { getCompanyId, getToken, getUserInfo, setCompany, STORAGE_KEYS, type SessionStores } from '../../app/session/session.ts';
import { createMemoryStorage } from '../../app/session/storage.ts';
import { exchangeOneTimeKey, sendSmsCode, signInWithPassword, signInWithSms, signOut } from './auth-flow.ts';
import { secondsLeft, SMS_RESEND_SECONDS, smsButtonLabel } from './countdown.ts';

/** A stand-in for the auth endpoints with the server's answers (HTTP 200 envelopes, 401 for bad tokens). */
type Call = { url: string; headers: Record<string, string | string[] | undefined>; body: string };
const calls: Call[] = [];
let server: Server;
let base: string;
const sentCodes = new Map<string, string>();
const user = { sysUser: { userId: 2, phoneNumber: '13800000001', nickname: '周敏' }, financeUserId: 'FC-2' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      calls.push({ url: req.url ?? '', headers: req.headers, body });
      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const ok = (data: unknown) => json(200, { code: 200, message: '操作成功', data });
      const b = (() => {
        try {
          return JSON.parse(body) as Record<string, string>;
        } catch {
          return Object.fromEntries(new URLSearchParams(body)) as Record<string, string>;
        }
      })();
      switch (req.url) {
        case '/wfsaas-auth/sms/send':
          sentCodes.set(b.phone!, '246810');
          return ok({ expiresIn: 300, resendAfter: 60 });
        case '/wfsaas-auth/loginBySms':
          if (sentCodes.get(b.phone!) !== b.code) return json(200, { code: 400, message: '验证码不正确', data: null });
          return ok({ access_token: 'sms-token', expires_in: 100, user_info: user });
        case '/wfsaas-auth/login':
          if (b.password !== 'demo12345') return json(200, { code: 400, message: '手机号或密码错误，再错4次将锁定15分钟', data: null });
          return ok({ access_token: 'pwd-token', expires_in: 100, user_info: user });
        case '/wfsaas-openapi/api/cacheTemp/get':
          if (!b.key?.startsWith('good-')) return json(200, { code: 401, message: '登录验证失效', data: null });
          return ok('key-token');
        case '/wfsaas-openapi/api/cacheTemp/del':
          return ok(null);
        case '/wfsaas-auth/loginAuthorization':
          if (req.headers.authorization !== 'Bearer key-token') return json(401, { code: 401, message: '登录已失效，请重新登录', data: null });
          return ok({ access_token: 'key-token', expires_in: 100, user_info: user });
        case '/wfsaas-auth/logout':
          return ok(null);
        default:
          return json(404, { code: 404, message: 'nope', data: null });
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

let stores: SessionStores;
let toasts: string[];
let ended: string[];
function client() {
  return createRequestClient({
    baseURL: base,
    context: () => {
      const u = getUserInfo(stores);
      return { token: getToken(stores), companyId: getCompanyId(stores), userId: u?.sysUser.userId ?? null, nickname: u?.sysUser.nickname ?? null };
    },
    toastError: (m) => toasts.push(m),
    onUnauthorized: (m) => {
      ended.push(m);
    },
  });
}

beforeEach(() => {
  calls.length = 0;
  stores = { local: createMemoryStorage(), session: createMemoryStorage() };
  toasts = [];
  ended = [];
});

describe('SMS sign-in', () => {
  it('sends the code, then signs in with it and stores the session', async () => {
    const c = client();
    expect(await sendSmsCode(c, ' 13800000001 ')).toEqual({ expiresIn: 300, resendAfter: 60 });
    expect(JSON.parse(calls[0]!.body)).toMatchObject({ phone: '13800000001', operPersonType: 2 });
    const result = await signInWithSms(c, { phone: '13800000001', code: '246810' }, stores);
    expect(result.access_token).toBe('sms-token');
    expect(getToken(stores)).toBe('sms-token');
    expect(getUserInfo(stores)?.sysUser.nickname).toBe('周敏');
    expect(getCompanyId(stores)).toBeNull();
  });

  it('a wrong code shows the server message and stores nothing', async () => {
    const c = client();
    await sendSmsCode(c, '13800000001');
    await expect(signInWithSms(c, { phone: '13800000001', code: '000000' }, stores)).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['验证码不正确']);
    expect(getToken(stores)).toBeNull();
  });

  it('the resend countdown is 60 s', () => {
    expect(SMS_RESEND_SECONDS).toBe(60);
    expect(secondsLeft(null, 0)).toBe(0);
    expect(secondsLeft(1000, 1000)).toBe(60);
    expect(secondsLeft(1000, 60_999)).toBe(1);
    expect(secondsLeft(1000, 61_000)).toBe(0);
    expect(smsButtonLabel(59, true)).toBe('59秒后重新获取');
    expect(smsButtonLabel(0, false)).toBe('获取验证码');
    expect(smsButtonLabel(0, true)).toBe('重新获取');
  });
});

describe('password sign-in', () => {
  it('posts form-encoded username and password; the previous company is dropped', async () => {
    stores.local.setItem(STORAGE_KEYS.companyId, '2');
    await signInWithPassword(client(), { phone: '13800000001', password: 'demo12345' }, stores);
    expect(calls[0]!.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(calls[0]!.body).get('username')).toBe('13800000001');
    expect(getToken(stores)).toBe('pwd-token');
    expect(getCompanyId(stores)).toBeNull();
  });

  it('a wrong password shows the server message', async () => {
    await expect(signInWithPassword(client(), { phone: '13800000001', password: 'x' }, stores)).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['手机号或密码错误，再错4次将锁定15分钟']);
  });
});

describe('one-time key hand-off', () => {
  it('cacheTemp/get → token → loginAuthorization with Authorization and companyId → signed in; the key is deleted', async () => {
    await exchangeOneTimeKey(client(), 'good-key-1', 1, stores);
    expect(getToken(stores)).toBe('key-token');
    expect(getCompanyId(stores)).toBe(1);
    expect(getUserInfo(stores)?.sysUser.userId).toBe(2);
    const urls = calls.map((c) => c.url);
    expect(urls.slice(0, 2)).toEqual(['/wfsaas-openapi/api/cacheTemp/get', '/wfsaas-auth/loginAuthorization']);
    expect(JSON.parse(calls[0]!.body)).toEqual({ key: 'good-key-1', isPost: 1 });
    expect(calls[1]!.headers.authorization).toBe('Bearer key-token');
    expect(calls[1]!.headers.companyid).toBe('1');
    expect(JSON.parse(calls[1]!.body)).toMatchObject({ isPost: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.map((c) => c.url)).toContain('/wfsaas-openapi/api/cacheTemp/del');
  });

  it('an invalid key → 登录验证失效 and the session hand-off', async () => {
    setCompany(1, stores);
    await expect(exchangeOneTimeKey(client(), 'bad-key', null, stores)).rejects.toMatchObject({ kind: 'unauthorized', message: '登录验证失效' });
    expect(toasts).toEqual(['登录验证失效']);
    expect(ended).toEqual(['登录验证失效']);
  });

  it('the same key asked twice at once is exchanged once', async () => {
    const c = client();
    await Promise.all([exchangeOneTimeKey(c, 'good-key-2', null, stores), exchangeOneTimeKey(c, 'good-key-2', null, stores)]);
    expect(calls.filter((x) => x.url === '/wfsaas-openapi/api/cacheTemp/get')).toHaveLength(1);
  });
});

describe('sign-out', () => {
  it('calls logout with the token and clears the local session', async () => {
    await signInWithPassword(client(), { phone: '13800000001', password: 'demo12345' }, stores);
    setCompany(1, stores);
    await signOut(client(), stores);
    const logout = calls.find((c) => c.url === '/wfsaas-auth/logout')!;
    expect(logout.headers.authorization).toBe('Bearer pwd-token');
    expect(getToken(stores)).toBeNull();
    expect(getCompanyId(stores)).toBeNull();
  });
});
