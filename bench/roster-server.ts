/**
 * The server process of the roster benchmark (forked by bench/roster.ts): the demo tenant, the org
 * demo seed and 100,000 generated employees in company 1; then our real app and a bare Fastify floor
 * on two ports of 127.0.0.1 over the same database.
 *
 * The floor answers POST /wfsaas-saas/api/companyEmployee/pageList with the same SQL our endpoint
 * sends — the authorisation query of platform/auth.ts (permission 'staffRoll'), the roster page
 * (rendered once from the module's own query builder with drizzle's toSQL, so the text and the
 * parameters are identical) — on the same driver and database, with no
 * transaction, no row-level security role and no framework around it, and shapes the rows with the
 * same mapping (toListItem). Its parameters are those of the benchmark's request, resolved once.
 */
import type { PGlite } from '@electric-sql/pglite';
import { buildPageMessage, zEmployeeExport, zEmployeePageList } from '@wfsaas/contracts';
import { join } from 'node:path';
import fastify from 'fastify';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createServices } from '../apps/server/src/platform/create-services.ts';
import { tokenHasher } from '../apps/server/src/platform/crypto.ts';
import { rowsOf } from '../apps/server/src/platform/db.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { seedDemoOrg } from '../apps/server/src/modules/org/org.seed.ts';
import { rosterPageQuery, ROSTER_PAGE_COLUMNS, type RosterRow } from '../apps/server/src/modules/employees/employee-list.queries.ts';
import { EMPLOYEE_EXPORT_JOB, resolveFilters, type EmployeeExportParams } from '../apps/server/src/modules/employees/employee-list.service.ts';
import { startExport } from '../apps/server/src/platform/files/index.ts';
import { runDueJobsOnce } from '../apps/server/src/platform/jobs/index.ts';
import { toListItem } from '../apps/server/src/modules/employees/employee-view.ts';
import { generateRoster, type RosterData } from './roster-data.ts';
import { answerCommands } from './lib/server-process.ts';

export type RosterReady = { type: 'ready'; ours: string; floor: string; database: 'pglite' | 'pg'; data: RosterData; cases: { name: string; body: Record<string, unknown> }[] };
export type RosterCpu = { type: 'cpu'; micros: number };
/** The export of the whole roster (identifiers in full): time, file size and the process's memory. */
export type RosterExport = { type: 'export'; rows: number; seconds: number; bytes: number; status: number; rssBeforeMb: number; rssPeakMb: number; heapPeakMb: number };
export type RosterCommand = { type: 'stop' } | { type: 'cpu' } | { type: 'export' };

const COMPANY_ID = 1;

/** The benchmark's requests: a name fragment and a surname, each within a department subtree. */
export const ROSTER_CASES: { name: string; keyword: string; department: string }[] = [
  { name: 'pageList name+subtree', keyword: '王芳', department: '技术中心' },
  { name: 'pageList surname+subtree', keyword: '王', department: '技术中心' },
];

const dataDir = process.env.BENCH_DATA_DIR;
const password = process.env.BENCH_PASSWORD;
const count = Number(process.env.BENCH_EMPLOYEES ?? 100_000);
if (!dataDir || !password || !process.send) throw new Error('roster-server.ts is started by bench/roster.ts');

// The keys are generated once and kept in DATA_DIR/secrets.json, as `npm start` does: the process
// that measures the export opens the same data again.
const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  DEMO_PASSWORD: password,
  LOG_LEVEL: 'silent',
  RUN_JOBS: 'false',
  WEB_DIST: join(dataDir, 'no-web'),
});

const services = await createServices(config);

/** Runs the roster export in this process (the job runner's way) while sampling its memory. */
async function measureExport(): Promise<RosterExport> {
  const [admin] = rowsOf<{ user_id: string | number }>(await services.database.db.execute(sql`select user_id from company_members where company_id = ${COMPANY_ID} and is_admin limit 1`));
  const payload: EmployeeExportParams = { filters: zEmployeeExport.parse({}), sensitive: true };
  const row = await services.database.inTenant(COMPANY_ID, (tx) =>
    startExport(tx, services, { companyId: COMPANY_ID, userId: Number(admin!.user_id), name: '员工花名册_bench', jobType: EMPLOYEE_EXPORT_JOB, payload, idempotencyKey: `bench-export-${Date.now()}` }),
  );
  global.gc?.();
  const mb = (n: number) => Math.round(n / 1024 / 1024);
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let heapPeak = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rssPeak = Math.max(rssPeak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
  }, 50);
  const started = Date.now();
  await runDueJobsOnce(services);
  const seconds = (Date.now() - started) / 1000;
  clearInterval(timer);
  const [done] = rowsOf<{ status: number; size: string | number | null; progress_done: number }>(
    await services.database.db.execute(sql`select status, size, progress_done from file_exports where company_id = ${COMPANY_ID} and id = ${row.id}`),
  );
  return { type: 'export', rows: Number(done!.progress_done), seconds: Math.round(seconds * 10) / 10, bytes: Number(done!.size ?? 0), status: Number(done!.status), rssBeforeMb: mb(rssBefore), rssPeakMb: mb(rssPeak), heapPeakMb: mb(heapPeak) };
}

/** The `export` command: measures the export and answers its figures. */
function exportCommand(msg: { type: string }): boolean {
  if (msg.type !== 'export') return false;
  void measureExport().then((r) => process.send!(r));
  return true;
}

/**
 * BENCH_EXPORT_ONLY=1: a server started again on the data the first process generated (as after a
 * restart of `npm start`), which only runs the export — so its memory is that of the server, not of
 * the process that created the database and wrote 100,000 employees.
 */
if (process.env.BENCH_EXPORT_ONLY === '1') {
  // the app as the server builds it (its modules register the export's job handler); not listening
  const app = await buildApp(services, { serveWeb: false });
  await app.ready();
  answerCommands(async () => {
    await app.close();
    await services.database.close();
  }, exportCommand);
  process.send({ type: 'ready', ours: '', floor: '', database: services.database.kind, data: { companyId: COMPANY_ID, employees: 0, departments: 0, seconds: 0 }, cases: [] } satisfies RosterReady);
} else {
  await serveRoster();
}

async function serveRoster(): Promise<void> {
  await seedDemo(services);
  await seedDemoOrg(services);
  const data = await generateRoster(services, COMPANY_ID, count);
  const deptIds = new Map(
    rowsOf<{ id: string | number; name: string }>(await services.database.db.execute(sql`select id, name from departments where company_id = ${COMPANY_ID}`)).map((r) => [r.name, Number(r.id)]),
  );

  const app = await buildApp(services, { serveWeb: false });
  const ours = await app.listen({ host: '127.0.0.1', port: 0 });

  // ── the floor ──

  type Query = (text: string, params: unknown[]) => Promise<unknown[][]>;
  // the driver loaded as the server loads it: only for PostgreSQL
  const pgModule = config.databaseUrl ? (await import('pg')).default : undefined;
  const pool = pgModule ? new pgModule.Pool({ connectionString: config.databaseUrl, max: config.databasePoolSize }) : undefined;
  const raw = (v: unknown) => v;
  const query: Query = pool
    ? async (text, params) =>
        (
          await pool.query({
            text,
            values: params,
            rowMode: 'array',
            // dates and times as text, as drizzle reads them
            types: { getTypeParser: (oid: number, format?: string) => ([1082, 1114, 1184].includes(oid) ? raw : pgModule!.types.getTypeParser(oid, format as 'text')) },
          } as pg.QueryConfig)
        ).rows as unknown[][]
    : async (text, params) => {
        const client = (services.database.db as unknown as { $client: PGlite }).$client;
        const identity = (v: string) => v;
        return (await client.query<unknown[]>(text, params, { rowMode: 'array', parsers: { 1082: identity, 1114: identity, 1184: identity } })).rows;
      };

  /** platform/auth.ts authorizeInCompany with a permission, as drizzle numbers it. */
  const AUTH_SQL = `
        select s.user_id, u.nickname, s.id as session_id,
          (m.user_id is not null) as is_member, m.is_admin,
          (m.user_id is not null and exists (select 1 from company_permissions cp where cp.company_id = $1 and cp.permission_key = $2 and cp.enabled)
            and (coalesce(m.is_admin, false)
              or exists (select 1 from user_roles ur
                  join roles r on r.company_id = ur.company_id and r.id = ur.role_id and r.status = 1
                  join role_permissions rp on rp.company_id = ur.company_id and rp.role_id = ur.role_id
                  where ur.company_id = $3 and ur.user_id = s.user_id and rp.permission_key = $4)
              or exists (select 1 from user_permissions up
                  where up.company_id = $5 and up.user_id = s.user_id and up.permission_key = $6))) as granted
        from sessions s
        join users u on u.id = s.user_id
        left join company_members m on m.company_id = $7 and m.user_id = s.user_id and m.status = 1
        where s.token_hash = $8 and s.revoked_at is null and s.expires_at > now() and u.status = 1`;

  const hashToken = tokenHasher(config.tokenSecret);
  const cases: RosterReady['cases'] = [];
  const floorPlans = new Map<string, { text: string; params: unknown[]; pageNum: number; pageSize: number }>();
  for (const c of ROSTER_CASES) {
    const body = { keyword: c.keyword, departmentId: deptIds.get(c.department)!, pageNum: 1, pageSize: 10 };
    const parsed = zEmployeePageList.parse(body);
    const filter = await services.database.inTenant(COMPANY_ID, (tx) => resolveFilters(services, tx, COMPANY_ID, parsed));
    const rendered = rosterPageQuery(services.database.db, COMPANY_ID, filter, { by: parsed.sortBy, order: parsed.sortOrder }, { offset: 0, limit: parsed.pageSize }).toSQL();
    floorPlans.set(c.keyword, { text: rendered.sql, params: rendered.params, pageNum: parsed.pageNum, pageSize: parsed.pageSize });
    cases.push({ name: c.name, body });
  }

  function rowObject(values: unknown[]): RosterRow & { total: number } {
    const o: Record<string, unknown> = {};
    ROSTER_PAGE_COLUMNS.forEach((k, i) => (o[k] = values[i]));
    for (const k of ['id', 'departmentId', 'positionId', 'rankId', 'costCenterId', 'total']) if (o[k] !== null && o[k] !== undefined) o[k] = Number(o[k]);
    o.createdAt = new Date(String(o.createdAt));
    o.updatedAt = new Date(String(o.updatedAt));
    return o as RosterRow & { total: number };
  }

  const floorApp = fastify();
  floorApp.post('/wfsaas-saas/api/companyEmployee/pageList', async (req, reply) => {
    const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const companyId = Number(req.headers.companyid);
    const plan = floorPlans.get(String((req.body as { keyword?: string }).keyword));
    if (!token || companyId !== COMPANY_ID || !plan) return reply.status(400).send({});
    const [auth] = await query(AUTH_SQL, [companyId, 'staffRoll', companyId, 'staffRoll', companyId, 'staffRoll', companyId, hashToken(token)]);
    if (!auth || auth[5] !== true) return reply.status(403).send({});
    const rows = (await query(plan.text, plan.params)).map(rowObject);
    const total = rows[0]?.total ?? 0;
    return { data: rows.map(({ total: _t, ...r }) => toListItem(r)), pageMessage: buildPageMessage(plan.pageNum, plan.pageSize, total) };
  });
  const floor = await floorApp.listen({ host: '127.0.0.1', port: 0 });

  answerCommands(async () => {
    await floorApp.close();
    await app.close();
    await pool?.end();
    await services.database.close();
  }, exportCommand);
  const ready: RosterReady = { type: 'ready', ours, floor, database: services.database.kind, data, cases };
  process.send!(ready);
}
