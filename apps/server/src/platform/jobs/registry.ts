import type { Executor, Tx } from '../db.ts';
import type { AppServices } from '../services.ts';

export type JobInfo<P> = { id: number; companyId: number; type: string; payload: P; attempt: number; createdBy: number | null };

export type JobContext<P> = {
  job: JobInfo<P>;
  services: AppServices;
  /** Records progress (done/total) on the job row. */
  progress(done: number, total?: number): Promise<void>;
  /**
   * Runs fn once per key, ever: fn runs in a tenant transaction (company set, RLS role) that also
   * marks the key done, so after a crash or retry no key runs twice and none is skipped. Keys already
   * done are skipped. Progress is updated as keys complete. Keys are per job: a handler calling
   * eachItem more than once uses distinct keys in each call.
   */
  eachItem(keys: readonly string[], fn: (key: string, tx: Tx) => Promise<void>): Promise<void>;
  /**
   * eachItem by chunks: the keys not yet done, `size` at a time, each chunk in one tenant transaction
   * that also marks every key of the chunk done — so a chunk commits whole or not at all, and after a
   * crash or retry no key runs twice and none is skipped. fn gets only the keys of the chunk not done
   * before. Keys are per job, as for eachItem.
   */
  eachChunk(keys: readonly string[], size: number, fn: (chunkKeys: string[], tx: Tx) => Promise<void>, opts?: EachChunkOptions): Promise<void>;
};

export type EachChunkOptions = {
  /**
   * Tables the chunks add many rows to. Their statistics are refreshed between chunks (outside the
   * chunks' transactions) once ANALYZE_FIRST keys are done, again each time as many more as were
   * done before have followed, and after the last chunk: the job's own queries are then planned for
   * the rows it wrote, and so are the queries that read them after it.
   */
  analyze?: readonly string[];
};

/** Keys done before a chunked job first refreshes the statistics of the tables it writes. */
export const ANALYZE_FIRST = 1000;

/** The resolved value is stored as the job's result (jsonb). */
export type JobHandler<P = unknown> = (ctx: JobContext<P>) => Promise<unknown>;

export type FailedJob = { id: number; companyId: number; type: string; payload: unknown; createdBy: number | null };

export type JobHandlerOptions = {
  /** Used when enqueueJob is not given maxAttempts. */
  maxAttempts?: number;
  /** Runs once when the job fails for good (its last attempt failed). Errors here are logged, not retried. */
  onFinalFailure?: (services: AppServices, job: FailedJob, error: string) => Promise<void>;
};

type Registered = { handler: JobHandler<unknown>; opts: JobHandlerOptions };

const handlers = new Map<string, Registered>();

/** Registers (or replaces) the handler of a job type. Every process that runs jobs registers the same handlers. */
export function registerJobHandler<P>(type: string, handler: JobHandler<P>, opts: JobHandlerOptions = {}): void {
  if (!/^[A-Za-z][\w.:-]{0,99}$/.test(type)) throw new Error(`invalid job type: ${type}`);
  handlers.set(type, { handler: handler as JobHandler<unknown>, opts });
}

export function findJobHandler(type: string): Registered | undefined {
  return handlers.get(type);
}

/**
 * A job the runner enqueues once a day for each company `companies` returns, with the idempotency
 * key `<keyPrefix>-YYYY-MM-DD` (China Standard Time), so several runners enqueue it once.
 */
export type DailyJob = { type: string; keyPrefix: string; companies: (exec: Executor) => Promise<number[]> };

const dailyJobs = new Map<string, DailyJob>();

export function registerDailyJob(def: DailyJob): void {
  dailyJobs.set(def.type, def);
}

export function listDailyJobs(): DailyJob[] {
  return [...dailyJobs.values()];
}
