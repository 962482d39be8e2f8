import { z } from 'zod';
import { BANK_FILE_LAYOUTS, type BankFileLayoutKey } from '../payroll/codes.ts';

/** 支付配置: the company's paying bank accounts and the bank transfer file layouts (docs/implementation.md). Every endpoint is `POST ${PAY_CONFIG_API}<path>`. */

export const PAY_CONFIG_API = '/wfsaas-saas/api';
export const PAY_CONFIG_PATHS = {
  accountList: '/payConfig/account/list',
  accountSave: '/payConfig/account/save',
  accountDefault: '/payConfig/account/default',
  accountEnable: '/payConfig/account/enable',
  accountRemove: '/payConfig/account/remove',
} as const;
export const PAY_CONFIG_READ = 'payConfig';
export const PAY_CONFIG_EDIT = 'payConfig.edit';

/** One column of a bank file: its header and what fills it. */
export type BankColumnField = 'seq' | 'employeeNo' | 'name' | 'account' | 'bankName' | 'amount' | 'purpose' | 'crossBank' | 'remark';
export type BankFileType = 'xlsx' | 'csv' | 'txt';

/**
 * A bank's batch-payment (代发工资) file: type, encoding, the rows above the column headers, the
 * columns in order and how amounts are written. `summary` rows carry the paying account, the count and the total.
 */
export type BankLayoutSpec = {
  key: BankFileLayoutKey;
  label: string;
  fileType: BankFileType;
  encoding: 'UTF-8' | 'GBK';
  /** Field separator of a text file. */
  separator?: ',' | '|';
  /** Rows written before the column headers: a summary line (付款账号, 笔数, 总金额) or none. */
  summary: 'none' | 'payerCountTotal' | 'countTotal';
  /** Whether the column headers are written (some text layouts carry data lines only). */
  headerRow: boolean;
  columns: readonly { header: string; field: BankColumnField }[];
  /** How an amount is written: yuan with two decimals, no thousands separator. */
  amountFormat: '0.00';
  /** A closing 合计 row (通用格式 only). */
  footer: boolean;
  note: string;
};

export const BANK_LAYOUT_SPECS: Record<BankFileLayoutKey, BankLayoutSpec> = {
  generic: {
    key: 'generic',
    label: '通用格式',
    fileType: 'xlsx',
    encoding: 'UTF-8',
    summary: 'none',
    headerRow: true,
    columns: [
      { header: '工号', field: 'employeeNo' },
      { header: '姓名', field: 'name' },
      { header: '开户银行', field: 'bankName' },
      { header: '银行账号', field: 'account' },
      { header: '实发金额', field: 'amount' },
      { header: '备注', field: 'remark' },
    ],
    amountFormat: '0.00',
    footer: true,
    note: '本系统的通用表格，末行为人数与金额合计',
  },
  icbc: {
    key: 'icbc',
    label: '工商银行',
    fileType: 'txt',
    encoding: 'GBK',
    separator: '|',
    summary: 'payerCountTotal',
    headerRow: false,
    columns: [
      { header: '收款人账号', field: 'account' },
      { header: '收款人姓名', field: 'name' },
      { header: '金额', field: 'amount' },
      { header: '用途', field: 'purpose' },
    ],
    amountFormat: '0.00',
    footer: false,
    note: '文本文件（GBK），竖线分隔；首行为 付款账号|总笔数|总金额，其后每行一名收款人',
  },
  ccb: {
    key: 'ccb',
    label: '建设银行',
    fileType: 'xlsx',
    encoding: 'UTF-8',
    summary: 'countTotal',
    headerRow: true,
    columns: [
      { header: '序号', field: 'seq' },
      { header: '账号', field: 'account' },
      { header: '户名', field: 'name' },
      { header: '金额', field: 'amount' },
      { header: '跨行标识', field: 'crossBank' },
      { header: '行名', field: 'bankName' },
      { header: '摘要', field: 'purpose' },
    ],
    amountFormat: '0.00',
    footer: false,
    note: 'Excel 表格；首行为 总笔数、总金额，第二行为列名；跨行标识 0 本行、1 跨行',
  },
  abc: {
    key: 'abc',
    label: '农业银行',
    fileType: 'csv',
    encoding: 'GBK',
    separator: ',',
    summary: 'none',
    headerRow: true,
    columns: [
      { header: '收款方账号', field: 'account' },
      { header: '收款方户名', field: 'name' },
      { header: '金额', field: 'amount' },
      { header: '备注', field: 'purpose' },
    ],
    amountFormat: '0.00',
    footer: false,
    note: 'CSV 文件（GBK），逗号分隔，首行为列名',
  },
  cmb: {
    key: 'cmb',
    label: '招商银行',
    fileType: 'xlsx',
    encoding: 'UTF-8',
    summary: 'none',
    headerRow: true,
    columns: [
      { header: '账号', field: 'account' },
      { header: '户名', field: 'name' },
      { header: '金额', field: 'amount' },
      { header: '注释', field: 'purpose' },
    ],
    amountFormat: '0.00',
    footer: false,
    note: 'Excel 表格，首行为列名，账号为文本',
  },
};
export const BANK_LAYOUT_OPTIONS = BANK_FILE_LAYOUTS.map((l) => ({ value: l.key, label: l.label }));

/** Banks offered when adding an account; another bank's name may be typed. */
export const COMMON_BANKS = ['中国工商银行', '中国建设银行', '中国农业银行', '招商银行', '中国银行', '交通银行', '中国邮政储蓄银行', '兴业银行', '浦发银行', '中信银行', '民生银行', '平安银行'] as const;

export type PayAccountView = {
  id: number;
  bankName: string;
  branch: string;
  accountName: string;
  accountMasked: string;
  layout: BankFileLayoutKey;
  layoutLabel: string;
  isDefault: boolean;
  enabled: boolean;
  createdAt: string;
};

const id = (label: string) => z.coerce.number().int().positive().describe(label);
const text = (label: string, max: number) => z.string().trim().min(1, `${label}不能为空`).max(max, `${label}最多${max}个字`).describe(label);

export const zPayAccountSave = z.object({
  id: id('付款账户').optional(),
  bankName: text('开户银行', 50),
  branch: text('开户支行', 100),
  accountName: text('账户名称', 100),
  /** Required when adding; left empty when editing keeps the stored number. */
  accountNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v === '' || /^\d{8,32}$/.test(v), '银行账号应为8-32位数字')
    .default('')
    .describe('银行账号'),
  layout: z.enum(BANK_FILE_LAYOUTS.map((l) => l.key) as [BankFileLayoutKey, ...BankFileLayoutKey[]], { message: '代发文件格式不存在' }).describe('代发文件格式'),
  isDefault: z.boolean().default(false).describe('设为默认'),
  enabled: z.boolean().default(true).describe('启用'),
});
export type PayAccountSave = z.infer<typeof zPayAccountSave>;
export const zPayAccountId = z.object({ id: id('付款账户') });
export const zPayAccountEnable = z.object({ id: id('付款账户'), enabled: z.boolean().describe('启用') });
