import type { RouteDef } from './route-types.ts';

/** Enterprise settings, trade information and support (2). */
export const SETTINGS_ROUTES = [
  // ── "Enterprise settings" (企业设置; no group path, so each screen is its own level-1 entry) ──
  {
    name: 'enterpriseInformation', path: '/enterpriseInformation', hide: false, type: 2, isEdit: false,
    meta: { title: '企业信息', hasRole: false, keepAlive: false, level: 1, icon: 'BankOutlined', menu: true },
  },
  {
    name: 'accredit', path: '/accredit', hide: false, type: 2, isEdit: false,
    meta: { title: '授权中心', hasRole: false, keepAlive: false, level: 1, icon: 'KeyOutlined', menu: true },
  },
  {
    name: 'assetsList', path: '/assetsList', hide: false, type: 2, isEdit: false,
    meta: { title: '资产中心', hasRole: false, keepAlive: false, level: 1, icon: 'WalletOutlined', menu: true },
  },
  {
    name: 'employmentRelationship', path: '/employmentRelationship', hide: false, type: 2, isEdit: false,
    meta: { title: '提醒设置', hasRole: false, keepAlive: false, level: 1, icon: 'BellOutlined', menu: true },
  },
  {
    name: 'serviceConfiguration', path: '/serviceConfiguration', hide: false, type: 2, isEdit: false,
    meta: { title: '服务配置', hasRole: false, keepAlive: false, level: 1, icon: 'ControlOutlined', menu: true },
  },
  {
    name: 'serviceConfigurationType', path: '/serviceConfiguration/:typeValue', hide: true, type: 2, isEdit: false,
    meta: { title: '服务配置详情', hasRole: false, keepAlive: false, level: 2, parent: 'serviceConfiguration', menu: false },
  },
  {
    name: 'contractList', path: '/contractlist', hide: true, type: 2, isEdit: false,
    meta: { title: '合同列表', hasRole: false, keepAlive: false, level: 2, parent: 'enterpriseInformation', menu: false },
  },
  {
    name: 'fiduciaryAccount', path: '/fiduciaryaccount', hide: true, type: 2, isEdit: false,
    meta: { title: '托管账户', hasRole: false, keepAlive: false, level: 2, parent: 'enterpriseInformation', menu: false },
  },
  {
    name: 'watermarkList', path: '/watermarkList', hide: true, type: 2, isEdit: false,
    meta: { title: '水印管理', hasRole: false, keepAlive: false, level: 2, parent: 'enterpriseInformation', menu: false },
  },
  {
    name: 'transactionSet', path: '/enterpriseInformation/transactionSet', hide: true, type: 2, isEdit: true,
    meta: { title: '异动设置', hasRole: false, keepAlive: false, level: 2, parent: 'enterpriseInformation', menu: false },
  },
  // ── "Trade information" ──
  {
    name: 'tradeInformation', path: '/tradeInformation', hide: false, type: 2, isEdit: false,
    meta: { title: '交易信息', hasRole: false, keepAlive: false, level: 1, icon: 'TransactionOutlined', menu: true },
  },
  {
    name: 'billManagement', path: '/billManagement', hide: false, type: 2, isEdit: false,
    meta: { title: '账单管理', hasRole: false, keepAlive: false, level: 2, parent: 'tradeInformation', menu: true, badgeKey: 'billCount' },
  },
  {
    name: 'invoiceManagement', path: '/invoiceManagement', hide: false, type: 2, isEdit: false,
    meta: { title: '发票管理', hasRole: false, keepAlive: false, level: 2, parent: 'tradeInformation', menu: true },
  },
  {
    name: 'salaryDetails', path: '/tradeInformation/salaryDetails/:reportId', hide: true, type: 2, isEdit: false,
    meta: { title: '薪资明细', hasRole: false, keepAlive: false, level: 3, parent: 'billManagement', menu: false },
  },
  // ── "Support" ──
  {
    name: 'supportAndService', path: '/supportAndService', hide: false, type: 2, isEdit: false,
    meta: { title: '支持与服务', hasRole: false, keepAlive: false, level: 1, icon: 'CustomerServiceOutlined', menu: true },
  },
  {
    name: 'orderManagement', path: '/orderManagement', hide: false, type: 2, isEdit: false,
    meta: { title: '工单管理', hasRole: false, keepAlive: false, level: 2, parent: 'supportAndService', menu: true, badgeKey: 'workOrderCount' },
  },
  {
    name: 'managementDetail', path: '/managementDetail/:id/:name', hide: true, type: 2, isEdit: false, needs: ['managementDetail', 'orderManagement'],
    meta: { title: '工单详情', hasRole: false, keepAlive: false, level: 3, parent: 'orderManagement', menu: false },
  },
  {
    name: 'messageCenter', path: '/messageCenter', hide: false, type: 2, isEdit: false,
    meta: { title: '消息中心', hasRole: false, keepAlive: false, level: 2, parent: 'supportAndService', menu: true },
  },
  {
    name: 'downloadCenter', path: '/downloadCenter', hide: false, type: 2, isEdit: false,
    meta: { title: '下载中心', hasRole: false, keepAlive: false, level: 2, parent: 'supportAndService', menu: true, badgeKey: 'exportingCount' },
  },
  {
    name: 'appCenter', path: '/appCenter', hide: true, type: 2, isEdit: false,
    meta: { title: '订阅中心', hasRole: false, keepAlive: false, level: 2, parent: 'supportAndService', menu: false },
  },
  {
    name: 'helpCenter', path: '/helpCenter', hide: true, type: 2, isEdit: false,
    meta: { title: '帮助中心', hasRole: false, keepAlive: false, level: 2, parent: 'supportAndService', menu: false },
  },
  {
    name: 'feedBack', path: '/feedBack', hide: true, type: 2, isEdit: false,
    meta: { title: '意见反馈', hasRole: false, keepAlive: false, level: 2, parent: 'supportAndService', menu: false },
  },
] as const satisfies readonly RouteDef[];
