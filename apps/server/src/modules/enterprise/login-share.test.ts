import type { LoginShareRow } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectRefused, type TestApp } from '../../test/harness.ts';
import { createRole, signInAsRole } from '../../test/factories.ts';
import { newCompany } from './enterprise-test-support.ts';

const API = '/wfsaas-saas/api/loginShareConfig';

let t: TestApp;
let admin: string;
let staffId: number;
let roleId: number;

async function membership(companyId: number, userId: number) {
  return t.rows<{ status: number }>(sql`select status from company_members where company_id = ${companyId} and user_id = ${userId}`);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  const [staff] = await t.rows<{ user_id: number }>(sql`select m.user_id from company_members m where m.company_id = 1 and not m.is_admin limit 1`);
  staffId = Number(staff!.user_id);
  roleId = await createRole(t, { adminToken: admin, companyId: 2, name: '共享专员', permissionKeys: ['home', 'staffRoll'] });
});
afterAll(async () => t?.close());

describe('login sharing', () => {
  let grantId: number;

  it('lists the companies the caller also administers', async () => {
    const r = await t.call<{ companyId: number }[]>(`${API}/targets`, { token: admin, companyId: 1 });
    expect(r.body.data.map((c) => c.companyId)).toEqual([2]);
  });

  it('grants a member of company 1 membership of company 2 with the role; audited in both', async () => {
    expect(await membership(2, staffId)).toEqual([]);
    const r = await t.call<LoginShareRow[]>(`${API}/add`, { token: admin, companyId: 1, body: { targetCompanyId: 2, userIds: [staffId], roleId } });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data[0]).toMatchObject({ targetCompanyId: 2, userId: staffId, roleName: '共享专员', phone: '138****0001' });
    grantId = r.body.data[0]!.id;
    expect(await membership(2, staffId)).toEqual([{ status: 1 }]);
    const roles = await t.rows<{ role_id: number }>(sql`select role_id from user_roles where company_id = 2 and user_id = ${staffId}`);
    expect(roles.map((x) => Number(x.role_id))).toEqual([roleId]);
    const staff = await t.login('13800000001');
    const mine = await t.call<{ companyId: number }[]>('/wfsaas-saas/api/company/list', { token: staff });
    expect(mine.body.data.map((c) => c.companyId)).toContain(2);
    for (const companyId of [1, 2]) {
      const a = await t.rows(sql`select 1 from audit_log where company_id = ${companyId} and action = 'enterprise.loginShare.grant'`);
      expect(a.length).toBe(1);
    }
  });

  it('changes the role, and refuses a role of another company (404)', async () => {
    const other = await createRole(t, { adminToken: admin, companyId: 2, name: '共享专员二', permissionKeys: ['home'] });
    const r = await t.call<LoginShareRow[]>(`${API}/updateRole`, { token: admin, companyId: 1, body: { id: grantId, roleId: other } });
    expect(r.body.data[0]!.roleName).toBe('共享专员二');
    const [companyOneRole] = await t.rows<{ id: number }>(sql`select id from roles where company_id = 1 limit 1`);
    const bad = await t.call(`${API}/updateRole`, { token: admin, companyId: 1, body: { id: grantId, roleId: Number(companyOneRole!.id) } });
    expect(bad.body.code).toBe(404);
  });

  it('refuses someone already a member of the target, and a target the caller does not administer', async () => {
    const [adminRow] = await t.rows<{ user_id: number }>(sql`select user_id from company_members where company_id = 1 and is_admin limit 1`);
    const dup = await t.call(`${API}/add`, { token: admin, companyId: 1, body: { targetCompanyId: 2, userIds: [Number(adminRow!.user_id)], roleId } });
    expect(dup.body.code).toBe(409);
    const staff = await t.login('13800000001');
    const own = await newCompany(t, staff, '苏州共享测试有限公司', 301);
    await expectRefused(t, () => t.call(`${API}/roles`, { token: admin, companyId: 1, body: { targetCompanyId: own } }), 404, '共享到的公司不存在');
    await expectRefused(t, () => t.call(`${API}/add`, { token: admin, companyId: 1, body: { targetCompanyId: own, userIds: [staffId], roleId } }), 404, '共享到的公司不存在');
  });

  it('a member without accredit.edit is refused (403); one with it but not administrator is refused too', async () => {
    const viewer = await signInAsRole(t, { adminToken: admin, companyId: 1, phone: '13700000501', role: '授权中心查看', permissionKeys: ['accredit'] });
    await expectRefused(t, () => t.call(`${API}/revoke`, { token: viewer.token, companyId: 1, body: { id: grantId } }), 403, '您没有此操作的权限（accredit.edit），请联系管理员');
    const editor = await signInAsRole(t, { adminToken: admin, companyId: 1, phone: '13700000502', role: '授权中心编辑', permissionKeys: ['accredit', 'accredit.edit'] });
    await expectRefused(t, () => t.call(`${API}/revoke`, { token: editor.token, companyId: 1, body: { id: grantId } }), 403, '仅企业管理员可以设置登录共享');
  });

  it("another company's grant is not found; revoking removes only the membership the grant made", async () => {
    const other = await t.call(`${API}/revoke`, { token: admin, companyId: 2, body: { id: grantId } });
    expect(other.body.code).toBe(404);
    const r = await t.call<LoginShareRow[]>(`${API}/revoke`, { token: admin, companyId: 1, body: { id: grantId } });
    expect(r.body.data).toEqual([]);
    expect(await membership(2, staffId)).toEqual([{ status: 0 }]);
    expect(await membership(1, staffId)).toEqual([{ status: 1 }]);
    const roles = await t.rows(sql`select 1 from user_roles where company_id = 2 and user_id = ${staffId}`);
    expect(roles).toEqual([]);
  });
});
