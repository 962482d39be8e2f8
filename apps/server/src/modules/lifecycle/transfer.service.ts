import {
  CHANGE_STATUS,
  changeStatusLabel,
  transferScene,
  transferReasonLabel,
  type EmployeePlacement,
  type EmployeeUpdate,
  type TransferDo,
  type TransferPage,
  type TransferRow,
} from '@wfsaas/contracts';
import type { Tx } from '../../platform/db.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { employeeDepartmentScope, requireDepartmentInScope, requireEmployeesInScope, updateEmployee, validateEmployeeUpdate, setEmployeeSalary } from '../employees/index.ts';
import { governChange, requirePlanRedate } from './change-plans.service.ts';
import { DEAL_CODE, startScene } from './contract-hooks.ts';
import * as q from './lifecycle.queries.ts';
import { dateRefusal, transferRefusal, transferStillApplies } from './change-rules.ts';
import { toChangeView } from './regularisation.service.ts';
import { chinaToday } from '../../platform/china-date.ts';
import { findPlacement, listTransferPage, type PlacementRow, refNames } from './transfer.queries.ts';

/**
 * 调岗调薪: a change of department, position, rank, cost centre, work location and/or salary, dated.
 * Rules are in @wfsaas/contracts lifecycle.ts. The employee record is changed through the employees
 * module's updateEmployee, so its checks (an active department, a position of the company …) and its
 * audit apply; the salary is the one field this module writes itself.
 */

type Values = Record<string, string | number | null>;

const PLACEMENT_KEYS = ['departmentId', 'positionId', 'rankId', 'costCenterId', 'workLocation'] as const;

function money(v: string | null | undefined): string | null {
  return v === null || v === undefined ? null : Number(v).toFixed(2);
}

async function placementOrThrow(c: Pick<ServiceCtx, 'tx' | 'companyId'>, employeeId: number): Promise<PlacementRow> {
  const p = await findPlacement(c.tx, c.companyId, employeeId);
  if (!p) throw notFound('员工');
  return p;
}

/** companyEmployeeChange/current: the employee's placement and salary, and a waiting transfer. */
export async function employeePlacement(c: ServiceCtx, employeeId: number): Promise<EmployeePlacement> {
  const p = await placementOrThrow(c, employeeId);
  await requireEmployeesInScope(c, [p]);
  const waiting = await q.findWaitingChange(c.tx, c.companyId, employeeId, 'transfer');
  const [view] = waiting ? await q.listChangesWithUsers(c.tx, c.companyId, { ids: [waiting.id] }) : [];
  return { employeeId: p.id, ...p, salary: money(p.salary), waiting: view ? toChangeView(view) : null };
}

/** The fields the request changes, as before/after values with names for the timeline. */
async function diffOf(c: ServiceCtx, p: PlacementRow, input: TransferDo): Promise<{ before: Values; after: Values; update: Partial<EmployeeUpdate> }> {
  const before: Values = {};
  const after: Values = {};
  const update: Partial<EmployeeUpdate> = {};
  const wanted: Partial<Record<(typeof PLACEMENT_KEYS)[number], number | string | null>> = {};
  for (const key of PLACEMENT_KEYS) {
    const v = input[key];
    if (v === undefined) continue;
    const next = key === 'workLocation' ? (typeof v === 'string' && v.trim() ? v.trim() : null) : v;
    if (next !== p[key]) wanted[key] = next;
  }
  const names = await refNames(c.tx, c.companyId, {
    departmentId: wanted.departmentId as number | undefined,
    positionId: wanted.positionId as number | null | undefined,
    rankId: wanted.rankId as number | null | undefined,
    costCenterId: wanted.costCenterId as number | null | undefined,
  });
  const label = { departmentId: 'departmentName', positionId: 'positionName', rankId: 'rankName', costCenterId: 'costCenterName' } as const;
  for (const [key, next] of Object.entries(wanted) as [(typeof PLACEMENT_KEYS)[number], number | string | null][]) {
    before[key] = p[key];
    after[key] = next;
    if (key !== 'workLocation') {
      before[label[key]] = p[label[key]];
      after[label[key]] = names[label[key]];
    }
    (update as Record<string, unknown>)[key] = next;
  }
  if (input.salary !== undefined && input.salary !== null && money(input.salary) !== money(p.salary)) {
    before.salary = money(p.salary);
    after.salary = money(input.salary);
  }
  return { before, after, update };
}

/** Writes a transfer to the employee record (placement through updateEmployee, then the salary). */
async function applyTransfer(services: AppServices, tx: Tx, companyId: number, actorUserId: number | null, change: q.ChangeRow): Promise<q.ChangeRow> {
  const update: Record<string, unknown> = { id: change.employeeId };
  for (const key of PLACEMENT_KEYS) if (key in change.after) update[key] = change.after[key];
  if (Object.keys(update).length > 1) await updateEmployee(services, tx, companyId, { userId: actorUserId }, update as EmployeeUpdate);
  if (typeof change.after.salary === 'string') await setEmployeeSalary(tx, companyId, change.employeeId, change.after.salary);
  return q.updateChange(tx, companyId, change.id, { status: CHANGE_STATUS.effective, appliedAt: new Date() });
}

async function rowView(c: ServiceCtx, id: number): Promise<TransferRow> {
  const [row] = await q.listChangesWithUsers(c.tx, c.companyId, { ids: [id] });
  const p = (await findPlacement(c.tx, c.companyId, row!.employeeId))!;
  const view = toChangeView(row!);
  return { ...view, name: p.name, employeeNo: null, departmentName: p.departmentName, reason: row!.reason, reasonLabel: transferReasonLabel(row!.reason) };
}

/** companyEmployeeChange/do */
export async function doTransfer(services: AppServices, c: ServiceCtx, input: TransferDo): Promise<TransferRow> {
  const p = await placementOrThrow(c, input.employeeId);
  await requireEmployeesInScope(c, [p]);
  const today = chinaToday();
  const refused = transferRefusal({ ...p, probationEndDate: null }, await q.findWaitingChange(c.tx, c.companyId, p.id, 'transfer'), input.effectiveDate, today);
  if (refused) throw badRequest(refused);
  const { before, after, update } = await diffOf(c, p, input);
  if (Object.keys(after).length === 0) throw badRequest('请至少调整一项：部门、岗位、职级、成本中心、工作地点或月基本工资');
  if (update.departmentId !== undefined) await requireDepartmentInScope(c, update.departmentId);
  // the employees module's own checks (an active department, a position, rank and cost centre of the company), without writing
  if (Object.keys(update).length > 0) await validateEmployeeUpdate(services, c.tx, c.companyId, { id: p.id, ...update } as EmployeeUpdate);
  const plan = await governChange(c, { type: 'transfer', scene: transferScene(Object.keys(after)), departmentId: p.departmentId, effectiveDate: input.effectiveDate, formValues: input.formValues });
  const { review, form } = plan;
  let change = await q.insertChange(c.tx, {
    companyId: c.companyId,
    employeeId: p.id,
    type: 'transfer',
    effectiveDate: input.effectiveDate,
    before,
    after,
    reason: input.reason,
    remark: input.remark || null,
    createdBy: c.user.userId,
    form,
    ...(review ? { status: CHANGE_STATUS.pendingReview } : {}),
  });
  await plan.record(change.id);
  if (!review && input.effectiveDate <= today) change = await applyTransfer(services, c.tx, c.companyId, c.user.userId, change);
  await c.audit({ action: 'employee.transfer', entity: 'employee', entityId: p.id, before, after: { ...after, effectiveDate: input.effectiveDate, reason: input.reason, changeStatus: change.status } });
  if (!review) await startScene(c, [p.id], DEAL_CODE.transfer);
  return rowView(c, change.id);
}

async function requireWaitingTransfer(c: ServiceCtx, changeId: number, doing: string, orUnderReview = false): Promise<q.ChangeRow> {
  const change = await q.findChange(c.tx, c.companyId, changeId, true);
  if (!change || change.type !== 'transfer') throw notFound('调岗调薪记录');
  const p = await placementOrThrow(c, change.employeeId);
  await requireEmployeesInScope(c, [p]);
  const open = change.status === CHANGE_STATUS.waiting || (orUnderReview && change.status === CHANGE_STATUS.pendingReview);
  if (!open) throw badRequest(`只有${orUnderReview ? '待生效或待审批' : '待生效'}的调岗调薪可以${doing}，该记录${changeStatusLabel(change.status)}`);
  return change;
}

/** companyEmployeeChange/cancel */
export async function cancelTransfer(c: ServiceCtx, changeId: number): Promise<TransferRow> {
  const change = await requireWaitingTransfer(c, changeId, '取消', true);
  await q.updateChange(c.tx, c.companyId, change.id, { status: CHANGE_STATUS.cancelled, cancelledAt: new Date(), cancelledBy: c.user.userId });
  await c.audit({ action: 'employeeChange.cancel', entity: 'employee', entityId: change.employeeId, before: { changeId: change.id, status: change.status }, after: { status: CHANGE_STATUS.cancelled } });
  return rowView(c, change.id);
}

/** companyEmployeeChange/updateEffectiveDate: today or earlier applies it now. */
export async function redateTransfer(services: AppServices, c: ServiceCtx, changeId: number, effectiveDate: string): Promise<TransferRow> {
  const change = await requireWaitingTransfer(c, changeId, '修改生效日期');
  const p = await placementOrThrow(c, change.employeeId);
  const today = chinaToday();
  const refused = dateRefusal(p, effectiveDate, today, '生效日期');
  if (refused) throw badRequest(refused);
  await requirePlanRedate(c, change.id, effectiveDate);
  let row = await q.updateChange(c.tx, c.companyId, change.id, { effectiveDate });
  if (effectiveDate <= today) row = await applyTransfer(services, c.tx, c.companyId, c.user.userId, row);
  await c.audit({ action: 'employeeChange.redate', entity: 'employee', entityId: change.employeeId, before: { changeId: change.id, effectiveDate: change.effectiveDate }, after: { effectiveDate, status: row.status } });
  return rowView(c, change.id);
}

/** companyEmployeeChange/pageList: transfers, waiting first. */
export async function pageTransfers(c: ServiceCtx, input: TransferPage): Promise<Paged<TransferRow>> {
  if (input.effectiveFrom && input.effectiveTo && input.effectiveFrom > input.effectiveTo) throw badRequest('生效日期起不能晚于生效日期止');
  const { rows, total } = await listTransferPage(
    c.tx,
    c.companyId,
    { status: input.status, keyword: input.keyword || undefined, effectiveFrom: input.effectiveFrom, effectiveTo: input.effectiveTo, scope: await employeeDepartmentScope(c) },
    (input.pageNum - 1) * input.pageSize,
    input.pageSize,
  );
  const list: TransferRow[] = rows.map((r) => ({ ...toChangeView(r), name: r.name, employeeNo: r.employeeNo, departmentName: r.departmentName, reason: r.reason, reasonLabel: transferReasonLabel(r.reason) }));
  return new Paged(list, input.pageNum, input.pageSize, total);
}

/**
 * The daily job's part for a transfer: applied, or — when its target is no longer valid (a
 * department disabled since, the employee left) — cancelled with the reason in its remark.
 */
export async function applyDueTransfer(services: AppServices, tx: Tx, companyId: number, change: q.ChangeRow): Promise<boolean> {
  const p = await findPlacement(tx, companyId, change.employeeId);
  const cancel = async (why: string) => {
    await q.updateChange(tx, companyId, change.id, { status: CHANGE_STATUS.cancelled, cancelledAt: new Date(), remark: [change.remark, `到期未能生效，已自动取消：${why}`].filter(Boolean).join('；') });
    return false;
  };
  // an employee resigning (待离职) is still on the job until the last working day
  if (!p || !transferStillApplies(p.status)) return cancel('员工已不在职');
  try {
    await tx.transaction(async (sp) => {
      await applyTransfer(services, sp, companyId, change.createdBy, change);
    });
    return true;
  } catch (err) {
    if (err instanceof AppError) return cancel(err.message);
    throw err;
  }
}
