import { EMPLOYEE_STATUS, OS_PERMISSIONS, PLACEMENT_STATUS, zRehire, type FormerRow, type OnboardingResult, type PlacementRow, type PlacementTerms, type RosterPage } from '@wfsaas/contracts';
import { accessDenied, badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { holdsKey } from '../employees/index.ts';
import { rehire } from '../lifecycle/index.ts';
import * as q from './onboarding.queries.ts';
import { evaluateTerms, placementPage, placementView, placeWorker } from './onboarding.service.ts';

/** The rosters of placed workers (派遣员工, 外包员工) and of former ones (前员工), who may be placed again. */

/** outsource/roster/page: the dispatch roster needs `dispatch`, the outsourcing one `epiboly`. */
export async function rosterPage(c: ServiceCtx, input: RosterPage): Promise<Paged<PlacementRow>> {
  const key = input.roster === 'dispatch' ? OS_PERMISSIONS.dispatchRead : OS_PERMISSIONS.epibolyRead;
  if (!(await holdsKey(c, key))) throw accessDenied(`您没有此操作的权限（${key}），请联系管理员`);
  const { rows, total } = await placementPage(
    c,
    {
      kinds: input.roster === 'dispatch' ? [1] : [2, 3],
      statuses: [PLACEMENT_STATUS.active, PLACEMENT_STATUS.leaving],
      clientId: input.clientId,
      planId: input.planId,
      orderId: input.orderId,
      post: input.post || undefined,
      keyword: input.keyword || undefined,
    },
    input.pageNum,
    input.pageSize,
  );
  return new Paged(rows, input.pageNum, input.pageSize, total);
}

/** outsource/former/page */
export async function formerPage(c: ServiceCtx, input: { pageNum: number; pageSize: number; clientId?: number; keyword?: string }): Promise<Paged<FormerRow>> {
  const { rows, total } = await q.pageFormer(c.tx, c.companyId, { clientId: input.clientId, keyword: input.keyword || undefined }, (input.pageNum - 1) * input.pageSize, input.pageSize);
  return new Paged(rows, input.pageNum, input.pageSize, total);
}

/**
 * outsource/former/replace: a former worker placed again. One who resigned is re-hired through the
 * roster first; one the client returned is still the provider's employee and is simply placed.
 */
export async function formerReplace(c: ServiceCtx, input: { employeeId: number; placement: PlacementTerms }): Promise<OnboardingResult> {
  const worker = await q.findWorker(c.tx, c.companyId, input.employeeId);
  if (!worker || worker.archived) throw notFound('员工');
  const last = await q.latestPlacementOf(c.tx, c.companyId, worker.id);
  if (!last || last.status !== PLACEMENT_STATUS.left) throw badRequest(`${worker.name}不是前员工（最近一次派驻未离岗），无法重新派遣`);
  const e = await evaluateTerms(c, input.placement);
  if (e.errors.length > 0) throw badRequest(e.errors[0]!);
  let status: number = worker.status;
  if (worker.status === EMPLOYEE_STATUS.left) {
    if (worker.departmentId === null) throw badRequest(`${worker.name}没有所属部门，请先在花名册中补充后再重新派遣`);
    await rehire(c, zRehire.parse({ employeeId: worker.id, hireDate: input.placement.startDate, departmentId: worker.departmentId, status: EMPLOYEE_STATUS.regular, remark: `重新派遣至${e.client.name}` }));
    status = EMPLOYEE_STATUS.regular;
  } else if (worker.status === EMPLOYEE_STATUS.leaving) {
    throw badRequest(`${worker.name}正在办理离职，离职生效后再重新派遣`);
  }
  const onTheJob = status === EMPLOYEE_STATUS.probation || status === EMPLOYEE_STATUS.regular;
  const row = await placeWorker(c, e, input.placement, worker.id, onTheJob ? PLACEMENT_STATUS.active : PLACEMENT_STATUS.pending, false);
  await c.audit({ action: 'os.formerReplace', entity: 'os_placement', entityId: row.id, before: { placementId: last.id }, after: { employeeId: worker.id, clientId: row.clientId, post: row.post, startDate: row.startDate, status: row.status, rehired: worker.status === EMPLOYEE_STATUS.left } });
  return { placement: await placementView(c, row.id), warnings: e.warnings };
}
