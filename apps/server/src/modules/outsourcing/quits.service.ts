import { PLACEMENT_STATUS, zQuitDo, type OsQuitStart, type PlacementRow } from '@wfsaas/contracts';
import { chinaToday } from '../../platform/china-date.ts';
import { badRequest } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { doQuit } from '../lifecycle/index.ts';
import * as q from './onboarding.queries.ts';
import { placementPage, placementStatusLabel, placementView, requirePlacement } from './onboarding.service.ts';

/** 离岗: a placement ends because the worker resigns (the lifecycle's resignation starts) or the client returns them. */

/** quitType of the lifecycle's resignation: 主动离职 for a worker who resigns, 其他 for one the client returned. */
const QUIT_TYPE = { resign: 1, dismiss: 9 } as const;

/** Moves an active placement to 待离岗 and, when asked, starts the employee's resignation with the same last day. */
export async function startLeaving(c: ServiceCtx, p: q.PlacementDbRow, v: { source: 'resign' | 'dismiss'; lastDay: string; reason: string; resign: boolean; remark?: string }): Promise<void> {
  if (v.lastDay < p.startDate) throw badRequest(`最后工作日：不能早于到岗日期（${p.startDate}）`);
  await q.updatePlacement(c.tx, c.companyId, p.id, { status: PLACEMENT_STATUS.leaving, leftDate: v.lastDay, leaveSource: v.source, leaveReason: v.reason });
  if (v.resign) {
    const reason = v.source === 'dismiss' ? `用工单位退工：${v.reason}` : v.reason;
    await doQuit(c, zQuitDo.parse({ employeeId: p.employeeId, quitType: QUIT_TYPE[v.source], reason: reason.slice(0, 200), lastWorkingDay: v.lastDay, remark: v.remark || undefined }));
  }
}

/** outsource/quit/start */
export async function quitStart(c: ServiceCtx, input: OsQuitStart): Promise<PlacementRow> {
  const p = await requirePlacement(c, input.placementId);
  if (p.status !== PLACEMENT_STATUS.active) throw badRequest(`只有在岗人员可以办理离岗，该人员${placementStatusLabel(p.status)}`);
  await startLeaving(c, p, { source: input.source, lastDay: input.lastDay, reason: input.reason, resign: input.source === 'resign' });
  await c.audit({ action: 'os.quitStart', entity: 'os_placement', entityId: p.id, before: { status: p.status }, after: { status: PLACEMENT_STATUS.leaving, leftDate: input.lastDay, leaveSource: input.source, reason: input.reason } });
  return placementView(c, p.id);
}

/** outsource/quit/complete: 待离岗 → 已离岗 once the last day has come. */
export async function quitComplete(c: ServiceCtx, placementId: number): Promise<PlacementRow> {
  const p = await requirePlacement(c, placementId);
  if (p.status !== PLACEMENT_STATUS.leaving) throw badRequest(`只有待离岗人员可以确认离岗，该人员${placementStatusLabel(p.status)}`);
  if (p.leftDate && p.leftDate > chinaToday()) throw badRequest(`最后工作日为${p.leftDate}，到期后才能确认离岗`);
  await q.updatePlacement(c.tx, c.companyId, p.id, { status: PLACEMENT_STATUS.left });
  await c.audit({ action: 'os.quitComplete', entity: 'os_placement', entityId: p.id, before: { status: p.status }, after: { status: PLACEMENT_STATUS.left } });
  return placementView(c, p.id);
}

/** outsource/quit/page: leaving and left placements. */
export async function quitPage(c: ServiceCtx, input: { pageNum: number; pageSize: number; clientId?: number; status?: 3 | 4; keyword?: string }): Promise<Paged<PlacementRow>> {
  const { rows, total } = await placementPage(c, { clientId: input.clientId, statuses: input.status ? [input.status] : [3, 4], keyword: input.keyword || undefined }, input.pageNum, input.pageSize);
  return new Paged(rows, input.pageNum, input.pageSize, total);
}
