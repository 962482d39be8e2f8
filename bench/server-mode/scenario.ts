/**
 * The server-mode run: a fresh database, two API processes behind the proxy, two workers, the demo
 * seeded; mixed read load while the workers send a payslip batch, initiate a contract batch and
 * import roster rows; with `faults`, kill -9 a worker in each job and an API process during the load,
 * SIGTERM the other API process and a worker mid-job, then count every job's rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { employees } from '../../apps/server/src/db/schema/index.ts';
import { buildFixtureWorkbook, fixtureCells, fixtureRow } from '../../apps/server/src/modules/employee-import/import-fixtures.ts';
import { buildLabourContractTemplate } from '../../apps/server/src/modules/econtracts/econtracts.seed.ts';
import { buildPayslipWorkbook, TWO_ROW_HEADER, TWO_ROW_MERGES } from '../../apps/server/src/modules/payslips/payslip-fixtures.ts';
import { createPersonalDataCipher, tokenHasher } from '../../apps/server/src/platform/crypto.ts';
import { clusterSecrets, createServerDatabase, makeCluster, migrationCount, sleep, startTogether, freePort, type ServerProcess } from './cluster.ts';
import { startProxy, type BackendStats } from './proxy.ts';

export type ScenarioOptions = {
  /** A PostgreSQL server's URL; the run creates its own database there and drops it. */
  adminUrl: string;
  seconds: number;
  payslips: number;
  contracts: number;
  rows: number;
  faults: boolean;
  /** autocannon connections per endpoint. */
  connections: number;
  leaseSeconds: number;
  log: (line: string) => void;
  /** Keep the processes' logs here (a temporary folder, removed after a clean run, otherwise). */
  logDir?: string;
};

export type EndpointFigures = { name: string; requests: number; reqPerSec: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number; timeouts: number };
export type JobFigures = { kind: JobKind; id: number; total: number; status: string; attempts: number; seconds: number; holders: string[] };
export type FaultEvent = { what: string; detail: string; ok: boolean };
export type Counts = Record<string, { expected: number; rows: number; distinct: number }>;
export type ScenarioResult = {
  startup: { seconds: number; maxWaitingOnMigrationLock: number; migrationsRecorded: number; migrationsInBundle: number };
  endpoints: EndpointFigures[];
  jobs: JobFigures[];
  backends: BackendStats[];
  faults: FaultEvent[];
  counts: Counts;
  /** Requests the load generator saw fail, and those the proxy attributes to a backend. */
  failures: { client: number; byBackend: Record<string, number> };
  logDir: string;
};

type JobKind = 'payslips' | 'contracts' | 'import' | 'import-sigterm';
const JOB_TYPES: Record<string, JobKind> = { 'payslips.send': 'payslips', 'econtracts.batchInitiate': 'contracts', 'employeeImport.run': 'import' };
const ESIGN = '/wfsaas-sign/api';
const PAYSLIP = '/wfsaas-payslip/api';
const IMPORT = '/wfsaas-saas/api/dynamicFormTemplate';
const VIEWS = 20;
const NAMES = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄强', '周婷', '吴昊', '徐明', '孙丽', '马超', '朱琳', '胡军', '郭敏'];
const mobileOf = (i: number) => `158${String(10_000_000 + i).slice(-8)}`;
const nameOf = (i: number) => `${NAMES[i % NAMES.length]}${Math.floor(i / NAMES.length)}`;

type Envelope<T> = { code: number; message: string; data: T };

class Api {
  token = '';
  constructor(readonly base: string) {}
  headers(extra: Record<string, string> = {}): Record<string, string> {
    // an empty value drops the header (the phone pages are called without a sign-in)
    const all: Record<string, string> = { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}`, companyid: '1' } : {}), ...extra };
    return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== ''));
  }
  async call<T>(path: string, body: unknown = {}, extra: Record<string, string> = {}): Promise<T> {
    const res = await fetch(`${this.base}${path}`, { method: 'POST', headers: this.headers(extra), body: JSON.stringify(body) });
    const env = (await res.json()) as Envelope<T>;
    if (env.code !== 200) throw new Error(`${path}: ${env.code} ${env.message}`);
    return env.data;
  }
  async upload<T>(path: string, file: Buffer, name: string): Promise<T> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    const h = this.headers();
    delete h['content-type'];
    const res = await fetch(`${this.base}${path}`, { method: 'POST', headers: h, body: form });
    const env = (await res.json()) as Envelope<T>;
    if (env.code !== 200) throw new Error(`${path}: ${env.code} ${env.message}`);
    return env.data;
  }
}

type JobRow = { id: string; type: string; status: string; progress_done: number; progress_total: number | null; locked_by: string | null; attempts: number; created_at: Date; finished_at: Date | null };

export async function runScenario(o: ScenarioOptions): Promise<ScenarioResult> {
  const db = await createServerDatabase(o.adminUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'wfsaas-srv-data-'));
  const logDir = o.logDir ?? mkdtempSync(join(tmpdir(), 'wfsaas-srv-logs-'));
  const proxyPort = await freePort();
  const cluster = await makeCluster({ databaseUrl: db.url, dataDir, logDir, apis: 2, workers: 2, leaseSeconds: o.leaseSeconds, demoPassword: 'Bench-Server-1', publicUrl: `http://127.0.0.1:${proxyPort}` });
  const owner = new pg.Pool({ connectionString: db.url, max: 3 });
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  let ok = false;
  try {
    o.log(`database ${db.name}; logs in ${logDir}`);
    const started = await startTogether(cluster, o.adminUrl, db.name);
    const recorded = Number((await owner.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations')).rows[0]!.n);
    const startup = { seconds: started.seconds, maxWaitingOnMigrationLock: started.maxWaiting, migrationsRecorded: recorded, migrationsInBundle: migrationCount() };
    o.log(`4 processes up in ${startup.seconds.toFixed(1)} s; migrations recorded ${recorded} of ${startup.migrationsInBundle}; at most ${started.maxWaiting} waited on the migration lock at once`);
    proxy = await startProxy(cluster.apis.map((a) => ({ name: a.name, port: a.port! })), proxyPort);
    const api = new Api(proxy.url);
    api.token = (await api.call<{ access_token: string }>('/wfsaas-auth/login', { username: '13800000000', password: 'Bench-Server-1' })).access_token;
    const secrets = clusterSecrets(cluster);
    const cipher = createPersonalDataCipher(secrets.encryptionKey);
    const hashToken = tokenHasher(secrets.tokenSecret);

    // Employees for the payslips and the contracts (the payslip sheet matches them by name + mobile).
    const people = VIEWS + Math.max(o.payslips, o.contracts);
    const orm = drizzle(owner);
    for (let i = 0; i < people; i += 1000) {
      await orm.insert(employees).values(
        Array.from({ length: Math.min(1000, people - i) }, (_, j) => {
          const n = i + j;
          return { companyId: 1, name: nameOf(n), employeeNo: `S${String(n).padStart(6, '0')}`, mobileEnc: cipher.encrypt(mobileOf(n)), mobileHash: cipher.lookupHash(mobileOf(n)), mobileMasked: `${mobileOf(n).slice(0, 3)}****${mobileOf(n).slice(-4)}`, salary: '8500.00', hireDate: '2026-12-01' };
        }),
      );
    }
    const ids = (await owner.query<{ id: string }>(`select id from employees where company_id = 1 and employee_no like 'S%' order by employee_no`)).rows.map((r) => Number(r.id));

    const draftPayslips = async (from: number, count: number, month: string) => {
      const file = await buildPayslipWorkbook({ header: TWO_ROW_HEADER, merges: TWO_ROW_MERGES, rows: Array.from({ length: count }, (_, k) => [nameOf(from + k), mobileOf(from + k), '研发部', 8000 + (k % 500), 1000, 300, 120.5, 9000 + (k % 500)]) });
      const up = await api.upload<{ fileId: number; headerRows: 1 | 2; identity: unknown[]; columns: unknown[] }>(`${PAYSLIP}/payslip/header`, file, 'payroll.xlsx');
      const add = await api.call<{ batchId: number; matched: number }>(`${PAYSLIP}/payslip/add`, { fileId: up.fileId, month, title: `压测工资条 ${month}`, headerRows: up.headerRows, identity: up.identity, columns: up.columns });
      if (add.matched !== count) throw new Error(`payslip add matched ${add.matched} of ${count}`);
      return add.batchId;
    };
    const jobsSince = async (since: Date) => (await owner.query<JobRow>(`select id, type, status, progress_done, progress_total, locked_by, attempts, created_at, finished_at from jobs where company_id = 1 and created_at >= $1 order by id`, [since])).rows;
    const waitJobs = async (since: Date, n: number, ms: number) => {
      const deadline = Date.now() + ms;
      for (;;) {
        const rows = (await jobsSince(since)).filter((r) => r.type in JOB_TYPES);
        if (rows.length >= n && rows.every((r) => r.status === 'succeeded' || r.status === 'failed')) return rows;
        if (Date.now() > deadline) throw new Error(`jobs not finished in time: ${JSON.stringify(rows.map((r) => [r.type, r.status, r.progress_done, r.progress_total]))}`);
        await sleep(250);
      }
    };

    // A small batch sent first: its payslips are the ones viewed on the phone page during the load.
    o.log('setting up: payslips to view, a payslip batch, a contract package, import sheets');
    const warmSince = new Date(Date.now() - 1000);
    const warmBatch = await draftPayslips(0, VIEWS, '2026-09');
    await api.call(`${PAYSLIP}/payslip/submit`, { batchId: warmBatch, channels: ['sms'] });
    await waitJobs(warmSince, 1, 120_000);
    const warmIds = (await owner.query<{ id: string }>('select id from payslips where company_id = 1 and batch_id = $1 order by id', [warmBatch])).rows.map((r) => Number(r.id));
    const views: { token: string; ticket: string }[] = [];
    for (const [n, id] of warmIds.entries()) {
      const token = hashToken(`payslip-link:1:${id}`);
      const ip = { 'x-forwarded-for': `10.9.${Math.floor(n / 200)}.${n % 200}` };
      await api.call(`${PAYSLIP}/m/payslip/open`, { token }, { ...ip, authorization: '', companyid: '' });
      await api.call(`${PAYSLIP}/m/payslip/sms`, { token }, { ...ip, authorization: '', companyid: '' });
      const last = (await owner.query<{ body_enc: string }>(`select body_enc from outbox where channel = 'sms' order by id desc limit 1`)).rows[0]!;
      const code = /验证码为(\d{6})/.exec(cipher.decrypt(last.body_enc))?.[1];
      if (!code) throw new Error('no SMS code in the outbox');
      views.push({ token, ticket: (await api.call<{ ticket: string }>(`${PAYSLIP}/m/payslip/verify-sms`, { token, code }, { ...ip, authorization: '', companyid: '' })).ticket });
    }

    const payslipBatch = await draftPayslips(VIEWS, o.payslips, '2026-10');
    const type = await api.call<{ id: number }>(`${ESIGN}/contractType/save`, { name: '劳动合同（压测）' });
    const tpl = await buildLabourContractTemplate();
    const template = await api.call<{ id: number }>(`${ESIGN}/contractTemplate/save`, { name: '压测劳动合同', contractTypeId: type.id, kind: 'richText', title: tpl.title, paragraphs: tpl.paragraphs, fields: tpl.fields });
    const pkg = await api.call<{ id: number }>(`${ESIGN}/signPackage/save`, { name: '压测合同包', templateIds: [template.id], signOrder: 1, deadlineDays: 7 });
    const contractEmployees = ids.slice(VIEWS, VIEWS + o.contracts);
    const importBatch = async (rows: number, base: number) => {
      const file = await buildFixtureWorkbook(Array.from({ length: rows }, (_, i) => fixtureCells(fixtureRow(i, base))));
      const b = await api.upload<{ id: number }>(`${IMPORT}/add`, file, 'roster.xlsx');
      const check = await api.call<{ batch: { validCount: number } }>(`${IMPORT}/dataCheck`, { batchId: b.id });
      if (check.batch.validCount !== rows) throw new Error(`import check: ${check.batch.validCount} of ${rows} rows valid`);
      return b.id;
    };
    const mainImport = await importBatch(o.rows, 100_000);
    const termRows = o.faults ? Math.max(200, Math.floor(o.rows / 5)) : 0;
    const termImport = o.faults ? await importBatch(termRows, 200_000) : 0;

    // The load: one autocannon per endpoint, side by side.
    const auth = api.headers();
    const bodies = {
      'roster page': Array.from({ length: 10 }, (_, p) => ({ pageNum: p + 1, pageSize: 20 })),
      'roster search': ['张伟1', '李娜', '158100', '王芳3', 'S0001', '陈静'].map((keyword) => ({ keyword, pageNum: 1, pageSize: 20 })),
      'permission list': [{ typeList: [4, 5] }],
      'payslip phone view': views,
      'contract list': [{ pageNum: 1, pageSize: 20 }, { pageNum: 2, pageSize: 20 }, { signStatus: 1, pageNum: 1, pageSize: 20 }],
    };
    const paths: Record<keyof typeof bodies, string> = {
      'roster page': '/wfsaas-saas/api/companyEmployee/pageList',
      'roster search': '/wfsaas-saas/api/companyEmployee/pageList',
      'permission list': '/wfsaas-system/api/sys/permission/in/user/list',
      'payslip phone view': `${PAYSLIP}/m/payslip/view`,
      'contract list': `${ESIGN}/contract/page`,
    };
    for (const [name, list] of Object.entries(bodies) as [keyof typeof bodies, unknown[]][]) {
      // every request answers once before the load, so a failure during it is the run's, not the request's
      for (const b of list) await api.call(paths[name], b, name === 'payslip phone view' ? { authorization: '', companyid: '' } : {});
    }

    const events: FaultEvent[] = [];
    const holders = new Map<number, Set<string>>();
    const workerOf = (lockedBy: string | null): ServerProcess | undefined => {
      const pid = Number(lockedBy?.split(':')[1]);
      return cluster.workers.find((w) => w.pid === pid);
    };
    let polling = true;
    const jobsStart = new Date(Date.now() - 1000);
    const poller = (async () => {
      while (polling) {
        for (const r of await jobsSince(jobsStart)) {
          const w = workerOf(r.locked_by);
          if (w && r.status === 'running') {
            const set = holders.get(Number(r.id)) ?? new Set<string>();
            set.add(`${w.name}#${w.pids.length}`);
            holders.set(Number(r.id), set);
          }
        }
        await sleep(200);
      }
    })();

    o.log(`load: ${Object.keys(bodies).length} endpoints × ${o.connections} connections for ${o.seconds} s; jobs: ${o.payslips} payslips, ${o.contracts} contracts, ${o.rows} roster rows${o.faults ? '; with faults' : ''}`);
    const loadStart = Date.now();
    const loads = (Object.keys(bodies) as (keyof typeof bodies)[]).map((name) =>
      autocannon({
        url: `${proxy!.url}${paths[name]}`,
        connections: o.connections,
        duration: o.seconds,
        timeout: 10,
        requests: bodies[name].map((b) => ({ method: 'POST' as const, path: paths[name], headers: name === 'payslip phone view' ? { 'content-type': 'application/json' } : auth, body: JSON.stringify(b) })),
      }).then((r) => ({ name, r })),
    );

    await sleep(Math.min(2000, (o.seconds * 1000) / 10));
    await api.call(`${PAYSLIP}/payslip/submit`, { batchId: payslipBatch, channels: ['sms'] });
    const contractJob = await api.call<{ jobId: number }>(`${ESIGN}/contract/batchInitiate`, { employeeIds: contractEmployees, packageId: pkg.id, notify: false, signOrder: 2 });
    await api.call(`${IMPORT}/confirmImport`, { batchId: mainImport });

    const faults = o.faults ? runFaults() : Promise.resolve();
    async function runFaults() {
      // Each job is watched on its own: the worker holding it is killed once a quarter of it is done
      // (with every other job it holds), while the other worker runs, and started again at once.
      const hit = new Set<JobKind>();
      const restarts: Promise<void>[] = [];
      const kills = (async () => {
        const pending = new Set<JobKind>(['payslips', 'contracts', 'import']);
        while (pending.size > 0) {
          const rows = await jobsSince(jobsStart);
          for (const kind of [...pending]) {
            const target = rows.find((r) => JOB_TYPES[r.type] === kind);
            if (hit.has(kind)) {
              pending.delete(kind);
              continue;
            }
            if (target && (target.status === 'succeeded' || target.status === 'failed')) {
              events.push({ what: `kill -9 a worker during the ${kind} job`, detail: `the job had ${target.status} before a quarter of it was seen done`, ok: false });
              pending.delete(kind);
              continue;
            }
            const w = target?.status === 'running' ? workerOf(target.locked_by) : undefined;
            if (!target || !w || !target.progress_total || target.progress_done < target.progress_total * 0.25) continue;
            if (!cluster.workers.some((x) => x !== w && x.running)) continue;
            const held = rows.filter((r) => r.status === 'running' && workerOf(r.locked_by) === w).map((r) => JOB_TYPES[r.type]!);
            const exit = await w.kill9();
            held.forEach((k) => hit.add(k));
            events.push({ what: `kill -9 ${w.name} during the ${kind} job`, detail: `at ${target.progress_done}/${target.progress_total}; it held ${held.join(', ')}; exit ${exit.signal}`, ok: exit.signal === 'SIGKILL' });
            pending.delete(kind);
            w.start();
            restarts.push(w.ready().then(() => void events.push({ what: `${w.name} restarted`, detail: 'worker started', ok: true })));
          }
          await sleep(50);
        }
        await Promise.all(restarts);
      })();
      const apiFaults = (async () => {
        await sleep(o.seconds * 400);
        const killed = cluster.apis[1]!;
        const exit = await killed.kill9();
        events.push({ what: `kill -9 ${killed.name} during the load`, detail: `exit ${exit.signal}`, ok: exit.signal === 'SIGKILL' });
        await sleep(1000);
        killed.start();
        await killed.ready();
        // it serves again: a signed-in request straight to its port
        const direct = new Api(`http://127.0.0.1:${killed.port}`);
        direct.token = api.token;
        const served = await direct.call('/wfsaas-system/api/sys/permission/in/user/list', { typeList: [4, 5] }).then(() => true, () => false);
        events.push({ what: `${killed.name} restarted`, detail: served ? 'answers a signed-in request' : 'does not answer', ok: served });
        await sleep(Math.max(0, loadStart + o.seconds * 750 - Date.now()));
        const termed = cluster.apis[0]!;
        const t = await termed.term();
        events.push({ what: `SIGTERM ${termed.name} during the load`, detail: `exit code ${t.code}; ${termed.messages().includes('server stopped cleanly') ? 'stopped cleanly' : 'no clean stop logged'}`, ok: t.code === 0 });
        termed.start();
        await termed.ready();
      })();
      await Promise.all([kills, apiFaults]);
    }

    const results = await Promise.all(loads);
    await faults;
    o.log(`load done after ${((Date.now() - loadStart) / 1000).toFixed(1)} s; waiting for the jobs`);
    const finished = await waitJobs(jobsStart, 3, 20 * 60_000);

    // SIGTERM a worker in the middle of a job: the job goes back to the queue at once and the other finishes it.
    if (o.faults) {
      const since = new Date(Date.now() - 1000);
      await api.call(`${IMPORT}/confirmImport`, { batchId: termImport });
      let job: JobRow | undefined;
      for (;;) {
        job = (await jobsSince(since)).find((r) => r.type === 'employeeImport.run');
        if (job && (job.status === 'succeeded' || (job.status === 'running' && job.progress_total && job.progress_done >= job.progress_total * 0.1 && workerOf(job.locked_by)))) break;
        await sleep(50);
      }
      if (job.status !== 'running') {
        events.push({ what: 'SIGTERM a worker during an import', detail: 'the job finished before it could be hit', ok: false });
      } else {
        const w = workerOf(job.locked_by)!;
        const other = cluster.workers.find((x) => x !== w)!;
        const termAt = Date.now();
        const exiting = w.term();
        let takenAt = 0;
        for (;;) {
          const r = (await jobsSince(since)).find((x) => x.id === job!.id)!;
          if (workerOf(r.locked_by) === other || r.status === 'succeeded') {
            takenAt = Date.now();
            break;
          }
          if (Date.now() - termAt > o.leaseSeconds * 3000) break;
          await sleep(50);
        }
        const exit = await exiting;
        const secs = (takenAt - termAt) / 1000;
        events.push({
          what: `SIGTERM ${w.name} during an import (${job.progress_done}/${job.progress_total})`,
          detail: `exit code ${exit.code}; ${takenAt ? `${other.name} had the job ${secs.toFixed(1)} s later (lease ${o.leaseSeconds} s)` : 'no other worker took it'}`,
          ok: exit.code === 0 && takenAt > 0 && secs < o.leaseSeconds,
        });
        w.start();
        await w.ready();
      }
      finished.push(...(await waitJobs(since, 1, 10 * 60_000)).map((r) => ({ ...r, type: 'employeeImport.run#term' })));
    }
    polling = false;
    await poller;

    const jobs: JobFigures[] = finished.map((r) => ({
      kind: r.type.endsWith('#term') ? 'import-sigterm' : JOB_TYPES[r.type]!,
      id: Number(r.id),
      total: r.progress_total ?? 0,
      status: r.status,
      attempts: r.attempts,
      seconds: ((r.finished_at?.getTime() ?? Date.now()) - r.created_at.getTime()) / 1000,
      holders: [...(holders.get(Number(r.id)) ?? [])],
    }));
    const sizes: Record<JobKind, number> = { payslips: o.payslips, contracts: o.contracts, import: o.rows, 'import-sigterm': termRows };
    // a retried attempt's progress counts only what was left: the figures give the whole job
    for (const j of jobs) j.total = sizes[j.kind];
    const jobId = (kind: JobKind) => jobs.find((j) => j.kind === kind)?.id ?? 0;
    if (jobId('contracts') !== contractJob.jobId) throw new Error('the contract job is not the one started');

    const count = async (text: string, params: unknown[]) => {
      const r = (await owner.query<{ rows: string; distinct: string }>(text, params)).rows[0]!;
      return { rows: Number(r.rows), distinct: Number(r.distinct) };
    };
    const counts: Counts = {
      'payslips sent (status past pending)': { expected: o.payslips, ...(await count(`select count(*) filter (where status <> 0) as rows, count(distinct employee_id) filter (where status <> 0) as distinct from payslips where company_id = 1 and batch_id = $1`, [payslipBatch])) },
      'payslip send events': { expected: o.payslips, ...(await count(`select count(*) as rows, count(distinct payslip_id) as distinct from payslip_events where company_id = 1 and batch_id = $1 and kind = 'send'`, [payslipBatch])) },
      'outbox SMS for the batch': {
        expected: o.payslips,
        ...(await count(`select count(*) as rows, count(distinct o.recipient_hash) as distinct from outbox o join payslips p on o.idempotency_key = '1:payslip:' || p.id || ':r0:sms' where p.company_id = 1 and p.batch_id = $1`, [payslipBatch])),
      },
      'contracts of the batch': { expected: o.contracts, ...(await count(`select count(*) as rows, count(distinct employee_id) as distinct from econtracts where company_id = 1 and job_id = $1`, [contractJob.jobId])) },
      'employees imported': { expected: o.rows, ...(await count(`select count(*) as rows, count(distinct employee_no) as distinct from employees where company_id = 1 and employee_no between 'IMP100000' and 'IMP199999'`, [])) },
    };
    if (o.faults) counts['employees imported (SIGTERM run)'] = { expected: termRows, ...(await count(`select count(*) as rows, count(distinct employee_no) as distinct from employees where company_id = 1 and employee_no between 'IMP200000' and 'IMP299999'`, [])) };
    for (const j of jobs) counts[`job items done: ${j.kind}`] = { expected: sizes[j.kind], ...(await count(`select count(*) as rows, count(distinct item_key) as distinct from job_items where company_id = 1 and job_id = $1`, [j.id])) };

    const endpoints: EndpointFigures[] = results.map(({ name, r }) => ({
      name,
      requests: r.requests.total,
      reqPerSec: r.requests.total / r.duration,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
    }));
    const result: ScenarioResult = {
      startup,
      endpoints,
      jobs,
      backends: proxy.stats.map((s) => ({ ...s })),
      faults: events,
      counts,
      failures: { client: endpoints.reduce((n, e) => n + e.non2xx + e.errors + e.timeouts, 0), byBackend: Object.fromEntries(proxy.stats.map((s) => [s.name, s.failed])) },
      logDir,
    };
    ok = true;
    return result;
  } finally {
    cluster.close();
    await proxy?.close().catch(() => undefined);
    await owner.end().catch(() => undefined);
    await sleep(200);
    await db.drop().catch((err: unknown) => o.log(`could not drop ${db.name}: ${String(err)}`));
    rmSync(dataDir, { recursive: true, force: true });
    if (ok && !o.logDir) rmSync(logDir, { recursive: true, force: true });
  }
}
