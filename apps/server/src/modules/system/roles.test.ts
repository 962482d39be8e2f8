import type { RoleDetail, RoleListItem, RolePermissionNode, UserRoleOption } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PERMISSIONS } from '../../seed/demo.ts';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';

const API = '/wfsaas-system/api/sys';

let t: TestApp;
let admin: string;
let staff: string;
let staffId: number;
let hrRoleId: number;
let company2RoleId: number;

async function auditOf(companyId: number, action: string) {
  return t.rows<{ entity_id: string; before: unknown; after: unknown; actor_user_id: number }>(
    sql`select entity_id, before, after, actor_user_id from audit_log where company_id = ${companyId} and action = ${action} order by id`,
  );
}

function findNode<T extends { key: string; children: T[] }>(nodes: T[], key: string): T | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = findNode(n.children, key);
    if (hit) return hit;
  }
  return undefined;
}

/** Expects a refused call to answer `status`/`code`/`message` and to change nothing. */
async function expectRefused(call: () => Promise<{ status: number; body: { code: number; message: string } }>, code: number, message: string, status = /^(您不是该公司的成员|您没有此操作的权限)/.test(message) ? 403 : 200) {
  const before = await snapshotCounts(t.database);
  const r = await call();
  expect(r.body).toMatchObject({ code, message });
  expect(r.status).toBe(status);
  expect(await snapshotCounts(t.database)).toEqual(before);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  staffId = Number((await t.rows<{ id: number }>(sql`select id from users where phone_hash = ${t.services.cipher.lookupHash('13800000001')}`))[0]!.id);
  hrRoleId = Number((await t.rows<{ id: number }>(sql`select id from roles where company_id = 1 and name = 'HR专员'`))[0]!.id);
  const r = await t.call<RoleListItem>(`${API}/role/save`, { token: admin, companyId: 2, body: { name: '上海专员', description: '第二家公司的角色' } });
  company2RoleId = r.body.data.id;
});
afterAll(async () => t?.close());

describe('roles', () => {
  it('pages the active roles with member and permission counts, filtered by name', async () => {
    const r = await t.call<RoleListItem[]>(`${API}/role/page`, { token: admin, companyId: 1, body: { pageNum: 1, pageSize: 10 } });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({ id: hrRoleId, name: 'HR专员', status: 1, userCount: 1, permissionCount: DEMO_STAFF_PERMISSIONS.length });
    expect(r.body.pageMessage).toMatchObject({ pageNum: 1, pageSize: 10, total: 1, pages: 1 });
    const none = await t.call<RoleListItem[]>(`${API}/role/page`, { token: admin, companyId: 1, body: { name: '财务' } });
    expect(none.body.data).toEqual([]);
    const noBody = await t.call<RoleListItem[]>(`${API}/role/page`, { token: admin, companyId: 1 });
    expect(noBody.body.pageMessage).toMatchObject({ pageNum: 1, pageSize: 10, total: 1 });
    // the other company's role never shows here
    const c2 = await t.call<RoleListItem[]>(`${API}/role/page`, { token: admin, companyId: 2 });
    expect(c2.body.data.map((x) => x.name)).toEqual(['上海专员']);
  });

  it('creates and renames a role, names unique among active roles, audited', async () => {
    const created = await t.call<RoleListItem>(`${API}/role/save`, { token: admin, companyId: 1, body: { name: '财务主管', description: '薪酬审核' } });
    expect(created.body).toMatchObject({ code: 200, data: { name: '财务主管', description: '薪酬审核', userCount: 0, permissionCount: 0 } });
    const id = created.body.data.id;
    expect((await auditOf(1, 'role.create')).at(-1)).toMatchObject({ entity_id: String(id), after: { name: '财务主管', description: '薪酬审核' } });

    await expectRefused(() => t.call(`${API}/role/save`, { token: admin, companyId: 1, body: { name: '财务主管' } }), 409, '角色名称已存在');
    await expectRefused(() => t.call(`${API}/role/save`, { token: admin, companyId: 1, body: { id, name: 'HR专员' } }), 409, '角色名称已存在');
    // the same name in another company is another role
    const other = await t.call<RoleListItem>(`${API}/role/save`, { token: admin, companyId: 2, body: { name: '财务主管' } });
    expect(other.body.code).toBe(200);

    const renamed = await t.call<RoleListItem>(`${API}/role/save`, { token: admin, companyId: 1, body: { id, name: '财务经理', description: '' } });
    expect(renamed.body.data).toMatchObject({ id, name: '财务经理', description: null });
    expect((await auditOf(1, 'role.update')).at(-1)).toMatchObject({
      entity_id: String(id),
      before: { name: '财务主管', description: '薪酬审核' },
      after: { name: '财务经理', description: null },
    });
    const one = await t.call<RoleDetail>(`${API}/role/one`, { token: admin, companyId: 1, body: { id } });
    expect(one.body.data).toMatchObject({ id, name: '财务经理', permissionKeys: [] });
  });

  it('refuses bad input with a Chinese message naming the field, writing nothing', async () => {
    await expectRefused(() => t.call(`${API}/role/save`, { token: admin, companyId: 1, body: { name: '  ' } }), 400, '请填写角色名称');
    await expectRefused(() => t.call(`${API}/role/save`, { token: admin, companyId: 1, body: { name: '长'.repeat(31) } }), 400, '角色名称不能超过30个字符');
    await expectRefused(() => t.call(`${API}/role/save`, { token: admin, companyId: 1, body: { id: 'abc', name: '某角色' } }), 400, '角色格式不正确');
    await expectRefused(() => t.call(`${API}/role/one`, { token: admin, companyId: 1, body: {} }), 400, '请填写角色');
    await expectRefused(() => t.call(`${API}/role/remove`, { token: admin, companyId: 1, body: { id: 999999 } }), 404, '角色不存在');
  });

  it('answers another company’s role as not found and changes nothing', async () => {
    await expectRefused(() => t.call(`${API}/role/one`, { token: admin, companyId: 1, body: { id: company2RoleId } }), 404, '角色不存在');
    await expectRefused(() => t.call(`${API}/role/save`, { token: admin, companyId: 1, body: { id: company2RoleId, name: '越权改名' } }), 404, '角色不存在');
    await expectRefused(() => t.call(`${API}/role/remove`, { token: admin, companyId: 1, body: { id: company2RoleId } }), 404, '角色不存在');
    await expectRefused(() => t.call(`${API}/rolePermission/tree`, { token: admin, companyId: 1, body: { roleId: company2RoleId } }), 404, '角色不存在');
    await expectRefused(() => t.call(`${API}/rolePermission/save`, { token: admin, companyId: 1, body: { roleId: company2RoleId, permissionKeys: ['home'] } }), 404, '角色不存在');
    await expectRefused(
      () => t.call(`${API}/rolePermission/batchSave`, { token: admin, companyId: 1, body: { roleIds: [hrRoleId, company2RoleId], permissionKeys: ['home'] } }),
      404,
      '角色不存在',
    );
    await expectRefused(() => t.call(`${API}/userRole/save`, { token: admin, companyId: 1, body: { userId: staffId, roleIds: [company2RoleId] } }), 404, '角色不存在');
  });

  it('refuses a member of another company (403) and a member without the permission (403), changing nothing', async () => {
    await expectRefused(() => t.call(`${API}/role/page`, { token: staff, companyId: 2, body: {} }), 403, '您不是该公司的成员，无权访问');
    await expectRefused(() => t.call(`${API}/role/save`, { token: staff, companyId: 2, body: { name: '越权' } }), 403, '您不是该公司的成员，无权访问');
    await expectRefused(() => t.call(`${API}/role/page`, { token: staff, companyId: 1, body: {} }), 403, '您没有此操作的权限（rolePermission），请联系管理员');
    await expectRefused(() => t.call(`${API}/role/one`, { token: staff, companyId: 1, body: { id: hrRoleId } }), 403, '您没有此操作的权限（rolePermission），请联系管理员');
    for (const [url, body] of [
      ['role/save', { name: '越权' }],
      ['role/remove', { id: hrRoleId }],
      ['rolePermission/save', { roleId: hrRoleId, permissionKeys: ['payroll'] }],
      ['rolePermission/batchSave', { roleIds: [hrRoleId], permissionKeys: ['payroll'] }],
      ['userRole/save', { userId: staffId, roleIds: [] }],
    ] as const) {
      await expectRefused(() => t.call(`${API}/${url}`, { token: staff, companyId: 1, body }), 403, '您没有此操作的权限（rolePermission.edit），请联系管理员');
    }
    await expectRefused(() => t.call(`${API}/rolePermission/tree`, { token: staff, companyId: 1, body: { roleId: hrRoleId } }), 403, '您没有此操作的权限（rolePermission），请联系管理员');
    await expectRefused(() => t.call(`${API}/userRole/select`, { token: staff, companyId: 1, body: { userId: staffId } }), 403, '您没有此操作的权限（rolePermission），请联系管理员');
  });
});

describe('role permissions', () => {
  it('shows the tree of what the company has switched on, checked where the role holds the key', async () => {
    const r = await t.call<RolePermissionNode[]>(`${API}/rolePermission/tree`, { token: admin, companyId: 1, body: { roleId: hrRoleId } });
    expect(r.body.code).toBe(200);
    expect(findNode(r.body.data, 'staffRoll')).toMatchObject({ checked: true, disabled: false, type: 'menu' });
    expect(findNode(r.body.data, 'payroll')).toMatchObject({ checked: false, disabled: false });
    expect(findNode(r.body.data, 'rolePermission.edit')).toMatchObject({ type: 'action', checked: false });
    const checked: string[] = [];
    const walk = (ns: RolePermissionNode[]) => ns.forEach((n) => (n.checked && checked.push(n.key), walk(n.children)));
    walk(r.body.data);
    expect(checked.sort()).toEqual([...DEMO_STAFF_PERMISSIONS].sort());
  });

  it('replaces a role’s set; the change is effective at once for its members', async () => {
    const before = await t.call<Record<string, boolean>>(`${API}/permission/in/user/list`, { token: staff, companyId: 1 });
    expect(before.body.data.feedBack).toBeUndefined();
    const keys = [...DEMO_STAFF_PERMISSIONS, 'feedBack'];
    const saved = await t.call<{ permissionKeys: string[] }>(`${API}/rolePermission/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, permissionKeys: keys } });
    expect(saved.body.data.permissionKeys).toEqual([...keys].sort());
    const granted = await t.call<Record<string, boolean>>(`${API}/permission/in/user/list`, { token: staff, companyId: 1 });
    expect(granted.body.data.feedBack).toBe(true);
    const audit = (await auditOf(1, 'rolePermission.save')).at(-1)!;
    expect(audit).toMatchObject({ entity_id: String(hrRoleId), after: { permissionKeys: [...keys].sort() } });
    expect((audit.before as { permissionKeys: string[] }).permissionKeys).not.toContain('feedBack');

    await t.call(`${API}/rolePermission/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, permissionKeys: DEMO_STAFF_PERMISSIONS } });
    const revoked = await t.call<Record<string, boolean>>(`${API}/permission/in/user/list`, { token: staff, companyId: 1 });
    expect(revoked.body.data.feedBack).toBeUndefined();
    expect(revoked.body.data.staffRoll).toBe(true);
  });

  it('refuses unknown keys and keys the company has not switched on, naming them', async () => {
    await expectRefused(
      () => t.call(`${API}/rolePermission/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, permissionKeys: ['home', 'nope.key'] } }),
      400,
      '权限「nope.key」不存在',
    );
    await expectRefused(() => t.call(`${API}/rolePermission/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, permissionKeys: 'home' } }), 400, '权限格式不正确');
    await expectRefused(() => t.call(`${API}/rolePermission/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, permissionKeys: ['home', 5] } }), 400, '权限第2项格式不正确');
    await t.database.db.execute(sql`update company_permissions set enabled = false where company_id = 1 and permission_key = 'feedBack'`);
    try {
      await expectRefused(
        () => t.call(`${API}/rolePermission/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, permissionKeys: ['feedBack'] } }),
        400,
        '权限「意见反馈」未对本公司开通，请先在企业权限中开通',
      );
      const tree = await t.call<RolePermissionNode[]>(`${API}/rolePermission/tree`, { token: admin, companyId: 1, body: { roleId: hrRoleId } });
      expect(findNode(tree.body.data, 'feedBack')).toBeUndefined();
    } finally {
      await t.database.db.execute(sql`update company_permissions set enabled = true where company_id = 1 and permission_key = 'feedBack'`);
    }
  });

  it('adds keys to several roles at once, keeping what they hold', async () => {
    const finance = await t.call<RoleListItem>(`${API}/role/save`, { token: admin, companyId: 1, body: { name: '薪酬专员' } });
    const fid = finance.body.data.id;
    const r = await t.call<{ roleIds: number[]; added: number }>(`${API}/rolePermission/batchSave`, {
      token: admin,
      companyId: 1,
      body: { roleIds: [hrRoleId, fid, fid], permissionKeys: ['payroll', 'home'] },
    });
    expect(r.body.data).toEqual({ roleIds: [hrRoleId, fid].sort((a, b) => a - b), added: 3 });
    const hr = await t.call<RoleDetail>(`${API}/role/one`, { token: admin, companyId: 1, body: { id: hrRoleId } });
    expect(hr.body.data.permissionKeys).toEqual([...DEMO_STAFF_PERMISSIONS, 'payroll'].sort());
    const fin = await t.call<RoleDetail>(`${API}/role/one`, { token: admin, companyId: 1, body: { id: fid } });
    expect(fin.body.data.permissionKeys).toEqual(['home', 'payroll']);
    expect((await auditOf(1, 'rolePermission.batchSave')).map((a) => a.entity_id).sort()).toEqual([String(hrRoleId), String(fid)].sort());
    await expectRefused(() => t.call(`${API}/rolePermission/batchSave`, { token: admin, companyId: 1, body: { roleIds: [], permissionKeys: ['home'] } }), 400, '角色至少需要1项');
    await t.call(`${API}/rolePermission/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, permissionKeys: DEMO_STAFF_PERMISSIONS } });
  });
});

describe('user roles', () => {
  it('lists every active role with the member’s selection, and replaces the member’s roles', async () => {
    const sel = await t.call<UserRoleOption[]>(`${API}/userRole/select`, { token: admin, companyId: 1, body: { userId: staffId } });
    expect(sel.body.data.find((r) => r.id === hrRoleId)).toMatchObject({ name: 'HR专员', selected: true });
    expect(sel.body.data.filter((r) => r.selected)).toHaveLength(1);
    const extra = sel.body.data.find((r) => r.name === '薪酬专员')!;

    const saved = await t.call<{ roleIds: number[] }>(`${API}/userRole/save`, { token: admin, companyId: 1, body: { userId: staffId, roleIds: [extra.id, hrRoleId] } });
    expect(saved.body.data.roleIds).toEqual([hrRoleId, extra.id].sort((a, b) => a - b));
    const perms = await t.call<Record<string, boolean>>(`${API}/permission/in/user/list`, { token: staff, companyId: 1 });
    expect(perms.body.data.payroll).toBe(true);
    expect((await auditOf(1, 'userRole.save')).at(-1)).toMatchObject({ entity_id: String(staffId), before: { roleIds: [hrRoleId] } });

    await t.call(`${API}/userRole/save`, { token: admin, companyId: 1, body: { userId: staffId, roleIds: [hrRoleId] } });
    const after = await t.call<Record<string, boolean>>(`${API}/permission/in/user/list`, { token: staff, companyId: 1 });
    expect(after.body.data.payroll).toBeUndefined();
  });

  it('answers a user who is not a member of the company as not found', async () => {
    const adminId = Number((await t.rows<{ id: number }>(sql`select id from users where phone_hash = ${t.services.cipher.lookupHash('13800000000')}`))[0]!.id);
    expect(adminId).toBeGreaterThan(0);
    await expectRefused(() => t.call(`${API}/userRole/select`, { token: admin, companyId: 2, body: { userId: staffId } }), 404, '成员不存在');
    await expectRefused(() => t.call(`${API}/userRole/save`, { token: admin, companyId: 2, body: { userId: staffId, roleIds: [company2RoleId] } }), 404, '成员不存在');
    await expectRefused(() => t.call(`${API}/userRole/save`, { token: admin, companyId: 1, body: { userId: 99999999, roleIds: [] } }), 404, '成员不存在');
    await expectRefused(() => t.call(`${API}/userRole/save`, { token: admin, companyId: 1, body: { userId: staffId, roleIds: [0] } }), 400, '角色第1项必须大于0');
  });
});

describe('removing a role', () => {
  it('archives the role, unlinks its members at once, and frees the name', async () => {
    const temp = await t.call<RoleListItem>(`${API}/role/save`, { token: admin, companyId: 1, body: { name: '临时角色' } });
    const id = temp.body.data.id;
    await t.call(`${API}/rolePermission/save`, { token: admin, companyId: 1, body: { roleId: id, permissionKeys: ['feedBack'] } });
    await t.call(`${API}/userRole/save`, { token: admin, companyId: 1, body: { userId: staffId, roleIds: [hrRoleId, id] } });
    expect((await t.call<Record<string, boolean>>(`${API}/permission/in/user/list`, { token: staff, companyId: 1 })).body.data.feedBack).toBe(true);

    const r = await t.call<{ removedUserCount: number }>(`${API}/role/remove`, { token: admin, companyId: 1, body: { id } });
    expect(r.body.data).toEqual({ id, removedUserCount: 1 });
    expect(await t.rows(sql`select status from roles where company_id = 1 and id = ${id}`)).toEqual([{ status: 0 }]);
    expect(await t.rows(sql`select 1 from user_roles where company_id = 1 and role_id = ${id}`)).toEqual([]);
    expect((await t.call<Record<string, boolean>>(`${API}/permission/in/user/list`, { token: staff, companyId: 1 })).body.data.feedBack).toBeUndefined();
    expect((await auditOf(1, 'role.remove')).at(-1)).toMatchObject({
      entity_id: String(id),
      before: { name: '临时角色', status: 1, userIds: [staffId] },
      after: { status: 0, userIds: [] },
    });
    await expectRefused(() => t.call(`${API}/role/one`, { token: admin, companyId: 1, body: { id } }), 404, '角色不存在');
    await expectRefused(() => t.call(`${API}/role/remove`, { token: admin, companyId: 1, body: { id } }), 404, '角色不存在');
    const again = await t.call<RoleListItem>(`${API}/role/save`, { token: admin, companyId: 1, body: { name: '临时角色' } });
    expect(again.body.code).toBe(200);
    expect(again.body.data.id).not.toBe(id);
  });
});

describe('no raising one’s own rights', () => {
  it('a member who may edit roles can hand out only permissions they hold', async () => {
    await t.call(`${API}/permission/save`, { token: admin, companyId: 1, body: { userId: staffId, permissionKeys: ['rolePermission', 'rolePermission.edit'] } });
    try {
      await expectRefused(
        () => t.call(`${API}/rolePermission/save`, { token: staff, companyId: 1, body: { roleId: hrRoleId, permissionKeys: [...DEMO_STAFF_PERMISSIONS, 'payroll'] } }),
        403,
        '不能授予您自己没有的权限：发放记录',
      );
      await expectRefused(() => t.call(`${API}/permission/save`, { token: staff, companyId: 1, body: { userId: staffId, permissionKeys: ['sensitive.view'] } }), 403, '不能授予您自己没有的权限：查看敏感信息（完整证件号、手机号、银行卡号）');
      const fin = (await t.rows<{ id: number }>(sql`select id from roles where company_id = 1 and name = '薪酬专员' and status = 1`))[0]!.id;
      await expectRefused(() => t.call(`${API}/userRole/save`, { token: staff, companyId: 1, body: { userId: staffId, roleIds: [hrRoleId, Number(fin)] } }), 403, '不能授予您自己没有的权限：发放记录');
      // what they hold they may give, and they may take keys away
      const ok = await t.call<{ permissionKeys: string[] }>(`${API}/rolePermission/save`, {
        token: staff,
        companyId: 1,
        body: { roleId: hrRoleId, permissionKeys: DEMO_STAFF_PERMISSIONS.filter((k) => k !== 'downloadCenter') },
      });
      expect(ok.body.code).toBe(200);
      expect(Number((await auditOf(1, 'rolePermission.save')).at(-1)!.actor_user_id)).toBe(staffId);
    } finally {
      await t.call(`${API}/rolePermission/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, permissionKeys: DEMO_STAFF_PERMISSIONS } });
      await t.call(`${API}/permission/remove`, { token: admin, companyId: 1, body: { userId: staffId, permissionKeys: ['rolePermission', 'rolePermission.edit'] } });
    }
    expect((await t.call(`${API}/role/page`, { token: staff, companyId: 1 })).status).toBe(403);
  });
});
