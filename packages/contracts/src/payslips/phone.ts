import { z } from 'zod';
import { zId } from '../auth.ts';
import { MAX_PAYSLIP_FEEDBACK, type PayslipStatus, type VerifyMethod } from './codes.ts';
import type { PayslipGroupView } from './batches.ts';

/** The employee's phone page (/m/payslip/:token), no sign-in. */

export const zPayslipToken = z.object({ token: z.string().trim().regex(/^[A-Za-z0-9_-]{20,100}$/, '链接无效').describe('链接') });
export const zPayslipVerifySms = zPayslipToken.extend({ code: z.string().trim().regex(/^\d{6}$/, '应为6位数字').describe('验证码') });
export const zPayslipVerifyId = zPayslipToken.extend({
  name: z.string().trim().min(1).max(50).describe('姓名'),
  idLast6: z.string().trim().regex(/^[0-9A-Za-z]{6}$/, '应为6位').describe('证件号后6位'),
});
/** Calls after verification carry the short-lived view ticket from the verify answer. */
export const zPayslipTicket = zPayslipToken.extend({ ticket: z.string().trim().min(20).max(200).describe('查看凭证') });
export const zPayslipConfirm = zPayslipTicket.extend({
  /** A PNG data URL of the handwritten signature, when the batch asks for one. */
  signature: z.string().max(400_000).optional().describe('手写签名'),
});
export const zPayslipFeedback = zPayslipTicket.extend({
  feedback: z.string().trim().min(1).max(MAX_PAYSLIP_FEEDBACK).describe('反馈内容'),
});

/** What the phone page shows before verification. */
export type PayslipOpenView = {
  companyName: string;
  month: string;
  title: string;
  maskedName: string;
  /** Masked mobile the SMS code goes to. */
  maskedMobile: string | null;
  verifyMethod: VerifyMethod;
  withdrawn: boolean;
};

/** What the phone page shows after verification. */
export type PayslipEmployeeView = {
  companyName: string;
  month: string;
  title: string;
  name: string;
  status: PayslipStatus;
  statusLabel: string;
  withdrawn: boolean;
  note: string;
  groups: PayslipGroupView[];
  netPay: string | null;
  requireSignature: boolean;
  confirmedAt: string | null;
  feedback: string | null;
  reply: string | null;
};

/** m/payslip/sms answers where the code went and when another may be asked for. */
export type PayslipSmsSent = { maskedMobile: string; expiresIn: number; resendAfter: number };

/** verify-sms / verify-id answer a view ticket and its lifetime in seconds. */
/**
 * `password`: 'none' when the batch asks for no payslip password; otherwise whether the employee has
 * one ('set': enter it) or not yet ('unset': choose one), and the ticket only opens the payslip after
 * m/payslip/password.
 */
export type PayslipTicket = { ticket: string; expiresIn: number; password?: 'none' | 'set' | 'unset' };

export const zPayslipPassword = zPayslipTicket.extend({ password: z.string().trim().regex(/^\d{6}$/, '应为6位数字').describe('查询密码') });
export const zPayslipPasswordReset = z.object({ payslipId: zId('工资条') });
