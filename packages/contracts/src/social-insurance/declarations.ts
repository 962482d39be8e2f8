import { z } from 'zod';
import { zId } from '../auth.ts';
import { zPaging } from '../paging.ts';
import { zMoney, zRate } from '../payroll/fields.ts';
import { zEntityId } from './entities.ts';
import { zSiMonth } from './insured.ts';

/** 申报: a declaration per entity and month, its lines and their results. */

export const zApplyId = zId('申报单');

export const zApplyMonth = z.object({ month: zSiMonth.optional() });
export const zApplyPage = z.object({
  ...zPaging,
  entityId: zEntityId.optional(),
  month: zSiMonth.optional(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional().describe('申报状态'),
});
export const zApplyCreate = z.object({ entityId: zEntityId, month: zSiMonth });
export const zApplyIdBody = z.object({ applyId: zApplyId });

/** A line is saved by id (a stored line) or by proposal key (a proposed line HR edits); neither adds a manual line. */
export const zApplyLineSave = z.object({
  applyId: zApplyId,
  lineId: zId('申报明细').optional(),
  proposalKey: z.string().trim().min(1).max(80).optional().describe('建议明细'),
  employeeId: zId('员工'),
  kind: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).describe('申报类型'),
  fromMonth: zSiMonth.describe('起始月'),
  toMonth: zSiMonth.nullable().default(null).describe('截止月'),
  siBase: zMoney('社保缴费基数'),
  hfBase: zMoney('公积金缴存基数'),
  hfRate: zRate('公积金缴存比例'),
  remark: z.string().trim().max(200).default('').describe('备注'),
});
export type ApplyLineSave = z.infer<typeof zApplyLineSave>;
export const zApplyLineRef = z.object({
  applyId: zApplyId,
  lineId: zId('申报明细').optional(),
  proposalKey: z.string().trim().min(1).max(80).optional().describe('建议明细'),
});
export const zApplyResultSave = z.object({
  applyId: zApplyId,
  lineId: zId('申报明细'),
  result: z.union([z.literal(1), z.literal(2)]).describe('办理结果'),
  reason: z.string().trim().max(200).default('').describe('失败原因'),
});
export const zApplyResultImportQuery = z.object({ applyId: zApplyId });

export type ApplyMonthEntity = {
  entityId: number;
  entityName: string;
  city: string;
  month: string;
  deadline: string;
  /** Days from today to the deadline; negative once it has passed. */
  daysLeft: number;
  /** The open declaration of the month (draft or submitted), if any. */
  applyId: number | null;
  status: 0 | 1 | 2 | 3 | 4 | null;
  toDeclare: number;
  submitted: number;
  succeeded: number;
  failed: number;
};
export type ApplyMonthView = { month: string; entities: ApplyMonthEntity[] };

export type ApplyListItem = {
  id: number;
  entityId: number;
  entityName: string;
  city: string;
  month: string;
  status: 0 | 1 | 2 | 3 | 4;
  lineCount: number;
  succeeded: number;
  failed: number;
  submittedAt: string | null;
  submittedBy: string | null;
};

export type ApplyLineView = {
  /** null for a proposed line not yet stored (then `proposalKey` names it). */
  id: number | null;
  proposalKey: string | null;
  employeeId: number;
  name: string;
  employeeNo: string | null;
  idNumberMasked: string | null;
  kind: 1 | 2 | 3 | 4;
  source: string;
  fromMonth: string;
  toMonth: string | null;
  siBase: string;
  hfBase: string;
  hfRate: string;
  /** 补缴: contributions of the months owed, and the late fee at 0.05 % a day to the deadline of this declaration. */
  backPay: string | null;
  lateFee: string | null;
  lateDays: number | null;
  remark: string;
  dropped: boolean;
  result: 0 | 1 | 2;
  reason: string;
};

export type ApplyDetailView = {
  id: number;
  entityId: number;
  entityName: string;
  city: string;
  siAccountNo: string;
  hfAccountNo: string;
  month: string;
  deadline: string;
  daysLeft: number;
  status: 0 | 1 | 2 | 3 | 4;
  submittedAt: string | null;
  submittedBy: string | null;
  /** What the portal adapter said when the declaration was submitted. */
  portalNote: string | null;
  lines: ApplyLineView[];
  counts: { join: number; leave: number; base: number; backPay: number; success: number; failure: number; pending: number };
};

export type ResultImportView = {
  rows: number;
  applied: number;
  success: number;
  failure: number;
  /** Rows naming nobody in this declaration: row number, name, the reason. */
  unknown: { row: number; name: string; reason: string }[];
  status: 0 | 1 | 2 | 3 | 4;
};

/** 年度调基 */
export const zAnnualPreview = z.object({ entityId: zEntityId, year: z.number().int().min(2000).max(2100).describe('调整年度') });
export type AnnualPreviewRow = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  /** Average monthly wage of the previous year and where it comes from. */
  averageWage: string;
  source: 'payroll' | 'roster';
  months: number;
  oldSiBase: string;
  siBase: string;
  hfBase: string;
  /** 'floor' / 'ceiling' when the average was raised or lowered to the policy's bounds. */
  clamped: 'floor' | 'ceiling' | null;
};
export type AnnualPreviewView = { entityId: number; year: number; effectiveMonth: string; siFloor: string; siCeiling: string; hfFloor: string | null; hfCeiling: string | null; rows: AnnualPreviewRow[] };
export const zAnnualDeclare = z.object({
  entityId: zEntityId,
  year: z.number().int().min(2000).max(2100).describe('调整年度'),
  month: zSiMonth.describe('生效月份'),
  rows: z
    .array(z.object({ employeeId: zId('员工'), siBase: zMoney('社保缴费基数'), hfBase: zMoney('公积金缴存基数') }))
    .min(1)
    .max(20000)
    .describe('调基人员'),
});
export type AnnualDeclare = z.infer<typeof zAnnualDeclare>;
/** What 年度调基 declared: the draft of the effective month holding the 调基 lines. */
export type AnnualDeclareView = { applyId: number; entityId: number; month: string; lines: number };
