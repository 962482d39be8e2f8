import { FIELD_KINDS, RECORD_SOURCES, type FieldKind, type TemplateField } from '@wfsaas/contracts';
import type { PageSize, PdfBox } from './field-geometry.ts';

/** The size a new field of each kind gets, in points. */
export const DEFAULT_SIZE: Record<FieldKind, PageSize> = {
  record: { width: 140, height: 20 },
  input: { width: 160, height: 20 },
  companySeal: { width: 120, height: 120 },
  employeeSign: { width: 120, height: 50 },
  signDate: { width: 100, height: 20 },
};

/** A key not used yet by `fields`: the kind followed by the next free number. */
export function nextKey(kind: FieldKind, fields: readonly Pick<TemplateField, 'key'>[]): string {
  const used = new Set(fields.map((f) => f.key));
  for (let n = 1; ; n++) {
    const key = `${kind}_${n}`;
    if (!used.has(key)) return key;
  }
}

/** A new field of `kind` in `box` on `page`, with a default label and source or party. */
export function newField(kind: FieldKind, page: number, box: PdfBox, fields: readonly TemplateField[]): TemplateField {
  const label = kind === 'record' ? RECORD_SOURCES[0].label : kind === 'signDate' ? '员工签署日期' : (FIELD_KINDS.find((k) => k.key === kind)?.label ?? '字段');
  return {
    key: nextKey(kind, fields),
    kind,
    label,
    required: true,
    page,
    ...box,
    ...(kind === 'record' ? { source: RECORD_SOURCES[0].key } : {}),
    ...(kind === 'signDate' ? { party: 'employee' as const } : {}),
  };
}

/** The colour of each kind's box in the designer. */
export const KIND_COLOR: Record<FieldKind, string> = {
  record: '#1677ff',
  input: '#13c2c2',
  companySeal: '#cf1322',
  employeeSign: '#722ed1',
  signDate: '#d46b08',
};

/** What a field box shows: its label, and the source for record fields. */
export function fieldCaption(f: Pick<TemplateField, 'kind' | 'label' | 'source' | 'party'>): string {
  if (f.kind === 'record') return `${f.label}`;
  if (f.kind === 'signDate') return `${f.party === 'company' ? '企业' : '员工'}签署日期`;
  return f.label;
}

/** Problems that stop saving: keys repeated, no employee signature place. */
export function fieldProblems(fields: readonly TemplateField[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.key)) out.push(`字段标识「${f.key}」重复`);
    seen.add(f.key);
    if (!f.label.trim()) out.push('有字段未填写名称');
  }
  if (!fields.some((f) => f.kind === 'employeeSign')) out.push('请至少放置一个「员工签名位置」');
  return out;
}
