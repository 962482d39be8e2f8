import { z } from 'zod';
import { zPromoter } from './support/leads.ts';
import { isValidUscc } from './uscc.ts';

export const zPhone = z
  .string()
  .trim()
  .regex(/^1[3-9]\d{9}$/, '格式不正确，应为11位手机号')
  .describe('手机号');

/** A record id: a positive integer, given as a number or a numeric string. Missing → 请填写{label}. */
export const zId = (label: string) =>
  z
    .preprocess((v) => (typeof v === 'string' && /^\d{1,16}$/.test(v.trim()) ? Number(v) : v), z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .describe(label);

/** A stored file as clients name it: 32 hex characters (128 random bits), never a sequential number. */
export const FILE_ID_PATTERN = /^[0-9a-f]{32}$/;
export const zFileId = (label: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(FILE_ID_PATTERN, { message: '的文件标识不正确，请重新上传' })
    .describe(label);

export const zLogin = z.object({
  username: zPhone.describe('手机号'),
  password: z.string().min(1).max(128).describe('密码'),
});
export type Login = z.infer<typeof zLogin>;

export const zSmsSend = z.object({ phone: zPhone });
export const zSmsLogin = z.object({
  phone: zPhone,
  code: z.string().trim().regex(/^\d{6}$/, '应为6位数字').describe('验证码'),
});

export const zCacheTempAdd = z.object({ companyId: zId('公司').optional() }).describe('请求内容');
export const zCacheTempKey = z.object({
  key: z.string().trim().min(1).max(200).describe('登录密钥'),
  isPost: z.coerce.number().int().optional().describe('请求方式（isPost）'),
});
export const zLoginAuthorization = z.object({ isPost: z.coerce.number().int().optional().describe('请求方式（isPost）') }).optional();

/** The body is a number (how many tokens); `{ count }` is accepted too. */
export const zTempTokenRequest = z.union([
  z.number().int().min(1).max(50).describe('数量'),
  z.object({ count: z.number().int().min(1).max(50).default(1).describe('数量') }),
]);

export const zCompanyCreate = z.object({
  companyName: z.string().trim().min(2).max(100).describe('公司名称'),
  creditCode: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isValidUscc, '不正确，请核对18位统一社会信用代码（校验位不符）')
    .describe('统一社会信用代码'),
  contactName: z.string().trim().min(1).max(50).describe('联系人'),
  contactPhone: zPhone.describe('联系电话'),
  /** The promoter cookie of the visit, when there is one. */
  promoter: zPromoter.optional().describe('推广信息'),
});
export type CompanyCreate = z.infer<typeof zCompanyCreate>;

export type LoginResult = {
  access_token: string;
  expires_in: number;
  /** hasPassword: whether the account has a password (one made by an SMS sign-in has none until its owner sets it). */
  user_info: { sysUser: { userId: number; phoneNumber: string; nickname: string; hasPassword: boolean; platformOperator?: boolean }; financeUserId: string | null };
};

export type CompanyListEntry = { companyId: number; companyName: string; logoUrl: string | null; isWb: number };
