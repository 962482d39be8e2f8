import { z } from 'zod';
import { zId } from '../auth.ts';
import { zIsoDate } from '../employees.ts';
import { zPaging } from '../paging.ts';
import { zMoney } from '../org.ts';
import { zFormValues, zRemark } from './change-fields.ts';
import type { EmployeeChangeView } from './changes.ts';

// ── Transfer and pay change (调岗调薪, /staffManagement/changeAlternation/alternation; companyEmployeeChange) ──
//
// Rules: only an employee on probation or regular (试用期 / 正式); at least one of department,
// position, rank, cost centre, work location and salary changes; the department is active and within
// the caller's departments; one waiting transfer per employee; the date is not before the hire date
// and at most a year ahead. Dated today or earlier it applies at once; later, on its date. A waiting
// transfer whose target became invalid (a department disabled meanwhile) is cancelled on its date,
// with the reason in its remark.

export const ALTERNATION_READ = 'alternation';
export const ALTERNATION_EDIT = 'alternation.edit';

export const TRANSFER_REASONS = [
  { value: 1, label: '公司安排' },
  { value: 2, label: '个人申请' },
  { value: 3, label: '晋升' },
  { value: 4, label: '降职' },
  { value: 5, label: '绩效调整' },
  { value: 6, label: '组织调整' },
  { value: 9, label: '其他' },
] as const;
export type TransferReason = (typeof TRANSFER_REASONS)[number]['value'];

export function transferReasonLabel(v: number | null | undefined): string {
  return TRANSFER_REASONS.find((r) => r.value === v)?.label ?? '—';
}

/** The fields a transfer can change, with their labels (the order the form and the timeline use). */
export const TRANSFER_FIELDS = [
  { key: 'departmentId', name: 'departmentName', label: '部门' },
  { key: 'positionId', name: 'positionName', label: '岗位' },
  { key: 'rankId', name: 'rankName', label: '职级' },
  { key: 'costCenterId', name: 'costCenterName', label: '成本中心' },
  { key: 'workLocation', name: 'workLocation', label: '工作地点' },
  { key: 'salary', name: 'salary', label: '月基本工资' },
] as const;
export type TransferFieldKey = (typeof TRANSFER_FIELDS)[number]['key'];

export const zTransferDo = z.object({
  employeeId: zId('员工'),
  effectiveDate: zIsoDate('生效日期'),
  departmentId: zId('调入部门').optional(),
  /** null clears the position / rank / cost centre / work location. */
  positionId: zId('调整后岗位').nullish(),
  rankId: zId('调整后职级').nullish(),
  costCenterId: zId('调整后成本中心').nullish(),
  workLocation: z.string().trim().max(100).nullish().describe('调整后工作地点'),
  salary: zMoney('调整后月基本工资').optional(),
  reason: z
    .preprocess((v) => (typeof v === 'string' && /^\d{1,2}$/.test(v.trim()) ? Number(v) : v), z.literal(TRANSFER_REASONS.map((r) => r.value) as [TransferReason, ...TransferReason[]]))
    .describe('异动原因'),
  remark: zRemark,
  /** The values of the change type's company form (异动表单), by field key. */
  formValues: zFormValues,
});
export type TransferDo = z.infer<typeof zTransferDo>;

export const zTransferPage = z.object({
  ...zPaging,
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional().describe('状态'),
  keyword: z.string().trim().max(50).optional().describe('姓名/工号'),
  effectiveFrom: zIsoDate('生效日期起').optional(),
  effectiveTo: zIsoDate('生效日期止').optional(),
});
export type TransferPage = z.infer<typeof zTransferPage>;

export type TransferRow = EmployeeChangeView & { name: string; employeeNo: string | null; departmentName: string | null; reason: number | null; reasonLabel: string };

/** The employee's current values, for the transfer form. */
export const zEmployeePlacement = z.object({ employeeId: zId('员工') });
export type EmployeePlacement = {
  employeeId: number;
  name: string;
  status: number;
  hireDate: string | null;
  departmentId: number | null;
  departmentName: string | null;
  positionId: number | null;
  positionName: string | null;
  rankId: number | null;
  rankName: string | null;
  costCenterId: number | null;
  costCenterName: string | null;
  workLocation: string | null;
  salary: string | null;
  /** A waiting transfer, if any. */
  waiting: EmployeeChangeView | null;
};
