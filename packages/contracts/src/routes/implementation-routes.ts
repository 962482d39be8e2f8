import type { RouteDef } from './route-types.ts';

/** The implementation centre (998, role-gated). */
export const IMPLEMENTATION_ROUTES = [
  // ── "Implementation centre, /implement (role-gated)" ──
  {
    name: 'implement', path: '/implement', hide: false, type: 998, isEdit: false,
    meta: { title: '实施中心', hasRole: true, keepAlive: false, level: 1, icon: 'ToolOutlined', menu: true },
  },
  {
    name: 'systemInitialize', path: '/implement/systemInitialize', hide: false, type: 998, isEdit: false,
    meta: { title: '系统初始化', hasRole: true, keepAlive: false, level: 2, parent: 'implement', menu: true },
  },
  {
    name: 'modifyForm', path: '/implement/customTable/modifyForm/:id', hide: true, type: 998, isEdit: true,
    meta: { title: '编辑表单', hasRole: true, keepAlive: false, level: 3, parent: 'systemInitialize', menu: false },
  },
  {
    name: 'pushChannel', path: '/implement/pushChannel', hide: false, type: 998, isEdit: false,
    meta: { title: '推送渠道', hasRole: true, keepAlive: false, level: 2, parent: 'implement', menu: true },
  },
  {
    name: 'rolePermission', path: '/implement/rolePermission', hide: false, type: 998, isEdit: false,
    meta: { title: '角色权限', hasRole: true, keepAlive: false, level: 2, parent: 'implement', menu: true },
  },
  {
    name: 'dictionaryCenter', path: '/implement/dictionaryCenter', hide: false, type: 998, isEdit: false,
    meta: { title: '字典中心', hasRole: true, keepAlive: false, level: 2, parent: 'implement', menu: true },
  },
  {
    name: 'systemConfig', path: '/implement/systemConfig', hide: false, type: 998, isEdit: false,
    meta: { title: '系统配置', hasRole: true, keepAlive: false, level: 2, parent: 'implement', menu: true },
  },
  {
    name: 'payConfig', path: '/implement/payConfig', hide: false, type: 998, isEdit: false,
    meta: { title: '支付配置', hasRole: true, keepAlive: false, level: 2, parent: 'implement', menu: true },
  },
] as const satisfies readonly RouteDef[];
