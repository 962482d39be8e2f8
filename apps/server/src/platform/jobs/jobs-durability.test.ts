import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../../db/schema/tenancy.ts';
import { openDatabase, rowsOf, type Database } from '../db.ts';
import { findJobByKey } from './queue.ts';

const here = dirname(fileURLToPath(import.meta.url));
const CHILD = join(here, 'durability-child.ts');
const ROOT = resolve(here, '../../../../..');
const ITEMS = 1000;
const KILL_AFTER = 300;

/** The probe table the child's items write to: a tenant table with no uniqueness on item_key, so a double run would show. */
const PROBE_DDL = [
  `create table job_durability_probe (
     company_id bigint not null,
     id bigint generated always as identity,
     item_key text not null,
     created_at timestamptz not null default now(),
     primary key (company_id, id))`,
  `alter table job_durability_probe enable row level security`,
  `create policy job_durability_probe_tenant on job_durability_probe as permissive for all to ${APP_ROLE}
     using (company_id = nullif(current_setting('app.company_id', true), '')::bigint)
     with check (company_id = nullif(current_setting('app.company_id', true), '')::bigint)`,
  `grant select, insert, update, delete on job_durability_probe to ${APP_ROLE}`,
  `grant usage, select on sequence job_durability_probe_id_seq to ${APP_ROLE}`,
];

async function createProbe(database: Database) {
  for (const stmt of PROBE_DDL) await database.db.execute(sql.raw(stmt));
}

type Child = { proc: ChildProcess; items(): number; exited: Promise<number | null>; output(): string };

function startChild(env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: { ...process.env, ...env, DURABILITY_ITEM_DELAY_MS: '2' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let items = 0;
  proc.stdout!.setEncoding('utf8');
  proc.stdout!.on('data', (chunk: string) => {
    out += chunk;
    items += chunk.split('\n').filter((l) => l.startsWith('item ')).length;
  });
  proc.stderr!.setEncoding('utf8');
  proc.stderr!.on('data', (chunk: string) => {
    out += chunk;
  });
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  return { proc, items: () => items, exited, output: () => out };
}

async function until(check: () => boolean, what: string, child: Child, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; child output:\n${child.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Probe = { rows: number; distinct: number; maxPerKey: number };

async function readProbe(database: Database): Promise<Probe> {
  const r = rowsOf<{ rows: string | number; distinct: string | number; max_per_key: string | number | null }>(
    await database.db.execute(sql`
      select count(*) as rows, count(distinct item_key) as distinct,
        (select max(n) from (select count(*) as n from job_durability_probe group by item_key) g) as max_per_key
      from job_durability_probe`),
  )[0]!;
  return { rows: Number(r.rows), distinct: Number(r.distinct), maxPerKey: Number(r.max_per_key ?? 0) };
}

async function expectFinished(database: Database) {
  expect(await readProbe(database)).toEqual({ rows: ITEMS, distinct: ITEMS, maxPerKey: 1 });
  const job = await findJobByKey(database.db, 1, 'durability-run');
  expect(job).toMatchObject({ status: 'succeeded', progressDone: ITEMS, progressTotal: ITEMS, result: { items: ITEMS } });
  expect(job!.attempts).toBeGreaterThanOrEqual(2);
  const items = rowsOf<{ n: string | number }>(await database.db.execute(sql`select count(*) as n from job_items where company_id = 1 and job_id = ${job!.id}`));
  expect(Number(items[0]!.n)).toBe(ITEMS);
}

async function killPartway(env: Record<string, string>) {
  const first = startChild(env);
  await until(() => first.items() >= KILL_AFTER, `${KILL_AFTER} items`, first);
  first.proc.kill('SIGKILL');
  await first.exited;
  expect(first.items()).toBeLessThan(ITEMS);
}

async function resume(env: Record<string, string>) {
  const second = startChild(env);
  const code = await second.exited;
  expect(second.output()).toContain('job ');
  expect(second.output()).toContain('found');
  expect(second.output()).toContain('done succeeded');
  expect(code).toBe(0);
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

describe('job durability across a killed worker process', () => {
  it('PGlite data directory: every item runs exactly once after a SIGKILL and a restart', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wfsaas-durability-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DURABILITY_DATA_DIR: dataDir };

    let database = await openDatabase({ dataDir });
    await createProbe(database);
    await database.close();

    await killPartway(env);
    // The child is dead: the data directory may be opened here now.
    database = await openDatabase({ dataDir });
    const partial = await readProbe(database);
    expect(partial.rows).toBeGreaterThanOrEqual(KILL_AFTER - 5);
    expect(partial.rows).toBeLessThan(ITEMS);
    expect(partial.maxPerKey).toBe(1);
    expect((await findJobByKey(database.db, 1, 'durability-run'))!.status).toBe('running');
    await database.close();

    await resume(env);
    database = await openDatabase({ dataDir });
    try {
      await expectFinished(database);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: every item runs exactly once after a SIGKILL and a restart', { timeout: 180_000 }, async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `wfsaas_dur_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    const url = u.toString();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });

    const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    cleanups.push(() => database.close());
    await createProbe(database);
    const env = { DURABILITY_DATABASE_URL: url };

    await killPartway(env);
    const partial = await readProbe(database);
    expect(partial.rows).toBeGreaterThanOrEqual(KILL_AFTER - 5);
    expect(partial.rows).toBeLessThan(ITEMS);
    expect(partial.maxPerKey).toBe(1);

    await resume(env);
    await expectFinished(database);
  });
});
