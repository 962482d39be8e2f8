import { z } from 'zod';
import { zId } from './auth.ts';
import { zPaging } from './paging.ts';
import { MAX_ITEM_NAME } from './payroll.ts';

/**
 * 共享数据 of payroll: data tables (imported from xlsx, pushed by IoT devices or applications), their
 * monthly batches and rows matched to employees, the tables a salary group takes its input data from,
 * the pull of a month's data into a run, and the read-only base data of employees.
 *
 * Every endpoint is `POST ${PAYROLL_API}<path>` (the upload is multipart with the table, month and
 * replace flag in the query string).
 */

/** Data table kinds: the URL segment, the screen (route name, also the read permission) and the edit permission. */
export const DATA_KINDS = [
  { kind: 1, key: 'import', label: '导入数据', route: 'importTableData', edit: 'importTableData.edit' },
  { kind: 2, key: 'iot', label: '物联网数据', route: 'iotData', edit: 'iotData.edit' },
  { kind: 3, key: 'app', label: '应用数据', route: 'applicationData', edit: 'applicationData.edit' },
] as const;
export type DataKind = (typeof DATA_KINDS)[number]['kind'];
export type DataKindKey = (typeof DATA_KINDS)[number]['key'];
export function dataKindOf(kind: number): (typeof DATA_KINDS)[number] {
  return DATA_KINDS.find((k) => k.kind === kind) ?? DATA_KINDS[0];
}

export const DATA_CATEGORIES = ['考勤', '绩效', '补贴', '一次性项目', '其他'] as const;

/** How a row names its employee. */
export const DATA_MATCH_KEYS = [
  { value: 'employeeNo', label: '工号' },
  { value: 'idNumber', label: '证件号码' },
] as const;
export type DataMatchKey = (typeof DATA_MATCH_KEYS)[number]['value'];
export const matchKeyLabel = (k: string) => (k === 'idNumber' ? '证件号码' : '工号');

export const DATA_BATCH_STATUSES = [
  { value: 1, label: '有效', color: 'success' },
  { value: 2, label: '已作废', color: 'default' },
] as const;
export const DATA_BATCH_STATUS = { valid: 1, voided: 2 } as const;

export const DATA_PUSH_MAX_ROWS = 5000;
export const DATA_MAX_COLUMNS = 60;

/** Permissions besides the route names of the kinds (DATA_KINDS). */
export const PAYROLL_DATA_PERMISSIONS = {
  push: 'importTableData.push',
  groupRead: 'dataGroupMaintenance',
  groupEdit: 'dataGroupMaintenance.edit',
  runInputsRead: 'dataDetail',
  baseRead: 'baseData',
} as const;

/** Paths of one kind's tables and batches: `/data/<kind key><sub-path>`. */
export const DATA_KIND_PATHS = {
  tableList: '/table/list',
  tableDetail: '/table/detail',
  tableSave: '/table/save',
  tableRemove: '/table/remove',
  /** Answers the xlsx template of a table itself. */
  tableTemplate: '/table/template',
  batchPage: '/batch/page',
  batchDetail: '/batch/detail',
  /** multipart, field `file`; ?tableId=&month=&replace= */
  batchUpload: '/batch/upload',
  batchVoid: '/batch/void',
  batchRows: '/batch/rows',
  /** Answers the xlsx of the batch's rows with errors itself. */
  batchErrors: '/batch/errors',
} as const;
export const dataKindPath = (kind: DataKindKey, sub: keyof typeof DATA_KIND_PATHS) => `/data/${kind}${DATA_KIND_PATHS[sub]}`;

export const PAYROLL_DATA_PATHS = {
  push: '/data/push',
  groupList: '/data/group/list',
  groupSave: '/data/group/save',
  runSources: '/run/dataSources',
  runPull: '/run/pullData',
  runInputs: '/run/inputs',
  basePage: '/data/base/page',
} as const;

// ── Schemas ──

const zMonth = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '格式应为 YYYY-MM')
  .describe('数据月份');
const zTableId = zId('数据表');
const zBatchId = zId('数据批次');

export const zDataColumn = z.object({
  column: z.string().trim().min(1, '表头名称不能为空').max(MAX_ITEM_NAME).describe('表头名称'),
  item: z.string().trim().min(1, '工资项名称不能为空').max(MAX_ITEM_NAME).describe('工资项名称'),
});

export const zDataTableSave = z.object({
  id: zTableId.optional(),
  name: z.string().trim().min(1, '请输入数据表名称').max(30).describe('数据表名称'),
  category: z.enum(DATA_CATEGORIES).default('其他').describe('数据类别'),
  matchKey: z.enum(['employeeNo', 'idNumber']).default('employeeNo').describe('匹配方式'),
  columns: z.array(zDataColumn).min(1, '请至少设置一列').max(DATA_MAX_COLUMNS).describe('数据列'),
  source: z.string().trim().max(30).default('').describe('数据来源'),
});
export type DataTableSave = z.infer<typeof zDataTableSave>;
export const zDataTableId = z.object({ id: zTableId });
export const zDataTableList = z.object({ keyword: z.string().trim().max(30).optional().describe('数据表名称') });

export const zDataBatchPage = z.object({ ...zPaging, tableId: zTableId, month: zMonth.optional(), status: z.union([z.literal(1), z.literal(2)]).optional().describe('状态') });
export const zDataBatchId = z.object({ id: zBatchId });
export const zDataUploadQuery = z.object({
  tableId: zTableId,
  month: zMonth,
  replace: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false).describe('替换本月数据'),
});
export const zDataBatchRows = z.object({
  ...zPaging,
  batchId: zBatchId,
  filter: z.enum(['all', 'error', 'unmatched']).default('all').describe('筛选'),
  keyword: z.string().trim().max(30).optional().describe('姓名/工号'),
});

const zPushAmount = z.union([z.string().max(30), z.number()]);
export const zDataPush = z.object({
  tableId: zTableId,
  month: zMonth,
  replace: z.boolean().default(false).describe('替换本月数据'),
  rows: z
    .array(
      z.object({
        key: z.string().trim().max(40).describe('工号或证件号码'),
        name: z.string().trim().max(40).optional().describe('姓名'),
        values: z.record(z.string().max(MAX_ITEM_NAME), zPushAmount).describe('数据'),
      }),
    )
    .min(1, '请至少推送一行数据')
    // More than DATA_PUSH_MAX_ROWS is refused by the service with its own message.
    .max(DATA_PUSH_MAX_ROWS * 20)
    .describe('数据行'),
});
export type DataPush = z.infer<typeof zDataPush>;

export const zDataGroupSave = z.object({ groupId: zId('薪资组'), tableIds: z.array(zTableId).max(50).describe('数据表') });
export const zRunDataQuery = z.object({ runId: zId('薪资批次') });
export const zRunInputsPage = z.object({ ...zPaging, runId: zId('薪资批次'), keyword: z.string().trim().max(40).optional().describe('姓名/工号') });
export const zBaseDataPage = z.object({
  ...zPaging,
  keyword: z.string().trim().max(40).optional().describe('姓名/工号'),
  departmentId: zId('部门').optional(),
  month: zMonth.optional(),
});

// ── Views ──

export type DataColumn = z.infer<typeof zDataColumn>;

export type DataTableView = {
  id: number;
  name: string;
  kind: DataKind;
  category: string;
  matchKey: DataMatchKey;
  columns: DataColumn[];
  source: string;
  /** Valid batches, and the month of the latest one. */
  batchCount: number;
  latestMonth: string | null;
  updatedAt: string;
};

export type DataBatchView = {
  id: number;
  tableId: number;
  tableName: string;
  kind: DataKind;
  month: string;
  origin: string;
  status: 1 | 2;
  statusLabel: string;
  rowCount: number;
  matchedCount: number;
  errorCount: number;
  createdByName: string | null;
  createdAt: string;
  voidedAt: string | null;
};

export type DataRowView = {
  rowNo: number;
  /** 工号, or the masked 证件号码, as given. */
  key: string;
  employeeId: number | null;
  name: string;
  values: Record<string, string>;
  error: string | null;
};

export type DataBatchRowsPage = { batch: DataBatchView; columns: string[]; list: DataRowView[] };

export type DataPushResult = { batchId: number; rowCount: number; matchedCount: number; errorCount: number };
export type DataUploadResult = DataPushResult & { ignoredColumns: string[] };

/** How a linked table's columns meet the group's input items. */
export type LinkedTableView = {
  tableId: number;
  name: string;
  kind: DataKind;
  category: string;
  /** Columns whose item is an input item of the group. */
  matched: DataColumn[];
  /** Columns whose item is no input item of the group (their data is not taken). */
  unmatched: DataColumn[];
};
export type DataGroupView = { groupId: number; groupName: string; inputItems: string[]; tables: LinkedTableView[] };
export type DataGroupList = { groups: DataGroupView[]; tables: { id: number; name: string; kind: DataKind; category: string }[] };

export type RunDataSource = { tableId: number; tableName: string; kind: DataKind; batch: Pick<DataBatchView, 'id' | 'origin' | 'rowCount' | 'matchedCount' | 'errorCount' | 'createdAt'> | null };
export type RunDataSources = { runId: number; month: string; tables: RunDataSource[] };

export type RunPullResult = {
  tables: { tableId: number; tableName: string; batchId: number | null; applied: number; notMembers: number; errors: number }[];
  employees: number;
};

/** Where a run input value came from: a data table's batch, or typed by hand; absent = 直接导入. */
export type RunInputSource = { kind: 'table'; tableId: number; tableName: string; batchId: number } | { kind: 'manual' };

export type RunInputRowView = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  values: Record<string, string>;
  sources: Record<string, RunInputSource>;
};
export type RunInputsPage = { items: string[]; list: RunInputRowView[] };

export type BaseDataView = {
  employeeId: number;
  employeeNo: string | null;
  name: string;
  departmentName: string | null;
  salary: string | null;
  bankName: string | null;
  bankAccountMasked: string | null;
  firstJobOfYear: boolean;
  previousYearLowIncome: boolean;
  /** Monthly special additional deductions, summed. */
  deductionTotal: string;
  groups: string[];
};
