import type { Readable } from 'node:stream';
import { CODES, FILE_ID_PATTERN } from '@wfsaas/contracts';
import { writeAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { deleteStoredFile, fileAccessRule, FileMissingError, findFileByPublicId, findPublicStaticFile, openStoredFile, recordUpload, storeUpload, type FileReader, type FileRow, type StoredUpload } from '../../platform/files/index.ts';
import { memberBySession } from '../../platform/auth.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { consumeTempToken } from '../auth/index.ts';


export const LINK_EXPIRED = '下载链接已失效，请重新下载';

export function downloadUrl(publicId: string, tempToken?: string): string {
  const base = `/wfsaas-file/api/file/download/${publicId}`;
  return tempToken ? `${base}?temptoken=${encodeURIComponent(tempToken)}` : base;
}

export function staticUrl(publicId: string): string {
  return `/wfsaas-file/api/file/static/${publicId}`;
}

export type UploadPart = { filename: string; body: Readable; isTruncated: () => boolean };

export type UploadResult = { fileId: string; name: string; size: number; url: string; isImage: boolean; sha256?: string };

/** Takes the uploaded body into the store, before the request's transaction opens. */
export async function receiveUpload(services: AppServices, who: { companyId: number; userId: number }, part: UploadPart, kind: 'upload' | 'static'): Promise<StoredUpload> {
  return storeUpload(services, { companyId: who.companyId, userId: who.userId, filename: part.filename, body: part.body, kind, isTruncated: part.isTruncated });
}

/**
 * Records a received upload for the caller's company. An 'upload' stays the uploader's alone until
 * a record takes it (an attachment, a template …) and is downloaded by that record's rule; 'static'
 * files (logos) are public at a stable url. Should recording fail, the stored contents are deleted.
 */
export async function recordReceivedUpload(services: AppServices, c: ServiceCtx, stored: StoredUpload, withHash: boolean): Promise<UploadResult> {
  try {
    const row = await recordUpload(c.tx, c.companyId, c.user.userId, stored);
    await c.audit({
      action: stored.kind === 'static' ? 'file.uploadStatic' : 'file.upload',
      entity: 'file',
      entityId: row.id,
      after: { name: row.originalName, size: row.size, mime: row.mime, sha256: row.sha256 },
    });
    return {
      fileId: row.publicId,
      name: row.originalName,
      size: row.size,
      url: stored.kind === 'static' ? staticUrl(row.publicId) : downloadUrl(row.publicId),
      isImage: row.isImage,
      ...(withHash ? { sha256: row.sha256 } : {}),
    };
  } catch (err) {
    await deleteStoredFile(services, stored.storageKey);
    throw err;
  }
}

const expired = () => new AppError(CODES.unauthorized, LINK_EXPIRED, 401);

function parsePublicId(raw: string | undefined): string | null {
  const v = raw?.trim().toLowerCase();
  return v && FILE_ID_PATTERN.test(v) ? v : null;
}

async function openOrGone(services: AppServices, file: FileRow): Promise<Readable> {
  try {
    return await openStoredFile(services, file);
  } catch (err) {
    if (err instanceof FileMissingError) throw new AppError(CODES.notFound, '文件已被清理，请重新上传或重新导出');
    throw err;
  }
}

/**
 * A download by temp token: the token is used up whatever follows. It names who asks (a member,
 * through a sign-in still valid); the file is then served only under the rule of what it belongs
 * to — the permission and data scope of the screen that shows it — and a file holding personal
 * data is written to the audit log. Anything refused reads as not found.
 */
export async function openDownload(services: AppServices, db: Db, rawFileId: string | undefined, token: string | undefined, client: { ip: string; userAgent: string }) {
  if (!token) throw expired();
  const holder = await consumeTempToken(services, db, token);
  if (!holder || holder.sessionId === null) throw expired();
  const publicId = parsePublicId(rawFileId);
  const file = await services.database.inTenant(holder.companyId, async (tx) => {
    const member = await memberBySession(tx, holder.sessionId!, holder.userId, holder.companyId);
    if (!member) throw expired();
    const f = publicId ? await findFileByPublicId(tx, holder.companyId, publicId) : null;
    const rule = f ? fileAccessRule(f.kind) : undefined;
    if (!f || !rule) return null;
    const reader: FileReader = { tx, companyId: holder.companyId, user: member.user, isAdmin: member.isAdmin, services };
    if (!(await rule.allows(reader, f))) return null;
    if (rule.audited) {
      await writeAudit(tx, { companyId: holder.companyId, actorUserId: holder.userId, ...client }, { action: 'file.download', entity: 'file', entityId: f.id, after: { name: f.originalName, kind: f.kind, ownerId: f.ownerId } });
    }
    return f;
  });
  if (!file) throw notFound('文件');
  return { file, body: await openOrGone(services, file) };
}

/** A company's public asset (uploadStatic): no token. */
export async function openStatic(services: AppServices, db: Db, rawFileId: string | undefined) {
  const publicId = parsePublicId(rawFileId);
  const file = publicId === null ? null : await findPublicStaticFile(db, publicId);
  if (!file) throw notFound('文件');
  return { file, body: await openOrGone(services, file) };
}
