/** The social-insurance hosting API: paths under SI_API and the permission keys. */

export const SI_API = '/wfsaas-saas/api';

/** Sub-paths under SI_API; every endpoint is POST with a JSON body unless marked multipart. */
export const SI_PATHS = {
  // 参保主体 (selectInsured).
  entityList: '/socialInsurance/entity/list',
  entitySave: '/socialInsurance/entity/save',
  entityRemove: '/socialInsurance/entity/remove',
  // The bulk-upload column set of each city's portal (selectInsured).
  layoutList: '/socialInsurance/layout/list',
  layoutSave: '/socialInsurance/layout/save',
  layoutReset: '/socialInsurance/layout/reset',
  // 员工参保信息 (insuranceInformation).
  insuredPage: '/socialInsurance/insured/page',
  insuredHistory: '/socialInsurance/insured/history',
  /** Records an employee insured before the company used the product (status 在保 at once). */
  insuredRegister: '/socialInsurance/insured/register',
  insuredWarnings: '/socialInsurance/insured/warnings',
  /** The service board's socialBoard count: lines waiting for this month's declarations. */
  board: '/socialInsurance/board',
  // 申报 (applyMonth, progressReportDetail).
  applyMonth: '/apply/month',
  applyPage: '/apply/page',
  applyCreate: '/apply/create',
  applyDetail: '/apply/detail',
  applyLineSave: '/apply/line/save',
  applyLineDrop: '/apply/line/drop',
  applyLineRestore: '/apply/line/restore',
  applySubmit: '/apply/submit',
  applyWithdraw: '/apply/withdraw',
  /** Moves a declaration's undeclared lines to the next month, adding 补缴 for the months missed. */
  applyCarryOver: '/apply/carry-over',
  /** Copies the failed lines of a declaration into next month's draft. */
  applyRetryFailed: '/apply/retry-failed',
  /** Queues the portal's bulk-upload xlsx in 下载中心; answers the export record. */
  applyExport: '/apply/export',
  /** multipart: field `file` (xlsx), query `applyId`. */
  applyResultImport: '/apply/result/import',
  applyResultSave: '/apply/result/save',
  // 年度调基 (insuranceInformation).
  annualPreview: '/sbDeclare/annual/preview',
  annualDeclare: '/sbDeclare/annual/declare',
  // 缴费记录 (insuranceRecord).
  recordGenerate: '/finaReport/generate',
  recordPage: '/finaReport/page',
  recordSummary: '/finaReport/summary',
  /** Queues the month's contribution records in 下载中心; answers the export record. */
  recordExport: '/finaReport/export',
  /** multipart: field `file` (the official monthly bill, xlsx), query `entityId` and `month`. */
  recordReconcile: '/finaReport/reconcile',
  recordReconcileResult: '/finaReport/reconcile/result',
} as const;

/** Read permissions are route names; writes are `<route>.<action>` (see ACTION_KEYS). */
export const SI_PERMISSIONS = {
  entityRead: 'selectInsured',
  entityEdit: 'selectInsured.edit',
  insuredRead: 'insuranceInformation',
  insuredEdit: 'insuranceInformation.edit',
  applyRead: 'applyMonth',
  applyEdit: 'applyMonth.edit',
  recordRead: 'insuranceRecord',
  recordEdit: 'insuranceRecord.edit',
} as const;

/** Largest result file or bill accepted, in bytes. */
export const SI_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
