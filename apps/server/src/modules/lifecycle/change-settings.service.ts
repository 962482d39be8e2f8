import {
  validateCustomFieldValues,
  type ChangeFormAnswer,
  type ChangeFormEntry,
  type ChangeFormSave,
  DEFAULT_PROBATION_MONTHS,
  REVIEWABLE_CHANGE_TYPES,
  type ChangeSettings,
  type ChangeSettingsView,
  type ReviewableChangeType,
} from '@wfsaas/contracts';
import type { Executor } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { loadFormDefinition, removeFormDefinition, storeFormDefinition, formatCustomValue } from '../employees/index.ts';
import * as rq from './change-review.queries.ts';

/**
 * Change settings (异动设置, /enterpriseInformation/transactionSet): which of 转正, 调岗调薪 and 离职
 * go through review before they take effect (change-review.service.ts), and the probation a new
 * hire gets by default. A company that never saved them has no review and DEFAULT_PROBATION_MONTHS.
 */


const REVIEWABLE = new Set<string>(REVIEWABLE_CHANGE_TYPES.map((t) => t.key));

export async function loadChangeSettings(exec: Executor, companyId: number): Promise<ChangeSettingsView> {
  const row = await rq.findChangeSettings(exec, companyId);
  if (!row) return { reviewTypes: [], defaultProbationMonths: DEFAULT_PROBATION_MONTHS, updatedByName: null, updatedAt: null };
  return {
    reviewTypes: row.reviewTypes.filter((t): t is ReviewableChangeType => REVIEWABLE.has(t)),
    defaultProbationMonths: row.defaultProbationMonths,
    updatedByName: row.updatedByName,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Whether a new change of the type waits for review (待审批) in this company. */
export async function changeNeedsReview(exec: Executor, companyId: number, type: ReviewableChangeType): Promise<boolean> {
  return (await loadChangeSettings(exec, companyId)).reviewTypes.includes(type);
}

/** abnormalChangeSceneConfig/save */
export async function saveChangeSettings(c: ServiceCtx, input: ChangeSettings): Promise<ChangeSettingsView> {
  const before = await loadChangeSettings(c.tx, c.companyId);
  const reviewTypes = REVIEWABLE_CHANGE_TYPES.map((t) => t.key).filter((k) => input.reviewTypes.includes(k));
  await rq.upsertChangeSettings(c.tx, c.companyId, { reviewTypes, defaultProbationMonths: input.defaultProbationMonths, userId: c.user.userId });
  await c.audit({
    action: 'changeSettings.save',
    entity: 'company',
    entityId: c.companyId,
    before: { reviewTypes: before.reviewTypes, defaultProbationMonths: before.defaultProbationMonths },
    after: { reviewTypes, defaultProbationMonths: input.defaultProbationMonths },
  });
  return loadChangeSettings(c.tx, c.companyId);
}

const formScene = (type: ReviewableChangeType) => `change.${type}`;

/** abnormalChangeFormConfig/get: the change type's company form, or null when it has none. */
export async function loadChangeForm(exec: Executor, companyId: number, type: ReviewableChangeType): Promise<ChangeFormAnswer> {
  const stored = await loadFormDefinition(exec, companyId, formScene(type));
  return stored ? { type, ...stored.definition, updatedAt: stored.updatedAt.toISOString() } : null;
}

/** abnormalChangeFormConfig/save: replaces the change type's form; changes already made keep their answers as filled in. */
export async function saveChangeForm(c: ServiceCtx, input: ChangeFormSave): Promise<ChangeFormAnswer> {
  await storeFormDefinition(c, formScene(input.type), input.formConfig, input.widgetList);
  return loadChangeForm(c.tx, c.companyId, input.type);
}

/** abnormalChangeFormConfig/remove: the type has no form any more; changes already made keep their answers. */
export async function removeChangeForm(c: ServiceCtx, type: ReviewableChangeType): Promise<null> {
  await removeFormDefinition(c, formScene(type));
  return null;
}

/**
 * The answers of a change's form checked against the type's form (required fields, widget types);
 * the first problem refused with the field's name. Kept as label and text, so the change reads the
 * same after the form is edited.
 */
export async function changeFormEntries(exec: Executor, companyId: number, type: ReviewableChangeType, values: Record<string, unknown> | undefined): Promise<ChangeFormEntry[]> {
  const form = await loadChangeForm(exec, companyId, type);
  if (!form) return [];
  const r = validateCustomFieldValues(form, values ?? {});
  if (!r.ok) throw badRequest(r.errors[0]!.message);
  return form.widgetList
    .filter((w) => r.values[w.key] !== undefined && r.values[w.key] !== null)
    .map((w) => ({ key: w.key, label: w.label, text: formatCustomValue(w, r.values[w.key]) }));
}
