import type { RouteDef } from './route-types.ts';

/** The outsourcing service (998). */
export const OUTSOURCING_SERVICE_ROUTES = [
  // ── "Outsourcing service" — an implementation menu (998) ──
  {
    name: 'qtOutsource', path: '/qtOutsource', redirect: '/qtOutsource', hide: false, type: 998, isEdit: false,
    meta: { title: '外包服务', hasRole: false, keepAlive: false, level: 1, icon: 'ShopOutlined', menu: true },
  },
  {
    name: 'allocationPlanConfiguration', path: '/qtOutsource/allocationPlanConfiguration', hide: false, type: 998, isEdit: false,
    meta: { title: '方案管理', hasRole: false, keepAlive: false, level: 2, parent: 'qtOutsource', menu: true },
  },
  {
    name: 'condominiumManage', path: '/qtOutsource/condominiumManage', hide: false, type: 998, isEdit: false,
    meta: { title: '共管管理', hasRole: false, keepAlive: false, level: 2, parent: 'qtOutsource', menu: true },
  },
  {
    name: 'outsourceContractTemplatesList', path: '/forQtOutsource/contractTemplatesList/:packageId', hide: true, type: 998, isEdit: false,
    meta: { title: '外包合同模板列表', hasRole: false, keepAlive: false, level: 3, parent: 'allocationPlanConfiguration', menu: false },
  },
  {
    name: 'outsourceContractTemplatesDetal', path: '/forQtOutsource/contractTemplatesdetal/:templateId', hide: true, type: 998, isEdit: false,
    meta: { title: '外包合同模板详情', hasRole: false, keepAlive: false, level: 3, parent: 'allocationPlanConfiguration', menu: false },
  },
] as const satisfies readonly RouteDef[];

/** Outsourced labour (9). */
export const OUTSOURCED_LABOUR_ROUTES = [
  // ── "Outsourced labour" ──
  {
    name: 'outsourcingLabor', path: '/outsourcingLabor', redirect: '/outsourcingLabor/initiateIndex', hide: false, type: 9, isEdit: false,
    meta: { title: '外包用工', hasRole: false, keepAlive: false, level: 1, icon: 'SolutionOutlined', menu: true },
  },
  {
    name: 'initiateIndex', path: '/outsourcingLabor/initiateIndex', hide: false, type: 9, isEdit: false,
    meta: { title: '外包看板', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'initiateOnboarding', path: '/outsourcingLabor/onboardingManagement/initiateOnboarding', hide: false, type: 9, isEdit: false,
    meta: { title: '发起入职', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'initiateOnboardingStep', path: '/outsourcingLabor/onboardingManagement/initiateOnboardingStep', hide: true, type: 9, isEdit: true,
    meta: { title: '提交入职信息', hasRole: false, keepAlive: false, level: 3, parent: 'initiateOnboarding', menu: false },
  },
  {
    name: 'initiateOnboardingList', path: '/outsourcingLabor/onboardingManagement/initiateOnboardingList', hide: false, type: 9, isEdit: false,
    meta: { title: '入职记录', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'dispatch', path: '/staffRoll/dispatch', hide: false, type: 9, isEdit: false,
    meta: { title: '派遣员工', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'epiboly', path: '/staffRoll/epiboly', hide: false, type: 9, isEdit: false,
    meta: { title: '外包员工', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'quitJobManage', path: '/outsourcingLabor/quitJobManage', hide: false, type: 9, isEdit: false,
    meta: { title: '外包离职管理', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'wbEmployee', path: '/wbEmployee', hide: false, type: 9, isEdit: false,
    meta: { title: '前员工花名册', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'fillPostOrder', path: '/outsourcingLabor/outsourceOrder/fillPostOrder', hide: false, type: 9, isEdit: false,
    meta: { title: '补岗工单', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'fillPostOrderDetail', path: '/outsourcingLabor/outsourceOrder/fillPostOrderDetail/:id/:name', hide: true, type: 9, isEdit: false,
    meta: { title: '补岗工单详情', hasRole: false, keepAlive: false, level: 3, parent: 'fillPostOrder', menu: false },
  },
  {
    name: 'dismissOrder', path: '/outsourcingLabor/outsourceOrder/dismissOrder', hide: false, type: 9, isEdit: false,
    meta: { title: '减员工单', hasRole: false, keepAlive: false, level: 2, parent: 'outsourcingLabor', menu: true },
  },
  {
    name: 'dismissOrderDetail', path: '/outsourcingLabor/outsourceOrder/dismissOrderDetail/:id/:name', hide: true, type: 9, isEdit: false,
    meta: { title: '减员工单详情', hasRole: false, keepAlive: false, level: 3, parent: 'dismissOrder', menu: false },
  },
] as const satisfies readonly RouteDef[];
