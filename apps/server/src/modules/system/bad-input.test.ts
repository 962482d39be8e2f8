import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';

/**
 * Bad input on the sign-in, hand-off, role-centre, sub-account and downloads-centre endpoints: each
 * answers code 400 with a Chinese message naming the field, never a 500, and writes nothing.
 * (Success, another company and a missing permission are covered beside each module.)
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
});
afterAll(async () => t?.close());

type Case = { url: string; body: unknown; field: string; signedIn?: boolean };

const CASES: Case[] = [
  { url: '/wfsaas-auth/login', body: { username: '123', password: 'x' }, field: '手机号', signedIn: false },
  { url: '/wfsaas-auth/login', body: { username: '13800000000' }, field: '密码', signedIn: false },
  { url: '/wfsaas-openapi/api/cacheTemp/add', body: { companyId: 'abc' }, field: '公司' },
  { url: '/wfsaas-openapi/api/cacheTemp/get', body: { isPost: 1 }, field: '登录密钥', signedIn: false },
  { url: '/wfsaas-openapi/api/cacheTemp/get', body: { key: 'x'.repeat(201), isPost: 1 }, field: '登录密钥', signedIn: false },
  { url: '/wfsaas-openapi/api/cacheTemp/del', body: { key: '' }, field: '登录密钥', signedIn: false },
  { url: '/wfsaas-auth/loginAuthorization', body: { isPost: 'yes' }, field: '请求方式' },
  { url: '/wfsaas-system/api/sys/role/page', body: { pageNum: 0 }, field: '页码' },
  { url: '/wfsaas-system/api/sys/role/page', body: { pageSize: 100000 }, field: '每页条数' },
  { url: '/wfsaas-system/api/sys/rolePermission/tree', body: {}, field: '角色' },
  { url: '/wfsaas-system/api/sys/rolePermission/tree', body: { roleId: -3 }, field: '角色' },
  { url: '/wfsaas-system/api/sys/userRole/select', body: { userId: 'me' }, field: '成员' },
  { url: '/wfsaas-system/api/sys/permission/user/tree', body: {}, field: '成员' },
  { url: '/wfsaas-system/api/sys/dataPermission/dept/detail', body: { roleId: 1.5 }, field: '角色' },
  { url: '/wfsaas-system/api/sys/dataPermission/seal/detail', body: { roleId: null }, field: '角色' },
  { url: '/wfsaas-system/api/subAccount/page', body: { pageNum: 'one' }, field: '页码' },
  { url: '/wfsaas-system/api/subAccount/get', body: {}, field: '子账号' },
  { url: '/wfsaas-system/api/subAccount/remove', body: { userId: 0 }, field: '子账号' },
  { url: '/wfsaas-system/api/subAccount/unbindEmployee', body: { userId: [1] }, field: '成员' },
  { url: '/wfsaas-file/api/fileInfo/remove', body: { id: 'all' }, field: '导出记录' },
  { url: '/wfsaas-file/api/fileInfo/downloadToken', body: {}, field: '导出记录' },
];

describe('bad input is refused with a Chinese message naming the field, and changes nothing', () => {
  it.each(CASES)('$url with $body → names $field', async (c) => {
    const before = await snapshotCounts(t.database);
    const r = await t.call(c.url, { token: c.signedIn === false ? undefined : admin, companyId: 1, body: c.body });
    expect(r.status).toBeLessThan(500);
    expect(r.body.code).toBe(400);
    expect(r.body.message).toContain(c.field);
    expect(r.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('the form-encoded sign-in names the phone field too', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/wfsaas-auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=abc&password=x',
    });
    expect(r.statusCode).toBeLessThan(500);
    expect(r.json()).toMatchObject({ code: 400 });
    expect(r.json<{ message: string }>().message).toContain('手机号');
  });
});
