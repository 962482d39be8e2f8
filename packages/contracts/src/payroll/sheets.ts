import { z } from 'zod';
import { zId } from '../auth.ts';
import type { PageMessage } from '../envelope.ts';
import { zPaging } from '../paging.ts';
import { BANK_FILE_LAYOUTS, type BankFileLayoutKey } from './codes.ts';
import { zPayrollMonth, zRunId, zYear } from './fields.ts';
import { zPayrollRunId, type ResultItemColumn, type RunResultView, type RunView } from './runs.ts';

/** Payroll sheets, payment records and the tax declaration. */

export const zBankFileExport = zPayrollRunId.extend({
  /** Without a layout or an account, the default paying account's layout, else 通用格式. */
  layout: z.enum(BANK_FILE_LAYOUTS.map((l) => l.key) as [BankFileLayoutKey]).optional().describe('代发文件格式'),
  accountId: zId('付款账户').optional(),
});

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
