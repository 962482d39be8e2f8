import { sql } from 'drizzle-orm';
import { rowsOf } from '../platform/db.ts';
import type { TestApp } from './harness.ts';

/** One outbox message as sent: its text decrypted (the outbox keeps texts encrypted). */
export type OutboxMessage = {
  id: number;
  companyId: number | null;
  channel: string;
  recipient: string;
  recipientHash: string;
  subject: string | null;
  body: string;
  status: number;
  attempts: number;
  idempotencyKey: string | null;
  due: boolean;
};

type Row = { id: string | number; company_id: string | number | null; channel: string; recipient_enc: string; recipient_hash: string; subject: string | null; body_enc: string | null; body: string | null; status: number; attempts: number; idempotency_key: string | null; due: boolean };

/** The outbox in order, read as the owner; `where` narrows it (a plain SQL condition on the table). */
export async function readOutbox(t: Pick<TestApp, 'database' | 'services'>, where = sql`true`): Promise<OutboxMessage[]> {
  const rows = rowsOf<Row>(await t.database.db.execute(sql`select *, next_attempt_at <= now() as due from outbox where ${where} order by id`));
  const { cipher } = t.services;
  return rows.map((r) => ({
    id: Number(r.id),
    companyId: r.company_id === null ? null : Number(r.company_id),
    channel: r.channel,
    recipient: cipher.decrypt(r.recipient_enc),
    recipientHash: r.recipient_hash,
    subject: r.subject,
    body: r.body_enc ? cipher.decrypt(r.body_enc) : (r.body ?? ''),
    status: Number(r.status),
    attempts: Number(r.attempts),
    idempotencyKey: r.idempotency_key,
    due: r.due,
  }));
}

/** The newest message whose text contains every fragment given. */
export async function lastMessageWith(t: Pick<TestApp, 'database' | 'services'>, ...fragments: string[]): Promise<OutboxMessage | undefined> {
  return (await readOutbox(t)).filter((m) => fragments.every((f) => m.body.includes(f))).at(-1);
}
