import { EMPLOYEE_STATUS, MAX_PROBATION_MONTHS } from '@wfsaas/contracts';
import { addDays, addMonths } from '../../platform/china-date.ts';

/**
 * The allowed transitions of each change type, as pure functions: each answers why a change is
 * refused (a Chinese message naming the field), or null when it is allowed. The services call them
 * before writing anything; the unit tests walk every state.
 */

export type EmployeeState = { name: string; status: number; hireDate: string | null; probationEndDate: string | null };
/** The employee's open change of the type: waiting for its date (status 0) or for review (status 3). */
export type Waiting = { effectiveDate: string; status?: number } | null;

const PENDING_REVIEW = 3;

/** "already has one" for an open change: a waiting one can be cancelled or re-dated, one under review withdrawn. */
function openChangeRefusal(name: string, waiting: NonNullable<Waiting>, label: string, dateLabel = ''): string {
  if (waiting.status === PENDING_REVIEW) return `${name}已有待审批的${label}（${dateLabel}${waiting.effectiveDate}），请等待审批或撤回后再办理`;
  return `${name}已有待生效的${label}（${dateLabel}${waiting.effectiveDate}），请先取消或修改生效日期`;
}

const { pending, probation, regular, leaving, left } = EMPLOYEE_STATUS;

/** A change's date: not before the hire date, at most a year ahead. */
export function dateRefusal(e: Pick<EmployeeState, 'hireDate'>, day: string, today: string, label: string): string | null {
  if (e.hireDate && day < e.hireDate) return `${label}：不能早于入职日期（${e.hireDate}）`;
  if (day > addDays(today, 366)) return `${label}：不能晚于一年之后`;
  return null;
}

/** 转正: only on probation, with no waiting regularisation. */
export function regularizeRefusal(e: EmployeeState, waiting: Waiting, effectiveDate: string, today: string): string | null {
  if (e.status !== probation) return `${e.name}不在试用期，无法办理转正`;
  if (waiting) return openChangeRefusal(e.name, waiting, '转正');
  return dateRefusal(e, effectiveDate, today, '转正日期');
}

/** 延长试用期: only on probation, no waiting regularisation, later than now, within six months of hiring. */
export function extendProbationRefusal(e: EmployeeState, waitingRegularisation: Waiting, newEnd: string): string | null {
  if (e.status !== probation) return `${e.name}不在试用期，无法延长试用期`;
  if (waitingRegularisation) return openChangeRefusal(e.name, waitingRegularisation, '转正');
  if (e.probationEndDate && newEnd <= e.probationEndDate) return `试用期结束日期：应晚于当前的试用期结束日期（${e.probationEndDate}）`;
  if (e.hireDate && newEnd > addMonths(e.hireDate, MAX_PROBATION_MONTHS)) {
    return `试用期结束日期：试用期最长不得超过${MAX_PROBATION_MONTHS}个月（入职日期${e.hireDate}，最晚${addMonths(e.hireDate, MAX_PROBATION_MONTHS)}）`;
  }
  return null;
}

/** 调岗调薪: only an employee on the job (试用期 or 正式), one waiting transfer at a time. */
export function transferRefusal(e: EmployeeState, waiting: Waiting, effectiveDate: string, today: string): string | null {
  if (e.status !== probation && e.status !== regular) return `${e.name}不是在职员工（试用期或正式），无法调岗调薪`;
  if (waiting) return openChangeRefusal(e.name, waiting, '调岗调薪');
  return dateRefusal(e, effectiveDate, today, '生效日期');
}

/** A waiting transfer on its date: applied while the employee is on the job (待离职 included). */
export function transferStillApplies(status: number): boolean {
  return status === probation || status === regular || status === leaving;
}

/** 离职: only on the job, not already resigning. */
export function quitRefusal(e: EmployeeState, waiting: Waiting, lastWorkingDay: string, today: string): string | null {
  if (waiting?.status === PENDING_REVIEW) return openChangeRefusal(e.name, waiting, '离职', '最后工作日');
  if (waiting) return `${e.name}已在办理离职（最后工作日${waiting.effectiveDate}），可修改最后工作日或取消`;
  if (e.status !== probation && e.status !== regular) return `${e.name}不是在职员工（试用期或正式），无法办理离职`;
  return dateRefusal(e, lastWorkingDay, today, '最后工作日');
}

/** 再入职: only a former employee, after the leave date. */
export function rehireRefusal(e: EmployeeState, leaveDate: string | null, hireDate: string, today: string): string | null {
  if (e.status !== left) return `${e.name}不是已离职员工，无法办理再入职`;
  if (leaveDate && hireDate <= leaveDate) return `再入职日期：应晚于离职日期（${leaveDate}）`;
  if (hireDate > addDays(today, 366)) return '再入职日期：不能晚于一年之后';
  return null;
}

/** 确认入职 and 放弃/取消入职: only a pending hire (待入职). */
export function pendingHireRefusal(e: EmployeeState): string | null {
  return e.status === pending ? null : `${e.name}不是待入职员工`;
}

/** 确认入职: the day they arrived, not a future one. */
export function confirmDateRefusal(hireDate: string, today: string): string | null {
  return hireDate > today ? '入职日期：确认入职时不能晚于今天' : null;
}

/** The status a confirmed hire starts in: 试用期 with a probation end after the hire date, else 正式. */
export function onboardedStatus(probationEndDate: string | null, hireDate: string): number {
  return probationEndDate && probationEndDate > hireDate ? probation : regular;
}

/** 审批通过 / 驳回: only a change waiting for review (待审批). */
export function reviewRefusal(name: string, typeLabel: string, status: number, statusLabel: string): string | null {
  return status === PENDING_REVIEW ? null : `${name}的${typeLabel}${statusLabel}，只有待审批的异动可以审批`;
}
