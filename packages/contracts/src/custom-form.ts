import { z } from 'zod';
import { FILE_ID_PATTERN } from './auth.ts';
import { chineseIdCardError, isValidIsoDate, normalizeIdNumber } from './id-numbers.ts';
import { labelled } from './schema-labels.ts';

/** Custom form definitions (formConfig + widgetList) and the check of the values an employee record holds for them. */

export const FORM_SCENES = ['employee'] as const;
export type FormScene = (typeof FORM_SCENES)[number];

export const WIDGET_TYPES = [
  'input',
  'textarea',
  'number',
  'date',
  'select',
  'multiSelect',
  'radio',
  'checkbox',
  'switch',
  'phone',
  'email',
  'idNumber',
  'image',
  'file',
  'money',
  'dateRange',
  'employee',
  'department',
  'section',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];
export const WIDGET_TYPE_LABELS: Record<WidgetType, string> = {
  input: '单行文本',
  textarea: '多行文本',
  number: '数字',
  date: '日期',
  select: '下拉单选',
  multiSelect: '下拉多选',
  radio: '单选框',
  checkbox: '复选框',
  switch: '开关',
  phone: '电话',
  email: '邮箱',
  idNumber: '身份证号',
  image: '图片',
  file: '附件',
  money: '金额',
  dateRange: '日期区间',
  employee: '选择员工',
  department: '选择部门',
  section: '分组标题',
};
const OPTION_WIDGETS: readonly WidgetType[] = ['select', 'multiSelect', 'radio', 'checkbox'];
/** Types whose value is typed text that a pattern may constrain. */
export const PATTERN_WIDGETS: readonly WidgetType[] = ['input', 'textarea'];
/** Types with a numeric minimum and maximum. */
export const RANGE_WIDGETS: readonly WidgetType[] = ['number', 'money'];
/** Types with an earliest and latest date. */
export const DATE_WIDGETS: readonly WidgetType[] = ['date', 'dateRange'];
/** Types that hold no value (a heading between groups of fields). */
export const DISPLAY_WIDGETS: readonly WidgetType[] = ['section'];
/** Libraries a cross-library widget reads its value from. */
export const FORM_LIBRARIES = ['roster', 'custom', 'form'] as const;
export type FormLibrary = (typeof FORM_LIBRARIES)[number];

/** A pattern's length limit: patterns are typed by implementers, values are at most 2000 characters. */
export const PATTERN_MAX = 200;
const patternCache = new Map<string, RegExp>();

/**
 * A widget's pattern compiled once, or the reason it is refused: too long, not a valid regular
 * expression, or shaped for catastrophic backtracking (a quantified group holding a quantifier, a
 * back-reference).
 */
export function compilePattern(pattern: string): RegExp | string {
  const hit = patternCache.get(pattern);
  if (hit) return hit;
  if (pattern.length > PATTERN_MAX) return `正则表达式不能超过${PATTERN_MAX}个字符`;
  if (/\\[1-9]|\\k</.test(pattern)) return '正则表达式不能使用反向引用';
  if (/\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*[+*{]/.test(pattern)) return '正则表达式不能嵌套重复（如 (a+)+），请简化';
  let re: RegExp;
  try {
    re = new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return '正则表达式无效，请检查写法';
  }
  if (patternCache.size >= 500) patternCache.clear();
  patternCache.set(pattern, re);
  return re;
}

/** The message shown when a form definition lacks formConfig or widgets. */
export const FORM_DEFINITION_INVALID = '表单定义需要包含表单配置和至少一个控件';
/** A grid of 2 columns unless the form says otherwise. */
export const DEFAULT_FORM_COLS = 2;

/** The span of one grid column is 24 divided by the column count. */
export function gridSpan(cols: number | null | undefined): number {
  const c = cols && cols > 0 ? Math.min(Math.floor(cols), 24) : DEFAULT_FORM_COLS;
  return Math.floor(24 / c);
}

export const zWidgetOption = z.object({
  label: z.string().trim().min(1).max(50).describe('选项名称'),
  value: z.union([z.string().trim().min(1).max(50), z.number()]).describe('选项值'),
});

export const zWidget = z.object({
  id: z.string().trim().min(1).max(64).describe('控件编号'),
  type: z.enum(WIDGET_TYPES).describe('控件类型'),
  label: z.string().trim().min(1).max(50).describe('字段名称'),
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, '只能以字母开头，由字母、数字和下划线组成')
    .describe('字段标识'),
  options: z
    .object({
      required: z.boolean().optional().describe('是否必填'),
      placeholder: z.string().max(100).optional().describe('提示文字'),
      options: z.array(zWidgetOption).max(200).optional().describe('选项'),
      min: z.number().optional().describe('最小值'),
      max: z.number().optional().describe('最大值'),
      maxLength: z.number().int().min(1).max(5000).optional().describe('最大长度'),
      precision: z.number().int().min(0).max(6).optional().describe('小数位数'),
      minDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '应为YYYY-MM-DD').optional().describe('最早日期'),
      maxDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '应为YYYY-MM-DD').optional().describe('最晚日期'),
      pattern: z.string().max(PATTERN_MAX).optional().describe('正则表达式'),
      patternMessage: z.string().trim().max(50).optional().describe('格式提示'),
      dictionaryCode: z.string().trim().regex(/^[a-z][a-zA-Z0-9_]{1,39}$/, '应为字典编码').optional().describe('数据字典'),
      defaultValue: z.union([z.string().max(2000), z.number(), z.boolean(), z.array(z.union([z.string().max(200), z.number()])).max(200)]).optional().describe('默认值'),
      visibleToEmployee: z.boolean().optional().describe('员工自助填写'),
    })
    .prefault({})
    .describe('控件属性'),
  icon: z.string().max(100).optional().describe('图标'),
  cols: z.number().int().min(1).max(24).optional().describe('栅格列数'),
  /** Where a cross-library form reads this field: the roster's standard field, a custom field, another form's field. */
  source: z
    .object({
      library: z.enum(FORM_LIBRARIES).describe('字段来源'),
      field: z.string().trim().min(1).max(64).describe('来源字段'),
      formId: z.number().int().positive().optional().describe('来源表单'),
    })
    .optional()
    .describe('字段来源'),
});
export type Widget = z.infer<typeof zWidget>;

export const zFormConfig = z
  .looseObject({
    labelWidth: z.union([z.number().min(0).max(1000), z.string().max(20)]).optional().describe('标签宽度'),
    cols: z.number().int().min(1).max(24).default(DEFAULT_FORM_COLS).describe('栅格列数'),
  })
  .describe('表单配置');

export const formDefinitionShape = labelled({
  formConfig: zFormConfig.optional(),
  // described so that the message, which starts with this label, is shown as it is
  widgetList: z.array(zWidget).max(200).optional().describe('表单定义'),
});

export function checkFormDefinition(def: { formConfig?: unknown; widgetList?: Widget[] }, ctx: z.RefinementCtx): void {
  if (!def.formConfig || !def.widgetList || def.widgetList.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['widgetList'], message: FORM_DEFINITION_INVALID });
    return;
  }
  const seenKeys = new Set<string>();
  const seenIds = new Set<string>();
  def.widgetList.forEach((w, i) => {
    if (seenKeys.has(w.key)) ctx.addIssue({ code: 'custom', path: ['widgetList', i, 'key'], message: `字段标识重复：${w.key}` });
    seenKeys.add(w.key);
    if (seenIds.has(w.id)) ctx.addIssue({ code: 'custom', path: ['widgetList', i, 'id'], message: `控件编号重复：${w.id}` });
    seenIds.add(w.id);
    if (OPTION_WIDGETS.includes(w.type) && !(w.options.options && w.options.options.length > 0) && !w.options.dictionaryCode)
      ctx.addIssue({ code: 'custom', path: ['widgetList', i, 'options', 'options'], message: `选项至少需要一项（${w.label}）` });
    if (w.options.min !== undefined && w.options.max !== undefined && w.options.min > w.options.max)
      ctx.addIssue({ code: 'custom', path: ['widgetList', i, 'options', 'min'], message: `最小值不能大于最大值（${w.label}）` });
    for (const m of widgetRuleErrors(w)) ctx.addIssue({ code: 'custom', path: ['widgetList'], message: `表单定义：控件「${w.label}」${m}` });
  });
}

/** The rules of one widget's options beyond their shapes (dates in order, a safe pattern, a valid default). */
export function widgetRuleErrors(w: Widget): string[] {
  const out: string[] = [];
  const o = w.options;
  if (o.minDate !== undefined && !isValidIsoDate(o.minDate)) out.push('的最早日期无效');
  if (o.maxDate !== undefined && !isValidIsoDate(o.maxDate)) out.push('的最晚日期无效');
  if (o.minDate && o.maxDate && o.minDate > o.maxDate) out.push('的最早日期不能晚于最晚日期');
  if (o.pattern !== undefined && o.pattern !== '') {
    if (!PATTERN_WIDGETS.includes(w.type)) out.push('不支持正则表达式校验');
    else {
      const re = compilePattern(o.pattern);
      if (typeof re === 'string') out.push(`：${re}`);
    }
  }
  if (o.dictionaryCode && !OPTION_WIDGETS.includes(w.type)) out.push('不能使用数据字典');
  if (DISPLAY_WIDGETS.includes(w.type) && o.required) out.push('是分组标题，不能设为必填');
  if (o.defaultValue !== undefined && o.defaultValue !== '' && !DISPLAY_WIDGETS.includes(w.type) && !o.dictionaryCode) {
    const r = checkWidgetValue(w, o.defaultValue);
    if ('error' in r) out.push(`的默认值无效：${r.error}`);
  }
  return out;
}

/**
 * A form definition: formConfig + widgetList; valid only with formConfig and at least one
 * widget. Widget keys and ids are unique; choice widgets have options.
 */
export const zFormDefinition = z.object(formDefinitionShape).superRefine(checkFormDefinition);
export type FormDefinitionInput = z.input<typeof zFormDefinition>;
export type FormDefinition = { formConfig: z.infer<typeof zFormConfig>; widgetList: Widget[] };

/** True when the definition has formConfig and at least one widget and passes the widget rules. */
export function isValidFormDefinition(value: unknown): boolean {
  return zFormDefinition.safeParse(value).success;
}

export const zCustomFormGet = z.object({ scene: z.enum(FORM_SCENES).default('employee').describe('表单场景') }).prefault({});
export const zCustomFormSave = z
  .object({ scene: z.enum(FORM_SCENES).default('employee').describe('表单场景'), ...formDefinitionShape })
  .superRefine(checkFormDefinition);
export type CustomFormSave = z.infer<typeof zCustomFormSave>;

/** customForm/get answers this, or null when the company has not defined the scene's form. */
export type CustomFormAnswer = {
  scene: FormScene;
  formConfig: FormDefinition['formConfig'];
  widgetList: Widget[];
  updatedAt: string | null;
  /** The form in 表单管理 and the version shown. */
  formId?: number;
  version?: number;
};

export type CustomFieldError = { key: string; label: string; message: string };
export type CustomFieldValidation = { ok: boolean; errors: CustomFieldError[]; values: Record<string, unknown> };

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

function matchOption(w: Widget, v: unknown): string | number | undefined {
  const opts = w.options.options ?? [];
  const hit = opts.find((o) => o.value === v) ?? opts.find((o) => String(o.value) === String(v).trim()) ?? opts.find((o) => o.label === String(v).trim());
  return hit?.value;
}

function decimals(n: number): number {
  const s = String(n);
  if (s.includes('e-')) return Number(s.split('e-')[1]);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** One value checked against its widget: the normalised value, or the error message. */
export function checkWidgetValue(w: Widget, raw: unknown): { value: unknown } | { error: string } {
  const label = w.label;
  const str = (max: number): { value: unknown } | { error: string } => {
    if (typeof raw !== 'string' && typeof raw !== 'number') return { error: `${label}应为文本` };
    const s = String(raw).trim();
    const limit = w.options.maxLength ?? max;
    if (s.length > limit) return { error: `${label}不能超过${limit}个字符` };
    return { value: s };
  };
  const patterned = (r: { value: unknown } | { error: string }): { value: unknown } | { error: string } => {
    if ('error' in r || !w.options.pattern) return r;
    const re = compilePattern(w.options.pattern);
    if (typeof re === 'string' || !re.test(r.value as string)) return { error: w.options.patternMessage ? `${label}${w.options.patternMessage}` : `${label}格式不正确` };
    return r;
  };
  const inDates = (d: string): string | null => {
    if (w.options.minDate && d < w.options.minDate) return `${label}不能早于${w.options.minDate}`;
    if (w.options.maxDate && d > w.options.maxDate) return `${label}不能晚于${w.options.maxDate}`;
    return null;
  };
  switch (w.type) {
    case 'input':
      return patterned(str(200));
    case 'textarea':
      return patterned(str(2000));
    case 'section':
      return { value: null };
    case 'money': {
      const t = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim().replace(/[,，¥]/g, '') : '';
      if (!/^-?\d{1,12}(\.\d{1,2})?$/.test(t)) return { error: `${label}应为金额，最多两位小数` };
      const n = Number(t);
      if (w.options.min !== undefined && n < w.options.min) return { error: `${label}不能小于${w.options.min}` };
      if (w.options.max !== undefined && n > w.options.max) return { error: `${label}不能大于${w.options.max}` };
      return { value: n.toFixed(2) };
    }
    case 'dateRange': {
      if (!Array.isArray(raw) || raw.length !== 2 || !raw.every((d) => typeof d === 'string' && isValidIsoDate(d.trim())))
        return { error: `${label}应为开始和结束两个YYYY-MM-DD日期` };
      const [a, b] = (raw as string[]).map((d) => d.trim()) as [string, string];
      if (a > b) return { error: `${label}的开始日期不能晚于结束日期` };
      const e = inDates(a) ?? inDates(b);
      return e ? { error: e } : { value: [a, b] };
    }
    case 'employee':
    case 'department': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
      if (!Number.isSafeInteger(n) || n <= 0) return { error: `${label}取值无效，请重新选择` };
      return { value: n };
    }
    case 'phone': {
      const r = str(30);
      if ('error' in r) return r;
      return /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/.test(r.value as string) ? r : { error: `${label}格式不正确，应为手机号或座机号` };
    }
    case 'email': {
      const r = str(100);
      if ('error' in r) return r;
      return z.email().safeParse(r.value).success ? r : { error: `${label}格式不正确，应为邮箱地址` };
    }
    case 'idNumber': {
      if (typeof raw !== 'string') return { error: `${label}应为文本` };
      const s = normalizeIdNumber(raw);
      const err = chineseIdCardError(s);
      return err ? { error: `${label}：${err}` } : { value: s };
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
      if (!Number.isFinite(n)) return { error: `${label}应为数字` };
      if (w.options.min !== undefined && n < w.options.min) return { error: `${label}不能小于${w.options.min}` };
      if (w.options.max !== undefined && n > w.options.max) return { error: `${label}不能大于${w.options.max}` };
      if (w.options.precision !== undefined && decimals(n) > w.options.precision)
        return { error: w.options.precision === 0 ? `${label}应为整数` : `${label}最多${w.options.precision}位小数` };
      return { value: n };
    }
    case 'date': {
      if (typeof raw !== 'string' || !isValidIsoDate(raw.trim())) return { error: `${label}格式不正确，应为YYYY-MM-DD的有效日期` };
      const e = inDates(raw.trim());
      return e ? { error: e } : { value: raw.trim() };
    }
    case 'select':
    case 'radio': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { error: `${label}取值无效` };
      const v = matchOption(w, raw);
      return v === undefined ? { error: `${label}取值无效，请从选项中选择` } : { value: v };
    }
    case 'multiSelect':
    case 'checkbox': {
      const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,，、;；]/).map((s) => s.trim()).filter(Boolean) : null;
      if (!list) return { error: `${label}取值无效` };
      const out: (string | number)[] = [];
      for (const item of list) {
        if (typeof item !== 'string' && typeof item !== 'number') return { error: `${label}取值无效` };
        const v = matchOption(w, item);
        if (v === undefined) return { error: `${label}取值无效，请从选项中选择` };
        if (!out.includes(v)) out.push(v);
      }
      return { value: out };
    }
    case 'switch': {
      if (typeof raw === 'boolean') return { value: raw };
      const t = String(raw).trim().toLowerCase();
      if (['1', 'true', '是', '开'].includes(t)) return { value: true };
      if (['0', 'false', '否', '关'].includes(t)) return { value: false };
      return { error: `${label}应为是或否` };
    }
    case 'image':
    case 'file': {
      const list = Array.isArray(raw) ? raw : [raw];
      const ids: string[] = [];
      for (const item of list) {
        const id = typeof item === 'string' ? item.trim().toLowerCase() : '';
        if (!FILE_ID_PATTERN.test(id)) return { error: `${label}应为已上传文件` };
        ids.push(id);
      }
      if (ids.length > 20) return { error: `${label}最多20个文件` };
      return { value: ids };
    }
  }
}

/**
 * Checks custom field values against a definition, by widget type. Returns the normalised values of
 * the defined keys (a select given by its label becomes the option's value; numbers given as text
 * become numbers). Keys the definition does not know are left out. With `partial`, a required field
 * that is absent is not an error (an update that does not touch it); null or '' still is.
 */
export function validateCustomFieldValues(
  definition: { widgetList: readonly Widget[] } | null | undefined,
  values: Record<string, unknown> | null | undefined,
  options: { partial?: boolean } = {},
): CustomFieldValidation {
  const errors: CustomFieldError[] = [];
  const out: Record<string, unknown> = {};
  const input = values ?? {};
  for (const w of definition?.widgetList ?? []) {
    if (DISPLAY_WIDGETS.includes(w.type)) continue;
    const present = Object.prototype.hasOwnProperty.call(input, w.key);
    const raw = input[w.key];
    if (isEmpty(raw)) {
      if (w.options.required && !(options.partial && !present)) errors.push({ key: w.key, label: w.label, message: `请填写${w.label}` });
      else if (present) out[w.key] = null;
      continue;
    }
    const r = checkWidgetValue(w, raw);
    if ('error' in r) errors.push({ key: w.key, label: w.label, message: r.error });
    else out[w.key] = r.value;
  }
  return { ok: errors.length === 0, errors, values: out };
}
