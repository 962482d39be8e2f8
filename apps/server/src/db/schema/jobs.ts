import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Durable background jobs (imports, exports, batch sends). A worker claims a due job by taking a
 * lease (locked_by, locked_until) that it renews while the job runs; when a worker dies the lease
 * runs out and another worker takes the job over.
 */
export const jobs = pgTable(
  'jobs',
  {
    companyId: companyId(),
    id: idColumn(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** The same key in the same company never creates a second job. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    /** Raised each time a worker claims the job. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: ts('run_at').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: ts('locked_until'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    result: jsonb('result'),
    error: text('error'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('jobs_idempotency_uq').on(t.companyId, t.idempotencyKey),
    index('jobs_due_idx').on(t.runAt).where(sql`status in ('queued', 'running')`),
    check('jobs_status_ck', sql`${t.status} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
    tenantPolicy('jobs'),
  ],
);

/** The items of a job that are done: each key runs once, ever, in the transaction that records it here. */
export const jobItems = pgTable(
  'job_items',
  {
    companyId: companyId(),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    itemKey: text('item_key').notNull(),
    doneAt: ts('done_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.jobId, t.itemKey] }), tenantPolicy('job_items')],
);
