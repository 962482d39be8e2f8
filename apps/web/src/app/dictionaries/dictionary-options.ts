import type { DictionaryItem } from '@wfsaas/contracts';

export type DictionaryOption<V extends string | number = string | number> = { value: V; label: string; disabled?: boolean };

const asArray = (v: unknown): unknown[] => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]);

/**
 * A select's options from a dictionary: the enabled items for new input, plus a disabled item only
 * while the field already holds it (shown by its label, not offered again). `numeric` turns the
 * string values into the numbers an employee field stores.
 */
export function dictionaryOptions(items: readonly DictionaryItem[], current: unknown, numeric = false): DictionaryOption[] {
  const held = new Set(asArray(current).map(String));
  return items
    .filter((i) => i.enabled || held.has(i.value))
    .map((i) => ({ value: numeric ? Number(i.value) : i.value, label: i.enabled ? i.label : `${i.label}（已停用）`, ...(i.enabled ? {} : { disabled: true }) }));
}

/** The label of a stored value ('' when empty; the value itself when the dictionary no longer has it). */
export function dictionaryLabel(items: readonly DictionaryItem[], value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  return items.find((i) => i.value === String(value))?.label ?? String(value);
}
