/**
 * The ONE route table of the product (docs/screens.md, docs/architecture.md).
 *
 * The router, the side menus (grouped by menu type), the permission filter and the role editor
 * are all built from `ROUTES`. A route's `name` is also the permission key the server grants
 * (the permission map is keyed by route name).
 *
 * Conventions:
 * - Paths are the product's screen paths, with React-Router params (`:id`); the `{esign}` prefix is
 *   `ESIGN_PREFIX`. Relative child paths are resolved against their section's prefix.
 * - `hide` = a hidden screen (plus public routes, pure redirect entries and the parametrised
 *   `/serviceConfiguration/:typeValue`, which a menu cannot link to). `meta.menu` = !hide.
 * - `meta.level` = 1 for top-level entries; a child's level is its parent's level + 1.
 *   Hidden detail/edit pages hang under the menu entry that is highlighted while they are open.
 * - Menu types: 1 core, 2 enterprise settings (with trade
 *   information and support), 3 e-signature, 7 payroll (payslip, payroll and tax, social
 *   insurance, salary calculation), 9 outsourced labour, 998 implementation menus
 *   (implementation centre, e-signature implementation, outsourcing service, SaaS edition),
 *   999 public / default.
 * - Only contract package management is kept alive.
 * - What a screen needs (`needs`, `anyOf`): the permission keys the server's `access` asks of the
 *   calls the screen makes when it opens. Most screens call with their own route name (the
 *   default). A role-gated (hasRole) route passes the permission filter without a grant of its own, but
 *   its screen is offered — in menus, home shortcuts, the header's group switch and in-page links —
 *   and opened only when these keys are held (`canUseRoute`); otherwise the no-permission page
 *   shows instead of a screen whose calls are all refused. A menu group has no screen of its own:
 *   it is usable when one of its menu entries is.
 */

import { CORE_ROUTES } from './routes/core-routes.ts';
import { ESIGN_ROUTES } from './routes/esign-routes.ts';
import { IMPLEMENTATION_ROUTES } from './routes/implementation-routes.ts';
import { OUTSOURCED_LABOUR_ROUTES, OUTSOURCING_SERVICE_ROUTES } from './routes/outsourcing-routes.ts';
import { PAYROLL_ROUTES } from './routes/payroll-routes.ts';
import { PUBLIC_ROUTES } from './routes/public-routes.ts';
import type { MenuType, RouteDef } from './routes/route-types.ts';
import { SALARY_ROUTES } from './routes/salary-routes.ts';
import { SETTINGS_ROUTES } from './routes/settings-routes.ts';

export { ESIGN_PREFIX, type MenuType, type RouteDef, type RouteMeta } from './routes/route-types.ts';

/** The literal table, in menu order (one file per product area under routes/); `as const` so route names form a literal union. */
const ROUTE_TABLE = [
  ...PUBLIC_ROUTES,
  ...CORE_ROUTES,
  ...PAYROLL_ROUTES,
  ...IMPLEMENTATION_ROUTES,
  ...ESIGN_ROUTES,
  ...SALARY_ROUTES,
  ...OUTSOURCING_SERVICE_ROUTES,
  ...SETTINGS_ROUTES,
  ...OUTSOURCED_LABOUR_ROUTES,
] as const satisfies readonly RouteDef[];

/** Every route name (= permission key) as a literal union. */
export type RouteName = (typeof ROUTE_TABLE)[number]['name'];

/**
 * The route table, widened to `RouteDef` (so optional fields such as `public` and `meta.parent`
 * can be read on any entry) while `name` keeps its literal union type.
 */
export const ROUTES: readonly (RouteDef & { name: RouteName })[] = ROUTE_TABLE;

export const ROUTE_NAMES: readonly RouteName[] = ROUTES.map((r) => r.name);

const BY_NAME: ReadonlyMap<string, RouteDef> = new Map(ROUTES.map((r) => [r.name, r]));

export function findRoute(name: string): RouteDef | undefined {
  return BY_NAME.get(name);
}

export function routesByMenuType(type: MenuType): RouteDef[] {
  return ROUTES.filter((r) => r.type === type);
}

/** Keep a route when the map grants its name or hasRole is true. Public routes always kept. */
export function filterRoutesByPermission(
  routes: readonly RouteDef[],
  granted: Record<string, boolean>,
): RouteDef[] {
  return routes.filter(
    (r) =>
      r.public === true ||
      r.meta.hasRole ||
      (Object.prototype.hasOwnProperty.call(granted, r.name) && granted[r.name] === true),
  );
}

/** Children of a route (meta.parent === name), in table order. */
export function childRoutes(name: string): RouteDef[] {
  return ROUTES.filter((r) => r.meta.parent === name);
}

/** A route the side menu lists (hidden routes and pure redirects are not). */
export function isMenuEntry(r: RouteDef): boolean {
  return !r.hide && r.meta.menu !== false;
}

/**
 * The menu entries right under a route as the menu nests them: its children that are entries, and
 * the entries under a hidden child in between (/fzsxapp/index under the redirect /fzsxapp/home).
 */
export function menuEntriesUnder(name: string): RouteDef[] {
  return childRoutes(name).flatMap((c) => (isMenuEntry(c) ? [c] : menuEntriesUnder(c.name)));
}

/** A menu entry that opens a submenu: it has menu entries of its own and no screen. */
export function isMenuGroup(r: RouteDef): boolean {
  return isMenuEntry(r) && menuEntriesUnder(r.name).length > 0;
}

/** Pure aliases (hidden redirects such as `/` → `/home`): followed without a grant; their target decides. */
export function isAlias(r: RouteDef): boolean {
  return r.hide && !!r.redirect && r.redirect !== r.path;
}

/** The keys a route's screen needs: all of `all`, and one of `anyOf` when it is not empty (none for public routes). */
export function screenNeeds(r: RouteDef): { all: readonly string[]; anyOf: readonly string[] } {
  return { all: r.needs ?? (r.public === true || isMenuGroup(r) || isAlias(r) ? [] : [r.name]), anyOf: r.anyOf ?? [] };
}

function holds(granted: Record<string, boolean>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(granted, key) && granted[key] === true;
}

/**
 * Whether the user may open a route's screen: the permission filter (granted by name, or hasRole), and
 * the keys its screen needs. A menu group also needs one usable entry under it; a public route and
 * an alias are always usable.
 */
export function canUseRoute(r: RouteDef, granted: Record<string, boolean>): boolean {
  return usableNames(granted).has(r.name);
}

/** The usable routes among `routes`, in their order (see canUseRoute). */
export function filterUsableRoutes(routes: readonly RouteDef[], granted: Record<string, boolean>): RouteDef[] {
  const usable = usableNames(granted);
  return routes.filter((r) => usable.has(r.name));
}

function usableNames(granted: Record<string, boolean>): Set<string> {
  const passes = new Set(filterRoutesByPermission(ROUTES, granted).map((r) => r.name));
  const memo = new Map<string, boolean>();
  const usable = (r: RouteDef): boolean => {
    const known = memo.get(r.name);
    if (known !== undefined) return known;
    let ok: boolean;
    if (r.public === true || isAlias(r)) ok = true;
    else if (!passes.has(r.name)) ok = false;
    else {
      const { all, anyOf } = screenNeeds(r);
      ok = all.every((k) => holds(granted, k)) && (anyOf.length === 0 || anyOf.some((k) => holds(granted, k)));
      if (ok && isMenuGroup(r)) ok = menuEntriesUnder(r.name).some(usable);
    }
    memo.set(r.name, ok);
    return ok;
  };
  return new Set(ROUTES.filter(usable).map((r) => r.name));
}
