import { z } from 'zod';
import { zPaging } from '../paging.ts';

/**
 * 客户线索 (docs/leads.md): a signed-in user asks for a consultant or a demo of a service; the platform
 * operator follows it up. The promoter object of the entry URL travels with it.
 */

export const LEAD_API = '/wfsaas-saas/api';
export const LEAD_PATHS = {
  add: '/club/add',
  opPage: '/operator/club/page',
  opReveal: '/operator/club/reveal',
  opFollow: '/operator/club/follow',
  opEvents: '/operator/club/events',
} as const;

/** Fixed lead fields: source type 1, insurance type 1, plan number type plan_num_{code}. */
export const LEAD_SOURCE_TYPE = 1;
export const LEAD_INSURANCE_TYPE = 1;
export const LEAD_DEFAULT_SEAT = 'saas-dyfw-02';
export const LEAD_DEFAULT_PLAN = 'dyfw';
export const LEAD_PLAN_PREFIX = 'plan_num_';
export const leadPlanNumType = (code: string): string => `${LEAD_PLAN_PREFIX}${code}`;
/** The service code a plan number type names (plan_num_econtract → econtract). */
export const leadPlanCode = (planNumType: string): string => (planNumType.startsWith(LEAD_PLAN_PREFIX) ? planNumType.slice(LEAD_PLAN_PREFIX.length) : planNumType);

/** Submissions one user may make in LEAD_RATE_WINDOW_MS. */
export const LEAD_RATE_LIMIT = 5;
export const LEAD_RATE_WINDOW_MS = 3600_000;
/** The same phone asking about the same plan within this span is merged into the earlier lead. */
export const LEAD_MERGE_WINDOW_MS = 24 * 3600_000;

/** 1 新线索 → 2 已联系 → 3 已转化 | 4 无效 (any may be set again by the operator). */
export const LEAD_STATUS = { fresh: 1, contacted: 2, converted: 3, invalid: 4 } as const;
export const LEAD_STATUSES = [
  { value: 1, label: '新线索' },
  { value: 2, label: '已联系' },
  { value: 3, label: '已转化' },
  { value: 4, label: '无效' },
] as const;
export const leadStatusLabel = (v: number): string => LEAD_STATUSES.find((s) => s.value === v)?.label ?? String(v);

/**
 * The wire format of the lead's mobile: AES-128-GCM under a fixed key, a random 12-byte IV, sent as
 * base64(iv ‖ ciphertext ‖ tag). The key ships with the page, so this is an encoding, not secrecy;
 * HTTPS protects the transport and the server re-encrypts the phone at rest with its own key.
 */
export const LEAD_MOBILE_CIPHER = { algorithm: 'AES-GCM', keyText: 'wfsaas.club.2024', ivBytes: 12, tagBytes: 16 } as const;

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** Encrypts the mobile as the lead form sends it (Web Crypto: the browser, and Node for tests). */
export async function encryptLeadMobile(mobile: string): Promise<string> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', new TextEncoder().encode(LEAD_MOBILE_CIPHER.keyText), { name: 'AES-GCM' }, false, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(LEAD_MOBILE_CIPHER.ivBytes));
  const sealed = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv, tagLength: LEAD_MOBILE_CIPHER.tagBytes * 8 }, key, new TextEncoder().encode(mobile.trim())));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64(out);
}

/** A record id (kept here: auth.ts imports this file for the promoter of 创建企业). */
const zId = (label: string) => z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe(label);
const text = (label: string, max: number) => z.string().trim().max(max, `最多${max}个字`).describe(label);
const code = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `最多${max}个字符`)
    .regex(/^[\w.:@-]*$/, '只能包含字母、数字和 _ . : @ -')
    .describe(label);

/** 推广信息 of the entry URL (kept one day in a cookie): who sent the visitor here. */
export const zPromoter = z.object({
  id: code('推广编号', 100).optional(),
  promoterId: code('推广人', 100).min(1, '不能为空'),
  sourceId: code('推广来源', 100).optional(),
  saleId: code('销售', 100).optional(),
  gwSource: code('官网来源', 100).optional(),
  spreadType: code('推广方式', 50).optional(),
  emailCompany: text('邮件营销企业', 100).optional(),
});
export type Promoter = z.infer<typeof zPromoter>;

export const zLeadAdd = z.object({
  clueSeat: code('线索席位', 50).min(1, '不能为空').default(LEAD_DEFAULT_SEAT),
  /** The ciphertext of the mobile (encryptLeadMobile). */
  mobile: z.string().trim().min(1, '不能为空').max(200, '格式不正确').describe('手机号'),
  sourceType: z.literal(LEAD_SOURCE_TYPE, { message: `应为${LEAD_SOURCE_TYPE}` }).default(LEAD_SOURCE_TYPE).describe('来源类型'),
  insuranceType: z.literal(LEAD_INSURANCE_TYPE, { message: `应为${LEAD_INSURANCE_TYPE}` }).default(LEAD_INSURANCE_TYPE).describe('险种类型'),
  planNumType: z
    .string()
    .trim()
    .regex(/^plan_num_[A-Za-z][A-Za-z0-9]{0,29}$/, '格式不正确，应为 plan_num_ 加服务编码')
    .default(leadPlanNumType(LEAD_DEFAULT_PLAN))
    .describe('咨询服务'),
  adSign: code('广告标识', 100).optional(),
  gwSource: code('官网来源', 100).optional(),
  isPost: z.union([z.literal(0), z.literal(1)]).optional().describe('是否岗位咨询'),
  remark: text('咨询内容', 500).optional(),
  inEmp: z.coerce.number().int('应为整数').min(0, '不能小于0').max(1_000_000, '不能大于1000000').optional().describe('企业人数'),
  promoter: zPromoter.optional().describe('推广信息'),
});
export type LeadAdd = z.infer<typeof zLeadAdd>;

export const zOpLeadPage = z.object({
  ...zPaging,
  status: z.coerce.number().int().min(1).max(4).optional().describe('状态'),
  promoterId: code('推广人', 100).optional(),
});
export const zOpLeadId = z.object({ id: zId('线索') });
export const zOpLeadFollow = z.object({
  id: zId('线索'),
  status: z.coerce.number().int().min(1, '不正确').max(4, '不正确').describe('状态'),
  note: text('跟进记录', 500).min(1, '不能为空'),
});

/** What club/add answers: the lead, whether it joined an earlier one, and the message the form shows. */
export type LeadAddResult = { id: number; merged: boolean; message: string };

export type OpLeadView = {
  id: number;
  /** 138****0000; the full number only through opReveal (audited). */
  mobile: string;
  userName: string;
  companyId: number | null;
  companyName: string | null;
  clueSeat: string;
  planNumType: string;
  /** The service asked about, by name (the default plan when it names no catalogue service). */
  planName: string;
  sourceType: number;
  insuranceType: number;
  adSign: string | null;
  gwSource: string | null;
  isPost: number | null;
  remark: string | null;
  inEmp: number | null;
  promoter: Promoter | null;
  status: number;
  statusLabel: string;
  followNote: string | null;
  followedAt: string | null;
  submitCount: number;
  createdAt: string;
  lastSubmittedAt: string;
};

export type LeadEventView = { id: number; kind: string; kindLabel: string; actorName: string | null; detail: Record<string, unknown>; at: string };
export const LEAD_EVENT_LABELS: Record<string, string> = { submit: '提交咨询', merge: '再次提交', reveal: '查看手机号', follow: '跟进' };
