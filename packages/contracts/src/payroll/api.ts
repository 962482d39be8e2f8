/** The payroll API prefix, its sub-paths and the permission keys. */

export const PAYROLL_API = '/wfsaas-saas/api/payroll';

/** Sub-paths under PAYROLL_API. */
export const PAYROLL_PATHS = {
  // City social-insurance and housing-fund policies (salaryManagement).
  policyList: '/policy/list',
  policySave: '/policy/save',
  policyRemove: '/policy/remove',
  // Working-day calendar (fzsxappCalendarList).
  calendarList: '/calendar/list',
  calendarSave: '/calendar/save',
  calendarWorkingDays: '/calendar/working-days',
  // Salary groups (salaryManagement, configSalaryGroup).
  groupList: '/group/list',
  groupDetail: '/group/detail',
  groupSave: '/group/save',
  groupRemove: '/group/remove',
  groupMembers: '/group/members',
  // Per employee per year tax data (flags and special additional deductions).
  taxProfileList: '/tax-profile/list',
  taxProfileSave: '/tax-profile/save',
  // Monthly runs (salaryByBatch and its screens).
  runPage: '/run/page',
  runCreate: '/run/create',
  runDetail: '/run/detail',
  /** multipart: field `file` (xlsx), query `runId`. */
  runImport: '/run/import',
  runInputSave: '/run/input/save',
  runCheck: '/run/check',
  runCalculate: '/run/calculate',
  runProgress: '/run/progress',
  runResults: '/run/results',
  runExplain: '/run/explain',
  runLock: '/run/lock',
  runUnlock: '/run/unlock',
  runSubmit: '/run/submit',
  runRemove: '/run/remove',
  runPushPayslip: '/run/push-payslip',
  /**
   * 导出工资表: queues the payroll sheet of a calculated, locked or submitted run (one row per
   * employee, every item of the group, a 合计 row) as an export in 下载中心; answers the export record.
   */
  runExport: '/run/export',
  // /fzsxapp/index.
  overview: '/overview',
  // Payroll sheets (payslipList, mitWagesprisedetal), payment records (payroll), declaration (declarationRecords).
  sheetPage: '/sheet/page',
  sheetDetail: '/sheet/detail',
  paymentPage: '/payment/page',
  /**
   * Queues the bank transfer file of a submitted sheet (BANK_FILE_COLUMNS, full account numbers) as an
   * export in 下载中心 and answers the export record (as the roster export does), not the file.
   */
  paymentBankFile: '/payment/bank-file',
  declarationList: '/declaration/list',
  /**
   * Queues the month's 正常工资薪金所得 file (DECLARATION_COLUMNS, full ID numbers) as an export in
   * 下载中心 and answers the export record, not the file.
   */
  declarationExport: '/declaration/export',
  declarationStatus: '/declaration/status',
} as const;

/** Read permissions are route names; writes are `<route>.<action>` (see ACTION_KEYS). */
export const PAYROLL_PERMISSIONS = {
  groupRead: 'salaryManagement',
  groupEdit: 'salaryManagement.edit',
  runRead: 'salaryByBatch',
  runEdit: 'salaryByBatch.edit',
  runCalculate: 'salaryByBatch.calculate',
  runLock: 'salaryByBatch.lock',
  runSubmit: 'salaryByBatch.submit',
  overview: 'fzsxappIndex',
  calendarRead: 'fzsxappCalendarList',
  calendarEdit: 'fzsxappCalendarList.edit',
  sheetRead: 'payslipList',
  paymentRead: 'payroll',
  declarationRead: 'declarationRecords',
  declarationEdit: 'declarationRecords.edit',
} as const;
