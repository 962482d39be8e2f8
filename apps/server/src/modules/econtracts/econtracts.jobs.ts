import { registerDailyJob, registerJobHandler } from '../../platform/jobs/index.ts';
import { endExpiredContracts } from './contract-actions.service.ts';
import { BATCH_JOB, runBatchJob, type BatchPayload } from './initiation.service.ts';
import { listCompaniesWithExpiredContracts } from './econtracts.queries.ts';
import { chinaToday } from '../../platform/china-date.ts';

export const EXPIRY_DAILY_JOB = 'econtracts.endExpired';

/** The e-contract jobs: batch initiation, and once a day the signed contracts whose term ended become 已终止. */
export function registerEcontractJobHandlers(): void {
  registerJobHandler<BatchPayload>(BATCH_JOB, (ctx) => runBatchJob(ctx), { maxAttempts: 3 });
  registerJobHandler<{ day?: string }>(EXPIRY_DAILY_JOB, async (ctx) => {
    const day = ctx.job.payload?.day ?? chinaToday();
    const ended = await ctx.services.database.inTenant(ctx.job.companyId, (tx) => endExpiredContracts(tx, ctx.job.companyId, day));
    return { day, ended };
  });
  registerDailyJob({ type: EXPIRY_DAILY_JOB, keyPrefix: 'econtract-expiry', companies: listCompaniesWithExpiredContracts });
}
