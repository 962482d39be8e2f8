import { createReadStream, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { BackupError, restoreBackup, verifyBackup, writeBackup } from './platform/backup.ts';
import { requestBackup } from './platform/backup-control.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './platform/db.ts';

/**
 * `npm run backup [-- --out FILE]` and `npm run restore FILE` for the embedded deployment (docs/backup.md).
 * A running server is asked for the backup through its socket; a stopped one is read directly.
 */

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function backup(args: string[]): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) fail('DATABASE_URL is set: back up the PostgreSQL server with pg_dump and the file store with its own tools (docs/backup.md).');
  const i = args.indexOf('--out');
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const out = resolve(i >= 0 && args[i + 1] ? args[i + 1]! : `backups/wfsaas-${stamp}.tar.gz`);
  mkdirSync(dirname(out), { recursive: true });
  try {
    const online = await requestBackup(config.dataDir, createWriteStream(out, { mode: 0o600 }));
    if (!online) {
      const database = await openDatabase({ dataDir: config.dataDir, sharedBuffers: config.pgliteSharedBuffers });
      try {
        await writeBackup(() => database.dumpDataDir!(), config.dataDir, createWriteStream(out, { mode: 0o600 }));
      } finally {
        await database.close();
      }
    }
    const m = await verifyBackup(createReadStream(out));
    const rows = Object.values(m.rowCounts).reduce((a, b) => a + b, 0);
    console.log(`${out}\n  ${online ? 'taken from the running server' : 'taken from the stopped data directory'}; ${Object.keys(m.rowCounts).length} tables, ${rows} rows, ${m.files.length} files; checksums verified`);
    console.log('  The archive holds the encryption keys (secrets.json) unless they are configured in the environment: keep it as safe as the data.');
  } catch (err) {
    rmSync(out, { force: true });
    throw err;
  }
}

async function restore(args: string[]): Promise<void> {
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) fail('usage: npm run restore FILE   (into an empty DATA_DIR)');
  // Not loadConfig(): it would create secrets.json in the directory that must stay empty until restored.
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const m = await restoreBackup(createReadStream(resolve(file)), dataDir);
  console.log(`restored ${file} into ${dataDir}: ${Object.keys(m.rowCounts).length} tables, ${m.files.length} files, row counts and checksums verified (backup of ${m.createdAt})`);
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'backup') await backup(rest);
  else if (command === 'restore') await restore(rest);
  else fail('usage: backup [--out FILE] | restore FILE');
} catch (err) {
  if (err instanceof BackupError || err instanceof ConfigError) fail(err.message);
  throw err;
}
