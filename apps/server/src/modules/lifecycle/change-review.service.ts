import {
  CHANGE_STATUS,
  changeStatusLabel,
  changeTypeLabel,
  EMPLOYEE_STATUS,
  REVIEWABLE_CHANGE_TYPES,
  type ChangeApprove,
  type ChangeReject,
  type ChangeReviewCounts,
  type ChangeReviewPage,
  type ChangeReviewResult,
  type ChangeReviewRow,
} from '@wfsaas/contracts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { employeeDepartmentScope, inScope, setEmployeeFacts } from '../employees/index.ts';
import { reviewRefusal } from './change-rules.ts';
import { planRunsOf, requirePlanReviewer, reviewerOf } from './change-plans.service.ts';
import * as rq from './change-review.queries.ts';
import { actorOf, DEAL_CODE, startScene } from './contract-hooks.ts';
import * as q from './lifecycle.queries.ts';
import { applyDueQuit } from './quit.service.ts';
import { applyDueRegularisation, toChangeView } from './regularisation.service.ts';
import { applyDueTransfer } from './transfer.service.ts';
import { chinaToday } from '../../platform/china-date.ts';
import { assetsBlockQuit, unreturnedAssets, unreturnedMessage } from '../enterprise/index.ts';

/**
 * The review step of 异动设置 (change-settings.service.ts). A company chooses which of 转正, 调岗调薪 and 离职
 * go through review: such a change is recorded as 待审批 and takes no effect (a resignation does
 * not yet make the employee 待离职). Approved, it becomes 待生效 and, when its date has come, is
 * applied at once exactly as the daily job would; rejected, it is closed with the reason and the
 * employee may be put forward again.
 */


const REVIEWABLE = new Set<string>(REVIEWABLE_CHANGE_TYPES.map((t) => t.key));

/** abnormalChangeExecution/pageList: changes waiting for review (or reviewed), oldest request first. */
export async function pageChangeReviews(c: ServiceCtx, input: ChangeReviewPage): Promise<Paged<ChangeReviewRow>> {
  const scope = await employeeDepartmentScope(c);
  const reviewer = input.tab === 'pending' ? await reviewerOf(c) : undefined;
  const { rows, total } = await rq.listReviewPage(c.tx, c.companyId, input.tab, { type: input.type, keyword: input.keyword || undefined, scope, reviewer }, (input.pageNum - 1) * input.pageSize, input.pageSize);
  const changes = new Map((await q.listChangesWithUsers(c.tx, c.companyId, { ids: rows.map((r) => r.id) })).map((r) => [r.id, r]));
  const plans = await planRunsOf(c, rows.map((r) => r.id));
  const list: ChangeReviewRow[] = rows.map((r) => {
    const change = changes.get(r.id)!;
    return {
      ...toChangeView(change),
      name: r.name,
      employeeNo: r.employeeNo,
      departmentName: r.departmentName,
      reviewedByName: change.reviewedByName ?? null,
      reviewedAt: change.reviewedAt ? change.reviewedAt.toISOString() : null,
      plan: plans.get(r.id) ?? null,
    };
  });
  return new Paged(list, input.pageNum, input.pageSize, total);
}

export async function changeReviewCounts(c: ServiceCtx, input: Pick<ChangeReviewPage, 'type' | 'keyword'>): Promise<ChangeReviewCounts> {
  return rq.countReviewTabs(c.tx, c.companyId, { type: input.type, keyword: input.keyword || undefined, scope: await employeeDepartmentScope(c), reviewer: await reviewerOf(c) });
}

type Reviewable = { change: q.ChangeRow; employee: q.EmployeeFacts; reDate?: boolean };

/**
 * The changes to review, locked, each checked: of this company, within the caller's departments,
 * still 待审批. Those that fail are reported by name and left untouched.
 */
async function reviewables(c: ServiceCtx, changeIds: readonly number[], failures: ChangeReviewResult['failures']): Promise<Reviewable[]> {
  const scope = await employeeDepartmentScope(c);
  const out: Reviewable[] = [];
  for (const changeId of [...new Set(changeIds)]) {
    const change = await q.findChange(c.tx, c.companyId, changeId, true);
    const employee = change && REVIEWABLE.has(change.type) ? await q.findEmployeeFacts(c.tx, c.companyId, change.employeeId, true) : null;
    if (!change || !employee || !inScope(scope, employee.departmentId)) {
      failures.push({ changeId, name: '', message: '异动记录不存在' });
      continue;
    }
    const refused = reviewRefusal(employee.name, changeTypeLabel(change.type), change.status, changeStatusLabel(change.status));
    if (refused) failures.push({ changeId, name: employee.name, message: refused });
    else out.push({ change, employee });
  }
  // under a plan only its approvers review (403 naming them); 与审批通过同日 re-dates to the approval day
  const onApproval = await requirePlanReviewer(c, out.map((r) => ({ id: r.change.id, employeeName: r.employee.name })));
  for (const r of out) if (onApproval.has(r.change.id)) r.reDate = true;
  return out;
}

/**
 * abnormalChangeExecution/approve: each change becomes 待生效; one whose date has come takes effect
 * now (or, when it no longer can, is cancelled with the reason, as the daily job does).
 */
export async function approveChanges(services: AppServices, c: ServiceCtx, input: ChangeApprove): Promise<ChangeReviewResult> {
  const failures: ChangeReviewResult['failures'] = [];
  let done = 0;
  const today = chinaToday();
  for (const { change, employee, reDate } of await reviewables(c, input.changeIds, failures)) {
    if (change.type === 'quit' && employee.status !== EMPLOYEE_STATUS.probation && employee.status !== EMPLOYEE_STATUS.regular) {
      failures.push({ changeId: change.id, name: employee.name, message: `${employee.name}不是在职员工（试用期或正式），无法办理离职` });
      continue;
    }
    // assets may have been issued while the resignation waited for review: the rule holds here too (docs/assets.md)
    if (change.type === 'quit') {
      const held = unreturnedMessage(employee.name, await unreturnedAssets(c, [employee.id]));
      if (held && (await assetsBlockQuit(c))) {
        failures.push({ changeId: change.id, name: employee.name, message: held });
        continue;
      }
    }
    const approved = await q.updateChange(c.tx, c.companyId, change.id, {
      status: CHANGE_STATUS.waiting,
      reviewedBy: c.user.userId,
      reviewedAt: new Date(),
      reviewRemark: input.remark || null,
      ...(reDate ? { effectiveDate: today } : {}),
    });
    if (change.type === 'quit') await setEmployeeFacts(c.tx, c.companyId, employee.id, { status: EMPLOYEE_STATUS.leaving });
    let applied = true;
    if (approved.effectiveDate <= today) {
      applied =
        change.type === 'transfer'
          ? await applyDueTransfer(services, c.tx, c.companyId, approved)
          : change.type === 'regularize'
            ? await applyDueRegularisation(c.tx, c.companyId, approved)
            : await applyDueQuit(services, c.tx, c.companyId, approved, actorOf(c));
    }
    const after = await q.findChange(c.tx, c.companyId, change.id);
    await c.audit({
      action: 'employeeChange.approve',
      entity: 'employee',
      entityId: employee.id,
      before: { changeId: change.id, type: change.type, status: change.status },
      after: { status: after?.status ?? approved.status, remark: input.remark ?? null },
    });
    await startScene(c, [employee.id], change.type === 'transfer' ? DEAL_CODE.transfer : change.type === 'regularize' ? DEAL_CODE.regularisation : DEAL_CODE.resignation);
    if (applied) done++;
    else failures.push({ changeId: change.id, name: employee.name, message: `已审批通过，但未能生效：${after?.remark ?? '条件已不满足'}` });
  }
  return { done, failures };
}

/** abnormalChangeExecution/reject: closed with the reason; nothing about the employee changes. */
export async function rejectChanges(c: ServiceCtx, input: ChangeReject): Promise<ChangeReviewResult> {
  const failures: ChangeReviewResult['failures'] = [];
  let done = 0;
  for (const { change, employee } of await reviewables(c, input.changeIds, failures)) {
    await q.updateChange(c.tx, c.companyId, change.id, { status: CHANGE_STATUS.rejected, reviewedBy: c.user.userId, reviewedAt: new Date(), reviewRemark: input.reason });
    await c.audit({
      action: 'employeeChange.reject',
      entity: 'employee',
      entityId: employee.id,
      before: { changeId: change.id, type: change.type, status: change.status },
      after: { status: CHANGE_STATUS.rejected, reason: input.reason },
    });
    done++;
  }
  return { done, failures };
}
