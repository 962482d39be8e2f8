import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { multipartFile } from '../test/uploads.ts';
import { bombDeflated, buildZip, hugeSharedStringXlsx, manyRowsXlsx, measure } from './spreadsheet/spreadsheet-fixtures.ts';

/**
 * Every POST path of the OpenAPI document, called as a company administrator with malformed bodies
 * and hostile uploads (made here, never committed): no answer is a 500, the process stays up, and
 * its memory stays bounded.
 */

let t: TestApp;
let admin: string;
let paths: string[];
const failures: string[] = [];

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema };

/** A value of the wrong kind for each property of the body schema. */
function wrongTypes(schema: Schema | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(schema?.properties ?? {})) {
    out[key] = prop.type === 'string' ? { nested: ['x'] } : prop.type === 'array' ? 'not-a-list' : prop.type === 'object' ? 12345 : 'x'.repeat(5000);
  }
  return out;
}

function deep(levels: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

/** Sends one request as the administrator; answers its message. A 500, or a sign-in lost on the way, is a failure. */
async function send(url: string, payload: string | Buffer, contentType: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${admin}`, companyid: '1', 'content-type': contentType }, payload });
  let body: { code?: number; message?: string } = {};
  try {
    body = res.json() as typeof body;
  } catch {
    body = { message: '(a file)' };
  }
  if (res.statusCode >= 500 || body.code === 500) failures.push(`${url} [${contentType.split(';')[0]}] → HTTP ${res.statusCode}, code ${body.code}: ${res.body.slice(0, 200)}`);
  if (body.code === 401 && !/\/(m|openapi)\/|temptoken|cacheTemp|loginBySms|\/login$/.test(url)) {
    failures.push(`${url}: the administrator's sign-in had ended (a call before it must not end it)`);
    admin = await t.login('13800000000');
  }
  return body.message ?? '';
}

/** Query fields some upload routes need before they read the file (others ignore them). */
const UPLOAD_QUERY = '?year=2026&name=%E5%85%AC%E7%AB%A0&type=1&runId=1&tableId=1&month=2026-10&token=x&ticket=y';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, { post?: { requestBody?: { content?: Record<string, { schema?: Schema }> } } }> };
  // logout ends the sign-in the calls are made with; everything else must leave it
  paths = Object.keys(doc.paths).filter((p) => doc.paths[p]!.post && p !== '/wfsaas-auth/logout');
  (globalThis as { fuzzDoc?: typeof doc }).fuzzDoc = doc;
}, 60_000);
afterAll(async () => t?.close());

describe('every POST path answers hostile input without a 500', () => {
  it('malformed JSON bodies', async () => {
    const doc = (globalThis as { fuzzDoc?: { paths: Record<string, { post?: { requestBody?: { content?: Record<string, { schema?: Schema }> } } }> } }).fuzzDoc!;
    expect(paths.length).toBeGreaterThan(200);
    for (const raw of paths) {
      const url = raw.replace(/\{[^}]+\}|:\w+/g, '1');
      const schema = doc.paths[raw]!.post!.requestBody?.content?.['application/json']?.schema;
      const bodies: string[] = [
        'null',
        '[]',
        '"text"',
        '-1e309',
        '{',
        JSON.stringify(wrongTypes(schema)),
        JSON.stringify({ __proto__: { polluted: true }, constructor: { prototype: { polluted: true } }, id: '1; drop table users', pageNum: -1, pageSize: 1e12 }),
        JSON.stringify(deep(200)),
        JSON.stringify({ id: Number.MAX_SAFE_INTEGER + 2, ids: Array.from({ length: 5000 }, (_, i) => i), keyword: '\u0000\ud800%_\\' }),
      ];
      for (const b of bodies) await send(url, b, 'application/json');
      await send(url, 'a=1&b[c]=2', 'application/x-www-form-urlencoded');
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(failures).toEqual([]);
    expect((await t.call('/wfsaas-auth/userInfo', { token: admin })).body.code).toBe(200);
  }, 600_000);

  it('hostile uploads: zip bombs, a 200 MB shared string, 600,000 rows, a truncated zip, random bytes', async () => {
    const bomb = await buildZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/workbook.xml', data: '<workbook><sheets><sheet name="a" r:id="rId1"/></sheets></workbook>' },
      { name: 'xl/worksheets/sheet1.xml', data: bombDeflated(2048), isDeflated: true, declaredSize: 1000 },
    ]);
    const truncated = (await hugeSharedStringXlsx(1)).subarray(0, 500);
    const files: [string, Buffer][] = [
      ['工资表.xlsx', await hugeSharedStringXlsx(200)],
      ['花名册.xlsx', await manyRowsXlsx(600_000)],
      ['部门.xlsx', bomb],
      ['残缺.xlsx', truncated],
      ['照片.png', randomBytes(256 * 1024)],
      ['空.xlsx', Buffer.alloc(0)],
    ];
    const forms = files.map(([name, content]) => multipartFile(name, content));
    // every path once per file; the paths that take a file in are measured again below
    const readers = new Set<string>();
    for (const raw of paths) {
      const url = `${raw.replace(/\{[^}]+\}|:\w+/g, '1')}${UPLOAD_QUERY}`;
      for (const m of forms) if ((await send(url, m.payload, m.contentType)) !== '请求内容不能为空') readers.add(url);
    }
    expect(readers.size).toBeGreaterThan(10);
    let worst = 0;
    for (const url of readers) {
      for (const m of forms.slice(0, 3)) {
        // the heap's peak growth during the request, from live memory only
        const r = await measure(() => send(url, m.payload, m.contentType));
        worst = Math.max(worst, r.heapMb);
      }
    }
    expect(failures).toEqual([]);
    // the process is alive and answers
    expect((await t.call('/api/health', { method: 'GET' })).body.code).toBe(200);
    // a 200 MB string or 600,000 rows read whole would cost hundreds of MB at once
    expect(worst).toBeLessThan(100);
  }, 900_000);
});
