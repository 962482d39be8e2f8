import { BANK_FILE_COLUMNS, type BankFileLayoutKey } from '@wfsaas/contracts';
import { PayrollDecimal } from '@wfsaas/payroll';

type Dec = InstanceType<typeof PayrollDecimal>;
type Cell = string | number | null;

/** One employee paid by a submitted run, before a layout shapes the row. */
export type BankPayee = { employeeNo: string; name: string; bankName: string; account: string; amount: Dec };

/**
 * How one bank wants its transfer file: the sheet, its columns and their formats, a row per payee and a
 * closing count-and-total row. Amounts are numbers with a money format; account numbers stay text.
 */
export type BankFileLayout = {
  sheetName: string;
  columns: readonly { header: string; width: number; numFmt?: string }[];
  row(p: BankPayee): Cell[];
  footer(count: number, total: Dec): Cell[];
};

const MONEY = '#,##0.00';
const TEXT = '@';

const generic: BankFileLayout = {
  sheetName: '银行代发',
  columns: BANK_FILE_COLUMNS.map((header) => ({
    header,
    width: header === '银行账号' ? 24 : 16,
    numFmt: header === '实发金额' ? MONEY : header === '银行账号' ? TEXT : undefined,
  })),
  row: (p) => [p.employeeNo, p.name, p.bankName, p.account, p.amount.toNumber(), p.account ? '' : '缺少银行账号'],
  footer: (count, total) => ['合计', `共${count}人`, null, null, total.toNumber(), null],
};

export const BANK_FILE_LAYOUT_WRITERS: Record<BankFileLayoutKey, BankFileLayout> = { generic };
