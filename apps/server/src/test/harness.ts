import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { expect } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createServices } from '../platform/create-services.ts';
import { openDatabase, rowsOf, type Database } from '../platform/db.ts';
import type { AppServices } from '../platform/services.ts';
import { seedDemo } from '../seed/demo.ts';
import { obtainPrepared, openPreparedCopy, preparedEnv, preparedRun } from './prepared-db.ts';
import { createTestDatabase } from './prepared-run.ts';

export const TEST_PASSWORD = 'demo-pass-123';

/** The PostgreSQL server API tests run against when set; otherwise an in-memory PGlite per test file. */
const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Settings a test may give in `env` and still open a copy of the prepared database: they change
 * nothing the seed writes. Any other setting (file store, SMTP, TSA, keys …) gets a database
 * migrated and seeded for that app alone, as the seed would run under it.
 */
const COPYABLE_ENV = new Set(['UPLOAD_LIMIT_MB', 'TRUST_PROXY', 'METRICS_TOKEN']);

/**
 * Set by scripts/test.mjs: every test app then logs at debug level, as JSON lines through the real
 * logger, into a file of its own in this folder, which the run scans for personal data afterwards.
 */
const logDir = process.env.WFSAAS_TEST_LOG_DIR;
let logFiles = 0;

type TestLog = { destination: DestinationStream; close(): Promise<void> };

/** A test app's log file, named after its test file; lines written after close are dropped. */
function openTestLog(): TestLog | undefined {
  if (!logDir) return undefined;
  let name = 'app';
  try {
    name = basename(expect.getState().testPath ?? name).replace(/\.test\.ts$/, '');
  } catch {
    // outside vitest (the benchmarks)
  }
  const file = pino.destination({ dest: join(logDir, `${name}-${process.pid}-${++logFiles}.log`), sync: false, minLength: 8 * 1024, mkdir: true });
  let open = true;
  return {
    destination: { write: (line: string) => (open ? file.write(line) : undefined) },
    close: () =>
      new Promise<void>((resolve) => {
        open = false;
        file.once('close', () => resolve());
        file.end();
      }),
  };
}

function teeTestLog(file: TestLog | undefined, extra: DestinationStream | undefined): TestLog | undefined {
  if (!extra) return file;
  return {
    destination: {
      write: (line: string) => {
        extra.write(line);
        file?.destination.write(line);
      },
    },
    close: async () => file?.close(),
  };
}

export type TestApp = {
  app: FastifyInstance;
  services: AppServices;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
  /** POST JSON (or another method) with the bearer token and company header. */
  call<T = unknown>(url: string, opts?: { token?: string; companyId?: number | string; body?: unknown; method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; headers?: Record<string, string> }): Promise<{ status: number; body: { code: number; message: string; data: T; pageMessage?: unknown } }>;
  login(phone: string, password?: string): Promise<string>;
  /** Rows of a query run as the database owner (no row-level security): what a test checks beside the API. */
  rows<T>(query: SQL): Promise<T[]>;
};

/**
 * An app on its own database with the small demo seed, and its own DATA_DIR. The database is a copy
 * of the run's prepared database (./prepared-db.ts) unless the test asks for no seed or for settings
 * the seed could depend on: then it is migrated and seeded here, with keys of its own.
 */
export async function createTestApp(
  opts: {
    seed?: boolean;
    env?: Record<string, string>;
    /** The app logs at debug level here too (a test reading its own log). */
    logDestination?: DestinationStream;
    /** Adds routes before the app is ready (a test of the app's own error handling). */
    beforeReady?: (app: FastifyInstance, services: AppServices) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wfsaas-test-'));
  const run = preparedRun();
  const copy = run && opts.seed !== false && Object.keys(opts.env ?? {}).every((k) => COPYABLE_ENV.has(k));
  let database: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  let services: AppServices;
  const log = teeTestLog(openTestLog(), opts.logDestination);
  const logLevel = log ? 'debug' : 'silent';
  try {
    if (copy) {
      const prepared = await obtainPrepared(run, serverUrl, TEST_PASSWORD);
      const config = loadConfig({ ...preparedEnv(prepared, dataDir, TEST_PASSWORD), LOG_LEVEL: logLevel, ...opts.env });
      ({ database, drop } = await openPreparedCopy(prepared, serverUrl, dataDir));
      services = await createServices(config, { database, logDestination: log?.destination });
    } else {
      const config = loadConfig({
        DATA_DIR: dataDir,
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        TOKEN_SECRET: randomBytes(32).toString('hex'),
        DEMO_PASSWORD: TEST_PASSWORD,
        LOG_LEVEL: logLevel,
        WEB_DIST: join(dataDir, 'no-web'),
        ...opts.env,
      });
      const server = serverUrl ? await createTestDatabase(serverUrl) : undefined;
      drop = server?.drop;
      database = await openDatabase(server ? { databaseUrl: server.url, poolSize: 5, onIdleError: () => undefined } : { inMemory: true });
      services = await createServices(config, { database, logDestination: log?.destination });
      if (opts.seed !== false) await seedDemo(services, { roster: 'small' });
    }
  } catch (err) {
    await database?.close().catch(() => undefined);
    await drop?.().catch(() => undefined);
    await log?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const app = await buildApp(services, { serveWeb: false });
  opts.beforeReady?.(app, services);
  await app.ready();

  const call: TestApp['call'] = async (url, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.companyId !== undefined) headers.companyid = String(o.companyId);
    const res = await app.inject({
      method: o.method ?? 'POST',
      url,
      headers,
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };

  return {
    app,
    services,
    database,
    dataDir,
    call,
    async login(phone, password = TEST_PASSWORD) {
      const r = await call<{ access_token: string }>('/wfsaas-auth/login', { body: { username: phone, password } });
      if (r.body.code !== 200) throw new Error(`login failed: ${r.body.message}`);
      return r.body.data.access_token;
    },
    async rows<T>(query: SQL) {
      return rowsOf<T>(await database.db.execute(query));
    },
    async close() {
      await app.close();
      await database.close();
      await drop?.();
      await log?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Counts the rows of every table, as the owner, to prove a refused call changed nothing. */
export async function snapshotCounts(database: Database): Promise<Record<string, number>> {
  const { sql } = await import('drizzle-orm');
  const tables = rowsOf<{ tablename: string }>(await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`));
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = rowsOf<{ n: string | number }>(await database.db.execute(sql.raw(`select count(*) as n from "${t.tablename}"`)));
    out[t.tablename] = Number(r[0]?.n ?? 0);
  }
  return out;
}

/**
 * Runs a call that must be refused: checks its code and message (exact text or pattern) and that no
 * table gained or lost a row.
 */
export async function expectUnchanged(
  database: Database,
  call: () => Promise<{ body: { code: number; message: string } }>,
  code: number,
  message: string | RegExp,
): Promise<void> {
  const { expect } = await import('vitest');
  const before = await snapshotCounts(database);
  const r = await call();
  expect(r.body.code, r.body.message).toBe(code);
  if (typeof message === 'string') expect(r.body.message).toBe(message);
  else expect(r.body.message).toMatch(message);
  expect(await snapshotCounts(database)).toEqual(before);
}

/** The access gate's refusals (HTTP 403); a business refusal with code 403 is HTTP 200 so its message shows. */
const GATE_REFUSAL = /^(您不是该公司的成员|您没有此操作的权限)/;

/**
 * Runs a call that must be refused: its code and exact message, its HTTP status (403 from the access
 * gate, 200 otherwise), and `state` (by default every table's row count) unchanged.
 */
export async function expectRefused(
  t: Pick<TestApp, 'database'>,
  call: () => Promise<{ status: number; body: { code: number; message: string } }>,
  code: number,
  message: string,
  state: () => Promise<unknown> = () => snapshotCounts(t.database),
): Promise<void> {
  const { expect } = await import('vitest');
  const before = await state();
  const r = await call();
  expect(r.body).toMatchObject({ code, message });
  expect(r.status).toBe(GATE_REFUSAL.test(message) ? 403 : 200);
  expect(await state()).toEqual(before);
}
