import { DEFAULT_FORM_COLS, WIDGET_TYPE_LABELS, zFormDefinition, type FormDefinition, type Widget, type WidgetType } from '@wfsaas/contracts';

/** The form designer's pure parts: the palette, new widgets, list edits and the save check (unit-tested). */

/** The palette, in the order it shows. */
export const PALETTE: readonly { type: WidgetType; icon: string }[] = [
  { type: 'input', icon: 'FontSizeOutlined' },
  { type: 'textarea', icon: 'AlignLeftOutlined' },
  { type: 'number', icon: 'NumberOutlined' },
  { type: 'money', icon: 'MoneyCollectOutlined' },
  { type: 'date', icon: 'CalendarOutlined' },
  { type: 'dateRange', icon: 'FieldTimeOutlined' },
  { type: 'select', icon: 'DownSquareOutlined' },
  { type: 'multiSelect', icon: 'CheckSquareOutlined' },
  { type: 'employee', icon: 'UserOutlined' },
  { type: 'department', icon: 'ApartmentOutlined' },
  { type: 'file', icon: 'PaperClipOutlined' },
  { type: 'image', icon: 'PictureOutlined' },
  { type: 'idNumber', icon: 'IdcardOutlined' },
  { type: 'phone', icon: 'PhoneOutlined' },
  { type: 'section', icon: 'MinusOutlined' },
];

export const CHOICE_TYPES: readonly WidgetType[] = ['select', 'multiSelect', 'radio', 'checkbox'];

/** A new widget of a type, with an id and key no other widget has. */
export function newWidget(type: WidgetType, taken: readonly Widget[], seed: number = Date.now()): Widget {
  const keys = new Set(taken.map((w) => w.key));
  const ids = new Set(taken.map((w) => w.id));
  let n = seed;
  while (keys.has(`f_${n.toString(36)}`) || ids.has(`w_${n.toString(36)}`)) n++;
  const icon = PALETTE.find((p) => p.type === type)?.icon;
  const options: Widget['options'] = CHOICE_TYPES.includes(type) ? { options: [{ label: '选项1', value: '选项1' }, { label: '选项2', value: '选项2' }] } : {};
  return { id: `w_${n.toString(36)}`, key: `f_${n.toString(36)}`, type, label: WIDGET_TYPE_LABELS[type], options, ...(icon ? { icon } : {}) };
}

/** The list with a copy of widget `index` after it (a new id and key, the label marked 副本). */
export function duplicateWidget(list: readonly Widget[], index: number, seed: number = Date.now()): Widget[] {
  const src = list[index];
  if (!src) return [...list];
  const copy = { ...newWidget(src.type, list, seed), options: structuredClone(src.options), label: `${src.label}副本`.slice(0, 50), ...(src.cols ? { cols: src.cols } : {}) };
  return [...list.slice(0, index + 1), copy, ...list.slice(index + 1)];
}

/** The list with `item` inserted at `index` (the end when out of range). */
export function insertAt<T>(list: readonly T[], index: number, item: T): T[] {
  const i = index < 0 || index > list.length ? list.length : index;
  return [...list.slice(0, i), item, ...list.slice(i)];
}

/** The grid span of a widget: its own column count, or the form's (span = 24 ÷ columns). */
export function widgetSpan(w: Pick<Widget, 'cols' | 'type'>, formCols: number): number {
  if (w.type === 'section') return 24;
  const cols = w.cols ?? formCols ?? DEFAULT_FORM_COLS;
  return Math.floor(24 / Math.min(Math.max(cols, 1), 24));
}

/**
 * What stops a save, each message naming its widget, as the server would refuse it: a definition
 * needs formConfig and at least one widget (docs/forms.md), and every widget its options.
 */
export function saveErrors(name: string, def: FormDefinition): string[] {
  const out: string[] = [];
  if (!name.trim()) out.push('请填写表单名称');
  const r = zFormDefinition.safeParse(def);
  if (!r.success) {
    for (const issue of r.error.issues) {
      const [, index] = issue.path;
      const w = typeof index === 'number' ? def.widgetList[index] : undefined;
      const field = issue.path.slice(2).join('.');
      const msg = issue.message.startsWith('表单定义') || !w ? issue.message : /[\u4e00-\u9fff]/.test(issue.message) ? issue.message : `${field}格式不正确`;
      out.push(w && !msg.includes(`「${w.label}」`) && !msg.includes(`（${w.label}）`) ? `控件「${w.label || `第${(index as number) + 1}个`}」：${msg}` : msg);
    }
  }
  return [...new Set(out)];
}
