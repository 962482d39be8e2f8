import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE } from '../seed/demo.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { PNG, postFile } from '../test/uploads.ts';
import { BackupError, countRows, restoreBackup, verifyBackup } from './backup.ts';
import { requestBackup, startBackupControl } from './backup-control.ts';
import { openDatabase, rowsOf } from './db.ts';

const hash = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore of the embedded database', () => {
  let t: TestApp;
  let work: string;
  let archive: string;
  beforeAll(async () => {
    t = await createTestApp();
    work = mkdtempSync(join(tmpdir(), 'wfsaas-backup-'));
    archive = join(work, 'backup.tar.gz');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up a running server while it takes uploads, and restores it elsewhere with the same rows and files', async () => {
    const admin = await t.login(DEMO_ADMIN_PHONE);
    const upload = (i: number) => postFile<{ fileId: string }>(t, '/wfsaas-file/api/file/upload', { token: admin, companyId: 1, filename: `票据${i}.png`, content: Buffer.concat([PNG, Buffer.from(String(i))]) });
    expect((await upload(0)).body.code).toBe(200);
    const control = await startBackupControl(t.services);
    expect(control).not.toBeNull();
    try {
      const uploads = Promise.all([1, 2, 3, 4, 5].map(upload));
      expect(await requestBackup(t.dataDir, createWriteStream(archive))).toBe(true);
      for (const r of await uploads) expect(r.body.code).toBe(200);
    } finally {
      await control!.close();
    }

    const manifest = await verifyBackup(createReadStream(archive));
    expect(manifest.rowCounts.employees).toBeGreaterThan(0);
    expect(manifest.files.length).toBeGreaterThan(0);

    const target = join(work, 'restored');
    await restoreBackup(createReadStream(archive), target);
    const restored = await openDatabase({ dataDir: target });
    try {
      const counts = await restored.inTransaction(async (tx) => countRows(async (text) => ({ rows: rowsOf(await tx.execute(sql.raw(text))) })));
      expect(counts).toEqual(manifest.rowCounts);
      // every file a restored row names is there, byte for byte the original
      const stored = await restored.inTransaction(async (tx) => rowsOf<{ key: string }>(await tx.execute(sql`select storage_key as key from files`)));
      expect(stored.length).toBeGreaterThan(0);
      for (const { key } of stored) expect(hash(join(target, 'files', key))).toBe(hash(join(t.dataDir, 'files', key)));
    } finally {
      await restored.close();
    }
    if (existsSync(join(t.dataDir, 'secrets.json'))) expect(hash(join(target, 'secrets.json'))).toBe(hash(join(t.dataDir, 'secrets.json')));
    else expect(manifest.secrets).toBeNull();
  });

  it('refuses a target that is not empty, and a tampered archive, leaving the target empty', async () => {
    const full = join(work, 'full');
    writeFileSync(join(work, 'marker'), 'x');
    await expect(restoreBackup(createReadStream(archive), work)).rejects.toThrow(BackupError);

    const bytes = readFileSync(archive);
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const tar = gunzipSync(bytes);
    // flip one byte inside the first file entry's data (after the database and the secrets)
    const at = tar.indexOf(Buffer.from('files/'));
    tar[at + 512 + 3] ^= 0xff;
    const tampered = join(work, 'tampered.tar.gz');
    writeFileSync(tampered, gzipSync(tar));
    await expect(restoreBackup(createReadStream(tampered), full)).rejects.toThrow(/checksum mismatch/);
    expect(existsSync(full) ? readdirSync(full) : []).toEqual([]);
  });
});
