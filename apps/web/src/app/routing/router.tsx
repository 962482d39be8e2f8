import { findRoute, ROUTES } from '@wfsaas/contracts';
import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotAvailableResult } from '../../features/system/lazy-results.ts';
import { FullPageSpin } from '../ui/FullPageSpin.tsx';
import { AuthGuard, UNKNOWN_ROUTE, type RouteHandle } from './AuthGuard.tsx';
import { setNavigator } from './navigation.ts';
import { PUBLIC_SCREENS, setDocumentTitle } from './public-pages.ts';
import { RouteGate, UnknownRoute } from './RouteGate.tsx';

/**
 * Employee phone pages (/m/…): public, outside the route table (they are not screens of the admin
 * product, docs/product.md#screens), no sign-in and no admin layout.
 */
const PayslipPhonePage = lazy(() => import('../../mobile/payslip/PayslipPhonePage.tsx'));
const OnboardPhonePage = lazy(() => import('../../mobile/onboard/OnboardPhonePage.tsx'));
/** The platform operator's console: outside the company route table, for users flagged as operators. */
const OperatorConsolePage = lazy(() => import('../../features/operator/OperatorConsolePage.tsx'));
const PHONE_ROUTES: RouteObject[] = [
  {
    path: '/m/payslip/:token',
    element: (
      <Suspense fallback={<FullPageSpin />}>
        <PayslipPhonePage />
      </Suspense>
    ),
    handle: { name: 'phonePayslip' } satisfies RouteHandle,
  },
  {
    path: '/m/onboard/:token',
    element: (
      <Suspense fallback={<FullPageSpin />}>
        <OnboardPhonePage />
      </Suspense>
    ),
    handle: { name: 'phoneOnboard' } satisfies RouteHandle,
  },
  {
    path: '/operator',
    element: (
      <Suspense fallback={<FullPageSpin />}>
        <OperatorConsolePage />
      </Suspense>
    ),
    handle: { name: 'operatorConsole' } satisfies RouteHandle,
  },
];

function PublicScreen({ name }: { name: string }) {
  const Screen = PUBLIC_SCREENS[name as keyof typeof PUBLIC_SCREENS];
  const title = findRoute(name)?.meta.title;
  useEffect(() => setDocumentTitle(title), [title]);
  return <Suspense fallback={<FullPageSpin />}>{Screen ? <Screen /> : <NotAvailableResult title={title} />}</Suspense>;
}

/** The route objects, built from the one route table. */
export function buildRoutes(): RouteObject[] {
  const handle = (name: string): RouteHandle => ({ name });
  const publicRoutes: RouteObject[] = ROUTES.filter((r) => r.public).map((r) => ({
    path: r.path,
    element: <PublicScreen name={r.name} />,
    handle: handle(r.name),
  }));
  const signedIn: RouteObject[] = ROUTES.filter((r) => !r.public).map((r) => ({
    path: r.path,
    element: <RouteGate name={r.name} />,
    handle: handle(r.name),
  }));
  return [
    ...publicRoutes,
    ...PHONE_ROUTES,
    {
      element: <AuthGuard />,
      children: [...signedIn, { path: '*', element: <UnknownRoute />, handle: handle(UNKNOWN_ROUTE) }],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  setNavigator((to, opts) => void router.navigate(to, { replace: opts?.replace }));
  return router;
}
