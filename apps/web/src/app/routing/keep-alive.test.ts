import { findRoute, ROUTES } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { isKeepAlive, keepAliveView, nextKeepAliveCache } from './keep-alive.ts';

describe('keep-alive (docs/product.md#screens: only contract package management is cached)', () => {
  it('only the package management route is kept alive', () => {
    expect(ROUTES.filter(isKeepAlive).map((r) => r.name)).toEqual(['signedPackageManage']);
    expect(isKeepAlive(undefined)).toBe(false);
  });

  it('stores a kept route and leaves the cache alone for other routes', () => {
    let cache = nextKeepAliveCache(new Map<string, string>(), { key: 'signedPackageManage', keepAlive: true, element: 'A' });
    expect([...cache]).toEqual([['signedPackageManage', 'A']]);
    cache = nextKeepAliveCache(cache, { key: 'home', keepAlive: false, element: 'H' });
    expect([...cache]).toEqual([['signedPackageManage', 'A']]);
    cache = nextKeepAliveCache(cache, { key: 'signedPackageManage', keepAlive: true, element: 'A2' });
    expect([...cache]).toEqual([['signedPackageManage', 'A2']]);
    expect(isKeepAlive(findRoute('home'))).toBe(false);
  });

  it('away from a kept route it stays mounted but hidden, and the live outlet renders', () => {
    const cache = new Map([['signedPackageManage', 'A']]);
    expect(keepAliveView(cache, 'home')).toEqual({ kept: [{ key: 'signedPackageManage', element: 'A', visible: false }], renderOutlet: true });
    expect(keepAliveView(cache, 'signedPackageManage')).toEqual({ kept: [{ key: 'signedPackageManage', element: 'A', visible: true }], renderOutlet: false });
  });

  it('keeps at most `max` screens, dropping the least recently used', () => {
    let cache = new Map<string, number>();
    for (let i = 0; i < 5; i++) cache = nextKeepAliveCache(cache, { key: `r${i}`, keepAlive: true, element: i }, 3);
    expect([...cache.keys()]).toEqual(['r2', 'r3', 'r4']);
  });
});
