import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectRefused, type TestApp } from '../../test/harness.ts';
import { signInAsRole } from '../../test/factories.ts';
import { PNG, postFile } from '../../test/uploads.ts';
import { testUscc } from './enterprise-test-support.ts';

const API = '/wfsaas-saas/api/companyInfo';

let t: TestApp;
let admin: string;

type Profile = { name: string; creditCode: string; contactPhone: string; industry: string; sizeBand: string; logoUrl: string | null; certificationStatus: number; certificationReset?: boolean };

const body = (over: Record<string, unknown> = {}) => ({
  name: '上海启明人力资源有限公司',
  creditCode: '91310115MA1K4B2C3J',
  legalRepresentative: '林晓',
  registeredAddress: '上海市浦东新区张江路 665 号 3 层',
  industry: '租赁和商务服务业',
  sizeBand: '20-99人',
  contactName: '林晓',
  contactPhone: '13800000000',
  contactEmail: 'hr@qiming.example.com',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
});
afterAll(async () => t?.close());

describe('enterprise profile', () => {
  it('reads the seeded profile of company 1, the phone masked', async () => {
    const r = await t.call<Profile>(`${API}/get`, { token: admin, companyId: 1 });
    expect(r.body.data).toMatchObject({ name: '杭州云帆科技有限公司', industry: '软件和信息技术服务业', sizeBand: '100-499人', contactPhone: '138****0000', certificationStatus: 2 });
  });

  it('saves the profile with a logo; the phone is stored encrypted', async () => {
    const up = await postFile<{ fileId: string }>(t, '/wfsaas-file/api/file/uploadStatic', { token: admin, companyId: 2, filename: 'logo.png', content: PNG });
    const r = await t.call<Profile>(`${API}/save`, { token: admin, companyId: 2, body: body({ logoFileId: up.body.data.fileId }) });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ industry: '租赁和商务服务业', certificationStatus: 2, certificationReset: false, logoUrl: `/wfsaas-file/api/file/static/${up.body.data.fileId}` });
    const [row] = await t.rows<{ contact_phone_enc: string }>(sql`select contact_phone_enc from companies where id = 2`);
    expect(row!.contact_phone_enc).not.toContain('13800000000');
  });

  it('a bad credit code → 400 naming 统一社会信用代码, nothing changed', async () => {
    const state = async () => t.rows(sql`select * from companies where id = 2`);
    const r = await t.call(`${API}/save`, { token: admin, companyId: 2, body: body({ creditCode: '91310115MA1K4B2C3X' }) });
    expect(r.body.code).toBe(400);
    expect(r.body.message).toContain('统一社会信用代码');
    const before = await state();
    const ind = await t.call(`${API}/save`, { token: admin, companyId: 2, body: body({ industry: '炼金术' }) });
    expect(ind.body.message).toContain('所属行业');
    expect(await state()).toEqual(before);
  });

  it("another company's credit code is refused", async () => {
    const r = await t.call(`${API}/save`, { token: admin, companyId: 2, body: body({ creditCode: '91330106MA2H0Q1X72' }) });
    expect(r.body).toMatchObject({ code: 409, message: '统一社会信用代码已被平台上的其他企业使用，请核对' });
  });

  it('changing the name of a certified company sends it back to 未认证', async () => {
    const r = await t.call<Profile>(`${API}/save`, { token: admin, companyId: 2, body: body({ name: '上海启明人力资源集团有限公司', creditCode: testUscc(7) }) });
    expect(r.body.data).toMatchObject({ certificationStatus: 0, certificationReset: true });
    const audit = await t.rows<{ action: string }>(sql`select action from audit_log where company_id = 2 and action like 'enterprise.%' order by id`);
    expect(audit.map((a) => a.action)).toEqual(['enterprise.profile.save', 'enterprise.profile.save', 'enterprise.certification.reset']);
  });

  it('a member without enterpriseInformation.edit is refused (403)', async () => {
    const viewer = await signInAsRole(t, { adminToken: admin, companyId: 1, phone: '13700000401', role: '企业信息只读', permissionKeys: ['enterpriseInformation'] });
    const read = await t.call<Profile>(`${API}/get`, { token: viewer.token, companyId: 1 });
    expect(read.body.code).toBe(200);
    await expectRefused(t, () => t.call(`${API}/save`, { token: viewer.token, companyId: 1, body: body() }), 403, '您没有此操作的权限（enterpriseInformation.edit），请联系管理员');
    const staff = await t.login('13800000001');
    const r = await t.call(`${API}/get`, { token: staff, companyId: 1 });
    expect(r.status).toBe(403);
  });
});
