import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ServerCommand, ServerCpu, ServerReady } from './api-server.ts';
import { combineLoads, runLoad, type LoadRequest, type LoadResult } from './lib/load.ts';
import { machineInfo, type BenchOptions, type MachineInfo } from './lib/options.ts';
import { backendCpuMicros, watchBackendCpu, type BackendCpu } from './lib/pg-cpu.ts';
import { SERVER_ENV, SERVER_NODE_OPTIONS } from './lib/server-process.ts';
import { buildBenchServer } from './lib/server-build.ts';

/** Ours must reach this share of the bare-Fastify floor's throughput. */
export const TARGET_RATIO = 0.6;
/** Per database, everything measured (warm-ups included) stays within this many seconds. */
const BUDGET_SECONDS = 110;

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(BENCH_DIR);
const RESULTS_DIR = join(BENCH_DIR, 'results');
const PASSWORD = 'bench-pass-123';
const PHONE = '13800000000';
const COMPANY_ID = '1';

type DatabaseName = 'pglite' | 'postgresql';

type Endpoint = {
  name: string;
  /** Builds the request for a server's base URL; both servers get the same headers and body. */
  request(base: string, token: string): LoadRequest;
};

const ENDPOINTS: Endpoint[] = [
  { name: 'health', request: (base) => ({ url: `${base}/api/health`, method: 'GET' }) },
  {
    name: 'permission-list',
    request: (base, token) => ({
      url: `${base}/wfsaas-system/api/sys/permission/in/user/list`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, companyid: COMPANY_ID, 'content-type': 'application/json' },
      body: JSON.stringify({ typeList: [4, 5] }),
    }),
  },
];

/** One server's measurement: the load generator's view and the CPU time the servers spent. */
export type SideResult = LoadResult & {
  /** CPU µs per request of the Node.js server process (with PGlite: the database too). */
  serverCpuUsPerReq: number;
  /** CPU µs per request of the PostgreSQL backends; null with PGlite or a server on another machine. */
  dbCpuUsPerReq: number | null;
  /** Both together: what one request costs the machine, unaffected by how busy the machine was. */
  cpuUsPerReq: number;
};

export type ApiRow = {
  target: string;
  database: DatabaseName;
  oursReqPerSec: number;
  floorReqPerSec: number;
  /** ours / floor throughput: the figure the target applies to. */
  ratio: number;
  oursP99Ms: number;
  floorP99Ms: number;
  pass: boolean;
  /** floor / ours CPU per request: the same ratio measured as cost, steadier on a busy machine. */
  cpuRatio: number;
  ours: SideResult;
  floor: SideResult;
};

export type ApiReport = {
  target: 'api';
  database: DatabaseName;
  command: string;
  machine: MachineInfo;
  /** Measured seconds per server and endpoint, in `rounds` alternating runs. */
  duration: number;
  rounds: number;
  warmup: number;
  connections: number;
  targetRatio: number;
  rows: ApiRow[];
};

/** A fresh database on the PostgreSQL server, dropped afterwards (as the API tests do). */
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

type Server = { ready: ServerReady; cpuMicros(): Promise<number>; stop(): Promise<void> };

/** Forks bench/api-server.ts and waits until both servers listen. */
async function startServer(env: Record<string, string>, profileDir: string | undefined): Promise<Server> {
  const child = fork(await buildBenchServer('api-server'), [], {
    cwd: ROOT,
    execArgv: [...SERVER_NODE_OPTIONS, ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [])],
    env: { ...process.env, ...SERVER_ENV, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = await new Promise<ServerReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ServerReady));
    void exited.then((code) => reject(new Error(`the benchmark server exited with code ${String(code)} before it was ready`)));
  });
  const send = (cmd: ServerCommand) => child.send(cmd);
  return {
    ready,
    cpuMicros: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m) => resolve((m as ServerCpu).micros));
        send({ type: 'cpu' });
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
  const res = await fetch(`${base}/wfsaas-auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: PHONE, password: PASSWORD }),
  });
  const body = (await res.json()) as { code: number; message: string; data: { access_token?: string } | null };
  if (body.code !== 200 || !body.data?.access_token) throw new Error(`login failed: ${body.message}`);
  return body.data.access_token;
}

async function fetchOnce(req: LoadRequest): Promise<{ status: number; text: string }> {
  const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
  return { status: res.status, text: await res.text() };
}

/** Both servers must give the same answer before their speed is compared; returns the bodies to expect. */
async function checkAnswers(endpoint: Endpoint, ours: LoadRequest, floor: LoadRequest): Promise<{ ours: string; floor: string }> {
  const [o, f] = await Promise.all([fetchOnce(ours), fetchOnce(floor)]);
  if (o.status !== 200 || f.status !== 200) throw new Error(`${endpoint.name}: HTTP ${o.status} (ours) / ${f.status} (floor)`);
  const envelope = JSON.parse(o.text) as { code: number; message: string; data: unknown };
  if (envelope.code !== 200) throw new Error(`${endpoint.name}: ours answered ${envelope.code} ${envelope.message}`);
  if (JSON.stringify(envelope.data) !== JSON.stringify(JSON.parse(f.text))) {
    throw new Error(`${endpoint.name}: ours and the floor disagree:\n  ours  ${o.text}\n  floor ${f.text}`);
  }
  return { ours: o.text, floor: f.text };
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function formatTable(rows: ApiRow[]): string {
  const head = ['target', 'database', 'ours req/s', 'floor req/s', 'ratio', 'ours p99 ms', 'floor p99 ms', `≥ ${TARGET_RATIO.toFixed(2)}`, 'ours CPU µs/req', 'floor CPU µs/req', 'CPU ratio'];
  const numeric = new Set([2, 3, 4, 5, 6, 8, 9, 10]);
  const body = rows.map((r) => {
    const failures = r.ours.failures + r.floor.failures;
    return [
      `api/${r.target}`,
      r.database,
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

/** How the measured seconds of each server are split into alternating rounds. */
type Plan = { rounds: number; roundSeconds: number };

/** dbCpu counts only while every run could read the backends' CPU time. */
type Side = { req: LoadRequest; runs: LoadResult[]; serverCpu: number; dbCpu: number | null };

/** One measured run, with the CPU time the server process (and PostgreSQL backends) spent during it. */
async function measureRun(side: Side, server: Server, backends: BackendCpu | undefined, opts: BenchOptions, seconds: number): Promise<void> {
  const cpu0 = await server.cpuMicros();
  const db0 = (await backends?.sample()) ?? null;
  side.runs.push(await runLoad(side.req, opts.connections, seconds));
  const cpu1 = await server.cpuMicros();
  const db1 = (await backends?.sample()) ?? null;
  side.serverCpu += cpu1 - cpu0;
  const db = backendCpuMicros(db0, db1);
  side.dbCpu = db === null || side.dbCpu === null ? null : side.dbCpu + db;
}

function sideResult(side: Side): SideResult {
  const load = combineLoads(side.runs);
  const n = Math.max(1, load.requests);
  const serverCpuUsPerReq = side.serverCpu / n;
  const dbCpuUsPerReq = side.dbCpu === null ? null : side.dbCpu / n;
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    ...load,
    reqPerSec: round(load.reqPerSec),
    serverCpuUsPerReq: round(serverCpuUsPerReq),
    dbCpuUsPerReq: dbCpuUsPerReq === null ? null : round(dbCpuUsPerReq),
    cpuUsPerReq: round(serverCpuUsPerReq + (dbCpuUsPerReq ?? 0)),
  };
}

async function benchDatabase(database: DatabaseName, opts: BenchOptions, plan: Plan): Promise<ApiReport> {
  const machine = machineInfo();
  const dataDir = mkdtempSync(join(tmpdir(), 'wfsaas-bench-'));
  const adminUrl = process.env.DATABASE_URL;
  const serverDb = database === 'postgresql' && adminUrl ? await createServerDatabase(adminUrl) : undefined;
  let server: Server | undefined;
  let backends: BackendCpu | undefined;
  try {
    const profileDir = opts.profile ? join(RESULTS_DIR, `profile-api-${database}`) : undefined;
    server = await startServer({ BENCH_DATA_DIR: dataDir, BENCH_PASSWORD: PASSWORD, BENCH_DATABASE_URL: serverDb?.url ?? '' }, profileDir);
    if (serverDb && adminUrl) backends = await watchBackendCpu(adminUrl, serverDb.name);
    const { ours, floor } = server.ready;
    const token = await login(ours);
    const rows: ApiRow[] = [];
    for (const endpoint of ENDPOINTS) {
      const oursReq = endpoint.request(ours, token);
      const floorReq = endpoint.request(floor, token);
      const expected = await checkAnswers(endpoint, oursReq, floorReq);
      // Ours and the floor take turns (ours, floor, ours, floor, …) so a change in the machine's
      // other load during the run weighs on both alike.
      const sides: [Side, Side] = [
        { req: { ...oursReq, expectBody: expected.ours }, runs: [], serverCpu: 0, dbCpu: 0 },
        { req: { ...floorReq, expectBody: expected.floor }, runs: [], serverCpu: 0, dbCpu: 0 },
      ];
      for (const side of sides) await runLoad(side.req, opts.connections, opts.warmup);
      for (let round = 0; round < plan.rounds; round++) {
        for (const side of sides) await measureRun(side, server, backends, opts, plan.roundSeconds);
      }
      const [o, f] = sides.map(sideResult) as [SideResult, SideResult];
      console.log(
        `  ${database} ${endpoint.name}: ours ${fmt(o.reqPerSec)} req/s (p99 ${fmt(o.p99Ms)} ms, ${fmt(o.cpuUsPerReq)} µs CPU/req), ` +
          `floor ${fmt(f.reqPerSec)} req/s (p99 ${fmt(f.p99Ms)} ms, ${fmt(f.cpuUsPerReq)} µs CPU/req)`,
      );
      const ratio = f.reqPerSec > 0 ? o.reqPerSec / f.reqPerSec : 0;
      rows.push({
        target: endpoint.name,
        database,
        oursReqPerSec: Math.round(o.reqPerSec),
        floorReqPerSec: Math.round(f.reqPerSec),
        ratio: Number(ratio.toFixed(3)),
        oursP99Ms: o.p99Ms,
        floorP99Ms: f.p99Ms,
        pass: ratio >= TARGET_RATIO,
        cpuRatio: o.cpuUsPerReq > 0 ? Number((f.cpuUsPerReq / o.cpuUsPerReq).toFixed(3)) : 0,
        ours: o,
        floor: f,
      });
    }
    return {
      target: 'api',
      database,
      command: opts.command,
      machine,
      duration: plan.rounds * plan.roundSeconds,
      rounds: plan.rounds,
      warmup: opts.warmup,
      connections: opts.connections,
      targetRatio: TARGET_RATIO,
      rows,
    };
  } finally {
    await backends?.close();
    await server?.stop();
    await serverDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runApiBench(opts: BenchOptions): Promise<void> {
  const rounds = Math.min(opts.rounds, opts.duration);
  const plan: Plan = { rounds, roundSeconds: Math.max(1, Math.round(opts.duration / rounds)) };
  const servers = ENDPOINTS.length * 2;
  if (servers * (opts.warmup + plan.rounds * plan.roundSeconds) > BUDGET_SECONDS) {
    plan.roundSeconds = Math.max(1, Math.floor((BUDGET_SECONDS / servers - opts.warmup) / plan.rounds));
    console.log(`api: over the ${BUDGET_SECONDS} s budget per database; measuring ${plan.rounds} × ${plan.roundSeconds} s per server instead`);
  }
  const databases: DatabaseName[] = [];
  if (opts.database !== 'postgresql') databases.push('pglite');
  if (opts.database !== 'pglite') {
    if (process.env.DATABASE_URL) databases.push('postgresql');
    else console.log('api: DATABASE_URL is not set; PostgreSQL skipped');
  }
  const m = machineInfo();
  console.log(
    `api: ${m.cores} cores (${m.cpu}), Node ${m.node}; ${opts.connections} connections, warm-up ${opts.warmup} s, ` +
      `measured ${plan.rounds} × ${plan.roundSeconds} s per server, ours and the floor alternating`,
  );
  if (m.loadAverage > m.cores / 2) {
    console.log(`api: WARNING the machine is busy (load average ${m.loadAverage} on ${m.cores} cores); req/s will be low and noisy — compare the CPU columns`);
  }
  const rows: ApiRow[] = [];
  for (const database of databases) {
    const report = await benchDatabase(database, opts, plan);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, `api-${database}.json`), `${JSON.stringify(report, null, 2)}\n`);
    rows.push(...report.rows);
  }
  console.log(`\n${formatTable(rows)}\n`);
  const below = rows.filter((r) => !r.pass);
  if (below.length === 0) console.log(`api: every target reaches ${TARGET_RATIO.toFixed(2)} of the floor`);
  else console.log(`api: BELOW TARGET (${TARGET_RATIO.toFixed(2)} of the floor): ${below.map((r) => `${r.target}/${r.database} ${r.ratio.toFixed(2)}`).join(', ')}`);
  console.log(`api: results written to ${RESULTS_DIR}/api-<database>.json`);
}
