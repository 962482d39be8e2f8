// `npm start`: build the web app when its build is missing or older than its sources, then run
// the server in this process (TypeScript loaded through tsx), so Ctrl-C reaches it directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function webBuildIsStale() {
  const built = join(root, 'apps/web/dist/index.html');
  if (!existsSync(built)) return true;
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/contracts/src'];
  const newest = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  return newest > statSync(built).mtimeMs;
}

if (process.env.WFSAAS_SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.log('Building the web app (apps/web/dist)…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@wfsaas/web'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
