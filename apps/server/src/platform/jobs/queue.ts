import { and, eq, sql } from 'drizzle-orm';
import { jobItems, jobs } from '../../db/schema/index.ts';
import type { Executor, Tx } from '../db.ts';
import { findJobHandler } from './registry.ts';

export type JobRow = typeof jobs.$inferSelect;

export type EnqueueInput = {
  companyId: number;
  type: string;
  payload?: unknown;
  /** The same (companyId, idempotencyKey) never makes a second job: the existing one is returned. */
  idempotencyKey: string;
  createdBy?: number | null;
  runAt?: Date;
  maxAttempts?: number;
};

export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * Enqueues a job in the caller's transaction (it becomes visible to workers when that commits).
 * The same idempotency key in the same company returns the existing job with created false.
 */
export async function enqueueJob(exec: Executor, input: EnqueueInput): Promise<{ id: number; created: boolean }> {
  if (!input.idempotencyKey || input.idempotencyKey.length > 200) throw new Error('idempotencyKey must be 1–200 characters');
  const maxAttempts = input.maxAttempts ?? findJobHandler(input.type)?.opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error('maxAttempts must be a positive integer');
  const inserted = await exec
    .insert(jobs)
    .values({
      companyId: input.companyId,
      type: input.type,
      payload: input.payload ?? {},
      idempotencyKey: input.idempotencyKey,
      createdBy: input.createdBy ?? null,
      maxAttempts,
      ...(input.runAt ? { runAt: input.runAt } : {}),
    })
    .onConflictDoNothing({ target: [jobs.companyId, jobs.idempotencyKey] })
    .returning({ id: jobs.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const existing = await findJobByKey(exec, input.companyId, input.idempotencyKey);
  if (!existing) throw new Error('job idempotency conflict without an existing job');
  return { id: existing.id, created: false };
}

export async function findJob(exec: Executor, companyId: number, id: number): Promise<JobRow | null> {
  const rows = await exec
    .select()
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), eq(jobs.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findJobByKey(exec: Executor, companyId: number, idempotencyKey: string): Promise<JobRow | null> {
  const rows = await exec
    .select()
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), eq(jobs.idempotencyKey, idempotencyKey)))
    .limit(1);
  return rows[0] ?? null;
}

/** Cancels a job that has not started; answers whether it did. */
export async function cancelJob(exec: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await exec
    .update(jobs)
    .set({ status: 'cancelled', finishedAt: sql`now()` })
    .where(and(eq(jobs.companyId, companyId), eq(jobs.id, id), eq(jobs.status, 'queued')))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

// ---- Used by the runner (as the owner: claiming spans companies) ----

const lease = (ms: number) => sql`now() + (${Math.round(ms)}::int * interval '1 millisecond')`;

/**
 * Claims the next due job: queued and due, or running with an expired lease (its worker died).
 * SKIP LOCKED lets several workers claim side by side without waiting on each other.
 */
export async function claimNextJob(exec: Executor, workerId: string, leaseMs: number): Promise<JobRow | null> {
  const rows = await exec
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: workerId,
      lockedUntil: lease(leaseMs),
      startedAt: sql`coalesce(${jobs.startedAt}, now())`,
    })
    .where(
      sql`(${jobs.companyId}, ${jobs.id}) = (
        select j.company_id, j.id from jobs j
        where j.status in ('queued', 'running') and j.run_at <= now() and (j.locked_until is null or j.locked_until < now())
        order by j.run_at, j.id
        limit 1
        for update skip locked)`,
    )
    .returning();
  return rows[0] ?? null;
}

const ownedBy = (job: Pick<JobRow, 'companyId' | 'id'>, workerId: string) =>
  and(eq(jobs.companyId, job.companyId), eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'));

/** Extends the lease; false when another worker has taken the job over. */
export async function renewLease(exec: Executor, job: Pick<JobRow, 'companyId' | 'id'>, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await exec.update(jobs).set({ lockedUntil: lease(leaseMs) }).where(ownedBy(job, workerId)).returning({ id: jobs.id });
  return rows.length === 1;
}

export async function completeJob(exec: Executor, job: Pick<JobRow, 'companyId' | 'id'>, workerId: string, result: unknown): Promise<boolean> {
  const rows = await exec
    .update(jobs)
    .set({ status: 'succeeded', result: result ?? null, error: null, finishedAt: sql`now()`, lockedBy: null, lockedUntil: null })
    .where(ownedBy(job, workerId))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** A failed attempt: back to the queue after retryInMs, or failed for good when final. */
export async function failJob(
  exec: Executor,
  job: Pick<JobRow, 'companyId' | 'id'>,
  workerId: string,
  error: string,
  final: boolean,
  retryInMs: number,
): Promise<boolean> {
  const rows = await exec
    .update(jobs)
    .set(
      final
        ? { status: 'failed', error, finishedAt: sql`now()`, lockedBy: null, lockedUntil: null }
        : { status: 'queued', error, runAt: lease(retryInMs), lockedBy: null, lockedUntil: null },
    )
    .where(ownedBy(job, workerId))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Hands a job back untouched (the runner is stopping): another worker may take it at once. */
export async function releaseJob(exec: Executor, job: Pick<JobRow, 'companyId' | 'id'>, workerId: string): Promise<boolean> {
  const rows = await exec
    .update(jobs)
    .set({ status: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedBy: null, lockedUntil: null })
    .where(ownedBy(job, workerId))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

export async function setJobProgress(exec: Executor, job: Pick<JobRow, 'companyId' | 'id'>, workerId: string, done: number, total?: number): Promise<boolean> {
  const rows = await exec
    .update(jobs)
    .set({ progressDone: Math.max(0, Math.floor(done)), ...(total === undefined ? {} : { progressTotal: Math.max(0, Math.floor(total)) }) })
    .where(ownedBy(job, workerId))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

export async function listDoneItemKeys(exec: Executor, companyId: number, jobId: number): Promise<string[]> {
  const rows = await exec
    .select({ key: jobItems.itemKey })
    .from(jobItems)
    .where(and(eq(jobItems.companyId, companyId), eq(jobItems.jobId, jobId)));
  return rows.map((r) => r.key);
}

/** Records a key as done; false when it already was (the item's work must then not run again). */
export async function markItemDone(tx: Tx, companyId: number, jobId: number, key: string): Promise<boolean> {
  const rows = await tx.insert(jobItems).values({ companyId, jobId, itemKey: key }).onConflictDoNothing().returning({ key: jobItems.itemKey });
  return rows.length === 1;
}

/** Records many keys as done; answers those that were not done before (only their work may run). */
export async function markItemsDone(tx: Tx, companyId: number, jobId: number, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await tx
    .insert(jobItems)
    .values(keys.map((itemKey) => ({ companyId, jobId, itemKey })))
    .onConflictDoNothing()
    .returning({ key: jobItems.itemKey });
  return rows.map((r) => r.key);
}

/** `by` more items done (one by default), only while this worker still holds the job. */
export async function bumpJobProgress(tx: Tx, job: Pick<JobRow, 'companyId' | 'id'>, workerId: string, by = 1): Promise<boolean> {
  const rows = await tx
    .update(jobs)
    .set({ progressDone: sql`${jobs.progressDone} + ${by}` })
    .where(ownedBy(job, workerId))
    .returning({ id: jobs.id });
  return rows.length === 1;
}
