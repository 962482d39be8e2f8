import { ONBOARD_API, ONBOARD_PHONE_API, type InviteView } from '@wfsaas/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { readOutbox } from '../test/outbox.ts';
import { encryptLegacyPlaintext } from './data-fixes.ts';
import { rowsOf } from './db.ts';

/** Codes, links and imported cells are never kept in clear; what an earlier version kept is encrypted at start. */

let t: TestApp;
let admin: string;

async function rows<T>(q: SQL): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(q));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
});
afterAll(async () => t?.close());

describe('secrets at rest', () => {
  it('keeps SMS texts (codes and links) encrypted in the outbox', async () => {
    expect((await t.call('/wfsaas-auth/sms/send', { body: { phone: '13800000000' } })).body.code).toBe(200);
    const sent = (await readOutbox(t)).at(-1)!;
    const code = /验证码为(\d{6})/.exec(sent.body)![1]!;
    const [raw] = await rows<{ body: string | null; body_enc: string }>(sql`select body, body_enc from outbox where id = ${sent.id}`);
    expect(raw!.body).toBeNull();
    expect(raw!.body_enc).not.toContain(code);
    // and the code itself only as a keyed hash
    expect(JSON.stringify(await rows(sql`select * from sms_codes`))).not.toContain(code);
  });

  it('keeps an invitation link’s token encrypted, found by its hash', async () => {
    const r = await t.call<InviteView>(`${ONBOARD_API}/invite/create`, { token: admin, companyId: 1, body: { title: '社招', expiresOn: '2099-01-01' } });
    const token = r.body.data.link.split('/').pop()!;
    expect(JSON.stringify(await rows(sql`select * from onboarding_invites`))).not.toContain(token);
    expect(JSON.stringify(await rows(sql`select * from onboarding_links`))).not.toContain(token);
    expect((await t.call(`${ONBOARD_PHONE_API}/open`, { body: { token } })).body.code).toBe(200);
  });

  it('encrypts what an earlier version kept in clear, which then reads as before', async () => {
    await t.database.db.execute(sql`insert into outbox (channel, recipient_hash, recipient_enc, body, status) values ('sms', ${t.services.cipher.lookupHash('13900000009')}, ${t.services.cipher.encrypt('13900000009')}, '【wfsaas】旧验证码为123456', 3)`);
    const invite = await t.call<InviteView>(`${ONBOARD_API}/invite/create`, { token: admin, companyId: 1, body: { title: '旧邀请', expiresOn: '2099-01-01' } });
    const token = invite.body.data.link.split('/').pop()!;
    await t.database.db.execute(sql`update onboarding_invites set token = ${token}, token_enc = null where company_id = 1 and id = ${invite.body.data.id}`);
    const [batch] = await rows<{ id: number }>(sql`insert into import_batches (company_id, template_name, file_id, file_name, mapping) values (1, 'employee', 0, 'old.xlsx', '{"headers":[],"fields":[]}') returning id`);
    await t.database.db.execute(sql`insert into import_rows (company_id, batch_id, row_no, data) values (1, ${batch!.id}, 2, '["旧行","13900000009"]'::jsonb)`);

    expect(await encryptLegacyPlaintext(t.services)).toBe(3);
    expect(await encryptLegacyPlaintext(t.services)).toBe(0);
    expect(await rows(sql`select id from outbox where body is not null`)).toEqual([]);
    expect((await readOutbox(t)).some((m) => m.body === '【wfsaas】旧验证码为123456')).toBe(true);
    const [row] = await rows<{ data: unknown; data_enc: string }>(sql`select data, data_enc from import_rows where company_id = 1 and batch_id = ${batch!.id}`);
    expect(row!.data).toBeNull();
    expect(JSON.parse(t.services.cipher.decrypt(row!.data_enc))).toEqual(['旧行', '13900000009']);
    const list = await t.call<InviteView[]>(`${ONBOARD_API}/invite/page`, { token: admin, companyId: 1, body: {} });
    expect(list.body.data.find((i) => i.id === invite.body.data.id)!.link).toBe(`/m/onboard/${token}`);
    expect(JSON.stringify(await rows(sql`select * from onboarding_invites`))).not.toContain(token);
  });
});
