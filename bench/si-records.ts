import { benchDatabases, type BenchOptions, machineInfo } from './lib/options.ts';

/**
 * `si-records`: a month's contribution records (缴费记录) for 10,000 insured employees across five
 * entities (北京, 上海, 广州, 深圳, 杭州; bases spread over each city's range, two housing-fund rates
 * each) through the API: generate (read the month's insurance, compute every item under each city's
 * policy, replace the month's rows with multi-row inserts), the summary, then the export job
 * (下载中心) writing the xlsx. Target for generate ≤ 5 s on PGlite.
 */

const EMPLOYEES = 10_000;
const MONTH = '2026-10';
export const TARGET_GENERATE_SECONDS = 5;
const CITIES = ['北京', '上海', '广州', '深圳', '杭州'] as const;
const API = '/wfsaas-saas/api';

type Step = { step: string; ms: number };

async function run(database: 'pglite' | 'postgresql'): Promise<{ steps: Step[]; rows: number; headcount: number }> {
  if (database === 'postgresql') process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  else delete process.env.TEST_DATABASE_URL;
  const { createTestApp } = await import(`../apps/server/src/test/harness.ts?db=${database}`);
  const { runDueJobsOnce } = await import('../apps/server/src/platform/jobs/index.ts');
  const { createDepartment, insertEmployees } = await import('../apps/server/src/modules/payroll/payroll-fixtures.queries.ts');
  const { insertEntity, insertInsured } = await import('../apps/server/src/modules/social-insurance/records-fixtures.queries.ts');
  // Errors the app logs are shown (the figures of a failed step would mean nothing).
  const t = await createTestApp({ logDestination: { write: (l: string) => (l.includes('"level":50') ? console.error(l.slice(0, 2000)) : undefined) } });
  try {
    const db = t.database.db;
    const departmentId = await createDepartment(db, 1, '缴费压测部');
    const ids: number[] = await insertEmployees(
      t.services,
      db,
      1,
      Array.from({ length: EMPLOYEES }, (_, i) => ({ name: `参保${i}`, employeeNo: `SI${i}`, salary: `${5000 + (i % 30_000)}.00`, departmentId })),
    );
    const entities: number[] = [];
    for (const city of CITIES) entities.push(await insertEntity(db, 1, { name: `压测${city}账户`, city, injuryRate: '0.004' }));
    await insertInsured(
      db,
      1,
      ids.map((employeeId, i) => {
        const base = `${5000 + (i % 30_000)}.00`;
        return { employeeId, entityId: entities[i % CITIES.length]!, siBase: base, hfBase: base, hfRate: i % 2 === 0 ? '0.05' : '0.07', startMonth: '2025-01' };
      }),
    );
    const token = await t.login('13800000000');
    const call = async <T>(path: string, body: unknown): Promise<T> => {
      const r = (await t.call(`${API}${path}`, { token, companyId: 1, body })).body as { code: number; message: string; data: T };
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
    await call('/finaReport/generate', { month: MONTH });
    lap('generate (read, compute, replace)');
    await call('/finaReport/generate', { month: MONTH });
    lap('generate again (replacing the month)');
    const summary = await call<{ total: { headcount: number } }>('/finaReport/summary', { month: MONTH });
    lap('summary');
    await call('/finaReport/page', { month: MONTH, pageSize: 100 });
    lap('page (100 people)');
    await call('/finaReport/export', { month: MONTH });
    while ((await runDueJobsOnce(t.services)) > 0) {
      /* until the queue is empty */
    }
    lap('export (job: xlsx of the month)');
    const counted = ((await t.rows((await import('drizzle-orm')).sql`select count(*)::int as n from si_contributions where company_id = 1 and month = ${MONTH}`)) as { n: number }[])[0];
    return { steps, rows: counted!.n, headcount: summary.total.headcount };
  } finally {
    await t.close();
  }
}

export async function runSiRecordsBench(opts: BenchOptions): Promise<void> {
  const m = machineInfo();
  console.log(`machine: ${m.cores} cores, ${m.cpu}, node ${m.node}, load ${m.loadAverage}`);
  for (const db of benchDatabases(opts)) {
    const r = await run(db);
    const generate = r.steps[0]!.ms;
    console.log(
      `si-records ${EMPLOYEES} employees, 5 entities on ${db}: generate ${(generate / 1000).toFixed(2)} s (≤ ${TARGET_GENERATE_SECONDS} s) ${generate <= TARGET_GENERATE_SECONDS * 1000 ? 'PASS' : 'FAIL'}; ${r.rows.toLocaleString('en-US')} rows, headcount ${r.headcount}`,
    );
    for (const s of r.steps) console.log(`  ${s.step.padEnd(40)} ${(s.ms / 1000).toFixed(2)} s`);
  }
}
