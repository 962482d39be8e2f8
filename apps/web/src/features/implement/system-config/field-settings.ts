import type { SystemFieldSetting } from '@wfsaas/contracts';
import type { ChoosableColumn } from '../../../app/ui/column-prefs.ts';

/** Columns computed from a field, placed right after it. */
const FOLLOWERS: Record<string, string> = { hireDate: 'tenure' };

/**
 * The roster's choosable columns as the company's field settings say: a hidden field's column left
 * out, a renamed field's column titled with its new name, the fields' columns in their order; other
 * columns (custom fields) after them. Without settings (still loading) the columns are as given.
 */
export function applyFieldColumns(columns: readonly ChoosableColumn[], fields: readonly SystemFieldSetting[] | undefined): ChoosableColumn[] {
  if (!fields || fields.length === 0) return [...columns];
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const fieldColumns = new Set(fields.map((f) => f.column).filter(Boolean));
  const hidden = new Set<string>();
  // a column of a field the company hides: the columns response leaves the field out
  for (const c of columns) if (isFieldColumn(c.key) && !fieldColumns.has(c.key)) hidden.add(c.key);
  const out: ChoosableColumn[] = [];
  const placed = new Set<string>();
  for (const f of fields) {
    const c = f.column ? byKey.get(f.column) : undefined;
    if (!c) continue;
    out.push(f.label !== f.standardLabel ? { ...c, title: f.label } : c);
    placed.add(c.key);
    const follower = FOLLOWERS[c.key] ? byKey.get(FOLLOWERS[c.key]!) : undefined;
    if (follower) {
      out.push(follower);
      placed.add(follower.key);
    }
  }
  for (const c of columns) if (!placed.has(c.key) && !hidden.has(c.key)) out.push(c);
  return out;
}

const FIELD_COLUMNS = new Set(['name', 'employeeNo', 'department', 'position', 'rank', 'mobile', 'idNumber', 'employmentType', 'status', 'hireDate', 'gender', 'costCenter', 'workLocation', 'probationEndDate']);
const isFieldColumn = (key: string) => FIELD_COLUMNS.has(key);

/** Form items by field key: the emergency contact is three items. */
const ITEM_FIELD: Record<string, string> = { emergencyName: 'emergencyContact', emergencyPhone: 'emergencyContact', emergencyRelation: 'emergencyContact' };

export type FormFieldRule = { hidden: boolean; label: string | null; required: boolean };

/**
 * How the employee form shows an item (by its name): hidden when the company hides its field,
 * relabelled when renamed, marked required when the company made it so. Null: as the form has it.
 */
export function formFieldRule(item: string, fields: readonly SystemFieldSetting[] | undefined, known: ReadonlySet<string>): FormFieldRule | null {
  if (!fields || fields.length === 0) return null;
  const key = ITEM_FIELD[item] ?? item;
  if (!known.has(key)) return null;
  const f = fields.find((x) => x.key === key);
  if (!f) return { hidden: true, label: null, required: false };
  const renamed = f.label !== f.standardLabel;
  // a core field keeps the form's own rules; only its name may change
  if (f.core && !renamed) return null;
  const label = !renamed ? null : item === 'emergencyName' ? `${f.label}姓名` : item === 'emergencyPhone' ? `${f.label}电话` : item === 'emergencyRelation' ? `与${f.label}关系` : f.label;
  return { hidden: false, label, required: !f.core && f.required && item !== 'emergencyRelation' };
}
