import { BANK_LAYOUT_SPECS, type BankColumnField, type BankFileLayoutKey, type BankLayoutSpec } from '@wfsaas/contracts';
import { PayrollDecimal } from '@wfsaas/payroll';
import { encodeGbk } from './gbk.ts';

type Dec = InstanceType<typeof PayrollDecimal>;
type Cell = string | number | null;

/** One employee paid by a submitted run, before a layout shapes the row. */
export type BankPayee = { employeeNo: string; name: string; bankName: string; account: string; amount: Dec };
/** The company account the wages are paid from, when one was chosen (支付配置). */
export type BankPayer = { accountNumber: string; accountName: string; bankName: string };

/** A bank file laid out: rows above the headers, the headers, a row per payee, an optional closing row. */
export type BankFileTable = { preamble: Cell[][]; header: string[] | null; rows: Cell[][]; footer: Cell[] | null };

export const MSG_LAYOUT_NEEDS_PAYER = (label: string) => `${label}代发文件须写明付款账号，请选择付款账户后导出`;

/** The bank's short name in a payee's 开户银行, to tell same-bank from cross-bank transfers. */
const SAME_BANK: Partial<Record<BankFileLayoutKey, string>> = { icbc: '工商银行', ccb: '建设银行', abc: '农业银行', cmb: '招商银行' };

/**
 * The file's rows in the layout: amounts as numbers for xlsx (a money format shows them) and as
 * text with two decimals for text files; account numbers always as text, never rounded.
 */
export function bankFileTable(spec: BankLayoutSpec, payees: readonly BankPayee[], payer: BankPayer | null): BankFileTable {
  const text = spec.fileType !== 'xlsx';
  const amount = (d: Dec): Cell => (text ? d.toFixed(2) : d.toDecimalPlaces(2).toNumber());
  const total = payees.reduce((s, p) => s.plus(p.amount), new PayrollDecimal(0));
  const cell = (f: BankColumnField, p: BankPayee, i: number): Cell => {
    switch (f) {
      case 'seq':
        return i + 1;
      case 'employeeNo':
        return p.employeeNo;
      case 'name':
        return p.name;
      case 'account':
        return p.account;
      case 'bankName':
        return p.bankName;
      case 'amount':
        return amount(p.amount);
      case 'purpose':
        return '工资';
      case 'crossBank':
        return p.bankName.includes(SAME_BANK[spec.key] ?? '\u0000') ? '0' : '1';
      case 'remark':
        return p.account ? '' : '缺少银行账号';
    }
  };
  const preamble: Cell[][] = [];
  if (spec.summary === 'payerCountTotal') {
    if (!payer) throw new Error(MSG_LAYOUT_NEEDS_PAYER(spec.label));
    preamble.push([payer.accountNumber, payees.length, amount(total)]);
  } else if (spec.summary === 'countTotal') {
    preamble.push(['总笔数', payees.length, '总金额', amount(total)]);
  }
  return {
    preamble,
    header: spec.headerRow ? spec.columns.map((c) => c.header) : null,
    rows: payees.map((p, i) => spec.columns.map((c) => cell(c.field, p, i))),
    footer: spec.footer ? ['合计', `共${payees.length}人`, null, null, amount(total), null] : null,
  };
}

/** A text or CSV layout's file: lines joined with CRLF, in the bank's encoding; a name the encoding cannot hold is refused. */
export function bankTextFile(spec: BankLayoutSpec, table: BankFileTable): Buffer {
  const sep = spec.separator ?? ',';
  const field = (v: Cell): string => {
    const s = v === null ? '' : String(v);
    if (sep === '|') return s.replace(/[|\r\n]/g, ' ');
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [...table.preamble, ...(table.header ? [table.header] : []), ...table.rows].map((r) => r.map(field).join(sep));
  const body = `${lines.join('\r\n')}\r\n`;
  if (spec.encoding === 'UTF-8') return Buffer.from(`\uFEFF${body}`, 'utf8');
  return encodeGbk(body, (ch) => {
    throw new Error(`「${ch}」无法以GBK编码写入${spec.label}代发文件，请核对员工姓名或改用Excel格式`);
  });
}

export const bankLayoutSpec = (key: BankFileLayoutKey): BankLayoutSpec => BANK_LAYOUT_SPECS[key];
