import type { DataPermissionDetail, RoleListItem } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused as refused, createTestApp, type TestApp } from '../../test/harness.ts';

const API = '/wfsaas-system/api/sys/dataPermission';

let t: TestApp;
let admin: string;
let staff: string;
let hrRoleId: number;
let company2RoleId: number;

const expectRefused = (call: Parameters<typeof refused>[1], code: number, message: string) => refused(t, call, code, message);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  hrRoleId = Number((await t.rows<{ id: number }>(sql`select id from roles where company_id = 1 and name = 'HR专员'`))[0]!.id);
  company2RoleId = (await t.call<RoleListItem>('/wfsaas-system/api/sys/role/save', { token: admin, companyId: 2, body: { name: '上海专员' } })).body.data.id;
});
afterAll(async () => t?.close());

describe('data permissions', () => {
  it('a role without a saved data permission reads as not configured', async () => {
    const r = await t.call<DataPermissionDetail>(`${API}/dept/detail`, { token: admin, companyId: 1, body: { roleId: hrRoleId } });
    expect(r.body).toMatchObject({ code: 200, data: { roleId: hrRoleId, kind: 'dept', configured: false, allTargets: false, targetIds: [], updatedAt: null } });
  });

  it('saves the departments of a role (distinct, sorted), separately from its seals, audited', async () => {
    const r = await t.call<DataPermissionDetail>(`${API}/dept/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, allTargets: false, targetIds: [3, 1, 3, 2] } });
    expect(r.body.data).toMatchObject({ roleId: hrRoleId, kind: 'dept', configured: true, allTargets: false, targetIds: [1, 2, 3] });
    const seal = await t.call<DataPermissionDetail>(`${API}/seal/detail`, { token: admin, companyId: 1, body: { roleId: hrRoleId } });
    expect(seal.body.data).toMatchObject({ kind: 'seal', configured: false, targetIds: [] });

    const all = await t.call<DataPermissionDetail>(`${API}/dept/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, allTargets: true, targetIds: [5] } });
    expect(all.body.data).toMatchObject({ allTargets: true, targetIds: [] });
    const detail = await t.call<DataPermissionDetail>(`${API}/dept/detail`, { token: admin, companyId: 1, body: { roleId: hrRoleId } });
    expect(detail.body.data).toMatchObject({ configured: true, allTargets: true, targetIds: [] });

    const s = await t.call<DataPermissionDetail>(`${API}/seal/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, targetIds: [1] } });
    expect(s.body.data).toMatchObject({ kind: 'seal', allTargets: false, targetIds: [1] });
    expect(await t.rows(sql`select kind, all_targets, target_ids from data_permissions where company_id = 1 order by kind`)).toEqual([
      { kind: 'dept', all_targets: true, target_ids: [] },
      { kind: 'seal', all_targets: false, target_ids: [1] },
    ]);
    const audit = await t.rows<{ action: string; before: unknown; after: unknown }>(sql`select action, before, after from audit_log where company_id = 1 and action like 'dataPermission.%' order by id`);
    expect(audit).toEqual([
      { action: 'dataPermission.dept.save', before: null, after: { kind: 'dept', allTargets: false, targetIds: [1, 2, 3] } },
      { action: 'dataPermission.dept.save', before: { kind: 'dept', allTargets: false, targetIds: [1, 2, 3] }, after: { kind: 'dept', allTargets: true, targetIds: [] } },
      { action: 'dataPermission.seal.save', before: null, after: { kind: 'seal', allTargets: false, targetIds: [1] } },
    ]);
  });

  it('refuses ids that are not positive integers, naming the field, and writes nothing', async () => {
    await expectRefused(() => t.call(`${API}/dept/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, targetIds: [1, 0] } }), 400, '部门第2项必须大于0');
    await expectRefused(() => t.call(`${API}/dept/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, targetIds: [1.5] } }), 400, '部门第1项格式不正确');
    await expectRefused(() => t.call(`${API}/seal/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, targetIds: ['x'] } }), 400, '印章第1项格式不正确');
    await expectRefused(() => t.call(`${API}/seal/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, allTargets: 1 } }), 400, '全部印章格式不正确');
    await expectRefused(() => t.call(`${API}/dept/save`, { token: admin, companyId: 1, body: { targetIds: [1] } }), 400, '请填写角色');
    await expectRefused(() => t.call(`${API}/dept/save`, { token: admin, companyId: 1, body: { roleId: 987654, targetIds: [1] } }), 404, '角色不存在');
  });

  it('refuses departments and seals that are not the company’s own (another company’s, unknown), writing nothing', async () => {
    const d2 = Number((await t.rows<{ id: number }>(sql`select id from departments where company_id = 2 order by id limit 1`))[0]!.id);
    const s2 = Number((await t.rows<{ id: number }>(sql`select id from seals where company_id = 2 order by id limit 1`))[0]!.id);
    await expectRefused(() => t.call(`${API}/dept/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, targetIds: [1, d2] } }), 400, `部门不存在或已删除（ID ${d2}），请重新选择`);
    await expectRefused(() => t.call(`${API}/dept/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, targetIds: [987654] } }), 400, '部门不存在或已删除（ID 987654），请重新选择');
    await expectRefused(() => t.call(`${API}/seal/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, targetIds: [s2] } }), 400, `印章不存在或已删除（ID ${s2}），请重新选择`);
  });

  it('answers another company’s role as not found, and refuses callers without access', async () => {
    for (const kind of ['dept', 'seal']) {
      await expectRefused(() => t.call(`${API}/${kind}/detail`, { token: admin, companyId: 1, body: { roleId: company2RoleId } }), 404, '角色不存在');
      await expectRefused(() => t.call(`${API}/${kind}/save`, { token: admin, companyId: 1, body: { roleId: company2RoleId, targetIds: [1] } }), 404, '角色不存在');
      await expectRefused(() => t.call(`${API}/${kind}/detail`, { token: staff, companyId: 1, body: { roleId: hrRoleId } }), 403, '您没有此操作的权限（rolePermission），请联系管理员');
      await expectRefused(() => t.call(`${API}/${kind}/save`, { token: staff, companyId: 1, body: { roleId: hrRoleId, targetIds: [1] } }), 403, '您没有此操作的权限（rolePermission.edit），请联系管理员');
      await expectRefused(() => t.call(`${API}/${kind}/save`, { token: staff, companyId: 2, body: { roleId: company2RoleId, targetIds: [1] } }), 403, '您不是该公司的成员，无权访问');
    }
  });
});
