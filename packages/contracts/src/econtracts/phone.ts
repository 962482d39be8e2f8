import { z } from 'zod';
import { MAX_SIGNATURE_DATA_URL, type ContractStatus } from './codes.ts';
import { zContractIdField } from './fields.ts';

/** The employee's phone signing page. */

// ── Phone page (/qszx-vite/detailWeifen/:contractId?t=<token>) ──
const zLinkToken = z.string().trim().regex(/^[A-Za-z0-9_.-]{20,300}$/, '链接无效').describe('链接');
export const zPhoneLink = z.object({ contractId: zContractIdField, t: zLinkToken });
export const zPhoneVerify = zPhoneLink.extend({
  code: z.string().trim().regex(/^\d{6}$/, '应为6位数字').describe('验证码'),
  name: z.string().trim().min(1).max(50).describe('姓名'),
  idLast6: z.string().trim().regex(/^[0-9A-Za-z]{6}$/, '应为6位').describe('证件号后6位'),
});
/** Calls after verification carry the view ticket from the verify answer. */
export const zPhoneTicket = zPhoneLink.extend({ ticket: z.string().trim().min(20).max(200).describe('查看凭证') });
export const zPhoneFill = zPhoneTicket.extend({
  /** Values of the `input` fields by key. */
  values: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/), z.string().trim().max(200)).describe('填写内容'),
});
export const zPhoneSign = zPhoneTicket.extend({
  /** The drawn signature, a PNG data URL (data:image/png;base64,…). */
  signature: z.string().min(100).max(MAX_SIGNATURE_DATA_URL).describe('手写签名'),
  /** The employee ticked 我已阅读并同意签署本合同. */
  intent: z.literal(true, { message: '请确认签署意愿' }).describe('签署意愿'),
});

export type PhoneContractOpen = {
  contractId: number;
  title: string;
  companyName: string;
  /** Masked (*三). */
  maskedName: string;
  maskedMobile: string | null;
  signStatus: ContractStatus;
  signStatusLabel: string;
  deadline: string | null;
  /** Why the employee cannot sign now (order, withdrawn, expired …), or null. */
  blockedReason: string | null;
};
export type PhoneSmsSent = { maskedMobile: string; expiresIn: number; resendAfter: number };
export type PhoneTicket = { ticket: string; expiresIn: number; view: PhoneContractView };
/** After verification (returned by verify, fill and sign). */
export type PhoneContractView = {
  contractId: number;
  title: string;
  companyName: string;
  name: string;
  signStatus: ContractStatus;
  signStatusLabel: string;
  canSign: boolean;
  blockedReason: string | null;
  /** The employee-filled fields. */
  inputs: { key: string; label: string; required: boolean; value: string | null }[];
  intentText: string;
  employeeSignedAt: string | null;
  pageCount: number;
};
export const INTENT_TEXT = '我已阅读并理解本合同全部条款，确认以电子签名方式签署本合同，电子签名与手写签名具有同等法律效力。';

/** Form-encoded rich-text preview: the editor's HTML and an optional title. */
export const zHtmlPreview = z.object({
  title: z.string().trim().min(1).max(60).default('合同预览').describe('合同标题'),
  html: z.string().min(1).max(400_000).describe('合同正文'),
});
