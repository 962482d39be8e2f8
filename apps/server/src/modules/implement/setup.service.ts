import { SETUP_STEPS, type SetupCount, type SetupHandoverInput, type SetupHandoverView, type SetupStatusView, type SetupStepKey, type SetupStepView } from '@wfsaas/contracts';
import { conflict } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import * as q from './setup.queries.ts';

/**
 * 系统初始化: each step's state comes from the company's data (the rules are in SETUP_STEPS and
 * docs/implementation.md); a step may be marked 无需配置; a hand-over keeps the progress of its day.
 */

type Judged = { done: boolean; counts: SetupCount[] };

/** Whether each step's data meets its rule, with the figures shown beside it. */
export function judgeSteps(f: q.SetupFigures): Record<SetupStepKey, Judged> {
  const one = (label: string, value: number): SetupCount => ({ label, value });
  return {
    company: { done: f.certified > 0, counts: [one('已认证', f.certified)] },
    departments: { done: f.departments >= 1, counts: [one('部门', f.departments)] },
    positionsRanks: { done: f.positions >= 1 && f.ranks >= 1, counts: [one('职位', f.positions), one('职级', f.ranks)] },
    rolesAccounts: { done: f.roles >= 1 && f.subAccounts >= 1, counts: [one('角色', f.roles), one('子账号', f.subAccounts)] },
    dictionaries: { done: f.dictionaryItems >= 1, counts: [one('企业字典项', f.dictionaryItems)] },
    customFields: { done: f.customFields >= 1, counts: [one('自定义字段', f.customFields)] },
    employees: { done: f.employees >= 1, counts: [one('员工', f.employees)] },
    contractsSeals: { done: f.contractTemplates >= 1 && f.seals >= 1, counts: [one('合同模板', f.contractTemplates), one('印章', f.seals)] },
    salary: { done: f.payrollGroups >= 1 && f.cityPolicies >= 1, counts: [one('薪资组', f.payrollGroups), one('社保政策', f.cityPolicies)] },
    insuredEntities: { done: f.insuredEntities >= 1, counts: [one('参保主体', f.insuredEntities)] },
    payslipTemplate: { done: f.payslipTemplates >= 1, counts: [one('工资条模板', f.payslipTemplates)] },
    reminders: { done: f.reminderSettings >= 1, counts: [one('已保存的提醒设置', f.reminderSettings)] },
  };
}

/** Done and 无需配置 both count as finished; rounded down so 100% means every step. */
export function progressOf(finished: number, total: number): number {
  return total === 0 ? 100 : Math.floor((finished * 100) / total);
}

async function steps(c: ServiceCtx): Promise<SetupStepView[]> {
  const judged = judgeSteps(await q.setupFigures(c.tx, c.companyId));
  const skips = new Map((await q.listSkips(c.tx, c.companyId)).map((s) => [s.stepKey, s]));
  return SETUP_STEPS.map((s) => {
    const j = judged[s.key];
    const skip = skips.get(s.key);
    return {
      key: s.key,
      title: s.title,
      rule: s.rule,
      route: s.route,
      state: j.done ? 'done' : skip ? 'skipped' : 'todo',
      counts: j.counts,
      skip: skip ? { byName: skip.byName, at: skip.skippedAt.toISOString() } : null,
    };
  });
}

const toHandoverView = (r: q.HandoverRow): SetupHandoverView => ({
  id: r.id,
  handoverDate: r.handoverDate,
  receiver: r.receiver,
  note: r.note,
  finished: r.finished,
  total: r.total,
  progress: progressOf(r.finished, r.total),
  createdByName: r.createdByName,
  createdAt: r.createdAt.toISOString(),
});

export async function setupStatus(c: ServiceCtx): Promise<SetupStatusView> {
  const list = await steps(c);
  const finished = list.filter((s) => s.state !== 'todo').length;
  const [last] = await q.listHandovers(c.tx, c.companyId, 1);
  return { steps: list, finished, total: list.length, progress: progressOf(finished, list.length), lastHandover: last ? toHandoverView(last) : null };
}

const titleOf = (key: SetupStepKey) => SETUP_STEPS.find((s) => s.key === key)!.title;

export async function skipStep(c: ServiceCtx, key: SetupStepKey): Promise<SetupStatusView> {
  if (!(await q.insertSkip(c.tx, c.companyId, key, c.user.userId))) throw conflict(`「${titleOf(key)}」已标记为无需配置`);
  await c.audit({ action: 'systemInitialize.skip', entity: 'setup_step', entityId: key, after: { step: key, skipped: true } });
  return setupStatus(c);
}

export async function unskipStep(c: ServiceCtx, key: SetupStepKey): Promise<SetupStatusView> {
  if (!(await q.deleteSkip(c.tx, c.companyId, key))) throw conflict(`「${titleOf(key)}」未标记为无需配置`);
  await c.audit({ action: 'systemInitialize.unskip', entity: 'setup_step', entityId: key, before: { step: key, skipped: true } });
  return setupStatus(c);
}

export async function handover(c: ServiceCtx, input: SetupHandoverInput): Promise<SetupHandoverView> {
  const status = await setupStatus(c);
  const id = await q.insertHandover(c.tx, c.companyId, { handoverDate: input.handoverDate, receiver: input.receiver, note: input.note, finished: status.finished, total: status.total, createdBy: c.user.userId });
  await c.audit({ action: 'systemInitialize.handover', entity: 'setup_handover', entityId: id, after: { handoverDate: input.handoverDate, receiver: input.receiver, finished: status.finished, total: status.total } });
  const [row] = await q.listHandovers(c.tx, c.companyId, 1);
  return toHandoverView(row!);
}

export async function listHandovers(c: ServiceCtx): Promise<SetupHandoverView[]> {
  return (await q.listHandovers(c.tx, c.companyId)).map(toHandoverView);
}
