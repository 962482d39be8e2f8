import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { combineLoads, runLoad, type LoadRequest, type LoadResult } from './lib/load.ts';
import { machineInfo, type BenchOptions, type MachineInfo } from './lib/options.ts';
import { backendCpuMicros, watchBackendCpu, type BackendCpu } from './lib/pg-cpu.ts';
import { SERVER_ENV, SERVER_NODE_OPTIONS, type ProfileCommand } from './lib/server-process.ts';
import { buildBenchServer } from './lib/server-build.ts';
import type { RosterCommand, RosterCpu, RosterExport, RosterReady } from './roster-server.ts';

/**
 * `roster`: companyEmployee/pageList over 100,000 employees in one company, with a keyword and a
 * department-subtree filter — our endpoint against a bare Fastify endpoint running the same SQL
 * (bench/roster-server.ts), measured in the same run, on PGlite and on PostgreSQL (DATABASE_URL).
 * Targets: p99 ≤ 50 ms, and throughput ≥ 0.5 of the floor.
 */

export const TARGET_P99_MS = 50;
export const TARGET_RATIO = 0.5;

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(BENCH_DIR);
const RESULTS_DIR = join(BENCH_DIR, 'results');
/** A case's name as part of a file name: 'pageList name+subtree' → 'name-subtree'. */
const slug = (name: string) => name.replace(/^pageList /, '').replace(/[^a-z0-9]+/gi, '-');
const PASSWORD = 'bench-pass-123';
const PHONE = '13800000000';
const EMPLOYEES = 100_000;

type DatabaseName = 'pglite' | 'postgresql';

type Side = { req: LoadRequest; runs: LoadResult[]; serverCpu: number; dbCpu: number | null };
export type RosterSide = LoadResult & { cpuUsPerReq: number; serverCpuUsPerReq: number; dbCpuUsPerReq: number | null };
export type RosterRow = {
  target: string;
  database: DatabaseName;
  total: number;
  oursReqPerSec: number;
  floorReqPerSec: number;
  ratio: number;
  oursP99Ms: number;
  floorP99Ms: number;
  pass: boolean;
  cpuRatio: number;
  ours: RosterSide;
  floor: RosterSide;
};
export type RosterReport = {
  target: 'roster';
  database: DatabaseName;
  command: string;
  machine: MachineInfo;
  employees: number;
  generateSeconds: number;
  duration: number;
  rounds: number;
  warmup: number;
  connections: number;
  targetP99Ms: number;
  targetRatio: number;
  rows: RosterRow[];
  /** The whole roster exported to xlsx (identifiers decrypted) by the job, in a server process started on the generated data. */
  export: RosterExport;
};

async function createServerDatabase(url: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `wfsaas_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

type Server = { ready: RosterReady; cpuMicros(): Promise<number>; exportAll(): Promise<RosterExport>; profile(cmd: ProfileCommand): Promise<void>; stop(): Promise<void> };

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = fork(await buildBenchServer('roster-server'), [], {
    cwd: ROOT,
    // --expose-gc: the export's memory is measured from a collected heap
    execArgv: [...SERVER_NODE_OPTIONS, '--expose-gc'],
    env: { ...process.env, ...SERVER_ENV, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = await new Promise<RosterReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as RosterReady));
    void exited.then((code) => reject(new Error(`the roster benchmark server exited with code ${String(code)} before it was ready`)));
  });
  const send = (cmd: RosterCommand) => child.send(cmd);
  return {
    ready,
    cpuMicros: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m) => resolve((m as RosterCpu).micros));
        send({ type: 'cpu' });
      }),
    profile: (cmd) =>
      new Promise<void>((resolve) => {
        child.once('message', () => resolve());
        child.send(cmd);
      }),
    exportAll: () =>
      new Promise<RosterExport>((resolve) => {
        child.once('message', (m) => resolve(m as RosterExport));
        send({ type: 'export' });
      }),
    async stop() {
      if (child.exitCode === null && child.connected) send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/wfsaas-auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: PHONE, password: PASSWORD }) });
  const body = (await res.json()) as { code: number; message: string; data: { access_token?: string } | null };
  if (body.code !== 200 || !body.data?.access_token) throw new Error(`login failed: ${body.message}`);
  return body.data.access_token;
}

/** Both answers must carry the same rows and page before speeds are compared; answers the bodies and the total. */
async function checkAnswers(name: string, ours: LoadRequest, floor: LoadRequest): Promise<{ ours: string; floor: string; total: number }> {
  const get = async (r: LoadRequest) => {
    const res = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
    return { status: res.status, text: await res.text() };
  };
  const [o, f] = await Promise.all([get(ours), get(floor)]);
  if (o.status !== 200 || f.status !== 200) throw new Error(`${name}: HTTP ${o.status} (ours) / ${f.status} (floor)`);
  const env = JSON.parse(o.text) as { code: number; message: string; data: unknown[]; pageMessage: { total: number } };
  if (env.code !== 200) throw new Error(`${name}: ours answered ${env.code} ${env.message}`);
  const fl = JSON.parse(f.text) as { data: unknown[]; pageMessage: unknown };
  if (JSON.stringify(env.data) !== JSON.stringify(fl.data) || JSON.stringify(env.pageMessage) !== JSON.stringify(fl.pageMessage)) {
    throw new Error(`${name}: ours and the floor disagree:\n  ours  ${o.text.slice(0, 400)}\n  floor ${f.text.slice(0, 400)}`);
  }
  if (env.data.length === 0) throw new Error(`${name}: the request matches no employee`);
  return { ours: o.text, floor: f.text, total: env.pageMessage.total };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function sideResult(side: Side): RosterSide {
  const load = combineLoads(side.runs);
  const n = Math.max(1, load.requests);
  const round = (v: number) => Math.round(v * 10) / 10;
  const server = side.serverCpu / n;
  const db = side.dbCpu === null ? null : side.dbCpu / n;
  return { ...load, reqPerSec: round(load.reqPerSec), serverCpuUsPerReq: round(server), dbCpuUsPerReq: db === null ? null : round(db), cpuUsPerReq: round(server + (db ?? 0)) };
}

export function formatRosterTable(rows: RosterRow[]): string {
  const head = ['target', 'database', 'matches', 'ours req/s', 'floor req/s', 'ratio', 'ours p99 ms', 'floor p99 ms', `p99 ≤ ${TARGET_P99_MS} and ≥ ${TARGET_RATIO}`, 'ours CPU µs/req', 'floor CPU µs/req', 'CPU ratio'];
  const numeric = new Set([2, 3, 4, 5, 6, 7, 9, 10, 11]);
  const body = rows.map((r) => {
    const failures = r.ours.failures + r.floor.failures;
    return [
      `roster/${r.target}`,
      r.database,
      fmt(r.total),
      fmt(r.oursReqPerSec),
      fmt(r.floorReqPerSec),
      r.ratio.toFixed(2),
      fmt(r.oursP99Ms),
      fmt(r.floorP99Ms),
      (r.pass ? 'PASS' : 'FAIL') + (failures > 0 ? ` (${failures} failed requests)` : ''),
      fmt(r.ours.cpuUsPerReq),
      fmt(r.floor.cpuUsPerReq),
      r.cpuRatio.toFixed(2),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (numeric.has(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(head), rule, ...body.map(line)].join('\n');
}

async function benchDatabase(database: DatabaseName, opts: BenchOptions, rounds: number, roundSeconds: number): Promise<RosterReport> {
  const machine = machineInfo();
  const dataDir = mkdtempSync(join(tmpdir(), 'wfsaas-bench-roster-'));
  const adminUrl = process.env.DATABASE_URL;
  const serverDb = database === 'postgresql' && adminUrl ? await createServerDatabase(adminUrl) : undefined;
  let server: Server | undefined;
  let backends: BackendCpu | undefined;
  try {
    const started = Date.now();
    const env = { BENCH_DATA_DIR: dataDir, BENCH_PASSWORD: PASSWORD, BENCH_DATABASE_URL: serverDb?.url ?? '', BENCH_EMPLOYEES: String(EMPLOYEES) };
    server = await startServer(env);
    console.log(`  ${database}: ${fmt(server.ready.data.employees)} employees over ${server.ready.data.departments} departments generated in ${server.ready.data.seconds} s (server ready after ${fmt((Date.now() - started) / 1000, 1)} s)`);
    if (serverDb && adminUrl) backends = await watchBackendCpu(adminUrl, serverDb.name);
    const { ours, floor } = server.ready;
    const token = await login(ours);
    const rows: RosterRow[] = [];
    for (const c of server.ready.cases) {
      const request = (base: string): LoadRequest => ({
        url: `${base}/wfsaas-saas/api/companyEmployee/pageList`,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, companyid: '1', 'content-type': 'application/json' },
        body: JSON.stringify(c.body),
      });
      const expected = await checkAnswers(c.name, request(ours), request(floor));
      const sides: [Side, Side] = [
        { req: { ...request(ours), expectBody: expected.ours }, runs: [], serverCpu: 0, dbCpu: 0 },
        { req: { ...request(floor), expectBody: expected.floor }, runs: [], serverCpu: 0, dbCpu: 0 },
      ];
      for (const side of sides) await runLoad(side.req, opts.connections, opts.warmup);
      for (let round = 0; round < rounds; round++) {
        for (const side of sides) {
          const cpu0 = await server.cpuMicros();
          const db0 = (await backends?.sample()) ?? null;
          // --profile: our server's CPU profile of each measured run (the profiler's cost is in its figures)
          const profiled = opts.profile && side === sides[0];
          if (profiled) {
            mkdirSync(RESULTS_DIR, { recursive: true });
            await server.profile({ type: 'profile-start' });
          }
          side.runs.push(await runLoad(side.req, opts.connections, roundSeconds));
          if (profiled) await server.profile({ type: 'profile-stop', file: join(RESULTS_DIR, `profile-roster-${database}-${slug(c.name)}-${round + 1}.cpuprofile`) });
          const cpu1 = await server.cpuMicros();
          const db1 = (await backends?.sample()) ?? null;
          side.serverCpu += cpu1 - cpu0;
          const db = backendCpuMicros(db0, db1);
          side.dbCpu = db === null || side.dbCpu === null ? null : side.dbCpu + db;
        }
      }
      const [o, f] = sides.map(sideResult) as [RosterSide, RosterSide];
      const ratio = f.reqPerSec > 0 ? o.reqPerSec / f.reqPerSec : 0;
      console.log(`  ${database} ${c.name} (${expected.total} matches): ours ${fmt(o.reqPerSec)} req/s p99 ${fmt(o.p99Ms)} ms, floor ${fmt(f.reqPerSec)} req/s p99 ${fmt(f.p99Ms)} ms`);
      rows.push({
        target: c.name,
        database,
        total: expected.total,
        oursReqPerSec: Math.round(o.reqPerSec),
        floorReqPerSec: Math.round(f.reqPerSec),
        ratio: Number(ratio.toFixed(3)),
        oursP99Ms: o.p99Ms,
        floorP99Ms: f.p99Ms,
        pass: ratio >= TARGET_RATIO && o.p99Ms <= TARGET_P99_MS,
        cpuRatio: o.cpuUsPerReq > 0 ? Number((f.cpuUsPerReq / o.cpuUsPerReq).toFixed(3)) : 0,
        ours: o,
        floor: f,
      });
    }
    // The export in a server started again on the same data (the generating process is stopped).
    await backends?.close();
    backends = undefined;
    await server.stop();
    server = await startServer({ ...env, BENCH_EXPORT_ONLY: '1' });
    const exported = await server.exportAll();
    console.log(
      `  ${database} export (a server started on the generated data): ${fmt(exported.rows)} rows in ${exported.seconds} s, ${fmt(exported.bytes / 1024 / 1024, 1)} MB xlsx; ` +
        `process RSS ${exported.rssBeforeMb} MB before, ${exported.rssPeakMb} MB at most (JS heap at most ${exported.heapPeakMb} MB)`,
    );
    return {
      target: 'roster',
      database,
      command: opts.command,
      machine,
      employees: server.ready.data.employees,
      generateSeconds: server.ready.data.seconds,
      duration: rounds * roundSeconds,
      rounds,
      warmup: opts.warmup,
      connections: opts.connections,
      targetP99Ms: TARGET_P99_MS,
      targetRatio: TARGET_RATIO,
      rows,
      export: exported,
    };
  } finally {
    await backends?.close();
    await server?.stop();
    await serverDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runRosterBench(opts: BenchOptions): Promise<void> {
  const rounds = Math.min(opts.rounds, opts.duration);
  const roundSeconds = Math.max(1, Math.round(opts.duration / rounds));
  const databases: DatabaseName[] = [];
  if (opts.database !== 'postgresql') databases.push('pglite');
  if (opts.database !== 'pglite') {
    if (process.env.DATABASE_URL) databases.push('postgresql');
    else console.log('roster: DATABASE_URL is not set; PostgreSQL skipped');
  }
  const m = machineInfo();
  console.log(
    `roster: ${fmt(EMPLOYEES)} employees in one company; ${m.cores} cores (${m.cpu}), Node ${m.node}; ${opts.connections} connections, ` +
      `warm-up ${opts.warmup} s, measured ${rounds} × ${roundSeconds} s per server, ours and the floor alternating`,
  );
  if (m.loadAverage > m.cores / 2) console.log(`roster: WARNING the machine is busy (load average ${m.loadAverage} on ${m.cores} cores); compare the CPU columns`);
  const rows: RosterRow[] = [];
  for (const database of databases) {
    const report = await benchDatabase(database, opts, rounds, roundSeconds);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, `roster-${database}.json`), `${JSON.stringify(report, null, 2)}\n`);
    rows.push(...report.rows);
  }
  console.log(`\n${formatRosterTable(rows)}\n`);
  const below = rows.filter((r) => !r.pass);
  if (below.length === 0) console.log(`roster: every case has p99 ≤ ${TARGET_P99_MS} ms and ≥ ${TARGET_RATIO} of the floor`);
  else console.log(`roster: BELOW TARGET: ${below.map((r) => `${r.target}/${r.database} p99 ${r.oursP99Ms} ms, ${r.ratio.toFixed(2)} of the floor`).join('; ')}`);
  console.log(`roster: results written to ${RESULTS_DIR}/roster-<database>.json`);
}
