import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

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
 * An SMS provider. No provider is configured in this product yet, so SMS stays in the outbox
 * (status 3). A provider (for example a cloud SMS service with a signed template) implements this
 * type and is returned by `createSmsGateway` when its settings are present; enqueueing then marks
 * SMS pending and the outbox delivery sends it with the same claim, retry and back-off as email.
 */
export type SmsGateway = {
  readonly name: string;
  /** Sends one text to one mainland mobile number; throws when the provider refuses it. */
  send(phone: string, text: string): Promise<void>;
};

/** The configured SMS gateway, or undefined when none is (the case today). */
export function createSmsGateway(_config: Config): SmsGateway | undefined {
  return undefined;
}
