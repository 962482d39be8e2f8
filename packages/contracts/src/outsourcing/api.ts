/** The outsourced-labour API: paths under OS_API (and CUSTODY_API for joint custody) and the permission keys. */

export const OS_API = '/wfsaas-saas/api';
export const CUSTODY_API = '/wfsaas-system/api';

/** Sub-paths under OS_API; every endpoint is POST with a JSON body. */
export const OS_PATHS = {
  // 方案 (allocationPlanConfiguration).
  planList: '/outsource/plan/list',
  planSave: '/outsource/plan/save',
  planRemove: '/outsource/plan/remove',
  /** The templates of a plan's contract package (/forQtOutsource/contractTemplatesList). */
  planTemplates: '/outsource/plan/templates',
  /** One of those templates with its fields (/forQtOutsource/contractTemplatesdetal). */
  planTemplateDetail: '/outsource/plan/template/detail',
  // 用工单位 and the board (initiateIndex).
  clientList: '/outsource/client/list',
  clientSave: '/outsource/client/save',
  clientRemove: '/outsource/client/remove',
  board: '/outsource/board',
  // 补岗单 (fillPostOrder).
  orderPage: '/outsource/fillPost/page',
  orderSave: '/outsource/fillPost/save',
  orderDetail: '/outsource/fillPost/detail',
  /** 接单: 待接单 → 招聘中. */
  orderAccept: '/outsource/fillPost/accept',
  orderCancel: '/outsource/fillPost/cancel',
  // 退工单 (dismissOrder).
  dismissPage: '/outsource/dismiss/page',
  dismissSave: '/outsource/dismiss/save',
  dismissDetail: '/outsource/dismiss/detail',
  /** One returned worker: re-place at another client, or start the resignation. */
  dismissHandle: '/outsource/dismiss/handle',
  dismissCancel: '/outsource/dismiss/cancel',
  // 入职 (initiateOnboarding, initiateOnboardingList).
  /** The dispatch rules of a placement before it is made: post kind, ratio, agreement term. */
  onboardingCheck: '/outsource/onboarding/check',
  onboardingAdd: '/outsource/onboarding/add',
  onboardingPage: '/outsource/onboarding/page',
  /** 确认到岗: the employee's onboarding is confirmed and the placement starts. */
  onboardingConfirm: '/outsource/onboarding/confirm',
  onboardingAbandon: '/outsource/onboarding/abandon',
  /** A self-onboarding link (邀请入职) that carries placement terms: the worker registers on the phone. */
  onboardingInvite: '/outsource/onboarding/invite',
  /** Those links with their registrations, and whether each approved one is placed yet. */
  invitedPage: '/outsource/onboarding/invited',
  /** Places an approved registration's pending hire on the link's terms. */
  invitedPlace: '/outsource/onboarding/invited/place',
  // Rosters (dispatch, epiboly), quits (quitJobManage), former staff (wbEmployee).
  rosterPage: '/outsource/roster/page',
  quitPage: '/outsource/quit/page',
  /** Ends a placement: the worker resigns (the lifecycle's resignation starts) or is returned by the client. */
  quitStart: '/outsource/quit/start',
  quitComplete: '/outsource/quit/complete',
  formerPage: '/outsource/former/page',
  /** Places a former worker again (re-hire plus a new placement). */
  formerReplace: '/outsource/former/replace',
  // 客户月度账单 (initiateIndex).
  billGenerate: '/outsource/bill/generate',
  billPage: '/outsource/bill/page',
  billDetail: '/outsource/bill/detail',
  /** Queues the bill's xlsx in 下载中心. */
  billExport: '/outsource/bill/export',
  billPaid: '/outsource/bill/paid',
} as const;

/** Sub-paths under CUSTODY_API: the provider's settings per client, and what a client company's users see. */
export const CUSTODY_PATHS = {
  configList: '/companyCondominiumConfig/list',
  configSave: '/companyCondominiumConfig/save',
  /** The client side: providers that share workers with the caller's company. */
  clientOverview: '/companyCondominiumConfig/client/overview',
  clientWorkers: '/companyCondominiumConfig/client/workers',
  clientOrders: '/companyCondominiumConfig/client/orders',
  clientOrderSave: '/companyCondominiumConfig/client/order/save',
  clientDismissSave: '/companyCondominiumConfig/client/dismiss/save',
  /** Approve or reject an order or a dismissal the provider raised for the client. */
  clientApprove: '/companyCondominiumConfig/client/approve',
  clientBills: '/companyCondominiumConfig/client/bills',
  clientBillDetail: '/companyCondominiumConfig/client/bill/detail',
  clientBillConfirm: '/companyCondominiumConfig/client/bill/confirm',
} as const;

/** Read permissions are route names; writes are `<route>.<action>` (see ACTION_KEYS). */
export const OS_PERMISSIONS = {
  planRead: 'allocationPlanConfiguration',
  planEdit: 'allocationPlanConfiguration.edit',
  boardRead: 'initiateIndex',
  clientEdit: 'initiateIndex.edit',
  billEdit: 'initiateIndex.bill',
  orderRead: 'fillPostOrder',
  orderEdit: 'fillPostOrder.edit',
  dismissRead: 'dismissOrder',
  dismissEdit: 'dismissOrder.edit',
  onboardingRead: 'initiateOnboardingList',
  onboardingEdit: 'initiateOnboarding',
  dispatchRead: 'dispatch',
  epibolyRead: 'epiboly',
  quitRead: 'quitJobManage',
  quitEdit: 'quitJobManage.edit',
  formerRead: 'wbEmployee',
  formerEdit: 'wbEmployee.edit',
  custodyRead: 'condominiumManage',
  custodyEdit: 'condominiumManage.edit',
  /** A client company's user acting under joint custody (approve, return workers, confirm bills). */
  custodyClient: 'condominiumManage.client',
} as const;
