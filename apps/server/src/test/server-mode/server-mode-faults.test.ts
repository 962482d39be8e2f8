/**
 * Server mode under faults, on the PostgreSQL server of TEST_DATABASE_URL (skipped without it): two
 * API processes behind a proxy and two workers started together on an empty database; during a short
 * mixed load a worker is killed with SIGKILL in each of the three jobs, one API process is killed and
 * the other stopped with SIGTERM; then a worker gets SIGTERM mid-job. Every job's rows are counted.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../../../../bench/server-mode/scenario.ts';

const url = process.env.TEST_DATABASE_URL;

describe('server mode under faults', () => {
  it.skipIf(!url)('finishes every job exactly once and fails only the requests in flight on the killed API process', { timeout: 240_000 }, async () => {
    const log: string[] = [];
    const r = await runScenario({ adminUrl: url!, seconds: 12, payslips: 600, contracts: 60, rows: 3000, connections: 2, leaseSeconds: 5, faults: true, log: (s) => log.push(s) });
    const context = JSON.stringify({ faults: r.faults, jobs: r.jobs, backends: r.backends, log }, null, 1);

    // Started at once on the empty database: the migrations ran once, the others waited for the lock.
    expect(r.startup.migrationsRecorded, context).toBe(r.startup.migrationsInBundle);

    for (const [what, c] of Object.entries(r.counts)) expect({ what, rows: c.rows, distinct: c.distinct }, context).toEqual({ what, rows: c.expected, distinct: c.expected });
    for (const j of r.jobs) expect({ kind: j.kind, status: j.status }).toEqual({ kind: j.kind, status: 'succeeded' });

    const kills = r.faults.filter((f) => f.what.startsWith('kill -9 worker'));
    expect(kills.length, context).toBeGreaterThanOrEqual(1);
    // every job was held by a worker that was killed (or stopped) and finished after a takeover
    for (const kind of ['payslips', 'contracts', 'import'] as const) {
      expect(r.faults.some((f) => f.what.startsWith('kill -9 worker') && f.detail.includes(kind)), `${kind} not hit\n${context}`).toBe(true);
    }
    for (const f of r.faults) expect({ what: f.what, detail: f.detail, ok: f.ok }).toEqual({ what: f.what, detail: f.detail, ok: true });

    // Every failed request is one the proxy saw fail on a backend; the killed process had at most one per connection.
    const attributed = Object.values(r.failures.byBackend).reduce((a, b) => a + b, 0);
    expect(r.failures.client, context).toBe(attributed);
    expect(r.failures.byBackend.api2!, context).toBeLessThanOrEqual(r.endpoints.length * 2);
    expect(r.failures.byBackend.api1!, context).toBeLessThanOrEqual(r.endpoints.length * 2);
  });
});
