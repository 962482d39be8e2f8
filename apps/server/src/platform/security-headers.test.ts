import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; " +
  "frame-src 'self' blob:; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let web: FastifyInstance;
let admin: string;
const webDist = mkdtempSync(join(tmpdir(), 'wfsaas-web-'));

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1);');
  t = await createTestApp();
  admin = await t.login('13800000000');
  web = await buildApp({ ...t.services, config: { ...t.services.config, webDist } }, { serveWeb: true });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it.each(['/', '/staffRoll', '/m/payslip/abc', '/index.html'])('the web app at %s gets the CSP and may not be framed', async (url) => {
    const res = await web.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers).toMatchObject({
      'content-security-policy': CSP,
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    });
  });

  it('the sign-in gateway (/login?gateway=1) may be framed by the app’s own pages, by no other site', async () => {
    const res = await web.inject({ method: 'GET', url: '/login?gateway=1' });
    expect(res.headers['content-security-policy']).toBe(CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    for (const url of ['/login', '/login?gateway=0', '/loginx?gateway=1', '/m/payslip/abc?gateway=1']) {
      const other = await web.inject({ method: 'GET', url });
      expect(other.headers, url).toMatchObject({ 'content-security-policy': CSP, 'x-frame-options': 'DENY' });
    }
  });

  it('the web app’s scripts are nosniff and keep the static cache headers', async () => {
    const res = await web.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).not.toBe('no-store');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('API answers are nosniff, send no referrer and are never cached', async () => {
    const answers = [
      await web.inject({ method: 'GET', url: '/api/health' }),
      await web.inject({ method: 'POST', url: '/wfsaas-auth/userInfo' }),
      await web.inject({ method: 'POST', url: '/wfsaas-saas/api/company/list', headers: { authorization: `Bearer ${admin}` }, payload: {} }),
      await web.inject({ method: 'POST', url: '/wfsaas-saas/api/nothing-here', payload: {} }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 200, 404]);
    for (const res of answers) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' });
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
  });

  it('a route’s own headers stay: the root certificate’s cache, a served file’s sandbox', async () => {
    const pem = await web.inject({ method: 'GET', url: '/wfsaas-sign/api/ca/root.pem' });
    expect(pem.headers['cache-control']).toBe('public, max-age=3600');
    const boundary = '----wfsaasheaders';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await web.inject({
      method: 'POST',
      url: '/wfsaas-file/api/file/uploadStatic',
      headers: { authorization: `Bearer ${admin}`, companyid: '1', 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const url = up.json<{ code: number; data: { url: string } }>().data.url;
    const file = await web.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(file.headers['x-frame-options']).toBeUndefined();
  });
});
