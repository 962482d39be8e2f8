import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { rowsOf } from '../db.ts';
import { deliverPendingOnce, enqueueMessage, notify, startOutboxDelivery, type NotifyInput, type SmsGateway } from '../notify.ts';

/** A real SMTP server on the loopback that keeps what it receives, or refuses every recipient. */
type Sink = { port: number; received: Array<{ to: string[]; raw: string }>; rejecting: boolean; close(): Promise<void> };

async function startSink(): Promise<Sink> {
  const sink: Sink = { port: 0, received: [], rejecting: false, close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, cb) {
      if (!sink.rejecting) return cb();
      const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      cb(err);
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        sink.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sink.port = (server.server.address() as AddressInfo).port;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) in a header value. */
function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

/** The subject and the decoded text body of a single-part message. */
function parseMail(raw: string): { subject: string; text: string; headers: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subject = decodeHeader(/^Subject: (.*)$/im.exec(headers)?.[1] ?? '');
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  let text = body;
  if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    text = Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  return { subject, text, headers };
}

type OutboxRow = {
  id: number;
  company_id: number | null;
  channel: string;
  recipient_hash: string;
  recipient_enc: string;
  subject: string | null;
  body: string;
  status: number;
  attempts: number;
  idempotency_key: string | null;
  error: string | null;
  sent_at: unknown;
  due: boolean;
};

async function outboxRows(t: TestApp): Promise<OutboxRow[]> {
  const rows = rowsOf<OutboxRow & { body_enc: string | null }>(await t.database.db.execute(sql`select *, next_attempt_at <= now() as due from outbox where company_id is not null order by id`));
  // texts are stored encrypted: read them as sent
  return rows.map(({ body_enc, ...r }) => ({ ...r, body: body_enc ? t.services.cipher.decrypt(body_enc) : r.body, id: Number(r.id), company_id: r.company_id === null ? null : Number(r.company_id), status: Number(r.status), attempts: Number(r.attempts) }));
}

async function messageRows(t: TestApp): Promise<Array<{ company_id: number; user_id: number; type: number; title: string; content: string; link: string | null; idempotency_key: string | null }>> {
  const rows = rowsOf<{ company_id: number; user_id: number; type: number; title: string; content: string; link: string | null; idempotency_key: string | null }>(
    await t.database.db.execute(sql`select company_id, user_id, type, title, content, link, idempotency_key from messages order by id`),
  );
  return rows.map((r) => ({ ...r, company_id: Number(r.company_id), user_id: Number(r.user_id), type: Number(r.type) }));
}

async function userIdOf(t: TestApp, phone: string): Promise<number> {
  const rows = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from users where phone_hash = ${t.services.cipher.lookupHash(phone)}`));
  return Number(rows[0]!.id);
}

function send(t: TestApp, input: NotifyInput) {
  return t.database.inTenant(input.companyId, (tx) => notify(tx, t.services, input));
}

describe('notify without delivery configured', () => {
  let t: TestApp;
  let adminId: number;
  beforeAll(async () => {
    t = await createTestApp();
    adminId = await userIdOf(t, '13800000000');
  });
  afterAll(async () => t?.close());

  it('writes an in-app notice, an SMS to the user’s phone and an email, all kept in the outbox (status 3)', async () => {
    const before = await messageRows(t);
    const r = await send(t, {
      companyId: 1,
      userId: adminId,
      recipient: { email: 'linxiao@example.com' },
      channels: ['inapp', 'sms', 'email'],
      type: 3,
      title: '合同到期提醒',
      content: '张伟的劳动合同将于30天内到期。',
      link: '/staffRoll',
    });
    expect(r).toEqual({ written: ['inapp', 'sms', 'email'], duplicate: [], skipped: [] });
    const msgs = await messageRows(t);
    expect(msgs.length).toBe(before.length + 1);
    expect(msgs.at(-1)).toEqual({ company_id: 1, user_id: adminId, type: 3, title: '合同到期提醒', content: '张伟的劳动合同将于30天内到期。', link: '/staffRoll', idempotency_key: null });

    const out = await outboxRows(t);
    expect(out).toHaveLength(2);
    const sms = out.find((o) => o.channel === 'sms')!;
    expect(sms).toMatchObject({ company_id: 1, status: 3, subject: null, body: '【wfsaas】合同到期提醒：张伟的劳动合同将于30天内到期。' });
    expect(sms.recipient_hash).toBe(t.services.cipher.lookupHash('13800000000'));
    expect(t.services.cipher.decrypt(sms.recipient_enc)).toBe('13800000000');
    const email = out.find((o) => o.channel === 'email')!;
    expect(email).toMatchObject({ company_id: 1, status: 3, subject: '合同到期提醒' });
    expect(email.body).toContain('张伟的劳动合同将于30天内到期。');
    expect(email.body).toContain('/staffRoll');
    expect(t.services.cipher.decrypt(email.recipient_enc)).toBe('linxiao@example.com');
    // Recipients are stored encrypted, never in clear.
    expect(email.recipient_enc).not.toContain('linxiao');
  });

  it('sends an SMS to an explicit phone rather than the user’s own', async () => {
    await send(t, { companyId: 1, userId: adminId, recipient: { phone: '13912345678' }, channels: ['sms'], title: '测试', content: '显式号码' });
    const last = (await outboxRows(t)).at(-1)!;
    expect(t.services.cipher.decrypt(last.recipient_enc)).toBe('13912345678');
  });

  it('the same idempotency key writes nothing new in any channel; another key, or the same key in another company, does', async () => {
    const input: NotifyInput = {
      companyId: 1,
      userId: adminId,
      recipient: { email: 'linxiao@example.com' },
      channels: ['inapp', 'sms', 'email'],
      title: '工资条已发送',
      content: '5月工资条已发送完成。',
      idempotencyKey: 'payslip-batch-42',
    };
    const first = await send(t, input);
    expect(first.written).toEqual(['inapp', 'sms', 'email']);
    const msgs = (await messageRows(t)).length;
    const out = (await outboxRows(t)).length;
    const again = await send(t, input);
    expect(again).toEqual({ written: [], duplicate: ['inapp', 'sms', 'email'], skipped: [] });
    expect((await messageRows(t)).length).toBe(msgs);
    expect((await outboxRows(t)).length).toBe(out);

    const keys = (await outboxRows(t)).map((o) => o.idempotency_key).filter(Boolean);
    expect(keys).toEqual(['1:payslip-batch-42:sms', '1:payslip-batch-42:email']);
    expect((await messageRows(t)).at(-1)!.idempotency_key).toBe('payslip-batch-42:inapp');

    // A retry that adds a channel writes only the new one.
    const more = await send(t, { ...input, channels: ['inapp', 'sms'] });
    expect(more.written).toEqual([]);
    const other = await send(t, { ...input, idempotencyKey: 'payslip-batch-43' });
    expect(other.written).toEqual(['inapp', 'sms', 'email']);
    const otherCompany = await send(t, { ...input, companyId: 2 });
    expect(otherCompany.written).toEqual(['inapp', 'sms', 'email']);
    expect((await messageRows(t)).length).toBe(msgs + 2);
    expect((await outboxRows(t)).length).toBe(out + 4);
  });

  it('skips a channel without a recipient, and refuses an in-app notice without a user', async () => {
    const out = (await outboxRows(t)).length;
    const r = await send(t, { companyId: 1, channels: ['sms', 'email'], title: 't', content: 'c' });
    expect(r).toEqual({ written: [], duplicate: [], skipped: ['sms', 'email'] });
    expect((await outboxRows(t)).length).toBe(out);
    await expect(send(t, { companyId: 1, channels: ['inapp'], title: 't', content: 'c' })).rejects.toThrow('needs userId');
  });

  it('runs in the caller’s transaction: nothing is written when the work that caused it rolls back', async () => {
    const msgs = (await messageRows(t)).length;
    const out = (await outboxRows(t)).length;
    await expect(
      t.database.inTenant(1, async (tx) => {
        await notify(tx, t.services, { companyId: 1, userId: adminId, recipient: { email: 'a@example.com' }, channels: ['inapp', 'sms', 'email'], title: 't', content: 'c' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await messageRows(t)).length).toBe(msgs);
    expect((await outboxRows(t)).length).toBe(out);
  });

  it('cannot write a notice into another company than the transaction’s (row-level security)', async () => {
    const msgs = (await messageRows(t)).length;
    await expect(t.database.inTenant(1, (tx) => notify(tx, t.services, { companyId: 2, userId: adminId, channels: ['inapp'], title: 't', content: 'c' }))).rejects.toThrow();
    expect((await messageRows(t)).length).toBe(msgs);
  });

  it('delivery without SMTP or an SMS gateway keeps pending rows in the outbox (status 3) and sends nothing', async () => {
    await t.database.inTransaction(async (tx) => {
      await enqueueMessage(tx, t.services.cipher, { channel: 'email', recipient: 'x@example.com', subject: 's', body: 'b', companyId: 1 });
      await enqueueMessage(tx, t.services.cipher, { channel: 'sms', recipient: '13900000009', body: 'b', companyId: 1, deliver: true });
    });
    const pending = (await outboxRows(t)).filter((o) => o.status === 0);
    expect(pending).toHaveLength(2);
    expect(await deliverPendingOnce(t.services)).toBe(0);
    const after = await outboxRows(t);
    for (const p of pending) expect(after.find((o) => o.id === p.id)).toMatchObject({ status: 3, attempts: 0 });
  });

  it('an SMS gateway is a drop-in: pending SMS goes through it and is marked sent', async () => {
    const sent: Array<[string, string]> = [];
    const gateway: SmsGateway = { name: 'test', send: async (phone, text) => void sent.push([phone, text]) };
    await t.database.inTransaction((tx) => enqueueMessage(tx, t.services.cipher, { channel: 'sms', recipient: '13900000010', body: '【wfsaas】网关测试', companyId: 1, deliver: true }));
    expect(await deliverPendingOnce(t.services, { smsGateway: gateway })).toBe(1);
    expect(sent).toEqual([['13900000010', '【wfsaas】网关测试']]);
    const row = (await outboxRows(t)).at(-1)!;
    expect(row).toMatchObject({ channel: 'sms', status: 1, attempts: 1, error: null });
    expect(row.sent_at).not.toBeNull();
    expect(await deliverPendingOnce(t.services, { smsGateway: gateway })).toBe(0);
    expect(sent).toHaveLength(1);
  });
});

describe('email delivery over SMTP', () => {
  let t: TestApp;
  let sink: Sink;
  let adminId: number;
  beforeAll(async () => {
    sink = await startSink();
    t = await createTestApp({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), SMTP_SECURE: 'false', SMTP_FROM: 'wfsaas <no-reply@wfsaas.test>' } });
    adminId = await userIdOf(t, '13800000000');
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('sends a pending email exactly once to the right address with the subject, and marks it sent', async () => {
    const r = await send(t, {
      companyId: 1,
      userId: adminId,
      recipient: { email: 'hr@yunfan.example' },
      channels: ['email'],
      title: '5月工资条已发送完成 PAY-0501',
      content: '本月工资条已全部发送，共 10 人。MARKER-7F3A',
      link: '/gzt-vite/payslipManagement',
    });
    expect(r.written).toEqual(['email']);
    const [row] = await outboxRows(t);
    expect(row).toMatchObject({ channel: 'email', status: 0, attempts: 0 });

    expect(await deliverPendingOnce(t.services)).toBe(1);
    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0]!;
    expect(mail.to).toEqual(['hr@yunfan.example']);
    const parsed = parseMail(mail.raw);
    expect(parsed.subject).toBe('5月工资条已发送完成 PAY-0501');
    expect(parsed.text).toContain('本月工资条已全部发送，共 10 人。MARKER-7F3A');
    expect(parsed.text).toContain('/gzt-vite/payslipManagement');
    expect(parsed.headers).toMatch(/^From: wfsaas <no-reply@wfsaas\.test>$/m);
    expect(parsed.headers).toMatch(new RegExp(`^X-Wfsaas-Outbox-Id: ${row!.id}$`, 'im'));

    const [sent] = await outboxRows(t);
    expect(sent).toMatchObject({ status: 1, attempts: 1, error: null });
    expect(sent!.sent_at).not.toBeNull();

    expect(await deliverPendingOnce(t.services)).toBe(0);
    expect(sink.received).toHaveLength(1);
  });

  it('two senders at once never send one email twice', async () => {
    sink.received.length = 0;
    for (let i = 1; i <= 4; i++) {
      await send(t, { companyId: 1, recipient: { email: `p${i}@yunfan.example` }, channels: ['email'], title: `批量通知 ${i}`, content: `第 ${i} 封` });
    }
    const counts = await Promise.all([deliverPendingOnce(t.services, { batchSize: 2 }), deliverPendingOnce(t.services, { batchSize: 2 }), deliverPendingOnce(t.services)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
    expect(sink.received.map((m) => m.to[0]).sort()).toEqual(['p1@yunfan.example', 'p2@yunfan.example', 'p3@yunfan.example', 'p4@yunfan.example']);
    expect((await outboxRows(t)).every((o) => o.status === 1 && o.attempts === 1)).toBe(true);
  });

  it('a refusing server: attempts grow with back-off, and after 5 the row is failed with the error', async () => {
    sink.received.length = 0;
    sink.rejecting = true;
    try {
      await send(t, { companyId: 1, recipient: { email: 'nobody@yunfan.example' }, channels: ['email'], title: '退信测试', content: '服务器拒收' });
      const id = (await outboxRows(t)).at(-1)!.id;
      const row = async () => (await outboxRows(t)).find((o) => o.id === id)!;

      expect(await deliverPendingOnce(t.services)).toBe(0);
      expect(await row()).toMatchObject({ status: 0, attempts: 1, due: false });
      expect((await row()).error).toContain('550');
      // Backed off: a pass straight away does not try it again.
      expect(await deliverPendingOnce(t.services)).toBe(0);
      expect((await row()).attempts).toBe(1);

      for (let attempt = 2; attempt <= 5; attempt++) {
        await t.database.db.execute(sql`update outbox set next_attempt_at = now() - interval '1 second' where id = ${id}`);
        expect(await deliverPendingOnce(t.services)).toBe(0);
        expect(await row()).toMatchObject({ attempts: attempt, status: attempt < 5 ? 0 : 2 });
      }
      const failed = await row();
      expect(failed.error).toContain('Mailbox unavailable');
      expect(failed.sent_at).toBeNull();
      // A failed row is not tried again.
      await t.database.db.execute(sql`update outbox set next_attempt_at = now() - interval '1 second' where id = ${id}`);
      expect(await deliverPendingOnce(t.services)).toBe(0);
      expect(await row()).toMatchObject({ attempts: 5, status: 2 });
      expect(sink.received).toHaveLength(0);
    } finally {
      sink.rejecting = false;
    }
  });

  it('the background delivery sends what is enqueued, and stops cleanly', async () => {
    sink.received.length = 0;
    const worker = startOutboxDelivery(t.services, { intervalMs: 50 });
    try {
      await send(t, { companyId: 2, recipient: { email: 'bg@qiming.example' }, channels: ['email'], title: '后台发送', content: '后台任务发送的邮件' });
      for (let i = 0; i < 100 && sink.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await worker.stop();
    }
    expect(sink.received.map((m) => m.to)).toEqual([['bg@qiming.example']]);
    expect((await outboxRows(t)).at(-1)).toMatchObject({ company_id: 2, status: 1 });
  });
});
