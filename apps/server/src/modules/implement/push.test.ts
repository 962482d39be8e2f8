import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { idCardCheckChar, type EmailPreview, type EmailSendView, type EmailTemplateView, type MpConfigView, type MpTemplateList, type SmsTemplateView } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { deliverPendingOnce, notify, type SmsTemplateCall } from '../../platform/notify.ts';
import { runDueJobsOnce } from '../../platform/jobs/index.ts';
import { enqueueDailyJobs } from '../../platform/jobs/runner.ts';
import { departmentIdByName, signInAsRole } from '../../test/factories.ts';
import { createTestApp, expectRefused, expectUnchanged, type TestApp } from '../../test/harness.ts';

/** 推送渠道: email templates and their use by the product's emails, the WeChat official account against a fake API, SMS templates. */

const API = '/wfsaas-basicpush/api';
const APP_ID = 'wx1234567890abcdef';
const SECRET = 'a'.repeat(16) + 'b'.repeat(16);
const OPEN_ID = 'oAbCdEfGhIjKlMnOpQrStUvWx';

let t: TestApp;
let admin: string;
let reader: string;

const call = <T>(path: string, body: object = {}, token = admin, companyId = 1) => t.call<T>(`${API}${path}`, { token, companyId, body });
async function ok<T>(path: string, body: object = {}, token = admin, companyId = 1): Promise<T> {
  const r = await call<T>(path, body, token, companyId);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}

/** A stand-in for api.weixin.qq.com: tokens for the right secret, two templates, template sends. */
const fake = {
  server: undefined as Server | undefined,
  base: '',
  tokens: 0,
  /** The token the fake accepts; a revoked one is answered with errcode 40001. */
  current: '',
  sends: [] as { query: URLSearchParams; body: Record<string, unknown> }[],
  paths: [] as string[],
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
}

async function startFakeWechat(): Promise<void> {
  fake.server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://fake');
      fake.paths.push(u.pathname);
      const reply = (o: object) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(o));
      };
      const token = u.searchParams.get('access_token');
      if (u.pathname === '/cgi-bin/token') {
        if (u.searchParams.get('appid') !== APP_ID) return reply({ errcode: 40013, errmsg: 'invalid appid' });
        if (u.searchParams.get('secret') !== SECRET) return reply({ errcode: 40125, errmsg: 'invalid appsecret' });
        fake.tokens++;
        fake.current = `TOKEN-${fake.tokens}`;
        return reply({ access_token: fake.current, expires_in: 7200 });
      }
      if (token !== fake.current) return reply({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      if (u.pathname === '/cgi-bin/template/get_all_private_template') {
        return reply({
          template_list: [
            { template_id: 'iPk5sOIt5X_flOVKn5GrTFpncEYTojx6ddbt8WYoV5s', title: '工资发放通知', content: '{{first.DATA}}\n月份：{{keyword1.DATA}}\n姓名：{{keyword2.DATA}}\n{{remark.DATA}}', example: '' },
            { template_id: 'bxoJ1u3jSwKZtqA1YT9cD0wBJtvu3mBfDYjZ6xv3w0s', title: '合同签署提醒', content: '{{first.DATA}}\n合同：{{keyword1.DATA}}', example: '' },
          ],
        });
      }
      if (u.pathname === '/cgi-bin/message/template/send') {
        const body = await readJson(req);
        if (body.touser === 'oNotFollowingAnyAccount00') return reply({ errcode: 43004, errmsg: 'require subscribe' });
        fake.sends.push({ query: u.searchParams, body });
        return reply({ errcode: 0, errmsg: 'ok', msgid: 200228332 });
      }
      res.statusCode = 404;
      reply({ errcode: 404, errmsg: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
  fake.base = `http://127.0.0.1:${(fake.server!.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  await startFakeWechat();
  t = await createTestApp();
  // the official-account API is called at the configured base URL: here the fake
  (t.services.config as { wechatApiBase: string }).wechatApiBase = fake.base;
  admin = await t.login('13800000000');
  reader = (await signInAsRole(t, { adminToken: admin, phone: '13700009301', role: '推送查看', permissionKeys: ['pushChannel'] })).token;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise((r) => fake.server?.close(r));
});

describe('email templates', () => {
  it('lists each event with the default text, refuses unknown variables by field, saves, previews and resets', async () => {
    const list = await ok<EmailTemplateView[]>('/emailTemplate/list');
    const payslip = list.find((x) => x.event === 'payslipSend')!;
    expect(payslip).toMatchObject({ eventLabel: '工资条发送', custom: false, subject: '工资条通知' });
    expect(payslip.variables.map((v) => v.name)).toContain('员工姓名');

    await expectUnchanged(t.database, () => call('/emailTemplate/update', { event: 'payslipSend', subject: '{{员工姓名}}的工资条', body: '您好 {{部门}}，{{链接}}' }), 400, /^邮件正文：不支持的变量：\{\{部门\}\}/);
    await expectUnchanged(t.database, () => call('/emailTemplate/update', { event: 'payslipSend', subject: '{{年份}}工资条', body: '{{链接}}' }), 400, /^邮件主题：不支持的变量：\{\{年份\}\}/);
    await expectUnchanged(t.database, () => call('/emailTemplate/update', { event: 'noSuchEvent', subject: 'a', body: 'b' }), 400, /^推送事件/);
    await expectUnchanged(t.database, () => call('/emailTemplate/update', { event: 'payslipSend', subject: ' ', body: 'b' }), 400, '请填写邮件主题');

    const saved = await ok<EmailTemplateView>('/emailTemplate/update', { event: 'payslipSend', subject: '{{企业名称}}：{{月份}}工资条', body: '{{员工姓名}}您好：\n您的{{工资条名称}}已发放，请点击 {{ 链接 }} 查看。' });
    expect(saved).toMatchObject({ custom: true, subject: '{{企业名称}}：{{月份}}工资条' });
    const audit = await t.rows<{ action: string }>(sql`select action from audit_log where company_id = 1 and action = 'pushEmailTemplate.update'`);
    expect(audit).toHaveLength(1);

    const preview = await ok<EmailPreview>('/emailTemplate/preview', { event: 'payslipSend' });
    expect(preview).toEqual({ subject: '杭州云帆科技有限公司：2025-05工资条', body: '张三您好：\n您的5月工资已发放，请点击 https://hr.example.com/m/p/Xy12Ab 查看。' });
    // a preview of unsaved text
    expect((await ok<EmailPreview>('/emailTemplate/preview', { event: 'payslipUrge', subject: '请确认{{月份}}' })).subject).toBe('请确认2025-05');

    await ok('/emailTemplate/update', { event: 'payslipUrge', subject: '临时', body: '临时 {{链接}}' });
    const reset = await ok<EmailTemplateView>('/emailTemplate/reset', { event: 'payslipUrge' });
    expect(reset).toMatchObject({ custom: false, subject: '工资条确认提醒' });
  });

  it('test-sends through the outbox and lists sends masked, for the company only', async () => {
    await expectUnchanged(t.database, () => call('/emailTemplate/send', { event: 'payslipSend', to: 'not-an-email' }), 400, '收件邮箱格式不正确');
    const sent = await ok<EmailSendView>('/emailTemplate/send', { event: 'payslipSend', to: 'zhang.san@example.com' });
    expect(sent).toMatchObject({ event: 'payslipSend', eventLabel: '工资条发送', recipient: 'zh***@example.com', subject: '【测试】杭州云帆科技有限公司：2025-05工资条' });
    // no SMTP configured in tests: kept in the outbox
    expect(sent.statusLabel).toBe('未发送（未配置邮件服务）');
    const [row] = await t.rows<{ subject: string; event: string; body_enc: string; company_id: string | number }>(sql`select subject, event, body_enc, company_id from outbox where id = ${sent.id}`);
    expect(row).toMatchObject({ event: 'payslipSend', subject: '【测试】杭州云帆科技有限公司：2025-05工资条' });
    expect(Number(row!.company_id)).toBe(1);
    expect(t.services.cipher.decrypt(row!.body_enc)).toContain('张三您好');

    const page = await call<EmailSendView[]>('/emailTemplate/sendList', { pageNum: 1, pageSize: 10 });
    expect(page.body.data[0]).toMatchObject({ id: sent.id, recipient: 'zh***@example.com' });
    expect(JSON.stringify(page.body.data)).not.toContain('zhang.san@');
    const other = await call<EmailSendView[]>('/emailTemplate/sendList', { pageNum: 1, pageSize: 50 }, admin, 2);
    expect(other.body.data.some((x) => x.id === sent.id)).toBe(false);
    // company 2 still has the default text
    expect((await ok<EmailTemplateView[]>('/emailTemplate/list', {}, admin, 2)).find((x) => x.event === 'payslipSend')!.custom).toBe(false);
  });

  it('is what the product sends: the company template for its events, the default otherwise', async () => {
    const values = { 员工姓名: '李四', 企业名称: '云帆', 月份: '2031-01', 工资条名称: '1月工资', 链接: 'https://hr.example.com/m/p/abc' };
    const send = (companyId: number, email: string) =>
      t.database.inTenant(companyId, (tx) =>
        notify(tx, t.services, { companyId, recipient: { email }, channels: ['email'], title: '工资条通知', content: '默认内容', event: { key: 'payslipSend', values } }),
      );
    await send(1, 'li.si@example.com');
    await send(2, 'li.si2@example.com');
    const rows = await t.rows<{ company_id: string | number; subject: string; body_enc: string }>(sql`select company_id, subject, body_enc from outbox where event = 'payslipSend' and recipient_hash in (${t.services.cipher.lookupHash('li.si@example.com')}, ${t.services.cipher.lookupHash('li.si2@example.com')}) order by company_id`);
    expect(rows.map((r) => r.subject)).toEqual(['云帆：2031-01工资条', '工资条通知']);
    expect(t.services.cipher.decrypt(rows[0]!.body_enc)).toBe('李四您好：\n您的1月工资已发放，请点击 https://hr.example.com/m/p/abc 查看。');
    expect(t.services.cipher.decrypt(rows[1]!.body_enc)).toContain('默认内容');
  });

  it('shapes the daily probation reminder email by the company template', async () => {
    await ok('/emailTemplate/update', { event: 'probationReminder', subject: '【转正】{{人数}}人待转正', body: '{{提醒范围}}：{{员工名单}}。详情 {{链接}}' });
    const saved = await t.call('/wfsaas-saas/api/remind/config/save', {
      token: admin,
      companyId: 1,
      body: { probationEnd: { enabled: true, daysAhead: 10 }, birthday: { enabled: false, daysAhead: 3 }, workAnniversary: { enabled: false, daysAhead: 3 }, contractExpiry: { enabled: false, daysAhead: 30 }, emails: ['hr@example.com'] },
    });
    expect(saved.body.code, saved.body.message).toBe(200);
    const first17 = '11010519950601123';
    const hired = await t.call('/wfsaas-saas/api/companyEmployee/add/v2', {
      token: admin,
      companyId: 1,
      body: { name: '转正甲', mobile: '13570009901', idType: 1, idNumber: first17 + idCardCheckChar(first17)!, departmentId: await departmentIdByName(t, '产品部'), employeeNo: 'PU0001', hireDate: '2033-01-01', employmentType: 1, probationEndDate: '2033-04-05', status: 1 },
    });
    expect(hired.body.code, hired.body.message).toBe(200);
    await enqueueDailyJobs(t.services, '2033-04-01');
    await runDueJobsOnce(t.services);
    const rows = await t.rows<{ subject: string; body_enc: string }>(sql`select subject, body_enc from outbox where company_id = 1 and event = 'probationReminder'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe('【转正】1人待转正');
    expect(t.services.cipher.decrypt(rows[0]!.body_enc)).toMatch(/^10 天内：转正甲（4月5日，还有 4 天）。详情 .*\/staffRoll$/);
  });
});

describe('SMS templates', () => {
  it('keeps a signature and template code per event, validated, and the gateway gets the code and params', async () => {
    await expectUnchanged(t.database, () => call('/smsTemplate/save', { event: 'payslipSend', signName: '云', templateCode: 'SMS_154950909' }), 400, '短信签名应为2–12个字');
    await expectUnchanged(t.database, () => call('/smsTemplate/save', { event: 'payslipSend', signName: '云帆科技有限公司人力资源部', templateCode: 'SMS_154950909' }), 400, '短信签名应为2–12个字');
    await expectUnchanged(t.database, () => call('/smsTemplate/save', { event: 'payslipSend', signName: '【云帆】', templateCode: 'SMS_154950909' }), 400, /^短信签名只能包含汉字、字母和数字/);
    await expectUnchanged(t.database, () => call('/smsTemplate/save', { event: 'payslipSend', signName: '云帆科技', templateCode: 'TPL-1' }), 400, /^模板编码应为 SMS_/);
    await expectUnchanged(t.database, () => call('/smsTemplate/save', { event: 'probationReminder', signName: '云帆科技', templateCode: 'SMS_154950909' }), 400, /^推送事件不存在或不支持此渠道/);
    const list = await ok<SmsTemplateView[]>('/smsTemplate/save', { event: 'payslipSend', signName: '云帆科技', templateCode: 'SMS_154950909' });
    expect(list.find((x) => x.event === 'payslipSend')).toMatchObject({ signName: '云帆科技', templateCode: 'SMS_154950909', enabled: true });
    expect((await ok<SmsTemplateView[]>('/smsTemplate/list', {}, admin, 2)).find((x) => x.event === 'payslipSend')!.templateCode).toBeNull();

    await t.database.inTenant(1, (tx) =>
      notify(tx, t.services, {
        companyId: 1,
        recipient: { phone: '13570009902' },
        channels: ['sms'],
        title: '工资条通知',
        content: '内容',
        sms: '【wfsaas】云帆1月工资条，请查看：https://hr.example.com/m/s/x',
        event: { key: 'payslipSend', values: { 员工姓名: '王五', 企业名称: '云帆', 月份: '2031-01', 工资条名称: '1月工资', 链接: 'https://hr.example.com/m/s/x' } },
      }),
    );
    await t.database.db.execute(sql`update outbox set status = 0 where channel = 'sms' and recipient_hash = ${t.services.cipher.lookupHash('13570009902')}`);
    const got: { phone: string; template?: SmsTemplateCall }[] = [];
    await deliverPendingOnce(t.services, { emailTransport: { send: async () => undefined, close: () => undefined }, smsGateway: { name: 'test', send: async (phone, _text, template) => void got.push({ phone, template }) } });
    expect(got.find((g) => g.phone === '13570009902')?.template).toEqual({
      signName: '云帆科技',
      templateCode: 'SMS_154950909',
      params: { name: '王五', company: '云帆', month: '2031-01', title: '1月工资', link: 'https://hr.example.com/m/s/x' },
    });
  });
});

describe('WeChat official account', () => {
  it('takes its API base URL from WECHAT_API_BASE', () => {
    const env = { DATA_DIR: t.dataDir, ENCRYPTION_KEY: randomBytes(32).toString('base64'), TOKEN_SECRET: 'x'.repeat(40) };
    expect(loadConfig(env).wechatApiBase).toBe('https://api.weixin.qq.com');
    expect(loadConfig({ ...env, WECHAT_API_BASE: 'http://127.0.0.1:8081/' }).wechatApiBase).toBe('http://127.0.0.1:8081');
  });

  it('keeps the secret encrypted and never answers it; refuses bad ids', async () => {
    await expectUnchanged(t.database, () => call('/officialAccount/config/save', { appId: APP_ID }), 400, 'AppSecret：首次配置请填写AppSecret');
    await expectUnchanged(t.database, () => call('/officialAccount/config/save', { appId: 'wx12', appSecret: SECRET }), 400, 'AppID应为 wx 开头的18位字母或数字');
    await expectUnchanged(t.database, () => call('/officialAccount/config/save', { appId: APP_ID, appSecret: 'short' }), 400, 'AppSecret应为32位字母或数字');
    await expectUnchanged(t.database, () => call('/officialAccount/template/pull'), 400, '请先配置公众号的AppID和AppSecret');
    const saved = await call<MpConfigView>('/officialAccount/config/save', { appId: APP_ID, appSecret: SECRET });
    expect(saved.body.data).toMatchObject({ appId: APP_ID, secretSet: true });
    expect(JSON.stringify(saved.body)).not.toContain(SECRET);
    const read = await call<MpConfigView>('/officialAccount/config');
    expect(JSON.stringify(read.body)).not.toContain(SECRET);
    const [row] = await t.rows<{ secret_enc: string }>(sql`select secret_enc from push_mp_accounts where company_id = 1`);
    expect(row!.secret_enc).not.toContain(SECRET);
    expect(t.services.cipher.decrypt(row!.secret_enc)).toBe(SECRET);
    const audit = await t.rows<{ after: unknown }>(sql`select after from audit_log where company_id = 1 and action = 'pushMp.config'`);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    // saved again without a secret: the stored one is kept
    await ok('/officialAccount/config/save', { appId: APP_ID, appSecret: '' });
    expect((await ok<MpConfigView>('/officialAccount/config', {}, admin, 2)).appId).toBeNull();
  });

  it('fetches and caches the token, pulls templates, maps an event and sends against the fake API', async () => {
    const pulled = await ok<MpTemplateList>('/officialAccount/template/pull');
    expect(pulled.templates.map((x) => x.title)).toEqual(['合同签署提醒', '工资发放通知']);
    expect(pulled.templates.find((x) => x.title === '工资发放通知')!.fields).toEqual(['first', 'keyword1', 'keyword2', 'remark']);
    expect(fake.tokens).toBe(1);
    await ok('/officialAccount/template/pull');
    expect(fake.tokens).toBe(1);

    const templateId = pulled.templates.find((x) => x.title === '工资发放通知')!.templateId;
    await expectUnchanged(t.database, () => call('/officialAccount/template/mapping/save', { event: 'payslipSend', templateId: 'notPulledTemplate01', fields: {} }), 400, '模板ID：公众号中没有该模板，请先拉取模板后选择');
    await expectUnchanged(t.database, () => call('/officialAccount/template/mapping/save', { event: 'payslipSend', templateId, fields: { keyword9: '{{月份}}' } }), 400, '字段映射：模板「工资发放通知」没有字段 keyword9');
    await expectUnchanged(t.database, () => call('/officialAccount/template/mapping/save', { event: 'payslipSend', templateId, fields: { keyword1: '{{部门}}' } }), 400, '字段映射（keyword1）：不支持的变量 {{部门}}');
    await expectRefused(t, () => call('/officialAccount/template/send', { event: 'payslipSend', openId: OPEN_ID }), 400, '请先为「工资条发送」选择公众号模板');
    const mapped = await ok<MpTemplateList>('/officialAccount/template/mapping/save', { event: 'payslipSend', templateId, fields: { first: '您的工资条已发放', keyword1: '{{月份}}', keyword2: '{{员工姓名}}' }, url: '{{链接}}' });
    expect(mapped.mappings.find((m) => m.event === 'payslipSend')).toMatchObject({ templateId, templateTitle: '工资发放通知' });

    const sent = await ok<{ msgId: string }>('/officialAccount/template/send', { event: 'payslipSend', openId: OPEN_ID });
    expect(sent.msgId).toBe('200228332');
    expect(fake.sends.at(-1)!.body).toEqual({ touser: OPEN_ID, template_id: templateId, url: 'https://hr.example.com/m/p/Xy12Ab', data: { first: { value: '您的工资条已发放' }, keyword1: { value: '2025-05' }, keyword2: { value: '张三' } } });
    expect(fake.sends.at(-1)!.query.get('access_token')).toBe('TOKEN-1');

    // a token the API no longer accepts is fetched again once
    fake.current = 'REVOKED';
    await ok('/officialAccount/template/send', { event: 'payslipSend', openId: OPEN_ID });
    expect(fake.tokens).toBe(2);
    expect(fake.sends.at(-1)!.query.get('access_token')).toBe('TOKEN-2');
  });

  it('shows the API errcode as a Chinese message', async () => {
    await expectRefused(t, () => call('/officialAccount/template/send', { event: 'payslipSend', openId: 'oNotFollowingAnyAccount00' }), 400, '微信公众号接口返回错误：接收人未关注该公众号（errcode 43004）');
    // a wrong secret: the token fetch is refused
    await ok('/officialAccount/config/save', { appId: APP_ID, appSecret: 'c'.repeat(32) });
    await expectRefused(t, () => call('/officialAccount/template/pull'), 400, '微信公众号接口返回错误：AppSecret不正确，请核对公众号的AppSecret（errcode 40125）');
    await ok('/officialAccount/config/save', { appId: APP_ID, appSecret: SECRET });
  });

  it('builds the authorise URL from the app id and the redirect', async () => {
    await expectRefused(t, () => call('/officialAccount/authorizeUrl', { redirectUri: 'ftp://x' }), 400, '回调地址应为 http(s) 地址');
    const r = await ok<{ url: string }>('/officialAccount/authorizeUrl', { redirectUri: 'https://hr.example.com/m/bind?a=1' });
    expect(r.url).toBe(`https://open.weixin.qq.com/connect/oauth2/authorize?appid=${APP_ID}&redirect_uri=https%3A%2F%2Fhr.example.com%2Fm%2Fbind%3Fa%3D1&response_type=code&scope=snsapi_base&state=bind#wechat_redirect`);
    await expectRefused(t, () => call('/officialAccount/authorizeUrl', { redirectUri: 'https://hr.example.com/' }, admin, 2), 400, '请先配置公众号的AppID和AppSecret');
  });
});

describe('access', () => {
  it('lets a reader read but not write', async () => {
    expect((await call('/emailTemplate/list', {}, reader)).body.code).toBe(200);
    expect((await call('/emailTemplate/sendList', {}, reader)).body.code).toBe(200);
    await expectRefused(t, () => call('/emailTemplate/update', { event: 'payslipSend', subject: 'x', body: 'y' }, reader), 403, '您没有此操作的权限（pushChannel.edit），请联系管理员');
    await expectRefused(t, () => call('/emailTemplate/send', { event: 'payslipSend', to: 'a@example.com' }, reader), 403, '您没有此操作的权限（pushChannel.edit），请联系管理员');
    await expectRefused(t, () => call('/officialAccount/config/save', { appId: APP_ID, appSecret: SECRET }, reader), 403, '您没有此操作的权限（pushChannel.edit），请联系管理员');
    await expectRefused(t, () => call('/smsTemplate/save', { event: 'payslipSend', signName: '云帆', templateCode: 'SMS_154950909' }, reader), 403, '您没有此操作的权限（pushChannel.edit），请联系管理员');
    const nobody = await signInAsRole(t, { adminToken: admin, phone: '13700009302', role: '无推送', permissionKeys: ['staffRoll'] });
    await expectRefused(t, () => call('/emailTemplate/list', {}, nobody.token), 403, '您没有此操作的权限（pushChannel），请联系管理员');
  });
});
