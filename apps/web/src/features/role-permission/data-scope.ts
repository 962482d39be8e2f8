import type { DataPermissionDetail, DataPermissionKind, DataPermissionSave } from '@wfsaas/contracts';

/**
 * A role's data permission for departments or seals: all of them, none, or particular ones
 * ('custom'). Departments are chosen in the company's department tree; seals from the company's seal
 * list (认证与印章).
 */
export type DataScope = 'all' | 'none' | 'custom';

export const DATA_KIND_LABEL: Record<DataPermissionKind, string> = { dept: '部门', seal: '印章' };

/** Kinds whose particular targets can be chosen on this screen. */
export const PICKABLE_KINDS: ReadonlySet<DataPermissionKind> = new Set<DataPermissionKind>(['dept', 'seal']);

export function scopeOf(detail: DataPermissionDetail | null | undefined): DataScope {
  if (!detail) return 'none';
  if (detail.allTargets) return 'all';
  return detail.targetIds.length > 0 ? 'custom' : 'none';
}

/** The body of dataPermission/<kind>/save; `targetIds` count only for 'custom'. */
export function scopeSaveBody(roleId: number, scope: DataScope, targetIds: readonly number[]): DataPermissionSave {
  if (scope === 'all') return { roleId, allTargets: true, targetIds: [] };
  if (scope === 'custom') return { roleId, allTargets: false, targetIds: [...new Set(targetIds)].sort((a, b) => a - b) };
  return { roleId, allTargets: false, targetIds: [] };
}

/** Why the choice cannot be saved (指定部门 with nothing chosen), or null. */
export function validateScope(kind: DataPermissionKind, scope: DataScope, targetIds: readonly number[]): string | null {
  return scope === 'custom' && targetIds.length === 0 ? `请选择${DATA_KIND_LABEL[kind]}` : null;
}

/** Whether the choice on screen differs from what is saved (ids compared as sets). */
export function scopeChanged(detail: DataPermissionDetail | null | undefined, scope: DataScope, targetIds: readonly number[]): boolean {
  if (scope !== scopeOf(detail)) return true;
  if (scope !== 'custom') return false;
  const saved = new Set(detail?.targetIds ?? []);
  const chosen = new Set(targetIds);
  return saved.size !== chosen.size || [...chosen].some((id) => !saved.has(id));
}

type TreeNode = { value: number; key: number; title: string; disabled?: boolean; children?: TreeNode[] };

/**
 * The department tree with a node at the end for every chosen id the tree does not hold (a
 * department disabled or removed since), so it is shown by name and can be unchecked.
 */
export function withMissingTargets<T extends TreeNode>(tree: readonly T[], targetIds: readonly number[]): (T | TreeNode)[] {
  const known = new Set<number>();
  const walk = (nodes: readonly TreeNode[]) => {
    for (const n of nodes) {
      known.add(n.value);
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
  const missing = [...new Set(targetIds)].filter((id) => !known.has(id)).sort((a, b) => a - b);
  return [...tree, ...missing.map((id) => ({ value: id, key: id, title: `已停用或已删除的部门（ID ${id}）` }))];
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
