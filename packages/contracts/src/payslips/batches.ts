import { z } from 'zod';
import { zId } from '../auth.ts';
import { MAX_PAGE_SIZE } from '../envelope.ts';
import { zPaging } from '../paging.ts';
import { MAX_AUTO_CONFIRM_DAYS, MAX_PAYSLIP_FEEDBACK, MAX_PAYSLIP_TITLE, PAYSLIP_MAX_COLUMNS, type BatchStatus, type ColumnGroup, type PayslipChannel, type PayslipStageCounts, type PayslipStatus, type VerifyMethod } from './codes.ts';
import { CHANNEL_KEYS, STAGE_KEYS, zBatchId, zMonth } from './fields.ts';
import type { PayslipColumn } from './import.ts';
import type { PayslipEmployeeView } from './phone.ts';

/** Sending and managing a batch: submit, list, detail, per-employee actions, replies and corrections. */

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

export type PayslipChannelView = { key: PayslipChannel; label: string; available: boolean; note: string; smsQuota?: number };

/**
 * payslip/row-view: one payslip as its employee sees it, for the admin's 查看 drawer (the
 * PayslipEmployeeView of that row, without verification; same permission as detail).
 */
export const zPayslipRowView = z.object({ payslipId: zId('工资条') });

/** One shown column of a payslip with its current value, by sheet column (what 更正 starts from). */
export type PayslipCell = { index: number; label: string; group: ColumnGroup; value: string };

/** row-view answers the employee's view and, for HR, every shown cell's current value (a withdrawn payslip's too). */
export type PayslipRowDetail = PayslipEmployeeView & { cells: PayslipCell[] };

/** One batch: remove (drafts), abort (scheduled), export (receipts). */
export const zPayslipBatchId = z.object({ batchId: zBatchId });

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
