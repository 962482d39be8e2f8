import { z } from 'zod';
import { zId } from './auth.ts';

/** Request bodies of the import endpoints (dynamicFormTemplate/…). */

export const IMPORT_TEMPLATE_NAMES = ['employee'] as const;
export type ImportTemplateName = (typeof IMPORT_TEMPLATE_NAMES)[number];

const zPageNum = z.coerce.number().int().min(1).max(1_000_000).default(1).describe('页码');
const zPageSize = z.coerce.number().int().min(1).max(500).default(10).describe('每页条数');
const zTemplateName = z.enum(IMPORT_TEMPLATE_NAMES).default('employee').describe('导入模板');
const zBatchId = zId('导入批次');

export const zImportTemplateQuery = z.object({ name: zTemplateName }).prefault({});
export const zImportBatchPage = z.object({ name: zTemplateName, pageNum: zPageNum, pageSize: zPageSize }).prefault({});
export const zImportBatchId = z.object({ batchId: zBatchId });
export const zImportCheck = z.object({ batchId: zBatchId, pageNum: zPageNum, pageSize: zPageSize });
export const zImportRowPage = z.object({
  batchId: zBatchId,
  status: z.enum(['invalid', 'valid', 'imported', 'failed', 'problem']).default('problem').describe('行状态'),
  pageNum: zPageNum,
  pageSize: zPageSize,
});
export type ImportRowPage = z.infer<typeof zImportRowPage>;

export const zImportRematch = z.object({
  batchId: zBatchId,
  mapping: z
    .record(z.string().regex(/^\d{1,4}$/, '应为列序号'), z.string().trim().max(60).nullable())
    .describe('字段匹配'),
});
export type ImportRematch = z.infer<typeof zImportRematch>;

export const zImportRowUpdate = z.object({
  batchId: zBatchId,
  rowNo: z.coerce.number().int().min(2).max(1_000_000).describe('行号'),
  data: z.record(z.string().regex(/^\d{1,4}$/, '应为列序号'), z.string().max(500).nullable()).describe('单元格内容'),
});
export type ImportRowUpdate = z.infer<typeof zImportRowUpdate>;
