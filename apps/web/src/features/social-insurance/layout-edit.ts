import { PORTAL_FIELDS, type LayoutSave, type LayoutView, type PortalColumn, type PortalField } from '@wfsaas/contracts';

/** A portal column set being edited (申报模板). */
export type LayoutDraft = { city: string; sheetName: string; columns: PortalColumn[] };

export function layoutDraft(v: LayoutView): LayoutDraft {
  return { city: v.city, sheetName: v.sheetName, columns: v.columns.map((c) => ({ ...c })) };
}

/** Moves the column at `index` one place up (-1) or down (+1); out of range changes nothing. */
export function moveColumn(columns: readonly PortalColumn[], index: number, step: -1 | 1): PortalColumn[] {
  const to = index + step;
  if (index < 0 || index >= columns.length || to < 0 || to >= columns.length) return [...columns];
  const next = [...columns];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export function removeColumn(columns: readonly PortalColumn[], index: number): PortalColumn[] {
  return columns.filter((_, i) => i !== index);
}

/** Adds a column for the first field not yet used (titled by the field), else a 姓名 column. */
export function addColumn(columns: readonly PortalColumn[]): PortalColumn[] {
  const used = new Set(columns.map((c) => c.field));
  const field = PORTAL_FIELDS.find((f) => !used.has(f.value)) ?? PORTAL_FIELDS[0];
  return [...columns, { title: field.label, field: field.value }];
}

/** Changes a column's field; a title that was the old field's label follows the new field. */
export function setColumnField(columns: readonly PortalColumn[], index: number, field: PortalField): PortalColumn[] {
  return columns.map((c, i) => {
    if (i !== index) return c;
    const oldLabel = fieldLabel(c.field);
    return { field, title: !c.title.trim() || c.title === oldLabel ? fieldLabel(field) : c.title };
  });
}

export function setColumnTitle(columns: readonly PortalColumn[], index: number, title: string): PortalColumn[] {
  return columns.map((c, i) => (i === index ? { ...c, title } : c));
}

export function fieldLabel(field: string): string {
  return PORTAL_FIELDS.find((f) => f.value === field)?.label ?? field;
}

/** What stops a column set from being saved, as the server would say it; null when it can be saved. */
export function layoutError(d: LayoutDraft): string | null {
  if (!d.sheetName.trim()) return '请输入工作表名称';
  if (d.sheetName.trim().length > 31) return '工作表名称不能超过31个字';
  if (d.columns.length === 0) return '至少保留一列';
  if (d.columns.length > 40) return '最多40列';
  const blank = d.columns.findIndex((c) => !c.title.trim());
  if (blank >= 0) return `第${blank + 1}列的列标题不能为空`;
  const long = d.columns.findIndex((c) => c.title.trim().length > 30);
  if (long >= 0) return `第${long + 1}列的列标题不能超过30个字`;
  const titles = new Set<string>();
  for (const c of d.columns) {
    const t = c.title.trim();
    if (titles.has(t)) return `列标题「${t}」重复`;
    titles.add(t);
  }
  return null;
}

export function toLayoutSave(d: LayoutDraft): LayoutSave {
  return { city: d.city, sheetName: d.sheetName.trim(), columns: d.columns.map((c) => ({ title: c.title.trim(), field: c.field })) };
}

/** 内置模板 / 企业自定义 / 通用模板 */
export function layoutOriginText(origin: LayoutView['origin']): string {
  return origin === 'company' ? '企业自定义' : origin === 'builtin' ? '内置模板' : '通用模板';
}
