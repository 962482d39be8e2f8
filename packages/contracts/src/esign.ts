import { z } from 'zod';
import { zId } from './auth.ts';
import { zPaging } from './paging.ts';

/**
 * E-signature: certification and seals (/qszx-vite/sealList, 认证与印章). Company seals are generated
 * round seals or uploaded PNGs; the platform CA's root certificate is public; signed PDFs can be
 * verified.
 */

export const ESIGN_API = '/wfsaas-sign/api';

/** The seal list's permission (route name) and its write action key. */
export const SEAL_READ = 'sealList';
export const SEAL_EDIT = 'sealList.edit';

export const SEAL_TYPES = [
  { value: 1, label: '公章' },
  { value: 2, label: '合同专用章' },
  { value: 3, label: '人事专用章' },
] as const;
export type SealType = (typeof SEAL_TYPES)[number]['value'];

export function sealTypeLabel(type: number): string {
  return SEAL_TYPES.find((t) => t.value === type)?.label ?? '其他';
}

export const SEAL_SOURCES = [
  { value: 'generated', label: '系统生成' },
  { value: 'uploaded', label: '上传图片' },
] as const;
export type SealSource = (typeof SEAL_SOURCES)[number]['value'];

/** 1 启用, 0 停用; a removed seal is archived and no longer listed. */
export const SEAL_STATUS = { enabled: 1, disabled: 0 } as const;
export type SealStatus = (typeof SEAL_STATUS)[keyof typeof SEAL_STATUS];

export const MAX_SEAL_NAME = 40;
export const MAX_SEAL_BOTTOM_TEXT = 12;
/** An uploaded seal image: a PNG (transparent background recommended) of at most this size. */
export const MAX_SEAL_IMAGE_BYTES = 2 * 1024 * 1024;
/** A PDF uploaded for verification. */
export const MAX_VERIFY_PDF_BYTES = 20 * 1024 * 1024;

const zSealTypeCode = z
  .preprocess((v) => (typeof v === 'string' && /^\d{1,3}$/.test(v.trim()) ? Number(v) : v), z.literal(SEAL_TYPES.map((t) => t.value) as [SealType, ...SealType[]]))
  .describe('印章类型');

const zSealName = z.string().trim().min(1).max(MAX_SEAL_NAME).describe('印章名称');

export const zSealPage = z.object({
  ...zPaging,
  name: z.string().trim().max(MAX_SEAL_NAME).optional().describe('印章名称'),
  status: z.union([z.literal(0), z.literal(1)]).optional().describe('状态'),
});
export type SealPage = z.infer<typeof zSealPage>;

export const zSealGenerate = z.object({
  name: zSealName,
  type: zSealTypeCode,
  bottomText: z.string().trim().max(MAX_SEAL_BOTTOM_TEXT).optional().describe('印章下方文字'),
});
export type SealGenerate = z.infer<typeof zSealGenerate>;

/** upload?name=…&type=… with the PNG as the multipart field `file`. */
export const zSealUploadQuery = z.object({ name: zSealName, type: zSealTypeCode });
export type SealUploadQuery = z.infer<typeof zSealUploadQuery>;

export const zSealId = z.object({ sealId: zId('印章') });
export type SealId = z.infer<typeof zSealId>;

export type SealView = {
  id: number;
  name: string;
  type: SealType;
  typeLabel: string;
  source: SealSource;
  status: SealStatus;
  width: number | null;
  height: number | null;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
};

export type SignatureCheck = {
  index: number;
  signerName: string;
  certificateSerial: string;
  /** The claimed signing time (ISO) or null. */
  signingTime: string | null;
  /** The trusted time-stamp's time (ISO), or null when the signature has none. */
  timestampTime: string | null;
  timestampAuthority: string | null;
  timestampTrusted: boolean;
  reason: string | null;
  location: string | null;
  intact: boolean;
  coversWholeDocument: boolean;
  trusted: boolean;
  problems: string[];
};

export type ContractVerifyResult = {
  fileName: string;
  size: number;
  /** Every signature intact and trusted, and the last one covers the whole file. */
  valid: boolean;
  /** One Chinese sentence. */
  summary: string;
  signatures: SignatureCheck[];
};
