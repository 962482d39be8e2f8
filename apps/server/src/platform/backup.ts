import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { PassThrough, Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';

/**
 * One archive of the embedded deployment (docs/backup.md): the database's data directory as PGlite
 * dumps it, the stored files, the generated secrets, and a manifest with checksums and row counts.
 */

export const BACKUP_FORMAT = 1;
const DATABASE_ENTRY = 'pgdata.tar';
const SECRETS_ENTRY = 'secrets.json';
const MANIFEST_ENTRY = 'manifest.json';

export type BackupEntry = { path: string; size: number; sha256: string };
export type BackupManifest = {
  format: number;
  createdAt: string;
  database: BackupEntry;
  secrets: BackupEntry | null;
  files: BackupEntry[];
  /** Rows per table, counted in the dumped copy itself. */
  rowCounts: Record<string, number>;
};

export class BackupError extends Error {}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

function filesUnder(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = join(dir, d.name);
    if (d.isDirectory()) return filesUnder(full, base);
    return d.isFile() ? [relative(base, full).split(sep).join('/')] : [];
  });
}

/** Rows per table of the public schema, as the owner. */
export async function countRows(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<Record<string, number>> {
  const tables = (await query(`select tablename from pg_tables where schemaname = 'public' order by tablename`)).rows as { tablename: string }[];
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const r = (await query(`select count(*)::int as n from "${tablename.replaceAll('"', '""')}"`)).rows as { n: number }[];
    counts[tablename] = r[0]!.n;
  }
  return counts;
}

/** Opens a dumped data directory in memory (or into `dataDir`) and counts its rows: the proof it loads. */
async function countDumped(dump: Blob, dataDir?: string): Promise<Record<string, number>> {
  const db = new PGlite({ ...(dataDir ? { dataDir } : {}), loadDataDir: dump });
  try {
    await db.waitReady;
    return await countRows((text) => db.query(text));
  } finally {
    await db.close();
  }
}

/** Streams a file into the archive, hashing it on the way. */
async function addFile(pack: ReturnType<typeof tarPack>, name: string, full: string): Promise<BackupEntry> {
  const size = statSync(full).size;
  const hash = createHash('sha256');
  const entry = pack.entry({ name, size, mode: 0o600 });
  await pipeline(
    createReadStream(full),
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    }),
    entry,
  );
  return { path: name, size, sha256: hash.digest('hex') };
}

/**
 * Writes a gzip'd tar to `out`. The database is dumped first (after a checkpoint) and then the files,
 * so every file a dumped row names is in the archive; a file written later is extra, never missing.
 */
export async function writeBackup(dump: () => Promise<Blob>, dataDir: string, out: Writable): Promise<BackupManifest> {
  const pack = tarPack();
  const done = pipeline(pack, createGzip({ level: 6 }), out);
  try {
    const blob = await dump();
    const data = new Uint8Array(await blob.arrayBuffer());
    const rowCounts = await countDumped(blob);
    const database = { path: DATABASE_ENTRY, size: data.byteLength, sha256: sha256(data) };
    await new Promise<void>((resolve, reject) => pack.entry({ name: DATABASE_ENTRY, size: data.byteLength, mode: 0o600 }, Buffer.from(data), (err) => (err ? reject(err) : resolve())));
    const secretsFile = join(dataDir, SECRETS_ENTRY);
    const secrets = existsSync(secretsFile) ? await addFile(pack, SECRETS_ENTRY, secretsFile) : null;
    const files: BackupEntry[] = [];
    // an upload still being written (`.part`) has no row yet and is left out
    for (const rel of filesUnder(join(dataDir, 'files')).filter((f) => !f.endsWith('.part'))) files.push(await addFile(pack, `files/${rel}`, join(dataDir, 'files', ...rel.split('/'))));
    const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), database, secrets, files, rowCounts };
    pack.entry({ name: MANIFEST_ENTRY, mode: 0o600 }, JSON.stringify(manifest, null, 2));
    pack.finalize();
    await done;
    return manifest;
  } catch (err) {
    pack.destroy(err as Error);
    await done.catch(() => undefined);
    throw err;
  }
}

/** A restore target is a directory that does not exist or holds nothing. */
export function assertEmptyDataDir(dataDir: string): void {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new BackupError(`DATA_DIR ${dataDir} is not empty: restore only into an empty directory`);
}

function safeName(name: string): string {
  const norm = posix.normalize(name);
  if (norm.startsWith('/') || norm.startsWith('..') || norm.includes('/../') || norm.includes('\0')) throw new BackupError(`archive entry ${JSON.stringify(name)} leaves the data directory`);
  return norm;
}

/**
 * Restores an archive into an empty `dataDir`: every entry's checksum must match the manifest and the
 * restored database's row counts must equal the manifest's; on any mismatch the directory is emptied again.
 */
export async function restoreBackup(input: Readable, dataDir: string): Promise<BackupManifest> {
  assertEmptyDataDir(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const seen = new Map<string, BackupEntry>();
  let manifest: BackupManifest | null = null;
  let dump: Buffer | null = null;
  try {
    const ex = tarExtract();
    ex.on('entry', (header, stream, next) => {
      const name = safeName(header.name);
      const chunks: Buffer[] = [];
      const hash = createHash('sha256');
      let size = 0;
      const toDisk = name.startsWith('files/') || name === SECRETS_ENTRY;
      const file = toDisk ? join(dataDir, ...name.split('/')) : null;
      if (file) mkdirSync(dirname(file), { recursive: true });
      const sink = file ? createWriteStream(file, { mode: 0o600 }) : new PassThrough().resume();
      stream.on('data', (data: unknown) => {
        const c = data as Buffer;
        hash.update(c);
        size += c.length;
        if (!file) chunks.push(c);
      });
      pipeline(stream, sink)
        .then(() => {
          if (name === MANIFEST_ENTRY) manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
          else if (name === DATABASE_ENTRY) dump = Buffer.concat(chunks);
          else if (!file) throw new BackupError(`unexpected archive entry ${name}`);
          seen.set(name, { path: name, size, sha256: hash.digest('hex') });
          next();
        })
        .catch((err: Error) => next(err));
    });
    await pipeline(input, createGunzip(), ex);
    const m = manifest as BackupManifest | null;
    if (!m || m.format !== BACKUP_FORMAT) throw new BackupError('the archive has no manifest of a known format');
    checkEntries(m, seen);
    const counts = await countDumped(new Blob([new Uint8Array(dump!)]), join(dataDir, 'pgdata'));
    const differing = Object.keys({ ...counts, ...m.rowCounts }).filter((t) => counts[t] !== m.rowCounts[t]);
    if (differing.length > 0) throw new BackupError(`restored row counts differ from the manifest: ${differing.join(', ')}`);
    return m;
  } catch (err) {
    for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
    throw err;
  }
}

/** Reads a whole archive and checks every entry against its manifest, without restoring it. */
export function verifyBackup(input: Readable): Promise<BackupManifest> {
  return new Promise((resolve, reject) => {
    const ex = tarExtract();
    const seen = new Map<string, BackupEntry>();
    let manifest: BackupManifest | null = null;
    ex.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      const hash = createHash('sha256');
      let size = 0;
      stream.on('data', (data: unknown) => {
        const c = data as Buffer;
        hash.update(c);
        size += c.length;
        if (header.name === MANIFEST_ENTRY) chunks.push(c);
      });
      stream.on('end', () => {
        if (header.name === MANIFEST_ENTRY) manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
        else seen.set(header.name, { path: header.name, size, sha256: hash.digest('hex') });
        next();
      });
    });
    pipeline(input, createGunzip(), ex)
      .then(() => {
        const m = manifest as BackupManifest | null;
        if (!m || m.format !== BACKUP_FORMAT) throw new BackupError('the archive has no manifest of a known format');
        checkEntries(m, seen);
        resolve(m);
      })
      .catch(reject);
  });
}

/** Every manifest entry present with its size and checksum, and nothing else. */
function checkEntries(m: BackupManifest, seen: ReadonlyMap<string, BackupEntry>): void {
  const expected = [m.database, ...(m.secrets ? [m.secrets] : []), ...m.files];
  for (const e of expected) {
    const got = seen.get(e.path);
    if (!got || got.sha256 !== e.sha256 || got.size !== e.size) throw new BackupError(`checksum mismatch or missing entry: ${e.path}`);
  }
  const extra = [...seen.keys()].filter((k) => k !== MANIFEST_ENTRY && !expected.some((e) => e.path === k));
  if (extra.length > 0) throw new BackupError(`entries not in the manifest: ${extra.join(', ')}`);
}
