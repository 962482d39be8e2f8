import type { ThreeInitAuthItem } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused as refused, createTestApp, type TestApp } from '../../test/harness.ts';

const API = '/wfsaas-saas/api/threeInitAuth';

let t: TestApp;
let admin: string;
let staff: string;
let thirdCompanyId: number;
let company2AuthId: number;

const expectRefused = (call: Parameters<typeof refused>[1], code: number, message: string) => refused(t, call, code, message);

async function auditActions(companyId: number) {
  return (await t.rows<{ action: string }>(sql`select action from audit_log where company_id = ${companyId} and entity = 'three_init_auth' order by id`)).map((r) => r.action);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  const third = await t.call<{ companyId: number }>('/wfsaas-saas/api/company/create', {
    token: admin,
    body: { companyName: '福州新创电子有限公司', creditCode: '91350100M000100Y43', contactName: '林晓', contactPhone: '13800000000' },
  });
  thirdCompanyId = third.body.data.companyId;
  // company 2 authorises company 1: a record company 1 must never reach
  const r = await t.call<ThreeInitAuthItem>(`${API}/department`, { token: admin, companyId: 2, body: { partyCompanyId: 1, departmentIds: [16] } });
  company2AuthId = r.body.data.id;
});
afterAll(async () => t?.close());

describe('three-party initial authorisation', () => {
  let id: number;

  it('authorises a partner company: departments, seals and company information build one live record', async () => {
    const dep = await t.call<ThreeInitAuthItem>(`${API}/department`, { token: admin, companyId: 1, body: { partyCompanyId: 2, departmentIds: [3, 1, 3] } });
    expect(dep.body.code).toBe(200);
    id = dep.body.data.id;
    expect(dep.body.data).toMatchObject({
      partyCompanyId: 2,
      partyCompanyName: '上海启明人力资源有限公司',
      departmentIds: [1, 3],
      sealIds: [],
      status: 1,
      statusName: '已授权',
      syncedAt: null,
      companyInfoConfig: { companyName: false, creditCode: false, contactName: false, contactPhone: false, logoUrl: false, address: false },
    });
    // without an id, the partner's live record is updated rather than doubled
    const seal = await t.call<ThreeInitAuthItem>(`${API}/seal`, { token: admin, companyId: 1, body: { partyCompanyId: 2, sealIds: [1] } });
    expect(seal.body.data).toMatchObject({ id, departmentIds: [1, 3], sealIds: [1] });
    const info = await t.call<ThreeInitAuthItem>(`${API}/companyInfoConfig`, { token: admin, companyId: 1, body: { id, partyCompanyId: 2, config: { companyName: true, address: true } } });
    expect(info.body.data.companyInfoConfig).toEqual({ companyName: true, creditCode: false, contactName: false, contactPhone: false, logoUrl: false, address: true });
    const dep2 = await t.call<ThreeInitAuthItem>(`${API}/department`, { token: admin, companyId: 1, body: { id: String(id), partyCompanyId: 2, departmentIds: [] } });
    expect(dep2.body.data).toMatchObject({ id, departmentIds: [], sealIds: [1] });

    expect(await t.rows(sql`select count(*)::int as n from three_init_auth where company_id = 1`)).toEqual([{ n: 1 }]);
    expect(await auditActions(1)).toEqual(['threeInitAuth.department', 'threeInitAuth.seal', 'threeInitAuth.companyInfoConfig', 'threeInitAuth.department']);
    const last = await t.rows<{ before: { departmentIds: number[] }; after: { departmentIds: number[] } }>(
      sql`select before, after from audit_log where company_id = 1 and entity = 'three_init_auth' order by id desc limit 1`,
    );
    expect(last[0]!.before.departmentIds).toEqual([1, 3]);
    expect(last[0]!.after.departmentIds).toEqual([]);

    const page = await t.call<ThreeInitAuthItem[]>(`${API}/page`, { token: admin, companyId: 1, body: {} });
    expect(page.body.data.map((x) => x.id)).toEqual([id]);
    expect(page.body.pageMessage).toMatchObject({ total: 1, pageNum: 1, pageSize: 10 });
    const detail = await t.call<ThreeInitAuthItem>(`${API}/detail`, { token: admin, companyId: 1, body: { id } });
    expect(detail.body.data).toMatchObject({ id, sealIds: [1] });
  });

  it('refuses itself, an unknown partner, unknown company-info fields and bad ids, writing nothing', async () => {
    await expectRefused(() => t.call(`${API}/department`, { token: admin, companyId: 1, body: { partyCompanyId: 1, departmentIds: [1] } }), 400, '不能授权给本公司');
    // another company's department or seal is not this company's to authorise
    await expectRefused(() => t.call(`${API}/department`, { token: admin, companyId: 1, body: { partyCompanyId: 2, departmentIds: [1, 16] } }), 400, '部门不存在或已删除（ID 16），请重新选择');
    await expectRefused(() => t.call(`${API}/seal`, { token: admin, companyId: 1, body: { partyCompanyId: 2, sealIds: [2] } }), 400, '印章不存在或已删除（ID 2），请重新选择');
    await expectRefused(() => t.call(`${API}/seal`, { token: admin, companyId: 1, body: { partyCompanyId: 99999, sealIds: [1] } }), 404, '授权对象公司不存在');
    await expectRefused(() => t.call(`${API}/companyInfoConfig`, { token: admin, companyId: 1, body: { partyCompanyId: 2, config: { companyName: true, bankAccount: true } } }), 400, '不支持的字段：bankAccount');
    await expectRefused(() => t.call(`${API}/companyInfoConfig`, { token: admin, companyId: 1, body: { partyCompanyId: 2, config: { companyName: 'yes' } } }), 400, '公司名称格式不正确');
    await expectRefused(() => t.call(`${API}/companyInfoConfig`, { token: admin, companyId: 1, body: { partyCompanyId: 2 } }), 400, '请填写企业信息授权项');
    await expectRefused(() => t.call(`${API}/department`, { token: admin, companyId: 1, body: { departmentIds: [1] } }), 400, '请填写授权对象公司');
    await expectRefused(() => t.call(`${API}/department`, { token: admin, companyId: 1, body: { partyCompanyId: 2, departmentIds: [-1] } }), 400, '部门第1项必须大于0');
    await expectRefused(() => t.call(`${API}/seal`, { token: admin, companyId: 1, body: { partyCompanyId: 2, sealIds: 'all' } }), 400, '印章格式不正确');
    await expectRefused(() => t.call(`${API}/department`, { token: admin, companyId: 1, body: { id, partyCompanyId: thirdCompanyId, departmentIds: [1] } }), 400, '不能更改授权对象公司，请为新的公司另行授权');
    await expectRefused(() => t.call(`${API}/cancel`, { token: admin, companyId: 1, body: { id: 'x' } }), 400, '授权记录格式不正确');
    await expectRefused(() => t.call(`${API}/page`, { token: admin, companyId: 1, body: { status: 9 } }), 400, '授权状态取值无效');
  });

  it('syncs a live record, cancels it, and deletes (archives) only cancelled ones', async () => {
    await expectRefused(() => t.call(`${API}/delete`, { token: admin, companyId: 1, body: { id } }), 400, '请先取消授权再删除');
    const synced = await t.call<ThreeInitAuthItem>(`${API}/sync`, { token: admin, companyId: 1, body: { id } });
    expect(synced.body.data.syncedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const cancelled = await t.call<ThreeInitAuthItem>(`${API}/cancel`, { token: admin, companyId: 1, body: { id } });
    expect(cancelled.body.data).toMatchObject({ id, status: 2, statusName: '已取消' });
    await expectRefused(() => t.call(`${API}/cancel`, { token: admin, companyId: 1, body: { id } }), 400, '该授权已取消');
    await expectRefused(() => t.call(`${API}/sync`, { token: admin, companyId: 1, body: { id } }), 400, '仅已授权的记录可以同步');
    await expectRefused(() => t.call(`${API}/seal`, { token: admin, companyId: 1, body: { id, partyCompanyId: 2, sealIds: [1] } }), 400, '该授权已取消，不能修改，请重新授权');
    const byStatus = await t.call<ThreeInitAuthItem[]>(`${API}/page`, { token: admin, companyId: 1, body: { status: 2 } });
    expect(byStatus.body.data.map((x) => x.id)).toEqual([id]);

    // a new authorisation of the same partner is a new record once the old one is cancelled
    const fresh = await t.call<ThreeInitAuthItem>(`${API}/seal`, { token: admin, companyId: 1, body: { partyCompanyId: 2, sealIds: [1] } });
    expect(fresh.body.data.id).not.toBe(id);
    expect(fresh.body.data).toMatchObject({ status: 1, sealIds: [1], departmentIds: [] });

    const deleted = await t.call(`${API}/delete`, { token: admin, companyId: 1, body: { id } });
    expect(deleted.body).toMatchObject({ code: 200, data: { id, status: 9 } });
    expect(await t.rows(sql`select status from three_init_auth where company_id = 1 and id = ${id}`)).toEqual([{ status: 9 }]);
    const page = await t.call<ThreeInitAuthItem[]>(`${API}/page`, { token: admin, companyId: 1, body: {} });
    expect(page.body.data.map((x) => x.id)).toEqual([fresh.body.data.id]);
    await expectRefused(() => t.call(`${API}/detail`, { token: admin, companyId: 1, body: { id } }), 404, '授权记录不存在');
    await expectRefused(() => t.call(`${API}/delete`, { token: admin, companyId: 1, body: { id } }), 404, '授权记录不存在');
    const actions = await auditActions(1);
    expect(actions.slice(-4)).toEqual(['threeInitAuth.sync', 'threeInitAuth.cancel', 'threeInitAuth.seal', 'threeInitAuth.delete']);
    const del = await t.rows<{ before: { status: number }; after: { status: number } }>(sql`select before, after from audit_log where company_id = 1 and action = 'threeInitAuth.delete'`);
    expect(del.map((d) => [d.before.status, d.after.status])).toEqual([[2, 9]]);
  });

  it('answers another company’s record as not found, changing nothing', async () => {
    for (const url of ['detail', 'cancel', 'delete', 'sync']) {
      await expectRefused(() => t.call(`${API}/${url}`, { token: admin, companyId: 1, body: { id: company2AuthId } }), 404, '授权记录不存在');
    }
    await expectRefused(() => t.call(`${API}/department`, { token: admin, companyId: 1, body: { id: company2AuthId, partyCompanyId: thirdCompanyId, departmentIds: [1] } }), 404, '授权记录不存在');
    await expectRefused(() => t.call(`${API}/seal`, { token: admin, companyId: 1, body: { id: company2AuthId, partyCompanyId: thirdCompanyId, sealIds: [1] } }), 404, '授权记录不存在');
    await expectRefused(
      () => t.call(`${API}/companyInfoConfig`, { token: admin, companyId: 1, body: { id: company2AuthId, partyCompanyId: thirdCompanyId, config: { logoUrl: true } } }),
      404,
      '授权记录不存在',
    );
    const page = await t.call<ThreeInitAuthItem[]>(`${API}/page`, { token: admin, companyId: 1, body: { pageSize: 100 } });
    expect(page.body.data.map((x) => x.id)).not.toContain(company2AuthId);
  });

  it('refuses a member without the permission and a member of another company', async () => {
    await expectRefused(() => t.call(`${API}/page`, { token: staff, companyId: 1, body: {} }), 403, '您没有此操作的权限（accredit），请联系管理员');
    await expectRefused(() => t.call(`${API}/detail`, { token: staff, companyId: 1, body: { id: 1 } }), 403, '您没有此操作的权限（accredit），请联系管理员');
    for (const [url, body] of [
      ['department', { partyCompanyId: 2, departmentIds: [1] }],
      ['seal', { partyCompanyId: 2, sealIds: [1] }],
      ['companyInfoConfig', { partyCompanyId: 2, config: { companyName: true } }],
      ['cancel', { id: 1 }],
      ['delete', { id: 1 }],
      ['sync', { id: 1 }],
    ] as const) {
      await expectRefused(() => t.call(`${API}/${url}`, { token: staff, companyId: 1, body }), 403, '您没有此操作的权限（accredit.edit），请联系管理员');
      await expectRefused(() => t.call(`${API}/${url}`, { token: staff, companyId: 2, body }), 403, '您不是该公司的成员，无权访问');
    }
  });
});
