import { z } from 'zod';
import { zPaging } from '../paging.ts';

/**
 * 推送渠道: per company, the email templates of the events the product sends, the WeChat official
 * account (credentials, pulled templates, event → template mapping, authorise URL) and the SMS
 * provider's signature and template code per event (docs/push-channels.md).
 */

export const PUSH_API = '/wfsaas-basicpush/api';
export const PUSH_PATHS = {
  emailTemplateList: '/emailTemplate/list',
  emailTemplateUpdate: '/emailTemplate/update',
  /** Back to the product's own text. */
  emailTemplateReset: '/emailTemplate/reset',
  emailTemplatePreview: '/emailTemplate/preview',
  /** A test send to one address, through the outbox. */
  emailTemplateSend: '/emailTemplate/send',
  /** The company's emails in the outbox, newest first. */
  emailSendList: '/emailTemplate/sendList',
  mpConfig: '/officialAccount/config',
  mpConfigSave: '/officialAccount/config/save',
  mpTemplateList: '/officialAccount/template/list',
  mpTemplatePull: '/officialAccount/template/pull',
  mpMappingSave: '/officialAccount/template/mapping/save',
  mpTestSend: '/officialAccount/template/send',
  mpAuthorizeUrl: '/officialAccount/authorizeUrl',
  smsTemplateList: '/smsTemplate/list',
  smsTemplateSave: '/smsTemplate/save',
} as const;
export const PUSH_READ = 'pushChannel';
export const PUSH_EDIT = 'pushChannel.edit';

export type PushChannel = 'email' | 'sms' | 'mp';

/**
 * A variable a template may name as {{名称}}, with the value a preview uses; `param` is its name among
 * an SMS provider template's parameters (${name}).
 */
export type PushVariable = { name: string; param: string; sample: string };

const v = (name: string, param: string, sample: string): PushVariable => ({ name, param, sample });
const PAYSLIP_VARS = [v('员工姓名', 'name', '张三'), v('企业名称', 'company', '杭州云帆科技有限公司'), v('月份', 'month', '2025-05'), v('工资条名称', 'title', '5月工资'), v('链接', 'link', 'https://hr.example.com/m/p/Xy12Ab')];
const REMINDER_VARS = [v('人数', 'count', '2'), v('员工名单', 'names', '张三（6月3日，还有 3 天）、李四（6月5日，还有 5 天）'), v('提醒范围', 'range', '7 天内'), v('链接', 'link', 'https://hr.example.com/staffRoll')];
const CONTRACT_VARS = [v('员工姓名', 'name', '张三'), v('企业名称', 'company', '杭州云帆科技有限公司'), v('合同名称', 'contract', '劳动合同'), v('截止日期', 'deadline', '2025-06-30'), v('链接', 'link', 'https://hr.example.com/m/s/Ab34Cd')];
const FOOTER = '\n\n—— wfsaas 人事薪酬平台（系统邮件，请勿直接回复）';

/**
 * The events the product sends and on which channels. `email` events carry the default subject and
 * body used while the company has no template of its own.
 */
export const PUSH_EVENTS = [
  {
    key: 'payslipSend',
    label: '工资条发送',
    channels: ['email', 'sms', 'mp'],
    variables: PAYSLIP_VARS,
    subject: '工资条通知',
    body: `您的{{月份}}工资条（{{工资条名称}}）已发放，请打开 {{链接}} 查看并确认。${FOOTER}`,
  },
  {
    key: 'payslipUrge',
    label: '工资条确认提醒',
    channels: ['email', 'sms', 'mp'],
    variables: PAYSLIP_VARS,
    subject: '工资条确认提醒',
    body: `您的{{月份}}工资条（{{工资条名称}}）尚未确认，请打开 {{链接}} 查看并确认。${FOOTER}`,
  },
  {
    key: 'probationReminder',
    label: '转正提醒',
    channels: ['email'],
    variables: REMINDER_VARS,
    subject: '试用期到期提醒：{{人数}} 名员工',
    body: `以下员工的试用期将于{{提醒范围}}结束，请及时办理转正或延长试用：{{员工名单}}\n\n请登录 wfsaas 后前往 {{链接}} 查看详情。${FOOTER}`,
  },
  {
    key: 'contractExpiryReminder',
    label: '合同到期提醒',
    channels: ['email'],
    variables: REMINDER_VARS,
    subject: '合同到期提醒：{{人数}} 名员工',
    body: `以下员工的劳动合同将于{{提醒范围}}到期，请及时办理续签或不续签：{{员工名单}}\n\n请登录 wfsaas 后前往 {{链接}} 查看详情。${FOOTER}`,
  },
  {
    key: 'birthdayReminder',
    label: '员工生日提醒',
    channels: ['email'],
    variables: REMINDER_VARS,
    subject: '员工生日提醒：{{人数}} 名员工',
    body: `以下员工{{提醒范围}}过生日：{{员工名单}}\n\n请登录 wfsaas 后前往 {{链接}} 查看详情。${FOOTER}`,
  },
  {
    key: 'anniversaryReminder',
    label: '入职周年提醒',
    channels: ['email'],
    variables: REMINDER_VARS,
    subject: '入职周年提醒：{{人数}} 名员工',
    body: `以下员工{{提醒范围}}迎来入职周年：{{员工名单}}\n\n请登录 wfsaas 后前往 {{链接}} 查看详情。${FOOTER}`,
  },
  {
    key: 'contractSign',
    label: '合同待签署',
    channels: ['sms', 'mp'],
    variables: CONTRACT_VARS,
    subject: '合同签署通知',
    body: '{{企业名称}}邀请您签署《{{合同名称}}》，请在{{截止日期}}前完成签署：{{链接}}',
  },
  {
    key: 'contractUrge',
    label: '合同签署提醒',
    channels: ['sms', 'mp'],
    variables: CONTRACT_VARS,
    subject: '合同签署提醒',
    body: '您有一份《{{合同名称}}》尚未签署，请在{{截止日期}}前完成签署：{{链接}}',
  },
] as const satisfies readonly { key: string; label: string; channels: readonly PushChannel[]; variables: readonly PushVariable[]; subject: string; body: string }[];

export type PushEventKey = (typeof PUSH_EVENTS)[number]['key'];
export type PushEvent = (typeof PUSH_EVENTS)[number];
export const PUSH_EVENT_KEYS = PUSH_EVENTS.map((e) => e.key) as [PushEventKey, ...PushEventKey[]];
export const pushEvent = (key: string): PushEvent | undefined => PUSH_EVENTS.find((e) => e.key === key);
export const pushEventsOf = (channel: PushChannel): PushEvent[] => PUSH_EVENTS.filter((e) => (e.channels as readonly string[]).includes(channel));
export const pushEventLabel = (key: string | null): string => (key ? (pushEvent(key)?.label ?? key) : '其他');

const VAR_RE = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** The variable names a text uses, in order, once each. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(VAR_RE)].map((m) => m[1]!))];
}

/** Replaces each {{名称}} with its value; a name without a value is left as written. */
export function renderTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(VAR_RE, (whole, name: string) => values[name] ?? whole);
}

/** An SMS provider template's parameters: each variable's value under its `param` name. */
export function smsParams(event: PushEvent, values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(event.variables.filter((x) => values[x.name] !== undefined).map((x) => [x.param, values[x.name]!]));
}

/** The sample values of an event's variables, for previews and test sends. */
export function sampleValues(event: PushEvent): Record<string, string> {
  return Object.fromEntries(event.variables.map((x) => [x.name, x.sample]));
}

const zEvent = (channel: PushChannel) =>
  z
    .string()
    .refine((k) => pushEventsOf(channel).some((e) => e.key === k), '不存在或不支持此渠道')
    .transform((k) => k as PushEventKey)
    .describe('推送事件');

export const zEmailTemplateUpdate = z
  .object({
    event: zEvent('email'),
    subject: z.string().trim().min(1).max(120, '邮件主题最多120个字').describe('邮件主题'),
    body: z.string().trim().min(1).max(5000, '邮件正文最多5000个字').describe('邮件正文'),
  })
  .superRefine((x, ctx) => {
    const known = new Set<string>(pushEvent(x.event)?.variables.map((y) => y.name) ?? []);
    for (const field of ['subject', 'body'] as const) {
      const unknown = templateVariables(x[field]).filter((n) => !known.has(n));
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', path: [field], message: `：不支持的变量：${unknown.map((n) => `{{${n}}}`).join('、')}（可用：${[...known].join('、')}）` });
    }
  });
export type EmailTemplateUpdate = z.infer<typeof zEmailTemplateUpdate>;
export const zEmailEventRef = z.object({ event: zEvent('email') });
/** A preview of what is being edited (subject and body given) or of what is saved. */
export const zEmailTemplatePreview = z.object({
  event: zEvent('email'),
  subject: z.string().max(120, '邮件主题最多120个字').optional().describe('邮件主题'),
  body: z.string().max(5000, '邮件正文最多5000个字').optional().describe('邮件正文'),
});
export const zEmailTestSend = z.object({
  event: zEvent('email'),
  to: z.string().trim().email('格式不正确').max(100, '收件邮箱最多100个字').describe('收件邮箱'),
});
export const zEmailSendList = z.object({ ...zPaging, event: zEvent('email').optional() });

export type EmailTemplateView = {
  event: PushEventKey;
  eventLabel: string;
  variables: PushVariable[];
  /** The company's own template; false: the product's default text is sent. */
  custom: boolean;
  subject: string;
  body: string;
  updatedAt: string | null;
};
export type EmailPreview = { subject: string; body: string };

/** Outbox status: 0 待发送, 1 已发送, 2 发送失败, 3 未发送（未配置邮件服务）. */
export const OUTBOX_STATUSES = [
  { value: 0, label: '待发送' },
  { value: 1, label: '已发送' },
  { value: 2, label: '发送失败' },
  { value: 3, label: '未发送（未配置邮件服务）' },
] as const;
export const outboxStatusLabel = (s: number): string => OUTBOX_STATUSES.find((x) => x.value === s)?.label ?? String(s);
export type EmailSendView = { id: number; createdAt: string; event: string | null; eventLabel: string; recipient: string; subject: string; status: number; statusLabel: string; error: string | null; sentAt: string | null };

// ── WeChat official account ──

export const zMpConfigSave = z.object({
  appId: z
    .string()
    .trim()
    .regex(/^wx[0-9a-f]{16}$/i, '应为 wx 开头的18位字母或数字')
    .describe('AppID'),
  /** Left out or empty: the stored secret is kept. */
  appSecret: z
    .string()
    .trim()
    .regex(/^[0-9a-zA-Z]{32}$/, '应为32位字母或数字')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe('AppSecret'),
});
export type MpConfigSave = z.infer<typeof zMpConfigSave>;
export type MpConfigView = { appId: string | null; secretSet: boolean; updatedAt: string | null; lastPulledAt: string | null };

/** A template pulled from the account: its fields are the {{name.DATA}} of its content. */
export type MpTemplateView = { templateId: string; title: string; content: string; example: string; fields: string[] };
/** An event's template and, per template field, the variable (or fixed text) it is filled with. */
export type MpMappingView = { event: PushEventKey; eventLabel: string; variables: PushVariable[]; templateId: string | null; templateTitle: string | null; fields: Record<string, string>; url: string };
export type MpTemplateList = { templates: MpTemplateView[]; mappings: MpMappingView[] };

/** The field names a template content declares ({{first.DATA}} → first). */
export function mpTemplateFields(content: string): string[] {
  return [...new Set([...content.matchAll(/\{\{\s*([A-Za-z0-9_]+)\.DATA\s*\}\}/g)].map((m) => m[1]!))];
}

const zMpTemplateId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{10,64}$/, '格式不正确')
  .describe('模板ID');

export const zMpMappingSave = z.object({
  event: zEvent('mp'),
  /** null: the event is not sent by the official account. */
  templateId: zMpTemplateId.nullable(),
  fields: z.record(z.string().regex(/^[A-Za-z0-9_]{1,32}$/, '模板字段名应为1–32位字母、数字或下划线'), z.string().trim().max(200, '字段内容最多200个字')).default({}).describe('字段映射'),
  url: z
    .string()
    .trim()
    .max(300)
    .refine((u) => u === '' || /^https?:\/\/\S+$/.test(u) || /^\{\{\s*链接\s*\}\}$/.test(u), '应为 http(s) 地址或 {{链接}}')
    .default('')
    .describe('跳转链接'),
});
export type MpMappingSave = z.infer<typeof zMpMappingSave>;

export const zMpTestSend = z.object({
  event: zEvent('mp'),
  openId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,64}$/, '应为20–64位字母、数字、下划线或短横线')
    .describe('OpenID'),
});
export type MpTestSendResult = { msgId: string | null };

export const zMpAuthorizeUrl = z.object({
  redirectUri: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/[^\s#]+$/, '应为 http(s) 地址')
    .describe('回调地址'),
  scope: z.enum(['snsapi_base', 'snsapi_userinfo']).default('snsapi_base').describe('授权方式'),
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{0,128}$/, '只能是最多128位字母或数字')
    .default('bind')
    .describe('state'),
});
export type MpAuthorizeUrl = { url: string };

// ── SMS provider templates ──

export const zSmsTemplateSave = z.object({
  event: zEvent('sms'),
  signName: z
    .string()
    .trim()
    .refine((s) => [...s].length >= 2 && [...s].length <= 12, '应为2–12个字')
    .refine((s) => /^[\u4e00-\u9fa5A-Za-z0-9]+$/.test(s), '只能包含汉字、字母和数字（不含【】）')
    .describe('短信签名'),
  templateCode: z
    .string()
    .trim()
    .regex(/^(SMS_\d{6,12}|\d{6,10})$/, '应为 SMS_ 加6–12位数字（如 SMS_154950909）或6–10位数字的模板ID')
    .describe('模板编码'),
  enabled: z.boolean().default(true).describe('启用'),
});
export type SmsTemplateSave = z.infer<typeof zSmsTemplateSave>;
export type SmsTemplateView = { event: PushEventKey; eventLabel: string; variables: PushVariable[]; signName: string | null; templateCode: string | null; enabled: boolean; updatedAt: string | null };
