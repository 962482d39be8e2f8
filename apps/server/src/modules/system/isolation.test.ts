import type { RoleListItem, ThreeInitAuthItem } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PERMISSIONS } from '../../seed/demo.ts';
import { joinCompany } from '../../test/members.ts';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';

/**
 * Company isolation across the whole API: every company-scoped route refuses a user who is not a
 * member of the company in the header, and the system routes answer another company's records as
 * not found — in both cases with the database unchanged.
 */

let t: TestApp;
let admin: string;
let staff: string;
let staffId: number;
let hrRoleId: number;

/** A body with every field the system routes read, well-formed, aimed at company 1's records. */
function plausibleBody(): Record<string, unknown> {
  return {
    companyId: 2,
    createId: staffId,
    operPersonType: 2,
    id: hrRoleId,
    roleId: hrRoleId,
    roleIds: [hrRoleId],
    userId: staffId,
    employeeId: 1,
    permissionKeys: ['home'],
    enabled: false,
    allTargets: true,
    targetIds: [1],
    partyCompanyId: 1,
    departmentIds: [1],
    sealIds: [1],
    config: { companyName: true },
    phone: '13700000009',
    nickname: '越权账号',
    password: 'abc12345',
    pageNum: 1,
    pageSize: 10,
    typeList: [1, 2, 3, 4, 5],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  staffId = Number((await t.rows<{ id: number }>(sql`select id from users where phone_hash = ${t.services.cipher.lookupHash('13800000001')}`))[0]!.id);
  hrRoleId = Number((await t.rows<{ id: number }>(sql`select id from roles where company_id = 1 and name = 'HR专员'`))[0]!.id);
});
afterAll(async () => t?.close());

describe('company isolation', () => {
  it('every company-scoped route refuses a user who is not a member of the company (403), changing nothing', async () => {
    // operator routes belong to no company: a non-operator is refused there with their own message (trade tests)
    const scoped = t.app.registeredRoutes.filter((r) => r.access && r.access !== 'public' && r.access !== 'user' && r.access !== 'operator' && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    // the system routes alone are more than 40: the enumeration must have found them
    expect(scoped.filter((r) => r.url.startsWith('/wfsaas-system/') || r.url.startsWith('/wfsaas-saas/api/threeInitAuth/')).length).toBeGreaterThanOrEqual(40);
    const before = await snapshotCounts(t.database);
    const failures: string[] = [];
    for (const r of scoped) {
      const url = r.url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*$/, 'x');
      const method = r.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${staff}`, companyid: '2' },
        ...(method === 'GET' ? {} : { payload: plausibleBody() }),
      });
      let body: { code?: number; message?: string } = {};
      try {
        body = res.json();
      } catch {
        body = {};
      }
      if (res.statusCode !== 403 || body.code !== 403 || body.message !== '您不是该公司的成员，无权访问') {
        failures.push(`${r.method} ${r.url} → ${res.statusCode} ${JSON.stringify(body).slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('the system routes answer company 2’s records as not found when called for company 1, changing nothing', async () => {
    // company 2's records, made by its administrator
    const role2 = (await t.call<RoleListItem>('/wfsaas-system/api/sys/role/save', { token: admin, companyId: 2, body: { name: '上海专员' } })).body.data.id;
    const user2 = (await joinCompany(t, { adminToken: admin, companyId: 2, phone: '13700000005', nickname: '上海同事' })).userId;
    const auth2 = (await t.call<ThreeInitAuthItem>('/wfsaas-saas/api/threeInitAuth/department', { token: admin, companyId: 2, body: { partyCompanyId: 1, departmentIds: [16] } })).body.data.id;
    const employee2 = Number((await t.rows<{ id: number }>(sql`select id from employees where company_id = 2 order by id limit 1`))[0]!.id);
    const invitation2 = (await t.call<{ id: number }>('/wfsaas-system/api/subAccount/save', { token: admin, companyId: 2, body: { phone: '13700000006', nickname: '待加入' } })).body.data.id;
    // a third company to be a legitimate partner of company 1
    const third = (
      await t.call<{ companyId: number }>('/wfsaas-saas/api/company/create', {
        token: admin,
        body: { companyName: '福州新创电子有限公司', creditCode: '91350100M000100Y43', contactName: '林晓', contactPhone: '13800000000' },
      })
    ).body.data.companyId;
    expect([role2, user2, auth2, employee2, invitation2, third].every((x) => Number.isInteger(x) && x > 0)).toBe(true);

    const sys = '/wfsaas-system/api/sys';
    const sub = '/wfsaas-system/api/subAccount';
    const tia = '/wfsaas-saas/api/threeInitAuth';
    const cases: [string, Record<string, unknown>, string][] = [
      [`${sys}/role/one`, { id: role2 }, '角色不存在'],
      [`${sys}/role/save`, { id: role2, name: '越权改名' }, '角色不存在'],
      [`${sys}/role/remove`, { id: role2 }, '角色不存在'],
      [`${sys}/rolePermission/tree`, { roleId: role2 }, '角色不存在'],
      [`${sys}/rolePermission/save`, { roleId: role2, permissionKeys: ['home'] }, '角色不存在'],
      [`${sys}/rolePermission/batchSave`, { roleIds: [hrRoleId, role2], permissionKeys: ['home'] }, '角色不存在'],
      [`${sys}/userRole/select`, { userId: user2 }, '成员不存在'],
      [`${sys}/userRole/save`, { userId: user2, roleIds: [] }, '成员不存在'],
      [`${sys}/userRole/save`, { userId: staffId, roleIds: [role2] }, '角色不存在'],
      [`${sys}/permission/save`, { userId: user2, permissionKeys: ['home'] }, '成员不存在'],
      [`${sys}/permission/remove`, { userId: user2, permissionKeys: ['home'] }, '成员不存在'],
      [`${sys}/permission/user/tree`, { userId: user2 }, '成员不存在'],
      [`${sys}/permission/user/list`, { userId: user2 }, '成员不存在'],
      [`${sys}/dataPermission/dept/detail`, { roleId: role2 }, '角色不存在'],
      [`${sys}/dataPermission/dept/save`, { roleId: role2, targetIds: [1] }, '角色不存在'],
      [`${sys}/dataPermission/seal/detail`, { roleId: role2 }, '角色不存在'],
      [`${sys}/dataPermission/seal/save`, { roleId: role2, targetIds: [1] }, '角色不存在'],
      [`${tia}/detail`, { id: auth2 }, '授权记录不存在'],
      [`${tia}/department`, { id: auth2, partyCompanyId: third, departmentIds: [1] }, '授权记录不存在'],
      [`${tia}/seal`, { id: auth2, partyCompanyId: third, sealIds: [1] }, '授权记录不存在'],
      [`${tia}/companyInfoConfig`, { id: auth2, partyCompanyId: third, config: { companyName: true } }, '授权记录不存在'],
      [`${tia}/cancel`, { id: auth2 }, '授权记录不存在'],
      [`${tia}/delete`, { id: auth2 }, '授权记录不存在'],
      [`${tia}/sync`, { id: auth2 }, '授权记录不存在'],
      [`${sub}/get`, { userId: user2 }, '子账号不存在'],
      [`${sub}/save`, { userId: user2, nickname: '越权' }, '子账号不存在'],
      [`${sub}/save`, { phone: '13700000009', nickname: '新人', roleIds: [role2] }, '角色不存在'],
      [`${sub}/remove`, { userId: user2 }, '子账号不存在'],
      [`${sub}/bindEmployee`, { userId: user2, employeeId: 1 }, '成员不存在'],
      [`${sub}/bindEmployee`, { userId: staffId, employeeId: employee2 }, '员工不存在'],
      [`${sub}/unbindEmployee`, { userId: user2 }, '成员不存在'],
      [`${sub}/updatePassword`, { userId: user2, password: 'steal1234' }, '子账号不存在'],
      [`${sub}/invitation/cancel`, { invitationId: invitation2 }, '邀请不存在'],
      [`${sub}/invitation/resend`, { invitationId: invitation2 }, '邀请不存在'],
    ];

    // every system route that takes a record id is covered above
    const withIds = t.app.registeredRoutes
      .map((r) => r.url)
      .filter((u) => (u.startsWith(`${sys}/`) || u.startsWith(`${sub}/`) || u.startsWith(`${tia}/`)) && !/\/(page|companyPermission\/.*|permission\/in\/user\/list)$/.test(u));
    expect([...new Set(withIds)].sort()).toEqual([...new Set(cases.map((c) => c[0]))].sort());

    const before = await snapshotCounts(t.database);
    for (const [url, body, message] of cases) {
      const r = await t.call(url, { token: admin, companyId: 1, body });
      expect({ url, code: r.body.code, message: r.body.message }).toEqual({ url, code: 404, message });
    }
    expect(await snapshotCounts(t.database)).toEqual(before);
    // and company 2's records are as they were
    expect(await t.rows(sql`select name, status from roles where company_id = 2 and id = ${role2}`)).toEqual([{ name: '上海专员', status: 1 }]);
    expect(await t.rows(sql`select status from three_init_auth where company_id = 2 and id = ${auth2}`)).toEqual([{ status: 1 }]);
  });

  it('a change to a role’s permissions is effective at once for its members', async () => {
    const map = async () => (await t.call<Record<string, boolean>>('/wfsaas-system/api/sys/permission/in/user/list', { token: staff, companyId: 1, body: { typeList: [1, 2, 3, 4, 5] } })).body.data;
    expect((await map()).invoiceManagement).toBeUndefined();
    await t.call('/wfsaas-system/api/sys/rolePermission/save', { token: admin, companyId: 1, body: { roleId: hrRoleId, permissionKeys: [...DEMO_STAFF_PERMISSIONS, 'invoiceManagement'] } });
    expect((await map()).invoiceManagement).toBe(true);
    await t.call('/wfsaas-system/api/sys/rolePermission/save', { token: admin, companyId: 1, body: { roleId: hrRoleId, permissionKeys: DEMO_STAFF_PERMISSIONS } });
    expect((await map()).invoiceManagement).toBeUndefined();
  });
});
