import {
  contractStatusLabel,
  EMPLOYEE_STATUS,
  ORDER_STATUSES,
  PLACEMENT_STATUS,
  PLACEMENT_STATUSES,
  type OnboardingAdd,
  type OnboardingCheck,
  type OnboardingConfirmResult,
  type OnboardingResult,
  type PlacementRow,
  type PlacementTerms,
  type PostKind,
} from '@wfsaas/contracts';
import { addDays, chinaToday } from '../../platform/china-date.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { startPackageSigning } from '../econtracts/index.ts';
import { addPendingHire, closeHire, confirmHires } from '../lifecycle/index.ts';
import { findClient, pagePlacements, requirePlan, type ClientRow, type PlacementFilter, type PlanRow } from './common.queries.ts';
import { dispatchRatio, placementEnd, postAllowed } from './dispatch-rules.ts';
import * as q from './onboarding.queries.ts';
import { findOrder } from './orders.queries.ts';
import { recountOrderFor } from './orders.service.ts';
import { addGroupMembers } from '../payroll/index.ts';

/** 入职: the dispatch rules checked, the worker hired as a pending hire and placed, confirmed (contract, 增员) or abandoned. */

const ONBOARDING_DEAL_CODE = 1000;

export const placementStatusLabel = (s: number) => PLACEMENT_STATUSES.find((x) => x.value === s)?.label ?? '未知';

export type EvaluatedTerms = {
  client: ClientRow;
  plan: PlanRow;
  order: q.OrderDbRow | null;
  postKind: PostKind | null;
  ratio: OnboardingCheck['ratio'];
  endDate: string;
  errors: string[];
  warnings: string[];
};

/** Every rule of one more placement at a client: the post, the dispatch rules, the agreement's term and the order. */
export async function evaluateTerms(c: ServiceCtx, t: PlacementTerms): Promise<EvaluatedTerms> {
  const client = await findClient(c.tx, c.companyId, t.clientId);
  if (!client) throw notFound('用工单位');
  const plan = await requirePlan(c.tx, c.companyId, t.planId ?? client.planId);
  const errors: string[] = [];
  const warnings: string[] = [];
  const post = client.posts.find((p) => p.name === t.post) ?? null;
  if (!post) errors.push(`派驻岗位：「${t.post}」不是${client.name}的可派驻岗位`);
  let ratio: OnboardingCheck['ratio'] = null;
  if (client.kind === 1) {
    if (post && !postAllowed(client.kind, post.kind)) errors.push(`派驻岗位：「${post.name}」为主营岗位，劳务派遣只能用于临时性、辅助性或替代性岗位（劳动合同法第六十六条）`);
    ratio = dispatchRatio({ ownHeadcount: client.headcount, dispatched: await q.countCurrentAtClient(c.tx, c.companyId, client.id), adding: 1 });
    if (ratio.level === 'refuse') errors.push(ratio.message!);
    else if (ratio.level === 'warn') warnings.push(ratio.message!);
  }
  if (t.startDate < client.agreementStart) errors.push(`到岗日期：不能早于用工单位协议开始日期（${client.agreementStart}）`);
  if (t.startDate > client.agreementEnd) errors.push(`到岗日期：不能晚于用工单位协议结束日期（${client.agreementEnd}）`);
  if (t.startDate < addDays(chinaToday(), -30)) errors.push('到岗日期：不能早于30天前');
  const end = placementEnd(client.agreementEnd, t.endDate);
  if (end.error !== null) errors.push(end.error);
  else if (end.endDate < t.startDate) errors.push('派驻结束日期：不能早于到岗日期');
  let order: q.OrderDbRow | null = null;
  if (t.orderId !== null) {
    order = await findOrder(c.tx, c.companyId, t.orderId);
    if (!order) throw notFound('补岗单');
    if (order.clientId !== client.id) errors.push(`补岗单：${order.orderNo}不是${client.name}的补岗单`);
    else if (order.post !== t.post) errors.push(`派驻岗位：应与补岗单${order.orderNo}的岗位（${order.post}）一致`);
    if (order.status !== 2 && order.status !== 3) {
      errors.push(`补岗单：${order.orderNo}${ORDER_STATUSES.find((s) => s.value === order!.status)?.label ?? ''}，只有招聘中或部分到岗的补岗单可以入职`);
    } else {
      const counts = await q.orderPlacementCounts(c.tx, c.companyId, order.id);
      const taken = [1, 2, 3, 4].reduce((n, s) => n + (counts.get(s) ?? 0), 0);
      if (taken >= order.headcount) errors.push(`补岗单：${order.orderNo}需求${order.headcount}人，已全部安排`);
    }
  }
  return { client, plan, order, postKind: post?.kind ?? null, ratio, endDate: end.endDate ?? client.agreementEnd, errors, warnings };
}

export function refuseOn(e: EvaluatedTerms): void {
  if (e.errors.length > 0) throw badRequest(e.errors[0]!);
}

/** The labour contract's state from its e-contracts: one label, or each label with its count. */
function contractText(ids: readonly number[], statuses: Map<number, number>): string | null {
  const labels = ids.filter((id) => statuses.has(id)).map((id) => contractStatusLabel(statuses.get(id)!));
  if (labels.length === 0) return null;
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  if (counts.size === 1) return labels[0]!;
  return [...counts].map(([l, n]) => `${l}${n}份`).join('，');
}

/** A page of placements with their contract states (one query for the page's contracts). */
export async function placementPage(c: ServiceCtx, f: PlacementFilter, pageNum: number, pageSize: number): Promise<{ rows: PlacementRow[]; total: number }> {
  const { rows, total } = await pagePlacements(c.tx, c.companyId, f, (pageNum - 1) * pageSize, pageSize);
  const statuses = await q.contractStatuses(c.tx, c.companyId, rows.flatMap((r) => r.contractIds));
  return { rows: rows.map(({ contractIds, ...r }) => ({ ...r, contractStatusText: contractText(contractIds, statuses) })), total };
}

export async function placementView(c: ServiceCtx, id: number): Promise<PlacementRow> {
  const [row] = (await placementPage(c, { ids: [id] }, 1, 1)).rows;
  if (!row) throw notFound('派驻记录');
  return row;
}

export async function requirePlacement(c: ServiceCtx, id: number): Promise<q.PlacementDbRow> {
  const p = await q.findPlacement(c.tx, c.companyId, id, true);
  if (!p) throw notFound('派驻记录');
  return p;
}

/** Inserts a placement of the evaluated terms. */
export async function placeWorker(c: ServiceCtx, e: EvaluatedTerms, t: PlacementTerms, employeeId: number, status: number, signContract: boolean): Promise<q.PlacementDbRow> {
  const row = await q.insertPlacement(c.tx, {
    companyId: c.companyId,
    employeeId,
    clientId: e.client.id,
    orderId: e.order?.id ?? null,
    planId: e.plan.id,
    kind: e.client.kind,
    post: t.post,
    postKind: e.postKind,
    startDate: t.startDate,
    endDate: e.endDate,
    status,
    signContract,
    createdBy: c.user.userId,
  });
  // the plan's salary group pays its workers: the worker joins it by hand
  if (e.plan.salaryGroupId !== null) await addGroupMembers(c, e.plan.salaryGroupId, [employeeId]);
  await recountOrderFor(c, row.orderId);
  return row;
}

/** outsource/onboarding/check */
export async function onboardingCheck(c: ServiceCtx, t: PlacementTerms): Promise<OnboardingCheck> {
  const e = await evaluateTerms(c, t);
  const names = await q.planRefNames(c.tx, c.companyId, e.plan);
  return {
    postKind: e.postKind,
    ratio: e.ratio,
    errors: e.errors,
    warnings: e.warnings,
    plan: { id: e.plan.id, name: e.plan.name, siEntityName: names.siEntityName, salaryGroupName: names.salaryGroupName, contractPackageName: names.contractPackageName },
    endDate: e.endDate,
  };
}

/** The work location that makes social insurance propose 增员 at the plan's entity (its first listed location, else its city). */
export async function planWorkLocation(c: ServiceCtx, plan: PlanRow): Promise<string | null> {
  if (plan.siEntityId === null) return null;
  const entity = await q.findSiEntity(c.tx, c.companyId, plan.siEntityId);
  if (!entity) return null;
  return entity.locations[0] ?? entity.city;
}

/** outsource/onboarding/add: a pending hire of the provider (劳务派遣 or 外包) placed at the client, 待入职. */
export async function onboardingAdd(c: ServiceCtx, input: OnboardingAdd): Promise<OnboardingResult> {
  const e = await evaluateTerms(c, input.placement);
  refuseOn(e);
  const workLocation = input.worker.workLocation || (await planWorkLocation(c, e.plan));
  const hire = await addPendingHire(c.services, c, {
    ...input.worker,
    employmentType: e.client.kind === 1 ? 4 : 5,
    hireDate: input.placement.startDate,
    workLocation: workLocation ?? null,
  });
  const row = await placeWorker(c, e, input.placement, hire.employeeId, PLACEMENT_STATUS.pending, input.signContract);
  await c.audit({ action: 'os.onboardingAdd', entity: 'os_placement', entityId: row.id, after: { employeeId: row.employeeId, clientId: row.clientId, orderId: row.orderId, post: row.post, startDate: row.startDate, endDate: row.endDate, planId: row.planId } });
  return { placement: await placementView(c, row.id), warnings: e.warnings };
}

/** outsource/onboarding/confirm: the hire is confirmed (its date the actual arrival), the placement starts, the plan's contract is started. */
export async function onboardingConfirm(c: ServiceCtx, input: { placementId: number; hireDate?: string }): Promise<OnboardingConfirmResult> {
  const p = await requirePlacement(c, input.placementId);
  if (p.status !== PLACEMENT_STATUS.pending) throw badRequest(`只有待入职的人员可以确认到岗，该人员${placementStatusLabel(p.status)}`);
  const plan = await requirePlan(c.tx, c.companyId, p.planId);
  const planPackage = p.signContract ? plan.contractPackageId : null;
  // the plan's package replaces the company's onboarding scene; not signing starts neither
  await confirmHires(c, [p.employeeId], input.hireDate, p.signContract && planPackage === null);
  const worker = await q.findWorker(c.tx, c.companyId, p.employeeId);
  const hireDate = worker?.hireDate ?? input.hireDate ?? p.startDate;
  let contractIds: number[] = [];
  if (planPackage !== null) {
    try {
      contractIds = (await startPackageSigning(c, { employeeId: p.employeeId, packageId: planPackage, dealCode: ONBOARDING_DEAL_CODE })).contractIds;
    } catch (err) {
      if (err instanceof AppError) throw badRequest(`劳动合同：${err.message}`);
      throw err;
    }
  }
  await q.updatePlacement(c.tx, c.companyId, p.id, { status: PLACEMENT_STATUS.active, startDate: hireDate, contractIds: [...p.contractIds, ...contractIds] });
  await recountOrderFor(c, p.orderId);
  const entity = plan.siEntityId !== null ? await q.findSiEntity(c.tx, c.companyId, plan.siEntityId) : null;
  await c.audit({ action: 'os.onboardingConfirm', entity: 'os_placement', entityId: p.id, before: { status: p.status, startDate: p.startDate }, after: { status: PLACEMENT_STATUS.active, startDate: hireDate, contractIds } });
  return { placement: await placementView(c, p.id), contractIds, insuranceText: entity ? `${entity.name} ${hireDate.slice(0, 7)}` : null };
}

/** outsource/onboarding/abandon: a pending placement is given up and the pending hire discontinued. */
export async function onboardingAbandon(c: ServiceCtx, input: { placementId: number; reason: string }): Promise<PlacementRow> {
  const p = await requirePlacement(c, input.placementId);
  if (p.status !== PLACEMENT_STATUS.pending) throw badRequest(`只有待入职的人员可以放弃入职，该人员${placementStatusLabel(p.status)}`);
  const worker = await q.findWorker(c.tx, c.companyId, p.employeeId);
  // a worker placed again after being on the job (前员工重新派遣) is no pending hire of the roster
  if (worker?.status === EMPLOYEE_STATUS.pending) await closeHire(c, p.employeeId, 'discontinued', input.reason);
  await q.updatePlacement(c.tx, c.companyId, p.id, { status: PLACEMENT_STATUS.abandoned, leaveReason: input.reason });
  await recountOrderFor(c, p.orderId);
  await c.audit({ action: 'os.onboardingAbandon', entity: 'os_placement', entityId: p.id, before: { status: p.status }, after: { status: PLACEMENT_STATUS.abandoned, reason: input.reason } });
  return placementView(c, p.id);
}

/** outsource/onboarding/page: pending, active and abandoned placements, newest first. */
export async function onboardingPage(c: ServiceCtx, input: { pageNum: number; pageSize: number; clientId?: number; status?: 1 | 2 | 5; keyword?: string }): Promise<Paged<PlacementRow>> {
  const { rows, total } = await placementPage(c, { clientId: input.clientId, statuses: input.status ? [input.status] : [1, 2, 5], keyword: input.keyword || undefined }, input.pageNum, input.pageSize);
  return new Paged(rows, input.pageNum, input.pageSize, total);
}
