import { z } from 'zod';
import { zFileId, zId } from './auth.ts';
import { MAX_PAGE_SIZE } from './envelope.ts';
import { zPaging } from './paging.ts';

/**
 * Payslips (/gzt-vite, /wfsaas-payslip/api/*): a batch is one month's payslips made from an
 * uploaded payroll spreadsheet. HR imports it (header rows detected, identity columns detected and
 * correctable, each row matched to an employee), chooses which columns show in which group, and sends
 * it now or at a set time. Employees open their payslip on a phone page (/m/payslip/:token), prove who
 * they are, and confirm it or ask a question.
 */

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
const STAGE_KEYS = PAYSLIP_STAGES.map((s) => s.key) as [PayslipStage, ...PayslipStage[]];
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
const COLUMN_GROUP_KEYS = COLUMN_GROUPS.map((g) => g.key) as [ColumnGroup, ...ColumnGroup[]];

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
const IDENTITY_KEYS = IDENTITY_KINDS.map((k) => k.key) as [IdentityKind, ...IdentityKind[]];

/** Delivery channels (channel endpoints). `app`: the employee's phone page link in the app's inbox. */
export const PAYSLIP_CHANNELS = [
  { key: 'app', label: '应用内' },
  { key: 'sms', label: '短信' },
  { key: 'email', label: '邮件' },
] as const;
export type PayslipChannel = (typeof PAYSLIP_CHANNELS)[number]['key'];
const CHANNEL_KEYS = PAYSLIP_CHANNELS.map((c) => c.key) as [PayslipChannel, ...PayslipChannel[]];

/** How an employee proves who they are on the phone page. */
export const VERIFY_METHODS = [
  { key: 'sms', label: '短信验证码' },
  { key: 'idNumber', label: '姓名 + 证件号后6位' },
] as const;
export type VerifyMethod = (typeof VERIFY_METHODS)[number]['key'];

const zMonth = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '格式应为 YYYY-MM')
  .describe('工资月份');
const zBatchId = zId('工资条批次');

/** One column of the uploaded sheet, as laid out for the payslip. `index` is the 0-based sheet column. */
export const zPayslipColumn = z.object({
  index: z.number().int().min(0).max(PAYSLIP_MAX_COLUMNS - 1).describe('列序号'),
  /** The header text; with two header rows, "上级表头/下级表头". */
  label: z.string().trim().min(1).max(60).describe('列名'),
  group: z.enum(COLUMN_GROUP_KEYS).describe('所属分组'),
  show: z.boolean().describe('是否显示'),
});
export type PayslipColumn = z.infer<typeof zPayslipColumn>;

export const zIdentityColumn = z.object({
  index: z.number().int().min(0).max(PAYSLIP_MAX_COLUMNS - 1).describe('列序号'),
  kind: z.enum(IDENTITY_KEYS).describe('身份列类型'),
});
export type IdentityColumn = z.infer<typeof zIdentityColumn>;

/**
 * header: multipart upload (field `file`, query `headerRows` 1|2 optional — detected when absent).
 * The answer describes the sheet; the file is kept (fileId) for `add`.
 */
export const zPayslipHeaderQuery = z.object({
  headerRows: z.coerce.number().int().min(1).max(2).optional().describe('表头行数'),
});

export type PayslipSheetPreview = {
  fileId: string;
  fileName: string;
  /** Header rows detected (or as asked). */
  headerRows: 1 | 2;
  /** Every column with its merged label and suggested group. */
  columns: PayslipColumn[];
  /** Detected identity columns (name first). */
  identity: IdentityColumn[];
  /** Data rows after blank rows are dropped. */
  rowCount: number;
  /** The first rows as display strings, for the preview table. */
  sample: string[][];
};

/** add: make a draft batch from an uploaded sheet. */
export const zPayslipAdd = z.object({
  fileId: zFileId('文件'),
  month: zMonth,
  title: z.string().trim().min(1).max(MAX_PAYSLIP_TITLE).describe('工资条标题'),
  headerRows: z.union([z.literal(1), z.literal(2)]).describe('表头行数'),
  identity: z.array(zIdentityColumn).min(1).max(4).describe('身份列'),
  columns: z.array(zPayslipColumn).min(1).max(PAYSLIP_MAX_COLUMNS).describe('显示列'),
  hideEmpty: z.boolean().default(true).describe('隐藏空值和零值'),
  note: z.string().trim().max(MAX_PAYSLIP_NOTE).default('').describe('备注'),
  templateId: zId('工资条模板').optional(),
});
export type PayslipAdd = z.infer<typeof zPayslipAdd>;

export type PayslipAddResult = {
  batchId: number;
  rowCount: number;
  matched: number;
  /** Rows that matched nobody or several people, or repeat an earlier row's employee. */
  unmatched: UnmatchedRow[];
};

export type UnmatchedRow = { payslipId: number; rowNo: number; name: string; identity: string; reason: string };

/** Fix an unmatched row: assign an employee, or drop the row. */
export const zPayslipAssign = z.object({
  payslipId: zId('工资条'),
  employeeId: zId('员工').optional(),
  drop: z.boolean().optional(),
});

/** submit: send a draft now, or at a set time. */
export const zPayslipSubmit = z.object({
  batchId: zBatchId,
  channels: z.array(z.enum(CHANNEL_KEYS)).min(1).max(3).describe('发送渠道'),
  /** ISO time in the future, or absent for now. */
  sendAt: z.iso.datetime({ offset: true }).optional().describe('定时发送时间'),
  verifyMethod: z.enum(['sms', 'idNumber']).default('sms').describe('查看验证方式'),
  requireSignature: z.boolean().default(false).describe('确认时手写签名'),
  /** After the identity check, a payslip password the employee sets on first view (工资条查询密码). */
  requirePassword: z.boolean().default(false).describe('查询密码'),
  /** 0: never auto-confirm. */
  autoConfirmDays: z.number().int().min(0).max(MAX_AUTO_CONFIRM_DAYS).default(0).describe('自动确认天数'),
});
export type PayslipSubmit = z.infer<typeof zPayslipSubmit>;

export const zPayslipPage = z.object({
  ...zPaging,
  month: zMonth.optional(),
  title: z.string().trim().max(MAX_PAYSLIP_TITLE).optional().describe('工资条标题'),
  status: z.number().int().min(0).max(4).optional().describe('批次状态'),
});

export type PayslipCounts = Record<'total' | 'pending' | 'sent' | 'viewed' | 'confirmed' | 'feedback' | 'withdrawn' | 'failed' | 'unmatched', number>;

export type PayslipBatchView = {
  id: number;
  month: string;
  title: string;
  status: BatchStatus;
  statusLabel: string;
  channels: PayslipChannel[];
  sendAt: string | null;
  sentAt: string | null;
  note: string;
  hideEmpty: boolean;
  verifyMethod: VerifyMethod;
  requireSignature: boolean;
  requirePassword: boolean;
  autoConfirmDays: number;
  columns: PayslipColumn[];
  /** Per status: each payslip in exactly one. */
  counts: PayslipCounts;
  /** The figures shown to HR (PAYSLIP_STAGES), counted by the server. */
  stageCounts: PayslipStageCounts;
  createdByName: string | null;
  createdAt: string;
};

/** detail: one batch, its per-employee rows paged and filtered. */
export const zPayslipDetail = z.object({
  batchId: zBatchId,
  ...zPaging,
  status: z.number().int().min(0).max(6).optional().describe('状态'),
  /** Only the rows one of HR's figures counts (PAYSLIP_STAGES); with `status`, both apply. */
  stage: z.enum(STAGE_KEYS).optional().describe('状态分类'),
  /** Only rows that matched no employee. */
  unmatched: z.boolean().optional().describe('未匹配'),
  keyword: z.string().trim().max(50).optional().describe('姓名/工号'),
});

export type PayslipItem = { label: string; value: string };
export type PayslipGroupView = { group: ColumnGroup; label: string; items: PayslipItem[] };

export type PayslipRowView = {
  id: number;
  rowNo: number;
  employeeId: number | null;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  /** Masked (138****0000). */
  mobile: string | null;
  status: PayslipStatus;
  statusLabel: string;
  version: number;
  matchError: string | null;
  netPay: string | null;
  sentAt: string | null;
  viewedAt: string | null;
  confirmedAt: string | null;
  feedback: string | null;
  reply: string | null;
  failReason: string | null;
};

/** Per-employee actions; `payslipIds` absent means every eligible payslip of the batch. */
export const zPayslipAction = z.object({
  batchId: zBatchId,
  payslipIds: z.array(zId('工资条')).min(1).max(MAX_PAGE_SIZE).optional().describe('工资条'),
});
export type PayslipAction = z.infer<typeof zPayslipAction>;

export type PayslipActionResult = { affected: number; skipped: number };

export const zPayslipReply = z.object({
  payslipId: zId('工资条'),
  reply: z.string().trim().min(1).max(MAX_PAYSLIP_FEEDBACK).describe('回复内容'),
});

/** Templates: saved layouts reused month to month, matched to a new sheet by column label. */
export const zPayslipTemplateSave = z.object({
  id: zId('工资条模板').optional(),
  name: z.string().trim().min(1).max(40).describe('模板名称'),
  headerRows: z.union([z.literal(1), z.literal(2)]).describe('表头行数'),
  columns: z.array(zPayslipColumn).min(1).max(PAYSLIP_MAX_COLUMNS).describe('显示列'),
  hideEmpty: z.boolean().default(true).describe('隐藏空值和零值'),
  note: z.string().trim().max(MAX_PAYSLIP_NOTE).default('').describe('备注'),
});
export type PayslipTemplateView = z.infer<typeof zPayslipTemplateSave> & { id: number; updatedAt: string };

export type PayslipChannelView = { key: PayslipChannel; label: string; available: boolean; note: string; smsQuota?: number };

/** sys-table-header: known payroll item names and the group they belong to. */
export type SysTableHeader = { label: string; group: ColumnGroup };

// ── The employee's phone page (/m/payslip/:token), no sign-in ──
export const zPayslipToken = z.object({ token: z.string().trim().regex(/^[A-Za-z0-9_-]{20,100}$/, '链接无效').describe('链接') });
export const zPayslipVerifySms = zPayslipToken.extend({ code: z.string().trim().regex(/^\d{6}$/, '应为6位数字').describe('验证码') });
export const zPayslipVerifyId = zPayslipToken.extend({
  name: z.string().trim().min(1).max(50).describe('姓名'),
  idLast6: z.string().trim().regex(/^[0-9A-Za-z]{6}$/, '应为6位').describe('证件号后6位'),
});
/** Calls after verification carry the short-lived view ticket from the verify answer. */
export const zPayslipTicket = zPayslipToken.extend({ ticket: z.string().trim().min(20).max(200).describe('查看凭证') });
export const zPayslipConfirm = zPayslipTicket.extend({
  /** A PNG data URL of the handwritten signature, when the batch asks for one. */
  signature: z.string().max(400_000).optional().describe('手写签名'),
});
export const zPayslipFeedback = zPayslipTicket.extend({
  feedback: z.string().trim().min(1).max(MAX_PAYSLIP_FEEDBACK).describe('反馈内容'),
});

/** What the phone page shows before verification. */
export type PayslipOpenView = {
  companyName: string;
  month: string;
  title: string;
  maskedName: string;
  /** Masked mobile the SMS code goes to. */
  maskedMobile: string | null;
  verifyMethod: VerifyMethod;
  withdrawn: boolean;
};

/** What the phone page shows after verification. */
export type PayslipEmployeeView = {
  companyName: string;
  month: string;
  title: string;
  name: string;
  status: PayslipStatus;
  statusLabel: string;
  withdrawn: boolean;
  note: string;
  groups: PayslipGroupView[];
  netPay: string | null;
  requireSignature: boolean;
  confirmedAt: string | null;
  feedback: string | null;
  reply: string | null;
};

/**
 * payslip/row-view: one payslip as its employee sees it, for the admin's 查看 drawer (the
 * PayslipEmployeeView of that row, without verification; same permission as detail).
 */
export const zPayslipRowView = z.object({ payslipId: zId('工资条') });

/** One shown column of a payslip with its current value, by sheet column (what 更正 starts from). */
export type PayslipCell = { index: number; label: string; group: ColumnGroup; value: string };

/** row-view answers the employee's view and, for HR, every shown cell's current value (a withdrawn payslip's too). */
export type PayslipRowDetail = PayslipEmployeeView & { cells: PayslipCell[] };

// ── Added with the server: inputs the endpoints above leave open ──

/** One batch: remove (drafts), abort (scheduled), export (receipts). */
export const zPayslipBatchId = z.object({ batchId: zBatchId });

export const zPayslipTemplateId = z.object({ id: zId('工资条模板') });

/**
 * replace: a corrected payslip for a withdrawn one. `cells` are the changed values by sheet column
 * (`index` of PayslipColumn); other columns keep the withdrawn payslip's values. The corrected
 * payslip is a new version (the old one kept as history) and is sent at once when the batch was sent.
 */
export const zPayslipReplace = z.object({
  payslipId: zId('工资条'),
  cells: z
    .array(
      z.object({
        index: z.number().int().min(0).max(PAYSLIP_MAX_COLUMNS - 1).describe('列序号'),
        value: z.string().trim().max(100).describe('更正后的值'),
      }),
    )
    .min(1)
    .max(PAYSLIP_MAX_COLUMNS)
    .describe('更正的项目'),
});
export type PayslipReplace = z.infer<typeof zPayslipReplace>;

/** replace answers the new version. */
export type PayslipReplaceResult = { payslipId: number; version: number; status: PayslipStatus };

/** m/payslip/sms answers where the code went and when another may be asked for. */
export type PayslipSmsSent = { maskedMobile: string; expiresIn: number; resendAfter: number };

/** verify-sms / verify-id answer a view ticket and its lifetime in seconds. */
/**
 * `password`: 'none' when the batch asks for no payslip password; otherwise whether the employee has
 * one ('set': enter it) or not yet ('unset': choose one), and the ticket only opens the payslip after
 * m/payslip/password.
 */
export type PayslipTicket = { ticket: string; expiresIn: number; password?: 'none' | 'set' | 'unset' };

export const zPayslipPassword = zPayslipTicket.extend({ password: z.string().trim().regex(/^\d{6}$/, '应为6位数字').describe('查询密码') });
export const zPayslipPasswordReset = z.object({ payslipId: zId('工资条') });
