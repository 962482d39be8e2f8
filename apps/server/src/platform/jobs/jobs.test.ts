import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { cancelJob, enqueueJob, findJob, registerJobHandler, retryDelayMs, runDueJobsOnce, startJobRunner } from './index.ts';
import { claimNextJob } from './queue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let seq = 0;
const key = (name: string) => `${name}-${++seq}-${Date.now()}`;
const db = () => t.database.db;
const makeDue = (id: number) => db().execute(sql`update jobs set run_at = now() where id = ${id}`);
const secondsUntilRun = async (id: number) =>
  Number(rowsOf<{ s: string | number }>(await db().execute(sql`select extract(epoch from run_at - now()) as s from jobs where id = ${id}`))[0]!.s);

describe('enqueueJob', () => {
  it('is idempotent per company and key', async () => {
    const k = key('idem');
    const a = await enqueueJob(db(), { companyId: 1, type: 'test.noop', idempotencyKey: k, payload: { n: 1 }, createdBy: 1 });
    const b = await enqueueJob(db(), { companyId: 1, type: 'test.noop', idempotencyKey: k, payload: { n: 2 } });
    expect(a.created).toBe(true);
    expect(b).toEqual({ id: a.id, created: false });
    const other = await enqueueJob(db(), { companyId: 2, type: 'test.noop', idempotencyKey: k });
    expect(other.created).toBe(true);
    expect(other.id).not.toBe(a.id);
    const row = await findJob(db(), 1, a.id);
    expect(row).toMatchObject({ companyId: 1, type: 'test.noop', payload: { n: 1 }, status: 'queued', attempts: 0, maxAttempts: 5, createdBy: 1 });
    // another company's job is not found through company 1
    expect(await findJob(db(), 1, other.id)).toBeNull();
    const n = rowsOf<{ n: string | number }>(await db().execute(sql`select count(*) as n from jobs where idempotency_key = ${k}`));
    expect(Number(n[0]!.n)).toBe(2);
    await cancelJob(db(), 1, a.id);
    await cancelJob(db(), 2, other.id);
  });

  it('inside a tenant transaction obeys row-level security and appears only when the transaction commits', async () => {
    const k = key('tx');
    await expect(
      t.database.inTenant(1, async (tx) => {
        await enqueueJob(tx, { companyId: 1, type: 'test.noop', idempotencyKey: k });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const none = rowsOf(await db().execute(sql`select id from jobs where idempotency_key = ${k}`));
    expect(none).toHaveLength(0);
    await expect(t.database.inTenant(1, (tx) => enqueueJob(tx, { companyId: 2, type: 'test.noop', idempotencyKey: k }))).rejects.toThrow();
  });
});

describe('runner', () => {
  it('runs a job, stores its result and the progress it reported', async () => {
    registerJobHandler<{ total: number }>('test.progress', async (ctx) => {
      await ctx.progress(3, ctx.job.payload.total);
      return { seen: ctx.job.payload.total, attempt: ctx.job.attempt };
    });
    const { id } = await enqueueJob(db(), { companyId: 1, type: 'test.progress', idempotencyKey: key('progress'), payload: { total: 10 } });
    expect(await runDueJobsOnce(t.services)).toBe(1);
    const row = await findJob(db(), 1, id);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1, progressDone: 3, progressTotal: 10, result: { seen: 10, attempt: 1 }, error: null, lockedBy: null });
    expect(row!.finishedAt).toBeInstanceOf(Date);
    expect(row!.startedAt).toBeInstanceOf(Date);
    expect(await runDueJobsOnce(t.services)).toBe(0);
  });

  it('eachItem runs every key once, in a tenant transaction, and records progress', async () => {
    const seen: string[] = [];
    let failOnce = true;
    registerJobHandler('test.items', async (ctx) => {
      await ctx.eachItem(['a', 'b', 'c', 'b', 'd'], async (k, tx) => {
        const cur = rowsOf<{ c: string }>(await tx.execute(sql`select current_setting('app.company_id') as c`));
        expect(cur[0]!.c).toBe(String(ctx.job.companyId));
        if (k === 'c' && failOnce) {
          failOnce = false;
          throw new Error('c failed');
        }
        seen.push(k);
      });
      return { ok: true };
    });
    const { id } = await enqueueJob(db(), { companyId: 2, type: 'test.items', idempotencyKey: key('items') });
    await runDueJobsOnce(t.services);
    let row = await findJob(db(), 2, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, progressDone: 2, progressTotal: 4, error: 'c failed' });
    expect(seen).toEqual(['a', 'b']);
    await makeDue(id);
    await runDueJobsOnce(t.services);
    row = await findJob(db(), 2, id);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, progressDone: 4, progressTotal: 4 });
    // a and b were not run again on the retry
    expect(seen).toEqual(['a', 'b', 'c', 'd']);
    const items = rowsOf<{ item_key: string }>(await db().execute(sql`select item_key from job_items where company_id = 2 and job_id = ${id} order by item_key`));
    expect(items.map((i) => i.item_key)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('eachChunk commits a chunk whole: a failed chunk leaves no key done and its retry runs each key once', async () => {
    const seen: string[][] = [];
    const written: string[] = [];
    let failOnce = true;
    registerJobHandler('test.chunks', async (ctx) => {
      await ctx.eachChunk(['a', 'b', 'c', 'b', 'd', 'e'], 2, async (chunk, tx) => {
        const cur = rowsOf<{ c: string }>(await tx.execute(sql`select current_setting('app.company_id') as c`));
        expect(cur[0]!.c).toBe(String(ctx.job.companyId));
        // work of the chunk, in the chunk's transaction: rolled back with it when the chunk fails
        for (const k of chunk) await tx.execute(sql`select set_config('app.chunk_probe', ${k}, true)`);
        if (chunk.includes('c') && failOnce) {
          failOnce = false;
          throw new Error('chunk c failed');
        }
        seen.push(chunk);
        written.push(...chunk);
      });
      return { ok: true };
    });
    const { id } = await enqueueJob(db(), { companyId: 2, type: 'test.chunks', idempotencyKey: key('chunks') });
    await runDueJobsOnce(t.services);
    let row = await findJob(db(), 2, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, progressDone: 2, progressTotal: 5, error: 'chunk c failed' });
    expect(seen).toEqual([['a', 'b']]);
    let items = rowsOf<{ item_key: string }>(await db().execute(sql`select item_key from job_items where company_id = 2 and job_id = ${id} order by item_key`));
    // the failed chunk marked nothing done
    expect(items.map((i) => i.item_key)).toEqual(['a', 'b']);
    await makeDue(id);
    await runDueJobsOnce(t.services);
    row = await findJob(db(), 2, id);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, progressDone: 5, progressTotal: 5 });
    // a and b were not run again; c and d ran once, after the failure
    expect(seen).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(written).toEqual(['a', 'b', 'c', 'd', 'e']);
    items = rowsOf<{ item_key: string }>(await db().execute(sql`select item_key from job_items where company_id = 2 and job_id = ${id} order by item_key`));
    expect(items.map((i) => i.item_key)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('eachChunk gives a chunk only the keys another run has not done', async () => {
    const seen: string[][] = [];
    registerJobHandler('test.chunks.partial', async (ctx) => {
      await ctx.eachChunk(['p', 'q', 'r'], 10, async (chunk) => {
        seen.push(chunk);
      });
      return { ok: true };
    });
    const { id } = await enqueueJob(db(), { companyId: 1, type: 'test.chunks.partial', idempotencyKey: key('chunks-partial') });
    // 'q' was done by an earlier run
    await t.database.inTenant(1, (tx) => tx.execute(sql`insert into job_items (company_id, job_id, item_key) values (1, ${id}, 'q')`));
    await runDueJobsOnce(t.services);
    expect(seen).toEqual([['p', 'r']]);
    expect(await findJob(db(), 1, id)).toMatchObject({ status: 'succeeded', progressDone: 3, progressTotal: 3 });
  });

  it('eachChunk with analyze refreshes those tables\' statistics after 1,000 keys, after each doubling and at the end', async () => {
    let done = 0;
    const calls: { done: number; tables: readonly string[] }[] = [];
    const database = t.services.database;
    const original = database.analyze;
    database.analyze = async (tables) => {
      calls.push({ done, tables });
      await original(tables);
    };
    try {
      registerJobHandler('test.chunks.analyze', async (ctx) => {
        const keys = Array.from({ length: (ctx.job.payload as { n: number }).n }, (_, i) => `k${i}`);
        await ctx.eachChunk(keys, 100, async (chunk) => void (done += chunk.length), { analyze: ['job_items', 'jobs'] });
        return { ok: true };
      });
      await enqueueJob(db(), { companyId: 1, type: 'test.chunks.analyze', idempotencyKey: key('analyze'), payload: { n: 4500 } });
      await runDueJobsOnce(t.services);
      expect(calls).toEqual([1000, 2000, 4000, 4500].map((n) => ({ done: n, tables: ['job_items', 'jobs'] })));
      // a small job leaves the statistics to the database's own upkeep
      calls.length = 0;
      done = 0;
      await enqueueJob(db(), { companyId: 1, type: 'test.chunks.analyze', idempotencyKey: key('analyze-small'), payload: { n: 300 } });
      await runDueJobsOnce(t.services);
      expect(calls).toEqual([]);
      // the refresh is an optimisation: its failure leaves the job to finish
      database.analyze = async () => {
        throw new Error('analyze refused');
      };
      const failing = await enqueueJob(db(), { companyId: 1, type: 'test.chunks.analyze', idempotencyKey: key('analyze-fails'), payload: { n: 1000 } });
      await runDueJobsOnce(t.services);
      expect(await findJob(db(), 1, failing.id)).toMatchObject({ status: 'succeeded', progressDone: 1000, progressTotal: 1000 });
    } finally {
      database.analyze = original;
    }
    await expect(database.analyze(['jobs; drop table jobs'])).rejects.toThrow('not a table name');
  });

  it('retries with exponential back-off, then fails for good after max attempts', async () => {
    const finals: string[] = [];
    registerJobHandler('test.flaky', async () => {
      throw new Error('上游服务暂不可用');
    }, {
      maxAttempts: 3,
      onFinalFailure: async (_s, job, error) => {
        finals.push(`${job.id}:${error}`);
      },
    });
    const { id } = await enqueueJob(db(), { companyId: 1, type: 'test.flaky', idempotencyKey: key('flaky') });
    expect((await findJob(db(), 1, id))!.maxAttempts).toBe(3);

    expect(await runDueJobsOnce(t.services)).toBe(1);
    let row = await findJob(db(), 1, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, error: '上游服务暂不可用', lockedBy: null, finishedAt: null });
    let wait = await secondsUntilRun(id);
    expect(wait).toBeGreaterThan(1);
    expect(wait).toBeLessThanOrEqual(2.1);
    // not due yet: nothing runs
    expect(await runDueJobsOnce(t.services)).toBe(0);

    await makeDue(id);
    await runDueJobsOnce(t.services);
    row = await findJob(db(), 1, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    wait = await secondsUntilRun(id);
    expect(wait).toBeGreaterThan(3);
    expect(wait).toBeLessThanOrEqual(4.1);

    await makeDue(id);
    await runDueJobsOnce(t.services);
    row = await findJob(db(), 1, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, error: '上游服务暂不可用' });
    expect(row!.finishedAt).toBeInstanceOf(Date);
    expect(finals).toEqual([`${id}:上游服务暂不可用`]);
    await makeDue(id);
    expect(await runDueJobsOnce(t.services)).toBe(0);
    expect(retryDelayMs(1)).toBe(2000);
    expect(retryDelayMs(20)).toBe(3600_000);
  });

  it('fails a job of an unknown type at once with a clear error', async () => {
    const { id } = await enqueueJob(db(), { companyId: 1, type: 'test.nobodyHandlesThis', idempotencyKey: key('unknown') });
    await runDueJobsOnce(t.services);
    const row = await findJob(db(), 1, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.error).toContain('未知的任务类型：test.nobodyHandlesThis');
  });

  it('a crashed worker’s job is taken over when its lease expires, and the crashed worker can no longer write', async () => {
    let runs = 0;
    registerJobHandler('test.lease', async (ctx) => {
      runs++;
      await ctx.eachItem(['x', 'y'], async () => undefined);
      return { by: ctx.job.attempt };
    });
    const { id } = await enqueueJob(db(), { companyId: 1, type: 'test.lease', idempotencyKey: key('lease') });
    // worker A claims the job and then "crashes" (never runs it, never renews)
    const claimed = await claimNextJob(db(), 'worker-a', 60_000);
    expect(claimed).toMatchObject({ id, status: 'running', lockedBy: 'worker-a', attempts: 1 });
    // while A's lease holds, nobody else takes it
    expect(await runDueJobsOnce(t.services, { workerId: 'worker-b' })).toBe(0);
    await db().execute(sql`update jobs set locked_until = now() - interval '1 second' where id = ${id}`);
    expect(await runDueJobsOnce(t.services, { workerId: 'worker-b' })).toBe(1);
    const row = await findJob(db(), 1, id);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, result: { by: 2 }, progressDone: 2, progressTotal: 2, lockedBy: null });
    expect(runs).toBe(1);
    // worker A wakes up: its writes are refused because it no longer holds the job
    const { completeJob } = await import('./queue.ts');
    expect(await completeJob(db(), claimed!, 'worker-a', { late: true })).toBe(false);
    expect((await findJob(db(), 1, id))!.result).toEqual({ by: 2 });
  });

  it('startJobRunner runs due jobs in the background, survives a throwing handler and stops cleanly', async () => {
    registerJobHandler('test.bg', async (ctx) => ({ companyId: ctx.job.companyId }));
    registerJobHandler('test.bgThrows', async () => {
      throw new TypeError('bad handler');
    }, { maxAttempts: 1 });
    const a = await enqueueJob(db(), { companyId: 1, type: 'test.bgThrows', idempotencyKey: key('bg') });
    const b = await enqueueJob(db(), { companyId: 2, type: 'test.bg', idempotencyKey: key('bg') });
    const runner = startJobRunner(t.services, { pollMs: 20, concurrency: 2 });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [ra, rb] = [await findJob(db(), 1, a.id), await findJob(db(), 2, b.id)];
      if (ra?.status === 'failed' && rb?.status === 'succeeded') break;
      if (Date.now() > deadline) throw new Error(`runner did not finish: ${ra?.status} ${rb?.status}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await runner.stop();
    expect((await findJob(db(), 1, a.id))!.error).toBe('bad handler');
    expect((await findJob(db(), 2, b.id))!.result).toEqual({ companyId: 2 });
  });

  it('runs the database upkeep once a day, beside the daily jobs (PGlite: VACUUM)', async () => {
    const database = t.services.database;
    expect(typeof database.maintain === 'function').toBe(database.kind === 'pglite');
    let upkeeps = 0;
    const services = { ...t.services, database: { ...database, maintain: async () => void upkeeps++ } };
    const runner = startJobRunner(services, { pollMs: 10 });
    await new Promise((r) => setTimeout(r, 300));
    await runner.stop();
    expect(upkeeps).toBe(1);
    // the real upkeep runs between transactions, outside any
    if (database.maintain) await database.maintain();
  });
});
