import type { RouteDef } from './route-types.ts';

/** Screens open without signing in. */
export const PUBLIC_ROUTES = [
  // ── "Public routes" (no sign-in; "any other path" falls through to the no-permission page, handled by the router, not a table entry) ──
  {
    name: 'login', path: '/login', hide: true, type: 999, isEdit: false, public: true,
    meta: { title: '登录', hasRole: false, keepAlive: false, level: 1, menu: false },
  },
  {
    name: 'companyChoice', path: '/excessive/company', hide: true, type: 999, isEdit: false, public: true,
    meta: { title: '选择企业', hasRole: false, keepAlive: false, level: 1, menu: false },
  },
  {
    name: 'companyGuide', path: '/companyGuide', hide: true, type: 999, isEdit: false, public: true,
    meta: { title: '企业引导', hasRole: false, keepAlive: false, level: 1, menu: false },
  },
  {
    name: 'noCompany', path: '/noCompany', hide: true, type: 999, isEdit: false, public: true,
    meta: { title: '暂无权限', hasRole: false, keepAlive: false, level: 1, menu: false },
  },
  {
    name: 'notAvailable', path: '/notAvailable', hide: true, type: 999, isEdit: false, public: true,
    meta: { title: '暂不可用', hasRole: false, keepAlive: false, level: 1, menu: false },
  },
  {
    name: 'pendingSignDetail', path: '/qszx-vite/detailWeifen/:contractId', hide: true, type: 999, isEdit: false, public: true,
    meta: { title: '待签署合同详情', hasRole: false, keepAlive: false, level: 1, menu: false },
  },
] as const satisfies readonly RouteDef[];
