import {
  DEFAULT_FORM_COLS,
  FORM_SCENE_LABELS,
  ROSTER_LIBRARY_FIELDS,
  SYSTEM_FORM_DICTIONARIES,
  EDUCATIONS,
  EMPLOYEE_STATUSES,
  GENDERS,
  codeLabel,
  formSceneLabel,
  formatWidgetValue,
  validateCustomFieldValues,
  withDictionaryOptions,
  zFormDefinition,
  type CrossLibraryField,
  type CrossLibraryValues,
  type DictionaryItem,
  type FillSubject,
  type FormDefinition,
  type FormDetailView,
  type FormSave,
  type FormVersionSummary,
  type FormVersionView,
  type FormView,
  type Widget,
} from '@wfsaas/contracts';
import type { Executor } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import * as q from './forms.queries.ts';

/**
 * Custom forms (表单管理 and the form designer). Saving a form writes a new version and never
 * changes an old one; a filled form records the version it was filled against and is read back with
 * that version, so a field taken out later still shows in what was filled before.
 */

/** A stored version read back through the schema (defaults filled in). */
function definitionOf(v: Pick<q.VersionRow, 'formConfig' | 'widgetList'>): FormDefinition {
  const parsed = zFormDefinition.safeParse({ formConfig: v.formConfig, widgetList: v.widgetList });
  if (parsed.success && parsed.data.formConfig && parsed.data.widgetList) return { formConfig: parsed.data.formConfig, widgetList: parsed.data.widgetList };
  return { formConfig: { cols: DEFAULT_FORM_COLS }, widgetList: Array.isArray(v.widgetList) ? (v.widgetList as Widget[]) : [] };
}

function versionView(form: q.FormRow, v: q.VersionWithUser): FormVersionView {
  return { formId: form.id, name: form.name, version: v.version, current: v.version === form.currentVersion, ...definitionOf(v), createdAt: v.createdAt.toISOString(), createdByName: v.createdByName };
}

/** The items of a dictionary a widget names: the system lists; null for a code the company does not have. */
export function dictionaryItems(code: string): readonly DictionaryItem[] | null {
  return SYSTEM_FORM_DICTIONARIES[code]?.items ?? null;
}

/** The definition as values are checked and shown against it: dictionary widgets carry their items as options. */
export function resolvedDefinition<T extends { widgetList: Widget[] }>(def: T): T {
  return withDictionaryOptions(def, dictionaryItems);
}

/** Every dictionary a widget names exists; every cross-library source names a field that exists. */
async function checkWidgetReferences(exec: Executor, companyId: number, widgets: readonly Widget[]): Promise<void> {
  for (const w of widgets) {
    const code = w.options.dictionaryCode;
    if (code && !dictionaryItems(code)) throw badRequest(`表单定义：控件「${w.label}」的数据字典「${code}」不存在`);
    const src = w.source;
    if (!src) continue;
    const bad = () => badRequest(`表单定义：控件「${w.label}」的来源字段不存在，请重新选择`);
    if (src.library === 'roster' && !ROSTER_LIBRARY_FIELDS.some((f) => f.field === src.field)) throw bad();
    if (src.library === 'custom') {
      const emp = await loadSceneForm(exec, companyId, 'employee');
      if (!emp?.definition.widgetList.some((x) => x.key === src.field)) throw bad();
    }
    if (src.library === 'form') {
      const f = src.formId ? await q.findForm(exec, companyId, src.formId) : null;
      const v = f ? await q.findVersion(exec, companyId, f.id, f.currentVersion) : null;
      if (!v || !definitionOf(v).widgetList.some((x) => x.key === src.field)) throw bad();
    }
  }
}

// ── forms bound to a scene (the employee record's custom fields, a change type's form) ──

export type SceneForm = { form: q.FormRow; version: number; definition: FormDefinition; updatedAt: Date };

/**
 * The scene's form at its current version, or null. A definition stored before forms had versions
 * becomes the form's version 1 the first time it is read.
 */
export async function loadSceneForm(exec: Executor, companyId: number, scene: string): Promise<SceneForm | null> {
  let form = await q.findFormByScene(exec, companyId, scene);
  if (!form) {
    const legacy = await q.findLegacyDefinition(exec, companyId, scene);
    if (!legacy) return null;
    form = (await q.insertForm(exec, { companyId, name: FORM_SCENE_LABELS[scene] ?? scene, description: '', scene, userId: legacy.updatedBy })) ?? (await q.findFormByScene(exec, companyId, scene));
    if (!form) return null;
    if (!(await q.findVersion(exec, companyId, form.id, 1))) await q.insertVersion(exec, { companyId, formId: form.id, version: 1, formConfig: legacy.formConfig, widgetList: legacy.widgetList, userId: legacy.updatedBy });
    await q.deleteLegacyDefinition(exec, companyId, scene);
  }
  const v = await q.findVersion(exec, companyId, form.id, form.currentVersion);
  if (!v) return null;
  return { form, version: v.version, definition: definitionOf(v), updatedAt: form.updatedAt };
}

/** A version of a form (the one a fill was made against). */
export async function loadFormVersion(exec: Executor, companyId: number, formId: number, version: number): Promise<FormDefinition | null> {
  const v = await q.findVersion(exec, companyId, formId, version);
  return v ? definitionOf(v) : null;
}

/** Saves a new version of a form: the scene's (made on first save) or the one named; audited. */
async function writeVersion(c: ServiceCtx, target: { form: q.FormRow | null; scene: string | null; name: string; description: string }, def: FormDefinition): Promise<{ form: q.FormRow; version: number }> {
  await checkWidgetReferences(c.tx, c.companyId, def.widgetList);
  const formConfig = { ...def.formConfig, cols: def.formConfig.cols ?? DEFAULT_FORM_COLS };
  let form = target.form;
  let version: number;
  let before: unknown = null;
  if (!form) {
    form = await q.insertForm(c.tx, { companyId: c.companyId, name: target.name, description: target.description, scene: target.scene, userId: c.user.userId });
    if (!form) throw conflict('该表单刚刚被他人创建，请刷新后重试');
    version = 1;
  } else {
    const prev = await q.findVersion(c.tx, c.companyId, form.id, form.currentVersion);
    before = { version: form.currentVersion, widgets: prev ? widgetKeys(prev.widgetList) : [] };
    version = await q.bumpVersion(c.tx, c.companyId, form.id, { name: target.name, description: target.description, userId: c.user.userId });
  }
  await q.insertVersion(c.tx, { companyId: c.companyId, formId: form.id, version, formConfig, widgetList: def.widgetList, userId: c.user.userId });
  await c.audit({ action: 'customerForm.save', entity: 'custom_form', entityId: form.id, before, after: { name: target.name, scene: form.scene, version, widgets: widgetKeys(def.widgetList) } });
  return { form: (await q.findForm(c.tx, c.companyId, form.id))!, version };
}

const widgetKeys = (list: unknown) => (Array.isArray(list) ? (list as Widget[]).map((w) => `${w.key}:${w.type}`) : []);

/** A new version of the scene's form (the form is made on the first save). */
export async function saveSceneForm(c: ServiceCtx, scene: string, def: { formConfig?: FormDefinition['formConfig']; widgetList?: Widget[] }): Promise<SceneForm> {
  if (!def.formConfig || !def.widgetList || def.widgetList.length === 0) throw badRequest('表单定义需要包含表单配置和至少一个控件');
  const current = await loadSceneForm(c.tx, c.companyId, scene);
  const name = current?.form.name ?? FORM_SCENE_LABELS[scene] ?? scene;
  await writeVersion(c, { form: current?.form ?? null, scene, name, description: current?.form.description ?? '' }, { formConfig: def.formConfig, widgetList: def.widgetList });
  return (await loadSceneForm(c.tx, c.companyId, scene))!;
}

/** The scene no longer has a form: a filled form is kept (unbound, its fills still read), an unused one is removed. */
export async function removeSceneForm(c: ServiceCtx, scene: string): Promise<void> {
  const current = await loadSceneForm(c.tx, c.companyId, scene);
  if (!current) return;
  if ((await q.countFills(c.tx, c.companyId, current.form.id)) > 0) await q.setFormScene(c.tx, c.companyId, current.form.id, null);
  else await q.deleteForm(c.tx, c.companyId, current.form.id);
  await c.audit({ action: 'customerForm.remove', entity: 'custom_form', entityId: current.form.id, before: { scene, version: current.version }, after: null });
}

/** Records that a subject's values were filled against a version (with the values, unless the subject keeps them itself). */
export async function recordFill(exec: Executor, companyId: number, v: { formId: number; subjectType: FillSubject; subjectId: number; version: number; values: Record<string, unknown> | null; userId: number | null }): Promise<void> {
  await q.upsertFill(exec, { companyId, ...v });
}

/** The picked employees and departments of the values exist in the company; the first that does not is refused. */
export async function checkPickedRecords(exec: Executor, companyId: number, widgets: readonly Widget[], values: Record<string, unknown>): Promise<void> {
  for (const kind of ['employee', 'department'] as const) {
    const picked = widgets.filter((w) => w.type === kind && typeof values[w.key] === 'number');
    if (picked.length === 0) continue;
    const ids = picked.map((w) => values[w.key] as number);
    const found = kind === 'employee' ? await q.existingEmployeeIds(exec, companyId, ids) : await q.existingDepartmentIds(exec, companyId, ids);
    const missing = picked.find((w) => !found.has(values[w.key] as number));
    if (missing) throw badRequest(`${missing.label}：所选${kind === 'employee' ? '员工' : '部门'}不存在，请重新选择`);
  }
}

/**
 * Values checked against a definition: types, required fields, options from dictionaries, picked
 * records; the normalised values, or the first problem refused naming the field.
 */
export async function checkFormValues(exec: Executor, companyId: number, def: FormDefinition, values: Record<string, unknown>, options: { partial?: boolean } = {}): Promise<Record<string, unknown>> {
  const resolved = resolvedDefinition(def);
  const r = validateCustomFieldValues(resolved, values, options);
  if (!r.ok) throw badRequest(r.errors[0]!.message);
  await checkPickedRecords(exec, companyId, resolved.widgetList, r.values);
  return r.values;
}

// ── customerForm ──

function formView(r: q.FormListRow): FormView {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    scene: r.scene,
    sceneLabel: formSceneLabel(r.scene),
    currentVersion: r.currentVersion,
    widgetCount: r.widgetCount,
    fillCount: r.fillCount,
    updatedAt: r.updatedAt.toISOString(),
    updatedByName: r.updatedByName,
  };
}

async function requireForm(c: ServiceCtx, formId: number): Promise<q.FormRow> {
  const form = await q.findForm(c.tx, c.companyId, formId);
  if (!form) throw notFound('表单');
  return form;
}

/** customerForm/list; the employee form kept before versions shows here once upgraded. */
export async function listForms(c: ServiceCtx, input: { pageNum: number; pageSize: number; keyword?: string }): Promise<Paged<FormView>> {
  await loadSceneForm(c.tx, c.companyId, 'employee');
  const { rows, total } = await q.listForms(c.tx, c.companyId, { keyword: input.keyword || undefined }, (input.pageNum - 1) * input.pageSize, input.pageSize);
  return new Paged(rows.map(formView), input.pageNum, input.pageSize, total);
}

/** customerForm/get: the form at its current version. */
export async function getForm(c: ServiceCtx, formId: number): Promise<FormVersionView> {
  const form = await requireForm(c, formId);
  return versionView(form, (await q.findVersion(c.tx, c.companyId, form.id, form.currentVersion))!);
}

/** customerForm/save: a new form (version 1) or the next version of the one named. */
export async function saveForm(c: ServiceCtx, input: FormSave): Promise<FormVersionView> {
  const form = input.formId ? await requireForm(c, input.formId) : input.scene ? ((await loadSceneForm(c.tx, c.companyId, input.scene))?.form ?? null) : null;
  const { form: saved, version } = await writeVersion(
    c,
    { form, scene: form?.scene ?? input.scene ?? null, name: input.name, description: input.description ?? '' },
    { formConfig: input.formConfig!, widgetList: input.widgetList! },
  );
  return versionView(saved, (await q.findVersion(c.tx, c.companyId, saved.id, version))!);
}

/** customerForm/versions: newest first, with how many filled forms each one holds. */
export async function listVersions(c: ServiceCtx, formId: number): Promise<FormVersionSummary[]> {
  await requireForm(c, formId);
  return (await q.listVersions(c.tx, c.companyId, formId)).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** customerForm/version: one version, read only. */
export async function getVersion(c: ServiceCtx, formId: number, version: number): Promise<FormVersionView> {
  const form = await requireForm(c, formId);
  const v = await q.findVersion(c.tx, c.companyId, formId, version);
  if (!v) throw notFound(`表单第${version}版`);
  return versionView(form, v);
}

/** customerForm/remove: only a form nothing was filled in and nothing uses. */
export async function removeForm(c: ServiceCtx, formId: number): Promise<null> {
  const form = await requireForm(c, formId);
  if (form.scene) throw conflict(`「${form.name}」正用作${formSceneLabel(form.scene)}，不能删除`);
  const fills = await q.countFills(c.tx, c.companyId, formId);
  if (fills > 0) throw conflict(`「${form.name}」已有${fills}份填写记录，不能删除`);
  await q.deleteForm(c.tx, c.companyId, formId);
  await c.audit({ action: 'customerForm.remove', entity: 'custom_form', entityId: formId, before: { name: form.name, version: form.currentVersion }, after: null });
  return null;
}

// ── customerFormDetail ──

/**
 * customerFormDetail/get: the values a subject filled and the version they were filled against. An
 * employee's custom fields live on the record; filled before versions were kept, they read with the
 * current version.
 */
export async function formDetail(c: ServiceCtx, input: { formId: number; subjectType: FillSubject; subjectId: number }): Promise<FormDetailView> {
  const form = await requireForm(c, input.formId);
  const fill = await q.findFill(c.tx, c.companyId, form.id, input.subjectType, input.subjectId);
  let values = fill?.values ?? null;
  if (input.subjectType === 'employee') {
    const emp = await q.findEmployeeLibrary(c.tx, c.companyId, input.subjectId);
    if (!emp) throw notFound('员工');
    if (values === null && form.scene === 'employee') values = emp.customFields ?? {};
  }
  if (!fill && values === null) throw notFound('填写记录');
  const version = await q.findVersion(c.tx, c.companyId, form.id, fill?.version ?? form.currentVersion);
  return { formId: form.id, subjectType: input.subjectType, subjectId: input.subjectId, version: versionView(form, version!), values: values ?? {}, updatedAt: fill ? fill.updatedAt.toISOString() : null };
}

// ── crossLibraryForm ──

/** crossLibraryForm/fields: the roster's standard fields, the employee custom fields, and other forms' fields. */
export async function crossLibraryFields(c: ServiceCtx, exceptFormId?: number): Promise<CrossLibraryField[]> {
  const out: CrossLibraryField[] = ROSTER_LIBRARY_FIELDS.map((f) => ({ library: 'roster', field: f.field, label: f.label, type: f.type, group: '花名册标准字段' }));
  const emp = await loadSceneForm(c.tx, c.companyId, 'employee');
  for (const w of emp?.definition.widgetList ?? []) if (w.type !== 'section') out.push({ library: 'custom', field: w.key, label: w.label, type: w.type, group: '员工自定义字段' });
  const { rows } = await q.listForms(c.tx, c.companyId, {}, 0, 200);
  for (const f of rows) {
    if (f.scene === 'employee' || f.id === exceptFormId) continue;
    const v = await q.findVersion(c.tx, c.companyId, f.id, f.currentVersion);
    for (const w of v ? definitionOf(v).widgetList : []) if (w.type !== 'section' && !w.source) out.push({ library: 'form', formId: f.id, field: w.key, label: w.label, type: w.type, group: `表单：${f.name}` });
  }
  return out;
}

function rosterText(field: string, e: q.EmployeeLibraryRow): string {
  switch (field) {
    case 'gender':
      return e.gender === null ? '' : codeLabel(GENDERS, e.gender as 1);
    case 'education':
      return e.education === null ? '' : codeLabel(EDUCATIONS, e.education as 1);
    case 'status':
      return codeLabel(EMPLOYEE_STATUSES, e.status as 0);
    default: {
      const v = (e as unknown as Record<string, unknown>)[field];
      return v === null || v === undefined ? '' : String(v);
    }
  }
}

/** crossLibraryForm/values: each field of the form read for one employee from the library it names. */
export async function crossLibraryValues(c: ServiceCtx, input: { formId: number; employeeId: number }): Promise<CrossLibraryValues> {
  const form = await requireForm(c, input.formId);
  const v = (await q.findVersion(c.tx, c.companyId, form.id, form.currentVersion))!;
  const def = resolvedDefinition(definitionOf(v));
  const emp = await q.findEmployeeLibrary(c.tx, c.companyId, input.employeeId);
  if (!emp) throw notFound('员工');
  const empForm = await loadSceneForm(c.tx, c.companyId, 'employee');
  const own = await q.findFill(c.tx, c.companyId, form.id, 'employee', emp.id);
  const otherFills = new Map<number, { values: Record<string, unknown>; def: FormDefinition } | null>();
  const values: CrossLibraryValues['values'] = [];
  for (const w of def.widgetList) {
    if (w.type === 'section') continue;
    const src = w.source;
    let text = '';
    if (!src) text = formatWidgetValue(w, own?.values?.[w.key]);
    else if (src.library === 'roster') text = rosterText(src.field, emp);
    else if (src.library === 'custom') {
      const cw = empForm ? resolvedDefinition(empForm.definition).widgetList.find((x) => x.key === src.field) : undefined;
      text = cw ? formatWidgetValue(cw, emp.customFields?.[src.field]) : '';
    } else if (src.formId) {
      if (!otherFills.has(src.formId)) {
        const fill = await q.findFill(c.tx, c.companyId, src.formId, 'employee', emp.id);
        const fv = fill ? await loadFormVersion(c.tx, c.companyId, src.formId, fill.version) : null;
        otherFills.set(src.formId, fill && fv ? { values: fill.values ?? {}, def: resolvedDefinition(fv) } : null);
      }
      const other = otherFills.get(src.formId);
      const ow = other?.def.widgetList.find((x) => x.key === src.field);
      text = other && ow ? formatWidgetValue(ow, other.values[src.field]) : '';
    }
    values.push({ widgetId: w.id, label: w.label, text });
  }
  const pickedEmployees = def.widgetList.filter((w) => w.type === 'employee').map((w) => Number(own?.values?.[w.key])).filter(Number.isFinite);
  if (pickedEmployees.length) {
    const names = await q.namesOf(c.tx, c.companyId, pickedEmployees, []);
    def.widgetList.forEach((w) => {
      const hit = values.find((x) => x.widgetId === w.id);
      if (hit && w.type === 'employee' && !w.source) hit.text = formatWidgetValue(w, own?.values?.[w.key], names);
    });
  }
  return { formId: form.id, version: v.version, employeeId: emp.id, values };
}
