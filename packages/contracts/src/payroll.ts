import { z } from 'zod';
import { zId } from './auth.ts';
import type { PageMessage } from './envelope.ts';
import { zPaging } from './paging.ts';

/**
 * Payroll (/fzsxapp salary calculation and /dfdbs payroll and tax): salary groups with their
 * items and formulas, city social-insurance policies, the working-day calendar, monthly runs
 * (import → check → calculate → review → lock → submit), payroll sheets, payment records, the bank
 * transfer file, the monthly individual income tax declaration and the push to payslips.
 *
 * Every endpoint is `POST ${PAYROLL_API}/<sub-path>` with a JSON body (the import is multipart);
 * amounts cross the API as decimal strings with two places.
 */

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

// ── Code tables ──

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
const SYSTEM_ITEM_KEYS = SYSTEM_ITEMS.map((s) => s.key) as [SystemItemKey, ...SystemItemKey[]];

/** Where an item shows on a payslip / sheet. */
export const ITEM_CATEGORIES = [
  { key: 'info', label: '基本信息' },
  { key: 'income', label: '应发项目' },
  { key: 'deduction', label: '扣除项目' },
  { key: 'net', label: '实发工资' },
  { key: 'other', label: '其他' },
] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number]['key'];
const ITEM_CATEGORY_KEYS = ITEM_CATEGORIES.map((c) => c.key) as [ItemCategory, ...ItemCategory[]];

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
export const BANK_FILE_LAYOUTS = [{ key: 'generic', label: '通用格式' }] as const;
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
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number]['key'];

// ── Field schemas ──

export const MAX_ITEM_NAME = 30;
export const MAX_FORMULA = 1000;
export const MAX_GROUP_ITEMS = 120;
export const PAYROLL_IMPORT_MAX_ROWS = 20_000;
export const PAYROLL_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

const zPayrollMonth = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '格式应为 YYYY-MM')
  .describe('算薪月份');
const zDay = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 YYYY-MM-DD')
    .describe(label);
const zMoney = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, '应为不小于0的金额，最多两位小数')
    .describe(label);
const zRate = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, '应为0到1之间的小数，如0.16表示16%')
    .describe(label);
const zYear = z.number().int().min(2000).max(2100).describe('年度');
const zRunId = zId('薪资批次');
const zGroupId = zId('薪资组');

export const zPayrollRunId = z.object({ runId: zRunId });
export const zBankFileExport = zPayrollRunId.extend({
  layout: z.enum(BANK_FILE_LAYOUTS.map((l) => l.key) as [BankFileLayoutKey]).default('generic').describe('代发文件格式'),
});
export const zPayrollGroupId = z.object({ id: zGroupId });

// ── City policies ──

export const zContributionItem = z.object({
  key: z.enum(['pension', 'medical', 'unemployment', 'injury', 'maternity', 'housingFund']).describe('险种'),
  name: z.string().trim().min(1).max(30).describe('险种名称'),
  baseFloor: zMoney('缴费基数下限'),
  baseCeiling: zMoney('缴费基数上限'),
  employerRate: zRate('单位缴费比例'),
  employeeRate: zRate('个人缴费比例'),
  rateRange: z.object({ min: zRate('最低比例'), max: zRate('最高比例') }).optional().describe('比例范围'),
  employerFixed: zMoney('单位固定缴费额').optional(),
  employeeFixed: zMoney('个人固定缴费额').optional(),
  rounding: z
    .object({ places: z.union([z.literal(0), z.literal(1), z.literal(2)]).describe('保留位数'), mode: z.enum(['halfUp', 'up', 'down']).describe('舍入方式') })
    .describe('舍入规则'),
  source: z.string().trim().max(200).default('').describe('政策来源'),
  verified: z.boolean().default(false).describe('已核对'),
  note: z.string().trim().max(300).optional().describe('说明'),
});

/**
 * Save a policy of the company: `id` absent creates (a new city, or the company's copy of a
 * built-in policy — it then replaces the built-in one with the same city and effective date).
 */
export const zPolicySave = z.object({
  id: zId('社保政策').optional(),
  city: z.string().trim().min(1).max(20).describe('城市'),
  effectiveFrom: zDay('生效日期'),
  effectiveTo: zDay('失效日期').nullable().default(null),
  source: z.string().trim().max(300).default('').describe('政策来源'),
  items: z.array(zContributionItem).min(1).max(6).describe('险种'),
});
export type PolicySave = z.infer<typeof zPolicySave>;
export const zPolicyId = z.object({ id: zId('社保政策') });
export const zPolicyList = z.object({ city: z.string().trim().max(20).optional().describe('城市') });

export type ContributionItemView = z.infer<typeof zContributionItem>;
export type PolicyView = {
  /** null for a built-in policy (not yet copied by the company). */
  id: number | null;
  /** `${city}@${effectiveFrom}`: unique among the policies a company sees. */
  key: string;
  city: string;
  effectiveFrom: string;
  effectiveTo: string | null;
  source: string;
  verified: boolean;
  /** builtin: the product's published figures; company: the company's own or edited copy. */
  origin: 'builtin' | 'company';
  items: ContributionItemView[];
};

// ── Calendar ──

export const zCalendarList = z.object({ year: zYear });
export const zCalendarSave = z.object({
  year: zYear,
  days: z
    .array(
      z.object({
        date: zDay('日期'),
        kind: z.union([z.literal(0), z.literal(1), z.literal(2)]).describe('日期类型'),
        name: z.string().trim().max(20).default('').describe('名称'),
      }),
    )
    .max(366)
    .describe('日期设置'),
});
export type CalendarSave = z.infer<typeof zCalendarSave>;
export const zCalendarWorkingDays = z.object({ month: zPayrollMonth });

export type CalendarDayView = {
  date: string;
  /** 1 休息, 2 调休上班. */
  kind: 1 | 2;
  name: string;
  origin: 'builtin' | 'company';
};
export type CalendarView = {
  year: number;
  /** The official notice the built-in days come from; null when the year has none built in. */
  source: string | null;
  days: CalendarDayView[];
  /** Working days per month, January first. */
  workingDays: number[];
};

// ── Salary groups ──

export const zSalaryItem = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(MAX_ITEM_NAME)
    .regex(/^[^【】]+$/, '不能包含【】')
    .describe('工资项名称'),
  type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).describe('工资项类型'),
  /** Formula items: Chinese item names in 【】, + − × ÷, comparisons, IF/ROUND/MAX/MIN/SUM/ABS/AND/OR/NOT. */
  formula: z.string().trim().max(MAX_FORMULA).optional().describe('计算公式'),
  systemKey: z.enum(SYSTEM_ITEM_KEYS).optional().describe('系统项'),
  decimals: z.number().int().min(0).max(4).default(2).describe('小数位数'),
  category: z.enum(ITEM_CATEGORY_KEYS).default('other').describe('工资条分组'),
  showOnPayslip: z.boolean().default(true).describe('显示在工资条'),
});
export type SalaryItem = z.infer<typeof zSalaryItem>;
export type SalaryItemInput = z.input<typeof zSalaryItem>;

export const zGroupSave = z.object({
  id: zGroupId.optional(),
  name: z.string().trim().min(1).max(40).describe('薪资组名称'),
  /** Members by rule: employees in these departments and/or of these employment types (each non-empty list must match). */
  departmentIds: z.array(zId('部门')).max(500).default([]).describe('适用部门'),
  employmentTypes: z.array(z.number().int().min(1).max(6)).max(6).default([]).describe('用工类型'),
  includeEmployeeIds: z.array(zId('员工')).max(20_000).default([]).describe('手动添加人员'),
  excludeEmployeeIds: z.array(zId('员工')).max(20_000).default([]).describe('手动移除人员'),
  items: z.array(zSalaryItem).min(1).max(MAX_GROUP_ITEMS).describe('工资项'),
  /** The item whose value is 本期收入 (taxable income, 应发). Must not depend on the tax. */
  grossItem: z.string().trim().min(1).max(MAX_ITEM_NAME).describe('应发工资项'),
  /** The item whose value is paid (实发). */
  netItem: z.string().trim().min(1).max(MAX_ITEM_NAME).describe('实发工资项'),
  taxRule: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1).describe('计税规则'),
  /** City of the social-insurance policy; null: no contributions. */
  siCity: z.string().trim().min(1).max(20).nullable().default(null).describe('社保城市'),
  siBaseRule: z.enum(['salary', 'fixed', 'floor']).default('salary').describe('缴费基数规则'),
  siBaseAmount: zMoney('固定缴费基数').optional(),
  /** Housing-fund rate for both sides (within the policy's range), e.g. '0.07'; default the policy's. */
  hfRate: zRate('公积金缴存比例').optional(),
  payDay: z.number().int().min(1).max(31).default(10).describe('发薪日'),
  /** Fixed pay of a mid-month join, leave or pay change: by working days (the calendar data) or calendar days. */
  prorationBasis: z.enum(PRORATION_BASES.map((b) => b.key) as ['workdays', 'calendar']).default('workdays').describe('折算方式'),
});
export type GroupSave = z.infer<typeof zGroupSave>;
export type GroupSaveInput = z.input<typeof zGroupSave>;
export const zGroupMembers = z.object({ id: zGroupId, month: zPayrollMonth.optional(), ...zPaging });

export type GroupView = Omit<GroupSave, 'id'> & {
  id: number;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
};
export type GroupListItem = {
  id: number;
  name: string;
  memberCount: number;
  itemCount: number;
  taxRule: number;
  siCity: string | null;
  payDay: number;
  updatedAt: string;
};
export type GroupMemberView = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  employmentType: number | null;
  /** rule: matched by departments/types; manual: added by hand. */
  via: 'rule' | 'manual';
};

// ── Tax profiles ──

export const zTaxProfileList = z.object({ year: zYear, employeeIds: z.array(zId('员工')).max(1000).optional().describe('员工') });
export const zTaxProfileSave = z.object({
  employeeId: zId('员工'),
  year: zYear,
  /** 年度首次取得工资薪金 (国家税务总局公告2020年第13号). */
  firstJobOfYear: z.boolean().default(false).describe('年度首次取得工资薪金'),
  /** 上年各月均在本单位预扣且全年收入不超过6万元 (国家税务总局公告2020年第19号). */
  previousYearLowIncome: z.boolean().default(false).describe('上年收入不超过6万元'),
  /** Monthly amounts per kind; absent = 0. */
  deductions: z
    .object({
      childEducation: zMoney('子女教育').optional(),
      continuingEducation: zMoney('继续教育').optional(),
      housingLoanInterest: zMoney('住房贷款利息').optional(),
      housingRent: zMoney('住房租金').optional(),
      elderlySupport: zMoney('赡养老人').optional(),
      infantCare: zMoney('3岁以下婴幼儿照护').optional(),
      personalPension: zMoney('个人养老金').optional(),
    })
    .default({})
    .describe('每月扣除'),
});
export type TaxProfileSave = z.infer<typeof zTaxProfileSave>;
export type TaxProfileView = {
  employeeId: number;
  name: string;
  year: number;
  firstJobOfYear: boolean;
  previousYearLowIncome: boolean;
  deductions: Partial<Record<DeductionKind, string>>;
};

// ── Runs ──

export const zRunCreate = z.object({ groupId: zGroupId, month: zPayrollMonth });
export const zRunPage = z.object({
  ...zPaging,
  month: zPayrollMonth.optional(),
  groupId: zGroupId.optional(),
  status: z.number().int().min(0).max(5).optional().describe('状态'),
});
export const zRunImportQuery = z.object({ runId: zRunId });
export const zRunInputSave = z.object({
  runId: zRunId,
  employeeId: zId('员工'),
  /** Input item name → amount (may be negative, e.g. a deduction typed as −200). */
  values: z.record(z.string().max(MAX_ITEM_NAME), z.string().trim().regex(/^-?\d{1,12}(\.\d{1,4})?$/, '应为数字')).describe('导入项数值'),
});
export const zRunResults = z.object({
  ...zPaging,
  runId: zRunId,
  keyword: z.string().trim().max(40).optional().describe('姓名/工号'),
  onlyErrors: z.boolean().optional().describe('只看出错'),
});
export const zRunExplain = z.object({ runId: zRunId, employeeId: zId('员工') });
export const zRunUnlock = z.object({ runId: zRunId, reason: z.string().trim().min(2).max(200).describe('解锁原因') });

export type RunTotals = {
  headcount: number;
  gross: string;
  net: string;
  tax: string;
  siEmployee: string;
  siEmployer: string;
  hfEmployee: string;
  hfEmployer: string;
};

export type RunView = {
  id: number;
  groupId: number;
  groupName: string;
  month: string;
  status: RunStatus;
  statusLabel: string;
  /** Working days of the month (calendar). */
  workingDays: number;
  totals: RunTotals | null;
  /** Employees whose calculation failed (see results). */
  errorCount: number;
  /** Employees with imported or typed data (counted by run/detail; 0 in lists). */
  importedCount: number;
  jobId: number | null;
  calculatedAt: string | null;
  lockedAt: string | null;
  submittedAt: string | null;
  unlockReason: string | null;
  payslipBatchId: number | null;
  createdAt: string;
};

export type RunImportResult = {
  rowCount: number;
  matched: number;
  /** Columns taken, by item name. */
  columns: string[];
  /** Header cells that name no input item of the group (ignored). */
  ignoredColumns: string[];
  unmatched: { rowNo: number; name: string; identity: string; reason: string }[];
};

export type RunCheckFinding = { employeeId: number; name: string; employeeNo: string | null; kind: CheckKind; message: string };
export type RunCheckResult = { memberCount: number; findings: RunCheckFinding[] };

/** run/calculate and run/progress answer this; poll run/progress until status is no longer 2 (计算中). */
export type RunProgress = { runId: number; status: RunStatus; jobId: number | null; jobStatus: string | null; done: number; total: number; error: string | null };

export type ContributionLineView = { key: string; name: string; base: string; employerRate: string; employeeRate: string; employer: string; employee: string };

/** Cumulative withholding figures of the month (累计预扣法). */
export type CumulativeView = {
  months: number;
  income: string;
  taxFreeIncome: string;
  basicDeduction: string;
  specialDeduction: string;
  additionalDeduction: string;
  otherDeduction: string;
  taxableIncome: string;
  rate: string;
  quickDeduction: string;
  tax: string;
  withheldBefore: string;
};

export type RunResultView = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  /** Item name → value, in the group's item order. */
  values: Record<string, string>;
  gross: string;
  net: string;
  siEmployee: string;
  siEmployer: string;
  hfEmployee: string;
  hfEmployer: string;
  contributions: ContributionLineView[];
  /** 本期收入 as taxed. */
  taxableIncome: string;
  tax: string;
  cumulative: CumulativeView | null;
  /** The previous month's net (locked/submitted run of the same group), and the difference. */
  lastNet: string | null;
  netDiff: string | null;
  warnings: string[];
  error: string | null;
};
/** An item as a results table shows it: a system item names its figure; the group's gross and net items are marked. */
export type ResultItemColumn = { name: string; type: number; category: string; systemKey?: string; role?: 'gross' | 'net' };
export type RunResultsPage = { items: ResultItemColumn[]; list: RunResultView[]; pageMessage?: PageMessage };

export type ExplainStep = { name: string; kind: 'input' | 'salary' | 'system' | 'formula'; formula: string | null; inputs: { name: string; value: string }[]; result: string; note?: string };
export type RunExplainView = {
  employeeId: number;
  name: string;
  steps: ExplainStep[];
  contributions: ContributionLineView[];
  /** The cumulative withholding lines of the tax, month by month at this employer this year. */
  taxLines: { label: string; value: string }[];
  withholding: { month: number; income: string; taxableIncome: string; rate: string; quickDeduction: string; cumulativeTax: string; tax: string }[];
};

export type PushPayslipResult = { batchId: number; rowCount: number; matched: number };

export type OverviewView = {
  month: string;
  groups: { groupId: number; groupName: string; memberCount: number; run: Pick<RunView, 'id' | 'status' | 'statusLabel' | 'totals' | 'errorCount'> | null }[];
};
export const zOverview = z.object({ month: zPayrollMonth });

// ── Sheets, payments, declaration ──

/** A payroll sheet is a submitted run; its id (payslipId in the route) is the run id. */
export const zSheetPage = z.object({ ...zPaging, month: zPayrollMonth.optional() });
export const zSheetDetail = z.object({ payslipId: zId('工资表'), ...zPaging, keyword: z.string().trim().max(40).optional().describe('姓名/工号') });
export type SheetView = RunView;
export const zPaymentPage = z.object({ ...zPaging, month: zPayrollMonth.optional(), runId: zRunId.optional(), keyword: z.string().trim().max(40).optional().describe('姓名/工号') });
export type PaymentView = { runId: number; month: string; groupName: string; employeeId: number; name: string; employeeNo: string | null; bankName: string | null; bankAccountMasked: string | null; amount: string; payDate: string };
export const zDeclarationList = z.object({ year: zYear });
export type DeclarationView = { month: string; status: 0 | 1; statusLabel: string; runCount: number; headcount: number; income: string; tax: string; declaredAt: string | null };
export const zDeclarationExport = z.object({ month: zPayrollMonth });
export const zDeclarationStatus = z.object({ month: zPayrollMonth, status: z.union([z.literal(0), z.literal(1)]).describe('申报状态') });

/** sheet/detail answers the sheet, its items and a page of rows (envelope pageMessage). */
export type SheetDetailView = {
  sheet: SheetView;
  items: ResultItemColumn[];
  list: Pick<RunResultView, 'employeeId' | 'name' | 'employeeNo' | 'departmentName' | 'values' | 'gross' | 'net' | 'tax' | 'siEmployee' | 'hfEmployee'>[];
  pageMessage?: PageMessage;
};
