import type { RouteDef } from '@wfsaas/contracts';

/** docs/product.md#screens: route caching is off except where meta.keepAlive is set (contract package management). */
export function isKeepAlive(route: RouteDef | undefined): boolean {
  return route?.meta.keepAlive === true;
}

/** Upper bound of kept screens, so a long session does not grow without limit. */
export const MAX_KEPT = 8;

/**
 * The next cache of kept-alive screens: the current route's element is (re)stored when the route
 * is kept alive (most recently used last); other routes leave the cache as it is, so kept screens
 * stay mounted and hidden while the user is elsewhere.
 */
export function nextKeepAliveCache<E>(
  cache: ReadonlyMap<string, E>,
  current: { key: string; keepAlive: boolean; element: E } | null,
  max = MAX_KEPT,
): Map<string, E> {
  const next = new Map(cache);
  if (!current || !current.keepAlive) return next;
  next.delete(current.key);
  next.set(current.key, current.element);
  while (next.size > max) next.delete(next.keys().next().value as string);
  return next;
}

/** Which kept screens to render and whether each is the visible one; the live outlet is rendered only for other routes. */
export function keepAliveView<E>(cache: ReadonlyMap<string, E>, currentKey: string | null): { kept: { key: string; element: E; visible: boolean }[]; renderOutlet: boolean } {
  const kept = [...cache].map(([key, element]) => ({ key, element, visible: key === currentKey }));
  return { kept, renderOutlet: !kept.some((k) => k.visible) };
}
