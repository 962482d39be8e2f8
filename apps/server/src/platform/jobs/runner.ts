import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppServices } from '../services.ts';
import {
  bumpJobProgress,
  claimNextJob,
  completeJob,
  enqueueJob,
  failJob,
  listDoneItemKeys,
  markItemDone,
  markItemsDone,
  releaseJob,
  renewLease,
  setJobProgress,
  type JobRow,
} from './queue.ts';
import { ANALYZE_FIRST, findJobHandler, listDailyJobs, type JobContext } from './registry.ts';
import { chinaToday } from '../china-date.ts';

export type RunnerOptions = {
  /** How often an idle runner looks for due jobs. */
  pollMs?: number;
  /** Jobs run side by side in this process. */
  concurrency?: number;
  workerId?: string;
  /** How long a claim holds without renewal; the runner renews it every third of this. */
  leaseMs?: number;
};

const DEFAULT_LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 3600_000;
const MAX_ERROR_LENGTH = 2000;

/** Retry delay after the n-th failed attempt: 2^n seconds, at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(2 ** Math.max(1, attempt) * 1000, MAX_BACKOFF_MS);
}

class LeaseLost extends Error {
  constructor() {
    super('the job was taken over by another worker');
  }
}

class RunnerStopping extends Error {
  constructor() {
    super('the job runner is stopping');
  }
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}

/** JSON the jsonb column can hold; a value JSON cannot represent is stored as null. */
function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch {
    return null;
  }
}

function defaultWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** Each claim holds its own lock id, so a job claimed again by the same worker tells the two runs apart. */
function claimLock(workerId: string): string {
  return `${workerId}#${randomBytes(4).toString('hex')}`;
}

/** Runs one claimed job to its end: succeeded, retried later, failed, or handed back. Never throws. */
async function runClaimedJob(services: AppServices, job: JobRow, lock: string, leaseMs: number, stopping: AbortSignal): Promise<void> {
  const { db } = services.database;
  const log = services.log;
  const registered = findJobHandler(job.type);
  const failedJob = { id: job.id, companyId: job.companyId, type: job.type, payload: job.payload, createdBy: job.createdBy };
  try {
    if (!registered) {
      await failJob(db, job, lock, `未知的任务类型：${job.type}（没有可执行该任务的处理程序）`, true, 0);
      log.error({ jobId: job.id, type: job.type }, 'job failed: no handler for its type');
      return;
    }
    if (job.attempts > job.maxAttempts) {
      // Every attempt so far ended with its worker gone (the lease ran out): do not try again.
      const message = '任务多次执行中断，已停止重试';
      if (await failJob(db, job, lock, message, true, 0)) await registered.opts.onFinalFailure?.(services, failedJob, message);
      return;
    }
  } catch (err) {
    log.error({ err, jobId: job.id }, 'could not record the job outcome');
    return;
  }

  let leaseLost = false;
  const renewer = setInterval(
    () => {
      renewLease(db, job, lock, leaseMs)
        .then((ok) => {
          if (!ok) leaseLost = true;
        })
        .catch((err: unknown) => log.warn({ err, jobId: job.id }, 'could not renew the job lease'));
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  const checkStillOurs = () => {
    if (leaseLost) throw new LeaseLost();
    if (stopping.aborted) throw new RunnerStopping();
  };

  const ctx: JobContext<unknown> = {
    job: { id: job.id, companyId: job.companyId, type: job.type, payload: job.payload, attempt: job.attempts, createdBy: job.createdBy },
    services,
    async progress(done, total) {
      if (!(await setJobProgress(db, job, lock, done, total))) leaseLost = true;
    },
    async eachItem(keys, fn) {
      const unique = [...new Set(keys)];
      const done = new Set(await listDoneItemKeys(db, job.companyId, job.id));
      const doneCount = unique.reduce((n, k) => (done.has(k) ? n + 1 : n), 0);
      if (!(await setJobProgress(db, job, lock, doneCount, unique.length))) throw new LeaseLost();
      for (const key of unique) {
        if (done.has(key)) continue;
        checkStillOurs();
        await services.database.inTenant(job.companyId, async (tx) => {
          // The key's row is written (and locked) first: a second run of the same key waits, then skips.
          if (!(await markItemDone(tx, job.companyId, job.id, key))) return;
          await fn(key, tx);
          if (!(await bumpJobProgress(tx, job, lock))) throw new LeaseLost();
        });
      }
    },
    async eachChunk(keys, size, fn, opts = {}) {
      const chunkSize = Math.max(1, Math.floor(size));
      const unique = [...new Set(keys)];
      const done = new Set(await listDoneItemKeys(db, job.companyId, job.id));
      const todo = unique.filter((k) => !done.has(k));
      if (!(await setJobProgress(db, job, lock, unique.length - todo.length, unique.length))) throw new LeaseLost();
      // keys done by this call, and by the time of the last refresh
      const analyzed = { written: 0, at: 0 };
      const analyze = opts.analyze ?? [];
      for (let i = 0; i < todo.length; i += chunkSize) {
        checkStillOurs();
        const chunk = todo.slice(i, i + chunkSize);
        const ran = await services.database.inTenant(job.companyId, async (tx) => {
          // The keys' rows are written (and locked) first: a second run of the same chunk waits, then skips them.
          const fresh = await markItemsDone(tx, job.companyId, job.id, chunk);
          if (fresh.length === 0) return 0;
          const freshSet = new Set(fresh);
          await fn(
            chunk.filter((k) => freshSet.has(k)),
            tx,
          );
          if (!(await bumpJobProgress(tx, job, lock, fresh.length))) throw new LeaseLost();
          return fresh.length;
        });
        analyzed.written += ran;
        const last = i + chunkSize >= todo.length;
        const due = analyzed.written >= Math.max(ANALYZE_FIRST, 2 * analyzed.at) || (last && analyzed.written >= ANALYZE_FIRST && analyzed.written > analyzed.at);
        if (analyze.length > 0 && due) {
          analyzed.at = analyzed.written;
          // an optimisation: the job goes on without it
          await services.database.analyze(analyze).catch((err: unknown) => log.warn({ err, jobId: job.id, tables: analyze }, 'refreshing statistics failed'));
        }
      }
    },
  };

  try {
    const result = await registered.handler(ctx);
    if (!(await completeJob(db, job, lock, toJson(result)))) log.warn({ jobId: job.id }, 'job finished after another worker took it over');
  } catch (err) {
    try {
      if (err instanceof LeaseLost) {
        log.warn({ jobId: job.id }, 'job lease lost: another worker has taken the job over');
      } else if (err instanceof RunnerStopping) {
        await releaseJob(db, job, lock);
      } else {
        const message = errorText(err);
        const final = job.attempts >= job.maxAttempts;
        log.warn({ err, jobId: job.id, type: job.type, attempt: job.attempts, final }, 'job attempt failed');
        if ((await failJob(db, job, lock, message, final, retryDelayMs(job.attempts))) && final) {
          await registered.opts.onFinalFailure?.(services, failedJob, message);
        }
      }
    } catch (bookkeeping) {
      log.error({ err: bookkeeping, jobId: job.id }, 'could not record the job outcome');
    }
  } finally {
    clearInterval(renewer);
  }
}

/** Claims and runs every due job, one after another; answers how many ran. */
export async function runDueJobsOnce(services: AppServices, opts: { workerId?: string; leaseMs?: number; max?: number } = {}): Promise<number> {
  const workerId = opts.workerId ?? defaultWorkerId();
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const max = opts.max ?? 10_000;
  const never = new AbortController().signal;
  let ran = 0;
  while (ran < max) {
    const lock = claimLock(workerId);
    const job = await claimNextJob(services.database.db, lock, leaseMs);
    if (!job) break;
    await runClaimedJob(services, job, lock, leaseMs, never);
    ran++;
  }
  return ran;
}

/** Enqueues the day's daily jobs (payload `{ day }`); the idempotency key makes every runner's call after the first a no-op. */
export async function enqueueDailyJobs(services: AppServices, day: string): Promise<number> {
  const { db } = services.database;
  let created = 0;
  for (const daily of listDailyJobs()) {
    for (const companyId of await daily.companies(db)) {
      const r = await enqueueJob(db, { companyId, type: daily.type, idempotencyKey: `${daily.keyPrefix}-${day}`, payload: { day } });
      if (r.created) created++;
    }
  }
  return created;
}

/**
 * Runs jobs in this process until stopped: polls for due jobs, runs up to `concurrency` at once,
 * renews their leases, and once a day enqueues the registered daily jobs and runs the database's
 * upkeep (PGlite: VACUUM, which it has no autovacuum for). stop() hands jobs that
 * are between items back to the queue and waits for the others to finish.
 */
export function startJobRunner(services: AppServices, opts: RunnerOptions = {}): { stop(): Promise<void> } {
  const pollMs = Math.max(10, opts.pollMs ?? 1000);
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 2));
  const leaseMs = Math.max(300, opts.leaseMs ?? DEFAULT_LEASE_MS);
  const workerId = opts.workerId ?? defaultWorkerId();
  const { db } = services.database;
  const log = services.log;
  const stopping = new AbortController();
  const active = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let again = false;
  let scheduledDay = '';
  let nextDailyTry = 0;

  const tick = async () => {
    if (stopping.signal.aborted) return;
    const now = new Date();
    const day = chinaToday(now);
    if (day !== scheduledDay && now.getTime() >= nextDailyTry) {
      try {
        await enqueueDailyJobs(services, day);
        scheduledDay = day;
      } catch (err) {
        nextDailyTry = now.getTime() + 60_000;
        log.error({ err }, 'could not enqueue the daily jobs');
      }
      if (scheduledDay === day && services.database.maintain) {
        const started = Date.now();
        await services.database.maintain().then(
          () => log.info({ ms: Date.now() - started }, 'database upkeep done'),
          (err: unknown) => log.error({ err }, 'database upkeep failed'),
        );
      }
    }
    while (!stopping.signal.aborted && active.size < concurrency) {
      let job: JobRow | null;
      const lock = claimLock(workerId);
      try {
        job = await claimNextJob(db, lock, leaseMs);
      } catch (err) {
        log.error({ err }, 'could not claim a job');
        return;
      }
      if (!job) return;
      const running: Promise<void> = runClaimedJob(services, job, lock, leaseMs, stopping.signal).finally(() => {
        active.delete(running);
        wake();
      });
      active.add(running);
    }
  };

  const schedule = (ms: number) => {
    if (stopping.signal.aborted) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
  function run() {
    if (ticking) {
      again = true;
      return;
    }
    ticking = tick().finally(() => {
      ticking = undefined;
      const soon = again;
      again = false;
      schedule(soon ? 0 : pollMs);
    });
  }
  // A finished job frees a slot: look for the next one at once.
  function wake() {
    schedule(0);
  }

  schedule(0);
  log.info({ workerId, concurrency, pollMs }, 'job runner started');
  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await ticking;
      await Promise.allSettled([...active]);
      log.info({ workerId }, 'job runner stopped');
    },
  };
}
