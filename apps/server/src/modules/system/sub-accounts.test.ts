import type { MyInvitations, SubAccountInvitation, SubAccountItem } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused as refused, createTestApp, snapshotCounts, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { joinCompany, signInBySms } from '../../test/members.ts';
import { readOutbox } from '../../test/outbox.ts';

const API = '/wfsaas-system/api/subAccount';

let t: TestApp;
let admin: string;
let staff: string;
let adminId: number;
let staffId: number;
let hrRoleId: number;
let company2OnlyUserId: number;
let company1EmployeeIds: number[];
let company2EmployeeId: number;

async function userIdOf(phone: string): Promise<number> {
  return Number((await t.rows<{ id: number }>(sql`select id from users where phone_hash = ${t.services.cipher.lookupHash(phone)}`))[0]!.id);
}

const expectRefused = (call: Parameters<typeof refused>[1], code: number, message: string) => refused(t, call, code, message);

async function tryLogin(phone: string, password: string) {
  return t.call<{ access_token: string }>('/wfsaas-auth/login', { body: { username: phone, password } });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  adminId = await userIdOf('13800000000');
  staffId = await userIdOf('13800000001');
  hrRoleId = Number((await t.rows<{ id: number }>(sql`select id from roles where company_id = 1 and name = 'HR专员'`))[0]!.id);
  company2OnlyUserId = (await joinCompany(t, { adminToken: admin, companyId: 2, phone: '13700000003', nickname: '上海独有', password: 'only2pass' })).userId;
  company1EmployeeIds = (await t.rows<{ id: number }>(sql`select id from employees where company_id = 1 order by id`)).map((r) => Number(r.id));
  company2EmployeeId = Number((await t.rows<{ id: number }>(sql`select id from employees where company_id = 2 order by id limit 1`))[0]!.id);
});
afterAll(async () => t?.close());

describe('sub-accounts', () => {
  let newUserId: number;
  let sharedUserId: number;

  it('pages the non-administrator members with masked phones and their roles', async () => {
    const r = await t.call<SubAccountItem[]>(`${API}/page`, { token: admin, companyId: 1, body: {} });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toEqual([
      {
        userId: staffId,
        phone: '138****0001',
        nickname: '周敏（HR专员）',
        isAdmin: false,
        isSubAccount: true,
        roles: [{ id: hrRoleId, name: 'HR专员' }],
        employeeId: null,
        employeeName: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(r.body.pageMessage).toMatchObject({ pageNum: 1, pageSize: 10, total: 1 });
    expect((await t.call<SubAccountItem[]>(`${API}/page`, { token: admin, companyId: 1, body: { keyword: '13800000001' } })).body.data).toHaveLength(1);
    expect((await t.call<SubAccountItem[]>(`${API}/page`, { token: admin, companyId: 1, body: { keyword: '周敏' } })).body.data).toHaveLength(1);
    expect((await t.call<SubAccountItem[]>(`${API}/page`, { token: admin, companyId: 1, body: { keyword: '13800000000' } })).body.data).toHaveLength(0);
  });

  it('invites a new phone: no account and no password until its holder signs in by SMS code and accepts, with the roles', async () => {
    await expectRefused(
      () => t.call(`${API}/save`, { token: admin, companyId: 1, body: { phone: '13700000001', nickname: '钱多多', password: 'pass1234', roleIds: [hrRoleId] } }),
      400,
      '密码：子账号的密码由本人设置，请不要填写。对方用手机号验证码登录并接受邀请后，可在账号菜单中设置登录密码',
    );
    const r = await t.call<SubAccountInvitation>(`${API}/save`, { token: admin, companyId: 1, body: { phone: '13700000001', nickname: '钱多多', roleIds: [hrRoleId] } });
    expect(r.body).toMatchObject({ code: 200, data: { phone: '137****0001', nickname: '钱多多', status: 0, statusName: '待接受', expired: false, roles: [{ id: hrRoleId, name: 'HR专员' }] } });
    expect(await t.rows(sql`select id from users where phone_hash = ${t.services.cipher.lookupHash('13700000001')}`)).toEqual([]);
    const sms = (await readOutbox(t)).filter((m) => m.recipient === '13700000001');
    expect(sms.map((m) => m.body)).toEqual([expect.stringContaining('杭州云帆科技有限公司邀请您加入')]);
    await expectRefused(() => t.call(`${API}/save`, { token: admin, companyId: 1, body: { phone: '13700000001', nickname: '再请一次' } }), 409, '已邀请该手机号，等待对方接受；可在邀请列表中重新发送或撤销');
    const pending = await t.call<SubAccountInvitation[]>(`${API}/invitation/page`, { token: admin, companyId: 1, body: { status: 0 } });
    expect(pending.body.data.map((i) => i.nickname)).toEqual(['钱多多']);

    // the holder of the phone signs in by SMS: the account comes into being, proven, without a password
    const token = await signInBySms(t, '13700000001');
    const u = await t.rows<{ id: number; phone_enc: string; password_hash: string | null; verified: boolean }>(
      sql`select id, phone_enc, password_hash, phone_verified_at is not null as verified from users where phone_hash = ${t.services.cipher.lookupHash('13700000001')}`,
    );
    expect(u[0]).toMatchObject({ password_hash: null, verified: true });
    expect(u[0]!.phone_enc).not.toContain('13700000001');
    newUserId = Number(u[0]!.id);
    expect((await t.call('/wfsaas-system/api/sys/permission/in/user/list', { token, companyId: 1 })).status).toBe(403);
    const mine = await t.call<MyInvitations>('/wfsaas-saas/api/company/invitation/list', { token });
    expect(mine.body.data).toMatchObject({ phoneVerified: true, invitations: [{ companyId: 1, companyName: '杭州云帆科技有限公司', invitedByName: '林晓（管理员）' }] });
    const accepted = await t.call('/wfsaas-saas/api/company/invitation/accept', { token, body: { companyId: 1, invitationId: mine.body.data.invitations[0]!.invitationId } });
    expect(accepted.body).toMatchObject({ code: 200, data: { companyId: 1, companyName: '杭州云帆科技有限公司' } });
    const perms = await t.call<Record<string, boolean>>('/wfsaas-system/api/sys/permission/in/user/list', { token, companyId: 1 });
    expect(perms.body.data.staffRoll).toBe(true);
    // the person sets their own password
    expect((await t.call('/wfsaas-auth/password/update', { token, body: { password: 'pass1234' } })).body.code).toBe(200);
    expect((await tryLogin('13700000001', 'pass1234')).body.code).toBe(200);
    const audit = await t.rows<{ action: string; entity_id: string; after: Record<string, unknown> | null; actor_user_id: string | number }>(
      sql`select action, entity_id, after, actor_user_id from audit_log where company_id = 1 and action in ('subAccount.invite', 'subAccount.join') order by id`,
    );
    expect(audit.map((a) => [a.action, Number(a.actor_user_id)])).toEqual([
      ['subAccount.invite', adminId],
      ['subAccount.join', newUserId],
    ]);
    expect(audit[0]!.after).toEqual({ phone: '137****0001', nickname: '钱多多', roleIds: [hrRoleId], hasAccount: false });
  });

  it('an existing account joins only by accepting, keeping its name and password; a member phone is refused', async () => {
    const shared = await joinCompany(t, { adminToken: admin, companyId: 2, phone: '13700000002', nickname: '共享同事', password: 'share123' });
    sharedUserId = shared.userId;
    const r = await t.call<SubAccountInvitation>(`${API}/save`, { token: admin, companyId: 1, body: { phone: '13700000002', nickname: '另起的名字' } });
    expect(r.body.code).toBe(200);
    // nothing changes until the person accepts
    expect((await t.call('/wfsaas-system/api/sys/permission/in/user/list', { token: shared.token, companyId: 1 })).status).toBe(403);
    const mine = await t.call<MyInvitations>('/wfsaas-saas/api/company/invitation/list', { token: shared.token });
    const inv = mine.body.data.invitations.find((i) => i.companyId === 1)!;
    expect((await t.call('/wfsaas-saas/api/company/invitation/accept', { token: shared.token, body: { companyId: 1, invitationId: inv.invitationId } })).body.code).toBe(200);
    const got = await t.call<SubAccountItem>(`${API}/get`, { token: admin, companyId: 1, body: { userId: sharedUserId } });
    expect(got.body.data).toMatchObject({ userId: sharedUserId, nickname: '共享同事', roles: [] });
    expect((await tryLogin('13700000002', 'share123')).body.code).toBe(200);

    await expectRefused(() => t.call(`${API}/save`, { token: admin, companyId: 1, body: { phone: '13700000002', nickname: '再加一次' } }), 409, '该手机号已是本公司成员');
    await expectRefused(() => t.call(`${API}/save`, { token: admin, companyId: 1, body: { phone: '13800000000', nickname: '管理员' } }), 409, '该手机号已是本公司成员');
  });

  it('refuses bad input, naming the field, and writes nothing', async () => {
    await expectRefused(() => t.call(`${API}/save`, { token: admin, companyId: 1, body: { nickname: '无手机' } }), 400, '请填写手机号');
    await expectRefused(() => t.call(`${API}/save`, { token: admin, companyId: 1, body: { phone: '12345', nickname: '错号' } }), 400, '手机号格式不正确，应为11位手机号');
    await expectRefused(() => t.call(`${API}/save`, { token: admin, companyId: 1, body: { phone: '13700000009' } }), 400, '请填写姓名');
    await expectRefused(() => t.call(`${API}/save`, { token: admin, companyId: 1, body: { phone: '13700000009', nickname: '坏角色', roleIds: [987654] } }), 404, '角色不存在');
    await expectRefused(() => t.call(`${API}/updatePassword`, { token: admin, companyId: 1, body: { userId: newUserId, password: 'abcdefgh' } }), 400, '新密码须同时包含字母和数字');
    await expectRefused(() => t.call(`${API}/bindEmployee`, { token: admin, companyId: 1, body: { userId: newUserId } }), 400, '请填写员工');
  });

  it('updates name and roles; the phone cannot change and the password has its own call', async () => {
    const r = await t.call<SubAccountItem>(`${API}/save`, { token: admin, companyId: 1, body: { userId: newUserId, nickname: '钱多多（薪酬）', roleIds: [] } });
    expect(r.body.data).toMatchObject({ userId: newUserId, nickname: '钱多多（薪酬）', roles: [] });
    const kept = await t.call<SubAccountItem>(`${API}/save`, { token: admin, companyId: 1, body: { userId: newUserId, phone: '13700000001', nickname: '钱多多（薪酬）' } });
    expect(kept.body.data.roles).toEqual([]);
    expect((await t.rows(sql`select before, after from audit_log where company_id = 1 and action = 'subAccount.update' order by id limit 1`))[0]).toEqual({
      before: { nickname: '钱多多', roleIds: [hrRoleId] },
      after: { nickname: '钱多多（薪酬）', roleIds: [] },
    });
    await expectRefused(() => t.call(`${API}/save`, { token: admin, companyId: 1, body: { userId: newUserId, phone: '13700000008', nickname: '改号' } }), 400, '子账号的手机号不能修改');
    await expectRefused(() => t.call(`${API}/save`, { token: admin, companyId: 1, body: { userId: newUserId, nickname: '改密', password: 'newpass99' } }), 400, '修改子账号密码请使用“重置密码”');
    await expectRefused(() => t.call(`${API}/save`, { token: admin, companyId: 1, body: { userId: adminId, nickname: '改管理员' } }), 400, '公司管理员的账号不能在子账号中修改');
    // an account that also belongs to another company keeps its name
    await expectRefused(() => t.call(`${API}/save`, { token: admin, companyId: 1, body: { userId: sharedUserId, nickname: '强改名字' } }), 400, '该账号同时属于其他公司，姓名只能由本人修改');
    const roles = await t.call<SubAccountItem>(`${API}/save`, { token: admin, companyId: 1, body: { userId: sharedUserId, nickname: '共享同事', roleIds: [hrRoleId] } });
    expect(roles.body.data.roles).toEqual([{ id: hrRoleId, name: 'HR专员' }]);
  });

  it('binds a member to one employee of the company, each employee to one member', async () => {
    const [e1, e2] = company1EmployeeIds;
    const r = await t.call(`${API}/bindEmployee`, { token: admin, companyId: 1, body: { userId: newUserId, employeeId: e1 } });
    expect(r.body).toMatchObject({ code: 200, data: { userId: newUserId, employeeId: e1, employeeName: '张伟' } });
    const got = await t.call<SubAccountItem>(`${API}/get`, { token: admin, companyId: 1, body: { userId: newUserId } });
    expect(got.body.data).toMatchObject({ employeeId: e1, employeeName: '张伟', phone: '137****0001' });
    await expectRefused(() => t.call(`${API}/bindEmployee`, { token: admin, companyId: 1, body: { userId: staffId, employeeId: e1 } }), 409, '该员工已绑定其他账号');
    await expectRefused(() => t.call(`${API}/bindEmployee`, { token: admin, companyId: 1, body: { userId: staffId, employeeId: company2EmployeeId } }), 404, '员工不存在');
    await t.database.db.execute(sql`update employees set status = 4 where company_id = 1 and id = ${e2}`);
    await expectRefused(() => t.call(`${API}/bindEmployee`, { token: admin, companyId: 1, body: { userId: staffId, employeeId: e2 } }), 400, '该员工已离职，不能绑定账号');
    await t.database.db.execute(sql`update employees set status = 2 where company_id = 1 and id = ${e2}`);
    // an administrator may be bound to their own employee record too
    expect((await t.call(`${API}/bindEmployee`, { token: admin, companyId: 1, body: { userId: adminId, employeeId: e2 } })).body.code).toBe(200);

    const moved = await t.call(`${API}/bindEmployee`, { token: admin, companyId: 1, body: { userId: newUserId, employeeId: company1EmployeeIds[2] } });
    expect(moved.body.code).toBe(200);
    const un = await t.call(`${API}/unbindEmployee`, { token: admin, companyId: 1, body: { userId: newUserId } });
    expect(un.body).toMatchObject({ code: 200, data: { userId: newUserId, employeeId: null } });
    expect(await t.rows(sql`select employee_id from company_members where company_id = 1 and user_id = ${newUserId}`)).toEqual([{ employee_id: null }]);
    const actions = (await t.rows<{ action: string }>(sql`select action from audit_log where company_id = 1 and entity_id = ${String(newUserId)} and action like '%Employee' order by id`)).map((a) => a.action);
    expect(actions).toEqual(['subAccount.bindEmployee', 'subAccount.bindEmployee', 'subAccount.unbindEmployee']);
    // unbinding nobody is a no-op
    const before = await snapshotCounts(t.database);
    const again = await t.call(`${API}/unbindEmployee`, { token: admin, companyId: 1, body: { userId: newUserId } });
    expect(again.body).toMatchObject({ code: 200, data: { userId: newUserId, employeeId: null } });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('an administrator resets a sub-account’s password: that account’s sessions end', async () => {
    const session = (await tryLogin('13700000001', 'pass1234')).body.data.access_token;
    const r = await t.call<{ revokedSessions: number }>(`${API}/updatePassword`, { token: admin, companyId: 1, body: { userId: newUserId, password: 'reset2024' } });
    expect(r.body.code).toBe(200);
    expect(r.body.data.revokedSessions).toBeGreaterThanOrEqual(1);
    expect((await t.call('/wfsaas-auth/userInfo', { token: session })).status).toBe(401);
    expect((await tryLogin('13700000001', 'pass1234')).body.code).toBe(400);
    expect((await tryLogin('13700000001', 'reset2024')).body.code).toBe(200);
    await expectRefused(() => t.call(`${API}/updatePassword`, { token: admin, companyId: 1, body: { userId: sharedUserId, password: 'reset2024' } }), 400, '该账号同时属于其他公司，不能由本公司重置密码，请本人使用验证码登录后修改');
    const audit = await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_log where before::text like '%scrypt%' or after::text like '%scrypt%' or after::text like '%reset2024%' or after::text like '%13700000001%'`);
    expect(audit).toEqual([{ n: 0 }]);
    expect(await t.rows(sql`select after from audit_log where company_id = 1 and action = 'password.reset'`)).toEqual([{ after: { revokedSessions: r.body.data.revokedSessions } }]);
  });

  it('a member changes their own password with the old one; their other sessions end', async () => {
    const other = await t.login('13800000000');
    await expectRefused(() => t.call(`${API}/updatePassword`, { token: admin, companyId: 1, body: { userId: adminId, password: 'mine2024x' } }), 400, '请填写原密码');
    await expectRefused(() => t.call(`${API}/updatePassword`, { token: admin, companyId: 1, body: { userId: adminId, password: 'mine2024x', oldPassword: 'wrong-one1' } }), 400, '原密码不正确');
    const r = await t.call<{ revokedSessions: number }>(`${API}/updatePassword`, { token: admin, companyId: 1, body: { userId: adminId, password: 'mine2024x', oldPassword: TEST_PASSWORD } });
    expect(r.body.code).toBe(200);
    expect((await t.call('/wfsaas-auth/userInfo', { token: other })).status).toBe(401);
    expect((await t.call('/wfsaas-auth/userInfo', { token: admin })).body.code).toBe(200);
    expect((await tryLogin('13800000000', 'mine2024x')).body.code).toBe(200);
  });

  it('removes a member from the company only: refused here at once, the account lives on', async () => {
    await expectRefused(() => t.call(`${API}/remove`, { token: admin, companyId: 1, body: { userId: adminId } }), 400, '不能删除自己的账号');
    await t.database.db.execute(sql`update company_members set is_admin = true where company_id = 1 and user_id = ${newUserId}`);
    try {
      await expectRefused(() => t.call(`${API}/remove`, { token: admin, companyId: 1, body: { userId: newUserId } }), 400, '不能删除公司管理员');
    } finally {
      await t.database.db.execute(sql`update company_members set is_admin = false where company_id = 1 and user_id = ${newUserId}`);
    }
    await t.call(`${API}/bindEmployee`, { token: admin, companyId: 1, body: { userId: staffId, employeeId: company1EmployeeIds[3] } });
    await t.call('/wfsaas-system/api/sys/permission/save', { token: admin, companyId: 1, body: { userId: staffId, permissionKeys: ['invoiceManagement'] } });

    const r = await t.call(`${API}/remove`, { token: admin, companyId: 1, body: { userId: staffId } });
    expect(r.body).toMatchObject({ code: 200, data: { userId: staffId, status: 0 } });
    expect(await t.rows(sql`select status, employee_id from company_members where company_id = 1 and user_id = ${staffId}`)).toEqual([{ status: 0, employee_id: null }]);
    expect(await t.rows(sql`select 1 from user_roles where company_id = 1 and user_id = ${staffId} union all select 1 from user_permissions where company_id = 1 and user_id = ${staffId}`)).toEqual([]);
    const refused = await t.call('/wfsaas-system/api/sys/permission/in/user/list', { token: staff, companyId: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('您不是该公司的成员，无权访问');
    // the session itself is still valid
    expect((await t.call('/wfsaas-auth/userInfo', { token: staff })).body.code).toBe(200);
    expect((await t.rows<{ before: Record<string, unknown> }>(sql`select before from audit_log where company_id = 1 and action = 'subAccount.remove'`))[0]!.before).toEqual({
      status: 1,
      nickname: '周敏（HR专员）',
      roleIds: [hrRoleId],
      permissionKeys: ['invoiceManagement'],
      employeeId: company1EmployeeIds[3],
    });
    await expectRefused(() => t.call(`${API}/remove`, { token: admin, companyId: 1, body: { userId: staffId } }), 404, '子账号不存在');
    await expectRefused(() => t.call(`${API}/get`, { token: admin, companyId: 1, body: { userId: staffId } }), 404, '子账号不存在');

    // invited again later and accepted, the member starts clean
    const back = await t.call<SubAccountInvitation>(`${API}/save`, { token: admin, companyId: 1, body: { phone: '13800000001', nickname: '周敏', roleIds: [hrRoleId] } });
    expect(back.body.data).toMatchObject({ status: 0, roles: [{ id: hrRoleId, name: 'HR专员' }] });
    const mine = await t.call<MyInvitations>('/wfsaas-saas/api/company/invitation/list', { token: staff });
    expect((await t.call('/wfsaas-saas/api/company/invitation/accept', { token: staff, body: { companyId: 1, invitationId: mine.body.data.invitations[0]!.invitationId } })).body.code).toBe(200);
    const again = await t.call<SubAccountItem>(`${API}/get`, { token: admin, companyId: 1, body: { userId: staffId } });
    expect(again.body.data).toMatchObject({ roles: [{ id: hrRoleId, name: 'HR专员' }], employeeId: null });
    expect((await t.call('/wfsaas-system/api/sys/permission/in/user/list', { token: staff, companyId: 1 })).body.code).toBe(200);
  });

  it('a member who may edit sub-accounts but is not an administrator cannot reset others’ passwords', async () => {
    await t.call('/wfsaas-system/api/sys/permission/save', { token: admin, companyId: 1, body: { userId: staffId, permissionKeys: ['rolePermission', 'rolePermission.edit'] } });
    try {
      await expectRefused(() => t.call(`${API}/updatePassword`, { token: staff, companyId: 1, body: { userId: newUserId, password: 'steal1234' } }), 403, '仅公司管理员可以重置其他账号的密码');
    } finally {
      await t.call('/wfsaas-system/api/sys/permission/remove', { token: admin, companyId: 1, body: { userId: staffId, permissionKeys: ['rolePermission', 'rolePermission.edit'] } });
    }
  });

  it('answers another company’s account as not found and refuses callers without access, changing nothing', async () => {
    const other = company2OnlyUserId;
    await expectRefused(() => t.call(`${API}/get`, { token: admin, companyId: 1, body: { userId: other } }), 404, '子账号不存在');
    await expectRefused(() => t.call(`${API}/save`, { token: admin, companyId: 1, body: { userId: other, nickname: '越权' } }), 404, '子账号不存在');
    await expectRefused(() => t.call(`${API}/remove`, { token: admin, companyId: 1, body: { userId: other } }), 404, '子账号不存在');
    await expectRefused(() => t.call(`${API}/updatePassword`, { token: admin, companyId: 1, body: { userId: other, password: 'steal1234' } }), 404, '子账号不存在');
    await expectRefused(() => t.call(`${API}/bindEmployee`, { token: admin, companyId: 1, body: { userId: other, employeeId: company1EmployeeIds[5] } }), 404, '成员不存在');
    await expectRefused(() => t.call(`${API}/unbindEmployee`, { token: admin, companyId: 1, body: { userId: other } }), 404, '成员不存在');
    const page = await t.call<SubAccountItem[]>(`${API}/page`, { token: admin, companyId: 1, body: { pageSize: 100 } });
    expect(page.body.data.map((x) => x.userId)).not.toContain(other);

    await expectRefused(() => t.call(`${API}/page`, { token: staff, companyId: 1, body: {} }), 403, '您没有此操作的权限（rolePermission），请联系管理员');
    await expectRefused(() => t.call(`${API}/get`, { token: staff, companyId: 1, body: { userId: staffId } }), 403, '您没有此操作的权限（rolePermission），请联系管理员');
    for (const [url, body] of [
      ['save', { phone: '13700000009', nickname: '越权' }],
      ['remove', { userId: newUserId }],
      ['bindEmployee', { userId: staffId, employeeId: company1EmployeeIds[5] }],
      ['unbindEmployee', { userId: staffId }],
      ['updatePassword', { userId: newUserId, password: 'steal1234' }],
    ] as const) {
      await expectRefused(() => t.call(`${API}/${url}`, { token: staff, companyId: 1, body }), 403, '您没有此操作的权限（rolePermission.edit），请联系管理员');
      await expectRefused(() => t.call(`${API}/${url}`, { token: staff, companyId: 2, body }), 403, '您不是该公司的成员，无权访问');
    }
  });
});
