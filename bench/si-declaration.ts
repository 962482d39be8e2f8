import { sql } from 'drizzle-orm';
import { benchDatabases, type BenchOptions, machineInfo } from './lib/options.ts';

/**
 * `si-declaration`: one month's social-insurance declarations for 10,000 employees across five
 * entities (杭州, 上海, 北京, 广州, 深圳) through the API: each entity's draft with its proposals
 * computed from the roster (apply/create answers the detail), the submission freezing them
 * (待增员 for everyone), and the portal files of 下载中心 (the export jobs). Target for proposing
 * and exporting ≤ 5 s on PGlite.
 */

const EMPLOYEES = 10_000;
const CITIES = ['杭州', '上海', '北京', '广州', '深圳'] as const;
export const TARGET_SECONDS = 5;
const API = '/wfsaas-saas/api';

type Step = { step: string; ms: number };

async function endToEnd(database: 'pglite' | 'postgresql'): Promise<{ steps: Step[]; lines: number }> {
  if (database === 'postgresql') process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  else delete process.env.TEST_DATABASE_URL;
  const { createTestApp } = await import(`../apps/server/src/test/harness.ts?db=${database}`);
  const { runDueJobsOnce } = await import('../apps/server/src/platform/jobs/index.ts');
  const { chinaToday } = await import('../apps/server/src/platform/china-date.ts');
  const { addMonths, declarableMonth } = await import('@wfsaas/payroll');
  const { createDepartment, insertEmployees } = await import('../apps/server/src/modules/payroll/payroll-fixtures.queries.ts');
  const t = await createTestApp();
  try {
    const month = declarableMonth(chinaToday(), 28);
    const departmentId = await createDepartment(t.database.db, 1, '社保压测部');
    const ids = await insertEmployees(
      t.services,
      t.database.db,
      1,
      Array.from({ length: EMPLOYEES }, (_, i) => ({
        name: `参保${i}`,
        employeeNo: `S${i}`,
        salary: `${5000 + (i % 30_000)}.00`,
        // one in five joined last month: 增员 with a month's 补缴
        hireDate: `${i % 5 === 0 ? addMonths(month, -1) : month}-01`,
        idNumber: `11010119900101${String(1000 + (i % 9000)).padStart(4, '0')}`.slice(0, 14) + String(i).padStart(4, '0'),
        departmentId,
      })),
    );
    await t.rows(sql`update employees set work_location = (array['杭州','上海','北京','广州','深圳'])[(id % 5) + 1] where company_id = 1 and id = any(${`{${ids.join(',')}}`}::bigint[])`);
    const token = await t.login('13800000000');
    const call = async <T>(path: string, body: unknown): Promise<T> => {
      const r = (await t.call(`${API}${path}`, { token, companyId: 1, body })).body as { code: number; message: string; data: T };
      if (r.code !== 200) throw new Error(`${path}: ${r.message}`);
      return r.data;
    };
    const existing = await call<{ id: number; city: string }[]>('/socialInsurance/entity/list', {});
    for (const city of CITIES) {
      const found = existing.find((e) => e.city === city);
      const body = { name: `${city}压测账户`, city, deadlineDay: 28, locations: [city], isDefault: city === '杭州' };
      await call('/socialInsurance/entity/save', found ? { ...body, id: found.id } : body);
    }
    const entities = await call<{ id: number; city: string }[]>('/socialInsurance/entity/list', {});
    const steps: Step[] = [];
    let mark = performance.now();
    const lap = (step: string) => {
      const now = performance.now();
      steps.push({ step, ms: Math.round(now - mark) });
      mark = now;
    };
    const drafts: { id: number; lines: number }[] = [];
    for (const e of entities) {
      const d = await call<{ id: number; lines: unknown[] }>('/apply/create', { entityId: e.id, month });
      drafts.push({ id: d.id, lines: d.lines.length });
    }
    lap('propose (5 drafts with their proposals)');
    await call('/apply/month', { month });
    lap('month view (counts of the 5 entities)');
    for (const d of drafts) await call('/apply/submit', { applyId: d.id });
    lap('submit (freeze proposals, 待增员)');
    for (const d of drafts) await call('/apply/export', { applyId: d.id });
    while ((await runDueJobsOnce(t.services)) > 0) {
      /* until the queue is empty */
    }
    lap('export (5 portal files, jobs)');
    return { steps, lines: drafts.reduce((a, d) => a + d.lines, 0) };
  } finally {
    await t.close();
  }
}

export async function runSiDeclarationBench(opts: BenchOptions): Promise<void> {
  const m = machineInfo();
  console.log(`machine: ${m.cores} cores, ${m.cpu}, node ${m.node}, load ${m.loadAverage}`);
  for (const db of benchDatabases(opts)) {
    const r = await endToEnd(db);
    const of = (prefix: string) => r.steps.find((s) => s.step.startsWith(prefix))!.ms;
    const measured = of('propose') + of('export');
    console.log(`social-insurance declarations, ${EMPLOYEES} employees, 5 entities on ${db}: propose + export ${(measured / 1000).toFixed(1)} s (≤ ${TARGET_SECONDS} s) ${measured <= TARGET_SECONDS * 1000 ? 'PASS' : 'FAIL'}; ${r.lines} lines`);
    for (const s of r.steps) console.log(`  ${s.step.padEnd(44)} ${(s.ms / 1000).toFixed(2)} s`);
  }
}
