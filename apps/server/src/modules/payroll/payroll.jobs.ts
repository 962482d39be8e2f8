import { registerJobHandler } from '../../platform/jobs/index.ts';
import { CALCULATE_JOB, markCalculateFailed, runCalculateJob, type CalculateJobPayload } from './payroll-calculate.ts';
import { registerPayrollExports } from './payroll-exports.ts';

/** The payroll jobs: a run's calculation, and the payroll files of 下载中心 (bank file, declaration, payroll sheet). */
export function registerPayrollJobHandlers(): void {
  registerPayrollExports();
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
