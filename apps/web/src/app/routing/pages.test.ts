import { findRoute } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { AUTH_SCREENS, BUILT_SCREENS, SCREEN_REGISTRY } from './pages.ts';
import { PUBLIC_SCREENS } from './public-pages.ts';

describe('screen registries', () => {
  it('every built signed-in screen is a signed-in route of the table', () => {
    for (const name of Object.keys(AUTH_SCREENS)) {
      const r = findRoute(name);
      expect(r, name).toBeDefined();
      expect(r!.public, name).toBeFalsy();
    }
    expect([...BUILT_SCREENS]).toEqual(expect.arrayContaining(['home', 'rolePermission', 'messageCenter', 'downloadCenter']));
    expect(BUILT_SCREENS.size).toBe(Object.keys(AUTH_SCREENS).length);
    expect(SCREEN_REGISTRY).toEqual({ screens: AUTH_SCREENS, built: BUILT_SCREENS });
  });

  it('every public screen is a public route', () => {
    for (const name of Object.keys(PUBLIC_SCREENS)) expect(findRoute(name)?.public, name).toBe(true);
  });
});
