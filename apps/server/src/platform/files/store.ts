import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppServices } from '../services.ts';
import { createS3FileStore } from './s3.ts';

export type StoredBlob = { size: number; sha256: string };

/**
 * Where file contents live. Keys are paths of letters, digits, '.', '_', '-' and '/'. The local
 * disk store is the default; an S3-compatible store implements the same three calls.
 */
export type FileStore = {
  /** Writes the whole body under key (replacing nothing: the key is new) and answers its size and SHA-256. */
  put(key: string, body: Readable | Buffer): Promise<StoredBlob>;
  /** The contents; rejects with FileMissingError when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
};

export class FileMissingError extends Error {
  constructor(key: string) {
    super(`no stored file under ${key}`);
  }
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.length > 512) throw new Error(`invalid storage key: ${key}`);
}

/** Counts and hashes what passes through. */
export function measuringStream(): Transform & { result(): StoredBlob } {
  const hash = createHash('sha256');
  let size = 0;
  let digest: string | undefined;
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      cb(null, chunk);
    },
  });
  return Object.assign(t, {
    result: () => {
      digest ??= hash.digest('hex');
      return { size, sha256: digest };
    },
  });
}

/** Files under a folder of the local disk: written to a temporary name, then renamed into place. */
export function createLocalFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    const p = resolve(base, key);
    if (!p.startsWith(base + sep)) throw new Error(`invalid storage key: ${key}`);
    return p;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${randomUUID()}.part`;
      const measure = measuringStream();
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, measure, createWriteStream(tmp, { flags: 'wx' }));
        await rename(tmp, path);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return measure.result();
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const s = await stat(path);
        if (!s.isFile()) throw new FileMissingError(key);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new FileMissingError(key);
        throw err;
      }
      return createReadStream(path);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

const stores = new WeakMap<AppServices, FileStore>();

/** The file store of this process: the S3-compatible store when S3_* is set, else DATA_DIR/files on the local disk. */
export function getFileStore(services: AppServices): FileStore {
  let store = stores.get(services);
  if (!store) {
    const s3 = services.config.s3;
    store = s3 ? createS3FileStore(s3) : createLocalFileStore(join(services.config.dataDir, 'files'));
    stores.set(services, store);
  }
  return store;
}

/** Uses another store for these services (an S3-compatible one, or a test double). */
export function setFileStore(services: AppServices, store: FileStore): void {
  stores.set(services, store);
}
