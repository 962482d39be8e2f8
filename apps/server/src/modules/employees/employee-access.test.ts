import type { EmployeeDetail, EmployeeListItem } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectUnchanged as expectDbUnchanged, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { makeIdNumber } from './employees.seed.ts';

/**
 * Department data permissions on the roster and the employee file: a member whose roles are limited
 * to some departments sees and changes only the employees of those departments and their subtrees.
 */

const API = '/wfsaas-saas/api';
const EMP = `${API}/companyEmployee`;

let t: TestApp;
let admin: string;
let staff: string;
let hrRoleId: number;
const dept: Record<string, number> = {};
const E: Record<string, EmployeeDetail> = {};

let seq = 800;
async function addEmployee(key: string, name: string, departmentId: number | undefined) {
  seq++;
  const body = { name, mobile: `159${String(30_000_000 + seq).slice(-8)}`, idType: 1, idNumber: makeIdNumber('330106', '1990-05-06', seq, 2), employmentType: 1, hireDate: '2023-03-01', status: 2, employeeNo: `QX${seq}`, departmentId };
  const r = await t.call<EmployeeDetail>(`${EMP}/add/v2`, { token: admin, companyId: 1, body });
  expect(r.body.code, r.body.message).toBe(200);
  E[key] = r.body.data;
}

const staffCall = <T>(url: string, body: object) => t.call<T>(url, { token: staff, companyId: 1, body });
const listed = async (body: object = {}) => (await staffCall<EmployeeListItem[]>(`${EMP}/pageList`, { pageSize: 500, keyword: '权限测试', ...body })).body.data.map((e) => e.name).sort();

async function limitTo(departmentNames: string[] | 'all') {
  const body = departmentNames === 'all' ? { roleId: hrRoleId, allTargets: true } : { roleId: hrRoleId, allTargets: false, targetIds: departmentNames.map((n) => dept[n]) };
  const r = await t.call('/wfsaas-system/api/sys/dataPermission/dept/save', { token: admin, companyId: 1, body });
  expect(r.body.code, r.body.message).toBe(200);
}

const expectUnchanged = (run: () => Promise<{ body: { code: number; message: string } }>, code: number, message: string | RegExp) => expectDbUnchanged(t.database, run, code, message);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  hrRoleId = Number((await t.rows<{ id: number }>(sql`select id from roles where company_id = 1 and name = 'HR专员'`))[0]!.id);
  for (const r of await t.rows<{ id: number; name: string }>(sql`select id, name from departments where company_id = 1`)) dept[r.name] = Number(r.id);
  for (const key of ['staffRoll', 'staffRoll.edit', 'sensitive.view']) {
    await t.database.db.execute(sql`insert into role_permissions (company_id, role_id, permission_key) values (1, ${hrRoleId}, ${key}) on conflict do nothing`);
  }
  await addEmployee('front', '权限测试前端', dept['前端组']);
  await addEmployee('tech', '权限测试技术', dept['技术中心']);
  await addEmployee('sales', '权限测试销售', dept['华东区']);
  await addEmployee('none', '权限测试无部门', dept['行政部']);
  // a record made before departments were required
  await t.database.db.execute(sql`update employees set department_id = null where company_id = 1 and id = ${E.none!.id}`);
}, 60_000);
afterAll(async () => t?.close());

describe('department data permission on the roster', () => {
  it('shows the whole company while the role has no department scope set', async () => {
    expect(await listed()).toEqual(['权限测试前端', '权限测试技术', '权限测试无部门', '权限测试销售']);
  });

  it('limits the list, the detail and the file to the chosen departments and their subtrees', async () => {
    await limitTo(['技术中心']);
    expect(await listed()).toEqual(['权限测试前端', '权限测试技术']);
    expect(await listed({ departmentId: dept['销售部'] })).toEqual([]);
    const inside = await staffCall<EmployeeDetail>(`${API}/companyEmployeeInfo/detail`, { id: E.front!.id });
    expect(inside.body.code).toBe(200);
    const outside = await staffCall(`${API}/companyEmployeeInfo/detail`, { id: E.sales!.id });
    expect(outside.body).toMatchObject({ code: 404, message: '未查询到人员信息' });
    expect((await staffCall(`${API}/companyEmployeeInfo/detail`, { id: E.none!.id })).body.code).toBe(404);
    expect((await staffCall(`${API}/employeeAttachment/list`, { employeeId: E.sales!.id })).body.code).toBe(404);
    // the administrator is never limited
    expect((await t.call(`${API}/companyEmployeeInfo/detail`, { token: admin, companyId: 1, body: { id: E.sales!.id } })).body.code).toBe(200);
  });

  it('refuses changes to employees outside the scope and moves into departments outside it, changing nothing', async () => {
    await limitTo(['技术中心']);
    await expectUnchanged(() => staffCall(`${EMP}/update`, { id: E.sales!.id, name: '改名' }), 404, '员工不存在');
    await expectUnchanged(() => staffCall(`${EMP}/delete`, { ids: [E.front!.id, E.sales!.id] }), 404, '员工不存在');
    await expectUnchanged(() => staffCall(`${EMP}/revealSensitive`, { id: E.sales!.id, field: 'mobile' }), 404, '员工不存在');
    await expectUnchanged(() => staffCall(`${EMP}/batchMoveOut`, { ids: [E.front!.id], departmentId: dept['华东区'] }), 400, /^所属部门：不在您的数据权限范围内/);
    await expectUnchanged(() => staffCall(`${EMP}/update`, { id: E.front!.id, departmentId: dept['华东区'] }), 400, /^所属部门：/);
    await expectUnchanged(
      () => staffCall(`${EMP}/add/v2`, { name: '新人', mobile: '15900009999', idType: 1, idNumber: makeIdNumber('330106', '1995-01-01', 999, 1), employmentType: 1, hireDate: '2025-01-01', employeeNo: 'QX999', departmentId: dept['华东区'] }),
      400,
      /^所属部门：/,
    );
    // within the scope the same member works as before
    const moved = await staffCall(`${EMP}/batchMoveOut`, { ids: [E.tech!.id], departmentId: dept['后端组'] });
    expect(moved.body).toMatchObject({ code: 200, data: { count: 1 } });
  });

  it('unions the departments of several roles, and a role allowing all lifts the limit', async () => {
    await limitTo(['前端组']);
    const other = Number((await t.rows<{ id: number }>(sql`insert into roles (company_id, name, status) values (1, '销售助理', 1) returning id`))[0]!.id);
    const staffHash = t.services.cipher.lookupHash('13800000001');
    const staffUser = Number((await t.rows<{ id: number }>(sql`select id from users where phone_hash = ${staffHash}`))[0]?.id ?? 0);
    expect(staffUser).toBeGreaterThan(0);
    await t.database.db.execute(sql`insert into user_roles (company_id, user_id, role_id) values (1, ${staffUser}, ${other})`);
    // the second role has no department scope yet: it grants the whole company
    expect(await listed()).toHaveLength(4);
    await t.call('/wfsaas-system/api/sys/dataPermission/dept/save', { token: admin, companyId: 1, body: { roleId: other, allTargets: false, targetIds: [dept['销售部']] } });
    expect(await listed()).toEqual(['权限测试前端', '权限测试销售']);
    await limitTo('all');
    expect(await listed()).toHaveLength(4);
    await t.database.db.execute(sql`delete from user_roles where company_id = 1 and role_id = ${other}`);
  });
});
