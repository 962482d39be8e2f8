/**
 * npm run bench:server [-- --seconds 60 --payslips 10000 --contracts 1000 --rows 10000 --connections 2 --lease 10 --faults --keep-logs]
 * Server mode under load (and faults): see bench/README.md "server-mode". Needs a PostgreSQL server:
 * DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres; a database is made for the run and dropped.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { machineInfo } from '../lib/options.ts';
import { runScenario, type ScenarioResult } from './scenario.ts';

function positiveInt(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number (got ${value})`);
  return n;
}

const argv = process.argv.slice(2);
const { values } = parseArgs({
  args: argv,
  options: {
    seconds: { type: 'string', default: '60' },
    payslips: { type: 'string', default: '10000' },
    contracts: { type: 'string', default: '1000' },
    rows: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '2' },
    lease: { type: 'string', default: '10' },
    faults: { type: 'boolean', default: false },
    'keep-logs': { type: 'boolean', default: false },
  },
});

const table = (head: string[], rows: (string | number)[][]) => {
  const cells = rows.map((r) => r.map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
};

export function printResult(r: ScenarioResult, log: (s: string) => void): void {
  const f = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  log(`\nstart-up: ${f(r.startup.seconds, 1)} s for all four processes; migrations recorded ${r.startup.migrationsRecorded} of ${r.startup.migrationsInBundle}; processes seen waiting on the migration lock at once: ${r.startup.maxWaitingOnMigrationLock}`);
  log(`\n${table(['endpoint', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'timeouts'], r.endpoints.map((e) => [e.name, f(e.requests), f(e.reqPerSec), e.p50Ms, e.p99Ms, e.non2xx, e.errors, e.timeouts]))}`);
  log(`\n${table(['job', 'items', 'status', 'attempts', 'seconds', 'run by'], r.jobs.map((j) => [j.kind, f(j.total), j.status, j.attempts, f(j.seconds, 1), j.holders.join(' → ') || '-']))}`);
  log(`\n${table(['backend', 'answered', 'failed', 'why', 'sent elsewhere (503 while closing)', 'refused'], r.backends.map((b) => [b.name, f(b.answered), b.failed, Object.entries(b.reasons).map(([k, v]) => `${k} ×${v}`).join('; ') || '-', b.redirected, b.refused]))}`);
  if (r.faults.length > 0) log(`\n${table(['fault', 'what happened', 'ok'], r.faults.map((e) => [e.what, e.detail, e.ok ? 'yes' : 'NO']))}`);
  log(`\n${table(['rows counted', 'expected', 'rows', 'distinct'], Object.entries(r.counts).map(([k, c]) => [k, f(c.expected), f(c.rows), f(c.distinct)]))}`);
  log(`\nfailed requests seen by the load generator: ${r.failures.client}; attributed by the proxy: ${Object.entries(r.failures.byBackend).map(([k, v]) => `${k} ${v}`).join(', ')}`);
}

try {
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const m = machineInfo();
  console.log(`machine: ${m.cores} cores, ${m.cpu}, node ${m.node}, load average ${m.loadAverage}`);
  const result = await runScenario({
    adminUrl,
    seconds: positiveInt('seconds', values.seconds),
    payslips: positiveInt('payslips', values.payslips),
    contracts: positiveInt('contracts', values.contracts),
    rows: positiveInt('rows', values.rows),
    connections: positiveInt('connections', values.connections),
    leaseSeconds: Math.max(5, positiveInt('lease', values.lease)),
    faults: values.faults,
    logDir: values['keep-logs'] ? join('bench/results', `server-mode-logs-${Date.now()}`) : undefined,
    log: (s) => console.log(s),
  });
  printResult(result, (s) => console.log(s));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/server-mode.json', `${JSON.stringify({ machine: m, command: ['npm run bench:server', ...(argv.length ? ['--', ...argv] : [])].join(' '), result }, null, 2)}\n`);
} catch (err) {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
}
process.exit(0);
