import { z } from 'zod';
import { zId } from '../auth.ts';
import { checkFormDefinition, formDefinitionShape, type FormDefinition } from '../employees.ts';
import { zPaging } from '../paging.ts';
import type { ChangePlanRun } from './change-plans.ts';
import { MAX_CHANGE_REMARK, MAX_PROBATION_MONTHS, type EmployeeChangeView } from './changes.ts';

// ── Change settings (异动设置, /enterpriseInformation/transactionSet) and the review step ──

export const TRANSACTION_SET_READ = 'transactionSet';
export const TRANSACTION_SET_EDIT = 'transactionSet.edit';
export const TRANSACTION_SET_REVIEW = 'transactionSet.review';

/** The changes a company may send through review before they take effect. */
export const REVIEWABLE_CHANGE_TYPES = [
  { key: 'regularize', label: '转正' },
  { key: 'transfer', label: '调岗调薪' },
  { key: 'quit', label: '离职' },
] as const;
export type ReviewableChangeType = (typeof REVIEWABLE_CHANGE_TYPES)[number]['key'];

/** The probation a new hire gets unless HR sets another end date (0: none, regular at once). */
export const DEFAULT_PROBATION_MONTHS = 3;

export const zChangeSettings = z.object({
  reviewTypes: z
    .array(z.enum(REVIEWABLE_CHANGE_TYPES.map((t) => t.key) as [ReviewableChangeType, ...ReviewableChangeType[]]).describe('需审批的异动'))
    .max(10)
    .describe('需审批的异动'),
  defaultProbationMonths: z.coerce.number().int().min(0).max(MAX_PROBATION_MONTHS).describe('默认试用期（月）'),
});
export type ChangeSettings = z.infer<typeof zChangeSettings>;
export type ChangeSettingsView = ChangeSettings & { updatedByName: string | null; updatedAt: string | null };

export const CHANGE_REVIEW_TABS = [
  { key: 'pending', label: '待审批' },
  { key: 'rejected', label: '已驳回' },
  { key: 'approved', label: '已通过' },
] as const;
export type ChangeReviewTab = (typeof CHANGE_REVIEW_TABS)[number]['key'];

export const zChangeReviewPage = z.object({
  ...zPaging,
  tab: z.enum(CHANGE_REVIEW_TABS.map((t) => t.key) as [ChangeReviewTab, ...ChangeReviewTab[]]).default('pending').describe('列表'),
  type: z.enum(REVIEWABLE_CHANGE_TYPES.map((t) => t.key) as [ReviewableChangeType, ...ReviewableChangeType[]]).optional().describe('异动类型'),
  keyword: z.string().trim().max(50).optional().describe('姓名/工号'),
});
export type ChangeReviewPage = z.infer<typeof zChangeReviewPage>;

export type ChangeReviewRow = EmployeeChangeView & {
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
  /** The 异动方案 the change follows (its approvers alone review it), or null. */
  plan?: ChangePlanRun | null;
};
export type ChangeReviewCounts = Record<ChangeReviewTab, number>;

const zChangeIds = z.array(zId('异动记录')).min(1).max(200).describe('异动记录');
export const zChangeApprove = z.object({ changeIds: zChangeIds, remark: z.string().trim().max(MAX_CHANGE_REMARK).optional().describe('审批意见') });
export type ChangeApprove = z.infer<typeof zChangeApprove>;
export const zChangeReject = z.object({ changeIds: zChangeIds, reason: z.string().trim().min(1).max(MAX_CHANGE_REMARK).describe('驳回原因') });
export type ChangeReject = z.infer<typeof zChangeReject>;
/** Each change's outcome: approved (and applied when due), or why it could not be. */
export type ChangeReviewResult = { done: number; failures: { changeId: number; name: string; message: string }[] };

/**
 * 异动表单: each reviewable change type can carry a company-defined form (formConfig +
 * widgetList, valid only with formConfig and at least one widget), filled in when the change
 * is done and shown to the reviewer and on the timeline. Pictures and attachments are not offered.
 */
export const CHANGE_FORM_WIDGET_EXCLUDED = ['image', 'file'] as const;
const zChangeType = z.enum(REVIEWABLE_CHANGE_TYPES.map((t) => t.key) as [ReviewableChangeType, ...ReviewableChangeType[]]).describe('异动类型');
export const zChangeFormGet = z.object({ type: zChangeType });
export const zChangeFormSave = z
  .object({ type: zChangeType, ...formDefinitionShape })
  .superRefine((def, ctx) => {
    checkFormDefinition(def, ctx);
    (def.widgetList ?? []).forEach((w, i) => {
      if ((CHANGE_FORM_WIDGET_EXCLUDED as readonly string[]).includes(w.type)) ctx.addIssue({ code: 'custom', path: ['widgetList', i, 'type'], message: `异动表单不支持图片和附件控件（${w.label}）` });
    });
  });
export type ChangeFormSave = z.infer<typeof zChangeFormSave>;
/** abnormalChangeFormConfig/get answers this; null when the type has no form. */
export type ChangeFormAnswer = (FormDefinition & { type: ReviewableChangeType; updatedAt: string }) | null;
