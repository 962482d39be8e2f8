import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { rowsOf } from './db.ts';
import type { RouteConfig } from './http.ts';
import type { AppServices } from './services.ts';

/**
 * GET /metrics in Prometheus text format, for a bearer of METRICS_TOKEN (docs/scaling.md#metrics):
 * this process's requests by route, and the database's job queue, outbox and pool.
 */

const digest = (v: string) => createHash('sha256').update(v).digest();

function tokenMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return m !== null && timingSafeEqual(digest(m[1]!.trim()), digest(token));
}

type QueueRow = { type: string; due: number; running: number; oldest: number | null; failed: number };
type OutboxRow = { pending: number; oldest: number | null };

/** The queue and outbox gauges, and the read that sets them before each scrape. */
function queueGauges(registry: Registry, s: AppServices): () => Promise<void> {
  const registers = [registry];
  const depth = new Gauge({ name: 'wfsaas_job_queue_depth', help: 'Jobs due or running, by kind and state', labelNames: ['type', 'state'] as const, registers });
  const age = new Gauge({ name: 'wfsaas_job_oldest_due_seconds', help: 'Age of the oldest due job not yet finished, by kind', labelNames: ['type'] as const, registers });
  const failed = new Gauge({ name: 'wfsaas_jobs_failed', help: 'Jobs that failed after their last attempt, by kind', labelNames: ['type'] as const, registers });
  const backlog = new Gauge({ name: 'wfsaas_outbox_backlog', help: 'SMS and emails waiting for delivery', registers });
  const backlogAge = new Gauge({ name: 'wfsaas_outbox_oldest_seconds', help: 'Age of the oldest message waiting for delivery', registers });
  return async () => {
    // As the owner: the queue and the outbox span companies.
    const [queue, outbox] = await s.database.inTransaction(async (tx) => [
      rowsOf<QueueRow>(
        await tx.execute(sql`
          select type,
                 count(*) filter (where status = 'queued' and run_at <= now())::int as due,
                 count(*) filter (where status = 'running')::int as running,
                 extract(epoch from now() - min(run_at) filter (where status in ('queued', 'running') and run_at <= now()))::float8 as oldest,
                 count(*) filter (where status = 'failed')::int as failed
            from jobs group by type`),
      ),
      rowsOf<OutboxRow>(await tx.execute(sql`select count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as oldest from outbox where status = 0`)),
    ]);
    depth.reset();
    age.reset();
    failed.reset();
    for (const r of queue as QueueRow[]) {
      depth.set({ type: r.type, state: 'due' }, r.due);
      depth.set({ type: r.type, state: 'running' }, r.running);
      age.set({ type: r.type }, r.oldest ?? 0);
      failed.set({ type: r.type }, r.failed);
    }
    const o = (outbox as OutboxRow[])[0];
    backlog.set(o?.pending ?? 0);
    backlogAge.set(o?.oldest ?? 0);
  };
}

function poolGauge(registry: Registry, s: AppServices): void {
  const stats = s.database.poolStats;
  if (stats) {
    new Gauge({
      name: 'wfsaas_db_pool_connections',
      help: 'Database pool connections by state (PostgreSQL server)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const p = stats();
        this.set({ state: 'total' }, p.total);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
        this.set({ state: 'max' }, p.max);
      },
    });
  }
}

/** Registers GET /metrics; with no METRICS_TOKEN configured it answers 404 and nothing is measured. */
export function registerMetrics(app: FastifyInstance, s: AppServices): void {
  const config: RouteConfig = { access: 'public' };
  const token = s.config.metricsToken;
  if (!token) {
    app.get('/metrics', { config, schema: { hide: true } }, async (_req, reply) => reply.status(404).send({ code: 404, message: '未开启监控指标', data: null }));
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'wfsaas_' });
  const requests = new Histogram({
    name: 'wfsaas_http_request_duration_seconds',
    help: 'API requests by route, method and status, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const readQueue = queueGauges(registry, s);
  poolGauge(registry, s);
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    const route = req.routeOptions.url;
    // Unmatched paths (scans, typos) would each become a label; they are counted together.
    requests.observe({ method: req.method, route: route ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config, schema: { hide: true } }, async (req, reply) => {
    if (!tokenMatches(req.headers.authorization, token)) return reply.status(401).send({ code: 401, message: '监控指标令牌不正确', data: null });
    await readQueue();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
