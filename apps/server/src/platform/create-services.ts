import type { FastifyBaseLogger } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config.ts';
import { createPersonalDataCipher, tokenHasher } from './crypto.ts';
import { openDatabase, type Database } from './db.ts';
import { createLogger } from './logging.ts';
import { ensurePlatformRoot } from './platform-ca.ts';
import type { AppServices } from './services.ts';

/** `logDestination`: where the log goes instead of stdout (the API tests' log files). */
export async function createServices(
  config: Config,
  opts: { database?: Database; log?: FastifyBaseLogger; logDestination?: DestinationStream } = {},
): Promise<AppServices> {
  const log = opts.log ?? createLogger(config.logLevel, opts.logDestination);
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      sharedBuffers: config.pgliteSharedBuffers,
      onIdleError: (err) => log.warn({ err }, 'an idle database connection was closed by the server'),
    }));
  // The platform CA exists from the first start on (created once, its key encrypted at rest).
  const ca = await ensurePlatformRoot(database.db, config.encryptionKey);
  if (ca.created) log.info({ serial: ca.root.serialNumber }, 'platform root CA created');
  return {
    config,
    database,
    cipher: createPersonalDataCipher(config.encryptionKey),
    hashToken: tokenHasher(config.tokenSecret),
    log,
  };
}
