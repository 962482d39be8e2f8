import { DEFAULT_FORM_COLS, zFormDefinition, type CustomFormAnswer, type CustomFormSave, type FormDefinition, type FormScene, type Widget } from '@wfsaas/contracts';
import { badRequest } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { Executor, Tx } from '../../platform/db.ts';
import * as q from './custom-form.queries.ts';

/**
 * The company's form definitions. The employee scene defines the record's custom
 * fields. Saving a new definition never touches stored values: a field taken out of the form keeps
 * its values in every record and shows again when it is put back.
 */


function answerOf(scene: FormScene, row: q.FormDefinitionRow | null): CustomFormAnswer | null {
  if (!row) return null;
  const def = toDefinition(row);
  if (!def) return null;
  return { scene, formConfig: def.formConfig, widgetList: def.widgetList, updatedAt: row.updatedAt.toISOString() };
}

/** The stored definition read back through the schema (defaults filled in); null if it no longer parses. */
function toDefinition(row: q.FormDefinitionRow): FormDefinition | null {
  const parsed = zFormDefinition.safeParse({ formConfig: row.formConfig, widgetList: row.widgetList });
  if (!parsed.success || !parsed.data.formConfig || !parsed.data.widgetList) return null;
  return { formConfig: parsed.data.formConfig, widgetList: parsed.data.widgetList };
}

/** The employee form of the company, or null when it has none. */
export async function loadEmployeeFormDefinition(tx: Tx, companyId: number): Promise<FormDefinition | null> {
  const row = await q.findFormDefinition(tx, companyId, 'employee');
  return row ? toDefinition(row) : null;
}

/** customForm/get: the scene's definition, or null when the company has not defined one. */
export async function getCustomForm(c: ServiceCtx, scene: FormScene): Promise<CustomFormAnswer | null> {
  return answerOf(scene, await q.findFormDefinition(c.tx, c.companyId, scene));
}

/** customForm/save: replaces the scene's definition (validated by the schema: formConfig and at least one widget). */
export async function saveCustomForm(c: ServiceCtx, input: CustomFormSave): Promise<CustomFormAnswer> {
  const { scene, formConfig, widgetList } = input;
  const row = await storeFormDefinition(c, scene, formConfig, widgetList);
  return answerOf(scene, row)!;
}

/**
 * A stored definition of any scene (the employee record's, or another module's such as a change
 * type's form), read back through the schema; null when there is none or it no longer parses.
 */
export async function loadFormDefinition(tx: Executor, companyId: number, scene: string): Promise<{ definition: FormDefinition; updatedAt: Date } | null> {
  const row = await q.findFormDefinition(tx, companyId, scene);
  const definition = row ? toDefinition(row) : null;
  return row && definition ? { definition, updatedAt: row.updatedAt } : null;
}

/** Replaces a scene's definition, audited. */
export async function storeFormDefinition(c: ServiceCtx, scene: string, formConfig: FormDefinition['formConfig'] | undefined, widgetList: Widget[] | undefined): Promise<q.FormDefinitionRow> {
  // the schemas already refuse these; kept so that a caller inside the server cannot store a broken form
  if (!formConfig || !widgetList || widgetList.length === 0) throw badRequest('表单定义需要包含表单配置和至少一个控件');
  const before = await q.findFormDefinition(c.tx, c.companyId, scene);
  const row = await q.upsertFormDefinition(c.tx, {
    companyId: c.companyId,
    scene,
    formConfig: { ...formConfig, cols: formConfig.cols ?? DEFAULT_FORM_COLS },
    widgetList,
    updatedBy: c.user.userId,
  });
  const keys = (list: unknown) => (Array.isArray(list) ? (list as Widget[]).map((w) => `${w.key}:${w.type}`) : []);
  await c.audit({
    action: 'customForm.save',
    entity: 'custom_form_definition',
    entityId: row.id,
    before: before ? { scene, widgets: keys(before.widgetList) } : null,
    after: { scene, widgets: keys(widgetList) },
  });
  return row;
}

/** Removes a scene's definition (a module's optional form), audited; nothing when there is none. */
export async function removeFormDefinition(c: ServiceCtx, scene: string): Promise<void> {
  if (await q.deleteFormDefinition(c.tx, c.companyId, scene)) {
    await c.audit({ action: 'customForm.remove', entity: 'custom_form_definition', entityId: null, before: { scene }, after: null });
  }
}
