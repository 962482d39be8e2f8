import { findRoute, type MenuType, type RouteDef } from '@wfsaas/contracts';
import { STORAGE_KEYS } from '../session/session.ts';
import type { StorageLike } from '../session/storage.ts';
import { firstPermittedPath, isMenuVisible } from '../routing/route-view.ts';

/** SPEC §2/§6: the menu groups a product-type code selects, in header order. */
export const MENU_GROUPS: readonly { type: MenuType; label: string }[] = [
  { type: 1, label: '核心' },
  { type: 2, label: '企业设置' },
  { type: 3, label: '电子签' },
  { type: 7, label: '薪酬' },
  { type: 9, label: '外包用工' },
  { type: 998, label: '实施' },
];

/** SPEC §9: the default menu mode; it shows the core group (1). */
export const DEFAULT_MENU_MODE = 999;

export type MenuNode = {
  name: string;
  path: string;
  title: string;
  icon?: string;
  badgeKey?: string;
  children: MenuNode[];
};

export function isMenuGroupType(type: number): type is MenuType {
  return MENU_GROUPS.some((g) => g.type === type);
}

export function menuGroupLabel(type: number): string {
  return MENU_GROUPS.find((g) => g.type === type)?.label ?? MENU_GROUPS[0]!.label;
}

/** The group a menu mode shows: a group code as is; 999 (default) and codes without a group → core (1). */
export function effectiveMenuType(mode: number | null | undefined): MenuType {
  return mode != null && isMenuGroupType(mode) ? mode : 1;
}

/**
 * The side menu of one group from the permitted routes: menu-visible entries of that type, nested
 * under their nearest permitted menu ancestor (an entry whose parent is not permitted moves up).
 */
export function buildMenuTree(permitted: readonly RouteDef[], type: MenuType): MenuNode[] {
  const visible = permitted.filter((r) => r.type === type && isMenuVisible(r));
  const byName = new Map<string, MenuNode>();
  for (const r of visible) {
    byName.set(r.name, { name: r.name, path: r.path, title: r.meta.title, icon: r.meta.icon, badgeKey: r.meta.badgeKey, children: [] });
  }
  const roots: MenuNode[] = [];
  for (const r of visible) {
    let parentName = r.meta.parent;
    while (parentName && !byName.has(parentName)) parentName = findRoute(parentName)?.meta.parent;
    const node = byName.get(r.name)!;
    if (parentName) byName.get(parentName)!.children.push(node);
    else {
      // An entry moved up to the top level shows the icon of the group it belongs to.
      if (!node.icon) node.icon = inheritedIcon(r);
      roots.push(node);
    }
  }
  return roots;
}

function inheritedIcon(r: RouteDef): string | undefined {
  let p = r.meta.parent ? findRoute(r.meta.parent) : undefined;
  while (p) {
    if (p.meta.icon) return p.meta.icon;
    p = p.meta.parent ? findRoute(p.meta.parent) : undefined;
  }
  return undefined;
}

/** The groups that have at least one menu entry for these permissions, in header order. */
export function availableMenuTypes(permitted: readonly RouteDef[]): MenuType[] {
  return MENU_GROUPS.filter((g) => buildMenuTree(permitted, g.type).length > 0).map((g) => g.type);
}

/**
 * The group the side menu shows: the current route's own group when it has one; otherwise the
 * mode chosen in the header (stored per tab); otherwise the default mode (core).
 */
export function resolveMenuType(current: RouteDef | undefined, storedMode: number | null, available: readonly MenuType[]): MenuType {
  if (current && isMenuGroupType(current.type) && available.includes(current.type)) return current.type;
  const mode = effectiveMenuType(storedMode ?? DEFAULT_MENU_MODE);
  if (available.includes(mode)) return mode;
  return available[0] ?? 1;
}

/** Where a menu node leads: its own path for a leaf, the first permitted descendant for a group. */
export function nodeTarget(node: MenuNode, permitted: ReadonlySet<string>): string {
  if (node.children.length === 0) return node.path;
  return firstPermittedPath(node.name, permitted) ?? node.children[0]!.path;
}

/** The first page of a group (the header switch goes there). */
export function firstPathOfGroup(tree: readonly MenuNode[], permitted: ReadonlySet<string>): string | null {
  const first = tree[0];
  return first ? nodeTarget(first, permitted) : null;
}

/**
 * The menu entry highlighted for a route and the submenus to open: the nearest menu-visible route
 * (itself, or the entry a hidden detail page hangs under) and its ancestors.
 */
export function menuSelection(routeName: string | undefined): { selectedKey: string | null; openKeys: string[] } {
  let r = routeName ? findRoute(routeName) : undefined;
  while (r && !isMenuVisible(r)) r = r.meta.parent ? findRoute(r.meta.parent) : undefined;
  if (!r) return { selectedKey: null, openKeys: [] };
  const openKeys: string[] = [];
  let p = r.meta.parent ? findRoute(r.meta.parent) : undefined;
  while (p) {
    openKeys.unshift(p.name);
    p = p.meta.parent ? findRoute(p.meta.parent) : undefined;
  }
  return { selectedKey: r.name, openKeys };
}

export type ActiveMenuRecord = { active: string; parent: string | null };

/** SPEC §2: leaving a route records the active menu entry and its parent (session storage). */
export function recordActiveMenu(storage: StorageLike, leavingRouteName: string | undefined): ActiveMenuRecord | null {
  const { selectedKey } = menuSelection(leavingRouteName);
  if (!selectedKey) return null;
  const record: ActiveMenuRecord = { active: selectedKey, parent: findRoute(selectedKey)?.meta.parent ?? null };
  storage.setItem(STORAGE_KEYS.activeMenu, JSON.stringify(record));
  return record;
}

export function readActiveMenu(storage: StorageLike): ActiveMenuRecord | null {
  try {
    const v = JSON.parse(storage.getItem(STORAGE_KEYS.activeMenu) ?? 'null') as ActiveMenuRecord | null;
    return v && typeof v.active === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function readMenuMode(storage: StorageLike): number | null {
  const raw = storage.getItem(STORAGE_KEYS.menuType);
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

export function writeMenuMode(storage: StorageLike, type: MenuType): void {
  storage.setItem(STORAGE_KEYS.menuType, String(type));
}

/** Badge counts by badge key (billCount, …). Zero, absent or invalid counts show no badge. */
export function badgeFor(node: Pick<MenuNode, 'badgeKey'>, counts: Readonly<Record<string, number | undefined>>): number | null {
  if (!node.badgeKey) return null;
  const n = counts[node.badgeKey];
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : null;
}

export type Shortcut = { name: string; title: string; icon?: string; to: string };

/** The home board's shortcuts: per available group, its top-level entries as real links. */
export function menuShortcuts(permitted: readonly RouteDef[], permittedNames: ReadonlySet<string>): { type: MenuType; label: string; items: Shortcut[] }[] {
  return availableMenuTypes(permitted).map((type) => ({
    type,
    label: menuGroupLabel(type),
    items: buildMenuTree(permitted, type).map((n) => ({ name: n.name, title: n.title, icon: n.icon, to: nodeTarget(n, permittedNames) })),
  }));
}

/** Breadcrumb titles for a route: its ancestors and itself. */
export function breadcrumbTitles(routeName: string | undefined): string[] {
  const titles: string[] = [];
  let r = routeName ? findRoute(routeName) : undefined;
  while (r) {
    titles.unshift(r.meta.title);
    r = r.meta.parent ? findRoute(r.meta.parent) : undefined;
  }
  return titles;
}
