import {
  mpTemplateFields,
  outboxStatusLabel,
  pushEvent,
  pushEventLabel,
  pushEventsOf,
  renderTemplate,
  sampleValues,
  templateVariables,
  type EmailPreview,
  type EmailSendView,
  type EmailTemplateUpdate,
  type EmailTemplateView,
  type MpAuthorizeUrl,
  type MpConfigSave,
  type MpConfigView,
  type MpMappingSave,
  type MpTemplateList,
  type MpTestSendResult,
  type PushEvent,
  type PushEventKey,
  type SmsTemplateSave,
  type SmsTemplateView,
} from '@wfsaas/contracts';
import { badRequest } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { enqueueMessage } from '../../platform/notify.ts';
import * as q from './push.queries.ts';
import { authorizeUrl, createWechatClient, TOKEN_ERRCODES, WechatApiError, type WechatClient } from './push.wechat.ts';

/** 推送渠道 (docs/push-channels.md): email templates, the WeChat official account, SMS provider templates. */

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

function eventOf(key: string): PushEvent {
  const e = pushEvent(key);
  if (!e) throw badRequest('推送事件不存在');
  return e;
}

/** z***@example.com */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const name = email.slice(0, at);
  return `${name.slice(0, Math.min(2, name.length - 1) || 1)}***${email.slice(at)}`;
}

// ── email ──

function emailView(e: PushEvent, row: q.TemplateRow | undefined): EmailTemplateView {
  const custom = !!row?.subject && !!row.body;
  return {
    event: e.key,
    eventLabel: e.label,
    variables: [...e.variables],
    custom,
    subject: custom ? row!.subject! : e.subject,
    body: custom ? row!.body! : e.body,
    updatedAt: custom ? iso(row!.updatedAt) : null,
  };
}

export async function listEmailTemplates(c: ServiceCtx): Promise<EmailTemplateView[]> {
  const rows = await q.listTemplates(c.tx, c.companyId, 'email');
  return pushEventsOf('email').map((e) => emailView(e, rows.find((r) => r.event === e.key)));
}

async function emailTemplate(c: ServiceCtx, key: PushEventKey): Promise<EmailTemplateView> {
  return emailView(eventOf(key), await q.findTemplate(c.tx, c.companyId, 'email', key));
}

export async function updateEmailTemplate(c: ServiceCtx, input: EmailTemplateUpdate): Promise<EmailTemplateView> {
  const before = await emailTemplate(c, input.event);
  const row = await q.upsertTemplate(c.tx, c.companyId, 'email', input.event, { subject: input.subject, body: input.body, enabled: true }, c.user.userId);
  const after = emailView(eventOf(input.event), row);
  await c.audit({ action: 'pushEmailTemplate.update', entity: 'push_template', entityId: `email:${input.event}`, before: { subject: before.subject, body: before.body }, after: { subject: after.subject, body: after.body } });
  return after;
}

/** Back to the product's default text. */
export async function resetEmailTemplate(c: ServiceCtx, event: PushEventKey): Promise<EmailTemplateView> {
  const before = await emailTemplate(c, event);
  await q.deleteTemplate(c.tx, c.companyId, 'email', event);
  await c.audit({ action: 'pushEmailTemplate.reset', entity: 'push_template', entityId: `email:${event}`, before: { subject: before.subject, body: before.body } });
  return emailTemplate(c, event);
}

/** The given (unsaved) text, or else the one in use, filled with the event's sample values. */
export async function previewEmail(c: ServiceCtx, input: { event: PushEventKey; subject?: string; body?: string }): Promise<EmailPreview> {
  const current = await emailTemplate(c, input.event);
  const values = sampleValues(eventOf(input.event));
  return { subject: renderTemplate(input.subject ?? current.subject, values), body: renderTemplate(input.body ?? current.body, values) };
}

/** The template in use, with sample values, to one address through the outbox (shown in the send log). */
export async function testSendEmail(c: ServiceCtx, input: { event: PushEventKey; to: string }): Promise<EmailSendView> {
  const preview = await previewEmail(c, { event: input.event });
  const deliver = c.services.config.smtp !== undefined;
  await enqueueMessage(c.tx, c.services.cipher, { channel: 'email', recipient: input.to, subject: `【测试】${preview.subject}`, body: preview.body, companyId: c.companyId, event: input.event, deliver });
  await c.audit({ action: 'pushEmailTemplate.testSend', entity: 'push_template', entityId: `email:${input.event}`, after: { to: maskEmail(input.to) } });
  const page = await q.pageEmails(c.tx, c.companyId, input.event, 1, 1);
  return sendView(c, page.rows[0]!);
}

function sendView(c: ServiceCtx, r: q.OutboxEmailRow): EmailSendView {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    event: r.event,
    eventLabel: pushEventLabel(r.event),
    recipient: maskEmail(c.services.cipher.decrypt(r.recipientEnc)),
    subject: r.subject ?? '',
    status: r.status,
    statusLabel: outboxStatusLabel(r.status),
    error: r.error,
    sentAt: iso(r.sentAt),
  };
}

export async function pageEmailSends(c: ServiceCtx, input: { pageNum: number; pageSize: number; event?: PushEventKey }): Promise<Paged<EmailSendView>> {
  const { rows, total } = await q.pageEmails(c.tx, c.companyId, input.event, input.pageNum, input.pageSize);
  return new Paged(
    rows.map((r) => sendView(c, r)),
    input.pageNum,
    input.pageSize,
    total,
  );
}

// ── WeChat official account ──

const client = (c: ServiceCtx): WechatClient => createWechatClient(c.services.config.wechatApiBase);

const MSG_NO_ACCOUNT = '请先配置公众号的AppID和AppSecret';
/** A cached token is used until this long before it expires. */
const TOKEN_MARGIN_MS = 5 * 60_000;

export async function mpConfig(c: ServiceCtx): Promise<MpConfigView> {
  const a = await q.findMpAccount(c.tx, c.companyId);
  return { appId: a?.appId ?? null, secretSet: !!a, updatedAt: iso(a?.updatedAt), lastPulledAt: iso(a?.lastPulledAt) };
}

export async function saveMpConfig(c: ServiceCtx, input: MpConfigSave): Promise<MpConfigView> {
  const before = await q.findMpAccount(c.tx, c.companyId);
  if (!before && !input.appSecret) throw badRequest('AppSecret：首次配置请填写AppSecret');
  const secretEnc = input.appSecret ? c.services.cipher.encrypt(input.appSecret) : before!.secretEnc;
  await q.upsertMpAccount(c.tx, c.companyId, { appId: input.appId, secretEnc });
  await c.audit({ action: 'pushMp.config', entity: 'push_mp_account', entityId: c.companyId, before: before ? { appId: before.appId } : null, after: { appId: input.appId, secretChanged: !!input.appSecret } });
  return mpConfig(c);
}

async function requireAccount(c: ServiceCtx): Promise<q.MpAccountRow> {
  const a = await q.findMpAccount(c.tx, c.companyId);
  if (!a) throw badRequest(MSG_NO_ACCOUNT);
  return a;
}

async function accessToken(c: ServiceCtx, a: q.MpAccountRow, fresh: boolean): Promise<string> {
  if (!fresh && a.accessTokenEnc && a.tokenExpiresAt && a.tokenExpiresAt.getTime() - TOKEN_MARGIN_MS > Date.now()) return c.services.cipher.decrypt(a.accessTokenEnc);
  const t = await client(c).fetchToken(a.appId, c.services.cipher.decrypt(a.secretEnc));
  await q.saveMpToken(c.tx, c.companyId, c.services.cipher.encrypt(t.accessToken), new Date(Date.now() + t.expiresIn * 1000));
  return t.accessToken;
}

/** Runs `fn` with the cached token; a token the API no longer accepts is fetched again once. */
async function withToken<T>(c: ServiceCtx, fn: (api: WechatClient, token: string) => Promise<T>): Promise<T> {
  const a = await requireAccount(c);
  const api = client(c);
  try {
    return await fn(api, await accessToken(c, a, false));
  } catch (err) {
    if (!(err instanceof WechatApiError) || !TOKEN_ERRCODES.has(err.errcode)) throw err;
    return fn(api, await accessToken(c, a, true));
  }
}

export async function listMp(c: ServiceCtx): Promise<MpTemplateList> {
  const templates = (await q.listMpTemplates(c.tx, c.companyId)).map((t) => ({ templateId: t.templateId, title: t.title, content: t.content, example: t.example, fields: mpTemplateFields(t.content) }));
  const rows = await q.listTemplates(c.tx, c.companyId, 'mp');
  const mappings = pushEventsOf('mp').map((e) => {
    const r = rows.find((x) => x.event === e.key);
    const templateId = r?.mpTemplateId ?? null;
    return { event: e.key, eventLabel: e.label, variables: [...e.variables], templateId, templateTitle: templates.find((t) => t.templateId === templateId)?.title ?? null, fields: r?.mpFields ?? {}, url: r?.mpUrl ?? '' };
  });
  return { templates, mappings };
}

/** Pulls the account's private templates (replacing the kept list); the token comes from the cache or the API. */
export async function pullMpTemplates(c: ServiceCtx): Promise<MpTemplateList> {
  const list = await withToken(c, (api, token) => api.listTemplates(token));
  await q.replaceMpTemplates(c.tx, c.companyId, list);
  await c.audit({ action: 'pushMp.pull', entity: 'push_mp_account', entityId: c.companyId, after: { templates: list.length } });
  return listMp(c);
}

/** Unknown {{变量}} in a mapped field or the link are refused, naming the field. */
function checkMapping(e: PushEvent, fields: Record<string, string>, url: string): void {
  const known = new Set<string>(e.variables.map((v) => v.name));
  for (const [field, text] of [...Object.entries(fields), ['跳转链接', url] as const]) {
    const unknown = templateVariables(text).filter((n) => !known.has(n));
    if (unknown.length > 0) throw badRequest(`字段映射（${field}）：不支持的变量 ${unknown.map((n) => `{{${n}}}`).join('、')}`);
  }
}

export async function saveMpMapping(c: ServiceCtx, input: MpMappingSave): Promise<MpTemplateList> {
  const e = eventOf(input.event);
  const before = await q.findTemplate(c.tx, c.companyId, 'mp', input.event);
  if (input.templateId === null) {
    await q.deleteTemplate(c.tx, c.companyId, 'mp', input.event);
  } else {
    const template = (await q.listMpTemplates(c.tx, c.companyId)).find((t) => t.templateId === input.templateId);
    if (!template) throw badRequest('模板ID：公众号中没有该模板，请先拉取模板后选择');
    const allowed = new Set(mpTemplateFields(template.content));
    const extra = Object.keys(input.fields).filter((f) => !allowed.has(f));
    if (extra.length > 0) throw badRequest(`字段映射：模板「${template.title}」没有字段 ${extra.join('、')}`);
    const fields = Object.fromEntries(Object.entries(input.fields).filter(([, v]) => v !== ''));
    checkMapping(e, fields, input.url);
    await q.upsertTemplate(c.tx, c.companyId, 'mp', input.event, { mpTemplateId: input.templateId, mpFields: fields, mpUrl: input.url, enabled: true }, c.user.userId);
  }
  await c.audit({ action: 'pushMp.mapping', entity: 'push_template', entityId: `mp:${input.event}`, before: before ? { templateId: before.mpTemplateId, fields: before.mpFields } : null, after: { templateId: input.templateId, fields: input.fields } });
  return listMp(c);
}

/** The event's mapped template with sample values to one follower. */
export async function testSendMp(c: ServiceCtx, input: { event: PushEventKey; openId: string }): Promise<MpTestSendResult> {
  const e = eventOf(input.event);
  const mapping = await q.findTemplate(c.tx, c.companyId, 'mp', input.event);
  if (!mapping?.mpTemplateId) throw badRequest(`请先为「${e.label}」选择公众号模板`);
  const values = sampleValues(e);
  const data = Object.fromEntries(Object.entries(mapping.mpFields ?? {}).map(([k, v]) => [k, renderTemplate(v, values)]));
  const url = renderTemplate(mapping.mpUrl ?? '', values);
  const templateId = mapping.mpTemplateId;
  const r = await withToken(c, (api, token) => api.sendTemplate(token, { toUser: input.openId, templateId, url, data }));
  await c.audit({ action: 'pushMp.testSend', entity: 'push_template', entityId: `mp:${input.event}`, after: { templateId, msgId: r.msgId } });
  return r;
}

export async function mpAuthorizeUrl(c: ServiceCtx, input: { redirectUri: string; scope: string; state: string }): Promise<MpAuthorizeUrl> {
  const a = await requireAccount(c);
  return { url: authorizeUrl(a.appId, input.redirectUri, input.scope, input.state) };
}

// ── SMS provider templates ──

export async function listSmsTemplates(c: ServiceCtx): Promise<SmsTemplateView[]> {
  const rows = await q.listTemplates(c.tx, c.companyId, 'sms');
  return pushEventsOf('sms').map((e) => {
    const r = rows.find((x) => x.event === e.key);
    return { event: e.key, eventLabel: e.label, variables: [...e.variables], signName: r?.signName ?? null, templateCode: r?.templateCode ?? null, enabled: r?.enabled ?? false, updatedAt: iso(r?.updatedAt) };
  });
}

export async function saveSmsTemplate(c: ServiceCtx, input: SmsTemplateSave): Promise<SmsTemplateView[]> {
  const before = await q.findTemplate(c.tx, c.companyId, 'sms', input.event);
  await q.upsertTemplate(c.tx, c.companyId, 'sms', input.event, { signName: input.signName, templateCode: input.templateCode, enabled: input.enabled }, c.user.userId);
  await c.audit({
    action: 'pushSmsTemplate.save',
    entity: 'push_template',
    entityId: `sms:${input.event}`,
    before: before ? { signName: before.signName, templateCode: before.templateCode, enabled: before.enabled } : null,
    after: { signName: input.signName, templateCode: input.templateCode, enabled: input.enabled },
  });
  return listSmsTemplates(c);
}
