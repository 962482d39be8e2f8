import { z } from 'zod';
import { zId } from './auth.ts';
import { MAX_PAGE_SIZE } from './envelope.ts';

/** The download centre and file downloads. */

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const zExportPage = z.object({
  pageNum: z.coerce.number().int().min(1).max(1_000_000).default(1).describe('页码'),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10).describe('每页条数'),
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(4).optional()).describe('状态'),
});
export type ExportPage = z.infer<typeof zExportPage>;

export const zExportId = z.object({ id: zId('导出记录') });
export type ExportId = z.infer<typeof zExportId>;

const zDay = (label: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, '格式不正确，应为 YYYY-MM-DD')
      .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00+08:00`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), '不是有效的日期')
      .optional(),
  ).describe(label);

export const zAuditLogExport = z
  .object({ from: zDay('开始日期'), to: zDay('结束日期') })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: '结束日期不能早于开始日期', path: ['to'] })
  .default({ from: undefined, to: undefined });
export type AuditLogExport = z.infer<typeof zAuditLogExport>;

export const zTempTokenQuery = z.object({ temptoken: z.string().trim().max(200).optional().describe('临时下载令牌') });
