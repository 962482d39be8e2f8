import { z } from 'zod';
import { zId } from '../auth.ts';
import { checkFormDefinition, formDefinitionShape, type FormDefinition, type FormLibrary, type Widget } from '../custom-form.ts';
import { SYSTEM_DICTIONARIES, type DictionaryItem } from '../implement/dictionaries.ts';
import { zPaging } from '../paging.ts';

/**
 * 表单管理 and the form designer (/implement/customTable/modifyForm/:id): a company's forms, each
 * saved as numbered versions; the values filled in a form keep the version they were filled against.
 */

export const FORMS_API = '/wfsaas-saas/api';
export const FORM_PATHS = {
  list: '/customerForm/list',
  get: '/customerForm/get',
  save: '/customerForm/save',
  versions: '/customerForm/versions',
  version: '/customerForm/version',
  remove: '/customerForm/remove',
  detail: '/customerFormDetail/get',
  crossFields: '/crossLibraryForm/fields',
  crossValues: '/crossLibraryForm/values',
} as const;
export const FORM_READ = 'modifyForm';
export const FORM_EDIT = 'modifyForm.edit';

/** What a form is bound to: the employee record's custom fields, a change type's form, or nothing (a free form). */
export const FORM_SCENE_LABELS: Record<string, string> = {
  employee: '员工档案自定义字段',
  'change.conversion': '转正表单',
  'change.alternation': '调岗调薪表单',
  'change.quit': '离职表单',
};
export function formSceneLabel(scene: string | null): string {
  if (!scene) return '独立表单';
  return FORM_SCENE_LABELS[scene] ?? scene;
}

/** What a filled form belongs to. */
export const FILL_SUBJECTS = ['employee', 'onboarding', 'record'] as const;
export type FillSubject = (typeof FILL_SUBJECTS)[number];
export const FILL_SUBJECT_LABELS: Record<FillSubject, string> = { employee: '员工档案', onboarding: '入职登记', record: '表单记录' };

export const zFormList = z.object({ ...zPaging, keyword: z.string().trim().max(50).optional().describe('表单名称') });
export const zFormRef = z.object({ formId: zId('表单') });
export const zFormVersionRef = z.object({ formId: zId('表单'), version: z.number().int().min(1).describe('版本') });

export const zFormSave = z
  .object({
    /** Absent for a new form. */
    formId: zId('表单').optional(),
    /** A new form for the employee record's custom fields (the company has none yet). */
    scene: z.literal('employee').optional().describe('表单用途'),
    name: z.string().trim().min(1).max(50).describe('表单名称'),
    description: z.string().trim().max(200).optional().describe('表单说明'),
    ...formDefinitionShape,
  })
  .superRefine(checkFormDefinition);
export type FormSave = z.infer<typeof zFormSave>;

export const zFormDetailGet = z.object({
  formId: zId('表单'),
  subjectType: z.enum(FILL_SUBJECTS).describe('填写对象'),
  subjectId: zId('填写对象'),
});

export const zCrossFields = z.object({ exceptFormId: zId('表单').optional() }).prefault({});

export const zCrossValues = z.object({ formId: zId('表单'), employeeId: zId('员工') });

export type FormView = {
  id: number;
  name: string;
  description: string;
  scene: string | null;
  sceneLabel: string;
  currentVersion: number;
  widgetCount: number;
  /** Filled forms that reference any version (a used form cannot be removed). */
  fillCount: number;
  updatedAt: string;
  updatedByName: string | null;
};

export type FormVersionView = FormDefinition & { formId: number; name: string; version: number; current: boolean; createdAt: string; createdByName: string | null };
export type FormVersionSummary = { version: number; widgetCount: number; createdAt: string; createdByName: string | null; fillCount: number };

/** A filled form: its values and the version they were filled against (that version's definition renders them). */
export type FormDetailView = { formId: number; subjectType: FillSubject; subjectId: number; version: FormVersionView; values: Record<string, unknown>; updatedAt: string | null };

/** A field a cross-library form may draw from. */
export type CrossLibraryField = { library: FormLibrary; field: string; formId?: number; label: string; type: Widget['type']; group: string };
export type CrossLibraryValues = { formId: number; version: number; employeeId: number; values: { widgetId: string; label: string; text: string }[] };

/** The roster's standard fields a cross-library form may show. */
export const ROSTER_LIBRARY_FIELDS: readonly { field: string; label: string; type: Widget['type'] }[] = [
  { field: 'name', label: '姓名', type: 'input' },
  { field: 'employeeNo', label: '工号', type: 'input' },
  { field: 'departmentName', label: '部门', type: 'input' },
  { field: 'positionName', label: '岗位', type: 'input' },
  { field: 'hireDate', label: '入职日期', type: 'date' },
  { field: 'gender', label: '性别', type: 'select' },
  { field: 'education', label: '学历', type: 'select' },
  { field: 'email', label: '邮箱', type: 'email' },
  { field: 'status', label: '员工状态', type: 'select' },
];

/**
 * The system dictionaries every form may use by code: the dictionary centre's (one source); a
 * company's own dictionaries are read through the dictionary centre.
 */
export const SYSTEM_FORM_DICTIONARIES: Record<string, { name: string; items: DictionaryItem[] }> = Object.fromEntries(
  SYSTEM_DICTIONARIES.map((d) => [d.code, { name: d.name, items: d.items.map((x, i) => ({ value: x.value, label: x.label, enabled: true, sort: i + 1, system: true })) }]),
);

/** The definition with each dictionary-backed widget's options filled from its dictionary's enabled items. */
export function withDictionaryOptions<T extends { widgetList: Widget[] }>(def: T, itemsOf: (code: string) => readonly DictionaryItem[] | null): T {
  return {
    ...def,
    widgetList: def.widgetList.map((w) => {
      const code = w.options.dictionaryCode;
      if (!code) return w;
      const list = itemsOf(code) ?? [];
      return { ...w, options: { ...w.options, options: list.filter((x) => x.enabled).map((x) => ({ label: x.label, value: x.value })) } };
    }),
  };
}

/** The widgets the employee fills on the self-onboarding page. */
export function employeeVisibleWidgets(list: readonly Widget[]): Widget[] {
  return list.filter((w) => w.options.visibleToEmployee === true);
}

/** A filled value as text, by its widget (choices by label, pickers by the names given). */
export function formatWidgetValue(w: Widget, v: unknown, names?: { employees?: Map<number, string>; departments?: Map<number, string> }): string {
  if (v === null || v === undefined || v === '') return '';
  const label = (x: unknown) => w.options.options?.find((o) => String(o.value) === String(x))?.label ?? String(x);
  switch (w.type) {
    case 'select':
    case 'radio':
      return label(v);
    case 'multiSelect':
    case 'checkbox':
      return Array.isArray(v) ? v.map(label).join('、') : label(v);
    case 'switch':
      return v === true ? '是' : v === false ? '否' : String(v);
    case 'image':
    case 'file':
      return Array.isArray(v) ? `${v.length}个文件` : '1个文件';
    case 'money':
      return `¥${Number(v).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    case 'dateRange':
      return Array.isArray(v) ? v.join(' 至 ') : String(v);
    case 'employee':
      return names?.employees?.get(Number(v)) ?? `员工#${String(v)}`;
    case 'department':
      return names?.departments?.get(Number(v)) ?? `部门#${String(v)}`;
    case 'section':
      return '';
    default:
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
}
