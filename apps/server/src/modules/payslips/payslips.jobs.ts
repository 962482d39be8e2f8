import { registerDailyJob, registerJobHandler } from '../../platform/jobs/index.ts';
import { autoConfirmPayslips, markSendJobFailed, runSendJob, SEND_JOB, type SendJobPayload } from './payslip-send.service.ts';
import { listCompaniesWithAutoConfirm } from './payslip-send.queries.ts';

export const AUTO_CONFIRM_JOB = 'payslips.autoConfirm';

/** The payslip jobs: a batch's send (now or at its set time) and the daily auto-confirmation. */
export function registerPayslipJobHandlers(): void {
  registerJobHandler<SendJobPayload>(SEND_JOB, (ctx) => runSendJob(ctx), {
    maxAttempts: 5,
    onFinalFailure: async (services, job) => {
      const batchId = Number((job.payload as Partial<SendJobPayload> | null)?.batchId);
      if (Number.isSafeInteger(batchId) && batchId > 0) await markSendJobFailed(services, job.companyId, batchId);
    },
  });
  registerJobHandler(AUTO_CONFIRM_JOB, async (ctx) => {
    const confirmed = await ctx.services.database.inTenant(ctx.job.companyId, (tx) => autoConfirmPayslips(tx, ctx.job.companyId));
    return { confirmed };
  });
  registerDailyJob({ type: AUTO_CONFIRM_JOB, keyPrefix: 'payslip-auto-confirm', companies: listCompaniesWithAutoConfirm });
}
