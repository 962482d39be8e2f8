import { registerDailyJob, registerJobHandler } from '../../platform/jobs/index.ts';
import { IMPORT_JOB_TYPE, markImportFailed, runImportJob, type ImportJobPayload } from './import-job.service.ts';
import { IMPORT_PURGE_JOB, listCompaniesWithImportsToPurge, purgeOldImports } from './import-purge.service.ts';

/** The job types of the roster import (every process that runs jobs registers them). */
export function registerEmployeeImportJobHandlers(): void {
  registerJobHandler<ImportJobPayload>(
    IMPORT_JOB_TYPE,
    (ctx) =>
      runImportJob(
        { services: ctx.services, companyId: ctx.job.companyId, createdBy: ctx.job.createdBy, progress: ctx.progress, eachChunk: ctx.eachChunk },
        ctx.job.payload,
      ),
    {
      maxAttempts: 3,
      onFinalFailure: async (services, job) => {
        const payload = job.payload as Partial<ImportJobPayload> | null;
        if (payload?.batchId) await markImportFailed(services, job.companyId, payload.batchId);
      },
    },
  );
  registerJobHandler(IMPORT_PURGE_JOB, (ctx) => purgeOldImports(ctx.services, ctx.job.companyId));
  registerDailyJob({ type: IMPORT_PURGE_JOB, keyPrefix: 'import-purge', companies: listCompaniesWithImportsToPurge });
}
