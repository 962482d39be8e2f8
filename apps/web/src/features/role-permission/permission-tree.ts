import { findRoute, type RolePermissionNode } from '@wfsaas/contracts';
import { MENU_GROUPS } from '../../app/menu/menu.ts';

/**
 * The role editor's permission tree, built from what rolePermission/tree returns (itself built from
 * the route table): the routes nested by parent, action keys under their route. Here the top-level
 * routes are gathered under their menu group (核心, 企业设置, …) — group nodes are for display and
 * bulk selection only and are never saved.
 *
 * Checking is per key (the server stores keys independently), with two conveniences: checking a
 * node checks its descendants and its ancestors (a child without its parent would show up a level
 * higher in the menu); unchecking a node unchecks its descendants. Keys the company has not switched
 * on (`disabled`) are never added.
 */

export type PermissionTreeNode = {
  key: string;
  title: string;
  type: 'group' | 'menu' | 'action';
  disabled: boolean;
  children: PermissionTreeNode[];
};

export const GROUP_PREFIX = 'group:';

const OTHER_GROUP_LABEL = '通用';

export function isGroupKey(key: string): boolean {
  return key.startsWith(GROUP_PREFIX);
}

function convert(n: RolePermissionNode): PermissionTreeNode {
  return { key: n.key, title: n.title, type: n.type, disabled: n.disabled, children: n.children.map(convert) };
}

/** Top-level nodes under group nodes, in the order of the header's menu groups; other types last. */
export function groupByMenuType(roots: readonly RolePermissionNode[]): PermissionTreeNode[] {
  const byType = new Map<number, PermissionTreeNode[]>();
  for (const r of roots) {
    const type = findRoute(r.key)?.type ?? 999;
    const list = byType.get(type) ?? [];
    list.push(convert(r));
    byType.set(type, list);
  }
  const groups: PermissionTreeNode[] = [];
  const push = (type: number, title: string) => {
    const children = byType.get(type);
    if (!children?.length) return;
    groups.push({ key: `${GROUP_PREFIX}${type}`, title, type: 'group', disabled: children.every((c) => allDisabled(c)), children });
    byType.delete(type);
  };
  for (const g of MENU_GROUPS) push(g.type, g.label);
  for (const type of [...byType.keys()].sort((a, b) => a - b)) push(type, OTHER_GROUP_LABEL);
  return groups;
}

function allDisabled(n: PermissionTreeNode): boolean {
  return n.disabled && n.children.every(allDisabled);
}

export type TreeIndex = {
  nodes: Map<string, PermissionTreeNode>;
  parent: Map<string, string | null>;
  /** Every key of the tree, in display order. */
  order: string[];
};

export function indexTree(roots: readonly PermissionTreeNode[]): TreeIndex {
  const nodes = new Map<string, PermissionTreeNode>();
  const parent = new Map<string, string | null>();
  const order: string[] = [];
  const walk = (list: readonly PermissionTreeNode[], p: string | null) => {
    for (const n of list) {
      nodes.set(n.key, n);
      parent.set(n.key, p);
      order.push(n.key);
      walk(n.children, n.key);
    }
  };
  walk(roots, null);
  return { nodes, parent, order };
}

/** A key that can be saved: a real permission (not a group) the company has switched on. */
function isSelectable(n: PermissionTreeNode): boolean {
  return n.type !== 'group' && !n.disabled;
}

function descendants(n: PermissionTreeNode): PermissionTreeNode[] {
  const out: PermissionTreeNode[] = [];
  const walk = (list: readonly PermissionTreeNode[]) => {
    for (const c of list) {
      out.push(c);
      walk(c.children);
    }
  };
  walk(n.children);
  return out;
}

/** The keys the server says the role holds (and the company still has on). */
export function initialChecked(roots: readonly RolePermissionNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly RolePermissionNode[]) => {
    for (const n of list) {
      if (n.checked && !n.disabled) out.add(n.key);
      walk(n.children);
    }
  };
  walk(roots);
  return out;
}

/** Checks or unchecks one node of the tree (see the module comment). */
export function toggleKey(index: TreeIndex, checked: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(checked);
  const node = index.nodes.get(key);
  if (!node) return next;
  const affected = [node, ...descendants(node)];
  if (on) {
    for (const n of affected) if (isSelectable(n)) next.add(n.key);
    let p = index.parent.get(key) ?? null;
    while (p) {
      const pn = index.nodes.get(p)!;
      if (isSelectable(pn)) next.add(pn.key);
      p = index.parent.get(p) ?? null;
    }
  } else {
    for (const n of affected) next.delete(n.key);
  }
  return next;
}

/** Every selectable key (全选). */
export function allSelectableKeys(index: TreeIndex): Set<string> {
  return new Set(index.order.filter((k) => isSelectable(index.nodes.get(k)!)));
}

/**
 * What antd's Tree (checkStrictly) shows: a real node is checked when its key is; a group (or a node
 * the company has not switched on) is checked when all its selectable descendants are; any node
 * with some checked descendants is half-checked.
 */
export function treeCheckState(index: TreeIndex, checked: ReadonlySet<string>): { checked: string[]; halfChecked: string[] } {
  const full: string[] = [];
  const half: string[] = [];
  for (const key of index.order) {
    const n = index.nodes.get(key)!;
    if (n.type !== 'group' && checked.has(key)) {
      full.push(key);
      continue;
    }
    const sub = descendants(n).filter(isSelectable);
    const held = sub.filter((d) => checked.has(d.key)).length;
    if (!isSelectable(n) && sub.length > 0 && held === sub.length) full.push(key);
    else if (held > 0) half.push(key);
  }
  return { checked: full, halfChecked: half };
}

/** The body of rolePermission/save: the checked keys in tree order, groups left out. */
export function keysToSave(index: TreeIndex, checked: ReadonlySet<string>): string[] {
  return index.order.filter((k) => checked.has(k) && !isGroupKey(k));
}

/** How many menus and 操作 keys are checked. */
export function countChecked(index: TreeIndex, checked: ReadonlySet<string>): { menus: number; actions: number } {
  let menus = 0;
  let actions = 0;
  for (const k of checked) {
    const type = index.nodes.get(k)?.type;
    if (type === 'action') actions++;
    else if (type === 'menu') menus++;
  }
  return { menus, actions };
}

/**
 * The tree narrowed to a search: nodes whose title contains the keyword (with all their children)
 * and their ancestors; `expanded` opens the way to every match. An empty keyword returns the tree.
 */
export function filterTree(roots: readonly PermissionTreeNode[], keyword: string): { nodes: PermissionTreeNode[]; expanded: string[]; matches: number } {
  const kw = keyword.trim().toLowerCase();
  if (!kw) return { nodes: [...roots], expanded: [], matches: 0 };
  const expanded: string[] = [];
  let matches = 0;
  const walk = (list: readonly PermissionTreeNode[]): PermissionTreeNode[] => {
    const out: PermissionTreeNode[] = [];
    for (const n of list) {
      if (n.title.toLowerCase().includes(kw)) {
        matches++;
        out.push(n);
        continue;
      }
      const children = walk(n.children);
      if (children.length > 0) {
        expanded.push(n.key);
        out.push({ ...n, children });
      }
    }
    return out;
  };
  const nodes = walk(roots);
  return { nodes, expanded, matches };
}
