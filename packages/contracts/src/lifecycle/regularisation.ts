import { z } from 'zod';
import { zId } from '../auth.ts';
import { zIsoDate } from '../employees.ts';
import { zPaging } from '../paging.ts';
import { zMoney } from '../org.ts';
import { zFormValues, zRemark } from './change-fields.ts';
import type { EmployeeChangeView } from './changes.ts';

/**
 * Regularisation (转正, /staffManagement/changeAlternation/conversion; employeeRegularWorker):
 * - 办理转正: only an employee on probation (试用期) with no waiting regularisation; the date is not
 *   before the hire date. Before the probation end it is an early regularisation (提前转正).
 * - 延长试用期: only on probation and with no waiting regularisation; the new end is after the
 *   current one and at most six months after the hire date (劳动合同法第十九条).
 * - 取消 / 修改生效日期: only a waiting change.
 */

export const CONVERSION_READ = 'conversion';
export const CONVERSION_EDIT = 'conversion.edit';
export const DEFAULT_CONVERSION_DAYS = 30;

/** The conversion list's tabs: due within N days (overdue included), overdue only, waiting, done. */
export const CONVERSION_TABS = [
  { key: 'due', label: '待转正' },
  { key: 'overdue', label: '已逾期' },
  { key: 'waiting', label: '待生效' },
  { key: 'done', label: '已转正' },
] as const;
export type ConversionTab = (typeof CONVERSION_TABS)[number]['key'];

export const zConversionPage = z.object({
  ...zPaging,
  tab: z.enum(CONVERSION_TABS.map((t) => t.key) as [ConversionTab, ...ConversionTab[]]).default('due').describe('列表'),
  /** due: probation ending within this many days from today (overdue ones included). */
  withinDays: z.coerce.number().int().min(0).max(365).default(DEFAULT_CONVERSION_DAYS).describe('到期天数'),
  keyword: z.string().trim().max(50).optional().describe('姓名/工号'),
  departmentId: zId('部门').optional(),
});
export type ConversionPage = z.infer<typeof zConversionPage>;

export type ConversionRow = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  positionName: string | null;
  status: number;
  hireDate: string | null;
  probationEndDate: string | null;
  /** Days from today to the probation end (negative: overdue). */
  daysLeft: number | null;
  /** The waiting or (done tab) the latest effective regularisation. */
  change: EmployeeChangeView | null;
};

export type ConversionCounts = Record<ConversionTab, number>;

export const zRegularDo = z.object({
  employeeId: zId('员工'),
  effectiveDate: zIsoDate('转正日期'),
  salary: zMoney('转正后薪资').optional(),
  remark: zRemark,
  /** The values of the change type's company form (异动表单), by field key. */
  formValues: zFormValues,
});
export type RegularDo = z.infer<typeof zRegularDo>;

export const zProbationExtend = z.object({
  employeeId: zId('员工'),
  probationEndDate: zIsoDate('试用期结束日期'),
  remark: zRemark,
});
export type ProbationExtend = z.infer<typeof zProbationExtend>;
