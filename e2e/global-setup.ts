import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ensureServerBuild } from '../scripts/build-server.mjs';

export const E2E_PASSWORD = 'e2e-demo-pass';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = join(root, 'apps/web/dist');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

/** Builds apps/web when dist is missing or older than the web or contracts sources. */
function ensureWebBuild(): void {
  const built = existsSync(join(dist, 'index.html')) ? statSync(join(dist, 'index.html')).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(join(root, 'apps/web/src')),
    newestMtime(join(root, 'apps/web/index.html')),
    newestMtime(join(root, 'apps/web/vite.config.ts')),
    newestMtime(join(root, 'packages/contracts/src')),
  );
  if (built >= sources) return;
  // vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error('building apps/web failed');
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

type Server = { baseURL: string; smsFile: string; stop(): Promise<void> };

/** One server on a free port with its own data folder, embedded database, demo seed and SMS file. */
async function startServer(): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wfsaas-e2e-'));
  // SMS are written to a file the journeys read verification codes from
  const smsFile = join(dataDir, 'sms.log');
  const baseURL = `http://127.0.0.1:${port}`;
  // links in SMS start with the address employees reach: here, the test server
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_PASSWORD: E2E_PASSWORD, LOG_LEVEL: 'warn', WEB_DIST: dist, SEED_DEMO: 'true', SMS_FILE: smsFile, PUBLIC_URL: baseURL, PLATFORM_PAYEE_BANK: '招商银行杭州分行营业部', PLATFORM_PAYEE_ACCOUNT: '5719 0837 2610 001' };
  // The browser tests always run on their own embedded database.
  delete env.DATABASE_URL;
  let out = '';
  // as `npm start` runs it: the server built into one module (scripts/build-server.mjs)
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...env, WFSAAS_SKIP_WEB_BUILD: '1' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
      clearTimeout(timer);
    }
    child.stdout?.destroy();
    child.stderr?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, child, () => out);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseURL, smsFile, stop };
}

/**
 * A server for each test worker (vitest's maxWorkers), so test files run side by side without
 * meeting each other's data: a worker's files all use the server of its pool id (e2e/support.ts).
 */
export default async function setup(project: TestProject) {
  ensureWebBuild();
  await ensureServerBuild();
  const count = Math.max(1, Number(project.globalConfig.maxWorkers) || 1);
  const started = await Promise.allSettled(Array.from({ length: count }, () => startServer()));
  const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stopAll = async () => void (await Promise.all(servers.map((x) => x.stop())));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide('servers', servers.map(({ baseURL, smsFile }) => ({ baseURL, smsFile })));
  project.provide('password', E2E_PASSWORD);
  return stopAll;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    servers: { baseURL: string; smsFile: string }[];
    password: string;
  }
}
