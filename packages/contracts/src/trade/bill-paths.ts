/** 账单管理's endpoints: apart from the schemas in bills.ts, so the menu's badge loads without zod. */

export const BILL_API = '/wfsaas-saas/api';
export const BILL_PATHS = {
  page: '/bill/page',
  statusCounts: '/bill/statusCounts',
  detail: '/bill/detail',
  badge: '/bill/badge',
  payee: '/bill/payee',
  confirm: '/bill/confirm',
  unlock: '/bill/unlock',
  payTransfer: '/bill/pay/transfer',
  payOnline: '/bill/pay/online',
  retry: '/bill/retry',
  operatorPage: '/operator/bill/page',
  operatorDetail: '/operator/bill/detail',
  operatorProof: '/operator/bill/proof',
  operatorConfirmTransfer: '/operator/bill/payment/confirm',
  operatorRejectTransfer: '/operator/bill/payment/reject',
  operatorRelease: '/operator/bill/release',
  operatorSuspend: '/operator/bill/suspend',
  operatorResume: '/operator/bill/resume',
  operatorRegenerate: '/operator/bill/regenerate',
  operatorRetry: '/operator/bill/retry',
} as const;
