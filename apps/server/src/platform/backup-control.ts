import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { writeBackup } from './backup.ts';
import type { AppServices } from './services.ts';

/**
 * The running embedded server takes backups through a Unix socket in DATA_DIR (mode 0600: only its
 * own OS user reaches it), since no second process may open PGlite's data directory while it runs.
 */

export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');
/** Linux's limit on a socket path. */
const MAX_SOCKET_PATH = 107;

export async function startBackupControl(s: AppServices): Promise<{ close(): Promise<void> } | null> {
  const dump = s.database.dumpDataDir;
  const path = controlSocketPath(s.config.dataDir);
  if (!dump || path.length > MAX_SOCKET_PATH) return null;
  let busy = false;
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    if (busy) {
      res.writeHead(409).end('a backup is already running');
      return;
    }
    busy = true;
    res.writeHead(200, { 'content-type': 'application/gzip' });
    writeBackup(() => dump(), s.config.dataDir, res)
      .then((m) => s.log.info({ files: m.files.length, tables: Object.keys(m.rowCounts).length }, 'backup written'))
      .catch((err: unknown) => {
        s.log.error({ err }, 'backup failed');
        res.destroy(err as Error);
      })
      .finally(() => (busy = false));
  });
  if (existsSync(path)) rmSync(path);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Asks a running server for a backup into `out`; false when no server listens on DATA_DIR's socket. */
export function requestBackup(dataDir: string, out: Writable): Promise<boolean> {
  const path = controlSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: path, path: '/backup', method: 'POST' }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`the running server refused the backup (HTTP ${res.statusCode})`));
        return;
      }
      res.on('error', reject);
      res.pipe(out);
      out.on('finish', () => (res.complete ? resolve(true) : reject(new Error('the running server stopped before the backup was complete'))));
      out.on('error', reject);
    });
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? resolve(false) : reject(err)));
    req.end();
  });
}
