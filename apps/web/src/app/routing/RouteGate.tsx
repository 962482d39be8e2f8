import { findRoute } from '@wfsaas/contracts';
import { Suspense, useEffect } from 'react';
import { Navigate } from 'react-router';
import { NoPermissionResult, NotAvailableResult } from '../../features/system/lazy-results.ts';
import { FullPageSpin } from '../ui/FullPageSpin.tsx';
import { setDocumentTitle } from './public-pages.ts';
import { usePermissions } from './PermissionContext.ts';
import { resolveRouteView } from './route-view.ts';
import { useScreens } from './ScreensContext.ts';

/** Renders one signed-in route of the table: its screen, a redirect, no-permission or not-available. */
export function RouteGate({ name }: { name: string }) {
  const { names } = usePermissions();
  const { screens, built } = useScreens();
  const def = findRoute(name);
  const view = def ? resolveRouteView(def, names, built) : ({ kind: 'denied' } as const);
  const title = view.kind === 'denied' ? '暂无权限' : def?.meta.title;
  useEffect(() => {
    if (view.kind !== 'redirect') setDocumentTitle(title);
  }, [view.kind, title]);

  switch (view.kind) {
    case 'redirect':
      return <Navigate to={view.to} replace />;
    case 'denied':
      return (
        <Suspense fallback={<FullPageSpin />}>
          <NoPermissionResult />
        </Suspense>
      );
    case 'notAvailable':
      return (
        <Suspense fallback={<FullPageSpin />}>
          <NotAvailableResult title={def?.meta.title} />
        </Suspense>
      );
    case 'page': {
      const Screen = screens[name]!;
      return (
        <Suspense fallback={<FullPageSpin />}>
          <Screen />
        </Suspense>
      );
    }
  }
}

/** The catch-all inside the app: docs/product.md#screens. */
export function UnknownRoute() {
  useEffect(() => setDocumentTitle('暂无权限'), []);
  return (
    <Suspense fallback={<FullPageSpin />}>
      <NoPermissionResult />
    </Suspense>
  );
}
