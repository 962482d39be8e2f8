import { transferScene, type ApplicablePlan, type ChangePlanScene, type EmployeePlacement, type FormDefinition } from '@wfsaas/contracts';
import { Alert, type FormInstance, type FormRule } from 'antd';
import { useEffect } from 'react';
import { FormDefinitionFields } from '../ChangeFormFields.tsx';
import { transferBody, type TransferFormValues } from '../conversion.ts';
import { useApplicablePlan } from './change-plans.api.ts';

type Plan = NonNullable<ApplicablePlan>;

/**
 * The plan a change being filled in would follow, its fixed date (次月1日, 立即生效, 与审批通过同日)
 * put in the date field. Null while no plan applies.
 */
export function useChangePlan<T>(form: FormInstance<T>, scene: ChangePlanScene | null, employeeId: number | null, dateField: keyof T & string): Plan | null {
  const applicable = useApplicablePlan(scene, employeeId);
  const plan = scene && employeeId ? (applicable.data ?? null) : null;
  const fixed = plan?.fixedDate ?? null;
  useEffect(() => {
    if (fixed) form.setFieldValue(dateField as never, fixed as never);
  }, [fixed, form, dateField]);
  return plan;
}

/** A transfer's scene from what the form changes: 调薪, 调岗 or 调岗调薪 (null while nothing changes). */
export function transferPlanScene(values: TransferFormValues | undefined, current: EmployeePlacement | undefined): ChangePlanScene | null {
  if (!values || !current) return null;
  const body = transferBody({ ...values, effectiveDate: values.effectiveDate ?? '' }, current);
  const changed = Object.keys(body).filter((k) => !['employeeId', 'effectiveDate', 'reason', 'remark', 'formValues'].includes(k));
  return changed.length ? transferScene(changed) : null;
}

/** The date field's rule under a plan: the fixed date, or within the plan's range. */
export function planDateRule(plan: Plan | null): FormRule {
  return {
    validator: (_, v: string | null) => {
      if (!plan || !v) return Promise.resolve();
      if (v < plan.earliest || v > plan.latest) return Promise.reject(new Error(plan.fixedDate ? `按方案须为 ${plan.fixedDate}` : `按方案须在 ${plan.earliest} 至 ${plan.latest} 之间`));
      return Promise.resolve();
    },
  };
}

export function planDateExtra(plan: Plan): string {
  if (plan.dateRule === 'onApproval') return '按方案于审批通过当日生效。';
  if (plan.fixedDate) return `按方案固定为 ${plan.fixedDate}（${plan.dateRuleText}）。`;
  return `按方案可选 ${plan.earliest} 至 ${plan.latest}。`;
}

/** Which plan the change follows and who approves it. */
export function PlanNotice({ plan }: { plan: Plan }) {
  return (
    <Alert
      type="info"
      showIcon
      className="change-plan-notice"
      style={{ marginBottom: 16 }}
      title={`适用异动方案「${plan.name}」：生效日期${plan.dateRuleText}，提交后由${plan.approverNames.join('、')}审批（任一人审批即可）。`}
    />
  );
}

/** The plan's own form under `formValues`, in its grid. */
export function PlanFormFields({ def }: { def: FormDefinition }) {
  return <FormDefinitionFields def={def} />;
}
