import { z } from 'zod';
import { zId } from '../auth.ts';
import { zPaging } from '../paging.ts';

/** The subscription centre (docs/subscriptions.md): the catalogue, price orders, usage and service agreements. */

export const SUBS_API = '/wfsaas-saas/api';

export const SUBS_PATHS = {
  /** The catalogue with the company's subscription and usage per product (appCenter). */
  productList: '/appProducts/list',
  /** The price an order would have, computed by the server, before it is submitted. */
  orderQuote: '/subscriptionPriceOrder/quote',
  orderSubmit: '/subscriptionPriceOrder/submit',
  orderCancel: '/subscriptionPriceOrder/cancel',
  orderPage: '/subscriptionPriceOrder/page',
  /** Service agreements (contractList): one per activated price order. */
  agreementPage: '/serviceAgreement/page',
  agreementDownload: '/serviceAgreement/download',
} as const;

/** The platform company, party A of every service agreement. */
export const PLATFORM_COMPANY_NAME = '万丰云服（杭州）科技有限公司';

/** Days after the end of a term during which the product still works (a grace period), then it turns read-only. */
export const SUBS_GRACE_DAYS = 15;

export type ProductCode = 'hr' | 'econtract' | 'payslip' | 'payroll' | 'siHosting' | 'outsourcing';
/**
 * How a product is priced: per seat and year (seats = employees on the roster), a pack of signatures,
 * a flat yearly fee, or metered monthly on the usage statement.
 */
export type ProductBilling = 'seatYear' | 'pack' | 'year' | 'monthly';
export type ProductEdition = { code: string; name: string; /** yuan per seat-year, per pack, or per year */ price: string; /** signatures in a pack */ pack?: number };
export type AppProduct = { code: ProductCode; name: string; description: string; billing: ProductBilling; unit: string; editions: ProductEdition[] };

/** The catalogue and its prices (yuan), the one table docs/subscriptions.md repeats. */
export const APP_PRODUCTS: readonly AppProduct[] = [
  {
    code: 'hr',
    name: '人事管理',
    description: '花名册、组织架构、入转调离全流程',
    billing: 'seatYear',
    unit: '元/人·年',
    editions: [
      { code: 'basic', name: '基础版', price: '60.00' },
      { code: 'pro', name: '专业版', price: '120.00' },
    ],
  },
  {
    code: 'econtract',
    name: '电子合同',
    description: '在线签署劳动合同，具备法律效力的签署证据',
    billing: 'pack',
    unit: '元/包',
    editions: [
      { code: 'pack100', name: '100份套餐包', price: '500.00', pack: 100 },
      { code: 'pack500', name: '500份套餐包', price: '2000.00', pack: 500 },
      { code: 'pack2000', name: '2000份套餐包', price: '6000.00', pack: 2000 },
    ],
  },
  { code: 'payslip', name: '电子工资条', description: '工资条在线发放、查看与签收', billing: 'seatYear', unit: '元/人·年', editions: [{ code: 'standard', name: '标准版', price: '24.00' }] },
  { code: 'payroll', name: '薪酬计算', description: '薪资核算、个税预扣与工资表', billing: 'seatYear', unit: '元/人·年', editions: [{ code: 'standard', name: '标准版', price: '36.00' }] },
  { code: 'siHosting', name: '社保托管', description: '社保公积金增减员与月度申报代办', billing: 'monthly', unit: '元/人·月', editions: [{ code: 'standard', name: '标准版', price: '30.00' }] },
  { code: 'outsourcing', name: '外包管理', description: '用工单位、派驻与外包结算', billing: 'year', unit: '元/年', editions: [{ code: 'standard', name: '标准版', price: '9800.00' }] },
];

/** Signatures completed beyond every pack, billed on the month's usage statement (yuan each). */
export const SIGNATURE_OVERAGE_PRICE = '6.00';

export const SUBS_ORDER_ACTIONS = [
  { value: 'new', label: '购买' },
  { value: 'renew', label: '续费' },
  { value: 'expand', label: '扩容' },
  { value: 'upgrade', label: '升级' },
  { value: 'pack', label: '购买套餐包' },
] as const;
export type SubsOrderAction = (typeof SUBS_ORDER_ACTIONS)[number]['value'];

/** 订阅价格订单: 待付款 → 已生效 | 已取消. */
export const SUBS_ORDER_STATUS = { toPay: 1, active: 2, cancelled: 3 } as const;
export const SUBS_ORDER_STATUSES = [
  { value: 1, label: '待付款' },
  { value: 2, label: '已生效' },
  { value: 3, label: '已取消' },
] as const;

export const SUBS_MAX_SEATS = 100_000;
export const SUBS_ORDER_MONTHS = [12, 24, 36] as const;

export const zSubsOrderQuote = z.object({
  product: z.enum(APP_PRODUCTS.map((p) => p.code) as [ProductCode, ...ProductCode[]]).describe('产品'),
  action: z.enum(SUBS_ORDER_ACTIONS.map((a) => a.value) as [SubsOrderAction, ...SubsOrderAction[]]).describe('订单类型'),
  edition: z.string().trim().min(1).max(20).optional().describe('版本'),
  seats: z.number().int().min(1).max(SUBS_MAX_SEATS).optional().describe('人数'),
  months: z
    .number()
    .int()
    .refine((m) => (SUBS_ORDER_MONTHS as readonly number[]).includes(m), '应为12、24或36个月')
    .optional()
    .describe('购买时长'),
});
export type SubsOrderInput = z.infer<typeof zSubsOrderQuote>;
export const zSubsOrderSubmit = zSubsOrderQuote;
export const zSubsOrderId = z.object({ id: zId('订单') });
export const zSubsOrderCancel = z.object({ id: zId('订单'), reason: z.string().trim().min(1).max(200).describe('取消原因') });
export const zSubsOrderPage = z.object({ ...zPaging, status: z.number().int().min(1).max(3).optional().describe('订单状态') });
export const zServiceAgreementPage = z.object({ ...zPaging, product: z.string().trim().max(20).optional().describe('产品') });
export const zServiceAgreementId = z.object({ id: zId('服务协议') });

/** What the server computed for an order: the term it gives and the price, with how it was reached. */
export type SubsQuote = {
  product: ProductCode;
  productName: string;
  action: SubsOrderAction;
  edition: string;
  editionName: string;
  seats: number;
  months: number | null;
  pack: number | null;
  startDate: string;
  endDate: string;
  unitPrice: string;
  amount: string;
  /** 计价说明, e.g. 300人 × 120.00元/人·年 × 12/12. */
  formula: string;
};

export type SubsOrderView = SubsQuote & {
  id: number;
  orderNo: string;
  status: number;
  billId: number | null;
  billNo: string | null;
  createdAt: string;
  activatedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
};

export type SubscriptionView = {
  edition: string;
  editionName: string;
  seats: number;
  startDate: string;
  endDate: string;
  daysLeft: number;
  /** active 使用中, grace 宽限期 (still usable), expired 已到期 (read-only). */
  state: 'active' | 'grace' | 'expired';
};

export type SubsUsageView = {
  /** Employees on the roster (seat products). */
  roster: number;
  /** Signatures bought, used from the packs, and left. */
  signaturesBought: number;
  signaturesUsed: number;
  signaturesLeft: number;
  smsThisMonth: number;
  paidEmployeesThisMonth: number;
};

export type AppProductCard = AppProduct & { subscription: SubscriptionView | null; pendingOrder: { id: number; orderNo: string; amount: string; action: SubsOrderAction } | null };
export type AppProductList = { products: AppProductCard[]; usage: SubsUsageView };

export type ServiceAgreementRow = {
  id: number;
  agreementNo: string;
  orderNo: string;
  productName: string;
  editionName: string;
  action: SubsOrderAction;
  seats: number;
  pack: number | null;
  startDate: string;
  endDate: string;
  amount: string;
  partyA: string;
  partyB: string;
  signedAt: string;
};
