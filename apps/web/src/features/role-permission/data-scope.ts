import type { DataPermissionDetail, DataPermissionKind, DataPermissionSave } from '@wfsaas/contracts';

/**
 * A role's data permission for departments or seals, as the screen offers it today: all of them or
 * none. Choosing particular departments or seals comes with the organisation and e-contract modules;
 * a list of ids saved earlier through the API is shown and kept as it is ('custom').
 */
export type DataScope = 'all' | 'none' | 'custom';

export const DATA_KIND_LABEL: Record<DataPermissionKind, string> = { dept: '部门', seal: '印章' };

export function scopeOf(detail: DataPermissionDetail | null | undefined): DataScope {
  if (!detail) return 'none';
  if (detail.allTargets) return 'all';
  return detail.targetIds.length > 0 ? 'custom' : 'none';
}

export function scopeSaveBody(roleId: number, scope: DataScope, detail: DataPermissionDetail | null | undefined): DataPermissionSave {
  if (scope === 'all') return { roleId, allTargets: true, targetIds: [] };
  if (scope === 'custom') return { roleId, allTargets: false, targetIds: [...(detail?.targetIds ?? [])] };
  return { roleId, allTargets: false, targetIds: [] };
}

/** One line for the current setting, e.g. 全部部门 / 不可查看任何印章 / 已指定 3 个部门 / 尚未设置. */
export function scopeSummary(kind: DataPermissionKind, detail: DataPermissionDetail | null | undefined): string {
  const label = DATA_KIND_LABEL[kind];
  if (!detail || !detail.configured) return '尚未设置';
  switch (scopeOf(detail)) {
    case 'all':
      return `全部${label}`;
    case 'custom':
      return `已指定 ${detail.targetIds.length} 个${label}`;
    case 'none':
      return `不可查看任何${label}`;
  }
}
