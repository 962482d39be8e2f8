/**
 * `npm run worker`: runs background jobs in a process of its own, against the PostgreSQL server
 * named by DATABASE_URL (server mode). Start as many as the load needs; they share the queue.
 */
import { ConfigError, loadConfig, type Config } from './config.ts';
import { registerAllJobHandlers } from './modules/jobs-registry.ts';
import { createServices } from './platform/create-services.ts';
import { startBackgroundWork } from './platform/background.ts';
import { stopOnSignals } from './platform/shutdown.ts';

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

// Running jobs are handed back to the queue or finished before the process ends.
stopOnSignals(log, 'worker', 30_000, async () => {
  await runner.stop();
  await services.database.close();
});
