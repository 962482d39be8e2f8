import { Readable } from 'node:stream';
import {
  MAX_SEAL_IMAGE_BYTES,
  SEAL_READ,
  SEAL_STATUS,
  sealTypeLabel,
  type SealGenerate,
  type SealPage,
  type SealSource,
  type SealStatus,
  type SealType,
  type SealUploadQuery,
  type SealView,
} from '@wfsaas/contracts';
import { EsignInputError, generateRoundSeal } from '@wfsaas/esign';
import type { Executor } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { attachFile, findFile, getFileStore, insertFileRow, newStorageKey, openStoredFile, readerHolds, recordUpload, storeUpload, type FileAccessRule, type StoredUpload } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as q from './esign.queries.ts';


export const MSG_SEAL_NOT_PNG = '印章图片仅支持 PNG 格式（建议使用透明背景的 PNG 图片）';
export const MSG_SEAL_EMPTY = '印章图片内容为空，请重新选择文件';
export const MSG_SEAL_BAD_CONTENT = '文件内容不是有效的 PNG 图片，请上传 PNG 格式的印章图片';
export const MSG_SEAL_TOO_LARGE = `印章图片不能超过 ${MAX_SEAL_IMAGE_BYTES / 1024 / 1024} MB`;
const MIN_SIDE = 32;
const MAX_SIDE = 4096;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height of a PNG from its IHDR chunk, or null when the bytes are not a PNG. */
export function pngSize(data: Buffer): { width: number; height: number } | null {
  if (data.length < 33 || !data.subarray(0, 8).equals(PNG_SIGNATURE) || data.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** Checks an uploaded seal image from its bytes: a PNG of sensible size. Throws a 400 with a Chinese message. */
export function checkSealPng(filename: string, data: Buffer): { width: number; height: number } {
  if (!/\.png$/i.test(filename.trim())) throw badRequest(MSG_SEAL_NOT_PNG);
  if (data.length === 0) throw badRequest(MSG_SEAL_EMPTY);
  if (data.length > MAX_SEAL_IMAGE_BYTES) throw badRequest(MSG_SEAL_TOO_LARGE);
  const size = pngSize(data);
  if (!size) throw badRequest(MSG_SEAL_BAD_CONTENT);
  if (size.width < MIN_SIDE || size.height < MIN_SIDE || size.width > MAX_SIDE || size.height > MAX_SIDE) {
    throw badRequest(`印章图片尺寸须在 ${MIN_SIDE} 到 ${MAX_SIDE} 像素之间（当前 ${size.width}×${size.height}）`);
  }
  return size;
}

export type ReceivedSeal = { query: SealUploadQuery; stored: StoredUpload; width: number; height: number };

/** Puts a checked seal PNG into the file store (no database; the route's `receive` step). */
export async function storeSealUpload(s: AppServices, who: { companyId: number; userId: number }, filename: string, data: Buffer, query: SealUploadQuery): Promise<ReceivedSeal> {
  const size = checkSealPng(filename, data);
  const stored = await storeUpload(s, { companyId: who.companyId, userId: who.userId, filename, body: Readable.from([data]), kind: 'upload', isTruncated: () => false });
  return { query, stored, ...size };
}

function toView(r: q.SealRow & { createdByName?: string | null }): SealView {
  return {
    id: r.id,
    name: r.name,
    type: r.type as SealType,
    typeLabel: sealTypeLabel(r.type),
    source: r.source as SealSource,
    status: r.status as SealStatus,
    width: r.width,
    height: r.height,
    createdBy: r.createdBy,
    createdByName: r.createdByName ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The seal ids the caller may see and use: null for all (administrators, or a role allowing all). */
export async function visibleSealIds(c: Pick<ServiceCtx, 'tx' | 'companyId' | 'user' | 'isAdmin'>): Promise<number[] | null> {
  if (c.isAdmin) return null;
  const scope = await q.findMemberSealScope(c.tx, c.companyId, c.user.userId);
  return scope.all ? null : scope.ids;
}

/** A seal's image: as the seal list shows it (认证与印章, within the role's seal data permission). */
export const sealFileRule: FileAccessRule = {
  audited: true,
  async allows(r, f) {
    if (f.ownerId === null || !(await readerHolds(r, SEAL_READ))) return false;
    const visible = await visibleSealIds(r);
    return visible === null || visible.includes(f.ownerId);
  },
};

/** A live seal of the company within the caller's seal data permission; anything else is not found. */
export async function requireSeal(c: Pick<ServiceCtx, 'tx' | 'companyId' | 'user' | 'isAdmin'>, sealId: number): Promise<q.SealRow> {
  const row = await q.findSeal(c.tx, c.companyId, sealId);
  if (!row) throw notFound('印章');
  const visible = await visibleSealIds(c);
  if (visible && !visible.includes(row.id)) throw notFound('印章');
  return row;
}

export async function pageSeals(c: ServiceCtx, input: SealPage): Promise<Paged<SealView>> {
  const onlyIds = await visibleSealIds(c);
  const { rows, total } = await q.listSealsPage(c.tx, c.companyId, { name: input.name || undefined, status: input.status, onlyIds }, (input.pageNum - 1) * input.pageSize, input.pageSize);
  return new Paged(rows.map(toView), input.pageNum, input.pageSize, total);
}

async function logUsage(c: ServiceCtx, sealId: number, action: string, detail?: unknown): Promise<void> {
  await q.insertSealUsage(c.tx, { companyId: c.companyId, sealId, userId: c.user.userId, action, detail: detail ?? null, ip: c.ip || null, userAgent: c.userAgent || null });
}

/** The round seal PNG for a company (its name along the arc), as the esign core draws it. */
export function drawCompanySeal(companyName: string, bottomText: string | undefined): Buffer {
  try {
    return generateRoundSeal(companyName, { bottomText: bottomText || undefined, size: 400 });
  } catch (err) {
    if (err instanceof EsignInputError) throw badRequest(err.message);
    throw err;
  }
}

/**
 * Stores a generated seal: the PNG in the file store and the files table, the seal row. Used by
 * the generate endpoint and the demo seed.
 */
export async function insertGeneratedSeal(
  s: AppServices,
  exec: Executor,
  v: { companyId: number; userId: number | null; name: string; type: SealType; png: Buffer },
): Promise<q.SealRow> {
  const key = newStorageKey(v.companyId, 'upload', '.png');
  const blob = await getFileStore(s).put(key, v.png);
  try {
    const file = await insertFileRow(exec, {
      companyId: v.companyId,
      uploadedBy: v.userId,
      originalName: `${v.name}.png`,
      mime: 'image/png',
      size: blob.size,
      sha256: blob.sha256,
      storageKey: key,
      isImage: true,
    });
    const size = pngSize(v.png);
    const seal = await q.insertSeal(exec, {
      companyId: v.companyId,
      name: v.name,
      type: v.type,
      source: 'generated',
      fileId: file.id,
      width: size?.width ?? null,
      height: size?.height ?? null,
      status: SEAL_STATUS.enabled,
      createdBy: v.userId,
    });
    await attachFile(exec, v.companyId, file.id, { kind: 'seal', ownerId: seal.id });
    return seal;
  } catch (err) {
    await getFileStore(s).delete(key);
    throw err;
  }
}

export async function generateSeal(s: AppServices, c: ServiceCtx, input: SealGenerate): Promise<SealView> {
  const companyName = await q.findCompanyName(c.tx, c.companyId);
  if (!companyName) throw notFound('企业');
  const png = drawCompanySeal(companyName, input.bottomText);
  const row = await insertGeneratedSeal(s, c.tx, { companyId: c.companyId, userId: c.user.userId, name: input.name, type: input.type, png });
  await logUsage(c, row.id, 'create', { source: 'generated' });
  await c.audit({ action: 'seal.generate', entity: 'seal', entityId: row.id, after: { name: row.name, type: row.type, bottomText: input.bottomText ?? null } });
  return toView(row);
}

export async function createUploadedSeal(c: ServiceCtx, received: ReceivedSeal): Promise<SealView> {
  const file = await recordUpload(c.tx, c.companyId, c.user.userId, received.stored);
  const row = await q.insertSeal(c.tx, {
    companyId: c.companyId,
    name: received.query.name,
    type: received.query.type,
    source: 'uploaded',
    fileId: file.id,
    width: received.width,
    height: received.height,
    status: SEAL_STATUS.enabled,
    createdBy: c.user.userId,
  });
  await attachFile(c.tx, c.companyId, file.id, { kind: 'seal', ownerId: row.id });
  await logUsage(c, row.id, 'create', { source: 'uploaded', fileId: file.id });
  await c.audit({ action: 'seal.upload', entity: 'seal', entityId: row.id, after: { name: row.name, type: row.type, fileId: file.id } });
  return toView(row);
}

export async function setSealStatus(c: ServiceCtx, sealId: number, status: SealStatus): Promise<SealView> {
  const before = await requireSeal(c, sealId);
  if (before.status === status) return toView(before);
  const row = (await q.updateSeal(c.tx, c.companyId, sealId, { status }))!;
  const action = status === SEAL_STATUS.enabled ? 'enable' : 'disable';
  await logUsage(c, sealId, action);
  await c.audit({ action: `seal.${action}`, entity: 'seal', entityId: sealId, before: { status: before.status }, after: { status } });
  return toView(row);
}

export async function removeSeal(c: ServiceCtx, sealId: number): Promise<null> {
  const before = await requireSeal(c, sealId);
  await q.updateSeal(c.tx, c.companyId, sealId, { archivedAt: new Date() });
  await logUsage(c, sealId, 'remove');
  await c.audit({ action: 'seal.remove', entity: 'seal', entityId: sealId, before: { name: before.name, type: before.type, status: before.status } });
  return null;
}

/** The seal's PNG (for previews). */
export async function openSealImage(s: AppServices, c: ServiceCtx, sealId: number): Promise<{ body: Readable; size: number; name: string }> {
  const seal = await requireSeal(c, sealId);
  const file = await findFile(c.tx, c.companyId, seal.fileId);
  if (!file) throw notFound('印章图片');
  return { body: await openStoredFile(s, file), size: file.size, name: `${seal.name}.png` };
}


/** The seal types a document the company issues (a 离职证明) may carry, in order of preference: 公章, then 合同专用章. */
const DOCUMENT_SEAL_TYPES = [1, 2] as const;

/**
 * The seal a company document is stamped with: the caller's first enabled 公章, else 合同专用章,
 * within their seal data permission; null when there is none (the document then has no seal).
 */
export async function findDocumentSeal(c: Pick<ServiceCtx, 'tx' | 'companyId' | 'user' | 'isAdmin'>): Promise<q.SealRow | null> {
  const [seal] = await q.listEnabledSeals(c.tx, c.companyId, DOCUMENT_SEAL_TYPES, await visibleSealIds(c));
  return seal ?? null;
}

/** The seal's PNG bytes (to draw it on a document). */
export async function readSealPng(s: AppServices, exec: Executor, seal: q.SealRow): Promise<Buffer> {
  const file = await findFile(exec, seal.companyId, seal.fileId);
  if (!file) throw notFound('印章图片');
  const chunks: Buffer[] = [];
  for await (const chunk of await openStoredFile(s, file)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Records a seal stamped on a document the company issued (not a contract) in the seal usage log. */
export async function recordSealStamp(c: ServiceCtx, sealId: number, detail: Record<string, unknown>): Promise<void> {
  await logUsage(c, sealId, 'stamp', detail);
}

/** Records a use of a seal on a contract (signing) in the seal usage log. */
export async function recordSealUse(
  exec: Executor,
  v: { companyId: number; sealId: number; contractId: number; userId: number | null; detail?: unknown; ip?: string | null; userAgent?: string | null },
): Promise<void> {
  await q.insertSealUsage(exec, { companyId: v.companyId, sealId: v.sealId, contractId: v.contractId, userId: v.userId, action: 'sign', detail: v.detail ?? null, ip: v.ip ?? null, userAgent: v.userAgent ?? null });
}
