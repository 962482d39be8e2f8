import type { LicenceOcrResult } from '@wfsaas/contracts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { findFileByPublicId, openStoredFile } from '../../platform/files/index.ts';
import type { AppServices } from '../../platform/services.ts';
import { isOcrAvailable, OCR_MAX_BYTES, parseLicenceText, recogniseText } from './licence-ocr.ts';

export const MSG_OCR_MISSING = '本机未安装营业执照识别组件，请手动填写';

/**
 * Reads the caller's uploaded licence image with the local OCR and picks its fields. Runs before the
 * request's transaction (the recognition takes seconds). Without the OCR component: a 501 business answer.
 */
export async function recogniseLicence(s: AppServices, who: { companyId: number; userId: number }, fileId: string): Promise<LicenceOcrResult> {
  if (!(await isOcrAvailable())) throw new AppError(501, MSG_OCR_MISSING);
  const file = await s.database.inTenant(who.companyId, (tx) => findFileByPublicId(tx, who.companyId, fileId));
  if (!file || file.kind !== 'upload' || file.uploadedBy !== who.userId || file.archivedAt) throw badRequest('营业执照的文件不存在，请重新上传');
  if (!file.isImage) throw badRequest('营业执照须为图片（JPG 或 PNG），请重新上传');
  if (file.size > OCR_MAX_BYTES) throw badRequest(`营业执照图片不能超过 ${OCR_MAX_BYTES / 1024 / 1024} MB`);
  const chunks: Buffer[] = [];
  for await (const chunk of await openStoredFile(s, file)) chunks.push(Buffer.from(chunk as Buffer));
  let text: string;
  try {
    text = await recogniseText(Buffer.concat(chunks));
  } catch {
    throw badRequest('营业执照识别失败（图片无法识别或超时），请手动填写');
  }
  return parseLicenceText(text);
}
