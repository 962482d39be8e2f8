// `npm start`: build the web app and the server when their builds are missing or older than their
// sources, then run the server in this process, so Ctrl-C reaches it directly.
// `npm run worker` (`--worker`): the same for the job worker, which serves no web app.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureServerBuild, newestMtime } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

export function webBuildIsStale() {
  const built = join(root, 'apps/web/dist/index.html');
  if (!existsSync(built)) return true;
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/contracts/src'];
  const newest = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  return newest > statSync(built).mtimeMs;
}

const worker = process.argv.includes('--worker');
// `npm run backup` / `npm run restore FILE`: the backup tool, built like the server (docs/backup.md)
const backup = process.argv.includes('--backup');
if (backup) process.argv.splice(process.argv.indexOf('--backup'), 1);

if (!worker && !backup && process.env.WFSAAS_SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.log('Building the web app (apps/web/dist)…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@wfsaas/web'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const [main, workerMain, backupMain] = await ensureServerBuild();
await import(pathToFileURL(backup ? backupMain : worker ? workerMain : main).href);
