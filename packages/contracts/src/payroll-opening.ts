import { z } from 'zod';
import { zId } from './auth.ts';
import { zPaging } from './paging.ts';
import { DEDUCTION_KINDS, type DeductionKind } from './payroll.ts';

/**
 * 期初累计数据: employees' cumulative wage figures of a year through a month, brought from a previous
 * payroll system or the withholding client (个人所得税扣缴客户端) when a company starts calculating
 * payroll here during the year. The cumulative withholding of the later months continues from them,
 * and the declaration's 累计 columns include them.
 *
 * Every endpoint is `POST ${PAYROLL_API}<path>`; the import is multipart (field `file`, `?year=`) and
 * the template answers the xlsx itself.
 */
export const PAYROLL_OPENING_PATHS = {
  page: '/opening/page',
  template: '/opening/template',
  import: '/opening/import',
  remove: '/opening/remove',
} as const;

/** Amount columns besides the per-kind deductions, in the template's order. */
export const OPENING_AMOUNTS = [
  { key: 'income', header: '累计收入额' },
  { key: 'taxFreeIncome', header: '累计免税收入' },
  { key: 'basicDeduction', header: '累计减除费用' },
  { key: 'specialDeduction', header: '累计专项扣除' },
] as const;
export const OPENING_TAIL_AMOUNTS = [
  { key: 'otherDeduction', header: '累计其他扣除' },
  { key: 'taxRelief', header: '累计减免税额' },
  { key: 'taxWithheld', header: '累计已预缴税额' },
] as const;
export type OpeningAmountKey = (typeof OPENING_AMOUNTS)[number]['key'] | (typeof OPENING_TAIL_AMOUNTS)[number]['key'];

/** The template's columns: the employee, the month, then the amounts (per-kind deductions as 累计<label>). */
export const OPENING_COLUMNS: readonly { key: string; header: string; required: boolean }[] = [
  { key: 'employeeNo', header: '工号', required: false },
  { key: 'name', header: '姓名', required: true },
  { key: 'idNumber', header: '证件号码', required: false },
  { key: 'throughMonth', header: '截至月份', required: true },
  ...OPENING_AMOUNTS.map((a) => ({ ...a, required: false })),
  ...DEDUCTION_KINDS.map((k) => ({ key: k.key, header: `累计${k.label}`, required: false })),
  ...OPENING_TAIL_AMOUNTS.map((a) => ({ ...a, required: false })),
];

const zYear = z.number().int().min(2000).max(2100).describe('年度');
export const zOpeningPage = z.object({ ...zPaging, year: zYear, keyword: z.string().trim().max(40).optional().describe('姓名/工号') });
export const zOpeningYear = z.object({ year: zYear });
export const zOpeningImportQuery = z.object({ year: z.coerce.number().int().min(2000, '年度须在2000至2100之间').max(2100, '年度须在2000至2100之间').describe('年度') });
export const zOpeningRemove = z.object({ year: zYear, employeeIds: z.array(zId('员工')).min(1, '请选择员工').max(1000).describe('员工') });

export type OpeningView = {
  employeeId: number;
  employeeNo: string | null;
  name: string;
  departmentName: string | null;
  throughMonth: number;
  income: string;
  taxFreeIncome: string;
  basicDeduction: string;
  specialDeduction: string;
  /** Cumulative per deduction kind (DEDUCTION_KINDS); an absent kind is 0. */
  deductions: Partial<Record<DeductionKind, string>>;
  otherDeduction: string;
  taxRelief: string;
  taxWithheld: string;
  /** The file it came from. */
  origin: string;
  updatedAt: string;
};

export type OpeningImportError = { rowNo: number; name: string; key: string; reason: string };
export type OpeningImportResult = { rowCount: number; imported: number; errors: OpeningImportError[] };
