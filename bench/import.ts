import { randomBytes } from 'node:crypto';
import { benchDatabases, type BenchOptions, machineInfo } from './lib/options.ts';

/**
 * `import`: the roster import end to end — a generated 10,000-row xlsx uploaded to
 * dynamicFormTemplate/add, dataCheck (the dry run of every row), confirmImport and the job that
 * writes every row, each in its own transaction. Target: ≤ 20 s. On PGlite, and on PostgreSQL when
 * DATABASE_URL is set (`--database postgresql` or `all`).
 */

export const TARGET_SECONDS = 20;
const ROWS = 10_000;
const BASE = '/wfsaas-saas/api/dynamicFormTemplate';

type Step = { step: string; ms: number };

async function runOnce(database: 'pglite' | 'postgresql'): Promise<{ steps: Step[]; totalMs: number; created: number }> {
  if (database === 'postgresql') process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  else delete process.env.TEST_DATABASE_URL;
  const { createTestApp } = await import(`../apps/server/src/test/harness.ts?db=${database}`);
  const { runDueJobsOnce } = await import('../apps/server/src/platform/jobs/index.ts');
  const { buildFixtureWorkbook, fixtureCells, fixtureRow } = await import('../apps/server/src/modules/employee-import/import-fixtures.ts');
  const t = await createTestApp();
  try {
    const token = await t.login('13800000000');
    const file = await buildFixtureWorkbook(Array.from({ length: ROWS }, (_, i) => fixtureCells(fixtureRow(i, 100_000))));
    const boundary = `----bench${randomBytes(6).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { authorization: `Bearer ${token}`, companyid: '1' };
    const steps: Step[] = [];
    const started = performance.now();
    let mark = started;
    const lap = (step: string) => {
      const now = performance.now();
      steps.push({ step, ms: Math.round(now - mark) });
      mark = now;
    };
    const up = await t.app.inject({ method: 'POST', url: `${BASE}/add`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    const batch = up.json() as { code: number; message: string; data: { id: number } };
    if (batch.code !== 200) throw new Error(`upload: ${batch.message}`);
    lap('upload');
    const check = (await t.call(`${BASE}/dataCheck`, { token, companyId: 1, body: { batchId: batch.data.id } })).body as { code: number; message: string; data: { batch: { validCount: number } } };
    if (check.code !== 200 || check.data.batch.validCount !== ROWS) throw new Error(`dataCheck: ${check.message} ${JSON.stringify(check.data?.batch)}`);
    lap('dataCheck');
    const confirm = (await t.call(`${BASE}/confirmImport`, { token, companyId: 1, body: { batchId: batch.data.id } })).body as { code: number; message: string };
    if (confirm.code !== 200) throw new Error(`confirm: ${confirm.message}`);
    await runDueJobsOnce(t.services);
    const p = (await t.call(`${BASE}/progress`, { token, companyId: 1, body: { batchId: batch.data.id } })).body as { data: { status: string; createdCount: number } };
    lap('confirmImport + job');
    if (p.data.status !== 'done') throw new Error(`job ended ${p.data.status}`);
    return { steps, totalMs: Math.round(performance.now() - started), created: p.data.createdCount };
  } finally {
    await t.close();
  }
}

export async function runImportBench(opts: BenchOptions): Promise<void> {
  const m = machineInfo();
  console.log(`machine: ${m.cores} cores, ${m.cpu}, node ${m.node}, load ${m.loadAverage}`);
  for (const db of benchDatabases(opts)) {
    const r = await runOnce(db);
    const verdict = r.totalMs <= TARGET_SECONDS * 1000 ? 'PASS' : 'FAIL';
    console.log(`import ${ROWS} rows on ${db}: ${(r.totalMs / 1000).toFixed(1)} s (target ≤ ${TARGET_SECONDS} s) ${verdict}; created ${r.created}`);
    for (const s of r.steps) console.log(`  ${s.step.padEnd(22)} ${(s.ms / 1000).toFixed(1)} s`);
  }
}
