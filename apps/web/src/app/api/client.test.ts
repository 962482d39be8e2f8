import { DEFAULT_PAGE, HTTP_STATUS_MESSAGES } from '@wfsaas/contracts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, apiUrl, appendTempToken, createRequestClient, resolveBaseURL, filenameFromDisposition, REQUEST_TIMEOUT_MS, withCommonFields, type CallerContext } from './client.ts';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

let server: Server;
let base: string;
const seen: Seen[] = [];

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push({ method: req.method ?? '', url: url.pathname + url.search, headers: req.headers, body });
      const status = /^\/status\/(\d{3})$/.exec(url.pathname);
      if (status) return send(res, Number(status[1]), { code: Number(status[1]), message: 'server text', data: null });
      const biz = /^\/biz\/(\d{3})$/.exec(url.pathname);
      if (biz) return send(res, 200, { code: Number(biz[1]), message: `业务提示${biz[1]}`, data: { x: 1 } });
      switch (url.pathname) {
        case '/ok':
          return send(res, 200, { code: 200, message: '操作成功', data: { echo: body ? (JSON.parse(body) as unknown) : null } });
        case '/form':
          return send(res, 200, { code: 200, message: '操作成功', data: { contentType: req.headers['content-type'], body } });
        case '/list':
          return send(res, 200, { code: 200, message: '操作成功', data: [{ id: 1 }], pageMessage: { nextPage: 2, pageNum: 1, pageSize: 1, pages: 3, prePage: 0, total: 3 } });
        case '/slow':
          setTimeout(() => send(res, 200, { code: 200, message: '操作成功', data: 'late' }), 400);
          return;
        case '/not-json':
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html></html>');
        case '/file':
          res.writeHead(200, { 'content-type': 'application/vnd.ms-excel', 'content-disposition': "attachment; filename*=UTF-8''%E8%8A%B1%E5%90%8D%E5%86%8C.xlsx" });
          return res.end(Buffer.from([1, 2, 3, 4]));
        case '/file-error':
          return send(res, 200, { code: 500, message: '导出失败，请稍后再试', data: null });
        case '/wfsaas-auth/getTempToken': {
          const n = Number(body);
          return send(res, 200, { code: 200, message: '操作成功', data: Array.from({ length: n }, (_, i) => `tok${i + 1}`) });
        }
        default:
          return send(res, 404, { code: 404, message: 'nope', data: null });
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

type Harness = {
  client: ReturnType<typeof createRequestClient>;
  toasts: string[];
  unauthorized: string[];
  ctx: CallerContext;
};

function harness(over: { baseURL?: string; timeout?: number; ctx?: Partial<CallerContext> } = {}): Harness {
  const toasts: string[] = [];
  const unauthorized: string[] = [];
  const ctx: CallerContext = { token: 'tkn', companyId: 7, userId: 42, nickname: '林晓', ...over.ctx };
  const client = createRequestClient({
    baseURL: over.baseURL ?? base,
    timeout: over.timeout,
    context: () => ctx,
    toastError: (m) => toasts.push(m),
    onUnauthorized: async (m) => {
      unauthorized.push(m);
    },
  });
  return { client, toasts, unauthorized, ctx };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  seen.length = 0;
});

describe('request client set-up', () => {
  it('uses a 50 000 ms time-out by default', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(50_000);
  });

  it('base URL: the page origin; /api on localhost under vite dev; an http(s) override wins', () => {
    expect(resolveBaseURL('https://hr.example.cn')).toBe('https://hr.example.cn');
    expect(resolveBaseURL('https://hr.example.cn', undefined, true)).toBe('https://hr.example.cn');
    expect(resolveBaseURL('http://localhost:8080')).toBe('http://localhost:8080');
    expect(resolveBaseURL('http://localhost:5173', undefined, true)).toBe('http://localhost:5173/api');
    expect(resolveBaseURL('http://127.0.0.1:5173', '', true)).toBe('http://127.0.0.1:5173/api');
    expect(resolveBaseURL('http://localhost:5173', 'https://api.example.cn', true)).toBe('https://api.example.cn');
    expect(resolveBaseURL('http://localhost:5173', 'api.example.cn')).toBe('http://localhost:5173');
  });

  it('apiUrl keeps the base path prefix and the query; absolute URLs pass through', () => {
    expect(apiUrl('/wfsaas-saas/api/x', 'http://localhost:5173/api').toString()).toBe('http://localhost:5173/api/wfsaas-saas/api/x');
    expect(apiUrl('wfsaas-file/api/d?temptoken=t', 'http://localhost:5173/api/').toString()).toBe('http://localhost:5173/api/wfsaas-file/api/d?temptoken=t');
    expect(apiUrl('/wfsaas-saas/api/x', 'https://hr.example.cn').toString()).toBe('https://hr.example.cn/wfsaas-saas/api/x');
    expect(apiUrl('https://files.example.cn/a.pdf', 'https://hr.example.cn').toString()).toBe('https://files.example.cn/a.pdf');
  });

  it('calls the API under the /api prefix when the base URL has one', async () => {
    const h = harness({ baseURL: `${base}/api` });
    await h.client.post('/ok', {}).catch(() => undefined);
    expect(seen[0]!.url).toBe('/api/ok');
  });

  it('sends Authorization, companyId and the common body fields on a JSON POST', async () => {
    const h = harness();
    const data = await h.client.post<{ echo: Record<string, unknown> }>('/ok', { name: '张三' });
    expect(data.echo).toEqual({ name: '张三', companyId: 7, createName: '林晓', createId: 42, operPersonType: 2 });
    const req = seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.headers.authorization).toBe('Bearer tkn');
    expect(req.headers.companyid).toBe('7');
    expect(req.headers['content-type']).toContain('application/json');
    expect(h.toasts).toEqual([]);
  });

  it('a body field the caller sets wins over the common field', async () => {
    const h = harness();
    const data = await h.client.post<{ echo: Record<string, unknown> }>('/ok', { companyId: 9 });
    expect(data.echo.companyId).toBe(9);
  });

  it('sends no Authorization or companyId header when signed out, and still operPersonType 2', async () => {
    const h = harness({ ctx: { token: null, companyId: null, userId: null, nickname: null } });
    const data = await h.client.post<{ echo: Record<string, unknown> }>('/ok');
    expect(data.echo).toEqual({ operPersonType: 2 });
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[0]!.headers.companyid).toBeUndefined();
  });

  it('a non-object body (the temp-token count) is sent as is', () => {
    expect(withCommonFields(3, { token: 't', companyId: 1, userId: 1, nickname: 'a' })).toBe(3);
    expect(withCommonFields([1, 2], { token: 't', companyId: 1, userId: 1, nickname: 'a' })).toEqual([1, 2]);
  });

  it('posts form-encoded fields (sign-in)', async () => {
    const h = harness({ ctx: { token: null, companyId: null, userId: null, nickname: null } });
    const data = await h.client.postForm<{ contentType: string; body: string }>('/form', { username: '13800000000', password: 'a&b=c' });
    expect(data.contentType).toContain('application/x-www-form-urlencoded');
    const params = new URLSearchParams(data.body);
    expect(params.get('username')).toBe('13800000000');
    expect(params.get('password')).toBe('a&b=c');
    expect(params.get('operPersonType')).toBe('2');
  });

  it('supports PUT and DELETE', async () => {
    const h = harness();
    await h.client.put('/ok', { a: 1 });
    await h.client.del('/ok', { id: 5 });
    await h.client.del('/ok');
    expect(seen.map((s) => s.method)).toEqual(['PUT', 'DELETE', 'DELETE']);
    expect(JSON.parse(seen[1]!.body)).toMatchObject({ id: 5, operPersonType: 2 });
    expect(seen[2]!.body).toBe('');
  });

  it('reads a page: data and pageMessage', async () => {
    const h = harness();
    const page = await h.client.postList<{ id: number }>('/list', { pageNum: 1, pageSize: 1 });
    expect(page.data).toEqual([{ id: 1 }]);
    expect(page.pageMessage.total).toBe(3);
  });
});

describe('request client: the HTTP-status table, row by row', () => {
  const rows: [number, string][] = [
    [400, '请求错误(400)'],
    [403, '拒绝访问(403)'],
    [404, '请求出错(404)'],
    [408, '请求超时(408)'],
    [500, '服务器错误(500)'],
    [501, '服务未实现(501)'],
    [502, '网络错误(502)'],
    [503, '服务不可用(503)'],
    [504, '网络超时(504)'],
    [505, 'HTTP版本不受支持(505)'],
  ];
  for (const [status, message] of rows) {
    it(`HTTP ${status} → ${message}`, async () => {
      const h = harness();
      const err = await failure(h.client.post(`/status/${status}`));
      expect(err.kind).toBe('http');
      expect(err.status).toBe(status);
      expect(err.message).toBe(message);
      expect(h.toasts).toEqual([message]);
      expect(h.unauthorized).toEqual([]);
    });
  }

  it('HTTP 401 → 未授权，请重新登录(401), the session hand-off runs', async () => {
    const h = harness();
    const err = await failure(h.client.post('/status/401'));
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toBe('未授权，请重新登录(401)');
    expect(h.toasts).toEqual(['未授权，请重新登录(401)']);
    expect(h.unauthorized).toEqual(['未授权，请重新登录(401)']);
  });

  it('every status of the table is covered by the contracts catalogue', () => {
    expect(Object.keys(HTTP_STATUS_MESSAGES).map(Number).sort()).toEqual([400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505]);
  });

  for (const status of [402, 418, 429, 599]) {
    it(`any other status (${status}) → 连接出错(${status})!`, async () => {
      const h = harness();
      const err = await failure(h.client.post(`/status/${status}`));
      expect(err.message).toBe(`连接出错(${status})!`);
      expect(h.toasts).toEqual([`连接出错(${status})!`]);
    });
  }

  it('time-out → 服务器超时，请联系产品经理', async () => {
    const h = harness({ timeout: 100 });
    const err = await failure(h.client.post('/slow'));
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('服务器超时，请联系产品经理');
    expect(h.toasts).toEqual(['服务器超时，请联系产品经理']);
  });

  it('a per-call time-out overrides the default', async () => {
    const h = harness();
    const err = await failure(h.client.post('/slow', undefined, { timeout: 50 }));
    expect(err.message).toBe('服务器超时，请联系产品经理');
    expect(await h.client.post('/slow', undefined, { timeout: 5_000 })).toBe('late');
  });

  it('no response (closed port) → 连接到服务器失败', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const h = harness({ baseURL: `http://127.0.0.1:${port}` });
    const err = await failure(h.client.post('/ok'));
    expect(err.kind).toBe('network');
    expect(err.message).toBe('连接到服务器失败');
    expect(h.toasts).toEqual(['连接到服务器失败']);
  });

  it('request-setup failure → 服务器异常，请联系管理员！', async () => {
    const h = harness();
    const err = await failure(h.client.post('/ok', { n: 10n }));
    expect(err.kind).toBe('setup');
    expect(err.message).toBe('服务器异常，请联系管理员！');
    expect(seen).toHaveLength(0);
    const bad = harness({ baseURL: 'not a url' });
    expect((await failure(bad.client.post('/ok'))).message).toBe('服务器异常，请联系管理员！');
  });

  it('an answer that is not an envelope → 服务器异常，请联系管理员！', async () => {
    const h = harness();
    expect((await failure(h.client.post('/not-json'))).message).toBe('服务器异常，请联系管理员！');
  });
});

describe('request client — business codes', () => {
  it('business 401 → the server message, the session hand-off runs', async () => {
    const h = harness();
    const err = await failure(h.client.post('/biz/401'));
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toBe('业务提示401');
    expect(h.unauthorized).toEqual(['业务提示401']);
    expect(h.toasts).toEqual(['业务提示401']);
  });

  it('a burst of 401 answers runs the hand-off once', async () => {
    const h = harness();
    await Promise.allSettled([h.client.post('/biz/401'), h.client.post('/status/401'), h.client.post('/biz/401')]);
    expect(h.unauthorized).toHaveLength(1);
    expect(h.toasts).toHaveLength(1);
    await failure(h.client.post('/biz/401'));
    expect(h.unauthorized).toHaveLength(1);
    h.ctx.token = 'a-new-session';
    await failure(h.client.post('/biz/401'));
    expect(h.unauthorized).toHaveLength(2);
  });

  it('401s of the session the user is signing out of change nothing; the next session still counts', async () => {
    const h = harness();
    h.client.sessionEnding('tkn');
    await failure(h.client.post('/status/401'));
    expect(h.unauthorized).toEqual([]);
    expect(h.toasts).toEqual([]);
    h.ctx.token = 'next-session';
    await failure(h.client.post('/status/401'));
    expect(h.unauthorized).toHaveLength(1);
  });

  it('business code ≠ 200 → error toast with the server message and a rejected call', async () => {
    const h = harness();
    const err = await failure(h.client.post('/biz/409'));
    expect(err.kind).toBe('business');
    expect(err.code).toBe(409);
    expect(err.message).toBe('业务提示409');
    expect(h.toasts).toEqual(['业务提示409']);
  });

  it('business code ≠ 200 on a list call → toast, null data and the default page of size 10', async () => {
    const h = harness();
    const page = await h.client.postList('/biz/500', { pageNum: 3 });
    expect(page.data).toBeNull();
    expect(page.pageMessage).toEqual(DEFAULT_PAGE);
    expect(page.pageMessage.pageSize).toBe(10);
    expect(h.toasts).toEqual(['业务提示500']);
  });

  it('a silent call leaves business toasts to the caller', async () => {
    const h = harness();
    await failure(h.client.post('/biz/400', undefined, { silent: true }));
    expect(h.toasts).toEqual([]);
  });
});

describe('request client — downloads', () => {
  it('a JSON POST answered with a file gives the blob and its name', async () => {
    const h = harness();
    const file = await h.client.download('/file', { ids: [1] });
    expect(file.filename).toBe('花名册.xlsx');
    expect(Buffer.from(await file.blob.arrayBuffer())).toEqual(Buffer.from([1, 2, 3, 4]));
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ ids: [1], operPersonType: 2 });
  });

  it('a download answered with an error envelope shows the server message', async () => {
    const h = harness();
    const err = await failure(h.client.download('/file-error'));
    expect(err.message).toBe('导出失败，请稍后再试');
    expect(h.toasts).toEqual(['导出失败，请稍后再试']);
  });

  it('temp-token links: getTempToken with a number body, ?temptoken= appended', async () => {
    const h = harness();
    const url = await h.client.tempTokenUrl('/wfsaas-file/api/fileInfo/download?id=3');
    expect(url).toBe('/wfsaas-file/api/fileInfo/download?id=3&temptoken=tok1');
    expect(seen[0]!.url).toBe('/wfsaas-auth/getTempToken');
    expect(seen[0]!.body).toBe('1');
    const urls = await h.client.tempTokenUrls(['/a', '/b?x=1']);
    expect(urls).toEqual(['/a?temptoken=tok1', '/b?x=1&temptoken=tok2']);
    expect(seen[1]!.body).toBe('2');
  });

  it('helpers: appendTempToken keeps the hash; filenameFromDisposition reads both forms', () => {
    expect(appendTempToken('/f#top', 'a b')).toBe('/f?temptoken=a%20b#top');
    expect(filenameFromDisposition('attachment; filename="a.pdf"')).toBe('a.pdf');
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
