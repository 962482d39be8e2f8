import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, runStatement } from './db.ts';
import { enableNewPermissionKeys } from './permissions.ts';
import { buildApp } from '../app.ts';
import { createTestApp, snapshotCounts, type TestApp } from '../test/harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
});
afterAll(async () => t?.close());

describe('platform', () => {
  it('answers the health check once the database answers', async () => {
    const r = await t.call('/api/health', { method: 'GET' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 200, data: { db: 'ok' } });
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/wfsaas-auth/login'].post;
    expect(JSON.stringify(login.requestBody)).toContain('username');
  });

  it('every registered route declares who may call it', () => {
    const undeclared = t.app.registeredRoutes.filter((r) => !r.access);
    expect(undeclared).toEqual([]);
    expect(t.app.registeredRoutes.length).toBeGreaterThan(10);
    // every non-public route goes through the one place that checks access
    expect(t.app.registeredRoutes.filter((r) => r.access !== 'public' && !r.enforced)).toEqual([]);
  });

  it('refuses at start a route that declares a permission outside defineRoute', async () => {
    const app = await buildApp(t.services);
    expect(() => app.post('/wfsaas-saas/api/unchecked', { config: { access: 'staffRoll' } }, async () => ({}))).toThrow(/defineRoute/);
    await app.close();
  });

  it('answers malformed JSON, wrong types, missing fields and oversize bodies with a Chinese message, never a 500', async () => {
    const before = await snapshotCounts(t.database);
    const bad = await t.app.inject({ method: 'POST', url: '/wfsaas-saas/api/company/create', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, payload: '{"companyName": ' });
    expect(bad.json()).toMatchObject({ code: 400, message: '请求内容不是有效的 JSON' });
    const wrongType = await t.call('/wfsaas-saas/api/company/create', { token: admin, body: { companyName: 12, creditCode: 'x', contactName: 'a', contactPhone: '13900000000' } });
    expect(wrongType.body).toMatchObject({ code: 400, message: '公司名称格式不正确' });
    const missing = await t.call('/wfsaas-saas/api/company/create', { token: admin, body: { companyName: '某某公司' } });
    expect(missing.body).toMatchObject({ code: 400, message: '请填写统一社会信用代码' });
    const big = await t.app.inject({ method: 'POST', url: '/wfsaas-saas/api/company/create', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, payload: JSON.stringify({ companyName: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(big.json()).toMatchObject({ code: 413, message: '请求内容过大' });
    const unknownRoute = await t.call('/wfsaas-saas/api/nothing/here', { token: admin });
    expect(unknownRoute.status).toBe(404);
    expect(unknownRoute.body.code).toBe(404);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('refuses a missing or malformed companyId header before anything runs', async () => {
    const r = await t.call('/wfsaas-system/api/sys/permission/in/user/list', { token: admin });
    expect(r.body).toMatchObject({ code: 400, message: '请求头缺少有效的 companyId，请先选择公司' });
    const r2 = await t.call('/wfsaas-system/api/sys/permission/in/user/list', { token: admin, companyId: '1; drop table users' });
    expect(r2.body.code).toBe(400);
  });

  it('row-level security: as the application role with no company set, tenant tables show no rows', async () => {
    const owner = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from employees`));
    expect(owner[0]!.n).toBeGreaterThan(0);
    const noCompany = await t.database.inTransaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'wfsaas_app', true)`);
      return rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from employees`));
    });
    expect(noCompany[0]!.n).toBe(0);
    const oneCompany = await t.database.inTenant(1, async (tx) => rowsOf<{ c: number }>(await tx.execute(sql`select distinct company_id::int as c from employees`)));
    expect(oneCompany).toEqual([{ c: 1 }]);
    // and writing another company's row is refused by the policy
    await expect(t.database.inTenant(1, (tx) => tx.execute(sql`insert into employees (company_id, name) values (2, '越权')`))).rejects.toThrow();
  });

  it('runs a fixed statement with positional parameters in a tenant transaction and outside one', async () => {
    const text = 'select $1::int + $2::int as n, $3::text as label';
    const outside = await runStatement<{ n: number; label: string }>(t.database.db, 'wfsaas_test_stmt', text, [2, 3, '合计']);
    expect(outside).toEqual([{ n: 5, label: '合计' }]);
    const inside = await t.database.inTenant(1, (tx) => runStatement<{ n: number; label: string }>(tx, 'wfsaas_test_stmt', text, [4, 5, '合计']));
    expect(inside).toEqual([{ n: 9, label: '合计' }]);
  });

  it('keeps the audit log append-only', async () => {
    await expect(t.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.database.inTenant(1, (tx) => tx.execute(sql`delete from audit_log`))).rejects.toThrow();
  });

  it('switches on the permission keys a new version adds, in every company, leaving the ones a company set', async () => {
    const db = t.database.db;
    const state = async (key: string) =>
      rowsOf<{ company_id: string | number; enabled: boolean }>(await db.execute(sql`select company_id, enabled from company_permissions where permission_key = ${key} order by company_id`)).map((r) => [
        Number(r.company_id),
        r.enabled,
      ]);
    // a key this version adds (no company has it yet), and one company 2 switched off
    await db.execute(sql`delete from company_permissions where permission_key = 'employmentRelationship.edit'`);
    await db.execute(sql`update company_permissions set enabled = false where company_id = 2 and permission_key = 'costCenter.edit'`);
    expect(await enableNewPermissionKeys(db)).toEqual(['employmentRelationship.edit']);
    expect(await state('employmentRelationship.edit')).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(await state('costCenter.edit')).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(await enableNewPermissionKeys(db)).toEqual([]);
    await db.execute(sql`update company_permissions set enabled = true where company_id = 2 and permission_key = 'costCenter.edit'`);
  });
});
