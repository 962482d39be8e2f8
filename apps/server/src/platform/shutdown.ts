import type { FastifyBaseLogger } from 'fastify';

/**
 * Stops the process cleanly on SIGINT/SIGTERM: runs `stop` once (close the server, hand back
 * running jobs, close the database) and exits 0, or exits 1 when it fails or overruns `graceMs`.
 */
export function stopOnSignals(log: FastifyBaseLogger, what: string, graceMs: number, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, `${what} stopping`);
    const force = setTimeout(() => {
      log.error(`${what} did not stop within ${graceMs / 1000} s; exiting`);
      process.exit(1);
    }, graceMs);
    force.unref();
    try {
      await stop();
      log.info(`${what} stopped cleanly`);
      process.exit(0);
    } catch (err) {
      log.error({ err }, `error while stopping the ${what}`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
