/**
 * The API tests' prepared database: migrated, with the platform root CA and the small demo seed, made
 * once per vitest run and copied for every test file — instead of every file running initdb, all the
 * migrations and the seed again (about 4 s a file on PGlite, 3 s on PostgreSQL).
 *
 * - The run's global set-up (./global-setup.ts) makes a folder under the OS temp dir and hands it to
 *   the test files (`inject('wfsaasPrepared')`).
 * - The first test file that needs the database builds it, under a lock file in that folder, while
 *   the other workers wait: on PGlite a tarball of the data directory (`dumpDataDir`), which each app
 *   opens with `loadDataDir`; on PostgreSQL a template database, which each app copies with
 *   `CREATE DATABASE … TEMPLATE` (a file copy on the server). The files the seed stored under
 *   DATA_DIR/files (seals, contract templates) are copied into each app's own DATA_DIR.
 * - Each copy is opened with the configuration the seed ran with — the same ENCRYPTION_KEY,
 *   TOKEN_SECRET and DEMO_PASSWORD — so an app on a copy answers exactly as one seeded on its own.
 *   The copy is the app's own: nothing is shared between test files.
 * - The seed writes "today" and "this month": the prepared database is made per run and per day,
 *   never committed, and a run that passes midnight builds a second one for the new day.
 * - The global teardown removes the folder and drops the run's template databases.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { loadConfig } from '../config.ts';
import { createServices } from '../platform/create-services.ts';
import { openDatabase, type Database } from '../platform/db.ts';
import { seedDemo } from '../seed/demo.ts';
import { adminQuery, createTestDatabase, databaseUrl, type PreparedRun } from './prepared-run.ts';

/** The run's prepared-database settings, or undefined when the tests run without the global set-up. */
export function preparedRun(): PreparedRun | undefined {
  try {
    return inject('wfsaasPrepared');
  } catch {
    return undefined;
  }
}

/**
 * A prepared database made for one day: the PGlite tarball or the PostgreSQL template, the files the
 * seed stored, and the keys it ran with. Each prepared database has keys of its own, so the caches
 * kept per master key (the decrypted platform root) never mix two databases' roots.
 */
export type Prepared = { filesDir: string; tarball?: string; template?: string; encryptionKey: string; tokenSecret: string };

/**
 * The day the seed's dates come from: the China day (most of the seed) and the local day (a few
 * years are taken from the machine's clock). A change of either makes a new prepared database.
 */
function seedDay(now = new Date()): string {
  const china = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(now).replaceAll('-', '');
  const local = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  return china === local ? china : `${china}_${local}`;
}

/** The configuration environment of every app on a copy: the one the seed ran with, and its DATA_DIR. */
export function preparedEnv(keys: Pick<Prepared, 'encryptionKey' | 'tokenSecret'>, dataDir: string, demoPassword: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: keys.encryptionKey,
    TOKEN_SECRET: keys.tokenSecret,
    DEMO_PASSWORD: demoPassword,
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dataDir, 'no-web'),
  };
}

/** Builds the day's prepared database into `dayDir`: the seed's DATA_DIR is `dayDir/data`. */
async function build(dayDir: string, template: string, serverUrl: string | undefined, demoPassword: string): Promise<Prepared> {
  const dataDir = join(dayDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const keys = { encryptionKey: randomBytes(32).toString('base64'), tokenSecret: randomBytes(32).toString('hex') };
  const config = loadConfig(preparedEnv(keys, dataDir, demoPassword));
  let database: Database;
  if (serverUrl) {
    // a build that died half-way (its worker killed) may have left it
    await adminQuery(serverUrl, `drop database if exists ${template} with (force)`);
    await adminQuery(serverUrl, `create database ${template}`);
    database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, template), poolSize: 5, onIdleError: () => undefined });
  } else {
    database = await openDatabase({ inMemory: true });
  }
  let tarball: string | undefined;
  try {
    const services = await createServices(config, { database });
    await seedDemo(services, { roster: 'small' });
    if (!serverUrl) {
      tarball = join(dayDir, 'pgdata.tar');
      const dump = await database.dumpDataDir!();
      writeFileSync(tarball, Buffer.from(await dump.arrayBuffer()));
    }
  } finally {
    // every connection to the template closed: CREATE DATABASE … TEMPLATE refuses a template in use
    await database.close();
  }
  return { filesDir: join(dataDir, 'files'), tarball, template: serverUrl ? template : undefined, ...keys };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The day's prepared database of this run, built by the first caller (any worker process) while
 * the others wait for it. A build that throws frees the lock, and the next caller tries again.
 */
export async function obtainPrepared(run: PreparedRun, serverUrl: string | undefined, demoPassword: string): Promise<Prepared> {
  const day = seedDay();
  const dayDir = join(run.dir, day);
  const ready = join(dayDir, 'ready.json');
  const lock = join(run.dir, `${day}.lock`);
  const template = `${run.templatePrefix}_${day}`;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as Prepared;
    let fd: number | undefined;
    try {
      fd = openSync(lock, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (fd !== undefined) {
      writeSync(fd, String(process.pid));
      closeSync(fd);
      try {
        if (existsSync(ready)) continue;
        const prepared = await build(dayDir, template, serverUrl, demoPassword);
        writeFileSync(`${ready}.tmp`, JSON.stringify(prepared));
        renameSync(`${ready}.tmp`, ready);
        return prepared;
      } finally {
        rmSync(lock, { force: true });
      }
    }
    const holder = Number(existsSync(lock) ? readFileSync(lock, 'utf8') : '');
    if (holder > 0 && !processAlive(holder) && existsSync(lock) && !existsSync(ready)) {
      throw new Error(`the prepared test database was being built by process ${holder}, which ended without finishing it (see that test file's failure)`);
    }
    if (Date.now() > deadline) throw new Error('the prepared test database was not built within 10 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
}

let tarballCache: { path: string; blob: Blob } | undefined;

/** Opens this app's own copy of the prepared database and copies the seed's files into its DATA_DIR. */
export async function openPreparedCopy(prepared: Prepared, serverUrl: string | undefined, dataDir: string): Promise<{ database: Database; drop?: () => Promise<void> }> {
  if (existsSync(prepared.filesDir)) cpSync(prepared.filesDir, join(dataDir, 'files'), { recursive: true });
  if (serverUrl) {
    if (!prepared.template) throw new Error('the prepared database was built for PGlite, not PostgreSQL');
    const { url, drop } = await createTestDatabase(serverUrl, prepared.template);
    try {
      const database = await openDatabase({ databaseUrl: url, poolSize: 5, onIdleError: () => undefined });
      return { database, drop };
    } catch (err) {
      await drop();
      throw err;
    }
  }
  if (!prepared.tarball) throw new Error('the prepared database was built for PostgreSQL, not PGlite');
  if (tarballCache?.path !== prepared.tarball) tarballCache = { path: prepared.tarball, blob: new Blob([readFileSync(prepared.tarball)]) };
  return { database: await openDatabase({ loadDataDir: tarballCache.blob }) };
}
