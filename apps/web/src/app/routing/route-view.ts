import { childRoutes, findRoute, type RouteDef } from '@wfsaas/contracts';

/** What an authenticated route renders once the permission map is known. */
export type RouteView =
  | { kind: 'page' }
  | { kind: 'redirect'; to: string }
  | { kind: 'denied' }
  | { kind: 'notAvailable' };

export function isMenuVisible(r: RouteDef): boolean {
  return !r.hide && r.meta.menu !== false;
}

function hasParams(path: string): boolean {
  return path.includes(':');
}

/** Pure aliases (hidden redirects such as `/` → `/home`): followed without a grant of their own. */
export function isAlias(r: RouteDef): boolean {
  return r.hide && !!r.redirect && r.redirect !== r.path;
}

/**
 * The first path a menu group leads to: depth-first over its permitted, menu-visible children in
 * table order, to the first entry without menu children and without path parameters.
 */
export function firstPermittedPath(name: string, permitted: ReadonlySet<string>): string | null {
  for (const child of childRoutes(name)) {
    if (!isMenuVisible(child) || !permitted.has(child.name) || hasParams(child.path)) continue;
    const deeper = firstPermittedPath(child.name, permitted);
    if (deeper) return deeper;
    const hasMenuChildren = childRoutes(child.name).some(isMenuVisible);
    if (!hasMenuChildren) return child.path;
  }
  return null;
}

/**
 * SPEC §2/§6 for one authenticated route:
 * - an alias redirect is always followed (the target decides);
 * - an ungranted route (the map does not grant it and hasRole is false) → the no-permission page;
 * - a built screen → the page;
 * - a redirect to another path → that path; a redirect to itself, or a menu group without a screen
 *   of its own → its first permitted child;
 * - anything else has no screen yet → the not-available page (never a stand-in screen).
 */
export function resolveRouteView(route: RouteDef, permitted: ReadonlySet<string>, builtScreens: ReadonlySet<string>): RouteView {
  if (isAlias(route)) return { kind: 'redirect', to: route.redirect! };
  if (!permitted.has(route.name)) return { kind: 'denied' };
  if (builtScreens.has(route.name)) return { kind: 'page' };
  if (route.redirect && route.redirect !== route.path) return { kind: 'redirect', to: route.redirect };
  const isGroup = route.redirect === route.path || childRoutes(route.name).some(isMenuVisible);
  if (isGroup) {
    const to = firstPermittedPath(route.name, permitted);
    if (to && to !== route.path) return { kind: 'redirect', to };
  }
  return { kind: 'notAvailable' };
}

export type GuardDecision = 'exchangeKey' | 'login' | 'chooseCompany' | 'proceed';

/**
 * SPEC §4 for an authenticated route: a one-time `?key=` is exchanged first (it replaces any
 * stored session); no token → the login page; no company chosen → the company choice.
 */
export function decideGuard(state: { key: string | null; token: string | null; companyId: number | null }): GuardDecision {
  if (state.key) return 'exchangeKey';
  if (!state.token) return 'login';
  if (state.companyId == null) return 'chooseCompany';
  return 'proceed';
}

/** The current URL without the one-time key parameters (SPEC §4: the key is removed from the URL). */
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
