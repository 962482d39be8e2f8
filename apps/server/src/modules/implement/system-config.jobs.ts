import { DEFAULT_RETENTION, RETENTION_LIMITS, type RetentionSettings } from '@wfsaas/contracts';
import type { Executor } from '../../platform/db.ts';
import { registerDailyJob, registerJobHandler } from '../../platform/jobs/index.ts';
import type { AppServices } from '../../platform/services.ts';
import * as q from './system-config.queries.ts';

export const RETENTION_JOB = 'system-config.retention';
const DAY_MS = 24 * 3600_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** How long the company keeps imports, audit entries and sent messages (the defaults until it sets them). */
export async function retentionDaysOf(exec: Executor, companyId: number): Promise<RetentionSettings> {
  return (await q.findRetention(exec, companyId)) ?? { ...DEFAULT_RETENTION };
}

/**
 * The daily clean-up of one company's audit entries and sent, failed or kept messages past the
 * company's periods. Runs outside the tenant role: the application role may not delete audit entries.
 */
export async function purgeOldRecords(services: AppServices, companyId: number): Promise<{ outbox: number; audit: number }> {
  return services.database.inTransaction(async (tx) => {
    const r = await retentionDaysOf(tx, companyId);
    const outbox = await q.deleteOldOutbox(tx, companyId, daysAgo(Math.max(r.outboxDays, RETENTION_LIMITS.outboxDays.min)));
    const audit = await q.deleteOldAudit(tx, companyId, daysAgo(Math.max(r.auditDays, RETENTION_LIMITS.auditDays.min)));
    return { outbox, audit };
  });
}

export function registerRetentionJobs(): void {
  registerJobHandler(RETENTION_JOB, (ctx) => purgeOldRecords(ctx.services, ctx.job.companyId));
  registerDailyJob({
    type: RETENTION_JOB,
    keyPrefix: 'retention',
    companies: (exec) => q.listCompaniesWithOldRecords(exec, daysAgo(RETENTION_LIMITS.outboxDays.min), daysAgo(RETENTION_LIMITS.auditDays.min)),
  });
}
