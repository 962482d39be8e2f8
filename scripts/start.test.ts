import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm start` end to end: first start migrates and seeds, Ctrl-C stops cleanly, the data reopens. */
const dataDir = mkdtempSync(join(tmpdir(), 'wfsaas-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_PASSWORD: 'start-test-1', WFSAAS_SKIP_WEB_BUILD: '1', LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  // no clock of its own: a first start migrates and seeds, slow on a busy machine; the test's timeout bounds it
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, output: () => out };
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

async function login(port: number) {
  const r = await fetch(`http://127.0.0.1:${port}/wfsaas-auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'username=13800000000&password=start-test-1',
  });
  return (await r.json()) as { code: number; data: { access_token: string } };
}

describe('npm start', () => {
  it('migrates and seeds on first start, stops cleanly on SIGINT and SIGTERM, and reopens the same data', async () => {
    const port = await freePort();
    const first = await startServer(port);
    expect(first.output()).toContain('demo tenant seeded');
    expect((await login(port)).code).toBe(200);
    expect(await stop(first.child, 'SIGINT')).toBe(0);
    expect(first.output()).toContain('stopped cleanly');

    const second = await startServer(port);
    expect(second.output()).not.toContain('demo tenant seeded');
    const again = await login(port);
    expect(again.code).toBe(200);
    const companies = await fetch(`http://127.0.0.1:${port}/wfsaas-saas/api/company/list`, { method: 'POST', headers: { authorization: `Bearer ${again.data.access_token}` } });
    expect(((await companies.json()) as { data: unknown[] }).data).toHaveLength(2);
    expect(await stop(second.child, 'SIGTERM')).toBe(0);
    expect(second.output()).not.toMatch(/recover|corrupt|"level":50/i);
  }, 300_000);
});
