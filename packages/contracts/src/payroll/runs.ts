import { z } from 'zod';
import { zId } from '../auth.ts';
import type { PageMessage } from '../envelope.ts';
import { zPaging } from '../paging.ts';
import { MAX_ITEM_NAME, type CheckKind, type RunStatus } from './codes.ts';
import { zGroupId, zPayrollMonth, zRunId } from './fields.ts';

/** Monthly runs: import, check, calculate, review, lock, submit, and the overview. */

export const zPayrollRunId = z.object({ runId: zRunId });

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
