import type { ReactNode } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { NoPermissionResult } from '../system/results.tsx';

/**
 * A screen of shared data shows only to those granted the permission its reads need (the route name
 * of its kind); others see the no-permission page instead of a screen whose every call is refused.
 */
export function ReadGate({ permission, children }: { permission: string; children: ReactNode }) {
  const { map } = usePermissions();
  return map[permission] === true ? children : <NoPermissionResult />;
}
