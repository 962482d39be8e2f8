import { CHANGE_STATUS, EMPLOYEE_STATUS, INDUCTION_PROGRESS_PATH, INDUCTION_READ, zInductionProgress, type InductionProgress, type InductionStep } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { defineRoute, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { employeeDepartmentScope } from '../employees/index.ts';
import * as pq from './induction-progress.queries.ts';
import * as q from './lifecycle.queries.ts';

/** inductionProgress: one onboarding's steps — 新增待入职, 确认入职, 签订劳动合同 — done or to do, with who and when. */

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

export async function inductionProgress(c: ServiceCtx, employeeId: number): Promise<InductionProgress> {
  const e = await pq.findProgressEmployee(c.tx, c.companyId, employeeId);
  const onboard = (await q.listChangesWithUsers(c.tx, c.companyId, { employeeId })).filter((x) => x.type === 'onboard').sort((a, b) => b.id - a.id)[0];
  const scope = await employeeDepartmentScope(c);
  // outside the member's data scope reads as not found
  if (!e || (scope !== null && (e.departmentId === null || !scope.includes(e.departmentId)))) throw notFound('入职记录');
  if (!onboard) {
    // a pending hire imported or seeded without an onboarding record: added when the employee row was
    if (e.status !== EMPLOYEE_STATUS.pending || e.archived) throw notFound('入职记录');
    return {
      employeeId,
      name: e.name,
      outcome: 'pending',
      steps: [
        { key: 'added', title: '新增待入职', state: 'done', description: e.hireDate ? `预计入职日期 ${e.hireDate}` : null, by: e.createdByName, at: iso(e.createdAt) },
        { key: 'confirmed', title: '确认入职', state: 'current', description: '员工到岗后确认入职', by: null, at: null },
        { key: 'contract', title: '签订劳动合同', state: 'todo', description: '确认入职后签订劳动合同（电子签署或录入纸质合同）', by: null, at: null },
      ],
    };
  }
  const closedOutcome = onboard.status === CHANGE_STATUS.cancelled ? (onboard.after.outcome === 'discontinued' ? 'discontinued' : 'cancelled') : null;
  const onboarded = onboard.status === CHANGE_STATUS.effective;
  const steps: InductionStep[] = [
    { key: 'added', title: '新增待入职', state: 'done', description: `预计入职日期 ${onboard.effectiveDate}`, by: onboard.createdByName, at: iso(onboard.createdAt) },
  ];
  if (closedOutcome) {
    const label = closedOutcome === 'discontinued' ? '放弃入职' : '取消入职';
    const reason = typeof onboard.after.reason === 'string' ? onboard.after.reason : null;
    steps.push({ key: 'confirmed', title: label, state: 'closed', description: reason ? `原因：${reason}` : null, by: await pq.userName(c.tx, onboard.cancelledBy), at: iso(onboard.cancelledAt) });
  } else if (onboarded) {
    const who = await pq.lastEmployeeAction(c.tx, c.companyId, employeeId, ['employee.onboard']);
    steps.push({ key: 'confirmed', title: '确认入职', state: 'done', description: `入职日期 ${onboard.effectiveDate}`, by: who?.by ?? null, at: iso(onboard.appliedAt ?? who?.at) });
  } else {
    steps.push({ key: 'confirmed', title: '确认入职', state: 'current', description: '员工到岗后确认入职', by: null, at: null });
  }
  const contract = await pq.firstLabourContract(c.tx, c.companyId, employeeId);
  if (contract) {
    steps.push({ key: 'contract', title: '签订劳动合同', state: 'done', description: `合同期限 ${contract.startDate} 至 ${contract.endDate ?? '无固定期限'}`, by: contract.by, at: iso(contract.at) });
  } else {
    steps.push({ key: 'contract', title: '签订劳动合同', state: closedOutcome ? 'closed' : onboarded ? 'current' : 'todo', description: closedOutcome ? null : '确认入职后签订劳动合同（电子签署或录入纸质合同）', by: null, at: null });
  }
  return { employeeId, name: e.name, outcome: closedOutcome ?? (onboarded ? 'onboarded' : 'pending'), steps };
}

export function registerInductionProgressRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: INDUCTION_PROGRESS_PATH, access: INDUCTION_READ, summary: '入职进度：新增待入职、确认入职、签订劳动合同各步骤的状态、办理人与时间', tags: ['入职管理'], body: zInductionProgress, handler: (c) => inductionProgress(c, c.body.employeeId) });
}
