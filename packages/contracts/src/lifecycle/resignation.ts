import { z } from 'zod';
import { zId } from '../auth.ts';
import { zIsoDate } from '../employees.ts';
import { zPaging } from '../paging.ts';
import { zFormValues, zRemark } from './change-fields.ts';
import type { EmployeeChangeView } from './changes.ts';
import type { UnreturnedAsset } from '../enterprise/assets.ts';

// ── Resignation (离职, /staffManagement/changeAlternation/doQuit and /dimissionRoster; companyEmployeeQuit, quitProgress, resignationNotice) ──
//
// Rules: only an employee on probation or regular, without a resignation under way, is resigned; the
// last working day is not before the hire date and at most a year ahead. Doing it makes the employee
// 待离职 at once; on the last working day (the daily job, or at once when it is today or past) the
// employee becomes 已离职 with that leave date. A waiting resignation can be cancelled (the employee
// returns to the status they had) or re-dated; the handover status (交接) can be set until it takes
// effect. A former employee (已离职) can be rehired: the record comes back with a new hire date and
// the history kept. The resignation certificate (离职证明) is a PDF for a former employee.

export const DO_QUIT_READ = 'doQuit';
export const DO_QUIT_EDIT = 'doQuit.edit';
export const DIMISSION_ROSTER_READ = 'dimissionRoster';
export const DIMISSION_ROSTER_EDIT = 'dimissionRoster.edit';

export const QUIT_TYPES = [
  { value: 1, label: '主动离职' },
  { value: 2, label: '辞退' },
  { value: 3, label: '合同到期不续签' },
  { value: 4, label: '协商解除' },
  { value: 5, label: '试用期未通过' },
  { value: 6, label: '退休' },
  { value: 9, label: '其他' },
] as const;
export type QuitType = (typeof QUIT_TYPES)[number]['value'];
export function quitTypeLabel(v: number | null | undefined): string {
  return QUIT_TYPES.find((t) => t.value === v)?.label ?? '—';
}

export const HANDOVER_STATUSES = [
  { value: 0, label: '未交接' },
  { value: 1, label: '交接中' },
  { value: 2, label: '已交接' },
] as const;
export type HandoverStatus = (typeof HANDOVER_STATUSES)[number]['value'];
export function handoverStatusLabel(v: number | null | undefined): string {
  return HANDOVER_STATUSES.find((t) => t.value === v)?.label ?? '未交接';
}

const zQuitType = z
  .preprocess((v) => (typeof v === 'string' && /^\d{1,2}$/.test(v.trim()) ? Number(v) : v), z.literal(QUIT_TYPES.map((t) => t.value) as [QuitType, ...QuitType[]]))
  .describe('离职类型');

export const zQuitDo = z.object({
  employeeId: zId('员工'),
  quitType: zQuitType,
  /** Free text (kept for callers that have no dictionary choice); `reasonCode` names an item of 离职原因 instead. */
  reason: z.string().trim().min(1).max(200).optional().describe('离职原因'),
  reasonCode: z.string().trim().min(1).max(50).optional().describe('离职原因'),
  lastWorkingDay: zIsoDate('最后工作日'),
  handoverTo: zId('工作交接人').optional(),
  handoverNote: z.string().trim().max(500).optional().describe('交接事项'),
  remark: zRemark,
  /** The values of the change type's company form (异动表单), by field key. */
  formValues: zFormValues,
}).refine((v) => v.reason !== undefined || v.reasonCode !== undefined, { path: ['reasonCode'], message: '离职原因：请选择离职原因' });
export type QuitDo = z.infer<typeof zQuitDo>;

export const zQuitRedate = z.object({ changeId: zId('离职记录'), lastWorkingDay: zIsoDate('最后工作日') });
export const zQuitHandover = z.object({
  changeId: zId('离职记录'),
  handoverStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).describe('交接状态'),
});

export const zQuitPage = z.object({
  ...zPaging,
  keyword: z.string().trim().max(50).optional().describe('姓名/工号'),
  quitType: zQuitType.optional(),
  /** the resigned roster: left between these days */
  leaveFrom: zIsoDate('离职日期起').optional(),
  leaveTo: zIsoDate('离职日期止').optional(),
});
export type QuitPage = z.infer<typeof zQuitPage>;

export type QuitRow = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  positionName: string | null;
  status: number;
  hireDate: string | null;
  leaveDate: string | null;
  /** The resignation (waiting on 待离职, the latest effective one on the resigned roster). */
  change: EmployeeChangeView | null;
  quitType: number | null;
  quitTypeLabel: string;
  reason: string | null;
  lastWorkingDay: string | null;
  handoverStatus: number;
  handoverStatusLabel: string;
  handoverToName: string | null;
};

export const zRehire = z.object({
  employeeId: zId('员工'),
  hireDate: zIsoDate('再入职日期'),
  departmentId: zId('部门'),
  /** 1 试用期, 2 正式 */
  status: z.union([z.literal(1), z.literal(2)]).describe('入职状态'),
  probationEndDate: zIsoDate('试用期结束日期').optional(),
  remark: zRemark,
});
export type Rehire = z.infer<typeof zRehire>;

export const zQuitCertificate = z.object({ employeeId: zId('员工') });

/** A leaver's unreturned assets (资产中心) and whether the company setting blocks the resignation until they are returned. */
export const zQuitAssets = z.object({ employeeId: zId('员工') });
export type QuitAssets = { assets: UnreturnedAsset[]; blocking: boolean; message: string | null };

/**
 * What the resignation certificate (离职证明) of a former employee will say before it is downloaded:
 * the handover as recorded on the resignation (null: no resignation was recorded, and the certificate
 * is silent on it), and the company seal it carries (null: none the caller may use is enabled, so the
 * certificate comes without a seal).
 */
export type QuitCertificateInfo = { handoverStatus: number | null; handoverStatusLabel: string | null; sealName: string | null };
