/**
 * Server mode on one machine: a fresh PostgreSQL database, API processes (RUN_JOBS=false) and job
 * workers run from the built server bundle with the flags `npm start` / `npm run worker` give them,
 * sharing the keys and DATA_DIR. Each process can be killed, stopped with SIGTERM and started again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureServerBuild } from '../../scripts/build-server.mjs';
import { SERVER_ENV, SERVER_NODE_OPTIONS } from '../lib/server-process.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const MIGRATION_LOCK = 727274;

export type ServerDatabase = { url: string; name: string; drop(): Promise<void> };

/** A new database `wfsaas_srv_<time>_<random>` on the server of `adminUrl`, dropped by drop(). */
export async function createServerDatabase(adminUrl: string): Promise<ServerDatabase> {
  const name = `wfsaas_srv_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** How many migrations the bundle carries (the journal's entries). */
export function migrationCount(): number {
  const journal = JSON.parse(readFileSync(join(ROOT, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** One server process (API or worker): start, kill -9, SIGTERM, start again; its log lines go to a file. */
export class ServerProcess {
  proc: ChildProcess | null = null;
  exited: Promise<Exit> = Promise.resolve({ code: null, signal: null });
  /** Every start's pid, in order. */
  readonly pids: number[] = [];
  private lines: string[] = [];
  private readonly log: WriteStream;

  constructor(
    readonly name: string,
    private readonly entry: string,
    readonly env: Record<string, string>,
    logDir: string,
    readonly port?: number,
  ) {
    this.log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  get running(): boolean {
    return this.proc !== null && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  start(): void {
    const proc = spawn(process.execPath, [...SERVER_NODE_OPTIONS, this.entry], {
      cwd: ROOT,
      // Only what the process needs: nothing of this shell's configuration (S3, SMTP …) leaks in.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...SERVER_ENV, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.proc = proc;
    this.pids.push(proc.pid!);
    this.lines = [];
    const take = (chunk: Buffer) => {
      this.log.write(chunk);
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') this.lines.push(line);
      if (this.lines.length > 5000) this.lines.splice(0, this.lines.length - 5000);
    };
    proc.stdout!.on('data', take);
    proc.stderr!.on('data', take);
    this.exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  }

  /** Log messages (pino's `msg`) of the current start. */
  messages(): string[] {
    return this.lines.map((l) => {
      try {
        return String((JSON.parse(l) as { msg?: unknown }).msg ?? l);
      } catch {
        return l;
      }
    });
  }

  tail(n = 40): string {
    return this.lines.slice(-n).join('\n');
  }

  async waitFor(test: () => boolean | Promise<boolean>, what: string, ms = 120_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await test())) {
      if (!this.running) throw new Error(`${this.name} exited while waiting for ${what}:\n${this.tail()}`);
      if (Date.now() > deadline) throw new Error(`${this.name}: timed out waiting for ${what}:\n${this.tail()}`);
      await sleep(100);
    }
  }

  /** API: answers GET /api/health; worker: its job runner has started. */
  async ready(ms?: number): Promise<void> {
    if (this.port !== undefined) {
      const url = `http://127.0.0.1:${this.port}/api/health`;
      await this.waitFor(() => fetch(url).then((r) => r.ok, () => false), 'health', ms);
    } else {
      await this.waitFor(() => this.messages().includes('worker started'), 'worker started', ms);
    }
  }

  async kill9(): Promise<Exit> {
    this.proc?.kill('SIGKILL');
    return this.exited;
  }

  async term(): Promise<Exit> {
    this.proc?.kill('SIGTERM');
    return this.exited;
  }

  close(): void {
    if (this.running) this.proc!.kill('SIGKILL');
    this.log.end();
  }
}

export type ClusterOptions = {
  databaseUrl: string;
  dataDir: string;
  logDir: string;
  apis: number;
  workers: number;
  /** JOB_LEASE_SECONDS of the workers. */
  leaseSeconds: number;
  demoPassword: string;
  publicUrl: string;
};

export type Cluster = { apis: ServerProcess[]; workers: ServerProcess[]; all: ServerProcess[]; close(): void };

/** Builds the server (as `npm start` does) and makes the processes; nothing is started yet. */
export async function makeCluster(o: ClusterOptions): Promise<Cluster> {
  const [main, worker] = (await ensureServerBuild()) as [string, string];
  mkdirSync(o.logDir, { recursive: true });
  const shared = {
    DATABASE_URL: o.databaseUrl,
    DATA_DIR: o.dataDir,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    DEMO_PASSWORD: o.demoPassword,
    PUBLIC_URL: o.publicUrl,
    SMS_MONTHLY_QUOTA: '10000000',
    JOB_LEASE_SECONDS: String(o.leaseSeconds),
    DATABASE_POOL_SIZE: '10',
    LOG_LEVEL: 'info',
  };
  const apis: ServerProcess[] = [];
  for (let i = 0; i < o.apis; i++) {
    const port = await freePort();
    // The first API process seeds the demo tenant; the proxy in front is the only trusted forwarder.
    const env = { ...shared, PORT: String(port), HOST: '127.0.0.1', RUN_JOBS: 'false', SEED_DEMO: i === 0 ? 'true' : 'false', TRUST_PROXY: '127.0.0.1' };
    apis.push(new ServerProcess(`api${i + 1}`, main, env, o.logDir, port));
  }
  const workers = Array.from({ length: o.workers }, (_, i) => new ServerProcess(`worker${i + 1}`, worker, { ...shared, SEED_DEMO: 'false' }, o.logDir));
  const all = [...apis, ...workers];
  return { apis, workers, all, close: () => all.forEach((p) => p.close()) };
}

/** The keys every process of a cluster shares (for the harness's own reads of encrypted rows). */
export function clusterSecrets(c: Cluster): { encryptionKey: Buffer; tokenSecret: Buffer } {
  const env = c.all[0]!.env;
  return { encryptionKey: Buffer.from(env.ENCRYPTION_KEY!, 'base64'), tokenSecret: Buffer.from(env.TOKEN_SECRET!) };
}

/**
 * Starts every process at once on the empty database and watches the migration lock meanwhile:
 * answers the most processes seen waiting for it at one time.
 */
export async function startTogether(c: Cluster, adminUrl: string, dbName: string): Promise<{ maxWaiting: number; seconds: number }> {
  const started = Date.now();
  const watch = new pg.Client({ connectionString: adminUrl });
  await watch.connect();
  let maxWaiting = 0;
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const r = await watch.query<{ n: string }>(
        `select count(*) as n from pg_locks l join pg_database d on d.oid = l.database
         where l.locktype = 'advisory' and l.objid = $1 and not l.granted and d.datname = $2`,
        [MIGRATION_LOCK, dbName],
      );
      maxWaiting = Math.max(maxWaiting, Number(r.rows[0]!.n));
      await sleep(20);
    }
  })();
  try {
    for (const p of c.all) p.start();
    await Promise.all(c.all.map((p) => p.ready(180_000)));
  } finally {
    watching = false;
    await watcher;
    await watch.end();
  }
  return { maxWaiting, seconds: (Date.now() - started) / 1000 };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
