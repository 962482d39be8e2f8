import { appendFile } from 'node:fs/promises';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { SmsTemplateCall } from './company-templates.ts';

export type EmailMessage = { to: string; subject: string; text: string; headers?: Record<string, string> };

/** Sends one email; throws when the server refuses it or cannot be reached. */
export type EmailTransport = {
  send(msg: EmailMessage): Promise<void>;
  close(): void;
};

export type SmtpSettings = NonNullable<Config['smtp']>;

/** An SMTP transport over nodemailer, from SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASSWORD, SMTP_FROM, SMTP_SECURE. */
export function createSmtpTransport(smtp: SmtpSettings): EmailTransport {
  const transporter = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(msg) {
      await transporter.sendMail({ from: smtp.from, to: msg.to, subject: msg.subject, text: msg.text, headers: msg.headers });
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * An SMS provider. No cloud provider is configured in this product yet, so SMS stays in the outbox
 * (status 3) — unless SMS_FILE is set: then every SMS is written as one JSON line to that file, for
 * development and the browser tests (which read verification codes from it). A provider (for example
 * a cloud SMS service with a signed template) implements this type and is returned by
 * `createSmsGateway` when its settings are present; enqueueing then marks SMS pending and the outbox
 * delivery sends it with the same claim, retry and back-off as email.
 */
export type SmsGateway = {
  readonly name: string;
  /**
   * Sends one text to one mainland mobile number; throws when the provider refuses it. `template`:
   * the company's signature and provider template code with its params, which a template-based
   * provider sends instead of the text.
   */
  send(phone: string, text: string, template?: SmsTemplateCall): Promise<void>;
};

/** The configured SMS gateway: the file gateway when SMS_FILE is set, otherwise none. */
export function createSmsGateway(config: Config): SmsGateway | undefined {
  const file = config.smsFile;
  if (!file) return undefined;
  return {
    name: 'file',
    async send(phone, text, template) {
      await appendFile(file, `${JSON.stringify({ at: new Date().toISOString(), phone, text, ...(template ? { template } : {}) })}\n`, 'utf8');
    },
  };
}
