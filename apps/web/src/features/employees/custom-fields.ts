import { DEFAULT_FORM_COLS, WIDGET_TYPE_LABELS, WIDGET_TYPES, type CustomFormAnswer, type Widget, type WidgetType } from '@wfsaas/contracts';

/**
 * 字段设置: the company's custom employee fields as the settings drawer edits them, and the
 * customForm/save body built from them (pure, unit-tested). The checks mirror zCustomFormSave in
 * packages/contracts so that the admin sees a message naming the field before anything is sent.
 */

// ── limits of the schema (zWidget, zWidgetOption, zFormConfig) ──

export const MAX_FIELDS = 200;
export const MAX_OPTIONS = 200;
export const LABEL_MAX = 50;
export const OPTION_MAX = 50;
export const PLACEHOLDER_MAX = 100;
export const MAX_LENGTH_LIMIT = 5000;
export const PRECISION_MAX = 6;
const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

/** Column counts offered for the form grid (docs/product.md#client-conventions: span = 24 / columns). */
export const FORM_COL_CHOICES: readonly number[] = [1, 2, 3, 4];

/** Widget types with a list of options to choose from. */
export const OPTION_TYPES: readonly WidgetType[] = ['select', 'multiSelect', 'radio', 'checkbox'];

export function isOptionType(type: WidgetType): boolean {
  return OPTION_TYPES.includes(type);
}

/** Every widget type the server accepts, with its Chinese name, in the schema's order. */
export const WIDGET_TYPE_CHOICES: readonly { value: WidgetType; label: string }[] = WIDGET_TYPES.map((t) => ({ value: t, label: WIDGET_TYPE_LABELS[t] }));

/** Types whose values are typed in as text and may be limited in length. */
const TEXT_TYPES: readonly WidgetType[] = ['input', 'textarea'];

/** Types with a placeholder in the add form. */
const PLACEHOLDER_TYPES: readonly WidgetType[] = ['input', 'textarea', 'number', 'date', 'select', 'multiSelect', 'radio', 'checkbox', 'phone', 'email', 'idNumber'];

export function hasMaxLength(type: WidgetType): boolean {
  return TEXT_TYPES.includes(type);
}

export function hasPlaceholder(type: WidgetType): boolean {
  return PLACEHOLDER_TYPES.includes(type);
}

/**
 * Whether a field of this type may be required. A switch is always answered (off is an answer) and
 * images and files are uploaded in the employee file, not in the add form, so these cannot be.
 */
export function canBeRequired(type: WidgetType): boolean {
  return type !== 'switch' && type !== 'image' && type !== 'file';
}

/**
 * The types a field may change to. A saved field keeps values in employee records, so it may only
 * change within a family whose values stay valid: text to text, one choice to one choice, several
 * choices to several choices. A new field may take any type.
 */
export function compatibleTypes(type: WidgetType, saved: boolean): WidgetType[] {
  if (!saved) return [...WIDGET_TYPES];
  const families: readonly (readonly WidgetType[])[] = [TEXT_TYPES, ['select', 'radio'], ['multiSelect', 'checkbox']];
  return [...(families.find((f) => f.includes(type)) ?? [type])];
}

// ── drafts ──

export type OptionDraft = { label: string; value?: string | number };

/** One field as the drawer holds it. */
export type FieldDraft = {
  id: string;
  key: string;
  type: WidgetType;
  label: string;
  required: boolean;
  placeholder: string;
  options: OptionDraft[];
  min: number | null;
  max: number | null;
  precision: number | null;
  maxLength: number | null;
  /** true when the field is in the stored definition (employees may hold values for it) */
  saved: boolean;
  /** the stored widget's other properties (icon, cols, source), kept as they are */
  extra: Pick<Widget, 'icon' | 'cols' | 'source'>;
  /** options this editor does not show (set in the form designer: pattern, dictionary, default …), kept as they are */
  keptOptions?: Partial<Widget['options']>;
};

const EDITED_OPTIONS = new Set(['required', 'placeholder', 'options', 'min', 'max', 'precision', 'maxLength']);

export function draftOf(w: Widget, saved = true): FieldDraft {
  const o = w.options;
  return {
    id: w.id,
    key: w.key,
    type: w.type,
    label: w.label,
    required: o.required === true,
    placeholder: o.placeholder ?? '',
    options: (o.options ?? []).map((x) => ({ label: x.label, value: x.value })),
    min: o.min ?? null,
    max: o.max ?? null,
    precision: o.precision ?? null,
    maxLength: o.maxLength ?? null,
    saved,
    extra: { ...(w.icon !== undefined ? { icon: w.icon } : {}), ...(w.cols !== undefined ? { cols: w.cols } : {}), ...(w.source !== undefined ? { source: w.source } : {}) },
    keptOptions: Object.fromEntries(Object.entries(o).filter(([k]) => !EDITED_OPTIONS.has(k))),
  };
}

/** The drawer's starting state: the stored fields and columns, or an empty form of 2 columns. */
export function draftsOf(answer: StoredForm | null | undefined): { fields: FieldDraft[]; cols: number } {
  return { fields: (answer?.widgetList ?? []).map((w) => draftOf(w, true)), cols: answer?.formConfig.cols ?? DEFAULT_FORM_COLS };
}

/**
 * A new field key: `cf_` and the time in base 36, never one already taken. Keys of fields removed
 * in this session count as taken, so a new field never picks up the values an old field left in the
 * records. The key is made once, when the field is added, and never follows the label.
 */
export function newFieldKey(taken: Iterable<string>, seed: number = Date.now()): string {
  const used = new Set(taken);
  for (let n = Math.max(0, Math.floor(seed)); ; n++) {
    const key = `cf_${n.toString(36)}`;
    if (!used.has(key)) return key;
  }
}

/** An empty single-line text field with a fresh key (and id). */
export function newDraft(taken: Iterable<string>, takenIds: Iterable<string>, seed: number = Date.now()): FieldDraft {
  const key = newFieldKey(taken, seed);
  const ids = new Set(takenIds);
  let id = `w_${key}`;
  for (let i = 2; ids.has(id); i++) id = `w_${key}_${i}`;
  return { id, key, type: 'input', label: '', required: false, placeholder: '', options: [], min: null, max: null, precision: null, maxLength: null, saved: false, extra: {} };
}

/**
 * Option values: a kept option keeps its value (stored answers refer to it) even when its label is
 * renamed; a new option takes its label as value, made unique with a suffix when needed.
 */
export function assignOptionValues(options: readonly OptionDraft[]): { label: string; value: string | number }[] {
  const kept = new Set(options.filter((o) => o.value !== undefined && o.value !== '').map((o) => String(o.value)));
  const out: { label: string; value: string | number }[] = [];
  for (const o of options) {
    const label = o.label.trim();
    if (o.value !== undefined && o.value !== '') {
      out.push({ label, value: o.value });
      continue;
    }
    const base = label.slice(0, OPTION_MAX);
    let value = base;
    for (let i = 2; kept.has(value); i++) {
      const suffix = `_${i}`;
      value = base.slice(0, OPTION_MAX - suffix.length) + suffix;
    }
    kept.add(value);
    out.push({ label, value });
  }
  return out;
}

/** The widget saved for a draft: only the properties its type uses. */
export function toWidget(d: FieldDraft): Widget {
  const options: Widget['options'] = { ...(d.keptOptions ?? {}) };
  if (d.required && canBeRequired(d.type)) options.required = true;
  const placeholder = d.placeholder.trim();
  if (placeholder && hasPlaceholder(d.type)) options.placeholder = placeholder;
  if (isOptionType(d.type) && !options.dictionaryCode) options.options = assignOptionValues(d.options);
  if (d.type === 'number') {
    if (d.min !== null) options.min = d.min;
    if (d.max !== null) options.max = d.max;
    if (d.precision !== null) options.precision = d.precision;
  }
  if (hasMaxLength(d.type) && d.maxLength !== null) options.maxLength = d.maxLength;
  return { id: d.id, type: d.type, label: d.label.trim(), key: d.key, options, ...d.extra };
}

// ── checks (each message says what to do; the list-level ones name the field) ──

/** The field name: required, at most 50 characters, not used by another field. */
export function labelError(label: string, otherLabels: readonly string[]): string | null {
  const s = label.trim();
  if (!s) return '字段名称不能为空';
  if (s.length > LABEL_MAX) return `字段名称不能超过${LABEL_MAX}个字符`;
  if (otherLabels.some((l) => l.trim() === s)) return `字段名称「${s}」已存在，请换一个名称`;
  return null;
}

/** The options of a choice field: at least one, each named (≤ 50 characters), no name twice. */
export function optionsError(type: WidgetType, options: readonly OptionDraft[]): string | null {
  if (!isOptionType(type)) return null;
  const what = type === 'select' || type === 'multiSelect' ? '下拉选项' : '选项';
  if (options.length === 0) return `${what}至少一项`;
  if (options.length > MAX_OPTIONS) return `${what}最多${MAX_OPTIONS}项`;
  const seen = new Set<string>();
  for (let i = 0; i < options.length; i++) {
    const label = options[i]!.label.trim();
    if (!label) return `第${i + 1}个${what}的名称不能为空`;
    if (label.length > OPTION_MAX) return `${what}「${label.slice(0, 10)}…」不能超过${OPTION_MAX}个字符`;
    if (seen.has(label)) return `${what}「${label}」重复`;
    seen.add(label);
  }
  return null;
}

/** The number settings: min ≤ max, 0–6 decimals. */
export function numberError(d: Pick<FieldDraft, 'type' | 'min' | 'max' | 'precision'>): string | null {
  if (d.type !== 'number') return null;
  if (d.min !== null && d.max !== null && d.min > d.max) return '最小值不能大于最大值';
  if (d.precision !== null && (!Number.isInteger(d.precision) || d.precision < 0 || d.precision > PRECISION_MAX)) return `小数位数应为0到${PRECISION_MAX}的整数`;
  return null;
}

export function maxLengthError(d: Pick<FieldDraft, 'type' | 'maxLength'>): string | null {
  if (!hasMaxLength(d.type) || d.maxLength === null) return null;
  if (!Number.isInteger(d.maxLength) || d.maxLength < 1 || d.maxLength > MAX_LENGTH_LIMIT) return `最大长度应为1到${MAX_LENGTH_LIMIT}的整数`;
  return null;
}

export function placeholderError(placeholder: string): string | null {
  return placeholder.trim().length > PLACEHOLDER_MAX ? `提示文字不能超过${PLACEHOLDER_MAX}个字符` : null;
}

/** Everything wrong with one field, as it would be shown beside its inputs. */
export function fieldErrors(d: FieldDraft, otherLabels: readonly string[]): string[] {
  return [
    labelError(d.label, otherLabels),
    KEY_PATTERN.test(d.key) ? null : '字段标识只能以字母开头，由字母、数字和下划线组成',
    optionsError(d.type, d.options),
    numberError(d),
    maxLengthError(d),
    placeholderError(d.placeholder),
  ].filter((m): m is string => m !== null);
}

/** The name a message uses for a field: its label, or its position when it has none. */
export function fieldName(d: FieldDraft, index: number): string {
  const s = d.label.trim();
  return s ? `字段「${s}」` : `第${index + 1}个字段`;
}

/**
 * Everything that would stop the save, each message naming its field (docs/product.md#client-conventions: at least one
 * widget; keys and ids unique; the grid 1–24 columns).
 */
export function definitionErrors(fields: readonly FieldDraft[], cols: number): string[] {
  const out: string[] = [];
  if (fields.length === 0) out.push('请至少保留一个字段（表单定义需要至少一个控件）');
  if (fields.length > MAX_FIELDS) out.push(`字段最多${MAX_FIELDS}个`);
  if (!Number.isInteger(cols) || cols < 1 || cols > 24) out.push('表单列数应为1到24的整数');
  const keys = new Set<string>();
  const ids = new Set<string>();
  fields.forEach((d, i) => {
    const others = fields.filter((_, j) => j !== i).map((x) => x.label);
    for (const m of fieldErrors(d, others)) out.push(`${fieldName(d, i)}：${m}`);
    if (keys.has(d.key)) out.push(`${fieldName(d, i)}：字段标识重复（${d.key}）`);
    keys.add(d.key);
    if (ids.has(d.id)) out.push(`${fieldName(d, i)}：控件编号重复（${d.id}）`);
    ids.add(d.id);
  });
  return [...new Set(out)];
}

/** A stored form definition as the field editor needs it (the employee form, or a change type's form). */
export type StoredForm = Pick<CustomFormAnswer, 'formConfig' | 'widgetList'>;

export type CustomFormSaveBody = { scene: 'employee'; formConfig: Record<string, unknown> & { cols: number }; widgetList: Widget[] };

/** The customForm/save body; the stored formConfig's other settings (labelWidth …) are kept. */
export function toSaveBody(fields: readonly FieldDraft[], cols: number, stored: StoredForm | null | undefined): CustomFormSaveBody {
  return { scene: 'employee', formConfig: { ...(stored?.formConfig ?? {}), cols }, widgetList: fields.map(toWidget) };
}

/** True when the drafts would save something other than what is stored. */
export function isChanged(fields: readonly FieldDraft[], cols: number, stored: StoredForm | null | undefined): boolean {
  const initial = draftsOf(stored);
  return JSON.stringify(toSaveBody(fields, cols, stored)) !== JSON.stringify(toSaveBody(initial.fields, initial.cols, stored));
}

/** The list with item `index` moved by `delta` places (unchanged when it would leave the list). */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(index, 1);
  out.splice(to, 0, item!);
  return out;
}

/** The options as one line for the list (下拉单选: S、M、L). */
export function optionSummary(d: Pick<FieldDraft, 'type' | 'options'>, empty = '-'): string {
  if (!isOptionType(d.type)) return empty;
  const labels = d.options.map((o) => o.label.trim()).filter(Boolean);
  return labels.length ? labels.join('、') : empty;
}
