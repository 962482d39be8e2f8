import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certifyCompany } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { companyCertificate, MSG_NOT_CERTIFIED } from './econtract-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the company signing certificate needs a certified company', () => {
  it('refuses an uncertified company and issues one once it is certified', async () => {
    const admin = await t.login('13800000000');
    await t.rows(sql`update companies set created_at = created_at - interval '2 days'`);
    const made = await t.call<{ companyId: number }>('/wfsaas-saas/api/company/create', { token: admin, body: { companyName: '宁波证书测试有限公司', creditCode: '91350100M000100Y43', contactName: '林晓', contactPhone: '13800000000' } });
    const id = made.body.data.companyId;
    const issue = () => t.database.inTenant(id, (tx) => companyCertificate(t.services, tx, id));
    await expect(issue()).rejects.toThrow(MSG_NOT_CERTIFIED);
    expect(await t.rows(sql`select 1 from company_certificates where company_id = ${id}`)).toEqual([]);
    await certifyCompany(t, { adminToken: admin, companyId: id });
    const cert = await issue();
    expect(cert.name).toBe('宁波证书测试有限公司');
  });
});
