/**
 * The entity HR works on (设为当前): remembered per company in localStorage and used as the default
 * entity filter on the other hosting screens. 0 in a filter means 全部主体.
 */
export function currentEntityKey(companyId: number | null): string {
  return `si.currentEntity.${companyId ?? 0}`;
}

export function loadCurrentEntity(storage: Pick<Storage, 'getItem'>, companyId: number | null): number | null {
  try {
    const raw = storage.getItem(currentEntityKey(companyId));
    const n = raw === null ? NaN : Number(raw);
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

export function saveCurrentEntity(storage: Pick<Storage, 'setItem' | 'removeItem'>, companyId: number | null, entityId: number | null): void {
  try {
    if (entityId === null) storage.removeItem(currentEntityKey(companyId));
    else storage.setItem(currentEntityKey(companyId), String(entityId));
  } catch {
    // storage full or disabled: the choice lasts for this page only
  }
}

/**
 * The remembered entity if it still exists, else the default entity, else none. `known` are the
 * entities the page knows (all of them, or those its own data names).
 */
export function effectiveEntity(stored: number | null, known: readonly { id: number; isDefault?: boolean }[] | null): number | null {
  if (known === null) return stored;
  if (stored !== null && known.some((e) => e.id === stored)) return stored;
  return known.find((e) => e.isDefault)?.id ?? null;
}

/** An entity filter's value as a request field: 0 (全部主体) and empty send nothing. */
export function entityParam(v: number | null | undefined): number | undefined {
  return v ? v : undefined;
}
