import type { RouteDef } from '@wfsaas/contracts';
import { createContext, useContext } from 'react';
import type { PermissionMap } from '../session/permissions.ts';

export type Permissions = { map: PermissionMap; routes: RouteDef[]; names: ReadonlySet<string> };

export const PermissionContext = createContext<Permissions>({ map: {}, routes: [], names: new Set() });

export function usePermissions(): Permissions {
  return useContext(PermissionContext);
}
