import { CODES, DEFAULT_PAGE, HTTP_STATUS_MESSAGES, httpStatusMessage, TRANSPORT_MESSAGES, type Envelope, type PageMessage } from '@wfsaas/contracts';

/** docs/product.md#api: request time-out. */
export const REQUEST_TIMEOUT_MS = 50_000;
/** docs/product.md#client-conventions: operator type sent with every request body. */
export const OPER_PERSON_TYPE = 2;

export type ApiErrorKind = 'http' | 'business' | 'unauthorized' | 'timeout' | 'network' | 'setup';

/** Every failure of the client: already shown to the user (unless the call was silent). */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** HTTP status when a response arrived. */
    readonly status?: number,
    /** Business code of the envelope when one arrived. */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Who is calling: read before every request (body fields and headers: docs/product.md#client-conventions). */
export type CallerContext = {
  token: string | null;
  companyId: number | null;
  userId: number | null;
  nickname: string | null;
};

export type ClientOptions = {
  /** Absolute origin the paths are resolved against (the page origin in the browser). */
  baseURL: string;
  timeout?: number;
  fetchImpl?: typeof fetch;
  context: () => CallerContext;
  /** Shows an error toast. */
  toastError: (message: string) => void;
  /**
   * Business or HTTP 401: posts the message to the gateway, clears the local session and goes to
   * the login page. Called once for a burst of 401 answers.
   */
  onUnauthorized: (message: string) => Promise<void> | void;
};

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestConfig = {
  method?: Method;
  body?: unknown;
  /** application/x-www-form-urlencoded instead of JSON (sign-in, docs/product.md#api). */
  form?: boolean;
  /** A list call: a business error resolves with null data and the default page (docs/product.md#codes). */
  list?: boolean;
  timeout?: number;
  /** Leave business-error toasts to the caller (HTTP, transport and 401 are always shown). */
  silent?: boolean;
  headers?: Record<string, string>;
  /** Add companyId, createName, createId, operPersonType to an object body (default true). */
  commonFields?: boolean;
};

export type ListResult<T> = { data: T[] | null; pageMessage: PageMessage };
export type DownloadResult = { blob: Blob; filename: string | null };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** docs/product.md#client-conventions: every request body also carries companyId, createName, createId and operPersonType 2. */
export function withCommonFields(body: unknown, ctx: CallerContext): unknown {
  const common: Record<string, unknown> = { operPersonType: OPER_PERSON_TYPE };
  if (ctx.companyId != null) common.companyId = ctx.companyId;
  if (ctx.nickname != null) common.createName = ctx.nickname;
  if (ctx.userId != null) common.createId = ctx.userId;
  if (body === undefined || body === null) return common;
  if (isPlainObject(body)) return { ...common, ...body };
  return body;
}

/** Reads the file name of a download from Content-Disposition (RFC 5987 `filename*` first). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain ? plain[1]!.trim() : null;
}

/** Appends the one-time download token as `temptoken` (docs/product.md#api). */
export function appendTempToken(url: string, token: string): string {
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  return `${base}${base.includes('?') ? '&' : '?'}temptoken=${encodeURIComponent(token)}${hash}`;
}

export type RequestClient = ReturnType<typeof createRequestClient>;

/**
 * The request client of docs/product.md#api: base URL, 50 000 ms time-out, Authorization and companyId
 * headers, the common body fields, the HTTP-status message table, transport failures, business
 * codes with the list fallback, 401 hand-off, blob downloads and temp-token links.
 */
/**
 * docs/product.md#api: the base URL is the page origin, or /api on localhost. The server serves the built app and
 * the API on one origin, so a built app uses the origin wherever it runs; under `vite dev` on
 * localhost the API is reached through `/api`, which the Vite proxy strips before forwarding.
 * VITE_API_BASE overrides both for a separately hosted API.
 */
export function resolveBaseURL(origin: string, override?: string, dev = false): string {
  if (override && /^https?:\/\//.test(override)) return override;
  const { hostname } = new URL(origin);
  const local = hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
  return dev && local ? `${origin}/api` : origin;
}

/**
 * A path resolved against the API base URL, keeping a path prefix of the base (`http://localhost:5173/api`
 * + `/wfsaas-x` → `http://localhost:5173/api/wfsaas-x`); an absolute URL is taken as it is.
 */
export function apiUrl(path: string, baseURL: string): URL {
  if (/^https?:\/\//.test(path)) return new URL(path);
  const base = new URL(baseURL);
  const prefix = base.pathname.replace(/\/+$/, '');
  return new URL(`${prefix}/${path.replace(/^\/+/, '')}`, base.origin);
}

export function createRequestClient(opts: ClientOptions) {
  const fetchImpl = opts.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const defaultTimeout = opts.timeout ?? REQUEST_TIMEOUT_MS;
  let unauthorizedInFlight: Promise<void> | null = null;
  /** The token whose session was last ended: later 401s of requests sent with it change nothing. */
  let endedToken: string | null | undefined;

  async function handleUnauthorized(message: string, sentToken: string | null): Promise<never> {
    if (unauthorizedInFlight) {
      await unauthorizedInFlight;
    } else if (endedToken === undefined || sentToken !== endedToken) {
      opts.toastError(message);
      endedToken = sentToken;
      unauthorizedInFlight = Promise.resolve()
        .then(() => opts.onUnauthorized(message))
        .catch(() => undefined)
        .finally(() => {
          unauthorizedInFlight = null;
        });
      await unauthorizedInFlight;
    }
    throw new ApiError('unauthorized', message, undefined, CODES.unauthorized);
  }

  function fail(kind: 'timeout' | 'network' | 'setup'): never {
    const message = kind === 'timeout' ? TRANSPORT_MESSAGES.timeout : kind === 'network' ? TRANSPORT_MESSAGES.noResponse : TRANSPORT_MESSAGES.setupFailure;
    opts.toastError(message);
    throw new ApiError(kind, message);
  }

  function buildInit(cfg: RequestConfig, signal: AbortSignal, ctx: CallerContext): RequestInit {
    const method = cfg.method ?? 'POST';
    const headers: Record<string, string> = { Accept: 'application/json, */*', ...cfg.headers };
    if (ctx.token) headers.Authorization = `Bearer ${ctx.token}`;
    if (ctx.companyId != null && headers.companyId === undefined) headers.companyId = String(ctx.companyId);
    const init: RequestInit = { method, headers, signal, credentials: 'same-origin' };
    if (method === 'GET') return init;
    const useCommon = cfg.commonFields !== false;
    if (cfg.form) {
      const fields = (useCommon ? withCommonFields(cfg.body ?? {}, ctx) : (cfg.body ?? {})) as Record<string, unknown>;
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) params.append(k, String(v));
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      init.body = params.toString();
      return init;
    }
    if (method === 'DELETE' && cfg.body === undefined) return init;
    const body = useCommon ? withCommonFields(cfg.body, ctx) : cfg.body;
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json;charset=UTF-8';
      init.body = JSON.stringify(body);
    }
    return init;
  }

  type Exchange = { res: Response; controller: AbortController; timer: ReturnType<typeof setTimeout>; token: string | null };

  /** Runs one request; resolves with a 2xx response, or throws an ApiError already shown. */
  async function exchange(path: string, cfg: RequestConfig): Promise<Exchange> {
    const controller = new AbortController();
    let url: URL;
    let init: RequestInit;
    let ctx: CallerContext;
    try {
      ctx = opts.context();
      url = apiUrl(path, opts.baseURL);
      init = buildInit(cfg, controller.signal, ctx);
    } catch {
      return fail('setup');
    }
    const timer = setTimeout(() => controller.abort(), cfg.timeout ?? defaultTimeout);
    let res: Response;
    try {
      res = await fetchImpl(url, init);
    } catch {
      clearTimeout(timer);
      return fail(controller.signal.aborted ? 'timeout' : 'network');
    }
    if (!res.ok) {
      clearTimeout(timer);
      void res.body?.cancel().catch(() => undefined);
      if (res.status === 401) return handleUnauthorized(HTTP_STATUS_MESSAGES[401]!, ctx.token);
      const message = httpStatusMessage(res.status);
      opts.toastError(message);
      throw new ApiError('http', message, res.status);
    }
    return { res, controller, timer, token: ctx.token };
  }

  /** Reads the body under the same time-out as the request. */
  async function readBody<T>(x: Exchange, read: (r: Response) => Promise<T>): Promise<T> {
    try {
      return await read(x.res);
    } catch {
      return fail(x.controller.signal.aborted ? 'timeout' : 'setup');
    } finally {
      clearTimeout(x.timer);
    }
  }

  async function settle<T>(env: Envelope<T>, cfg: RequestConfig, sentToken: string | null): Promise<Envelope<T>> {
    if (!env || typeof env !== 'object' || typeof env.code !== 'number') return fail('setup');
    if (env.code === CODES.ok) return env;
    const message = env.message || httpStatusMessage(env.code);
    if (env.code === CODES.unauthorized) return handleUnauthorized(message, sentToken);
    if (!cfg.silent) opts.toastError(message);
    if (cfg.list) return { code: env.code, message, data: null as T, pageMessage: { ...DEFAULT_PAGE } };
    throw new ApiError('business', message, 200, env.code);
  }

  /** docs/product.md#api: temporary download tokens (`/wfsaas-auth/getTempToken`, body = how many). */
  async function tempTokens(count: number): Promise<string[]> {
    const env = await request<string[]>('/wfsaas-auth/getTempToken', { body: count, method: 'POST' });
    return Array.isArray(env.data) ? env.data : [];
  }

  async function request<T>(path: string, cfg: RequestConfig = {}): Promise<Envelope<T>> {
    const x = await exchange(path, cfg);
    const env = await readBody(x, async (r) => JSON.parse(await r.text()) as Envelope<T>);
    return settle(env, cfg, x.token);
  }

  return {
    request,
    /** POST JSON; resolves with `data`. */
    async post<T>(path: string, body?: unknown, cfg: Omit<RequestConfig, 'body' | 'method'> = {}): Promise<T> {
      return (await request<T>(path, { ...cfg, body, method: 'POST' })).data;
    },
    /** POST JSON to a paged list; a business error gives null data and the default page (docs/product.md#codes). */
    async postList<T>(path: string, body?: unknown, cfg: Omit<RequestConfig, 'body' | 'method' | 'list'> = {}): Promise<ListResult<T>> {
      const env = await request<T[]>(path, { ...cfg, body, method: 'POST', list: true });
      return { data: env.data ?? null, pageMessage: env.pageMessage ?? { ...DEFAULT_PAGE } };
    },
    /** POST form-encoded fields (sign-in, docs/product.md#api). */
    async postForm<T>(path: string, fields: Record<string, unknown>, cfg: Omit<RequestConfig, 'body' | 'method' | 'form'> = {}): Promise<T> {
      return (await request<T>(path, { ...cfg, body: fields, form: true, method: 'POST' })).data;
    },
    async get<T>(path: string, cfg: Omit<RequestConfig, 'method' | 'body'> = {}): Promise<T> {
      return (await request<T>(path, { ...cfg, method: 'GET' })).data;
    },
    async put<T>(path: string, body?: unknown, cfg: Omit<RequestConfig, 'body' | 'method'> = {}): Promise<T> {
      return (await request<T>(path, { ...cfg, body, method: 'PUT' })).data;
    },
    async del<T>(path: string, body?: unknown, cfg: Omit<RequestConfig, 'body' | 'method'> = {}): Promise<T> {
      return (await request<T>(path, { ...cfg, body, method: 'DELETE' })).data;
    },
    /**
     * JSON POST answered with a file (docs/product.md#api blob downloads). A JSON answer is an envelope: an
     * error is handled like any other call.
     */
    async download(path: string, body?: unknown, cfg: Omit<RequestConfig, 'body' | 'method'> = {}): Promise<DownloadResult> {
      const x = await exchange(path, { ...cfg, body, method: 'POST' });
      const type = x.res.headers.get('content-type') ?? '';
      if (type.includes('application/json')) {
        const env = await readBody(x, async (r) => JSON.parse(await r.text()) as Envelope<unknown>);
        await settle(env, cfg, x.token);
        return fail('setup');
      }
      const blob = await readBody(x, (r) => r.blob());
      return { blob, filename: filenameFromDisposition(x.res.headers.get('content-disposition')) };
    },
    tempTokens,
    /** The user is ending this session: 401s of requests still in flight with its token change nothing. */
    sessionEnding(token: string | null) {
      endedToken = token;
    },
    /** A download link that works without headers: the URL with `?temptoken=` appended. */
    async tempTokenUrl(url: string): Promise<string> {
      const [token] = await tempTokens(1);
      if (!token) return fail('setup');
      return appendTempToken(url, token);
    },
    /** Links for several downloads with one token request. */
    async tempTokenUrls(urls: readonly string[]): Promise<string[]> {
      if (urls.length === 0) return [];
      const tokens = await tempTokens(urls.length);
      if (tokens.length < urls.length) return fail('setup');
      return urls.map((u, i) => appendTempToken(u, tokens[i]!));
    },
  };
}
