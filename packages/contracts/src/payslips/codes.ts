/** Payslip paths, permission keys, limits, statuses and code tables. */

export const PAYSLIP_API = '/wfsaas-payslip/api';

/** Permissions (route names); write actions are `<route>.<action>`. */
export const PAYSLIP_IMPORT = 'importPayslip';
export const PAYSLIP_MANAGE = 'payslipManagement';
export const PAYSLIP_SEND = 'payslipManagement.send';
export const PAYSLIP_EDIT = 'payslipManagement.edit';

/** A spreadsheet file of payslips: at most this many data rows and bytes. */
export const PAYSLIP_MAX_ROWS = 20_000;
export const PAYSLIP_MAX_BYTES = 20 * 1024 * 1024;
export const PAYSLIP_MAX_COLUMNS = 200;
export const MAX_PAYSLIP_TITLE = 60;
export const MAX_PAYSLIP_NOTE = 500;
export const MAX_PAYSLIP_FEEDBACK = 500;
export const MAX_AUTO_CONFIRM_DAYS = 30;

/** The message a row gets when no employee, or more than one, matches its identity columns. */
export const MSG_PAYSLIP_NO_EMPLOYEE = '未查询到人员信息';

/** Batch statuses. */
export const BATCH_STATUSES = [
  { value: 0, key: 'draft', label: '草稿', color: 'default' },
  { value: 1, key: 'scheduled', label: '定时发送', color: 'processing' },
  { value: 2, key: 'sending', label: '发送中', color: 'processing' },
  { value: 3, key: 'sent', label: '已发送', color: 'success' },
  { value: 4, key: 'aborted', label: '已终止', color: 'default' },
] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number]['value'];
export const BATCH_STATUS = { draft: 0, scheduled: 1, sending: 2, sent: 3, aborted: 4 } as const;

/** Per-employee statuses. */
export const PAYSLIP_STATUSES = [
  { value: 0, key: 'pending', label: '待发送', color: 'default' },
  { value: 1, key: 'sent', label: '已发送', color: 'processing' },
  { value: 2, key: 'viewed', label: '已查看', color: 'processing' },
  { value: 3, key: 'confirmed', label: '已确认', color: 'success' },
  { value: 4, key: 'feedback', label: '有反馈', color: 'warning' },
  { value: 5, key: 'withdrawn', label: '已撤回', color: 'default' },
  { value: 6, key: 'failed', label: '发送失败', color: 'error' },
] as const;
export type PayslipStatus = (typeof PAYSLIP_STATUSES)[number]['value'];
export const PAYSLIP_STATUS = { pending: 0, sent: 1, viewed: 2, confirmed: 3, feedback: 4, withdrawn: 5, failed: 6 } as const;

/**
 * The figures HR reads for a batch — the list's columns, the detail's tags and its tabs — each the
 * payslips in these statuses. The server counts them (stageCounts) and filters a tab's rows by the
 * same statuses (detail `stage`), so a figure and the rows behind it always agree. 已发送 and 已查看
 * count every payslip that got that far (a confirmed one was sent and viewed).
 */
export const PAYSLIP_STAGES = [
  { key: 'pending', label: '待发送', statuses: [0] },
  { key: 'sent', label: '已发送', statuses: [1, 2, 3, 4] },
  { key: 'viewed', label: '已查看', statuses: [2, 3, 4] },
  { key: 'confirmed', label: '已确认', statuses: [3] },
  { key: 'feedback', label: '有反馈', statuses: [4] },
  { key: 'withdrawn', label: '已撤回', statuses: [5] },
  { key: 'failed', label: '发送失败', statuses: [6] },
] as const satisfies readonly { key: string; label: string; statuses: readonly PayslipStatus[] }[];
export type PayslipStage = (typeof PAYSLIP_STAGES)[number]['key'];
export type PayslipStageCounts = Record<'total' | 'unmatched' | PayslipStage, number>;

export function payslipStatusLabel(s: number): string {
  return PAYSLIP_STATUSES.find((x) => x.value === s)?.label ?? '未知';
}
export function batchStatusLabel(s: number): string {
  return BATCH_STATUSES.find((x) => x.value === s)?.label ?? '未知';
}

/** Column groups of a payslip. `identity` columns are used for matching and not shown as items. */
export const COLUMN_GROUPS = [
  { key: 'info', label: '基本信息' },
  { key: 'income', label: '应发项目' },
  { key: 'deduction', label: '扣除项目' },
  { key: 'net', label: '实发工资' },
  { key: 'other', label: '其他' },
] as const;
export type ColumnGroup = (typeof COLUMN_GROUPS)[number]['key'];

/** Upper header texts (two header rows) that name a group: shown under that group's heading, they are left out. */
const GROUP_HEADINGS: Record<ColumnGroup, readonly string[]> = {
  info: ['基本信息', '员工信息', '个人信息', '人员信息'],
  income: ['应发项目', '应发', '应发工资', '应发合计', '收入', '收入项目', '工资项目'],
  deduction: ['扣除项目', '扣除', '扣款', '扣款项目', '代扣', '代扣项目', '代扣代缴', '个人扣款', '扣减项目'],
  net: ['实发工资', '实发', '实发项目', '实发金额'],
  other: ['其他', '其它', '其他项目', '其它项目'],
};

/**
 * An item's label under its group's heading: "应发项目/基本工资" shows as "基本工资" under 应发项目,
 * since the upper header only repeats the heading; any other upper header is kept ("津贴/交通补贴").
 */
export function payslipItemLabel(label: string, group: ColumnGroup): string {
  const cut = label.indexOf('/');
  if (cut <= 0) return label;
  const upper = label.slice(0, cut).trim();
  const rest = label.slice(cut + 1).trim();
  return rest !== '' && GROUP_HEADINGS[group].includes(upper) ? rest : label;
}

/** Which employee attribute an identity column holds. Name is required plus at least one of the others. */
export const IDENTITY_KINDS = [
  { key: 'name', label: '姓名' },
  { key: 'mobile', label: '手机号' },
  { key: 'idNumber', label: '证件号码' },
  { key: 'employeeNo', label: '工号' },
] as const;
export type IdentityKind = (typeof IDENTITY_KINDS)[number]['key'];

/** Delivery channels (channel endpoints). `app`: the employee's phone page link in the app's inbox. */
export const PAYSLIP_CHANNELS = [
  { key: 'app', label: '应用内' },
  { key: 'sms', label: '短信' },
  { key: 'email', label: '邮件' },
] as const;
export type PayslipChannel = (typeof PAYSLIP_CHANNELS)[number]['key'];

/** How an employee proves who they are on the phone page. */
export const VERIFY_METHODS = [
  { key: 'sms', label: '短信验证码' },
  { key: 'idNumber', label: '姓名 + 证件号后6位' },
] as const;
export type VerifyMethod = (typeof VERIFY_METHODS)[number]['key'];
