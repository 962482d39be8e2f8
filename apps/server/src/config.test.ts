import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dirs: string[] = [];
function tempDir() {
  const d = mkdtempSync(join(tmpdir(), 'wfsaas-cfg-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: tempDir() });
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtp).toBeUndefined();
    expect(c.runJobs).toBe(true);
    expect(c.jobLeaseMs).toBe(60_000);
    expect(c.trustProxy).toEqual([]);
    expect(c.publicUrl).toBeUndefined();
    expect(c.production).toBe(false);
  });
  it('names the bad variable', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ENCRYPTION_KEY: 'short' })).toThrow(/ENCRYPTION_KEY/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PGLITE_SHARED_BUFFERS: '16 MB' })).toThrow(/PGLITE_SHARED_BUFFERS/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), JOB_LEASE_SECONDS: '1' })).toThrow(/JOB_LEASE_SECONDS/);
    expect(loadConfig({ DATA_DIR: tempDir(), JOB_LEASE_SECONDS: '10' }).jobLeaseMs).toBe(10_000);
    expect(loadConfig({ DATA_DIR: tempDir(), PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
  });
  it('generates missing secrets once and keeps them under DATA_DIR', () => {
    const d = tempDir();
    const a = loadConfig({ DATA_DIR: d });
    expect(existsSync(join(d, 'secrets.json'))).toBe(true);
    const b = loadConfig({ DATA_DIR: d });
    expect(b.encryptionKey.equals(a.encryptionKey)).toBe(true);
    expect(b.tokenSecret.equals(a.tokenSecret)).toBe(true);
    expect(a.encryptionKey).toHaveLength(32);
    const other = loadConfig({ DATA_DIR: tempDir() });
    expect(other.encryptionKey.equals(a.encryptionKey)).toBe(false);
    expect(JSON.parse(readFileSync(join(d, 'secrets.json'), 'utf8')).encryptionKey).toBe(a.encryptionKey.toString('base64'));
  });
  it('uses configured secrets without writing a file', () => {
    const d = tempDir();
    const key = randomBytes(32).toString('base64');
    const c = loadConfig({ DATA_DIR: d, ENCRYPTION_KEY: key, TOKEN_SECRET: 'x'.repeat(40) });
    expect(c.encryptionKey.toString('base64')).toBe(key);
    expect(existsSync(join(d, 'secrets.json'))).toBe(false);
  });
  it('reads the trusted proxies and refuses anything that is not an address or CIDR', () => {
    const c = loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8,::1,fd00::/8 ,loopback' });
    expect(c.trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '' }).trustProxy).toEqual([]);
    for (const bad of ['true', '*', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', '10.0.0/8', 'proxy.example.com', '127.0.0.1,nope']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
  it('reads PUBLIC_URL as an http(s) origin and refuses a path, query or other scheme', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://HR.Example.com/' }).publicUrl).toBe('https://hr.example.com');
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'http://10.0.0.5:8080' }).publicUrl).toBe('http://10.0.0.5:8080');
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: '' }).publicUrl).toBeUndefined();
    for (const bad of ['hr.example.com', 'ftp://hr.example.com', 'https://hr.example.com/app', 'https://hr.example.com/?x=1', 'https://hr.example.com#top', 'https://user:pw@hr.example.com', 'https://', 'https://hr example.com']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' }).production).toBe(true);
  });
  it('reads SMTP settings', () => {
    const c = loadConfig({ DATA_DIR: tempDir(), SMTP_HOST: 'smtp.example.com', SMTP_PORT: '465', SMTP_SECURE: 'true' });
    expect(c.smtp).toMatchObject({ host: 'smtp.example.com', port: 465, secure: true });
  });
});
