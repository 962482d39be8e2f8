import type { DepartmentNode } from '@wfsaas/contracts';

/** A department as the tree builder needs it (a live row or a version's snapshot entry). */
export type TreeSource = {
  id: number;
  parentId: number | null;
  name: string;
  code: string | null;
  leaderEmployeeId: number | null;
  leaderName: string | null;
  headcountPlan: number | null;
  sort: number;
  status: number;
};

/**
 * Builds the nested tree with headcounts added up from the leaves: `actual` gives the employees of
 * each department itself. A department whose parent is not among `items` (a disabled parent left
 * out) is left out with its subtree. Siblings are ordered by sort, then id. Paths are rebuilt from
 * the parent links, so a version's snapshot yields the same shape as the live tree.
 */
export function buildDepartmentTree(items: readonly TreeSource[], actual: (id: number) => number): { tree: DepartmentNode[]; totalPlan: number; totalActual: number } {
  const byParent = new Map<number | null, TreeSource[]>();
  const ids = new Set(items.map((i) => i.id));
  for (const item of items) {
    const key = item.parentId !== null && ids.has(item.parentId) ? item.parentId : item.parentId === null ? null : -1;
    if (key === -1) continue;
    const list = byParent.get(key) ?? [];
    list.push(item);
    byParent.set(key, list);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.sort - b.sort || a.id - b.id);

  const seen = new Set<number>();
  const build = (item: TreeSource, parentPath: string, level: number): DepartmentNode => {
    seen.add(item.id);
    const path = `${parentPath}${item.id}/`;
    const children = (byParent.get(item.id) ?? []).filter((c) => !seen.has(c.id)).map((c) => build(c, path, level + 1));
    const ownActual = actual(item.id);
    return {
      id: item.id,
      parentId: item.parentId,
      name: item.name,
      code: item.code,
      path,
      level,
      leaderEmployeeId: item.leaderEmployeeId,
      leaderName: item.leaderName,
      headcountPlan: item.headcountPlan,
      sort: item.sort,
      status: item.status,
      ownActual,
      subtreeActual: ownActual + children.reduce((s, c) => s + c.subtreeActual, 0),
      subtreePlan: (item.headcountPlan ?? 0) + children.reduce((s, c) => s + c.subtreePlan, 0),
      children,
    };
  };
  const tree = (byParent.get(null) ?? []).map((r) => build(r, '/', 1));
  return {
    tree,
    totalPlan: tree.reduce((s, n) => s + n.subtreePlan, 0),
    totalActual: tree.reduce((s, n) => s + n.subtreeActual, 0),
  };
}

/** Finds a node of the tree by id. */
export function findNode(tree: readonly DepartmentNode[], id: number): DepartmentNode | null {
  for (const n of tree) {
    if (n.id === id) return n;
    const hit = findNode(n.children, id);
    if (hit) return hit;
  }
  return null;
}
