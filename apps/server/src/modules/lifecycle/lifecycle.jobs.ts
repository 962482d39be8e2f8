import { registerDailyJob, registerJobHandler } from '../../platform/jobs/index.ts';
import { listCompaniesWithDueChanges } from './lifecycle.queries.ts';
import { applyDueChanges } from './apply-due-changes.ts';
import { chinaToday } from '../../platform/china-date.ts';

export const CHANGES_DAILY_JOB = 'lifecycle.applyDueChanges';

/** Waiting changes take effect on their date: once a day per company that has any. */
export function registerLifecycleJobHandlers(): void {
  registerJobHandler<{ day?: string }>(CHANGES_DAILY_JOB, async (ctx) => {
    const day = ctx.job.payload?.day ?? chinaToday();
    const result = await ctx.services.database.inTenant(ctx.job.companyId, (tx) => applyDueChanges(ctx.services, tx, ctx.job.companyId, day));
    return { day, ...result };
  });
  registerDailyJob({ type: CHANGES_DAILY_JOB, keyPrefix: 'changes', companies: listCompaniesWithDueChanges });
}
