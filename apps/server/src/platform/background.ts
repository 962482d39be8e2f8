import { startJobRunner } from './jobs/index.ts';
import { startOutboxDelivery } from './notify.ts';
import type { AppServices } from './services.ts';

export type BackgroundWork = { stop(): Promise<void> };

/**
 * Starts the background work: the durable job runner and outbox delivery. The server runs it in its
 * own process in embedded mode (RUN_JOBS=true); `npm run worker` runs it in server mode. Job handlers
 * must be registered first (modules/jobs-registry.ts).
 */
export function startBackgroundWork(services: AppServices): BackgroundWork {
  const parts = [startJobRunner(services, { leaseMs: services.config.jobLeaseMs }), startOutboxDelivery(services)];
  return {
    async stop() {
      for (const p of parts.reverse()) await p.stop();
    },
  };
}
