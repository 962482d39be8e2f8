import { z } from 'zod';
import { zId } from '../auth.ts';
import { checkFormDefinition, formDefinitionShape, type FormDefinition } from '../custom-form.ts';
import { LIFECYCLE_API } from './changes.ts';
import { CHANGE_FORM_WIDGET_EXCLUDED, type ReviewableChangeType } from './change-settings.ts';

/**
 * 异动方案: a plan bundles a change scene with its form, its approvers and the rule of its effective
 * date. A change is governed by the enabled plan of its scene whose departments hold the employee
 * most closely (a department's own plan before its parent's, a company-wide plan last); with no
 * such plan the change follows 异动设置 alone.
 */

export const CHANGE_PLAN_API = `${LIFECYCLE_API}/abnormalChangePlan`;

/** The scenes a plan covers. 调岗 and 调薪 are transfers changing only the placement or only the pay. */
export const CHANGE_PLAN_SCENES = [
  { key: 'transferPost', label: '调岗', changeType: 'transfer' },
  { key: 'transferPay', label: '调薪', changeType: 'transfer' },
  { key: 'transfer', label: '调岗调薪', changeType: 'transfer' },
  { key: 'regularize', label: '转正', changeType: 'regularize' },
  { key: 'quit', label: '离职', changeType: 'quit' },
] as const satisfies readonly { key: string; label: string; changeType: ReviewableChangeType }[];
export type ChangePlanScene = (typeof CHANGE_PLAN_SCENES)[number]['key'];
export const changePlanSceneLabel = (s: string): string => CHANGE_PLAN_SCENES.find((x) => x.key === s)?.label ?? s;

/** The scene of a transfer by what it changes: only placement fields, only the salary, or both. */
export function transferScene(changedKeys: readonly string[]): ChangePlanScene {
  const pay = changedKeys.includes('salary');
  const post = changedKeys.some((k) => k !== 'salary');
  return pay && !post ? 'transferPay' : post && !pay ? 'transferPost' : 'transfer';
}

/** The scenes tried for a change, most particular first: a 调薪 with no 调薪 plan falls to the 调岗调薪 plans. */
export function scenesToTry(scene: ChangePlanScene): ChangePlanScene[] {
  return scene === 'transferPay' || scene === 'transferPost' ? [scene, 'transfer'] : [scene];
}

export const CHANGE_PLAN_DATE_RULES = [
  { key: 'immediate', label: '立即生效' },
  { key: 'nextMonth', label: '次月1日' },
  { key: 'range', label: '指定日期' },
  { key: 'onApproval', label: '与审批通过同日' },
] as const;
export type ChangePlanDateRule = (typeof CHANGE_PLAN_DATE_RULES)[number]['key'];
export const MAX_PLAN_RANGE_DAYS = 365;

export const CHANGE_PLAN_FORM_SOURCES = [
  { key: 'type', label: '使用该类异动的异动表单' },
  { key: 'snapshot', label: '方案专用表单（固定版本）' },
] as const;
export type ChangePlanFormSource = (typeof CHANGE_PLAN_FORM_SOURCES)[number]['key'];

function isoPlus(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function firstOfNextMonth(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

export type PlanDateRule = { dateRule: ChangePlanDateRule; minDays: number | null; maxDays: number | null };

/** The dates a rule allows for a change initiated on `today`: one fixed date, or a range. */
export function planDateWindow(rule: PlanDateRule, today: string): { fixed: string | null; earliest: string; latest: string } {
  if (rule.dateRule === 'nextMonth') {
    const d = firstOfNextMonth(today);
    return { fixed: d, earliest: d, latest: d };
  }
  if (rule.dateRule === 'range') return { fixed: null, earliest: isoPlus(today, rule.minDays ?? 0), latest: isoPlus(today, rule.maxDays ?? 0) };
  // 立即生效, and 与审批通过同日 (dated on initiation, re-dated to the approval day)
  return { fixed: today, earliest: today, latest: today };
}

/** Why the date breaks the plan's rule (a Chinese message naming the plan and the allowed dates), or null. */
export function planDateRefusal(planName: string, rule: PlanDateRule, date: string, today: string, field = '生效日期'): string | null {
  const w = planDateWindow(rule, today);
  if (w.fixed !== null) {
    if (date === w.fixed) return null;
    const how = rule.dateRule === 'onApproval' ? `审批通过当日生效，办理时${field}须为今天（${w.fixed}）` : `${field}须为${w.fixed}（${planDateRuleText(rule)}）`;
    return `${field}：适用异动方案「${planName}」，${how}`;
  }
  if (date < w.earliest || date > w.latest) return `${field}：适用异动方案「${planName}」，须在${w.earliest}至${w.latest}之间（办理后${rule.minDays}至${rule.maxDays}天）`;
  return null;
}

export function planDateRuleText(rule: PlanDateRule): string {
  if (rule.dateRule === 'range') return `指定日期（办理后${rule.minDays}至${rule.maxDays}天）`;
  return CHANGE_PLAN_DATE_RULES.find((r) => r.key === rule.dateRule)?.label ?? rule.dateRule;
}

const zScene = z.enum(CHANGE_PLAN_SCENES.map((s) => s.key) as [ChangePlanScene, ...ChangePlanScene[]]).describe('异动场景');
const zDays = (label: string) => z.coerce.number().int().min(0).max(MAX_PLAN_RANGE_DAYS).nullish().describe(label);

export const zChangePlanSave = z
  .object({
    id: zId('异动方案').optional(),
    name: z.string().trim().min(1).max(50).describe('方案名称'),
    scene: zScene,
    departmentIds: z.array(zId('适用部门')).max(200).default([]).describe('适用部门'),
    formSource: z.enum(['type', 'snapshot']).default('type').describe('异动表单'),
    ...formDefinitionShape,
    approverUserIds: z.array(zId('审批人')).max(50).default([]).describe('审批人'),
    approverRoleIds: z.array(zId('审批角色')).max(20).default([]).describe('审批角色'),
    dateRule: z.enum(CHANGE_PLAN_DATE_RULES.map((r) => r.key) as [ChangePlanDateRule, ...ChangePlanDateRule[]]).describe('生效日期规则'),
    minDays: zDays('最早（办理后天数）'),
    maxDays: zDays('最晚（办理后天数）'),
    remark: z.string().trim().max(200).optional().describe('说明'),
  })
  .superRefine((v, ctx) => {
    if (v.approverUserIds.length + v.approverRoleIds.length === 0) ctx.addIssue({ code: 'custom', path: ['approverUserIds'], message: '审批人：请至少选择一名审批人或一个审批角色' });
    if (v.dateRule === 'range') {
      if (v.minDays == null || v.maxDays == null) ctx.addIssue({ code: 'custom', path: ['minDays'], message: '生效日期规则：指定日期须填写最早和最晚（办理后天数）' });
      else if (v.minDays > v.maxDays) ctx.addIssue({ code: 'custom', path: ['minDays'], message: '生效日期规则：最早天数不能大于最晚天数' });
    }
    if (v.formSource === 'snapshot') {
      if (!v.formConfig || !v.widgetList?.length) ctx.addIssue({ code: 'custom', path: ['widgetList'], message: '异动表单：方案专用表单需要包含表单配置和至少一个控件' });
      else checkFormDefinition(v, ctx);
      (v.widgetList ?? []).forEach((w, i) => {
        if ((CHANGE_FORM_WIDGET_EXCLUDED as readonly string[]).includes(w.type)) ctx.addIssue({ code: 'custom', path: ['widgetList', i, 'type'], message: `异动表单不支持图片和附件控件（${w.label}）` });
      });
    }
  });
export type ChangePlanSave = z.infer<typeof zChangePlanSave>;

export const zChangePlanRef = z.object({ id: zId('异动方案') });
export const zChangePlanList = z.object({ scene: zScene.optional() });
export type ChangePlanList = z.infer<typeof zChangePlanList>;
export const zChangePlanApplicable = z.object({ scene: zScene, employeeId: zId('员工') });

export type ChangePlanApprover = { kind: 'user' | 'role'; id: number; name: string };

export type ChangePlanView = PlanDateRule & {
  id: number;
  name: string;
  scene: ChangePlanScene;
  sceneLabel: string;
  departmentIds: number[];
  departmentNames: string[];
  formSource: ChangePlanFormSource;
  /** The plan's own form (formSource 'snapshot'), and its version: each saved change of it counts one up. */
  form: FormDefinition | null;
  formVersion: number;
  approvers: ChangePlanApprover[];
  dateRuleText: string;
  enabled: boolean;
  /** Changes initiated under the plan; a used plan is disabled, not removed. */
  usedCount: number;
  remark: string | null;
  updatedByName: string | null;
  updatedAt: string;
};

/** What an initiator is told of the plan a change would follow (abnormalChangePlan/applicable); null when none applies. */
export type ApplicablePlan = PlanDateRule & {
  id: number;
  name: string;
  scene: ChangePlanScene;
  dateRuleText: string;
  fixedDate: string | null;
  earliest: string;
  latest: string;
  approverNames: string[];
  /** The form the change fills in: the plan's own, or null for the type's 异动表单. */
  form: FormDefinition | null;
} | null;

/** Who may review under a plan: the members and roles that hold 审批异动. */
export type ChangePlanApproverOptions = { members: { userId: number; name: string }[]; roles: { id: number; name: string }[] };

/** The plan a change was initiated under, as recorded with it. */
export type ChangePlanRun = { planId: number; planName: string; formVersion: number | null; approverNames: string[]; canReview: boolean };
