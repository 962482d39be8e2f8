import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createServices } from './platform/create-services.ts';
import { seedDemo, DEMO_ADMIN_PHONE, DEMO_STAFF_PHONE } from './seed/demo.ts';
import { startBackgroundWork } from './platform/background.ts';
import { stopOnSignals } from './platform/shutdown.ts';
import { startBackupControl } from './platform/backup-control.ts';
import { enableNewPermissionKeys } from './platform/permissions.ts';
import { encryptLegacyPlaintext } from './platform/data-fixes.ts';
import { applyPlatformOperators } from './platform/operators.ts';
import { maskPhone } from '@wfsaas/contracts';

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

const encrypted = await encryptLegacyPlaintext(services);
if (encrypted > 0) log.info({ rows: encrypted }, 'texts kept in clear by an earlier version are now encrypted');

const newKeys = await enableNewPermissionKeys(services.database.db);
if (newKeys.length > 0) log.info({ keys: newKeys }, 'permission keys of this version switched on for every company');

if (config.seedDemo) {
  const seeded = await seedDemo(services);
  if (seeded.seeded) {
    log.info(`demo tenant seeded: sign in as ${DEMO_ADMIN_PHONE} (admin of both companies) or ${DEMO_STAFF_PHONE} (HR staff of the first)`);
    if (seeded.generatedPassword) log.warn(`DEMO_PASSWORD is not set; the demo password generated for this database is: ${seeded.generatedPassword}`);
  }
}

if (config.platformOperators) {
  const ops = await applyPlatformOperators(services, services.database.db, config.platformOperators);
  log.info({ operators: ops.operators }, 'platform operators set from PLATFORM_OPERATORS');
  if (ops.missing.length > 0) log.warn({ phones: ops.missing.map(maskPhone) }, 'PLATFORM_OPERATORS names phones without a verified account');
}

const app = await buildApp(services);
const background = config.runJobs ? startBackgroundWork(services) : undefined;
await app.listen({ port: config.port, host: config.host });
const backupControl = await startBackupControl(services);

stopOnSignals(log, 'server', 15_000, async () => {
  await backupControl?.close();
  await app.close();
  await background?.stop();
  await services.database.close();
});
