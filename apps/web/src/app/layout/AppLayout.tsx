import { findRoute, type MenuType } from '@wfsaas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Layout } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { api } from '../api/instance.ts';
import { signOut } from '../../features/auth/auth-flow.ts';
import { availableMenuTypes, buildMenuTree, firstPathOfGroup, menuGroupLabel, readMenuMode, recordActiveMenu, resolveMenuType, writeMenuMode } from '../menu/menu.ts';
import { permissionKeys, type RouteHandle } from '../routing/AuthGuard.tsx';
import { prefetchScreenLoaders, SCREEN_REGISTRY } from '../routing/pages.ts';
import { usePermissions } from '../routing/PermissionContext.ts';
import { ScreensContext } from '../routing/ScreensContext.ts';
import { mayCreateCompany } from '../session/permissions.ts';
import { defaultStores, setCompany, STORAGE_KEYS } from '../session/session.ts';
import { isEndingSession, notifySessionChanged, setSigningOut } from '../session/session-events.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { sessionStore } from '../session/storage.ts';
import { COMPANY_MISMATCH_ALERT, isCompanyMismatch } from '../ui/company-mismatch.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { HeaderBar } from './HeaderBar.tsx';
import { KeepAliveOutlet } from './KeepAliveOutlet.tsx';
import { Logo } from './Logo.tsx';
import { crumbTitlesFor, menuRouteFor, useMenuParentOverride } from './page-menu.ts';
import { SideMenu, type BadgeCounts } from './SideMenu.tsx';
import { useBillBadge } from '../../features/trade/bills/bill-badge.ts';
import { useWorkOrderCounts } from '../../features/support/work-orders/work-order-counts.ts';
import { useExportingBadge } from '../../features/home/board.api.ts';
import { PageWatermark } from '../../features/implement/system-config/PageWatermark.tsx';

// /home shows no breadcrumb: antd's Breadcrumb (which imports Dropdown) is fetched on the first other page, in a box of its height meanwhile
const loadBreadcrumb = () => import('antd/es/breadcrumb');
const Breadcrumb = lazy(loadBreadcrumb);
const CRUMB_BOX = { marginBottom: 12, minHeight: 22 } as const;

/** The signed-in frame: side menu of the selected group, header, breadcrumb and the page. */
export default function AppLayout() {
  const { map, routes, names } = usePermissions();
  const { companyId } = useSession();
  // the 账单管理 badge: bills waiting for the company (docs/trade.md), for members who may open it
  const billBadge = useBillBadge(map.billManagement === true);
  // the 工单管理 badge: tickets the platform resolved, waiting for the company to confirm (docs/work-orders.md)
  const workOrders = useWorkOrderCounts(map.orderManagement === true);
  // the 下载中心 badge: the member's exports still queued or being generated
  const exportingBadge = useExportingBadge(map.downloadCenter === true);
  const badgeCounts = useMemo<BadgeCounts>(
    () => ({ billCount: billBadge.data?.billCount, workOrderCount: workOrders.data?.toConfirm, exportingCount: exportingBadge.data?.exporting }),
    [billBadge.data, workOrders.data, exportingBadge.data],
  );
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const matches = useMatches();
  const routeName = (matches.at(-1)?.handle as RouteHandle | undefined)?.name;
  const current = routeName ? findRoute(routeName) : undefined;
  const [collapsed, setCollapsed] = useState(false);
  const [mode, setMode] = useState<number | null>(() => readMenuMode(sessionStore()));

  const groups = useMemo(() => availableMenuTypes(routes), [routes]);
  const activeGroup = resolveMenuType(current, mode, groups);
  const tree = useMemo(() => buildMenuTree(routes, activeGroup), [routes, activeGroup]);

  // the other screens' loaders, fetched while the user looks at the first page
  useEffect(() => {
    const timer = window.setTimeout(() => {
      prefetchScreenLoaders();
      void loadBreadcrumb();
    }, 1500);
    return () => window.clearTimeout(timer);
  }, []);

  // docs/product.md#screens: leaving a route records the active menu entry and its parent.
  const previous = useRef<string | undefined>(routeName);
  useEffect(() => {
    if (previous.current && previous.current !== routeName) recordActiveMenu(sessionStore(), previous.current);
    previous.current = routeName;
  }, [routeName]);

  // docs/product.md#codes: the company changed elsewhere (another tab) → alert, then reload.
  const alerted = useRef(false);
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== null && e.key !== STORAGE_KEYS.companyId) return;
      if (alerted.current || isEndingSession()) return;
      if (!isCompanyMismatch(companyId, window.localStorage.getItem(STORAGE_KEYS.companyId))) return;
      alerted.current = true;
      modal.warning({
        title: '提示',
        content: COMPANY_MISMATCH_ALERT.content,
        okText: COMPANY_MISMATCH_ALERT.okText,
        keyboard: false,
        onOk: () => window.location.reload(),
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [companyId, modal]);

  const onGroup = (type: MenuType) => {
    writeMenuMode(sessionStore(), type);
    setMode(type);
    // the group's first built screen, not a not-available page
    const to = firstPathOfGroup(buildMenuTree(routes, type), SCREEN_REGISTRY.built);
    if (to) navigate(to);
  };

  const onSwitchCompany = (id: number) => {
    setCompany(id);
    queryClient.removeQueries({ queryKey: permissionKeys.all });
    navigate('/home');
    notifySessionChanged();
  };

  const onSignOut = async () => {
    // the guard may render between the cleared session and the navigation: no referer then (the login page resets it)
    setSigningOut(true);
    await signOut(api, defaultStores());
    navigate('/login', { replace: true });
    notifySessionChanged();
    queryClient.clear();
  };

  // a detail page may hang under the menu entry its record belongs to (page-menu.ts)
  const menuParent = useMenuParentOverride();
  const crumbs = crumbTitlesFor(routeName, menuParent);
  const showCrumbs = !!current && routeName !== 'home';

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <PageWatermark />
      <Layout.Sider className="app-sider" width={216} collapsedWidth={64} collapsible collapsed={collapsed} trigger={null} style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}>
        <Logo collapsed={collapsed} />
        <div style={{ color: 'rgba(255,255,255,0.45)', fontSize: 12, padding: collapsed ? '4px 0' : '4px 24px', textAlign: collapsed ? 'center' : 'left' }}>{menuGroupLabel(activeGroup)}</div>
        <SideMenu tree={tree} routeName={menuRouteFor(routeName, menuParent)} counts={badgeCounts} collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ position: 'sticky', top: 0, zIndex: 10, height: 56, lineHeight: '56px', padding: '0 16px 0 8px', background: '#fff', boxShadow: '0 1px 4px rgba(0,21,41,0.08)' }}>
          <HeaderBar
            collapsed={collapsed}
            onToggle={() => setCollapsed((c) => !c)}
            groups={groups}
            activeGroup={activeGroup}
            onGroup={onGroup}
            onSwitchCompany={onSwitchCompany}
            onSignOut={() => void onSignOut()}
            canOpenMessages={names.has('messageCenter')}
            canCreateCompany={mayCreateCompany(map)}
          />
        </Layout.Header>
        <Layout.Content style={{ padding: 16 }}>
          {showCrumbs && (
            <Suspense fallback={<div style={CRUMB_BOX} />}>
              <Breadcrumb style={CRUMB_BOX} items={[{ title: menuGroupLabel(current!.type) }, ...crumbs.map((t) => ({ title: t }))]} />
            </Suspense>
          )}
          <div key={companyId ?? 0}>
            <ErrorBoundary resetKey={location.pathname}>
              <ScreensContext.Provider value={SCREEN_REGISTRY}>
                <KeepAliveOutlet current={current} />
              </ScreensContext.Provider>
            </ErrorBoundary>
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
