import type { CustomFormAnswer, CustomFormSave, FormDefinition, FormScene, Widget } from '@wfsaas/contracts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { Executor, Tx } from '../../platform/db.ts';
import { loadSceneForm, recordFill, removeSceneForm, resolvedDefinition, saveSceneForm, type SceneForm } from '../forms/index.ts';

/**
 * The company's forms bound to a scene, kept as versioned forms by the forms module. The employee
 * scene defines the record's custom fields. Saving a new version never touches stored values: a
 * field taken out of the form keeps its values in every record and shows again when it is put back.
 */

function answerOf(scene: FormScene, f: SceneForm | null): CustomFormAnswer | null {
  if (!f) return null;
  const def = resolvedDefinition(f.definition);
  return { scene, formConfig: def.formConfig, widgetList: def.widgetList, updatedAt: f.updatedAt.toISOString(), formId: f.form.id, version: f.version };
}

/** The employee form of the company (dictionary widgets carrying their items), or null when it has none. */
export async function loadEmployeeFormDefinition(tx: Tx, companyId: number): Promise<FormDefinition | null> {
  const f = await loadSceneForm(tx, companyId, 'employee');
  return f ? resolvedDefinition(f.definition) : null;
}

/** customForm/get: the scene's definition, or null when the company has not defined one. */
export async function getCustomForm(c: ServiceCtx, scene: FormScene): Promise<CustomFormAnswer | null> {
  return answerOf(scene, await loadSceneForm(c.tx, c.companyId, scene));
}

/** customForm/save: a new version of the scene's form (validated by the schema: formConfig and at least one widget). */
export async function saveCustomForm(c: ServiceCtx, input: CustomFormSave): Promise<CustomFormAnswer> {
  return answerOf(input.scene, await saveSceneForm(c, input.scene, input))!;
}

/**
 * The current definition of any scene (the employee record's, or another module's such as a change
 * type's form); null when there is none.
 */
export async function loadFormDefinition(tx: Executor, companyId: number, scene: string): Promise<{ definition: FormDefinition; updatedAt: Date; formId: number; version: number } | null> {
  const f = await loadSceneForm(tx, companyId, scene);
  return f ? { definition: resolvedDefinition(f.definition), updatedAt: f.updatedAt, formId: f.form.id, version: f.version } : null;
}

/** A new version of a scene's form, audited. */
export async function storeFormDefinition(c: ServiceCtx, scene: string, formConfig: FormDefinition['formConfig'] | undefined, widgetList: Widget[] | undefined): Promise<void> {
  await saveSceneForm(c, scene, { formConfig, widgetList });
}

/** The scene has no form any more (a module's optional form), audited; nothing when there is none. */
export async function removeFormDefinition(c: ServiceCtx, scene: string): Promise<void> {
  await removeSceneForm(c, scene);
}

/** Records that these employees' custom fields were last filled against the employee form's current version. */
export async function recordEmployeeFills(tx: Tx, companyId: number, employeeIds: readonly number[], userId: number | null): Promise<void> {
  if (employeeIds.length === 0) return;
  const f = await loadSceneForm(tx, companyId, 'employee');
  if (!f) return;
  for (const id of employeeIds) await recordFill(tx, companyId, { formId: f.form.id, subjectType: 'employee', subjectId: id, version: f.version, values: null, userId });
}

/** Records that the employee's custom fields were filled against a given version of the employee form (a registration's). */
export async function recordEmployeeFillVersion(tx: Tx, companyId: number, employeeId: number, formId: number, version: number, userId: number | null): Promise<void> {
  await recordFill(tx, companyId, { formId, subjectType: 'employee', subjectId: employeeId, version, values: null, userId });
}
