import { benchDatabases, type BenchOptions, machineInfo } from './lib/options.ts';

/**
 * `board`: the service board (/home), the employee structure and a risk list over one company of
 * BOARD_EMPLOYEES employees (default 10,000; the roster benchmark's generated roster), through the
 * API: each call timed in turn after warm-up, p50 and p99 of 20 calls. Target for the board ≤ 100 ms (p99).
 */

const EMPLOYEES = Number(process.env.BOARD_EMPLOYEES ?? 10_000);
const CALLS = 20;
export const TARGET_BOARD_MS = 100;

type Timing = { call: string; p50: number; p99: number };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function run(database: 'pglite' | 'postgresql'): Promise<{ timings: Timing[]; employees: number; generateSeconds: number }> {
  if (database === 'postgresql') process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  else delete process.env.TEST_DATABASE_URL;
  const { createTestApp } = await import(`../apps/server/src/test/harness.ts?db=${database}`);
  const { generateRoster } = await import('./roster-data.ts');
  const t = await createTestApp({ logDestination: { write: (l: string) => (l.includes('"level":50') ? console.error(l.slice(0, 2000)) : undefined) } });
  try {
    const data = await generateRoster(t.services, 1, EMPLOYEES);
    await t.database.analyze(['employees', 'labour_contracts', 'departments']);
    const token = await t.login('13800000000');
    const timed = async (call: string, url: string, body: unknown): Promise<Timing> => {
      const once = async () => {
        const started = performance.now();
        const r = (await t.call(url, { token, companyId: 1, body })).body as { code: number; message: string };
        if (r.code !== 200) throw new Error(`${call}: ${r.message}`);
        return performance.now() - started;
      };
      for (let i = 0; i < 5; i++) await once();
      const ms: number[] = [];
      for (let i = 0; i < CALLS; i++) ms.push(await once());
      ms.sort((a, b) => a - b);
      return { call, p50: Math.round(percentile(ms, 50)), p99: Math.round(percentile(ms, 99)) };
    };
    const timings = [
      await timed('service/board', '/wfsaas-stat/api/service/board', {}),
      await timed('service/employeeStructure', '/wfsaas-stat/api/service/employeeStructure', {}),
      await timed('service/employmentRisk (page 1)', '/wfsaas-stat/api/service/employmentRisk', { riskKey: 'unsignedOverdue' }),
    ];
    return { timings, employees: data.employees, generateSeconds: data.seconds };
  } finally {
    await t.close();
  }
}

export async function runBoardBench(opts: BenchOptions): Promise<void> {
  const m = machineInfo();
  console.log(`machine: ${m.cores} cores, ${m.cpu}, node ${m.node}, load ${m.loadAverage}`);
  for (const db of benchDatabases(opts)) {
    const r = await run(db);
    const board = r.timings[0]!;
    console.log(`board over ${r.employees.toLocaleString('en-US')} employees on ${db} (generated in ${r.generateSeconds} s): board p99 ${board.p99} ms (≤ ${TARGET_BOARD_MS} ms) ${board.p99 <= TARGET_BOARD_MS ? 'PASS' : 'FAIL'}`);
    for (const x of r.timings) console.log(`  ${x.call.padEnd(36)} p50 ${String(x.p50).padStart(5)} ms   p99 ${String(x.p99).padStart(5)} ms`);
  }
}
