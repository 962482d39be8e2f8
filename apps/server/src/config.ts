import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { PLATFORM_COMPANY_NAME, type PlatformPayee } from '@wfsaas/contracts';
import { z } from 'zod';

/**
 * Configuration is read once here, validated, and passed in. Nothing else reads process.env.
 * Secrets that are not configured are generated once and kept in DATA_DIR/secrets.json.
 */
const zBool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** proxy-addr's named ranges, which Fastify's trustProxy accepts beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address or CIDR (`10.0.0.0/8`, `::1/128`) or a named range; undefined when it is none of them. */
function proxyEntry(entry: string): string | undefined {
  if (PROXY_RANGE_NAMES.has(entry)) return entry;
  const [addr = '', prefix, extra] = entry.split('/');
  const family = isIP(addr);
  if (family === 0 || extra !== undefined) return undefined;
  if (prefix === undefined) return entry;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128) ? entry : undefined;
}

const zTrustProxy = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const entries = (v ?? '').split(',').map((e) => e.trim()).filter((e) => e !== '');
    const bad = entries.filter((e) => proxyEntry(e) === undefined);
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `not an IP address or CIDR: ${bad.join(', ')} (expected e.g. 127.0.0.1,10.0.0.0/8)` });
      return z.NEVER;
    }
    return entries;
  });

/** PUBLIC_URL: an http(s) origin alone (`https://hr.example.com`, a trailing slash allowed), kept without the slash. */
const zPublicUrl = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const raw = (v ?? '').trim();
    if (raw === '') return undefined;
    let url: URL | undefined;
    try {
      url = new URL(raw);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:\/\/[^/?#\s@]+\/?$/i.test(raw) || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      ctx.addIssue({ code: 'custom', message: 'must be the http(s) address employees reach, without a path, e.g. https://hr.example.com' });
      return z.NEVER;
    }
    return url.origin;
  });

const zEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d{0,5}(kB|MB|GB)$/, 'must be a size such as 16MB')
    .optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64 (44 characters)')
    .optional(),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(12),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: zBool.default(true),
  PLATFORM_PAYEE_BANK: z.string().trim().min(2, 'must name the bank and branch of the platform’s receiving account').max(60).optional(),
  PLATFORM_PAYEE_ACCOUNT: z.string().trim().regex(/^\d[\d ]{7,30}\d$/, 'must be the receiving account number (digits, spaces allowed)').optional(),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  PLATFORM_OPERATORS: z
    .string()
    .regex(/^\s*1\d{10}(\s*,\s*1\d{10})*\s*$/, 'must be a comma-separated list of 11-digit mobile numbers, such as 13900000000,13900000001')
    .optional(),
  RUN_JOBS: z.enum(['true', 'false']).default('true'),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5, 'must be at least 5 (seconds)').max(3600).default(60),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().default('wfsaas <no-reply@wfsaas.local>'),
  SMTP_SECURE: zBool.default(false),
  S3_ENDPOINT: z.string().url('must be a URL such as https://s3.cn-north-1.amazonaws.com.cn').optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  UPLOAD_LIMIT_MB: z.coerce.number().int().min(1).max(1024).default(20),
  SMS_MONTHLY_QUOTA: z.coerce.number().int().min(0).max(10_000_000).default(1000),
  SMS_FILE: z.string().optional(),
  WECHAT_API_BASE: z.string().url('must be the address of the WeChat official-account API, such as https://api.weixin.qq.com').default('https://api.weixin.qq.com'),
  TSA_URL: z.string().url('must be the RFC 3161 URL of a time-stamping service, such as https://tsa.example.cn/tsr').optional(),
  TSA_USERNAME: z.string().optional(),
  TSA_PASSWORD: z.string().optional(),
  TSA_CA_FILE: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('apps/web/dist'),
  TRUST_PROXY: zTrustProxy,
  PUBLIC_URL: zPublicUrl,
  NODE_ENV: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  /** The embedded database's page cache (PostgreSQL's shared_buffers), e.g. '16MB'; unset: PGLITE_SHARED_BUFFERS of db.ts. */
  pgliteSharedBuffers?: string;
  encryptionKey: Buffer;
  tokenSecret: Buffer;
  sessionTtlHours: number;
  demoPassword?: string;
  seedDemo: boolean;
  /** When set, exactly these phones' users are platform operators (docs/trade.md#platform-operators). */
  platformOperators?: string[];
  /** The platform's receiving account shown for transfers (docs/trade.md); unset: the screens say it is not configured. */
  platformPayee?: PlatformPayee;
  /** GET /metrics answers only a bearer of this token; unset: the endpoint is off (docs/scaling.md#metrics). */
  metricsToken?: string;
  runJobs: boolean;
  /** How long a claimed job stays with a worker that stopped renewing it (killed, cut off) before another takes it over. */
  jobLeaseMs: number;
  smtp?: { host: string; port: number; user?: string; password?: string; from: string; secure: boolean };
  smtpFrom: string;
  /** Files go to this S3-compatible store when S3_BUCKET is set; otherwise under DATA_DIR/files. */
  s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  uploadLimitBytes: number;
  /** SMS each company may send in a calendar month (China time): payslip links and verification codes. */
  smsMonthlyQuota: number;
  /** Development and tests: SMS are written to this file (one JSON line each) instead of being kept in the outbox. */
  smsFile?: string;
  /** The WeChat official-account API the companies' accounts are called at (WECHAT_API_BASE), without a trailing slash. */
  wechatApiBase: string;
  /**
   * Signatures are time-stamped by this external RFC 3161 service when TSA_URL is set, otherwise by
   * the platform's internal TSA; `caPem` (TSA_CA_FILE) is the service's root, trusted when verifying.
   */
  tsa?: { url: string; username?: string; password?: string; caPem?: string };
  logLevel: string;
  webDist: string;
  /**
   * Addresses and CIDRs of the reverse proxies whose X-Forwarded-* headers are believed (TRUST_PROXY);
   * empty: none, the client address is the socket's.
   */
  trustProxy: string[];
  /**
   * The address employees and invited colleagues reach (PUBLIC_URL, an origin such as
   * https://hr.example.com): every link sent by SMS or email starts with it. Unset: see
   * platform/notify/public-url.ts (localhost in development, no links in production).
   */
  publicUrl?: string;
  /** NODE_ENV=production. */
  production: boolean;
};

export class ConfigError extends Error {}

function readTsaCa(path: string): string {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(`TSA_CA_FILE: cannot read ${path}`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new ConfigError(`TSA_CA_FILE: ${path} holds no PEM certificate`);
  return pem;
}

type Secrets = { encryptionKey: string; tokenSecret: string };

function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  mkdirSync(dataDir, { recursive: true });
  const secrets: Secrets = {
    encryptionKey: randomBytes(32).toString('base64'),
    tokenSecret: randomBytes(48).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = zEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (Boolean(e.PLATFORM_PAYEE_BANK) !== Boolean(e.PLATFORM_PAYEE_ACCOUNT)) {
    throw new ConfigError('Invalid configuration:\n  PLATFORM_PAYEE_BANK and PLATFORM_PAYEE_ACCOUNT: set both (the receiving account’s bank and number) or neither');
  }
  if (e.S3_BUCKET && (!e.S3_ENDPOINT || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY as well');
  }
  const dataDir = resolve(e.DATA_DIR);
  const needsSecrets = !e.ENCRYPTION_KEY || !e.TOKEN_SECRET;
  const stored = needsSecrets ? loadOrCreateSecrets(dataDir) : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    encryptionKey: Buffer.from(e.ENCRYPTION_KEY ?? stored!.encryptionKey, 'base64'),
    tokenSecret: Buffer.from(e.TOKEN_SECRET ?? stored!.tokenSecret),
    sessionTtlHours: e.SESSION_TTL_HOURS,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO,
    platformOperators: e.PLATFORM_OPERATORS?.split(',').map((p) => p.trim()),
    platformPayee: e.PLATFORM_PAYEE_BANK && e.PLATFORM_PAYEE_ACCOUNT ? { accountName: PLATFORM_COMPANY_NAME, bankName: e.PLATFORM_PAYEE_BANK, accountNo: e.PLATFORM_PAYEE_ACCOUNT } : undefined,
    metricsToken: e.METRICS_TOKEN,
    runJobs: e.RUN_JOBS === 'true',
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    smtp: e.SMTP_HOST
      ? { host: e.SMTP_HOST, port: e.SMTP_PORT, user: e.SMTP_USER, password: e.SMTP_PASSWORD, from: e.SMTP_FROM, secure: e.SMTP_SECURE }
      : undefined,
    smtpFrom: e.SMTP_FROM,
    s3: e.S3_BUCKET
      ? { endpoint: e.S3_ENDPOINT!, bucket: e.S3_BUCKET, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID!, secretAccessKey: e.S3_SECRET_ACCESS_KEY! }
      : undefined,
    uploadLimitBytes: e.UPLOAD_LIMIT_MB * 1024 * 1024,
    smsMonthlyQuota: e.SMS_MONTHLY_QUOTA,
    smsFile: e.SMS_FILE || undefined,
    wechatApiBase: e.WECHAT_API_BASE.replace(/\/+$/, ''),
    tsa: e.TSA_URL ? { url: e.TSA_URL, username: e.TSA_USERNAME, password: e.TSA_PASSWORD, caPem: e.TSA_CA_FILE ? readTsaCa(e.TSA_CA_FILE) : undefined } : undefined,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL,
    production: e.NODE_ENV === 'production',
  };
}
