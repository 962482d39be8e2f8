export { registerJobHandler, registerDailyJob, type JobContext, type JobHandler, type JobHandlerOptions, type JobInfo, type FailedJob, type DailyJob } from './registry.ts';
export { enqueueJob, findJob, findJobByKey, cancelJob, type JobRow, type EnqueueInput } from './queue.ts';
export { startJobRunner, runDueJobsOnce, retryDelayMs, type RunnerOptions } from './runner.ts';
