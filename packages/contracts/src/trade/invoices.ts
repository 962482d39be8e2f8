import { z } from 'zod';
import { zPaging } from '../paging.ts';
import { zDay } from '../payroll/fields.ts';
import { isValidUscc } from '../uscc.ts';

/** 发票管理: titles, requests against paid platform bills, and the operator's issue/reject. Every endpoint is `POST ${INVOICE_API}<path>`. */

export const INVOICE_API = '/wfsaas-saas/api';
export const INVOICE_PATHS = {
  titleList: '/invoice/title/list',
  titleSave: '/invoice/title/save',
  titleRemove: '/invoice/title/remove',
  titleDefault: '/invoice/title/default',
  billsOpen: '/invoice/bills',
  request: '/invoice/request',
  page: '/invoice/page',
  detail: '/invoice/detail',
  withdraw: '/invoice/withdraw',
  download: '/invoice/download',
  opPage: '/operator/invoice/page',
  opIssue: '/operator/invoice/issue',
  opReject: '/operator/invoice/reject',
  opDownload: '/operator/invoice/download',
} as const;
export const INVOICE_READ = 'invoiceManagement';
export const INVOICE_EDIT = 'invoiceManagement.edit';

/** 1 普通发票, 2 增值税专用发票 (needs address, phone, bank and account). */
export const INVOICE_TYPES = [
  { value: 1, label: '普通发票' },
  { value: 2, label: '增值税专用发票' },
] as const;
export const invoiceTypeLabel = (v: number): string => INVOICE_TYPES.find((s) => s.value === v)?.label ?? String(v);

/** 1 待开票 → 2 已开票 | 3 已驳回 (operator) | 4 已撤回 (company, while 待开票). */
export const INVOICE_STATUS = { pending: 1, issued: 2, rejected: 3, withdrawn: 4 } as const;
export const INVOICE_STATUSES = [
  { value: 1, label: '待开票' },
  { value: 2, label: '已开票' },
  { value: 3, label: '已驳回' },
  { value: 4, label: '已撤回' },
] as const;
export const invoiceStatusLabel = (v: number): string => INVOICE_STATUSES.find((s) => s.value === v)?.label ?? String(v);

/** 纳税人识别号: 15, 17, 18 or 20 letters and digits; 18 is a unified social credit code with its check character. */
export function taxNoRefusal(raw: string): string | null {
  const v = raw.trim().toUpperCase();
  if (![15, 17, 18, 20].includes(v.length) || !/^[0-9A-Z]+$/.test(v)) return '纳税人识别号应为15、17、18或20位字母或数字';
  if (v.length === 18 && !isValidUscc(v)) return '纳税人识别号：18位统一社会信用代码校验位不正确';
  return null;
}

const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`).describe(label);
const id = (label: string) => z.coerce.number().int().positive().describe(label);

export const zInvoiceTitleSave = z.object({
  id: id('发票抬头').optional(),
  name: text('抬头名称', 100).min(1, '抬头名称不能为空'),
  taxNo: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .superRefine((v, ctx) => {
      const refused = taxNoRefusal(v);
      if (refused) ctx.addIssue({ code: 'custom', message: refused });
    })
    .describe('纳税人识别号'),
  address: text('注册地址', 200).default(''),
  phone: text('注册电话', 30).regex(/^[0-9+\-() ]*$/, '注册电话只能包含数字、空格和 + - ( )').default(''),
  bank: text('开户银行', 100).default(''),
  account: text('银行账号', 40).regex(/^[0-9 -]*$/, '银行账号只能包含数字').default(''),
  isDefault: z.boolean().default(false).describe('设为默认'),
});
export type InvoiceTitleSave = z.infer<typeof zInvoiceTitleSave>;
export const zInvoiceTitleId = z.object({ id: id('发票抬头') });

export const zInvoiceRequest = z.object({
  billIds: z.array(id('账单')).min(1, '请选择要开票的账单').max(100, '一次最多选择100张账单').describe('账单'),
  titleId: id('发票抬头'),
  type: z.union([z.literal(1), z.literal(2)]).describe('发票类型'),
  email: z.string().trim().email('接收邮箱格式不正确').max(100).describe('接收邮箱'),
});
export type InvoiceRequestInput = z.infer<typeof zInvoiceRequest>;
export const zInvoicePage = z.object({ ...zPaging, status: z.coerce.number().int().min(1).max(4).optional().describe('状态') });
export const zInvoiceId = z.object({ id: id('开票申请') });
export const zOpInvoicePage = z.object({ ...zPaging, status: z.coerce.number().int().min(1).max(4).default(1).describe('状态'), keyword: text('企业名称', 60).optional() });
export const zOpInvoiceRef = z.object({ companyId: id('企业'), id: id('开票申请') });
/** The issue form (multipart fields beside the file). */
export const zOpInvoiceIssue = zOpInvoiceRef.extend({
  invoiceNo: text('发票号码', 30).regex(/^[0-9A-Za-z]{8,20}$/, '发票号码应为8–20位字母或数字'),
  invoiceDate: zDay('开票日期'),
});
export const zOpInvoiceReject = zOpInvoiceRef.extend({ reason: text('驳回原因', 200).min(1, '驳回原因不能为空') });

export type InvoiceTitleView = { id: number; name: string; taxNo: string; address: string; phone: string; bank: string; account: string; isDefault: boolean };
/** A paid platform bill not yet held by a request. */
export type InvoiceableBill = { id: number; billNo: string; title: string; month: string | null; amount: string; paidAt: string | null };
export type InvoiceRequestView = {
  id: number;
  requestNo: string;
  type: 1 | 2;
  typeLabel: string;
  titleName: string;
  taxNo: string;
  address: string;
  phone: string;
  bank: string;
  account: string;
  amount: string;
  email: string;
  status: 1 | 2 | 3 | 4;
  statusLabel: string;
  invoiceNo: string | null;
  invoiceDate: string | null;
  hasFile: boolean;
  rejectReason: string | null;
  createdAt: string;
  decidedAt: string | null;
  bills: { billId: number; billNo: string; title: string; amount: string }[];
};
export type OpInvoiceRequestView = InvoiceRequestView & { companyId: number; companyName: string };
