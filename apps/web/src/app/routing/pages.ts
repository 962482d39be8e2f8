import type { RouteName } from '@wfsaas/contracts';
import { lazy } from 'react';
import type { Screen, ScreenRegistry } from './ScreensContext.ts';
import { SCREEN_NAMES } from './screen-names.ts';

/**
 * Screens of signed-in routes that are built: one lazily loaded chunk each. Every other route of
 * the table renders the not-available page until its screen is added to screen-names.ts and
 * screen-loaders.ts. 首页 is loaded directly; every other screen goes through the loaders table,
 * a chunk of its own, so the first load of /home does not carry the chunk lists of all screens.
 *
 * Only the app frame (AppLayout) imports this module, and hands it to the routes through
 * ScreensContext (see there why). Public screens are in public-pages.ts.
 */
export const AUTH_SCREENS: Partial<Record<RouteName, Screen>> = {
  home: lazy(() => import('../../features/home/HomePage.tsx')),
  ...Object.fromEntries(SCREEN_NAMES.map((name) => [name, lazy(async () => (await import('./screen-loaders.ts')).SCREEN_LOADERS[name]())])),
};

/** Fetches the loaders table ahead of the first navigation (the frame calls it once /home is up). */
export function prefetchScreenLoaders(): void {
  void import('./screen-loaders.ts');
}

export const BUILT_SCREENS: ReadonlySet<string> = new Set(Object.keys(AUTH_SCREENS));

export const SCREEN_REGISTRY: ScreenRegistry = { screens: AUTH_SCREENS, built: BUILT_SCREENS };
