import { registerJobHandler } from '../../platform/jobs/index.ts';
import { CALCULATE_JOB, markCalculateFailed, runCalculateJob, type CalculateJobPayload } from './payroll-calculate.ts';

/** The payroll jobs: a run's calculation. */
export function registerPayrollJobHandlers(): void {
  registerJobHandler<CalculateJobPayload>(CALCULATE_JOB, (ctx) => runCalculateJob(ctx), {
    maxAttempts: 3,
    onFinalFailure: async (services, job) => {
      const payload = job.payload as Partial<CalculateJobPayload> | null;
      const runId = Number(payload?.runId);
      const version = Number(payload?.version);
      if (Number.isSafeInteger(runId) && runId > 0) await services.database.inTenant(job.companyId, (tx) => markCalculateFailed(tx, job.companyId, runId, version));
    },
  });
}
