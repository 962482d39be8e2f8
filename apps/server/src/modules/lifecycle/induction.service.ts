import {
  CHANGE_STATUS,
  EMPLOYEE_STATUS,
  MAX_PROBATION_MONTHS,
  type EmployeeAdd,
  type EmployeeChangeView,
  type InductionAdd,
  type InductionConfirmResult,
  type InductionCounts,
  type InductionPage,
  type InductionRow,
} from '@wfsaas/contracts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { employeeDepartmentScope, requireDepartmentInScope, requireEmployeesInScope, createEmployee, setEmployeeArchived, setEmployeeFacts } from '../employees/index.ts';
import { DEAL_CODE, startScene } from './contract-hooks.ts';
import * as q from './lifecycle.queries.ts';
import { confirmDateRefusal, onboardedStatus, pendingHireRefusal } from './change-rules.ts';
import { toChangeView } from './regularisation.service.ts';
import { chinaToday, addDays, addMonths } from '../../platform/china-date.ts';
import { countInductionTabs, findAnyEmployee, type InductionDbRow, listInductionPage, liveConflicts } from './induction.queries.ts';

/** 入职: pending hires added, confirmed (one or a batch), discontinued, cancelled and reopened. Rules in @wfsaas/contracts lifecycle.ts. */


async function changeView(c: ServiceCtx, id: number): Promise<EmployeeChangeView> {
  const [row] = await q.listChangesWithUsers(c.tx, c.companyId, { ids: [id] });
  return toChangeView(row!);
}

async function openOnboarding(c: ServiceCtx, employeeId: number, expected: string): Promise<q.ChangeRow> {
  return q.insertChange(c.tx, { companyId: c.companyId, employeeId, type: 'onboard', effectiveDate: expected, before: { status: EMPLOYEE_STATUS.pending }, after: {}, createdBy: c.user.userId });
}

/** companyEmployeeInduction/add: a pending hire (待入职) with the expected hire date. */
export async function addPendingHire(services: AppServices, c: ServiceCtx, input: InductionAdd): Promise<EmployeeChangeView> {
  await requireDepartmentInScope(c, input.departmentId);
  if (input.hireDate < addDays(chinaToday(), -30)) throw badRequest('预计入职日期：不能早于30天前，已入职的员工请在花名册中新增');
  if (input.probationEndDate) {
    if (input.probationEndDate <= input.hireDate) throw badRequest('试用期结束日期：应晚于预计入职日期');
    if (input.probationEndDate > addMonths(input.hireDate, MAX_PROBATION_MONTHS)) throw badRequest(`试用期结束日期：试用期最长不得超过${MAX_PROBATION_MONTHS}个月（劳动合同法第十九条）`);
  }
  const row = await createEmployee(services, c.tx, c.companyId, { userId: c.user.userId, ip: c.ip, userAgent: c.userAgent }, { ...input, status: EMPLOYEE_STATUS.pending } as EmployeeAdd);
  const change = await openOnboarding(c, row.id, input.hireDate);
  return changeView(c, change.id);
}

function inductionRow(r: InductionDbRow, change: EmployeeChangeView | null): InductionRow {
  const reason = change && typeof change.after.reason === 'string' ? change.after.reason : null;
  return { ...r, change, reason };
}

/** companyEmployeeInduction/pageList */
export async function pageInductions(c: ServiceCtx, input: InductionPage): Promise<Paged<InductionRow>> {
  const { rows, total } = await listInductionPage(c.tx, c.companyId, { tab: input.tab, keyword: input.keyword || undefined, scope: await employeeDepartmentScope(c) }, (input.pageNum - 1) * input.pageSize, input.pageSize);
  const changes = new Map(
    (await q.listChangesWithUsers(c.tx, c.companyId, { ids: rows.map((r) => r.changeId).filter((x): x is number => x !== null) })).map((x) => [x.id, toChangeView(x)]),
  );
  return new Paged(
    rows.map((r) => inductionRow(r, r.changeId !== null ? (changes.get(r.changeId) ?? null) : null)),
    input.pageNum,
    input.pageSize,
    total,
  );
}

export async function inductionCounts(c: ServiceCtx, keyword: string | undefined): Promise<InductionCounts> {
  return countInductionTabs(c.tx, c.companyId, keyword || undefined, await employeeDepartmentScope(c));
}

async function requirePending(c: ServiceCtx, employeeId: number) {
  const e = await findAnyEmployee(c.tx, c.companyId, employeeId);
  if (!e || e.archived) throw notFound('员工');
  await requireEmployeesInScope(c, [e]);
  const refused = pendingHireRefusal(e);
  if (refused) throw badRequest(refused);
  return e;
}

/**
 * companyEmployeeInduction/confirm (one, or a batch review): 试用期 when a probation end after the
 * hire date is set, otherwise 正式. Without a date each hire arrives on its expected hire date. All
 * or none: one refused hire refuses the batch. `startSigning` false leaves the onboarding scene
 * unstarted (a caller that starts a contract package of its own, or none).
 */
export async function confirmHires(c: ServiceCtx, employeeIds: readonly number[], givenDate: string | undefined, startSigning = true): Promise<InductionConfirmResult> {
  const today = chinaToday();
  const late = givenDate ? confirmDateRefusal(givenDate, today) : null;
  if (late) throw badRequest(late);
  const names: string[] = [];
  for (const id of [...new Set(employeeIds)]) {
    const e = await requirePending(c, id);
    const hireDate = givenDate ?? e.hireDate;
    if (!hireDate) throw badRequest(`入职日期：${e.name}没有预计入职日期，请选择入职日期`);
    if (!givenDate && confirmDateRefusal(hireDate, today)) throw badRequest(`入职日期：${e.name}的预计入职日期（${hireDate}）晚于今天，请选择实际入职日期`);
    const status = onboardedStatus(e.probationEndDate, hireDate);
    await setEmployeeFacts(c.tx, c.companyId, e.id, { status, hireDate });
    const open = (await q.findWaitingChange(c.tx, c.companyId, e.id, 'onboard')) ?? (await openOnboarding(c, e.id, hireDate));
    await q.updateChange(c.tx, c.companyId, open.id, { status: CHANGE_STATUS.effective, effectiveDate: hireDate, appliedAt: new Date() });
    await q.updateChangeAfter(c.tx, c.companyId, open.id, { status, hireDate, outcome: 'onboarded' });
    await c.audit({ action: 'employee.onboard', entity: 'employee', entityId: e.id, before: { status: e.status, hireDate: e.hireDate }, after: { status, hireDate } });
    names.push(e.name);
  }
  if (startSigning) await startScene(c, [...new Set(employeeIds)], DEAL_CODE.onboarding);
  return { confirmed: names.length, names };
}

/** companyEmployeeInduction/discontinue (放弃入职) and /cancel (取消): the hire leaves the roster, kept for the history. */
export async function closeHire(c: ServiceCtx, employeeId: number, outcome: 'discontinued' | 'cancelled', reason: string): Promise<EmployeeChangeView> {
  const e = await requirePending(c, employeeId);
  const open = (await q.findWaitingChange(c.tx, c.companyId, e.id, 'onboard')) ?? (await openOnboarding(c, e.id, e.hireDate ?? chinaToday()));
  await q.updateChange(c.tx, c.companyId, open.id, { status: CHANGE_STATUS.cancelled, cancelledAt: new Date(), cancelledBy: c.user.userId });
  await q.updateChangeAfter(c.tx, c.companyId, open.id, { outcome, reason });
  await setEmployeeArchived(c.tx, c.companyId, e.id, true, c.user.userId);
  await c.audit({ action: outcome === 'discontinued' ? 'employee.onboardDiscontinue' : 'employee.onboardCancel', entity: 'employee', entityId: e.id, after: { reason } });
  return changeView(c, open.id);
}

/** companyEmployeeInduction/againDo (重新办理): a discontinued or cancelled hire is pending again. */
export async function reopenHire(c: ServiceCtx, employeeId: number, hireDate: string): Promise<EmployeeChangeView> {
  const e = await findAnyEmployee(c.tx, c.companyId, employeeId);
  if (!e) throw notFound('员工');
  await requireEmployeesInScope(c, [e]);
  const history = await q.listChangesWithUsers(c.tx, c.companyId, { employeeId });
  const last = history.find((x) => x.type === 'onboard');
  if (!e.archived || !last || last.status !== CHANGE_STATUS.cancelled) throw badRequest(`${e.name}不是已放弃或已取消的入职，无法重新办理`);
  if (hireDate < addDays(chinaToday(), -30)) throw badRequest('预计入职日期：不能早于30天前');
  const conflicts = await liveConflicts(c.tx, c.companyId, e.id);
  if (conflicts.length) throw badRequest(`${e.name}的${conflicts.join('、')}已被在职或待入职员工使用，无法重新办理`);
  await setEmployeeArchived(c.tx, c.companyId, e.id, false, c.user.userId);
  await setEmployeeFacts(c.tx, c.companyId, e.id, { hireDate });
  const change = await openOnboarding(c, e.id, hireDate);
  await c.audit({ action: 'employee.onboardAgain', entity: 'employee', entityId: e.id, after: { hireDate } });
  return changeView(c, change.id);
}
