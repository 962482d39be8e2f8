import type { RouteDef } from '@wfsaas/contracts';
import { createContext, useContext } from 'react';
import type { PermissionMap } from '../session/permissions.ts';

/**
 * The permission map, and the signed-in routes the user can use (usableRoutes: docs/screens.md's filter
 * and the keys each screen's calls need) with their names. Menus, shortcuts, the header's group
 * switch, in-page links (`names.has(routeName)`) and the route gate go by `routes`/`names`.
 */
export type Permissions = { map: PermissionMap; routes: RouteDef[]; names: ReadonlySet<string> };

export const PermissionContext = createContext<Permissions>({ map: {}, routes: [], names: new Set() });

export function usePermissions(): Permissions {
  return useContext(PermissionContext);
}

/** Whether the user can open the screen of a route (by name): for in-page links to other screens. */
export function useCanOpen(): (routeName: string) => boolean {
  const { names } = useContext(PermissionContext);
  return (routeName) => names.has(routeName);
}
