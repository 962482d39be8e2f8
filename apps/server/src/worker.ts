/**
 * `npm run worker`: runs background jobs in a process of its own, against the PostgreSQL server
 * named by DATABASE_URL (server mode). Start as many as the load needs; they share the queue.
 */
import { ConfigError, loadConfig, type Config } from './config.ts';
import { registerAllJobHandlers } from './modules/jobs-registry.ts';
import { createServices } from './platform/create-services.ts';
import { startBackgroundWork } from './platform/background.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

if (!config.databaseUrl) {
  console.error(
    'npm run worker needs DATABASE_URL (a PostgreSQL server). The embedded database (PGlite) can be opened by one process only, and `npm start` already runs the jobs in its own process.',
  );
  process.exit(1);
}

const services = await createServices(config);
const log = services.log;
registerAllJobHandlers();
const runner = startBackgroundWork(services);
log.info({ database: services.database.kind }, 'worker started');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'worker stopping: running jobs are handed back or finished');
  const force = setTimeout(() => {
    log.error('worker did not stop within 30 s; exiting');
    process.exit(1);
  }, 30_000);
  force.unref();
  try {
    await runner.stop();
    await services.database.close();
    log.info('worker stopped cleanly');
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'error while stopping the worker');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
