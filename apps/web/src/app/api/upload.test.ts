import { CODES, TRANSPORT_MESSAGES } from '@wfsaas/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client.ts';

const toastError = vi.fn();
const endSession = vi.fn(async (_message: string) => undefined);
vi.mock('../ui/feedback.ts', () => ({ toastError: (m: string) => toastError(m) }));
vi.mock('../session/session.ts', () => ({ getToken: () => 't', getCompanyId: () => 1 }));
vi.mock('./instance.ts', () => ({ apiBaseURL: () => 'http://localhost', endSession: (m: string) => endSession(m) }));

const { uploadMultipart } = await import('./upload.ts');

const file = new File(['x'], 'a.pdf');
const reply = (status: number, body: unknown) => vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

async function failure(): Promise<ApiError> {
  const e: unknown = await uploadMultipart('/up', file).then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('uploadMultipart', () => {
  beforeEach(() => {
    toastError.mockClear();
    endSession.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers the envelope data', async () => {
    vi.stubGlobal('fetch', reply(200, { code: CODES.ok, message: 'ok', data: { id: 7 } }));
    await expect(uploadMultipart('/up', file)).resolves.toEqual({ id: 7 });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('rejects a business refusal with the client error, shown once', async () => {
    vi.stubGlobal('fetch', reply(200, { code: 500, message: '文件过大', data: null }));
    const e = await failure();
    expect([e.kind, e.message, e.code]).toEqual(['business', '文件过大', 500]);
    expect(toastError).toHaveBeenCalledExactlyOnceWith('文件过大');
  });

  it('rejects an HTTP failure without an envelope as the status message', async () => {
    vi.stubGlobal('fetch', reply(413, 'too large'));
    const e = await failure();
    expect([e.kind, e.status]).toEqual(['http', 413]);
    expect(toastError).toHaveBeenCalledExactlyOnceWith(e.message);
  });

  it('rejects a transport failure as no response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('failed');
      }),
    );
    const e = await failure();
    expect([e.kind, e.message]).toEqual(['network', TRANSPORT_MESSAGES.noResponse]);
  });

  it('ends the session on 401', async () => {
    vi.stubGlobal('fetch', reply(200, { code: CODES.unauthorized, message: '登录已过期', data: null }));
    const e = await failure();
    expect(e.kind).toBe('unauthorized');
    expect(endSession).toHaveBeenCalledWith('登录已过期');
  });
});
