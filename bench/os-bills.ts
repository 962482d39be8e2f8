import { benchDatabases, type BenchOptions, machineInfo } from './lib/options.ts';

/**
 * `os-bills`: a month's client bills (客户月度账单) of an outsourcing company with 200 clients and
 * 20,000 placed workers, each with a payroll result of the month (half of them also with 缴费记录,
 * whose employer contributions win), through the API: generate (one read per table for the month,
 * every line computed, the bills and 20,000 lines written), the same again (replacing every bill
 * not yet confirmed or paid), a page, one bill's detail and its export job. Target for generate
 * ≤ 10 s on PGlite.
 */

const CLIENTS = 200;
const WORKERS = 20_000;
const MONTH = '2026-10';
const PROVIDER = 2;
export const TARGET_GENERATE_SECONDS = 10;
const API = '/wfsaas-saas/api';

type Step = { step: string; ms: number };

async function run(database: 'pglite' | 'postgresql'): Promise<{ steps: Step[]; bills: number; lines: number; total: string }> {
  if (database === 'postgresql') process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  else delete process.env.TEST_DATABASE_URL;
  const { createTestApp } = await import(`../apps/server/src/test/harness.ts?db=${database}`);
  const { runDueJobsOnce } = await import('../apps/server/src/platform/jobs/index.ts');
  const { createDepartment, insertEmployees } = await import('../apps/server/src/modules/payroll/payroll-fixtures.queries.ts');
  const seed = await import('../apps/server/src/modules/outsourcing/seed.queries.ts');
  const { siContributions } = await import('../apps/server/src/db/schema/index.ts');
  const { sql } = await import('drizzle-orm');
  const t = await createTestApp({ logDestination: { write: (l: string) => (l.includes('"level":50') ? console.error(l.slice(0, 2000)) : undefined) } });
  try {
    const db = t.database.db;
    const departmentId = await createDepartment(db, PROVIDER, '账单压测部');
    const ids: number[] = await insertEmployees(
      t.services,
      db,
      PROVIDER,
      Array.from({ length: WORKERS }, (_, i) => ({ name: `派驻${i}`, employeeNo: `OS${i}`, salary: `${4000 + (i % 9000)}.00`, departmentId })),
    );
    const [perHead, percent] = await seed.insertPlans(db, [
      { companyId: PROVIDER, name: '压测派遣方案', feeKind: 'perHead', feeAmount: '300.00', vatKind: 'simplified' },
      { companyId: PROVIDER, name: '压测外包方案', feeKind: 'percent', feeRate: '0.08', vatKind: 'general' },
    ]);
    const clients = await seed.insertClients(
      db,
      Array.from({ length: CLIENTS }, (_, i) => ({
        companyId: PROVIDER, name: `压测用工单位${i}`, kind: i % 2 ? 2 : 1, planId: i % 2 ? percent!.id : perHead!.id, agreementStart: '2026-01-01', agreementEnd: '2027-12-31',
        posts: [{ name: '操作工', kind: i % 2 ? 'regular' : 'auxiliary' }],
      })),
    );
    await seed.insertPlacements(
      db,
      ids.map((employeeId, i) => ({
        companyId: PROVIDER, employeeId, clientId: clients[i % CLIENTS]!.id, planId: i % CLIENTS % 2 ? percent!.id : perHead!.id, kind: i % CLIENTS % 2 ? 2 : 1, post: '操作工',
        startDate: i % 50 === 7 ? '2026-10-12' : '2026-03-01', endDate: '2027-12-31', status: i % 50 === 9 ? 4 : 2, leftDate: i % 50 === 9 ? '2026-10-20' : null,
      })),
    );
    const runId = await seed.insertPayrollRun(db, { companyId: PROVIDER, groupId: 1, month: MONTH, status: 4 });
    await seed.insertPayrollResults(
      db,
      PROVIDER,
      runId,
      ids.map((employeeId, i) => ({ employeeId, name: `派驻${i}`, gross: `${4000 + (i % 9000)}.${String(i % 100).padStart(2, '0')}`, siEmployer: `${1000 + (i % 700)}.37`, hfEmployer: `${200 + (i % 300)}.05` })),
    );
    const records = ids.filter((_, i) => i % 2 === 0).flatMap((employeeId, i) => [
      { companyId: PROVIDER, month: MONTH, employeeId, item: 'pension', entityId: 1, name: '养老保险', base: '6000', employer: `${960 + (i % 40)}.00`, employee: '480.00' },
      { companyId: PROVIDER, month: MONTH, employeeId, item: 'medical', entityId: 1, name: '医疗保险', base: '6000', employer: '600.00', employee: '120.00' },
      { companyId: PROVIDER, month: MONTH, employeeId, item: 'housingFund', entityId: 1, name: '住房公积金', base: '6000', employer: '420.00', employee: '420.00' },
    ]);
    for (let i = 0; i < records.length; i += 3000) await db.insert(siContributions).values(records.slice(i, i + 3000));
    for (const c of clients.filter((_, i) => i % 4 === 0)) await seed.insertCustodyLink(db, { providerCompanyId: PROVIDER, clientId: c.id, clientCompanyId: 1, enabled: true, confirmBills: true });

    const token = await t.login('13800000000');
    const call = async <T>(path: string, body: unknown): Promise<T> => {
      const r = (await t.call(`${API}${path}`, { token, companyId: PROVIDER, body })).body as { code: number; message: string; data: T };
      if (r.code !== 200) throw new Error(`${path}: ${r.message}`);
      return r.data;
    };
    const steps: Step[] = [];
    let mark = performance.now();
    const lap = (step: string) => {
      const now = performance.now();
      steps.push({ step, ms: Math.round(now - mark) });
      mark = now;
    };
    const first = await call<{ generated: number }>('/outsource/bill/generate', { month: MONTH });
    lap('generate (read, compute, write)');
    if (first.generated !== CLIENTS) throw new Error(`generated ${first.generated} bills, expected ${CLIENTS}`);
    await call('/outsource/bill/generate', { month: MONTH });
    lap('generate again (replacing the unconfirmed)');
    const page = await call<{ id: number }[]>('/outsource/bill/page', { month: MONTH, pageSize: 100 });
    lap('page (100 bills)');
    await call('/outsource/bill/detail', { billId: page[0]!.id });
    lap('detail (100 lines)');
    await call('/outsource/bill/export', { billId: page[0]!.id });
    while ((await runDueJobsOnce(t.services)) > 0) {
      /* until the queue is empty */
    }
    lap('export (job: xlsx of one bill)');
    const [counted] = (await t.rows(
      sql`select count(*)::int as bills, sum(line_count)::int as lines, sum(total)::text as total from bills where company_id = ${PROVIDER} and month = ${MONTH} and archived_at is null`,
    )) as { bills: number; lines: number; total: string }[];
    return { steps, ...counted! };
  } finally {
    await t.close();
  }
}

export async function runOsBillsBench(opts: BenchOptions): Promise<void> {
  const m = machineInfo();
  console.log(`machine: ${m.cores} cores, ${m.cpu}, node ${m.node}, load ${m.loadAverage}`);
  for (const db of benchDatabases(opts)) {
    const r = await run(db);
    const generate = r.steps[0]!.ms;
    console.log(
      `os-bills ${CLIENTS} clients, ${WORKERS} workers on ${db}: generate ${(generate / 1000).toFixed(2)} s (≤ ${TARGET_GENERATE_SECONDS} s) ${generate <= TARGET_GENERATE_SECONDS * 1000 ? 'PASS' : 'FAIL'}; ${r.bills} bills, ${r.lines.toLocaleString('en-US')} lines, total ${r.total}`,
    );
    for (const s of r.steps) console.log(`  ${s.step.padEnd(40)} ${(s.ms / 1000).toFixed(2)} s`);
  }
}
