import {
  CHANGE_STATUS,
  changeStatusLabel,
  changeTypeLabel,
  EMPLOYEE_STATUS,
  type ChangeStatus,
  type ChangeType,
  type ConversionCounts,
  type ConversionPage,
  type ConversionRow,
  type EmployeeChangeView,
  type ProbationExtend,
  type RegularDo,
} from '@wfsaas/contracts';
import type { Tx } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { employeeDepartmentScope, requireEmployeesInScope, setEmployeeFacts, setEmployeeSalary } from '../employees/index.ts';
import { governChange, requirePlanRedate } from './change-plans.service.ts';
import { dateRefusal, extendProbationRefusal, regularizeRefusal } from './change-rules.ts';
import { DEAL_CODE, startScene } from './contract-hooks.ts';
import * as q from './lifecycle.queries.ts';
import { chinaToday, addDays } from '../../platform/china-date.ts';
import { type ConversionFilter, countConversionTabs, listConversionPage } from './regularisation.queries.ts';

/**
 * Regularisation (转正) and probation extension. Rules (also in @wfsaas/contracts lifecycle.ts):
 * only an employee on probation, with no waiting regularisation, is regularised or extended; a
 * regularisation dated today or earlier takes effect at once, a later one waits for the daily job.
 */



function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function toChangeView(r: q.ChangeRowWithUser): EmployeeChangeView {
  return {
    id: r.id,
    employeeId: r.employeeId,
    type: r.type as ChangeType,
    typeLabel: changeTypeLabel(r.type),
    status: r.status as ChangeStatus,
    statusLabel: changeStatusLabel(r.status),
    effectiveDate: r.effectiveDate,
    before: r.before,
    after: r.after,
    early: r.early,
    remark: r.remark,
    createdByName: r.createdByName,
    createdAt: r.createdAt.toISOString(),
    appliedAt: r.appliedAt ? r.appliedAt.toISOString() : null,
    cancelledAt: r.cancelledAt ? r.cancelledAt.toISOString() : null,
    reviewRemark: r.reviewRemark ?? null,
    form: r.form ?? [],
  };
}

async function changeView(c: ServiceCtx, id: number): Promise<EmployeeChangeView> {
  const [row] = await q.listChangesWithUsers(c.tx, c.companyId, { ids: [id] });
  return toChangeView(row!);
}

/** An employee of the company within the caller's departments, locked for the change. */
async function requireEmployee(c: ServiceCtx, employeeId: number): Promise<q.EmployeeFacts> {
  const e = await q.findEmployeeFacts(c.tx, c.companyId, employeeId, true);
  if (!e) throw notFound('员工');
  await requireEmployeesInScope(c, [e]);
  return e;
}



/** Applies a regularisation: the employee becomes regular (正式), with the new salary when one was given. */
async function applyRegularisation(tx: Tx, companyId: number, change: q.ChangeRow, e: q.EmployeeFacts): Promise<q.ChangeRow> {
  await setEmployeeFacts(tx, companyId, e.id, { status: EMPLOYEE_STATUS.regular });
  if (typeof change.after.salary === 'string') await setEmployeeSalary(tx, companyId, e.id, change.after.salary);
  return q.updateChange(tx, companyId, change.id, { status: CHANGE_STATUS.effective, appliedAt: new Date() });
}

/** employeeRegularWorker/pageList: the tab's employees and every tab's count. */
export async function pageConversion(c: ServiceCtx, input: ConversionPage): Promise<Paged<ConversionRow>> {
  const today = chinaToday();
  const filter: ConversionFilter = {
    tab: input.tab,
    today,
    until: addDays(today, input.withinDays),
    keyword: input.keyword || undefined,
    departmentId: input.departmentId,
    scope: await employeeDepartmentScope(c),
  };
  const { rows, total } = await listConversionPage(c.tx, c.companyId, filter, (input.pageNum - 1) * input.pageSize, input.pageSize);
  const changes = new Map(
    (await q.listChangesWithUsers(c.tx, c.companyId, { ids: rows.map((r) => r.changeId).filter((x): x is number => x !== null) })).map((r) => [r.id, toChangeView(r)]),
  );
  const list: ConversionRow[] = rows.map((r) => ({
    employeeId: r.employeeId,
    name: r.name,
    employeeNo: r.employeeNo,
    departmentName: r.departmentName,
    positionName: r.positionName,
    status: r.status,
    hireDate: r.hireDate,
    probationEndDate: r.probationEndDate,
    daysLeft: r.probationEndDate ? daysBetween(today, r.probationEndDate) : null,
    change: r.changeId !== null ? (changes.get(r.changeId) ?? null) : null,
  }));
  return new Paged(list, input.pageNum, input.pageSize, total);
}

export async function conversionCounts(c: ServiceCtx, input: Pick<ConversionPage, 'withinDays' | 'keyword' | 'departmentId'>): Promise<ConversionCounts> {
  const today = chinaToday();
  return countConversionTabs(c.tx, c.companyId, {
    today,
    until: addDays(today, input.withinDays),
    keyword: input.keyword || undefined,
    departmentId: input.departmentId,
    scope: await employeeDepartmentScope(c),
  });
}

/** employeeRegularWorker/do */
export async function doRegularisation(c: ServiceCtx, input: RegularDo): Promise<EmployeeChangeView> {
  const e = await requireEmployee(c, input.employeeId);
  const today = chinaToday();
  const refused = regularizeRefusal(e, await q.findWaitingChange(c.tx, c.companyId, e.id, 'regularize'), input.effectiveDate, today);
  if (refused) throw badRequest(refused);
  const early = e.probationEndDate !== null && input.effectiveDate < e.probationEndDate;
  const plan = await governChange(c, { type: 'regularize', scene: 'regularize', departmentId: e.departmentId, effectiveDate: input.effectiveDate, formValues: input.formValues });
  const { review, form } = plan;
  let change = await q.insertChange(c.tx, {
    companyId: c.companyId,
    employeeId: e.id,
    type: 'regularize',
    effectiveDate: input.effectiveDate,
    before: { status: e.status, probationEndDate: e.probationEndDate },
    after: { status: EMPLOYEE_STATUS.regular, ...(input.salary ? { salary: Number(input.salary).toFixed(2) } : {}) },
    early,
    remark: input.remark || null,
    createdBy: c.user.userId,
    form,
    ...(review ? { status: CHANGE_STATUS.pendingReview } : {}),
  });
  await plan.record(change.id);
  if (!review && input.effectiveDate <= today) change = await applyRegularisation(c.tx, c.companyId, change, e);
  await c.audit({ action: 'employee.regularize', entity: 'employee', entityId: e.id, before: change.before, after: { ...change.after, effectiveDate: change.effectiveDate, early, changeStatus: change.status } });
  // under review, the signing starts when it is approved
  if (!review) await startScene(c, [e.id], DEAL_CODE.regularisation);
  return changeView(c, change.id);
}

async function requireWaitingChange(c: ServiceCtx, changeId: number, doing: string, orUnderReview = false): Promise<{ change: q.ChangeRow; employee: q.EmployeeFacts }> {
  const change = await q.findChange(c.tx, c.companyId, changeId, true);
  if (!change) throw notFound('异动记录');
  const employee = await requireEmployee(c, change.employeeId);
  const open = change.status === CHANGE_STATUS.waiting || (orUnderReview && change.status === CHANGE_STATUS.pendingReview);
  if (!open) throw badRequest(`只有${orUnderReview ? '待生效或待审批' : '待生效'}的${changeTypeLabel(change.type)}可以${doing}，该记录${changeStatusLabel(change.status)}`);
  return { change, employee };
}

/** employeeRegularWorker/cancel: a waiting regularisation is cancelled; the employee stays on probation. */
export async function cancelChange(c: ServiceCtx, changeId: number): Promise<EmployeeChangeView> {
  const { change } = await requireWaitingChange(c, changeId, '取消', true);
  await q.updateChange(c.tx, c.companyId, change.id, { status: CHANGE_STATUS.cancelled, cancelledAt: new Date(), cancelledBy: c.user.userId });
  await c.audit({ action: 'employeeChange.cancel', entity: 'employee', entityId: change.employeeId, before: { changeId: change.id, status: change.status }, after: { status: CHANGE_STATUS.cancelled } });
  return changeView(c, change.id);
}

/** employeeRegularWorker/updateEffectiveDate: re-dates a waiting regularisation; today or earlier applies it now. */
export async function redateChange(c: ServiceCtx, changeId: number, effectiveDate: string): Promise<EmployeeChangeView> {
  const { change, employee } = await requireWaitingChange(c, changeId, '修改生效日期');
  const today = chinaToday();
  const refused = dateRefusal(employee, effectiveDate, today, '生效日期');
  if (refused) throw badRequest(refused);
  await requirePlanRedate(c, change.id, effectiveDate);
  let row = await q.updateChange(c.tx, c.companyId, change.id, { effectiveDate });
  if (effectiveDate <= today) {
    if (employee.status !== EMPLOYEE_STATUS.probation) throw badRequest(`${employee.name}不在试用期，无法办理转正`);
    row = await applyRegularisation(c.tx, c.companyId, row, employee);
  }
  await c.audit({ action: 'employeeChange.redate', entity: 'employee', entityId: change.employeeId, before: { changeId: change.id, effectiveDate: change.effectiveDate }, after: { effectiveDate, status: row.status } });
  return changeView(c, change.id);
}

/** employeeRegularWorker/extendProbation: a later probation end, at most six months after hiring. */
export async function extendProbation(c: ServiceCtx, input: ProbationExtend): Promise<EmployeeChangeView> {
  const e = await requireEmployee(c, input.employeeId);
  const refused = extendProbationRefusal(e, await q.findWaitingChange(c.tx, c.companyId, e.id, 'regularize'), input.probationEndDate);
  if (refused) throw badRequest(refused);
  const change = await q.insertChange(c.tx, {
    companyId: c.companyId,
    employeeId: e.id,
    type: 'extendProbation',
    status: CHANGE_STATUS.effective,
    effectiveDate: chinaToday(),
    before: { probationEndDate: e.probationEndDate },
    after: { probationEndDate: input.probationEndDate },
    remark: input.remark || null,
    createdBy: c.user.userId,
    appliedAt: new Date(),
  });
  await setEmployeeFacts(c.tx, c.companyId, e.id, { probationEndDate: input.probationEndDate });
  await c.audit({ action: 'employee.extendProbation', entity: 'employee', entityId: e.id, before: change.before, after: change.after });
  return changeView(c, change.id);
}

/** companyEmployeeChange/timeline: every change of one employee, latest first. */
export async function employeeTimeline(c: ServiceCtx, employeeId: number): Promise<EmployeeChangeView[]> {
  const e = await q.findEmployeeFacts(c.tx, c.companyId, employeeId);
  if (!e) throw notFound('员工');
  await requireEmployeesInScope(c, [e]);
  return (await q.listChangesWithUsers(c.tx, c.companyId, { employeeId })).map(toChangeView);
}

/** The daily job's part for a regularisation: applied while the employee is still on probation, else cancelled. */
export async function applyDueRegularisation(tx: Tx, companyId: number, change: q.ChangeRow): Promise<boolean> {
  const e = await q.findEmployeeFacts(tx, companyId, change.employeeId, true);
  if (e && e.status === EMPLOYEE_STATUS.probation) {
    await applyRegularisation(tx, companyId, change, e);
    return true;
  }
  await q.updateChange(tx, companyId, change.id, { status: CHANGE_STATUS.cancelled, cancelledAt: new Date(), remark: [change.remark, '到期未能生效，已自动取消：员工已不在试用期'].filter(Boolean).join('；') });
  return false;
}
