import { z } from 'zod';
import { zId } from '../auth.ts';
import { zEmployeeAdd, zIsoDate } from '../employees.ts';
import { zPaging } from '../paging.ts';
import type { EmployeeChangeView } from './changes.ts';

// ── Onboarding (入职, /selfOnboarding/list; companyEmployeeInduction) ──
//
// HR adds a pending hire (待入职: an employee record with status 0 and the expected hire date). The
// hire is then confirmed (确认入职: 试用期 when a probation end is given, otherwise 正式, on a hire date
// not after today), one or a batch; or discontinued (放弃入职, the candidate declined) or cancelled
// (取消, the company withdrew) — both take the record off the roster, kept for the history; 重新办理
// reopens a discontinued or cancelled hire when no current employee holds the same mobile, document
// number or employee number.

export const INDUCTION_READ = 'selfOnboardingList';
export const INDUCTION_EDIT = 'selfOnboardingList.edit';

export const INDUCTION_TABS = [
  { key: 'pending', label: '待入职' },
  { key: 'onboarded', label: '已入职' },
  { key: 'discontinued', label: '放弃入职' },
  { key: 'cancelled', label: '已取消' },
] as const;
export type InductionTab = (typeof INDUCTION_TABS)[number]['key'];

export const zInductionAdd = zEmployeeAdd.omit({ status: true });
export type InductionAdd = z.infer<typeof zInductionAdd>;

export const zInductionPage = z.object({
  ...zPaging,
  tab: z.enum(INDUCTION_TABS.map((t) => t.key) as [InductionTab, ...InductionTab[]]).default('pending').describe('列表'),
  keyword: z.string().trim().max(50).optional().describe('姓名/工号'),
});
export type InductionPage = z.infer<typeof zInductionPage>;

export type InductionRow = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  positionName: string | null;
  /** Masked 138****0000. */
  mobile: string | null;
  /** The expected (pending) or actual (onboarded) hire date. */
  hireDate: string | null;
  probationEndDate: string | null;
  change: EmployeeChangeView | null;
  /** Why it was discontinued or cancelled. */
  reason: string | null;
};

export type InductionCounts = Record<InductionTab, number>;

export const zInductionConfirm = z.object({
  employeeIds: z.array(zId('员工')).min(1).max(200).describe('员工'),
  /** Left out: each hire is confirmed on its own expected hire date (which must not be after today). */
  hireDate: zIsoDate('入职日期').optional(),
});
export const zInductionClose = z.object({
  employeeId: zId('员工'),
  reason: z.string().trim().min(1).max(200).describe('原因'),
});
export const zInductionAgain = z.object({
  employeeId: zId('员工'),
  hireDate: zIsoDate('预计入职日期'),
});
export type InductionConfirmResult = { confirmed: number; names: string[] };
