import { APPROVAL, DISMISS_STATUS, DISMISS_STATUSES, EMPLOYEE_STATUS, PLACEMENT_STATUS, type DismissDetail, type DismissHandle, type DismissRow, type DismissSave, type PlacementTerms } from '@wfsaas/contracts';
import { chinaToday } from '../../platform/china-date.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { nextOrderNo, requireClient } from './common.queries.ts';
import * as d from './dismissals.queries.ts';
import * as q from './onboarding.queries.ts';
import { evaluateTerms, placementStatusLabel, placeWorker, requirePlacement } from './onboarding.service.ts';
import { recountOrderFor } from './orders.service.ts';
import { startLeaving } from './quits.service.ts';

/** 退工单 from the provider's side: raised for a client, each returned worker re-placed or resigned, cancelled while untouched. */

const statusLabel = (s: number) => DISMISS_STATUSES.find((x) => x.value === s)?.label ?? '未知';
const historyEntry = (c: ServiceCtx, action: string) => ({ at: new Date().toISOString(), by: c.user.nickname, action });

async function requireDismissal(c: ServiceCtx, id: number): Promise<d.DismissalDbRow> {
  const row = await d.findDismissal(c.tx, c.companyId, id, true);
  if (!row) throw notFound('退工单');
  return row;
}

/** outsource/dismiss/page */
export async function dismissPage(c: ServiceCtx, input: { pageNum: number; pageSize: number; clientId?: number; status?: number; keyword?: string }): Promise<Paged<DismissRow>> {
  const { rows, total } = await d.pageDismissals(c.tx, c.companyId, { clientId: input.clientId, status: input.status, keyword: input.keyword || undefined }, (input.pageNum - 1) * input.pageSize, input.pageSize);
  return new Paged(rows, input.pageNum, input.pageSize, total);
}

/** outsource/dismiss/detail */
export async function dismissDetail(c: ServiceCtx, id: number): Promise<DismissDetail> {
  const row = await d.findDismissal(c.tx, c.companyId, id);
  if (!row) throw notFound('退工单');
  const [view] = (await d.pageDismissals(c.tx, c.companyId, { ids: [id] }, 0, 1)).rows;
  const lines = await d.listLineDetails(c.tx, c.companyId, id);
  return {
    ...view!,
    cancelReason: row.cancelReason,
    lines: lines.map((l) => ({
      placementId: l.placementId,
      employeeId: l.employeeId,
      name: l.name,
      employeeNo: l.employeeNo,
      post: l.post,
      outcome: l.outcome as 'replace' | 'resign' | null,
      outcomeText: l.outcome === 'replace' ? `重新派遣至${l.newClientName ?? ''}（${l.newPost ?? ''}）` : l.outcome === 'resign' ? `办理离职（最后工作日${row.lastDay}）` : null,
      handledAt: l.handledAt ? l.handledAt.toISOString() : null,
    })),
  };
}

/**
 * outsource/dismiss/save: the provider records a client's return of named active workers. Under joint
 * custody with dismissal approval the client approves it first; otherwise the workers are 待离岗 at once.
 */
export async function dismissSave(c: ServiceCtx, input: DismissSave): Promise<DismissDetail> {
  const client = await requireClient(c.tx, c.companyId, input.clientId);
  const ids = [...new Set(input.placementIds)];
  const placements = await q.listPlacementsByIds(c.tx, c.companyId, ids);
  if (placements.length !== ids.length) throw notFound('派驻记录');
  for (const p of placements) {
    if (p.clientId !== client.id || p.status !== PLACEMENT_STATUS.active) throw badRequest(`退回人员：${p.name}不是${client.name}的在岗人员`);
  }
  const open = await d.openLinesOf(c.tx, c.companyId, ids);
  const taken = placements.find((p) => open.has(p.id));
  if (taken) throw badRequest(`退回人员：${taken.name}已在退工单${open.get(taken.id)}中`);
  const earliest = placements.reduce((a, b) => (b.startDate < a.startDate ? b : a));
  if (input.lastDay < earliest.startDate) throw badRequest(`最后工作日：不能早于${earliest.name}的到岗日期（${earliest.startDate}）`);
  const approval = (await d.clientApprovesDismissals(c.tx, c.companyId, client.id)) ? APPROVAL.waiting : APPROVAL.none;
  const row = await d.insertDismissal(c.tx, {
    companyId: c.companyId,
    orderNo: await nextOrderNo(c.tx, c.companyId, 'os_dismissals', 'TG', chinaToday()),
    clientId: client.id,
    reason: input.reason,
    lastDay: input.lastDay,
    status: DISMISS_STATUS.waiting,
    approval,
    raisedBy: 'provider',
    history: [historyEntry(c, approval === APPROVAL.waiting ? '新建退工单，待用工单位审批' : '新建退工单')],
    createdBy: c.user.userId,
  });
  await d.insertLines(c.tx, placements.map((p) => ({ companyId: c.companyId, dismissalId: row.id, placementId: p.id, employeeId: p.employeeId })));
  if (approval === APPROVAL.none) {
    for (const p of placements) await startLeaving(c, p, { source: 'dismiss', lastDay: input.lastDay, reason: input.reason, resign: false });
  }
  await c.audit({ action: 'os.dismissSave', entity: 'os_dismissal', entityId: row.id, after: { orderNo: row.orderNo, clientId: client.id, placementIds: ids, lastDay: input.lastDay, approval } });
  return dismissDetail(c, row.id);
}

function replaceTerms(input: DismissHandle): PlacementTerms {
  if (input.clientId === undefined) throw badRequest('用工单位：重新派遣时请选择用工单位');
  if (!input.post) throw badRequest('岗位：重新派遣时请选择岗位');
  if (!input.startDate) throw badRequest('到岗日期：重新派遣时请填写到岗日期');
  return { clientId: input.clientId, orderId: input.orderId ?? null, post: input.post, planId: null, startDate: input.startDate, endDate: null };
}

/** outsource/dismiss/handle: one returned worker is re-placed (a new placement) or resigns on the dismissal's last day. */
export async function dismissHandle(c: ServiceCtx, input: DismissHandle): Promise<DismissDetail> {
  const dm = await requireDismissal(c, input.id);
  if (dm.status === DISMISS_STATUS.done || dm.status === DISMISS_STATUS.cancelled) throw badRequest(`退工单${dm.orderNo}${statusLabel(dm.status)}，不能再处理`);
  if (dm.approval === APPROVAL.waiting) throw badRequest(`退工单${dm.orderNo}待用工单位审批，同意后才能处理`);
  if (dm.approval === APPROVAL.rejected) throw badRequest(`退工单${dm.orderNo}已被用工单位驳回，不能处理`);
  const lines = await d.listLines(c.tx, c.companyId, dm.id);
  const line = lines.find((l) => l.placementId === input.placementId);
  if (!line) throw badRequest('退回人员：该人员不在此退工单中');
  const p = await requirePlacement(c, line.placementId);
  const worker = await q.findWorker(c.tx, c.companyId, p.employeeId);
  const name = worker?.name ?? '该人员';
  if (line.outcome !== null) throw badRequest(`${name}已处理，不能重复处理`);
  // approved by the client after it was raised: the worker leaves the post now
  if (p.status === PLACEMENT_STATUS.active) {
    await startLeaving(c, p, { source: 'dismiss', lastDay: dm.lastDay, reason: dm.reason, resign: false });
  } else if (p.status !== PLACEMENT_STATUS.leaving) {
    throw badRequest(`${name}的派驻${placementStatusLabel(p.status)}，不能处理`);
  }
  let newPlacementId: number | null = null;
  if (input.outcome === 'resign') {
    await startLeaving(c, p, { source: 'dismiss', lastDay: dm.lastDay, reason: dm.reason, resign: true, remark: input.remark });
  } else {
    const terms = replaceTerms(input);
    if (terms.startDate <= dm.lastDay) throw badRequest(`到岗日期：应晚于退工单的最后工作日（${dm.lastDay}）`);
    if (worker?.status !== EMPLOYEE_STATUS.probation && worker?.status !== EMPLOYEE_STATUS.regular) throw badRequest(`${name}不是在职员工，不能重新派遣`);
    await q.updatePlacement(c.tx, c.companyId, p.id, { status: PLACEMENT_STATUS.left, leftDate: dm.lastDay, leaveSource: 'replace', leaveReason: dm.reason });
    await recountOrderFor(c, p.orderId);
    const e = await evaluateTerms(c, terms);
    if (e.errors.length > 0) throw badRequest(e.errors[0]!);
    newPlacementId = (await placeWorker(c, e, terms, p.employeeId, PLACEMENT_STATUS.active, false)).id;
  }
  await d.updateLine(c.tx, c.companyId, dm.id, p.id, { outcome: input.outcome, newPlacementId, handledAt: new Date(), handledBy: c.user.userId });
  const handled = lines.filter((l) => l.outcome !== null).length + 1;
  const status = handled >= lines.length ? DISMISS_STATUS.done : DISMISS_STATUS.handling;
  const action = `${name}：${input.outcome === 'replace' ? '重新派遣' : '办理离职'}${status === DISMISS_STATUS.done ? '；退工单已完成' : ''}`;
  await d.updateDismissal(c.tx, c.companyId, dm.id, { status, history: [...dm.history, historyEntry(c, action)] });
  await c.audit({ action: 'os.dismissHandle', entity: 'os_dismissal', entityId: dm.id, before: { status: dm.status }, after: { status, placementId: p.id, outcome: input.outcome, newPlacementId } });
  return dismissDetail(c, dm.id);
}

/** outsource/dismiss/cancel: only while no worker is handled; the workers are back on the job. */
export async function dismissCancel(c: ServiceCtx, input: { id: number; reason: string }): Promise<DismissDetail> {
  const dm = await requireDismissal(c, input.id);
  if (dm.status === DISMISS_STATUS.done || dm.status === DISMISS_STATUS.cancelled) throw badRequest(`退工单${dm.orderNo}${statusLabel(dm.status)}，不能取消`);
  const lines = await d.listLines(c.tx, c.companyId, dm.id);
  if (lines.some((l) => l.outcome !== null)) throw badRequest(`退工单${dm.orderNo}已有人员处理，不能取消`);
  for (const l of lines) {
    const p = await q.findPlacement(c.tx, c.companyId, l.placementId, true);
    if (p && p.status === PLACEMENT_STATUS.leaving && p.leaveSource === 'dismiss') {
      await q.updatePlacement(c.tx, c.companyId, p.id, { status: PLACEMENT_STATUS.active, leftDate: null, leaveSource: null, leaveReason: null });
    }
  }
  await d.updateDismissal(c.tx, c.companyId, dm.id, { status: DISMISS_STATUS.cancelled, cancelReason: input.reason, history: [...dm.history, historyEntry(c, `取消退工单：${input.reason}`)] });
  await c.audit({ action: 'os.dismissCancel', entity: 'os_dismissal', entityId: dm.id, before: { status: dm.status }, after: { status: DISMISS_STATUS.cancelled, reason: input.reason } });
  return dismissDetail(c, dm.id);
}
