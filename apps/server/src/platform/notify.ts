import { eq } from 'drizzle-orm';
import { messages, outbox, users } from '../db/schema/index.ts';
import type { PersonalDataCipher } from './crypto.ts';
import type { Executor } from './db.ts';
import type { AppServices } from './services.ts';
import { companyEmail, companySmsTemplate, type NotifyEvent, type SmsTemplateCall } from './notify/company-templates.ts';
import { publicBaseUrl } from './notify/public-url.ts';
import { composeSms } from './notify/sms-templates.ts';
import { createSmsGateway } from './notify/transports.ts';

export { deliverPendingOnce, MAX_ATTEMPTS, retryDelaySeconds, startOutboxDelivery, type DeliveryOptions } from './notify/delivery.ts';
export { createSmsGateway, createSmtpTransport, type EmailTransport, type SmsGateway } from './notify/transports.ts';
export { composeSms, SMS_SIGNATURE, smsTemplates } from './notify/sms-templates.ts';
export { absoluteLink, MSG_NO_PUBLIC_URL, publicBaseUrl, requirePublicBaseUrl, warnAboutPublicUrl } from './notify/public-url.ts';
export { createShortLink, resolveShortLink } from './notify/short-links.ts';
export type { NotifyEvent, SmsTemplateCall } from './notify/company-templates.ts';

export type OutgoingMessage = {
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string;
  body: string;
  companyId?: number | null;
  /** The same key never produces a second message. */
  idempotencyKey?: string;
  /**
   * Whether a transport will deliver it: pending (status 0) when true, kept in the outbox (status 3)
   * when false. Left out: email pending, SMS kept (no SMS gateway is configured).
   */
  deliver?: boolean;
  /** The push event that caused it, shown in the send log. */
  event?: string;
  /** SMS: the provider template it is sent with. */
  smsTemplate?: SmsTemplateCall;
};

/**
 * Records one SMS or email in the outbox in the caller's transaction (so it is sent only if the work
 * that caused it commits). Delivery happens afterwards. Resolves to false when the idempotency key
 * was already used (nothing written).
 */
export async function enqueueMessage(exec: Executor, cipher: PersonalDataCipher, msg: OutgoingMessage): Promise<boolean> {
  const deliver = msg.deliver ?? msg.channel === 'email';
  const rows = await exec
    .insert(outbox)
    .values({
      companyId: msg.companyId ?? null,
      channel: msg.channel,
      recipientHash: cipher.lookupHash(msg.recipient),
      recipientEnc: cipher.encrypt(msg.recipient),
      subject: msg.subject ?? null,
      // codes and links are secrets: the text is stored encrypted
      bodyEnc: cipher.encrypt(msg.body),
      status: deliver ? 0 : 3,
      idempotencyKey: msg.idempotencyKey ?? null,
      event: msg.event ?? null,
      templateEnc: msg.smsTemplate ? cipher.encrypt(JSON.stringify(msg.smsTemplate)) : null,
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return rows.length === 1;
}

export type NotifyChannel = 'inapp' | 'sms' | 'email';

/** Message-centre notice types. */
export const MESSAGE_TYPES = { system: 1, approval: 2, expiry: 3, taskDone: 4 } as const;
export type MessageType = (typeof MESSAGE_TYPES)[keyof typeof MESSAGE_TYPES];

export type NotifyInput = {
  companyId: number;
  /** The user the notice is for: needed for in-app; their phone is used for SMS unless recipient.phone is given. */
  userId?: number;
  recipient?: { phone?: string; email?: string };
  channels: NotifyChannel[];
  /** Message-centre type; defaults to 1 (系统通知). */
  type?: MessageType;
  title: string;
  content: string;
  /** An in-app route path, e.g. /staffRoll (an email names it as an absolute link under PUBLIC_URL). */
  link?: string;
  /** The SMS text, from platform/notify/sms-templates.ts; defaults to the title and content under the signature. */
  sms?: string;
  /** A retried call with the same key writes nothing new in any channel. */
  idempotencyKey?: string;
  /** The push event: email uses the company's template of it when set, SMS its provider template. */
  event?: NotifyEvent;
};

/** Per channel: written now, already written by an earlier call with the same key, or skipped for want of a recipient. */
export type NotifyResult = { written: NotifyChannel[]; duplicate: NotifyChannel[]; skipped: NotifyChannel[] };

/** An email's text; `link` is an absolute address (or a bare path when there is no PUBLIC_URL to start it). */
export function composeEmailText(content: string, link?: string): string {
  const parts = [content];
  if (link) parts.push(`请登录 wfsaas 后前往 ${link} 查看详情。`);
  parts.push('—— wfsaas 人事薪酬平台（系统邮件，请勿直接回复）');
  return parts.join('\n\n');
}

async function findUserPhone(exec: Executor, cipher: PersonalDataCipher, userId: number): Promise<string | undefined> {
  const rows = await exec.select({ phoneEnc: users.phoneEnc }).from(users).where(eq(users.id, userId)).limit(1);
  const enc = rows[0]?.phoneEnc;
  return enc ? cipher.decrypt(enc) : undefined;
}

/**
 * The one way modules notify people: an in-app notice in the message centre, and/or an SMS or email
 * through the outbox. Everything is written in the caller's transaction.
 */
export async function notify(exec: Executor, services: Pick<AppServices, 'cipher' | 'config'>, input: NotifyInput): Promise<NotifyResult> {
  const result: NotifyResult = { written: [], duplicate: [], skipped: [] };
  const channels = [...new Set(input.channels)];
  if (channels.length === 0) throw new Error('notify: no channel');
  if (channels.includes('inapp') && input.userId === undefined) throw new Error('notify: an in-app notice needs userId');
  const keyFor = (channel: NotifyChannel) => (input.idempotencyKey ? `${input.idempotencyKey}:${channel}` : undefined);
  const mark = (channel: NotifyChannel, written: boolean) => (written ? result.written : result.duplicate).push(channel);

  for (const channel of channels) {
    if (channel === 'inapp') {
      const rows = await exec
        .insert(messages)
        .values({
          companyId: input.companyId,
          userId: input.userId!,
          type: input.type ?? MESSAGE_TYPES.system,
          title: input.title,
          content: input.content,
          link: input.link ?? null,
          idempotencyKey: keyFor('inapp') ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: messages.id });
      mark(channel, rows.length === 1);
    } else if (channel === 'sms') {
      const phone = input.recipient?.phone ?? (input.userId !== undefined ? await findUserPhone(exec, services.cipher, input.userId) : undefined);
      if (!phone) {
        result.skipped.push(channel);
        continue;
      }
      const key = keyFor('sms');
      const written = await enqueueMessage(exec, services.cipher, {
        channel: 'sms',
        recipient: phone,
        body: input.sms ?? composeSms(input.title, input.content),
        companyId: input.companyId,
        event: input.event?.key,
        smsTemplate: input.event ? await companySmsTemplate(exec, input.companyId, input.event) : undefined,
        // The outbox key is unique across companies, so it carries the company.
        idempotencyKey: key ? `${input.companyId}:${key}` : undefined,
        deliver: createSmsGateway(services.config) !== undefined,
      });
      mark(channel, written);
    } else {
      const email = input.recipient?.email;
      if (!email) {
        result.skipped.push(channel);
        continue;
      }
      const key = keyFor('email');
      const own = input.event ? await companyEmail(exec, input.companyId, input.event) : undefined;
      const written = await enqueueMessage(exec, services.cipher, {
        channel: 'email',
        recipient: email,
        subject: own?.subject ?? input.title,
        body: own?.body ?? composeEmailText(input.content, input.link ? `${publicBaseUrl(services.config) ?? ''}${input.link}` : undefined),
        companyId: input.companyId,
        event: input.event?.key,
        idempotencyKey: key ? `${input.companyId}:${key}` : undefined,
        deliver: services.config.smtp !== undefined,
      });
      mark(channel, written);
    }
  }
  return result;
}
