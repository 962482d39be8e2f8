import { z } from 'zod';
import { zId } from '../auth.ts';
import { zIsoDate } from '../employees.ts';

/**
 * Employee changes (异动): effective-dated events on an employee's timeline. A change dated today or
 * earlier takes effect at once; one dated later waits (待生效) and is applied on its date by the
 * daily job, and can be cancelled or re-dated until then.
 */

export const LIFECYCLE_API = '/wfsaas-saas/api';

export const CHANGE_TYPES = [
  { key: 'regularize', label: '转正' },
  { key: 'extendProbation', label: '延长试用期' },
  { key: 'transfer', label: '调岗调薪' },
  { key: 'quit', label: '离职' },
  { key: 'rehire', label: '再入职' },
  { key: 'onboard', label: '入职' },
  { key: 'renew', label: '合同续签' },
  { key: 'contractEnd', label: '合同到期终止' },
  { key: 'contractChange', label: '合同变更' },
] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number]['key'];

export function changeTypeLabel(t: string): string {
  return CHANGE_TYPES.find((c) => c.key === t)?.label ?? t;
}

/**
 * 0 待生效, 1 已生效, 2 已取消; 3 待审批 and 4 已驳回 for a change whose type needs review
 * (异动设置): it takes no effect until approved, and then waits for its date like any other.
 */
export const CHANGE_STATUSES = [
  { value: 0, label: '待生效' },
  { value: 1, label: '已生效' },
  { value: 2, label: '已取消' },
  { value: 3, label: '待审批' },
  { value: 4, label: '已驳回' },
] as const;
export const CHANGE_STATUS = { waiting: 0, effective: 1, cancelled: 2, pendingReview: 3, rejected: 4 } as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number]['value'];

export function changeStatusLabel(s: number): string {
  return CHANGE_STATUSES.find((c) => c.value === s)?.label ?? '未知';
}

/** The legal maximum probation, in months after the hire date. */
export const MAX_PROBATION_MONTHS = 6;
export const MAX_CHANGE_REMARK = 200;

/** One answer of a change's company form, kept with its label and display text as they were when the change was made. */
export type ChangeFormEntry = { key: string; label: string; text: string };

export const zChangeRef = z.object({ changeId: zId('异动记录') });
export const zChangeRedate = z.object({ changeId: zId('异动记录'), effectiveDate: zIsoDate('生效日期') });

export const zEmployeeTimeline = z.object({ employeeId: zId('员工') });

export type EmployeeChangeView = {
  id: number;
  employeeId: number;
  type: ChangeType;
  typeLabel: string;
  status: ChangeStatus;
  statusLabel: string;
  effectiveDate: string;
  /** The fields the change set, before and after (e.g. status, probationEndDate, salary). */
  before: Record<string, string | number | null>;
  after: Record<string, string | number | null>;
  early: boolean;
  remark: string | null;
  createdByName: string | null;
  createdAt: string;
  appliedAt: string | null;
  cancelledAt: string | null;
  /** The reviewer's remark: the reason of a rejection, or the approver's note. */
  reviewRemark: string | null;
  /** The answers of the change type's company form (异动表单), in the form's order. */
  form: ChangeFormEntry[];
};
