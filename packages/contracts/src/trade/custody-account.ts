import { z } from 'zod';
import { zPaging } from '../paging.ts';
import type { PlatformPayee } from './bills.ts';

/**
 * 托管账户: the company's balance held by the platform, its double-entry ledger, deposits confirmed by a
 * platform operator, and wage payouts of a locked payroll run paid from the balance (docs/custody-account.md).
 */

export const CUSTODY_ACCOUNT_API = '/wfsaas-saas/api';

/** Sub-paths under CUSTODY_ACCOUNT_API; every endpoint is POST with a JSON body. */
export const CUSTODY_ACCOUNT_PATHS = {
  summary: '/fiduciaryAccount/summary',
  ledgerPage: '/fiduciaryAccount/ledger/page',
  depositAdd: '/fiduciaryAccount/deposit/add',
  depositPage: '/fiduciaryAccount/deposit/page',
  payoutRuns: '/fiduciaryAccount/payout/runs',
  payoutAdd: '/fiduciaryAccount/payout/add',
  payoutPage: '/fiduciaryAccount/payout/page',
  payoutConfirm: '/fiduciaryAccount/payout/confirm',
  payoutPay: '/fiduciaryAccount/payout/pay',
  payoutCancel: '/fiduciaryAccount/payout/cancel',
  /** 薪资明细 (/tradeInformation/salaryDetails/:reportId, reportId = the payout id). */
  payoutDetail: '/fiduciaryAccount/payout/detail',
  payoutExport: '/fiduciaryAccount/payout/export',
  // Platform operators.
  operatorDepositPage: '/operator/custody/deposit/page',
  operatorDepositProof: '/operator/custody/deposit/proof',
  operatorDepositConfirm: '/operator/custody/deposit/confirm',
  operatorDepositReject: '/operator/custody/deposit/reject',
} as const;

export const CUSTODY_PERMISSIONS = {
  read: 'fiduciaryAccount',
  edit: 'fiduciaryAccount.edit',
  details: 'salaryDetails',
} as const;


/** 代发服务费 per employee of a payout, in yuan. */
export const PAYOUT_FEE_PER_HEAD = '2.00';
/** The largest single deposit, in yuan. */
export const MAX_DEPOSIT_AMOUNT = 100_000_000;

export const DEPOSIT_STATUS = { pending: 1, confirmed: 2, rejected: 3 } as const;
export const DEPOSIT_STATUSES = [
  { value: 1, label: '待确认' },
  { value: 2, label: '已确认' },
  { value: 3, label: '已驳回' },
] as const;

export const PAYOUT_STATUS = { toPay: 1, paid: 2, cancelled: 3 } as const;
export const PAYOUT_STATUSES = [
  { value: 1, label: '待付款' },
  { value: 2, label: '已发放' },
  { value: 3, label: '已取消' },
] as const;

/** Ledger accounts (账户科目) of a company's custody ledger. */
export const LEDGER_ACCOUNTS = [
  { value: 'custody', label: '托管资金' },
  { value: 'in_transit', label: '在途充值' },
  { value: 'payable', label: '待发工资' },
  { value: 'paid_out', label: '已发工资' },
  { value: 'fees', label: '平台服务费' },
  { value: 'external', label: '外部资金往来' },
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number]['value'];

/** Transaction types of the ledger. */
export const LEDGER_TYPES = [
  { value: 'deposit_register', label: '登记充值' },
  { value: 'deposit_confirm', label: '充值到账' },
  { value: 'deposit_reject', label: '充值驳回' },
  { value: 'payout_pay', label: '工资发放付款' },
  { value: 'payout_transfer', label: '工资发放付款（银行转账）' },
  { value: 'payout_release', label: '工资代发' },
  { value: 'bill_pay', label: '账单余额支付' },
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number]['value'];

// ── requests ──

const zId = (label: string) => z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe(label);

const zDay = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式不正确，应为 YYYY-MM-DD')
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), '不是有效的日期')
    .describe(label);

/** A positive amount in yuan, at most two decimals, at most MAX_DEPOSIT_AMOUNT. */
const zDepositAmount = z
  .preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, '格式不正确，应为最多两位小数的金额')
      .refine((s) => Number(s) > 0, '必须大于0')
      .refine((s) => Number(s) <= MAX_DEPOSIT_AMOUNT, `不能大于${MAX_DEPOSIT_AMOUNT.toLocaleString('en-US')}`),
  )
  .describe('充值金额');

export const zDepositAdd = z.object({
  amount: zDepositAmount,
  reference: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[0-9A-Za-z-_]+$/, '只能包含字母、数字、-、_')
    .describe('流水号'),
  payerName: z.string().trim().min(1).max(100).describe('付款账户名'),
  transferDate: zDay('转账日期'),
  /** The proof image's file id (from /wfsaas-file/api/file/upload). */
  proofFileId: z.string().trim().regex(/^[0-9a-f]{32}$/, '格式不正确').describe('转账凭证'),
});
export type DepositAdd = z.input<typeof zDepositAdd>;
export type DepositAddBody = z.output<typeof zDepositAdd>;

export const zDepositPage = z.object({ ...zPaging, status: z.coerce.number().int().min(1).max(3).optional().describe('状态') });

export const zLedgerPage = z.object({
  ...zPaging,
  type: z.enum(LEDGER_TYPES.map((t) => t.value) as [LedgerType, ...LedgerType[]]).optional().describe('交易类型'),
  from: zDay('开始日期').optional(),
  to: zDay('结束日期').optional(),
});

export const zPayoutAdd = z.object({ runId: zId('工资表') });
export const zPayoutId = z.object({ id: zId('发放单') });
export const zPayoutCancel = z.object({ id: zId('发放单'), reason: z.string().trim().min(1).max(200).describe('取消原因') });
export const zPayoutPage = z.object({ ...zPaging, status: z.coerce.number().int().min(1).max(3).optional().describe('状态') });

export const zOperatorDepositPage = z.object({ ...zPaging, status: z.coerce.number().int().min(1).max(3).optional().describe('状态') });
export const zOperatorDepositId = z.object({ companyId: zId('企业'), id: zId('充值记录') });
export const zOperatorDepositReject = z.object({ companyId: zId('企业'), id: zId('充值记录'), reason: z.string().trim().min(1).max(200).describe('驳回原因') });

// ── answers ──

export type CustodySummary = {
  accountNo: string;
  /** 托管资金: what the company may spend. */
  balance: string;
  /** 在途充值: deposits registered, not yet confirmed. */
  inTransit: string;
  /** 待发工资: paid payouts not yet disbursed. */
  reserved: string;
  /** Wages disbursed so far (已发工资) and fees paid (平台服务费). */
  paidOut: string;
  fees: string;
  /** The platform's receiving account; null until the platform has configured it. */
  receivingAccount: PlatformPayee | null;
  feePerHead: string;
};

export type LedgerPosting = { account: LedgerAccount; accountLabel: string; amount: string };
export type LedgerRow = {
  id: number;
  type: LedgerType;
  typeLabel: string;
  memo: string;
  at: string;
  /** The change of 托管资金 in this transaction, and its balance after it. */
  change: string;
  balanceAfter: string;
  postings: LedgerPosting[];
};

export type DepositRow = {
  id: number;
  amount: string;
  reference: string;
  payerName: string;
  transferDate: string;
  proofFileId: string | null;
  status: number;
  statusLabel: string;
  rejectReason: string | null;
  createdAt: string;
  decidedAt: string | null;
};

export type OperatorDepositRow = DepositRow & { companyId: number; companyName: string };

export type PayoutRunOption = { runId: number; month: string; groupName: string; headcount: number; net: string; payoutId: number | null };

export type PayoutRow = {
  id: number;
  payoutNo: string;
  runId: number;
  month: string;
  groupName: string;
  headcount: number;
  wages: string;
  fee: string;
  total: string;
  status: number;
  statusLabel: string;
  billId: number | null;
  billNo: string | null;
  billStatus: number | null;
  fundedBy: string | null;
  disbursement: string | null;
  cancelReason: string | null;
  createdAt: string;
  paidAt: string | null;
};

export type PayoutLine = { lineNo: number; employeeId: number; name: string; employeeNo: string | null; bankName: string | null; bankAccountMasked: string | null; net: string };
export type PayoutDetail = PayoutRow & { feePerHead: string; lines: PayoutLine[] };

export const depositStatusLabel = (v: number): string => DEPOSIT_STATUSES.find((s) => s.value === v)?.label ?? String(v);
export const payoutStatusLabel = (v: number): string => PAYOUT_STATUSES.find((s) => s.value === v)?.label ?? String(v);
export const ledgerTypeLabel = (v: string): string => LEDGER_TYPES.find((s) => s.value === v)?.label ?? v;
export const ledgerAccountLabel = (v: string): string => LEDGER_ACCOUNTS.find((s) => s.value === v)?.label ?? v;
