import { z } from 'zod';
import { zFileId, zId, zPhone } from '../auth.ts';
import { chineseIdCardError } from '../id-numbers.ts';

/** 企业认证 by licence (reviewed by a platform operator) or by a small-amount payment (docs/enterprise.md). */

export const zCompanyAuthSave = z.object({
  licenseFileId: zFileId('营业执照'),
  legalName: z.string().trim().min(2, '至少2个字').max(50).describe('法定代表人姓名'),
  legalIdNumber: z
    .string()
    .trim()
    .toUpperCase()
    .superRefine((v, ctx) => {
      const err = chineseIdCardError(v);
      if (err) ctx.addIssue({ code: 'custom', message: err });
    })
    .describe('法定代表人身份证号'),
  legalPhone: zPhone.describe('法定代表人手机号'),
  smsCode: z.string().trim().regex(/^\d{6}$/, '应为6位数字').describe('短信验证码'),
});
export type CompanyAuthSave = z.infer<typeof zCompanyAuthSave>;

/** saveByPayment: `start` a transfer to the account (bank and account needed), or `verify` the amount received (attempt and amount needed). */
export const zCompanyAuthByPayment = z.object({
  action: z.enum(['start', 'verify'], { message: '应为 start 或 verify' }).describe('操作'),
  bankName: z.string().trim().min(2, '至少2个字').max(60).optional().describe('开户银行'),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{8,30}$/, '应为8至30位数字')
    .optional()
    .describe('对公银行账号'),
  paymentId: zId('打款记录').optional(),
  amount: z
    .string()
    .trim()
    .regex(/^0\.\d{1,2}$/, '应为0.01至0.99之间的金额')
    .optional()
    .describe('收到的金额'),
});
export type CompanyAuthByPayment = z.infer<typeof zCompanyAuthByPayment>;

export const PAYMENT_STATUS = { pending: 0, paid: 1, verified: 2, locked: 3, void: 4 } as const;
export const PAYMENT_STATUS_LABELS: Record<number, string> = { 0: '待平台打款', 1: '已打款，待填写金额', 2: '已验证', 3: '已锁定（错误3次）', 4: '已作废' };
export const PAYMENT_MAX_TRIES = 3;

/** A payment attempt as the company sees it: never the amount. */
export type PaymentDetail = {
  id: number;
  accountName: string;
  bankName: string;
  /** Masked account number (**** **** 1234). */
  account: string;
  status: number;
  statusLabel: string;
  triesLeft: number;
  paidAt: string | null;
  verifiedAt: string | null;
  createdAt: string;
};

/** The company's certification state and its latest licence submission. */
export type CertificationState = {
  status: number;
  statusLabel: string;
  certifiedAt: string | null;
  latest: null | {
    id: number;
    legalName: string;
    legalIdNumber: string;
    legalPhone: string;
    status: number;
    rejectReason: string | null;
    createdAt: string;
    reviewedAt: string | null;
  };
  payment: PaymentDetail | null;
};

export type LicenceOcrResult = {
  name: string | null;
  creditCode: string | null;
  legalRepresentative: string | null;
  address: string | null;
};
export const zLicenseOcr = z.object({ fileId: zFileId('营业执照') });

// ── Platform operator ──
export const zOperatorCertificationList = z.object({
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional().describe('审核状态'),
}).optional();
export const zOperatorCertificationId = z.object({ companyId: zId('企业'), id: zId('认证申请') });
export const zOperatorCertificationReject = zOperatorCertificationId.extend({
  reason: z.string().trim().min(2, '至少2个字').max(200).describe('驳回原因'),
});
export const zOperatorPaymentList = z.object({ status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional().describe('打款状态') }).optional();
export const zOperatorPaymentId = z.object({ companyId: zId('企业'), id: zId('打款记录') });

export type OperatorCertificationRow = {
  companyId: number;
  companyName: string;
  creditCode: string | null;
  id: number;
  legalName: string;
  /** Masked. */
  legalIdNumber: string;
  legalPhone: string;
  status: number;
  statusLabel: string;
  rejectReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
};

/** A transfer for the operator to execute: the operator sees the amount and the full account number. */
export type OperatorPaymentRow = {
  companyId: number;
  companyName: string;
  id: number;
  accountName: string;
  bankName: string;
  accountNumber: string;
  amount: string;
  status: number;
  statusLabel: string;
  createdAt: string;
  executedAt: string | null;
};
