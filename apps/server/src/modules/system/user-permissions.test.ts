import type { UserPermissionEntry, UserPermissionNode } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PERMISSIONS } from '../../seed/demo.ts';
import { joinCompany } from '../../test/members.ts';
import { expectRefused as refused, createTestApp, type TestApp } from '../../test/harness.ts';

const API = '/wfsaas-system/api/sys';

let t: TestApp;
let admin: string;
let staff: string;
let adminId: number;
let staffId: number;
let company2UserId: number;

async function userIdOf(phone: string): Promise<number> {
  return Number((await t.rows<{ id: number }>(sql`select id from users where phone_hash = ${t.services.cipher.lookupHash(phone)}`))[0]!.id);
}

const expectRefused = (call: Parameters<typeof refused>[1], code: number, message: string) => refused(t, call, code, message);

function findNode(nodes: UserPermissionNode[], key: string): UserPermissionNode | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = findNode(n.children, key);
    if (hit) return hit;
  }
  return undefined;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  adminId = await userIdOf('13800000000');
  staffId = await userIdOf('13800000001');
  company2UserId = (await joinCompany(t, { adminToken: admin, companyId: 2, phone: '13700000002', nickname: '上海同事' })).userId;
});
afterAll(async () => t?.close());

describe('per-user permissions', () => {
  it('lists a member’s effective keys with where each comes from', async () => {
    const r = await t.call<UserPermissionEntry[]>(`${API}/permission/user/list`, { token: admin, companyId: 1, body: { userId: staffId } });
    expect(r.body.code).toBe(200);
    expect(r.body.data.map((e) => e.key).sort()).toEqual([...DEMO_STAFF_PERMISSIONS].sort());
    expect(r.body.data.find((e) => e.key === 'staffRoll')).toEqual({ key: 'staffRoll', title: '在职花名册', source: 'role', roleNames: ['HR专员'], isDirect: false });
    const a = await t.call<UserPermissionEntry[]>(`${API}/permission/user/list`, { token: admin, companyId: 1, body: { userId: adminId } });
    expect(a.body.data.length).toBeGreaterThan(100);
    expect(new Set(a.body.data.map((e) => e.source))).toEqual(new Set(['admin']));
  });

  it('grants keys directly: effective at once, shown as direct, audited; removing takes them away', async () => {
    const saved = await t.call<{ permissionKeys: string[] }>(`${API}/permission/save`, { token: admin, companyId: 1, body: { userId: staffId, permissionKeys: ['invoiceManagement', 'staffRoll'] } });
    expect(saved.body.data.permissionKeys).toEqual(['invoiceManagement', 'staffRoll']);
    const map = await t.call<Record<string, boolean>>(`${API}/permission/in/user/list`, { token: staff, companyId: 1 });
    expect(map.body.data.invoiceManagement).toBe(true);

    const list = await t.call<UserPermissionEntry[]>(`${API}/permission/user/list`, { token: admin, companyId: 1, body: { userId: staffId } });
    expect(list.body.data.find((e) => e.key === 'invoiceManagement')).toMatchObject({ source: 'direct', roleNames: [], isDirect: true });
    expect(list.body.data.find((e) => e.key === 'staffRoll')).toMatchObject({ source: 'role', roleNames: ['HR专员'], isDirect: true });

    const tree = await t.call<UserPermissionNode[]>(`${API}/permission/user/tree`, { token: admin, companyId: 1, body: { userId: staffId } });
    expect(findNode(tree.body.data, 'invoiceManagement')).toMatchObject({ checked: true, source: 'direct', isDirect: true, disabled: false });
    expect(findNode(tree.body.data, 'home')).toMatchObject({ checked: true, source: 'role', isDirect: false });
    expect(findNode(tree.body.data, 'payroll')).toMatchObject({ checked: false, source: null });

    const audit = await t.rows<{ entity_id: string; before: unknown; after: unknown }>(sql`select entity_id, before, after from audit_log where company_id = 1 and action = 'userPermission.save'`);
    expect(audit).toEqual([{ entity_id: String(staffId), before: { permissionKeys: [] }, after: { permissionKeys: ['invoiceManagement', 'staffRoll'] } }]);

    const removed = await t.call<{ permissionKeys: string[] }>(`${API}/permission/remove`, { token: admin, companyId: 1, body: { userId: staffId, permissionKeys: ['invoiceManagement', 'staffRoll'] } });
    expect(removed.body.data.permissionKeys).toEqual([]);
    const after = await t.call<Record<string, boolean>>(`${API}/permission/in/user/list`, { token: staff, companyId: 1 });
    expect(after.body.data.invoiceManagement).toBeUndefined();
    // the role still gives staffRoll
    expect(after.body.data.staffRoll).toBe(true);
    expect(await t.rows(sql`select action from audit_log where company_id = 1 and action = 'userPermission.remove'`)).toHaveLength(1);
  });

  it('a key the company has switched off is not effective, even when granted', async () => {
    await t.call(`${API}/permission/save`, { token: admin, companyId: 1, body: { userId: staffId, permissionKeys: ['billManagement'] } });
    await t.database.db.execute(sql`update company_permissions set enabled = false where company_id = 1 and permission_key = 'billManagement'`);
    try {
      const list = await t.call<UserPermissionEntry[]>(`${API}/permission/user/list`, { token: admin, companyId: 1, body: { userId: staffId } });
      expect(list.body.data.find((e) => e.key === 'billManagement')).toBeUndefined();
      await expectRefused(() => t.call(`${API}/permission/save`, { token: admin, companyId: 1, body: { userId: staffId, permissionKeys: ['billManagement'] } }), 400, '权限「账单管理」未对本公司开通，请先在企业权限中开通');
    } finally {
      await t.database.db.execute(sql`update company_permissions set enabled = true where company_id = 1 and permission_key = 'billManagement'`);
      await t.call(`${API}/permission/remove`, { token: admin, companyId: 1, body: { userId: staffId, permissionKeys: ['billManagement'] } });
    }
  });

  it('refuses bad input, naming the field, and changes nothing', async () => {
    await expectRefused(() => t.call(`${API}/permission/save`, { token: admin, companyId: 1, body: { userId: staffId, permissionKeys: [] } }), 400, '权限至少需要1项');
    await expectRefused(() => t.call(`${API}/permission/save`, { token: admin, companyId: 1, body: { permissionKeys: ['home'] } }), 400, '请填写成员');
    await expectRefused(() => t.call(`${API}/permission/remove`, { token: admin, companyId: 1, body: { userId: staffId, permissionKeys: ['x.y'] } }), 400, '权限「x.y」不存在');
    await expectRefused(() => t.call(`${API}/permission/user/list`, { token: admin, companyId: 1, body: { userId: -3 } }), 400, '成员必须大于0');
  });

  it('answers a member of another company as not found, and refuses callers without access', async () => {
    for (const url of ['permission/save', 'permission/remove']) {
      await expectRefused(() => t.call(`${API}/${url}`, { token: admin, companyId: 1, body: { userId: company2UserId, permissionKeys: ['home'] } }), 404, '成员不存在');
    }
    for (const url of ['permission/user/tree', 'permission/user/list']) {
      await expectRefused(() => t.call(`${API}/${url}`, { token: admin, companyId: 1, body: { userId: company2UserId } }), 404, '成员不存在');
      await expectRefused(() => t.call(`${API}/${url}`, { token: staff, companyId: 1, body: { userId: staffId } }), 403, '您没有此操作的权限（rolePermission），请联系管理员');
      await expectRefused(() => t.call(`${API}/${url}`, { token: staff, companyId: 2, body: { userId: company2UserId } }), 403, '您不是该公司的成员，无权访问');
    }
    await expectRefused(() => t.call(`${API}/permission/save`, { token: staff, companyId: 1, body: { userId: staffId, permissionKeys: ['payroll'] } }), 403, '您没有此操作的权限（rolePermission.edit），请联系管理员');
    await expectRefused(() => t.call(`${API}/permission/save`, { token: staff, companyId: 2, body: { userId: company2UserId, permissionKeys: ['payroll'] } }), 403, '您不是该公司的成员，无权访问');
  });
});
