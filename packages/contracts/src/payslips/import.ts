import { z } from 'zod';
import { zFileId, zId } from '../auth.ts';
import { MAX_PAYSLIP_NOTE, MAX_PAYSLIP_TITLE, PAYSLIP_MAX_COLUMNS, type ColumnGroup } from './codes.ts';
import { COLUMN_GROUP_KEYS, IDENTITY_KEYS, zMonth } from './fields.ts';

/** Importing a payslip spreadsheet: its columns and identity columns, the batch it makes, matching rows to employees. */

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

/** sys-table-header: known payroll item names and the group they belong to. */
export type SysTableHeader = { label: string; group: ColumnGroup };
