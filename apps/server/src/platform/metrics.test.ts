import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';

describe('GET /metrics', () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [t, off] = await Promise.all([createTestApp({ env: { METRICS_TOKEN: TOKEN } }), createTestApp()]);
  });
  afterAll(async () => Promise.all([t?.close(), off?.close()]));

  const scrape = (app: TestApp, authorization?: string) => app.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers only the bearer of the configured token', async () => {
    expect((await scrape(t)).statusCode).toBe(401);
    expect((await scrape(t, 'Bearer wrong-token')).statusCode).toBe(401);
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
  });

  it('is off without a token', async () => {
    expect((await scrape(off, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('counts requests by route and reads the job queue and the outbox', async () => {
    await t.call('/api/health', { method: 'GET' });
    await t.call('/wfsaas-saas/api/no-such-route');
    await t.rows(/* a job due now */ (await import('drizzle-orm')).sql`insert into jobs (company_id, type, idempotency_key, run_at) values (1, 'metrics.test', 'metrics-test-1', now() - interval '1 minute')`);
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(text).toMatch(/wfsaas_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/);
    expect(text).toMatch(/wfsaas_http_request_duration_seconds_count\{method="POST",route="unmatched",status="404"\} 1/);
    expect(text).toMatch(/wfsaas_job_queue_depth\{type="metrics\.test",state="due"\} 1/);
    expect(text).toMatch(/wfsaas_job_oldest_due_seconds\{type="metrics\.test"\} (5\d|6\d|[7-9]\d|\d{3,})(\.\d+)?/);
    expect(text).toMatch(/^wfsaas_outbox_backlog \d+$/m);
    expect(text).toMatch(/^wfsaas_process_resident_memory_bytes \d+/m);
    if (t.database.kind === 'pg') expect(text).toMatch(/^wfsaas_db_pool_connections\{state="max"\} \d+/m);
  });
});
