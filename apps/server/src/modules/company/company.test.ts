import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.ts';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
});
afterAll(async () => t?.close());

describe('companies', () => {
  it('lists the companies a user belongs to in the documented shape', async () => {
    const a = await t.call<Array<Record<string, unknown>>>('/wfsaas-saas/api/company/list', { token: admin });
    expect(a.body.data).toHaveLength(2);
    expect(Object.keys(a.body.data[0]!).sort()).toEqual(['companyId', 'companyName', 'isWb', 'logoUrl']);
    const s = await t.call<unknown[]>('/wfsaas-saas/api/company/list', { token: staff });
    expect(s.body.data).toHaveLength(1);
  });

  it('refuses (HTTP 403) a company the user does not belong to, whatever the body says', async () => {
    const before = await snapshotCounts(t.database);
    const r = await t.call('/wfsaas-system/api/sys/permission/in/user/list', { token: staff, companyId: 2, body: { companyId: 1, typeList: [1, 2, 3, 4, 5] } });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 403, message: '您不是该公司的成员，无权访问' });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('creates a company, checking the unified social credit code, and makes the creator its administrator', async () => {
    const bad = await t.call('/wfsaas-saas/api/company/create', { token: staff, body: { companyName: '测试公司', creditCode: '91330106MA2H0Q1X73', contactName: '王', contactPhone: '13900000000' } });
    expect(bad.body).toMatchObject({ code: 400, message: '统一社会信用代码不正确，请核对18位统一社会信用代码（校验位不符）' });
    const dup = await t.call('/wfsaas-saas/api/company/create', { token: staff, body: { companyName: '测试公司', creditCode: '91330106MA2H0Q1X72', contactName: '王', contactPhone: '13900000000' } });
    expect(dup.body.code).toBe(409);
    const ok = await t.call<{ companyId: number }>('/wfsaas-saas/api/company/create', { token: staff, body: { companyName: '苏州新创电子有限公司', creditCode: '91320594MA1MXXXX0', contactName: '王', contactPhone: '13900000000' } });
    // the sample above has a wrong length: it must be refused
    expect(ok.body.code).toBe(400);
    const good = await t.call<{ companyId: number }>('/wfsaas-saas/api/company/create', { token: staff, body: { companyName: '苏州新创电子有限公司', creditCode: '91350100M000100Y43', contactName: '王', contactPhone: '13900000000' } });
    expect(good.body.code).toBe(200);
    const id = good.body.data.companyId;
    const list = await t.call<Array<{ companyId: number }>>('/wfsaas-saas/api/company/list', { token: staff });
    expect(list.body.data.map((c) => c.companyId)).toContain(id);
    const perms = await t.call<Record<string, boolean>>('/wfsaas-system/api/sys/permission/in/user/list', { token: staff, companyId: id, body: { typeList: [1, 2, 3, 4, 5] } });
    expect(perms.body.data.rolePermission).toBe(true);
    const audit = rowsOf<{ action: string }>(await t.database.db.execute(sql`select action from audit_log where company_id = ${id}`));
    expect(audit.map((a) => a.action)).toContain('company.create');
  });

  it('the permission map of a limited member holds only what their role grants', async () => {
    const s = await t.call<Record<string, boolean>>('/wfsaas-system/api/sys/permission/in/user/list', { token: staff, companyId: 1, body: { typeList: [4, 5] } });
    expect(s.body.data.staffRoll).toBe(true);
    expect(s.body.data.rolePermission).toBeUndefined();
    const a = await t.call<Record<string, boolean>>('/wfsaas-system/api/sys/permission/in/user/list', { token: admin, companyId: 1 });
    expect(Object.keys(a.body.data).length).toBeGreaterThan(Object.keys(s.body.data).length);
    // the serviceConfiguration flag is always there: true for the admin, false for the limited role
    expect(a.body.data.serviceConfiguration).toBe(true);
    expect(s.body.data.serviceConfiguration).toBe(false);
  });

  it('refuses a malformed permission-list request with a Chinese message naming the field', async () => {
    const bad = await t.call('/wfsaas-system/api/sys/permission/in/user/list', { token: admin, companyId: 1, body: { typeList: 'x' } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain('权限类型');
    const tooLong = await t.call('/wfsaas-system/api/sys/permission/in/user/list', { token: admin, companyId: 1, body: { appId: 'a'.repeat(101) } });
    expect(tooLong.body.code).toBe(400);
    expect(tooLong.body.message).toContain('应用');
  });
});
