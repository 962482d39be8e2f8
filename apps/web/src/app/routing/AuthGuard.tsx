import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Navigate, useLocation, useMatches, useNavigate } from 'react-router';
import { ApiError } from '../api/client.ts';
import { fetchPermissionMap, fetchUserInfo } from '../api/endpoints.ts';
import { api } from '../api/instance.ts';
import { exchangeOneTimeKey } from '../../features/auth/auth-flow.ts';
import { loadPermissions, loginUrlWithReferer, onPermissionFetchFailed, usableRoutes } from '../session/permissions.ts';
import { clearSession, defaultStores, saveUserInfo } from '../session/session.ts';
import { isEndingSession, isSigningOut, notifySessionChanged } from '../session/session-events.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { sessionStore } from '../session/storage.ts';
import { FullPageSpin } from '../ui/FullPageSpin.tsx';
import { StandaloneNoPermission } from '../../features/system/lazy-results.ts';
import { PermissionContext, type Permissions } from './PermissionContext.ts';
import { decideGuard, stripKeyParams, toNameSet } from './route-view.ts';

const AppLayout = lazy(() => import('../layout/AppLayout.tsx'));

export const UNKNOWN_ROUTE = '*';
export type RouteHandle = { name: string };

export const permissionKeys = { all: ['permissions'] as const, of: (companyId: number | null, token: string | null) => ['permissions', companyId, token] as const };

function parseCompanyParam(v: string | null): number | null {
  return v && /^[1-9]\d{0,15}$/.test(v) ? Number(v) : null;
}

/**
 * The gate in front of every signed-in route (docs/product.md#sign-in-and-session): the one-time key hand-off, sign-in and
 * company checks, the session check, and the permission map the routes and menus are filtered by.
 */
export function AuthGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const matches = useMatches();
  const isUnknown = (matches.at(-1)?.handle as RouteHandle | undefined)?.name === UNKNOWN_ROUTE;
  const search = new URLSearchParams(location.search);
  const key = search.get('key');
  const decision = decideGuard({ key, token: session.token, companyId: session.companyId });
  const here = stripKeyParams(location.pathname, location.search, location.hash);

  useEffect(() => {
    if (decision !== 'exchangeKey' || !key) return;
    const params = new URLSearchParams(location.search);
    const companyId = parseCompanyParam(params.get('companyId'));
    let cancelled = false;
    exchangeOneTimeKey(api, key, companyId, defaultStores())
      .then(() => {
        if (cancelled) return;
        params.delete('key');
        if (companyId != null) params.delete('companyId');
        const q = params.toString();
        notifySessionChanged();
        navigate(`${location.pathname}${q ? `?${q}` : ''}${location.hash}`, { replace: true });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        // A 401 (登录验证失效) is handled by the request client: session cleared, login page.
        if (err instanceof ApiError && err.kind === 'unauthorized') return;
        clearSession();
        notifySessionChanged();
        navigate('/login', { replace: true });
      });
    return () => {
      cancelled = true;
    };
    // The key is exchanged once per key value (location and navigate are read at that moment).
  }, [decision, key]);

  const proceed = decision === 'proceed';
  const permissions = useQuery({
    queryKey: permissionKeys.of(session.companyId, session.token),
    queryFn: () => loadPermissions(sessionStore(), (req) => fetchPermissionMap(api, req), { companyId: session.companyId }),
    enabled: proceed,
    staleTime: Infinity,
  });
  const user = useQuery({
    queryKey: ['userInfo', session.token],
    queryFn: () => fetchUserInfo(api),
    enabled: proceed,
    staleTime: 5 * 60_000,
  });

  useEffect(() => {
    if (user.data?.user_info) saveUserInfo(user.data.user_info);
  }, [user.data]);

  // docs/product.md#codes: a failed permission fetch clears the session and goes to login with a referer.
  useEffect(() => {
    if (!permissions.isError || isEndingSession()) return;
    navigate(onPermissionFetchFailed(defaultStores(), here), { replace: true });
    notifySessionChanged();
  }, [permissions.isError, navigate, here]);

  const value = useMemo<Permissions | null>(() => {
    if (!permissions.data) return null;
    const routes = usableRoutes(permissions.data);
    return { map: permissions.data, routes, names: toNameSet(routes) };
  }, [permissions.data]);

  switch (decision) {
    case 'exchangeKey':
      return <FullPageSpin tip="正在登录…" />;
    case 'login':
      return isUnknown ? (
        <Suspense fallback={<FullPageSpin />}>
          <StandaloneNoPermission />
        </Suspense>
      ) : (
        <Navigate to={isSigningOut() ? '/login' : loginUrlWithReferer(here)} replace />
      );
    case 'chooseCompany':
      return <Navigate to={`/excessive/company?referer=${encodeURIComponent(here)}`} replace />;
    case 'proceed':
      if (!value) return <FullPageSpin />;
      return (
        <PermissionContext.Provider value={value}>
          <Suspense fallback={<FullPageSpin />}>
            <AppLayout />
          </Suspense>
        </PermissionContext.Provider>
      );
  }
}
