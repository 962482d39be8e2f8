import { PERMISSION_KEYS, type CompanyPermissionNode, type RolePermissionNode } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused as refused, createTestApp, type TestApp } from '../../test/harness.ts';

const API = '/wfsaas-system/api/sys/companyPermission';

let t: TestApp;
let admin: string;
let staff: string;
let staffId: number;
let hrRoleId: number;

const expectRefused = (call: Parameters<typeof refused>[1], code: number, message: string) => refused(t, call, code, message);

function flatten<T extends { key: string; children: T[] }>(nodes: T[]): T[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  staffId = Number((await t.rows<{ id: number }>(sql`select id from users where phone_hash = ${t.services.cipher.lookupHash('13800000001')}`))[0]!.id);
  hrRoleId = Number((await t.rows<{ id: number }>(sql`select id from roles where company_id = 1 and name = 'HR专员'`))[0]!.id);
});
afterAll(async () => t?.close());

describe('company permissions', () => {
  it('shows every permission key in the tree with its enabled flag', async () => {
    const r = await t.call<CompanyPermissionNode[]>(`${API}/tree`, { token: admin, companyId: 1 });
    expect(r.body.code).toBe(200);
    const all = flatten(r.body.data);
    expect(all.map((n) => n.key).sort()).toEqual([...PERMISSION_KEYS].sort());
    expect(all.every((n) => n.enabled)).toBe(true);
  });

  it('switches keys off and on: hidden from roles and members at once, audited', async () => {
    const off = await t.call<{ updated: number }>(`${API}/update`, { token: admin, companyId: 1, body: { permissionKeys: ['staffRoll', 'feedBack'], enabled: false } });
    expect(off.body.data).toEqual({ updated: 2 });
    const tree = await t.call<CompanyPermissionNode[]>(`${API}/tree`, { token: admin, companyId: 1 });
    expect(flatten(tree.body.data).filter((n) => !n.enabled).map((n) => n.key).sort()).toEqual(['feedBack', 'staffRoll']);
    // the member's role holds staffRoll, but the company has it off
    const map = await t.call<Record<string, boolean>>('/wfsaas-system/api/sys/permission/in/user/list', { token: staff, companyId: 1 });
    expect(map.body.data.staffRoll).toBeUndefined();
    const adminMap = await t.call<Record<string, boolean>>('/wfsaas-system/api/sys/permission/in/user/list', { token: admin, companyId: 1 });
    expect(adminMap.body.data.feedBack).toBeUndefined();
    // the role editor shows staffRoll greyed out and unchecked; a leaf that is off is left out
    const roleTree = await t.call<RolePermissionNode[]>('/wfsaas-system/api/sys/rolePermission/tree', { token: admin, companyId: 1, body: { roleId: hrRoleId } });
    const roleNodes = flatten(roleTree.body.data);
    expect(roleNodes.find((n) => n.key === 'feedBack')).toBeUndefined();
    expect(roleNodes.find((n) => n.key === 'staffRoll')).toMatchObject({ checked: false, disabled: true });
    expect(roleNodes.find((n) => n.key === 'staffRoll')!.children.length).toBeGreaterThan(0);
    // company 2 is untouched
    expect(await t.rows(sql`select permission_key from company_permissions where company_id = 2 and not enabled`)).toEqual([]);
    const audit = await t.rows<{ before: unknown; after: unknown }>(sql`select before, after from audit_log where company_id = 1 and action = 'companyPermission.update'`);
    expect(audit).toEqual([{ before: { feedBack: true, staffRoll: true }, after: { feedBack: false, staffRoll: false } }]);

    const again = await t.call<{ updated: number }>(`${API}/update`, { token: admin, companyId: 1, body: { permissionKeys: ['staffRoll'], enabled: false } });
    expect(again.body.data).toEqual({ updated: 0 });

    const on = await t.call<{ updated: number }>(`${API}/update`, { token: admin, companyId: 1, body: { permissionKeys: ['staffRoll', 'feedBack'], enabled: true } });
    expect(on.body.data).toEqual({ updated: 2 });
    // the role kept its setting while the key was off
    const back = await t.call<Record<string, boolean>>('/wfsaas-system/api/sys/permission/in/user/list', { token: staff, companyId: 1 });
    expect(back.body.data.staffRoll).toBe(true);
  });

  it('refuses to switch off permission management itself, unknown keys and bad input', async () => {
    await expectRefused(
      () => t.call(`${API}/update`, { token: admin, companyId: 1, body: { permissionKeys: ['home', 'rolePermission.edit'], enabled: false } }),
      400,
      '不能关闭「编辑角色与权限」，否则将无人能够管理权限',
    );
    await expectRefused(() => t.call(`${API}/update`, { token: admin, companyId: 1, body: { permissionKeys: ['nope'], enabled: true } }), 400, '权限「nope」不存在');
    await expectRefused(() => t.call(`${API}/update`, { token: admin, companyId: 1, body: { permissionKeys: ['home'] } }), 400, '请填写是否开通');
    await expectRefused(() => t.call(`${API}/update`, { token: admin, companyId: 1, body: { permissionKeys: ['home'], enabled: 'yes' } }), 400, '是否开通格式不正确');
  });

  it('init adds the keys a company lacks (switched on), leaves switched-off keys off, and is idempotent', async () => {
    const none = await t.call<{ added: number }>(`${API}/init`, { token: admin, companyId: 1 });
    expect(none.body.data).toEqual({ added: 0 });
    await t.database.db.execute(sql`delete from company_permissions where company_id = 1 and permission_key in ('appCenter', 'helpCenter')`);
    await t.call(`${API}/update`, { token: admin, companyId: 1, body: { permissionKeys: ['feedBack'], enabled: false } });
    const r = await t.call<{ added: number }>(`${API}/init`, { token: admin, companyId: 1 });
    expect(r.body.data).toEqual({ added: 2 });
    expect(await t.rows(sql`select permission_key, enabled from company_permissions where company_id = 1 and permission_key in ('appCenter', 'helpCenter', 'feedBack') order by permission_key`)).toEqual([
      { permission_key: 'appCenter', enabled: true },
      { permission_key: 'feedBack', enabled: false },
      { permission_key: 'helpCenter', enabled: true },
    ]);
    expect(await t.rows(sql`select after from audit_log where company_id = 1 and action = 'companyPermission.init'`)).toEqual([{ after: { added: 2 } }]);
    const twice = await t.call<{ added: number }>(`${API}/init`, { token: admin, companyId: 1 });
    expect(twice.body.data).toEqual({ added: 0 });
    await t.call(`${API}/update`, { token: admin, companyId: 1, body: { permissionKeys: ['feedBack'], enabled: true } });
  });

  it('allInit initialises every company the caller administers, each with its own audit row', async () => {
    await t.database.db.execute(sql`delete from company_permissions where permission_key = 'appCenter'`);
    const r = await t.call<{ companies: { companyId: number; companyName: string; added: number }[]; added: number }>(`${API}/allInit`, { token: admin, companyId: 1 });
    expect(r.body.data).toEqual({
      companies: [
        { companyId: 1, companyName: '杭州云帆科技有限公司', added: 1 },
        { companyId: 2, companyName: '上海启明人力资源有限公司', added: 1 },
      ],
      added: 2,
    });
    expect(await t.rows(sql`select company_id::int as company_id, after from audit_log where action = 'companyPermission.allInit' order by company_id`)).toEqual([
      { company_id: 1, after: { added: 1, fromCompanyId: 1 } },
      { company_id: 2, after: { added: 1, fromCompanyId: 1 } },
    ]);
    // after the cross-company step the request is back in its own company: its own writes stay there
    expect(await t.rows(sql`select count(*)::int as n from company_permissions where permission_key = 'appCenter'`)).toEqual([{ n: 2 }]);
  });

  it('allInit covers only companies where the caller is administrator', async () => {
    const created = await t.call<{ companyId: number }>('/wfsaas-saas/api/company/create', {
      token: staff,
      body: { companyName: '福州新创电子有限公司', creditCode: '91350100M000100Y43', contactName: '周敏', contactPhone: '13800000001' },
    });
    const own = created.body.data.companyId;
    await t.database.db.execute(sql`delete from company_permissions where permission_key = 'helpCenter'`);
    const r = await t.call<{ companies: { companyId: number }[]; added: number }>(`${API}/allInit`, { token: staff, companyId: own });
    expect(r.body.data.companies.map((c) => c.companyId)).toEqual([own]);
    expect(r.body.data.added).toBe(1);
    expect(await t.rows(sql`select company_id::int as company_id from company_permissions where permission_key = 'helpCenter'`)).toEqual([{ company_id: own }]);
    await t.call(`${API}/allInit`, { token: admin, companyId: 1 });
  });

  it('administrators only: a member holding the permission is refused, and so are others', async () => {
    await t.call('/wfsaas-system/api/sys/permission/save', { token: admin, companyId: 1, body: { userId: staffId, permissionKeys: ['rolePermission', 'rolePermission.edit'] } });
    try {
      await expectRefused(() => t.call(`${API}/init`, { token: staff, companyId: 1 }), 403, '仅公司管理员可以操作');
      await expectRefused(() => t.call(`${API}/tree`, { token: staff, companyId: 1 }), 403, '仅公司管理员可以操作');
      await expectRefused(() => t.call(`${API}/update`, { token: staff, companyId: 1, body: { permissionKeys: ['home'], enabled: false } }), 403, '仅公司管理员可以操作');
      await expectRefused(() => t.call(`${API}/allInit`, { token: staff, companyId: 1 }), 403, '仅公司管理员可以操作');
    } finally {
      await t.call('/wfsaas-system/api/sys/permission/remove', { token: admin, companyId: 1, body: { userId: staffId, permissionKeys: ['rolePermission', 'rolePermission.edit'] } });
    }
    for (const url of ['init', 'tree', 'update', 'allInit']) {
      const body = url === 'update' ? { permissionKeys: ['home'], enabled: false } : undefined;
      await expectRefused(() => t.call(`${API}/${url}`, { token: staff, companyId: 1, body }), 403, '您没有此操作的权限（rolePermission.edit），请联系管理员');
      await expectRefused(() => t.call(`${API}/${url}`, { token: staff, companyId: 2, body }), 403, '您不是该公司的成员，无权访问');
    }
  });
});
