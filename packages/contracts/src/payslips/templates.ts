import { z } from 'zod';
import { zId } from '../auth.ts';
import { MAX_PAYSLIP_NOTE, PAYSLIP_MAX_COLUMNS } from './codes.ts';
import { zPayslipColumn } from './import.ts';

/** Templates: saved layouts reused month to month, matched to a new sheet by column label. */
export const zPayslipTemplateSave = z.object({
  id: zId('工资条模板').optional(),
  name: z.string().trim().min(1).max(40).describe('模板名称'),
  headerRows: z.union([z.literal(1), z.literal(2)]).describe('表头行数'),
  columns: z.array(zPayslipColumn).min(1).max(PAYSLIP_MAX_COLUMNS).describe('显示列'),
  hideEmpty: z.boolean().default(true).describe('隐藏空值和零值'),
  note: z.string().trim().max(MAX_PAYSLIP_NOTE).default('').describe('备注'),
});
export type PayslipTemplateView = z.infer<typeof zPayslipTemplateSave> & { id: number; updatedAt: string };

export const zPayslipTemplateId = z.object({ id: zId('工资条模板') });
