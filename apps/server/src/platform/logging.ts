/**
 * The one logger construction of the server and the worker: pino with serializers that keep personal
 * data, secrets and link tokens out of the log, and redaction of fields that may hold them.
 */
import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/** Field names that hold personal data or secrets when something is logged by mistake. */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'oldPassword',
  'confirmPassword',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'tempToken',
  'temptoken',
  'ticket',
  'smsCode',
  'idNumber',
  'idCard',
  'idCardNo',
  'mobile',
  'phone',
  'bankAccount',
  'bankCard',
  'bankCardNo',
  'authorization',
  'cookie',
  'secret',
  'encryptionKey',
  'tokenSecret',
];

/** Objects a careless log call might pass whole (`{ body }`, `{ input }`); `req` and `err` have serializers. */
const CONTAINERS = ['body', 'query', 'params', 'input', 'data', 'payload', 'user', 'employee', 'candidate', 'row', 'values', 'headers', 'config'];

/**
 * Each field at the top level and inside those objects, an SMS `code` where a body or input would
 * hold it, and configured secrets. Explicit paths: pino's wildcard paths cost 20 times as much a line.
 */
export const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...CONTAINERS.flatMap((c) => SECRET_FIELDS.map((f) => `${c}.${f}`)),
  ...['code', 'body.code', 'query.code', 'input.code', 'payload.code', 'data.code'],
  ...['smtp.password', 's3.secretAccessKey', 'tsa.password', 'config.smtp.password', 'config.s3.secretAccessKey', 'config.tsa.password'],
];

export type SerializedError = {
  type: string;
  message?: string;
  code?: string | number;
  statusCode?: number;
  /** Database errors: the statement's SQL text (placeholders, never the parameters) and PostgreSQL's fields that hold no values. */
  query?: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  dataType?: string;
  routine?: string;
  stack?: string;
  cause?: SerializedError;
  errors?: SerializedError[];
};

type ErrorFields = Record<string, unknown>;

const DB_FIELDS = ['severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'] as const;

/**
 * drizzle's DrizzleQueryError and the PostgreSQL errors of pg and PGlite: they carry the statement's
 * parameters (`params`, and in the message), the row (`detail`) and the value (`where`, the message).
 */
export function isDatabaseError(e: ErrorFields): boolean {
  if ('params' in e || typeof e.query === 'string') return true;
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';
}

/**
 * Data exceptions (22…) and integrity violations (23…) quote the refused value in their message:
 * quoted text, long digit runs and bytes are masked. Other classes name only SQL objects.
 */
function databaseMessage(message: string, code: unknown): string {
  if (message.startsWith('Failed query:')) return 'Failed query';
  if (typeof code === 'string' && !/^2[23]/.test(code)) return message;
  return message.replace(/"[^"]*"/g, '"…"').replace(/\b0x[0-9a-f]{2}\b/gi, '0x…').replace(/\d{4,}/g, '…');
}

/** Only the frames: the first lines of a stack repeat the message. */
function stackFrames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .join('\n');
}

function typeOf(e: ErrorFields): string {
  const ctor = (e as { constructor?: { name?: unknown } }).constructor?.name;
  if (typeof ctor === 'string' && ctor !== 'Object') return ctor;
  return typeof e.name === 'string' ? e.name : 'Error';
}

function serialize(e: ErrorFields, depth: number, seen: Set<object>): SerializedError {
  seen.add(e);
  const out: SerializedError = { type: typeOf(e) };
  const message = typeof e.message === 'string' ? e.message : undefined;
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  if (isDatabaseError(e)) {
    // PGlite's error class has a minified name; pg's is DatabaseError
    if (typeof e.severity === 'string') out.type = 'DatabaseError';
    if (message !== undefined) out.message = databaseMessage(message, e.code);
    if (typeof e.query === 'string') out.query = e.query.slice(0, 2000);
    for (const f of DB_FIELDS) if (typeof e[f] === 'string') out[f] = e[f];
    out.stack = stackFrames(e.stack);
  } else {
    if (message !== undefined) out.message = message;
    if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
    if (typeof e.stack === 'string') out.stack = e.stack;
  }
  const cause = e.cause;
  if (depth < 5 && typeof cause === 'object' && cause !== null && !seen.has(cause)) out.cause = serialize(cause as ErrorFields, depth + 1, seen);
  if (depth < 5 && Array.isArray(e.errors)) {
    out.errors = e.errors.filter((x): x is ErrorFields => typeof x === 'object' && x !== null && !seen.has(x)).map((x) => serialize(x, depth + 1, seen));
  }
  return out;
}

/**
 * pino's `err` serializer: database errors keep the SQL text, SQLSTATE, constraint, table, column,
 * routine, severity and stack frames, never parameters, detail, where or the values in the message;
 * other errors keep type, message, code and stack. The `cause` chain is walked the same way.
 */
export function serializeError(err: unknown): SerializedError | string {
  if (typeof err !== 'object' || err === null) return String(err);
  return serialize(err as ErrorFields, 0, new Set());
}

/** Route words: camelCase or kebab-case letters (`detailWeifen`, `verify-sms`), never a random token. */
const ROUTE_WORD = /^[a-z]+(?:[A-Z][a-z]+|-[a-z]+)*$/;
const TOKEN_LIKE = /^[A-Za-z0-9_-]{16,}$/;

/**
 * A URL as it may be logged: no query string (temptoken, token, ticket), and token-like segments
 * replaced — 16 or more URL-safe characters that are not a word, and every segment after `/m/<page>/`
 * (phone pages, always a link token) or a non-word after `…/m/<kind>/` (their API).
 */
export function redactUrl(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/');
  const m = segments.indexOf('m');
  return segments
    .map((seg, i) => {
      if (seg === '') return seg;
      if (m > 0 && i >= m + 2 && (m === 1 || !ROUTE_WORD.test(seg))) return '[redacted]';
      if (TOKEN_LIKE.test(seg) && !ROUTE_WORD.test(seg)) return '[redacted]';
      return seg;
    })
    .join('/');
}

type RequestLike = {
  method?: string;
  url?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string };
};

export type SerializedRequest = { method?: string; url: string; remoteAddress?: string; userAgent?: string };

/** pino's `req` serializer: method, the redacted path, the client address and the user agent — no other header. */
export function serializeRequest(req: RequestLike): SerializedRequest {
  const ua = req.headers?.['user-agent'];
  return {
    method: req.method,
    url: redactUrl(req.url ?? ''),
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : undefined,
  };
}

/** The logger of a process (to stdout) or of a test app (to its own file). */
export function createLogger(level: string, destination?: DestinationStream): FastifyBaseLogger {
  const options = {
    level,
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
  return (destination ? pino(options, destination) : pino(options)) as unknown as FastifyBaseLogger;
}
