import { registerDailyJob, registerJobHandler } from '../../platform/jobs/index.ts';
import { chinaToday } from '../../platform/china-date.ts';
import { readerHolds, type FileAccessRule } from '../../platform/files/index.ts';
import { listCompanyIds } from './platform-bills.queries.ts';
import { BILL_UPDATE_JOB, runDailyBills, runStatementUpdate } from './platform-bills.service.ts';

export const BILL_DAILY_JOB = 'trade.billsDaily';

/**
 * Platform bill jobs (docs/trade.md): once a day per company, overdue marking and the previous
 * month's statement when it has none; and the update of one statement after unlock or regeneration.
 */
export function registerPlatformBillJobHandlers(): void {
  registerJobHandler<{ day?: string }>(BILL_DAILY_JOB, async (ctx) => {
    const day = ctx.job.payload?.day ?? chinaToday();
    return { day, ...(await runDailyBills(ctx.services, ctx.job.companyId, day)) };
  });
  registerDailyJob({ type: BILL_DAILY_JOB, keyPrefix: 'bills', companies: listCompanyIds });
  registerJobHandler<{ billId: number; finish?: 'finishUpdate' | 'finishGenerate' }>(
    BILL_UPDATE_JOB,
    async (ctx) => ({ status: await runStatementUpdate(ctx.services, ctx.job.companyId, ctx.job.payload.billId, ctx.job.payload.finish ?? 'finishUpdate') }),
    { maxAttempts: 3 },
  );
}

/** A transfer's proof image: served under 账单管理 to whoever may see the company's bills. */
export const billProofFileRule: FileAccessRule = {
  audited: true,
  allows: (r) => readerHolds(r, 'billManagement'),
};
