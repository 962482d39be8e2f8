import { findRoute, isAlias, isMenuEntry, isMenuGroup, menuEntriesUnder, ROUTES, type RouteDef } from '@wfsaas/contracts';

const ROUTE_BY_PATH: ReadonlyMap<string, RouteDef> = new Map(ROUTES.map((r) => [r.path, r]));

/** What an authenticated route renders once the permission map is known. */
export type RouteView =
  | { kind: 'page' }
  | { kind: 'redirect'; to: string }
  | { kind: 'denied' }
  | { kind: 'notAvailable' };

/** A route the side menu lists. */
export const isMenuVisible: (r: RouteDef) => boolean = isMenuEntry;

function hasParams(path: string): boolean {
  return path.includes(':');
}

/**
 * The first screen a menu group leads to: depth-first over its usable menu entries in table order
 * (as the menu nests them), to the first entry without menu entries of its own and without path
 * parameters — the first one
 * whose screen is built when `built` is given and there is one, else the first one.
 */
export function firstPermittedPath(name: string, usable: ReadonlySet<string>, built?: ReadonlySet<string>): string | null {
  const leaves: RouteDef[] = [];
  const walk = (parent: string) => {
    for (const entry of menuEntriesUnder(parent)) {
      if (!usable.has(entry.name) || hasParams(entry.path)) continue;
      if (isMenuGroup(entry)) walk(entry.name);
      else leaves.push(entry);
    }
  };
  walk(name);
  const first = (built && leaves.find((r) => built.has(r.name))) || leaves[0];
  return first?.path ?? null;
}

/**
 * docs/product.md#screens for one authenticated route, given the routes the user can use (usableRoutes: the
 * permission filter and the keys each screen needs) and the built screens:
 * - an alias redirect is always followed (the target decides);
 * - a route the user cannot use → the no-permission page (a role-gated screen whose calls need
 *   keys the user lacks included, and a menu group with nothing usable under it);
 * - a built screen → the page;
 * - a redirect to another usable path → that path; a menu group or a route redirecting to itself
 *   → its first usable screen (a built one first);
 * - anything else has no screen yet → the not-available page (never a stand-in screen).
 */
export function resolveRouteView(route: RouteDef, usable: ReadonlySet<string>, builtScreens: ReadonlySet<string>): RouteView {
  if (isAlias(route)) return { kind: 'redirect', to: route.redirect! };
  if (!usable.has(route.name)) return { kind: 'denied' };
  if (builtScreens.has(route.name)) return { kind: 'page' };
  if (route.redirect && route.redirect !== route.path) {
    const target = ROUTE_BY_PATH.get(route.redirect);
    if (!target || usable.has(target.name)) return { kind: 'redirect', to: route.redirect };
  }
  if (route.redirect === route.path || isMenuGroup(route)) {
    const to = firstPermittedPath(route.name, usable, builtScreens);
    if (to && to !== route.path) return { kind: 'redirect', to };
    return { kind: 'denied' };
  }
  return { kind: 'notAvailable' };
}

export type GuardDecision = 'exchangeKey' | 'login' | 'chooseCompany' | 'proceed';

/**
 * docs/product.md#sign-in-and-session for an authenticated route: a one-time `?key=` is exchanged first (it replaces any
 * stored session); no token → the login page; no company chosen → the company choice.
 */
export function decideGuard(state: { key: string | null; token: string | null; companyId: number | null }): GuardDecision {
  if (state.key) return 'exchangeKey';
  if (!state.token) return 'login';
  if (state.companyId == null) return 'chooseCompany';
  return 'proceed';
}

/** The current URL without the one-time key parameters (docs/product.md#sign-in-and-session: the key is removed from the URL). */
export function stripKeyParams(pathname: string, search: string, hash = ''): string {
  const params = new URLSearchParams(search);
  params.delete('key');
  const q = params.toString();
  return `${pathname}${q ? `?${q}` : ''}${hash}`;
}

/** Only same-origin absolute paths are accepted as redirect targets (no open redirects). */
export function safeInternalPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/^\/(login|excessive\/company)(\?|$|\/)/.test(value)) return null;
  return value;
}

/** The route names of a permitted set, for quick look-ups. */
export function toNameSet(routes: readonly RouteDef[]): Set<string> {
  return new Set(routes.map((r) => r.name));
}

/** The route a name refers to, or undefined for the catch-all. */
export function routeByName(name: string | undefined): RouteDef | undefined {
  return name ? findRoute(name) : undefined;
}
