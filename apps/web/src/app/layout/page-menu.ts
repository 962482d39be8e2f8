import { findRoute } from '@wfsaas/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { breadcrumbTitles } from '../menu/menu.ts';

/**
 * A detail page whose place in the menu depends on the record it shows (an e-contract under 待签署
 * or 已签署) names the menu entry it belongs under; the layout highlights that entry and builds the
 * breadcrumb from it. Other routes keep the parent of the route table.
 */
export type MenuParentOverride = { routeName: string; parent: string };

let current: MenuParentOverride | null = null;
const listeners = new Set<() => void>();

function publish(next: MenuParentOverride | null): void {
  current = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the page: while it is shown, the route hangs under `parent` (null: the route table's). */
export function usePageMenuParent(routeName: string, parent: string | null): void {
  useEffect(() => {
    if (!parent) return;
    const mine = { routeName, parent };
    publish(mine);
    return () => {
      if (current === mine) publish(null);
    };
  }, [routeName, parent]);
}

/** Read by the layout. */
export function useMenuParentOverride(): MenuParentOverride | null {
  return useSyncExternalStore(subscribe, () => current);
}

const applies = (routeName: string | undefined, o: MenuParentOverride | null): o is MenuParentOverride => !!o && !!routeName && o.routeName === routeName && !!findRoute(o.parent);

/** The route whose menu entry is highlighted: the override's parent for its own route only. */
export function menuRouteFor(routeName: string | undefined, o: MenuParentOverride | null): string | undefined {
  return applies(routeName, o) ? o.parent : routeName;
}

/** The breadcrumb titles: the override's parent and its ancestors, then the route itself. */
export function crumbTitlesFor(routeName: string | undefined, o: MenuParentOverride | null): string[] {
  if (!applies(routeName, o)) return breadcrumbTitles(routeName);
  return [...breadcrumbTitles(o.parent), findRoute(routeName!)!.meta.title];
}
