import { encryptLeadMobile, usccCheckChar, LEAD_RATE_LIMIT, type LeadAddResult, type LeadEventView, type OpLeadView } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRole } from '../../test/factories.ts';
import { createTestApp, expectUnchanged, type TestApp } from '../../test/harness.ts';
import { MSG_LEAD_MOBILE_FORMAT, MSG_LEAD_MOBILE_UNREADABLE } from './leads-mobile.ts';
import { MSG_LEAD_ADDED, MSG_LEAD_MERGED, MSG_LEAD_RATE } from './leads.service.ts';

/** 客户线索: the browser's encrypted mobile, merging, the per-user limit, the promoter, and the operator's follow-up. */

const API = '/wfsaas-saas/api';
const CREDIT_STEM = '91330106MA2LEAD0P';
let t: TestApp;
let admin: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  operator = await t.login('13900000000');
}, 120_000);
afterAll(async () => t?.close());

const add = (body: object, token = admin, companyId: number | null = 1) => t.call<LeadAddResult>(`${API}/club/add`, { token, companyId: companyId ?? undefined, body });
const op = <T>(path: string, body: object, token = operator) => t.call<T>(`${API}/operator/club${path}`, { token, body });

async function leadRow(id: number) {
  const [row] = await t.rows<{ mobile_enc: string; mobile_hash: string; company_id: string | null; promoter: unknown; promoter_id: string | null; submit_count: number }>(sql`select * from leads where id = ${id}`);
  return row!;
}

describe('club/add', () => {
  it('takes the mobile encrypted as the browser does, stores it re-encrypted, and the operator sees it masked', async () => {
    const mobile = '13912345678';
    const r = await add({ mobile: await encryptLeadMobile(mobile), planNumType: 'plan_num_payroll', remark: '想了解薪酬计算', inEmp: 120, promoter: { promoterId: 'P1', gwSource: 'mail', spreadType: '2' } });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.message).toBe(MSG_LEAD_ADDED);
    expect(r.body.data).toMatchObject({ merged: false, message: MSG_LEAD_ADDED });
    const row = await leadRow(r.body.data.id);
    expect(row.mobile_enc).not.toContain(mobile);
    expect(t.services.cipher.decrypt(row.mobile_enc)).toBe(mobile);
    expect(row.mobile_hash).toBe(t.services.cipher.lookupHash(mobile));
    expect(Number(row.company_id)).toBe(1);
    expect(row.promoter).toEqual({ promoterId: 'P1', gwSource: 'mail', spreadType: '2' });

    const page = await op<OpLeadView[]>('/page', { promoterId: 'P1' });
    expect(page.body.code, page.body.message).toBe(200);
    const seen = page.body.data.find((x) => x.id === r.body.data.id)!;
    expect(seen).toMatchObject({ mobile: '139****5678', planName: '薪酬计算', companyName: '杭州云帆科技有限公司', statusLabel: '新线索', clueSeat: 'saas-dyfw-02', sourceType: 1, insuranceType: 1, gwSource: 'mail', inEmp: 120 });
    expect(seen.promoter?.promoterId).toBe('P1');
    expect(JSON.stringify(page.body)).not.toContain(mobile);
  });

  it('merges the same phone and plan within a day, and keeps apart another plan', async () => {
    const mobile = '13712340000';
    const first = await add({ mobile: await encryptLeadMobile(mobile), planNumType: 'plan_num_siHosting' });
    const again = await add({ mobile: await encryptLeadMobile(mobile), planNumType: 'plan_num_siHosting', remark: '再问一次' });
    expect(again.body.message).toBe(MSG_LEAD_MERGED);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, merged: true });
    expect((await leadRow(first.body.data.id)).submit_count).toBe(2);
    const other = await add({ mobile: await encryptLeadMobile(mobile), planNumType: 'plan_num_dyfw' });
    expect(other.body.data.id).not.toBe(first.body.data.id);
  });

  it('refuses a tampered or foreign ciphertext, a non-mainland number and an unknown service, changing nothing', async () => {
    const good = await encryptLeadMobile('13812345678');
    const raw = Buffer.from(good, 'base64');
    raw[raw.length - 20] ^= 1;
    await expectUnchanged(t.database, () => add({ mobile: raw.toString('base64') }), 400, MSG_LEAD_MOBILE_UNREADABLE);
    await expectUnchanged(t.database, () => add({ mobile: '13812345678' }), 400, MSG_LEAD_MOBILE_UNREADABLE);
    await expectUnchanged(t.database, () => add({ mobile: 'not base64!' }), 400, MSG_LEAD_MOBILE_UNREADABLE);
    await expectUnchanged(t.database, async () => add({ mobile: await encryptLeadMobile('85291234567') }), 400, MSG_LEAD_MOBILE_FORMAT);
    await expectUnchanged(t.database, async () => add({ mobile: await encryptLeadMobile('13812345678'), planNumType: 'plan_num_nosuch' }), 400, '咨询服务：不存在的服务「nosuch」');
    await expectUnchanged(t.database, async () => add({ mobile: await encryptLeadMobile('13812345678'), sourceType: 2 }), 400, '来源类型取值无效');
    await expectUnchanged(t.database, async () => add({ mobile: await encryptLeadMobile('13812345678'), promoter: { promoterId: 'P 1' } }), 400, /^推广人/);
  });

  it('limits each user to LEAD_RATE_LIMIT submissions an hour, and asks nothing of a user without a company', async () => {
    const { token } = await signInAsRole(t, { adminToken: admin, phone: '13700009301', role: '线索测试', permissionKeys: ['staffRoll'] });
    for (let i = 0; i < LEAD_RATE_LIMIT; i++) {
      const r = await add({ mobile: await encryptLeadMobile(`1360000000${i}`) }, token, null);
      expect(r.body.code, r.body.message).toBe(200);
      expect((await leadRow(r.body.data.id)).company_id).toBeNull();
    }
    await expectUnchanged(t.database, async () => add({ mobile: await encryptLeadMobile('13600000009') }, token, null), 429, MSG_LEAD_RATE);
  });

  it('takes the company only from a membership the header names', async () => {
    const r = await add({ mobile: await encryptLeadMobile('13812340001') }, operator, 1);
    expect(r.status).toBe(403);
  });
});

describe('operator leads', () => {
  it('reveals the phone with a record, follows up with a status, and refuses members', async () => {
    const mobile = '13512345678';
    const { body } = await add({ mobile: await encryptLeadMobile(mobile), planNumType: 'plan_num_outsourcing' });
    const id = body.data.id;
    expect((await op('/reveal', { id }, admin)).status).toBe(403);
    expect((await op('/page', {}, admin)).status).toBe(403);
    const revealed = await op<{ mobile: string }>('/reveal', { id });
    expect(revealed.body.data.mobile).toBe(mobile);
    await expectUnchanged(t.database, () => op('/follow', { id, status: 2, note: '' }), 400, '请填写跟进记录');
    await expectUnchanged(t.database, () => op('/follow', { id: 999999, status: 2, note: '已电话联系' }), 404, '线索不存在');
    const followed = await op<OpLeadView>('/follow', { id, status: 2, note: '已电话联系，约下周演示' });
    expect(followed.body.data).toMatchObject({ status: 2, statusLabel: '已联系', followNote: '已电话联系，约下周演示', mobile: '135****5678' });
    const contacted = await op<OpLeadView[]>('/page', { status: 2 });
    expect(contacted.body.data.map((x) => x.id)).toContain(id);
    const events = await op<LeadEventView[]>('/events', { id });
    expect(events.body.data.map((e) => e.kindLabel)).toEqual(['跟进', '查看手机号', '提交咨询']);
    expect(events.body.data[1]!.actorName).toBeTruthy();
    await expect(t.database.db.execute(sql`update lead_events set kind = 'x' where lead_id = ${id}`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
  });
});

describe('promoter at 创建企业', () => {
  it('keeps the promoter of the visit with the new company', async () => {
    const r = await t.call<{ companyId: number }>(`${API}/company/create`, {
      token: admin,
      body: { companyName: '杭州推广测试有限公司', creditCode: `${CREDIT_STEM}${usccCheckChar(CREDIT_STEM)}`, contactName: '王敏', contactPhone: '13800000000', promoter: { promoterId: 'P9', sourceId: 's1', emailCompany: '某营销公司' } },
    });
    expect(r.body.code, r.body.message).toBe(200);
    const rows = await t.rows<{ promoter_id: string; promoter: unknown }>(sql`select promoter_id, promoter from company_promoters where company_id = ${r.body.data.companyId}`);
    expect(rows).toEqual([{ promoter_id: 'P9', promoter: { promoterId: 'P9', sourceId: 's1', emailCompany: '某营销公司' } }]);
  });
});
