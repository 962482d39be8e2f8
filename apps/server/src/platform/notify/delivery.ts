import { sql } from 'drizzle-orm';
import { rowsOf } from '../db.ts';
import type { SmsTemplateCall } from './company-templates.ts';
import type { AppServices } from '../services.ts';
import { warnAboutPublicUrl } from './public-url.ts';
import { createSmsGateway, createSmtpTransport, type EmailTransport, type SmsGateway } from './transports.ts';

/** A row is tried at most this many times, then marked failed (status 2). */
export const MAX_ATTEMPTS = 5;
/** How long a claimed row is reserved for the sender that claimed it. */
const LEASE_SECONDS = 600;

/** Back-off after the given failed attempt: 30 s, 2 min, 8 min, 32 min. */
export function retryDelaySeconds(attempts: number): number {
  return 30 * 4 ** Math.max(0, attempts - 1);
}

export type DeliveryOptions = {
  /** Defaults to SMTP from the configuration, when SMTP_HOST is set. */
  emailTransport?: EmailTransport;
  /** Defaults to the configured SMS gateway (none today). */
  smsGateway?: SmsGateway;
  /** Rows claimed per pass. */
  batchSize?: number;
};

type Senders = { email?: EmailTransport; sms?: SmsGateway };

type ClaimedRow = { id: string | number; channel: string; recipient_enc: string; subject: string | null; body_enc: string | null; body: string | null; template_enc: string | null; attempts: number };

/**
 * Moves rows no transport can deliver to "kept in the outbox" (status 3): email without SMTP,
 * SMS without a gateway.
 */
async function keepUndeliverable(services: AppServices, senders: Senders): Promise<void> {
  const kept = [...(senders.email ? [] : ['email']), ...(senders.sms ? [] : ['sms'])];
  if (kept.length === 0) return;
  await services.database.db.execute(sql`
    update outbox set status = 3
    where status = 0 and channel in (${sql.join(
      kept.map((c) => sql`${c}`),
      sql`, `,
    )})`);
}

/**
 * Claims due pending rows in one statement. `for update skip locked` keeps two senders from claiming
 * the same row; the lease (next_attempt_at moved forward) keeps it claimed after the statement ends.
 */
async function claimDue(services: AppServices, channels: string[], batchSize: number): Promise<ClaimedRow[]> {
  if (channels.length === 0) return [];
  return rowsOf<ClaimedRow>(
    await services.database.db.execute(sql`
      update outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
      where id in (
        select id from outbox
        where status = 0 and next_attempt_at <= now() and channel in (${sql.join(
          channels.map((c) => sql`${c}`),
          sql`, `,
        )})
        order by next_attempt_at, id
        limit ${batchSize}
        for update skip locked)
      returning id, channel, recipient_enc, subject, body_enc, body, template_enc, attempts`),
  );
}

async function sendOne(services: AppServices, senders: Senders, row: ClaimedRow): Promise<void> {
  const to = services.cipher.decrypt(row.recipient_enc);
  const text = row.body_enc ? services.cipher.decrypt(row.body_enc) : (row.body ?? '');
  if (row.channel === 'email' && senders.email) {
    await senders.email.send({ to, subject: row.subject ?? '', text, headers: { 'X-Wfsaas-Outbox-Id': String(row.id) } });
    return;
  }
  if (row.channel === 'sms' && senders.sms) {
    await senders.sms.send(to, text, row.template_enc ? (JSON.parse(services.cipher.decrypt(row.template_enc)) as SmsTemplateCall) : undefined);
    return;
  }
  throw new Error(`no sender for channel ${row.channel}`);
}

async function recordSent(services: AppServices, id: number): Promise<void> {
  await services.database.db.execute(sql`update outbox set status = 1, sent_at = now(), error = null where id = ${id} and status = 0`);
}

async function recordFailure(services: AppServices, id: number, attempts: number, error: string): Promise<void> {
  const message = error.slice(0, 1000);
  if (attempts >= MAX_ATTEMPTS) {
    await services.database.db.execute(sql`update outbox set status = 2, error = ${message} where id = ${id} and status = 0`);
  } else {
    await services.database.db.execute(sql`
      update outbox set error = ${message}, next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(attempts)})
      where id = ${id} and status = 0`);
  }
}

async function runPass(services: AppServices, senders: Senders, batchSize: number): Promise<{ claimed: number; sent: number }> {
  await keepUndeliverable(services, senders);
  const channels = [...(senders.email ? ['email'] : []), ...(senders.sms ? ['sms'] : [])];
  const rows = await claimDue(services, channels, batchSize);
  let sent = 0;
  for (const row of rows) {
    const id = Number(row.id);
    const attempts = Number(row.attempts);
    try {
      await sendOne(services, senders, row);
    } catch (err) {
      // a provider's message may quote the recipient: long digit runs are masked before it is kept or logged
      const error = (err instanceof Error ? err.message : String(err)).replace(/\d{7,}/g, '…');
      services.log.warn({ outboxId: id, channel: row.channel, attempts, error }, 'outbox delivery failed');
      await recordFailure(services, id, attempts, error);
      continue;
    }
    await recordSent(services, id);
    sent++;
  }
  return { claimed: rows.length, sent };
}

function resolveSenders(services: AppServices, opts: DeliveryOptions): { senders: Senders; ownsEmail: boolean } {
  const smtp = services.config.smtp;
  const email = opts.emailTransport ?? (smtp ? createSmtpTransport(smtp) : undefined);
  const sms = opts.smsGateway ?? createSmsGateway(services.config);
  return { senders: { email, sms }, ownsEmail: !opts.emailTransport && email !== undefined };
}

/** One delivery pass over the due pending rows. Resolves to how many messages were sent. */
export async function deliverPendingOnce(services: AppServices, opts: DeliveryOptions = {}): Promise<number> {
  const { senders, ownsEmail } = resolveSenders(services, opts);
  try {
    return (await runPass(services, senders, opts.batchSize ?? 50)).sent;
  } finally {
    if (ownsEmail) senders.email?.close();
  }
}

/**
 * Delivers the outbox in the background: a pass every `intervalMs`, straight away again while a pass
 * finds a full batch. Several processes may run it at once; a row is sent by one of them.
 */
export function startOutboxDelivery(services: AppServices, opts: DeliveryOptions & { intervalMs?: number } = {}): { stop(): Promise<void> } {
  // a worker sends the links too: it warns as the server does when PUBLIC_URL is unset
  warnAboutPublicUrl(services.log, services.config);
  const { senders, ownsEmail } = resolveSenders(services, opts);
  const batchSize = opts.batchSize ?? 50;
  const intervalMs = opts.intervalMs ?? 5_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;

  const tick = async () => {
    let again = false;
    try {
      const r = await runPass(services, senders, batchSize);
      again = r.claimed === batchSize;
    } catch (err) {
      services.log.error({ err }, 'outbox delivery pass failed');
    }
    if (!stopped) schedule(again ? 0 : intervalMs);
  };
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      current = tick();
    }, ms);
    timer.unref();
  };
  schedule(0);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
      if (ownsEmail) senders.email?.close();
    },
  };
}
