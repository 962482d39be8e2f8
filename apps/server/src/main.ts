import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createServices } from './platform/create-services.ts';
import { seedDemo, DEMO_ADMIN_PHONE, DEMO_STAFF_PHONE } from './seed/demo.ts';
import { startBackgroundWork } from './platform/background.ts';
import { registerAllJobHandlers } from './modules/jobs-registry.ts';

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

const services = await createServices(config);
const log = services.log;
log.info({ database: services.database.kind, dataDir: config.dataDir }, 'database ready (migrations applied)');

if (config.seedDemo) {
  const seeded = await seedDemo(services);
  if (seeded.seeded) {
    log.info(`demo tenant seeded: sign in as ${DEMO_ADMIN_PHONE} (admin of both companies) or ${DEMO_STAFF_PHONE} (HR staff of the first)`);
    if (seeded.generatedPassword) log.warn(`DEMO_PASSWORD is not set; the demo password generated for this database is: ${seeded.generatedPassword}`);
  }
}

const app = await buildApp(services);
registerAllJobHandlers();
const background = config.runJobs ? startBackgroundWork(services) : undefined;
await app.listen({ port: config.port, host: config.host });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'stopping');
  const force = setTimeout(() => {
    log.error('did not stop within 15 s; exiting');
    process.exit(1);
  }, 15_000);
  force.unref();
  try {
    await app.close();
    await background?.stop();
    await services.database.close();
    log.info('stopped cleanly');
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'error while stopping');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
