import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiAnswer, apiLogin, ADMIN, enterAsAdmin, journeyShots, launchBrowser, motionDone, openPage, screenshotOnFailure } from './support.ts';

/** 推送渠道: an implementer edits the payslip email, previews it with sample data, test-sends it and finds it in the send log. */

const shot = journeyShots('push-channel');
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), apiLogin(ADMIN)]);
});
afterAll(async () => browser?.close());

describe('push channels', () => {
  it('edits the payslip email template, previews it, test-sends it and sees it in the send log', async () => {
    const { context, page, toasts } = await openPage(browser);
    screenshotOnFailure('push-channel', () => context.pages());
    await enterAsAdmin(page);
    await page.goto('/implement/pushChannel');
    const row = page.locator('.email-template-table tr', { hasText: '工资条发送' });
    await row.getByText('系统默认').waitFor();
    await shot(page, '01-email-templates');

    await row.locator('.email-template-edit').click();
    const drawer = page.locator('.email-template-drawer');
    await motionDone(drawer);
    const subject = drawer.getByLabel('邮件主题');
    // a variable the event does not have is refused beside the field
    await subject.fill('{{部门}}工资条');
    await drawer.locator('.email-template-save').click();
    await drawer.getByText('不支持的变量：{{部门}}').waitFor();
    await subject.fill('{{企业名称}}：{{月份}}工资条已发放');
    const body = drawer.getByLabel('邮件正文');
    await body.fill('{{员工姓名}}您好：\n\n您的{{工资条名称}}已发放，请点击 ');
    // a variable chip appends itself to the body
    await drawer.locator('.ant-tag', { hasText: '{{链接}}' }).click();
    expect(await body.inputValue()).toBe('{{员工姓名}}您好：\n\n您的{{工资条名称}}已发放，请点击 {{链接}}');
    await shot(page, '02-edit');

    // the preview of what is being edited, with sample data
    await drawer.locator('.email-template-draft-preview').click();
    const preview = page.locator('.email-preview');
    await motionDone(preview);
    await preview.locator('.email-preview-subject').getByText('杭州云帆科技有限公司：2025-05工资条已发放').waitFor();
    expect(await preview.locator('.email-preview-body').innerText()).toContain('张三您好：');
    await shot(page, '03-preview');
    await preview.locator('.ant-drawer-close').click();
    await preview.waitFor({ state: 'hidden' });

    const saved = apiAnswer(page, '/emailTemplate/update');
    await drawer.locator('.email-template-save').click();
    await saved;
    await toasts.expect('保存成功');
    await row.getByText('自定义').waitFor();
    expect(await row.innerText()).toContain('{{企业名称}}：{{月份}}工资条已发放');

    // test send to an address: it goes through the outbox and shows in the send log, masked
    await row.locator('.email-template-test').click();
    const modal = page.locator('.ant-modal', { hasText: '测试发送：工资条发送' });
    await motionDone(modal);
    await modal.getByLabel('收件邮箱').fill('hr.lead@yunfan.example.com');
    const sent = apiAnswer(page, '/emailTemplate/send');
    await modal.locator('.email-test-send').click();
    await sent;
    await toasts.expect('已写入发件箱');
    const log = page.locator('.email-send-table tr', { hasText: 'hr***@yunfan.example.com' }).first();
    await log.waitFor();
    expect(await log.innerText()).toContain('工资条发送');
    expect(await log.innerText()).toContain('【测试】杭州云帆科技有限公司：2025-05工资条已发放');
    expect(await page.locator('.email-send-table').innerText()).not.toContain('hr.lead@');
    await page.locator('.email-send-log').scrollIntoViewIfNeeded();
    await shot(page, '04-send-log');

    const stored = await api('/wfsaas-basicpush/api/emailTemplate/list', { token: admin, companyId: 1, body: {} });
    expect((stored.body.data as { event: string; custom: boolean }[]).find((x) => x.event === 'payslipSend')?.custom).toBe(true);

    // the other two channels
    await page.getByRole('tab', { name: '公众号' }).click();
    await page.locator('.mp-config').getByText('AppSecret').first().waitFor();
    await page.locator('.mp-mapping-table').getByText('工资条发送').waitFor();
    await shot(page, '05-official-account');
    await page.getByRole('tab', { name: '短信' }).click();
    await page.locator('.sms-template-table').getByText('合同待签署').waitFor();
    await page.locator('.sms-template-payslipSend').click();
    const sms = page.locator('.ant-modal', { hasText: '短信模板：工资条发送' });
    await motionDone(sms);
    await sms.getByLabel('短信签名').fill('云帆科技');
    await sms.getByLabel('模板编码').fill('SMS_154950909');
    const smsSaved = apiAnswer(page, '/smsTemplate/save');
    await sms.locator('.sms-template-save').click();
    await smsSaved;
    await page.locator('.sms-template-table tr', { hasText: '工资条发送' }).getByText('SMS_154950909').waitFor();
    await shot(page, '06-sms');
    await context.close();
  });
});
