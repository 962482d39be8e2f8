import {
  CHANGE_PLAN_SCENES,
  changePlanSceneLabel,
  planDateRefusal,
  planDateRuleText,
  planDateWindow,
  scenesToTry,
  TRANSACTION_SET_REVIEW,
  validateCustomFieldValues,
  type ApplicablePlan,
  type ChangeFormEntry,
  type ChangePlanApprover,
  type ChangePlanApproverOptions,
  type ChangePlanDateRule,
  type ChangePlanFormSource,
  type ChangePlanList,
  type ChangePlanRun,
  type ChangePlanSave,
  type ChangePlanScene,
  type ChangePlanView,
  type FormDefinition,
  type PlanDateRule,
  type ReviewableChangeType,
} from '@wfsaas/contracts';
import { chinaToday } from '../../platform/china-date.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { listMembersHolding } from '../../platform/permissions.ts';
import { formatCustomValue } from '../employees/index.ts';
import { changeFormEntries, changeNeedsReview } from './change-settings.service.ts';
import * as pq from './change-plans.queries.ts';
import * as q from './lifecycle.queries.ts';

/**
 * 异动方案 (abnormalChangePlan): per scene, which departments a plan covers, the form its changes
 * fill in, who reviews them (any one of the listed members or role holders approves) and the rule
 * of their effective date. A change under a plan always waits for its approvers.
 */

const ruleOf = (p: { dateRule: string; minDays: number | null; maxDays: number | null }): PlanDateRule => ({ dateRule: p.dateRule as ChangePlanDateRule, minDays: p.minDays, maxDays: p.maxDays });

async function approversOf(c: ServiceCtx, userIds: readonly number[], roleIds: readonly number[]): Promise<ChangePlanApprover[]> {
  const users = await pq.userNames(c.tx, c.companyId, userIds);
  const roles = await pq.roleNames(c.tx, c.companyId, roleIds);
  return [
    ...userIds.map((id) => ({ kind: 'user' as const, id, name: users.get(id) ?? '已移除的成员' })),
    ...roleIds.map((id) => ({ kind: 'role' as const, id, name: roles.get(id) ?? '已停用的角色' })),
  ];
}

const approverText = (a: ChangePlanApprover) => (a.kind === 'role' ? `角色「${a.name}」成员` : a.name);

async function toView(c: ServiceCtx, p: pq.PlanRow, used: number): Promise<ChangePlanView> {
  const depts = await pq.departmentNames(c.tx, c.companyId, p.departmentIds);
  const [by] = p.updatedBy ? [...(await pq.userNames(c.tx, c.companyId, [p.updatedBy])).values()] : [];
  return {
    id: p.id,
    name: p.name,
    scene: p.scene as ChangePlanScene,
    sceneLabel: changePlanSceneLabel(p.scene),
    departmentIds: p.departmentIds,
    departmentNames: p.departmentIds.map((id) => depts.get(id) ?? '已删除的部门'),
    formSource: p.formSource as ChangePlanFormSource,
    form: (p.form as FormDefinition | null) ?? null,
    formVersion: p.formVersion,
    approvers: await approversOf(c, p.approverUserIds, p.approverRoleIds),
    ...ruleOf(p),
    dateRuleText: planDateRuleText(ruleOf(p)),
    enabled: p.enabled,
    usedCount: used,
    remark: p.remark,
    updatedByName: by ?? null,
    updatedAt: p.updatedAt.toISOString(),
  };
}

async function requirePlan(c: ServiceCtx, id: number): Promise<pq.PlanRow> {
  const p = await pq.findPlan(c.tx, c.companyId, id, true);
  if (!p) throw notFound('异动方案');
  return p;
}

/** abnormalChangePlan/list: every plan, by scene. */
export async function listPlans(c: ServiceCtx, input: ChangePlanList): Promise<ChangePlanView[]> {
  const used = await pq.runCounts(c.tx, c.companyId);
  const rows = await pq.listPlans(c.tx, c.companyId, input.scene);
  const order = CHANGE_PLAN_SCENES.map((s) => s.key as string);
  rows.sort((a, b) => order.indexOf(a.scene) - order.indexOf(b.scene) || a.id - b.id);
  return Promise.all(rows.map((p) => toView(c, p, used.get(p.id) ?? 0)));
}

export async function getPlan(c: ServiceCtx, id: number): Promise<ChangePlanView> {
  const p = await pq.findPlan(c.tx, c.companyId, id);
  if (!p) throw notFound('异动方案');
  return toView(c, p, (await pq.runCounts(c.tx, c.companyId)).get(id) ?? 0);
}

/** abnormalChangePlan/approverOptions: the members and roles that hold 审批异动. */
export async function approverOptions(c: ServiceCtx): Promise<ChangePlanApproverOptions> {
  const ids = await listMembersHolding(c.tx, c.companyId, TRANSACTION_SET_REVIEW);
  const names = await pq.userNames(c.tx, c.companyId, ids);
  return { members: ids.map((userId) => ({ userId, name: names.get(userId) ?? String(userId) })), roles: await pq.rolesHolding(c.tx, c.companyId, TRANSACTION_SET_REVIEW) };
}

/** An enabled plan of the same scene covering the same departments (or, with none, the whole company). */
async function overlapRefusal(c: ServiceCtx, plan: { id?: number; scene: string; departmentIds: readonly number[] }): Promise<string | null> {
  const others = (await pq.enabledPlans(c.tx, c.companyId, [plan.scene])).filter((p) => p.id !== plan.id);
  const label = changePlanSceneLabel(plan.scene);
  if (plan.departmentIds.length === 0) {
    const wide = others.find((p) => p.departmentIds.length === 0);
    return wide ? `${label}已有全公司适用的方案「${wide.name}」，请先停用它或为本方案选择适用部门` : null;
  }
  for (const p of others) {
    const shared = p.departmentIds.filter((d) => plan.departmentIds.includes(d));
    if (shared.length) {
      const names = await pq.departmentNames(c.tx, c.companyId, shared);
      return `适用部门「${[...names.values()].join('、')}」已在${label}方案「${p.name}」中，同一部门的同一场景只能有一个启用的方案`;
    }
  }
  return null;
}

async function checkApprovers(c: ServiceCtx, input: ChangePlanSave): Promise<void> {
  const holders = new Set(await listMembersHolding(c.tx, c.companyId, TRANSACTION_SET_REVIEW));
  if (input.approverUserIds.some((id) => !holders.has(id))) throw badRequest('审批人：所选成员不存在或没有「审批异动」权限');
  const roles = new Set((await pq.rolesHolding(c.tx, c.companyId, TRANSACTION_SET_REVIEW)).map((r) => r.id));
  if (input.approverRoleIds.some((id) => !roles.has(id))) throw badRequest('审批角色：所选角色不存在或没有「审批异动」权限');
}

/** abnormalChangePlan/save: adds a plan (enabled) or edits one; changes already initiated keep what they were given. */
export async function savePlan(c: ServiceCtx, input: ChangePlanSave): Promise<ChangePlanView> {
  const before = input.id ? await requirePlan(c, input.id) : null;
  const departmentIds = [...new Set(input.departmentIds)];
  const approverUserIds = [...new Set(input.approverUserIds)];
  const approverRoleIds = [...new Set(input.approverRoleIds)];
  if ((await pq.departmentNames(c.tx, c.companyId, departmentIds)).size !== departmentIds.length) throw badRequest('适用部门：所选部门不存在');
  await checkApprovers(c, { ...input, approverUserIds, approverRoleIds });
  const sameName = await pq.findPlanIdByName(c.tx, c.companyId, input.name);
  if (sameName !== null && sameName !== input.id) throw conflict(`方案名称「${input.name}」已存在`);
  if (!before || before.enabled) {
    const refused = await overlapRefusal(c, { id: input.id, scene: input.scene, departmentIds });
    if (refused) throw conflict(refused);
  }
  const form = input.formSource === 'snapshot' ? ({ formConfig: input.formConfig!, widgetList: input.widgetList! } as FormDefinition) : null;
  const formChanged = form !== null && (before?.formSource !== 'snapshot' || JSON.stringify(before.form) !== JSON.stringify(form));
  const values = {
    name: input.name,
    scene: input.scene,
    departmentIds,
    formSource: input.formSource,
    form: form as pq.PlanInsert['form'],
    formVersion: (before?.formVersion ?? 0) + (formChanged ? 1 : 0),
    approverUserIds,
    approverRoleIds,
    dateRule: input.dateRule,
    minDays: input.dateRule === 'range' ? (input.minDays ?? null) : null,
    maxDays: input.dateRule === 'range' ? (input.maxDays ?? null) : null,
    remark: input.remark || null,
    updatedBy: c.user.userId,
  };
  const saved = before ? await pq.updatePlan(c.tx, c.companyId, before.id, values) : await pq.insertPlan(c.tx, c.companyId, { ...values, createdBy: c.user.userId });
  const brief = (p: Partial<pq.PlanRow> | null) =>
    p && { name: p.name, scene: p.scene, departmentIds: p.departmentIds, formSource: p.formSource, formVersion: p.formVersion, approverUserIds: p.approverUserIds, approverRoleIds: p.approverRoleIds, dateRule: p.dateRule, minDays: p.minDays, maxDays: p.maxDays };
  await c.audit({ action: before ? 'changePlan.update' : 'changePlan.add', entity: 'changePlan', entityId: saved.id, before: brief(before), after: brief(saved) });
  return getPlan(c, saved.id);
}

/** abnormalChangePlan/enable and /disable: a disabled plan governs no new change; those under way keep it. */
export async function setPlanEnabled(c: ServiceCtx, id: number, enabled: boolean): Promise<ChangePlanView> {
  const p = await requirePlan(c, id);
  if (p.enabled === enabled) return getPlan(c, id);
  if (enabled) {
    const refused = await overlapRefusal(c, p);
    if (refused) throw conflict(refused);
  }
  await pq.updatePlan(c.tx, c.companyId, id, { enabled, updatedBy: c.user.userId });
  await c.audit({ action: enabled ? 'changePlan.enable' : 'changePlan.disable', entity: 'changePlan', entityId: id, before: { enabled: p.enabled }, after: { enabled } });
  return getPlan(c, id);
}

/** abnormalChangePlan/remove: only a plan no change was initiated under. */
export async function removePlan(c: ServiceCtx, id: number): Promise<null> {
  const p = await requirePlan(c, id);
  const used = (await pq.runCounts(c.tx, c.companyId)).get(id) ?? 0;
  if (used > 0) throw conflict(`方案「${p.name}」已用于 ${used} 条异动，不能删除，可以停用`);
  await pq.deletePlan(c.tx, c.companyId, id);
  await c.audit({ action: 'changePlan.remove', entity: 'changePlan', entityId: id, before: { name: p.name, scene: p.scene }, after: null });
  return null;
}

/**
 * The enabled plan a change of the scene follows for an employee of the department: the plan of the
 * nearest department up the tree, else the company-wide one; a 调岗 or 调薪 with none falls to 调岗调薪.
 */
export async function pickPlan(c: Pick<ServiceCtx, 'tx' | 'companyId'>, scene: ChangePlanScene, departmentId: number | null): Promise<pq.PlanRow | null> {
  const scenes = scenesToTry(scene);
  const plans = await pq.enabledPlans(c.tx, c.companyId, scenes);
  if (plans.length === 0) return null;
  const chain = departmentId === null ? [] : await pq.departmentChain(c.tx, c.companyId, departmentId);
  for (const s of scenes) {
    const of = plans.filter((p) => p.scene === s);
    for (const d of chain) {
      const hit = of.find((p) => p.departmentIds.includes(d));
      if (hit) return hit;
    }
    const wide = of.find((p) => p.departmentIds.length === 0);
    if (wide) return wide;
  }
  return null;
}

/** abnormalChangePlan/applicable: the plan a change of the scene would follow for the employee, for the do-forms. */
export async function applicablePlan(c: ServiceCtx, scene: ChangePlanScene, employeeId: number): Promise<ApplicablePlan> {
  const e = await q.findEmployeeFacts(c.tx, c.companyId, employeeId);
  if (!e) throw notFound('员工');
  const p = await pickPlan(c, scene, e.departmentId);
  if (!p) return null;
  const window = planDateWindow(ruleOf(p), chinaToday());
  return {
    id: p.id,
    name: p.name,
    scene: p.scene as ChangePlanScene,
    ...ruleOf(p),
    dateRuleText: planDateRuleText(ruleOf(p)),
    fixedDate: window.fixed,
    earliest: window.earliest,
    latest: window.latest,
    approverNames: (await approversOf(c, p.approverUserIds, p.approverRoleIds)).map(approverText),
    form: p.formSource === 'snapshot' ? (p.form as FormDefinition) : null,
  };
}

function planFormEntries(form: FormDefinition, values: Record<string, unknown> | undefined): ChangeFormEntry[] {
  const r = validateCustomFieldValues(form, values ?? {});
  if (!r.ok) throw badRequest(r.errors[0]!.message);
  return form.widgetList.filter((w) => r.values[w.key] !== undefined && r.values[w.key] !== null).map((w) => ({ key: w.key, label: w.label, text: formatCustomValue(w, r.values[w.key]) }));
}

export type ChangeGovernance = { review: boolean; form: ChangeFormEntry[]; record(changeId: number): Promise<void> };

/**
 * What governs a change being initiated: its plan (the date checked against the plan's rule, the
 * plan's form, review by its approvers), or with no plan 异动设置 and the type's form as before.
 */
export async function governChange(
  c: ServiceCtx,
  o: { type: ReviewableChangeType; scene: ChangePlanScene; departmentId: number | null; effectiveDate: string; formValues?: Record<string, unknown>; dateField?: string },
): Promise<ChangeGovernance> {
  const plan = await pickPlan(c, o.scene, o.departmentId);
  if (!plan) {
    const review = await changeNeedsReview(c.tx, c.companyId, o.type);
    return { review, form: await changeFormEntries(c.tx, c.companyId, o.type, o.formValues), record: async () => undefined };
  }
  const refused = planDateRefusal(plan.name, ruleOf(plan), o.effectiveDate, chinaToday(), o.dateField);
  if (refused) throw badRequest(refused);
  const own = plan.formSource === 'snapshot' && plan.form;
  const form = own ? planFormEntries(plan.form as FormDefinition, o.formValues) : await changeFormEntries(c.tx, c.companyId, o.type, o.formValues);
  return {
    review: true,
    form,
    record: (changeId) =>
      pq.insertRun(c.tx, {
        companyId: c.companyId,
        changeId,
        planId: plan.id,
        planName: plan.name,
        scene: o.scene,
        formSource: plan.formSource,
        formVersion: own ? plan.formVersion : null,
        approverUserIds: plan.approverUserIds,
        approverRoleIds: plan.approverRoleIds,
        dateRule: plan.dateRule,
      }),
  };
}

const mayReview = (run: pq.RunRow, userId: number, roleIds: readonly number[]) => run.approverUserIds.includes(userId) || run.approverRoleIds.some((r) => roleIds.includes(r));

/** The plans the changes follow, as the review list shows them, and whether the caller may review each. */
export async function planRunsOf(c: ServiceCtx, changeIds: readonly number[]): Promise<Map<number, ChangePlanRun>> {
  const runs = await pq.findRuns(c.tx, c.companyId, changeIds);
  if (runs.size === 0) return new Map();
  const roles = await pq.memberRoleIds(c.tx, c.companyId, c.user.userId);
  const out = new Map<number, ChangePlanRun>();
  for (const [changeId, run] of runs) {
    const approvers = await approversOf(c, run.approverUserIds, run.approverRoleIds);
    out.set(changeId, { planId: run.planId, planName: run.planName, formVersion: run.formVersion, approverNames: approvers.map(approverText), canReview: mayReview(run, c.user.userId, roles) });
  }
  return out;
}

/**
 * Refuses (403, naming who may) when the caller is not an approver of a change's plan. Answers the
 * changes to be re-dated to the approval day (与审批通过同日).
 */
export async function requirePlanReviewer(c: ServiceCtx, changes: readonly { id: number; employeeName: string }[]): Promise<Set<number>> {
  const runs = await pq.findRuns(c.tx, c.companyId, changes.map((x) => x.id));
  const onApproval = new Set<number>();
  if (runs.size === 0) return onApproval;
  const roles = await pq.memberRoleIds(c.tx, c.companyId, c.user.userId);
  for (const ch of changes) {
    const run = runs.get(ch.id);
    if (!run) continue;
    if (!mayReview(run, c.user.userId, roles)) {
      const who = (await approversOf(c, run.approverUserIds, run.approverRoleIds)).map(approverText).join('、');
      throw forbidden(`${ch.employeeName}的异动适用方案「${run.planName}」，只有${who}可以审批`);
    }
    if (run.dateRule === 'onApproval') onApproval.add(ch.id);
  }
  return onApproval;
}

/** Re-dating a change keeps to its plan's rule, counted from the day it was initiated; 与审批通过同日 is not re-dated. */
export async function requirePlanRedate(c: ServiceCtx, changeId: number, date: string, field = '生效日期'): Promise<void> {
  const run = (await pq.findRuns(c.tx, c.companyId, [changeId])).get(changeId);
  if (!run) return;
  if (run.dateRule === 'onApproval') throw badRequest(`${field}：适用异动方案「${run.planName}」，于审批通过当日生效，不能修改`);
  const plan = await pq.findPlan(c.tx, c.companyId, run.planId);
  const rule = plan ? ruleOf(plan) : { dateRule: run.dateRule as ChangePlanDateRule, minDays: null, maxDays: null };
  const refused = planDateRefusal(run.planName, rule, date, chinaToday(run.createdAt), field);
  if (refused) throw badRequest(refused);
}

/** Who the caller is as a reviewer: the pending list shows changes of no plan and those whose plan names them. */
export async function reviewerOf(c: ServiceCtx): Promise<{ userId: number; roleIds: number[] }> {
  return { userId: c.user.userId, roleIds: await pq.memberRoleIds(c.tx, c.companyId, c.user.userId) };
}
