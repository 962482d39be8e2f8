/**
 * Every SMS text the product sends, with the signature applied here alone. Each is meant to fit one
 * segment (70 characters of Chinese text) with a realistic company name and a short link
 * (sms-templates.test.ts): links go last, company names are kept whole, contract titles are clipped.
 */

export const SMS_SIGNATURE = '【wfsaas】';
/** Characters of one SMS segment holding Chinese text (UCS-2); a longer text is sent as several. */
export const SMS_SEGMENT_CHARS = 70;
const CONTRACT_TITLE_CHARS = 10;

const sign = (text: string) => `${SMS_SIGNATURE}${text}`;

function clip(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** A payroll month (YYYY-MM) as 5月. */
function monthText(month: string): string {
  const m = /^\d{4}-(\d{2})$/.exec(month);
  return m ? `${Number(m[1])}月` : month;
}

type PayslipLink = { companyName: string; month: string; link: string };
type ContractLink = { companyName: string; title: string; link: string };

export const smsTemplates = {
  loginCode: (code: string) => sign(`您的登录验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`),
  /** Proving the phone before accepting an invitation. */
  phoneProofCode: (code: string) => sign(`您正在验证手机号以加入企业，验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`),
  /** The sign-in address is left out when there is none to give (production without PUBLIC_URL). */
  invitation: (p: { companyName: string; days: number; loginLink?: string }) =>
    p.loginLink
      ? sign(`${p.companyName}邀请您加入，请于${p.days}天内用本手机号登录：${p.loginLink}`)
      : sign(`${p.companyName}邀请您加入 wfsaas 人事系统，请使用本手机号以短信验证码登录后接受邀请，${p.days}天内有效。`),
  /** Confirming an enterprise certification (docs/enterprise.md). */
  companyAuthCode: (code: string) => sign(`您正在提交企业认证资料，验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`),
  payslipCode: (code: string) => sign(`您正在查看工资条，验证码为${code}，5分钟内有效。请勿将验证码告知他人。`),
  payslipLink: (p: PayslipLink) => sign(`${p.companyName}${monthText(p.month)}工资条，请查看：${p.link}`),
  payslipUrge: (p: PayslipLink) => sign(`${p.companyName}${monthText(p.month)}工资条待您确认：${p.link}`),
  contractCode: (p: { title: string; code: string }) => sign(`您正在签署《${clip(p.title, CONTRACT_TITLE_CHARS)}》，验证码为${p.code}，5分钟内有效。如非本人操作，请忽略。`),
  contractLink: (p: ContractLink) => sign(`${p.companyName}邀请您签署《${clip(p.title, CONTRACT_TITLE_CHARS)}》：${p.link}`),
  contractUrge: (p: ContractLink) => sign(`${p.companyName}提醒您签署《${clip(p.title, CONTRACT_TITLE_CHARS)}》：${p.link}`),
  onboardingCode: (code: string) => sign(`您正在办理入职登记，验证码为${code}，5分钟内有效。请勿将验证码告知他人。`),
  /** A notice sent through notify() by SMS without a text of its own (reminders and the like). */
  notice: (p: { title: string; content: string }) => sign(`${p.title}：${p.content}`),
} as const;

export type SmsTemplateName = keyof typeof smsTemplates;

/** The SMS of a notify() notice: its title and content under the signature. */
export function composeSms(title: string, content: string): string {
  return smsTemplates.notice({ title, content });
}
