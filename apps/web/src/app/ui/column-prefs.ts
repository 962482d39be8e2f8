/** A column the user may show or hide. */
export type ChoosableColumn = { key: string; title: string; /** shown unless the user hides it */ defaultVisible: boolean; /** cannot be hidden */ locked?: boolean };

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage key of a list's chosen columns, per user and company. */
export function columnStorageKey(list: string, userId: number | null, companyId: number | null): string {
  return `${list}.columns.${userId ?? 0}.${companyId ?? 0}`;
}

/** The visible column keys: the stored choice (unknown keys dropped, locked ones kept), or the defaults. */
export function loadVisibleColumns(storage: StorageLike | null, key: string, columns: readonly ChoosableColumn[]): string[] {
  const defaults = columns.filter((c) => c.defaultVisible || c.locked).map((c) => c.key);
  let raw: string | null = null;
  try {
    raw = storage?.getItem(key) ?? null;
  } catch {
    raw = null;
  }
  if (!raw) return defaults;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return defaults;
    const wanted = new Set(parsed.filter((k): k is string => typeof k === 'string'));
    return columns.filter((c) => c.locked || wanted.has(c.key)).map((c) => c.key);
  } catch {
    return defaults;
  }
}

export function saveVisibleColumns(storage: StorageLike | null, key: string, visible: readonly string[]): void {
  try {
    storage?.setItem(key, JSON.stringify([...visible]));
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
}
