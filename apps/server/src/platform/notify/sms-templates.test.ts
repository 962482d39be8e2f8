import { describe, expect, it } from 'vitest';
import { SHORT_CODE_LENGTH, SHORT_LINK_PATH } from './short-links.ts';
import { composeSms, SMS_SEGMENT_CHARS, SMS_SIGNATURE, smsTemplates, type SmsTemplateName } from './sms-templates.ts';

// A realistic company and address: the demo's company name and a deployment's own domain.
const companyName = '杭州云帆科技有限公司';
const link = `https://hr.example.com${SHORT_LINK_PATH}${'Ab3De6Gh9JkL'.slice(0, SHORT_CODE_LENGTH)}`;
const code = '482913';

/** Every template rendered with the values it is sent with; a new template must be added here. */
const rendered: Record<SmsTemplateName, string[]> = {
  loginCode: [smsTemplates.loginCode(code)],
  phoneProofCode: [smsTemplates.phoneProofCode(code)],
  invitation: [
    smsTemplates.invitation({ companyName, days: 14, loginLink: 'https://hr.example.com/login' }),
    smsTemplates.invitation({ companyName, days: 14 }),
  ],
  companyAuthCode: [smsTemplates.companyAuthCode(code)],
  payslipCode: [smsTemplates.payslipCode(code)],
  payslipLink: [smsTemplates.payslipLink({ companyName, month: '2026-05', link }), smsTemplates.payslipLink({ companyName, month: '2026-12', link })],
  payslipUrge: [smsTemplates.payslipUrge({ companyName, month: '2026-12', link })],
  contractCode: [smsTemplates.contractCode({ title: '固定期限劳动合同补充协议书', code })],
  contractLink: [smsTemplates.contractLink({ companyName, title: '劳动合同书', link })],
  contractUrge: [smsTemplates.contractUrge({ companyName, title: '劳动合同书', link })],
  onboardingCode: [smsTemplates.onboardingCode(code)],
  notice: [smsTemplates.notice({ title: '合同到期提醒', content: '张伟的劳动合同将于30天内到期。' })],
};

describe('SMS templates', () => {
  it('are all listed here', () => {
    expect(Object.keys(rendered).sort()).toEqual(Object.keys(smsTemplates).sort());
  });

  it.each(Object.entries(rendered).flatMap(([name, texts]) => texts.map((text) => [name, text] as const)))('%s starts with the signature and fits one segment: %s', (_name, text) => {
    expect(text.startsWith(SMS_SIGNATURE)).toBe(true);
    expect(text.indexOf(SMS_SIGNATURE, 1)).toBe(-1);
    expect([...text].length).toBeLessThanOrEqual(SMS_SEGMENT_CHARS);
  });

  it('puts a link last, so no punctuation is read as part of it', () => {
    for (const text of [...rendered.payslipLink, ...rendered.payslipUrge, ...rendered.contractLink, ...rendered.contractUrge]) expect(text.endsWith(link)).toBe(true);
    expect(rendered.invitation[0]!.endsWith('https://hr.example.com/login')).toBe(true);
  });

  it('words the month and clips a long contract title', () => {
    expect(rendered.payslipLink[0]).toBe(`【wfsaas】杭州云帆科技有限公司5月工资条，请查看：${link}`);
    expect(rendered.contractCode[0]).toContain('《固定期限劳动合同补…》');
    expect(composeSms('合同到期提醒', '张伟的劳动合同将于30天内到期。')).toBe('【wfsaas】合同到期提醒：张伟的劳动合同将于30天内到期。');
  });
});
