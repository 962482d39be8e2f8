import { findRoute, isAlias, ROUTES, type MenuType, type RouteDef } from '@wfsaas/contracts';
import { STORAGE_KEYS } from '../session/session.ts';
import type { StorageLike } from '../session/storage.ts';
import { isMenuVisible } from '../routing/route-view.ts';

/** docs/product.md#screens: the menu groups a product-type code selects, in header order. */
export const MENU_GROUPS: readonly { type: MenuType; label: string }[] = [
  { type: 1, label: '核心' },
  { type: 2, label: '企业设置' },
  { type: 3, label: '电子签' },
  { type: 7, label: '薪酬' },
  { type: 9, label: '外包用工' },
  { type: 998, label: '实施' },
];

/** docs/product.md#client-conventions: the default menu mode; it shows the core group (1). */
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
 * The side menu of one group from the usable routes (usableRoutes): menu-visible entries of that
 * type, nested under their nearest usable menu ancestor (an entry whose parent is not usable moves
 * up). A submenu is usable only with a usable entry under it, so none is left empty.
 */
export function buildMenuTree(usable: readonly RouteDef[], type: MenuType): MenuNode[] {
  const visible = usable.filter((r) => r.type === type && isMenuVisible(r));
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

/** The groups that have at least one menu entry for these routes, in header order. */
export function availableMenuTypes(usable: readonly RouteDef[]): MenuType[] {
  return MENU_GROUPS.filter((g) => buildMenuTree(usable, g.type).length > 0).map((g) => g.type);
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

/** The entries (nodes without children) under a node or a forest, depth first in menu order. */
function leavesOf(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => (n.children.length === 0 ? [n] : leavesOf(n.children)));
}

/** The first entry of a menu forest whose screen is built; without one, the first entry. */
function firstScreen(nodes: readonly MenuNode[], built: ReadonlySet<string>): string | null {
  const leaves = leavesOf(nodes);
  return (leaves.find((n) => built.has(n.name)) ?? leaves[0])?.path ?? null;
}

/** Where a menu node leads: its own path for an entry; for a submenu, its first built entry (else its first entry). */
export function nodeTarget(node: MenuNode, built: ReadonlySet<string>): string {
  return node.children.length === 0 ? node.path : (firstScreen(node.children, built) ?? node.path);
}

/**
 * Where the header's group switch lands: the group's first entry whose screen is built (a menu
 * lists screens not built yet, which show the not-available page); a group with no built screen
 * at all lands on its first entry.
 */
export function firstPathOfGroup(tree: readonly MenuNode[], built: ReadonlySet<string>): string | null {
  return firstScreen(tree, built);
}

/**
 * The active-key logic of the side menu: for a route name, the one menu key to highlight and the
 * submenus to open. The key is the route itself when it is a menu entry, else the menu entry its
 * page hangs under (the nearest menu-visible ancestor in the route table: a detail page highlights
 * the list it belongs to); an alias (a hidden redirect such as `/` → `/home`) has its target's.
 * A route with no menu entry above it has none. openKeys are the submenus above that entry,
 * outermost first.
 *
 * A page whose entry depends on its record passes another route name here (page-menu.ts:
 * menuRouteFor gives the entry the page named, e.g. 待签署 for a contract awaiting signature).
 */
export function menuSelection(routeName: string | undefined): { selectedKey: string | null; openKeys: string[] } {
  let r = routeName ? findRoute(routeName) : undefined;
  if (r && isAlias(r)) r = ROUTES.find((x) => x.path === r!.redirect);
  while (r && !isMenuVisible(r)) r = r.meta.parent ? findRoute(r.meta.parent) : undefined;
  if (!r) return { selectedKey: null, openKeys: [] };
  const openKeys: string[] = [];
  let p = r.meta.parent ? findRoute(r.meta.parent) : undefined;
  while (p) {
    if (isMenuVisible(p)) openKeys.unshift(p.name);
    p = p.meta.parent ? findRoute(p.meta.parent) : undefined;
  }
  return { selectedKey: r.name, openKeys };
}

export type ActiveMenuRecord = { active: string; parent: string | null };

/** docs/product.md#screens: leaving a route records the active menu entry and its parent (session storage). */
export function recordActiveMenu(storage: StorageLike, leavingRouteName: string | undefined): ActiveMenuRecord | null {
  const { selectedKey, openKeys } = menuSelection(leavingRouteName);
  if (!selectedKey) return null;
  const record: ActiveMenuRecord = { active: selectedKey, parent: openKeys.at(-1) ?? null };
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

/** The home board's shortcuts: per available group, its top-level entries as real links to usable screens. */
export function menuShortcuts(usable: readonly RouteDef[], built: ReadonlySet<string>): { type: MenuType; label: string; items: Shortcut[] }[] {
  return availableMenuTypes(usable).map((type) => ({
    type,
    label: menuGroupLabel(type),
    items: buildMenuTree(usable, type).map((n) => ({ name: n.name, title: n.title, icon: n.icon, to: nodeTarget(n, built) })),
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
