import { randomBytes, randomUUID } from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CODES } from '@wfsaas/contracts';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { files, type FileKind } from '../../db/schema/index.ts';
import type { Executor } from '../db.ts';
import { AppError, badRequest } from '../errors.ts';
import type { AppServices } from '../services.ts';
import { checkUploadContent, extensionOf, headTailCollector, isAcceptedExtension, isImageExtension, IMAGE_EXTENSIONS, MESSAGE_UNSUPPORTED } from './sniff.ts';
import { getFileStore, type StoredBlob } from './store.ts';

export type FileRow = typeof files.$inferSelect;

/** A storage key: company, kind and month folders, then a random name. */
export function newStorageKey(companyId: number, kind: 'upload' | 'static' | 'export', suffix = ''): string {
  const now = new Date();
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `c${companyId}/${kind}/${month}/${randomUUID()}${suffix}`;
}

/** 128 random bits as 32 hex characters: the only identifier of a file clients are given. */
export function newPublicFileId(): string {
  return randomBytes(16).toString('hex');
}

export type NewFileRow = Omit<typeof files.$inferInsert, 'publicId' | 'id'>;

export async function insertFileRow(exec: Executor, v: NewFileRow): Promise<FileRow> {
  const rows = await exec
    .insert(files)
    .values({ ...v, publicId: newPublicFileId() })
    .returning();
  return rows[0]!;
}

async function findOne(exec: Executor, where: SQL | undefined): Promise<FileRow | null> {
  const rows = await exec.select().from(files).where(and(where, isNull(files.archivedAt))).limit(1);
  return rows[0] ?? null;
}

export async function findFile(exec: Executor, companyId: number, id: number): Promise<FileRow | null> {
  return findOne(exec, and(eq(files.companyId, companyId), eq(files.id, id)));
}

export async function findFileByPublicId(exec: Executor, companyId: number, publicId: string): Promise<FileRow | null> {
  return findOne(exec, and(eq(files.companyId, companyId), eq(files.publicId, publicId)));
}

/** Public company assets (uploadStatic) by public id alone: their URL carries no company. */
export async function findPublicStaticFile(exec: Executor, publicId: string): Promise<FileRow | null> {
  return findOne(exec, and(eq(files.publicId, publicId), eq(files.kind, 'static')));
}

/** The public ids of files of the company, by internal id (for views that show files). */
export async function publicIdsOf(exec: Executor, companyId: number, ids: readonly (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await exec
    .select({ id: files.id, publicId: files.publicId })
    .from(files)
    .where(and(eq(files.companyId, companyId), inArray(files.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.publicId]));
}

export type FileOwner = { kind: Exclude<FileKind, 'upload' | 'static'>; ownerId: number | null };

/** Marks a file the module itself stored as belonging to a record (its download follows that record's rule). */
export async function attachFile(exec: Executor, companyId: number, fileId: number, owner: FileOwner): Promise<void> {
  await exec
    .update(files)
    .set({ kind: owner.kind, ownerId: owner.ownerId })
    .where(and(eq(files.companyId, companyId), eq(files.id, fileId)));
}

/**
 * Takes a member's unattached upload, named by its public id, for a record: only the member who
 * uploaded it may, and only once (a file attached elsewhere is not found). Null when refused.
 */
export async function claimUpload(exec: Executor, companyId: number, publicId: string, userId: number, owner: FileOwner): Promise<FileRow | null> {
  const rows = await exec
    .update(files)
    .set({ kind: owner.kind, ownerId: owner.ownerId })
    .where(and(eq(files.companyId, companyId), eq(files.publicId, publicId), eq(files.kind, 'upload'), eq(files.uploadedBy, userId), isNull(files.archivedAt)))
    .returning();
  return rows[0] ?? null;
}

export async function archiveFile(exec: Executor, companyId: number, id: number): Promise<void> {
  await exec
    .update(files)
    .set({ archivedAt: new Date() })
    .where(and(eq(files.companyId, companyId), eq(files.id, id), isNull(files.archivedAt)));
}

/** The file name as shown and stored: no folders, no control characters, at most 200 characters. */
export function cleanFileName(raw: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (base.length <= 200) return base;
  const ext = extensionOf(base);
  return ext ? `${base.slice(0, 199 - ext.length)}.${ext}` : base.slice(0, 200);
}

export type UploadInput = {
  companyId: number;
  userId: number | null;
  filename: string;
  body: Readable;
  kind: 'upload' | 'static';
  /** True when the body was cut at the size limit. Read after the body has ended. */
  isTruncated: () => boolean;
};

export function fileTooLarge(services: AppServices): AppError {
  return new AppError(CODES.payloadTooLarge, `文件过大，单个文件不能超过 ${Math.round(services.config.uploadLimitBytes / 1024 / 1024)} MB`);
}

/** An uploaded file already in the store, checked, not yet recorded. */
export type StoredUpload = { storageKey: string; name: string; mime: string; size: number; sha256: string; isImage: boolean; kind: 'upload' | 'static' };

/**
 * Streams an uploaded file into the store and checks its content against its extension from its
 * bytes. Touches no database, so no transaction is held while the body arrives. A refused or
 * failed upload leaves no stored blob.
 */
export async function storeUpload(services: AppServices, input: UploadInput): Promise<StoredUpload> {
  const name = cleanFileName(input.filename);
  const ext = extensionOf(name);
  const drainAndRefuse = (err: AppError) => {
    input.body.resume();
    return err;
  };
  if (!name) throw drainAndRefuse(badRequest('文件名不能为空'));
  if (!isAcceptedExtension(ext)) throw drainAndRefuse(badRequest(MESSAGE_UNSUPPORTED));
  if (input.kind === 'static' && !isImageExtension(ext)) throw drainAndRefuse(badRequest(`静态资源仅支持图片文件（${IMAGE_EXTENSIONS.join('、')}）`));

  const store = getFileStore(services);
  const key = newStorageKey(input.companyId, input.kind);
  const seen = headTailCollector();
  const tee = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen.push(chunk);
      cb(null, chunk);
    },
  });
  const out = new PassThrough();
  let stored: StoredBlob;
  try {
    [stored] = await Promise.all([store.put(key, out), pipeline(input.body, tee, out)]);
  } catch (err) {
    await store.delete(key);
    throw err;
  }
  try {
    if (input.isTruncated()) throw fileTooLarge(services);
    const check = checkUploadContent(name, seen.head(), seen.tail());
    if (!check.ok) throw badRequest(check.message);
    return { storageKey: key, name, mime: check.mime, size: stored.size, sha256: stored.sha256, isImage: check.isImage, kind: input.kind };
  } catch (err) {
    await store.delete(key);
    throw err;
  }
}

/**
 * Records a stored upload in exec (the caller's transaction): unattached ('upload', downloadable by
 * its uploader alone) unless an owner is given.
 */
export async function recordUpload(exec: Executor, companyId: number, userId: number | null, u: StoredUpload, owner?: FileOwner & { claimKey?: string }): Promise<FileRow> {
  return insertFileRow(exec, {
    companyId,
    uploadedBy: userId,
    originalName: u.name,
    mime: u.mime,
    size: u.size,
    sha256: u.sha256,
    storageKey: u.storageKey,
    isImage: u.isImage,
    kind: owner?.kind ?? u.kind,
    ownerId: owner?.ownerId ?? null,
    claimKey: owner?.claimKey ?? null,
  });
}

export async function deleteStoredFile(services: AppServices, storageKey: string): Promise<void> {
  await getFileStore(services).delete(storageKey);
}

/** Opens a stored file's contents. */
export async function openStoredFile(services: AppServices, file: Pick<FileRow, 'storageKey'>): Promise<Readable> {
  return getFileStore(services).get(file.storageKey);
}

/** Content-Disposition with the UTF-8 name (RFC 6266 / 5987) and an ASCII fallback. */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
