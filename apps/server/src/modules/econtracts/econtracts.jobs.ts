import { registerJobHandler } from '../../platform/jobs/index.ts';
import { BATCH_JOB, runBatchJob, type BatchPayload } from './contracts.service.ts';

/** The e-contract jobs: batch initiation. */
export function registerEcontractJobHandlers(): void {
  registerJobHandler<BatchPayload>(BATCH_JOB, (ctx) => runBatchJob(ctx), { maxAttempts: 3 });
}
