/** Payroll code tables (statuses, item kinds, checks, file layouts) and size limits. */

/** Run status. A run may be recalculated at 0, 1 and 3; 4 and 5 are frozen (unlock returns 4 → 3). */
export const RUN_STATUSES = [
  { value: 0, key: 'awaitingImport', label: '待导入', color: 'default' },
  { value: 1, key: 'awaitingCalculation', label: '待计算', color: 'default' },
  { value: 2, key: 'calculating', label: '计算中', color: 'processing' },
  { value: 3, key: 'calculated', label: '待审核', color: 'warning' },
  { value: 4, key: 'locked', label: '已锁定', color: 'success' },
  { value: 5, key: 'submitted', label: '已提交', color: 'success' },
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number]['value'];
export const RUN_STATUS = { awaitingImport: 0, awaitingCalculation: 1, calculating: 2, calculated: 3, locked: 4, submitted: 5 } as const;
export function runStatusLabel(s: number): string {
  return RUN_STATUSES.find((x) => x.value === s)?.label ?? '未知';
}

/**
 * Salary item types: 1 input (imported or typed per employee), 2 formula over other items,
 * 3 the employee's monthly salary from the roster (prorated for a mid-month join or leave),
 * 4 a system item (SYSTEM_ITEMS: working days, contributions, tax).
 */
export const ITEM_TYPES = [
  { value: 1, key: 'input', label: '导入项' },
  { value: 2, key: 'formula', label: '公式项' },
  { value: 3, key: 'salary', label: '固定工资（员工档案）' },
  { value: 4, key: 'system', label: '系统项' },
] as const;
export type ItemType = (typeof ITEM_TYPES)[number]['value'];
export const ITEM_TYPE = { input: 1, formula: 2, salary: 3, system: 4 } as const;

/** What a system item (type 4) holds. `tax` is computed after the group's taxable-income item. */
export const SYSTEM_ITEMS = [
  { key: 'requiredDays', label: '应出勤天数', note: '当月工作日天数（按工作日历）' },
  { key: 'employedDays', label: '在职应出勤天数', note: '当月在职期间的工作日天数（月中入离职折算用）' },
  { key: 'siEmployee', label: '社保个人合计', note: '养老、医疗、失业等个人缴纳合计' },
  { key: 'hfEmployee', label: '公积金个人', note: '住房公积金个人缴存额' },
  { key: 'siEmployer', label: '社保单位合计', note: '社会保险单位缴纳合计' },
  { key: 'hfEmployer', label: '公积金单位', note: '住房公积金单位缴存额' },
  { key: 'contributionEmployee', label: '社保公积金个人合计', note: '社保与公积金个人合计（专项扣除）' },
  { key: 'tax', label: '个税', note: '本期应预扣预缴个人所得税' },
] as const;
export type SystemItemKey = (typeof SYSTEM_ITEMS)[number]['key'];

/** Where an item shows on a payslip / sheet. */
export const ITEM_CATEGORIES = [
  { key: 'info', label: '基本信息' },
  { key: 'income', label: '应发项目' },
  { key: 'deduction', label: '扣除项目' },
  { key: 'net', label: '实发工资' },
  { key: 'other', label: '其他' },
] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number]['key'];

/** Tax rule of a group: 1 工资薪金 (cumulative withholding), 2 劳务报酬 (per payment), 0 不计税. */
export const TAX_RULES = [
  { value: 1, label: '工资薪金' },
  { value: 2, label: '劳务报酬' },
  { value: 0, label: '不计税' },
] as const;
export type TaxRule = (typeof TAX_RULES)[number]['value'];
export const TAX_RULE = { none: 0, wages: 1, labour: 2 } as const;

/** Social-insurance base: the roster salary, a fixed amount, or each item's floor (最低基数). */
export const SI_BASE_RULES = [
  { key: 'salary', label: '按员工档案月薪' },
  { key: 'fixed', label: '固定基数' },
  { key: 'floor', label: '按最低基数' },
] as const;
export type SiBaseRule = (typeof SI_BASE_RULES)[number]['key'];

/** Calendar day kinds: 1 休息（法定节假日）, 2 调休上班, 0 按周末规则（清除节假日设置）. */
export const CALENDAR_DAY_KINDS = [
  { value: 1, label: '休息' },
  { value: 2, label: '调休上班' },
  { value: 0, label: '按周末规则' },
] as const;

/** Declaration status per month. */
export const DECLARATION_STATUSES = [
  { value: 0, label: '未申报' },
  { value: 1, label: '已申报' },
] as const;

/** The columns of the 正常工资薪金所得 declaration file, in this exact order. */
export const DECLARATION_COLUMNS = [
  '工号',
  '姓名',
  '证件类型',
  '证件号码',
  '本期收入',
  '本期免税收入',
  '基本养老保险费',
  '基本医疗保险费',
  '失业保险费',
  '住房公积金',
  '累计子女教育',
  '累计继续教育',
  '累计住房贷款利息',
  '累计住房租金',
  '累计赡养老人',
  '累计3岁以下婴幼儿照护',
  '累计个人养老金',
  '企业(职业)年金',
  '商业健康保险',
  '税延养老保险',
  '其他',
  '准予扣除的捐赠额',
  '减免税额',
  '备注',
] as const;

/** The columns of the bank transfer file (通用格式). */
export const BANK_FILE_COLUMNS = ['工号', '姓名', '开户银行', '银行账号', '实发金额', '备注'] as const;

/** Bank transfer file layouts a run can be exported in; each key has a writer on the server. */
export const BANK_FILE_LAYOUTS = [
  { key: 'generic', label: '通用格式' },
  { key: 'icbc', label: '工商银行' },
  { key: 'ccb', label: '建设银行' },
  { key: 'abc', label: '农业银行' },
  { key: 'cmb', label: '招商银行' },
] as const;
export type BankFileLayoutKey = (typeof BANK_FILE_LAYOUTS)[number]['key'];

/**
 * The payroll sheet export (run/export): these leading columns, then every item of the run's group in
 * the group's order, then 错误 when an employee of the run is in error; the last row is 合计.
 */
export const SHEET_EXPORT_COLUMNS = { leading: ['工号', '姓名', '部门'], error: '错误', totals: '合计' } as const;

/** Monthly special additional deductions (专项附加扣除) and the personal pension, per employee per year. */
export const DEDUCTION_KINDS = [
  { key: 'childEducation', label: '子女教育' },
  { key: 'continuingEducation', label: '继续教育' },
  { key: 'housingLoanInterest', label: '住房贷款利息' },
  { key: 'housingRent', label: '住房租金' },
  { key: 'elderlySupport', label: '赡养老人' },
  { key: 'infantCare', label: '3岁以下婴幼儿照护' },
  { key: 'personalPension', label: '个人养老金' },
] as const;
export type DeductionKind = (typeof DEDUCTION_KINDS)[number]['key'];

/** How fixed monthly pay is prorated by days. */
export const PRORATION_BASES = [
  { key: 'workdays', label: '按工作日（日历数据）' },
  { key: 'calendar', label: '按日历日' },
] as const;

/** A month's integrity findings. */
export const CHECK_KINDS = [
  { key: 'missingInput', label: '缺少导入数据' },
  { key: 'joinLeave', label: '月中入离职折算' },
  { key: 'payChange', label: '月中调薪折算' },
  { key: 'payImported', label: '导入值覆盖档案工资' },
  { key: 'negativeNet', label: '实发为负' },
  { key: 'bigChange', label: '较上月变动超过30%' },
  { key: 'noSalary', label: '未设置月薪' },
  { key: 'noBank', label: '缺少银行账号' },
  { key: 'otherGroup', label: '同月在多个薪资组' },
  { key: 'noInsurance', label: '本月无参保信息' },
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number]['key'];

export const MAX_ITEM_NAME = 30;
export const MAX_FORMULA = 1000;
export const MAX_GROUP_ITEMS = 120;
export const PAYROLL_IMPORT_MAX_ROWS = 20_000;
export const PAYROLL_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
