import { outbox } from '../db/schema/index.ts';
import type { Executor } from './db.ts';
import type { PersonalDataCipher } from './crypto.ts';

export type OutgoingMessage = {
  channel: 'sms' | 'email' | 'inapp';
  recipient: string;
  subject?: string;
  body: string;
  companyId?: number | null;
  /** The same key never produces a second message. */
  idempotencyKey?: string;
};

/**
 * The one notification adapter's entry point: records the message in the outbox in the caller's
 * transaction (so it is sent only if the work that caused it commits). Delivery happens afterwards.
 */
export async function enqueueMessage(exec: Executor, cipher: PersonalDataCipher, msg: OutgoingMessage): Promise<void> {
  await exec
    .insert(outbox)
    .values({
      companyId: msg.companyId ?? null,
      channel: msg.channel,
      recipientHash: cipher.lookupHash(msg.recipient),
      recipientEnc: cipher.encrypt(msg.recipient),
      subject: msg.subject ?? null,
      body: msg.body,
      status: msg.channel === 'sms' ? 3 : 0,
      idempotencyKey: msg.idempotencyKey ?? null,
    })
    .onConflictDoNothing();
}
