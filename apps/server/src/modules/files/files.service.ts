import type { Readable } from 'node:stream';
import { CODES } from '@wfsaas/contracts';
import { writeAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { deleteStoredFile, FileMissingError, findFile, findPublicStaticFile, openStoredFile, recordUpload, storeUpload, type FileRow, type StoredUpload } from '../../platform/files/index.ts';
import type { TenantCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { consumeTempToken } from '../auth/auth.service.ts';
import { isActiveMember } from '../company/company.service.ts';

type Caller = Pick<TenantCtx<unknown>, 'tx' | 'companyId' | 'user' | 'audit'>;

export const LINK_EXPIRED = '下载链接已失效，请重新下载';

export function downloadUrl(fileId: number, tempToken?: string): string {
  const base = `/wfsaas-file/api/file/download/${fileId}`;
  return tempToken ? `${base}?temptoken=${encodeURIComponent(tempToken)}` : base;
}

export function staticUrl(fileId: number): string {
  return `/wfsaas-file/api/file/static/${fileId}`;
}

export type UploadPart = { filename: string; body: Readable; isTruncated: () => boolean };

export type UploadResult = { fileId: number; name: string; size: number; url: string; isImage: boolean; sha256?: string };

/** Takes the uploaded body into the store, before the request's transaction opens. */
export async function receiveUpload(services: AppServices, who: { companyId: number; userId: number }, part: UploadPart, kind: 'upload' | 'static'): Promise<StoredUpload> {
  return storeUpload(services, { companyId: who.companyId, userId: who.userId, filename: part.filename, body: part.body, kind, isTruncated: part.isTruncated });
}

/**
 * Records a received upload for the caller's company. 'upload' files are downloaded with a temp
 * token (the url is completed with ?temptoken=…); 'static' files (logos) are public at a stable url.
 * Should recording fail, the stored contents are deleted.
 */
export async function recordReceivedUpload(services: AppServices, c: Caller, stored: StoredUpload, withHash: boolean): Promise<UploadResult> {
  try {
    const row = await recordUpload(c.tx, c.companyId, c.user.userId, stored);
    await c.audit({
      action: stored.kind === 'static' ? 'file.uploadStatic' : 'file.upload',
      entity: 'file',
      entityId: row.id,
      after: { name: row.originalName, size: row.size, mime: row.mime, sha256: row.sha256 },
    });
    return {
      fileId: row.id,
      name: row.originalName,
      size: row.size,
      url: stored.kind === 'static' ? staticUrl(row.id) : downloadUrl(row.id),
      isImage: row.isImage,
      ...(withHash ? { sha256: row.sha256 } : {}),
    };
  } catch (err) {
    await deleteStoredFile(services, stored.storageKey);
    throw err;
  }
}

const expired = () => new AppError(CODES.unauthorized, LINK_EXPIRED, 401);

function parseFileId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : null;
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
 * A download by temp token: the token is used up whatever follows; the file must belong to the
 * token's company (and, for an export, to the user it was made for).
 */
export async function openDownload(services: AppServices, db: Db, rawFileId: string | undefined, token: string | undefined, client: { ip: string; userAgent: string }) {
  if (!token) throw expired();
  const holder = await consumeTempToken(services, db, token);
  if (!holder) throw expired();
  if (!(await isActiveMember(services, holder.companyId, holder.userId))) throw expired();
  const fileId = parseFileId(rawFileId);
  const file =
    fileId === null
      ? null
      : await services.database.inTenant(holder.companyId, async (tx) => {
          const f = await findFile(tx, holder.companyId, fileId);
          if (!f || (f.kind === 'export' && f.uploadedBy !== holder.userId)) return null;
          if (f.kind === 'export') {
            await writeAudit(tx, { companyId: holder.companyId, actorUserId: holder.userId, ...client }, { action: 'file.download', entity: 'file', entityId: f.id, after: { name: f.originalName } });
          }
          return f;
        });
  if (!file) throw notFound('文件');
  return { file, body: await openOrGone(services, file) };
}

/** A company's public asset (uploadStatic): no token. */
export async function openStatic(services: AppServices, db: Db, rawFileId: string | undefined) {
  const fileId = parseFileId(rawFileId);
  const file = fileId === null ? null : await findPublicStaticFile(db, fileId);
  if (!file) throw notFound('文件');
  return { file, body: await openOrGone(services, file) };
}
