import type { RouteDef } from '@wfsaas/contracts';
import { Activity, useRef, type ReactNode } from 'react';
import { useOutlet } from 'react-router';
import { isKeepAlive, keepAliveView, nextKeepAliveCache } from '../routing/keep-alive.ts';

/**
 * The outlet with keep-alive (docs/product.md#screens): a route with meta.keepAlive stays mounted, hidden, while
 * the user is on other routes, and comes back with its state; every other route mounts afresh.
 */
export function KeepAliveOutlet({ current }: { current: RouteDef | undefined }) {
  const outlet = useOutlet();
  const cache = useRef(new Map<string, ReactNode>());
  cache.current = nextKeepAliveCache(cache.current, current ? { key: current.name, keepAlive: isKeepAlive(current), element: outlet } : null);
  const { kept, renderOutlet } = keepAliveView(cache.current, current?.name ?? null);
  return (
    <>
      {kept.map((k) => (
        <Activity key={k.key} mode={k.visible ? 'visible' : 'hidden'}>
          {k.element}
        </Activity>
      ))}
      {renderOutlet && outlet}
    </>
  );
}
