import { buildPermissionTree, type PermissionNode } from '@wfsaas/contracts';

/** The permission tree, annotated per use. Pure functions: the callers bring the sets. */

let titles: Map<string, string> | undefined;

/** Key → title for every permission key. */
export function permissionTitles(): Map<string, string> {
  if (!titles) {
    const map = new Map<string, string>();
    const walk = (nodes: PermissionNode[]) => {
      for (const n of nodes) {
        map.set(n.key, n.title);
        walk(n.children);
      }
    };
    walk(buildPermissionTree());
    titles = map;
  }
  return titles;
}

export function permissionTitle(key: string): string {
  return permissionTitles().get(key) ?? key;
}

type Base = { key: string; title: string; type: 'menu' | 'action' };

/**
 * Maps the tree keeping the nodes the company has switched on; a node that is off stays only as the
 * parent of nodes that are on, marked by `decorate(node, false)`.
 */
export function enabledTree<T extends Base & { children: T[] }>(enabled: ReadonlySet<string>, decorate: (node: Base, isEnabled: boolean) => Omit<T, keyof Base | 'children'>): T[] {
  const walk = (nodes: PermissionNode[]): T[] => {
    const out: T[] = [];
    for (const n of nodes) {
      const children = walk(n.children);
      const isEnabled = enabled.has(n.key);
      if (!isEnabled && children.length === 0) continue;
      const base: Base = { key: n.key, title: n.title, type: n.type };
      out.push({ ...base, ...decorate(base, isEnabled), children } as T);
    }
    return out;
  };
  return walk(buildPermissionTree());
}

/** Maps every node of the tree. */
export function fullTree<T extends Base & { children: T[] }>(decorate: (node: Base) => Omit<T, keyof Base | 'children'>): T[] {
  const walk = (nodes: PermissionNode[]): T[] =>
    nodes.map((n) => {
      const base: Base = { key: n.key, title: n.title, type: n.type };
      return { ...base, ...decorate(base), children: walk(n.children) } as T;
    });
  return walk(buildPermissionTree());
}

/** Distinct values, order kept. */
export function distinct<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
