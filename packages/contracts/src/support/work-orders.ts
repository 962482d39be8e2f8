import { z } from 'zod';
import { zPaging } from '../paging.ts';
import { WORK_ORDER_MAX_FILES, WORK_ORDER_CATEGORIES } from './work-order-codes.ts';

/**
 * 工单管理: a company's tickets to the platform and their conversation, the platform operator's
 * side of them (docs/work-orders.md). Every endpoint is `POST ${WORK_ORDER_API}<path>`.
 */
export * from './work-order-codes.ts';

const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`).describe(label);
const id = (label: string) => z.coerce.number().int().positive(`${label}无效`).describe(label);
const fileIds = z
  .array(z.string().trim().regex(/^[0-9a-f]{32}$/i, '附件无效，请重新上传').describe('附件'))
  .max(WORK_ORDER_MAX_FILES, `附件最多${WORK_ORDER_MAX_FILES}个`)
  .default([])
  .describe('附件');

export const zWorkOrderRelated = z
  .object({
    type: z.enum(['employee', 'bill', 'other'], { message: '关联记录类型无效' }).describe('关联记录类型'),
    id: id('关联记录').optional(),
    label: text('关联记录说明', 60).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'other' && !v.label) ctx.addIssue({ code: 'custom', path: ['label'], message: '关联记录说明：请填写关联的记录' });
    if (v.type !== 'other' && !v.id) ctx.addIssue({ code: 'custom', path: ['id'], message: '关联记录：请选择关联的记录' });
  })
  .describe('关联记录');

export const zWorkOrderAdd = z.object({
  category: z.coerce
    .number()
    .int()
    .refine((v) => WORK_ORDER_CATEGORIES.some((c) => c.value === v), '工单类型无效')
    .describe('工单类型'),
  title: text('标题', 60).min(2, '标题至少2个字'),
  description: text('问题描述', 2000).min(5, '问题描述至少5个字'),
  contactPhone: z
    .string()
    .trim()
    .regex(/^(1\d{10})?$/, '联系电话应为11位手机号')
    .optional()
    .describe('联系电话'),
  related: zWorkOrderRelated.optional(),
  fileIds,
});
export type WorkOrderAddInput = z.infer<typeof zWorkOrderAdd>;

export const zWorkOrderList = z.object({
  ...zPaging,
  status: z.coerce.number().int().min(1).max(5).optional().describe('状态'),
  category: z.coerce.number().int().min(1).max(5).optional().describe('工单类型'),
  keyword: text('关键词', 60).optional(),
});
export const zWorkOrderId = z.object({ id: id('工单') });
export const zWorkOrderReply = z.object({ workOrderId: id('工单'), content: text('回复内容', 2000).min(1, '回复内容不能为空'), fileIds });
export type WorkOrderReplyInput = z.infer<typeof zWorkOrderReply>;
export const zWorkOrderEvaluate = z.object({
  id: id('工单'),
  rating: z.coerce.number().int('评分应为1–5星').min(1, '评分应为1–5星').max(5, '评分应为1–5星').describe('评分'),
  comment: text('评价内容', 200).default(''),
});
export const zWorkOrderLock = z.object({ id: id('工单'), locked: z.boolean().describe('锁定状态') });
export const zWorkOrderFile = z.object({ id: id('工单'), fileId: z.string().trim().regex(/^[0-9a-f]{32}$/i, '附件无效').describe('附件') });

export const zOpWorkOrderList = z.object({
  ...zPaging,
  /** 0: every open ticket (待受理 first, then those waiting for a platform reply, oldest first). */
  status: z.coerce.number().int().min(0).max(5).default(0).describe('状态'),
  keyword: text('关键词', 60).optional(),
});
export const zOpWorkOrderRef = z.object({ companyId: id('企业'), id: id('工单') });
export const zOpWorkOrderReply = z.object({ companyId: id('企业'), workOrderId: id('工单'), content: text('回复内容', 2000).min(1, '回复内容不能为空'), fileIds });
export const zOpWorkOrderLock = zOpWorkOrderRef.extend({ locked: z.boolean().describe('锁定状态') });
export const zOpWorkOrderFile = zOpWorkOrderRef.extend({ fileId: z.string().trim().regex(/^[0-9a-f]{32}$/i, '附件无效').describe('附件') });
