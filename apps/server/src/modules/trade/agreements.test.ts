import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLATFORM_COMPANY_NAME, SUBS_API, SUBS_PATHS, type ServiceAgreementRow } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectRefused, type TestApp } from '../../test/harness.ts';
import { postPdf } from '../econtracts/econtract-test-support.ts';

/** 合同列表: the service agreements behind the paid price orders, and their PDF. */

let t: TestApp;
let admin: string;
let staff: string;
const call = <T = unknown>(k: keyof typeof SUBS_PATHS, body?: unknown, o: { token?: string; companyId?: number } = {}) =>
  t.call<T>(`${SUBS_API}${SUBS_PATHS[k]}`, { token: o.token ?? admin, companyId: o.companyId ?? 1, body });
const pdfText = (bytes: Buffer) => {
  const dir = mkdtempSync(join(tmpdir(), 'agreement-'));
  try {
    writeFileSync(join(dir, 'a.pdf'), bytes);
    return execFileSync('pdftotext', [join(dir, 'a.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
}, 60_000);
afterAll(async () => t?.close());

describe('service agreements', () => {
  it('lists one agreement per paid order, the platform company and the company as parties', async () => {
    const r = await call<ServiceAgreementRow[]>('agreementPage', { pageNum: 1, pageSize: 10 });
    expect(r.body.code).toBe(200);
    expect(r.body.data.map((a) => a.productName).sort()).toEqual(['人事管理', '电子合同', '电子工资条']);
    const hr = r.body.data.find((a) => a.productName === '人事管理')!;
    expect(hr).toMatchObject({ editionName: '专业版', seats: 300, amount: '36000.00', partyA: PLATFORM_COMPANY_NAME, partyB: '杭州云帆科技有限公司', agreementNo: expect.stringMatching(/^FWXY\d{10}$/) });
    // the renewal waiting for payment is no agreement yet
    const renewal = (await t.rows<{ order_no: string }>(sql`select order_no from subscription_orders where company_id = 1 and status = 1`))[0]!.order_no;
    expect(r.body.data.map((a) => a.orderNo)).not.toContain(renewal);
    const other = await call<ServiceAgreementRow[]>('agreementPage', { pageNum: 1, pageSize: 10 }, { companyId: 2 });
    expect(other.body.data.map((a) => a.partyB)).toEqual(['上海启明人力资源有限公司', '上海启明人力资源有限公司']);
  });

  it('downloads the agreement as a PDF naming both parties, the term and the amount', async () => {
    const hr = (await call<ServiceAgreementRow[]>('agreementPage', { pageNum: 1, pageSize: 10, product: 'hr' })).body.data[0]!;
    const f = await postPdf(t, `${SUBS_API}${SUBS_PATHS.agreementDownload}`, { id: hr.id }, { token: admin, companyId: 1 });
    expect(f.status).toBe(200);
    expect(f.type).toBe('application/pdf');
    const text = pdfText(f.bytes);
    for (const s of ['杭州云帆科技有限公司', PLATFORM_COMPANY_NAME, '¥36,000.00', hr.agreementNo, `${hr.startDate}至${hr.endDate}`, '300人']) expect(text).toContain(s);
  });

  it('answers 404 for another company’s agreement or an unpaid order, 403 without 合同列表, 400 for a bad id', async () => {
    const theirs = Number((await t.rows<{ id: string }>(sql`select id from subscription_orders where company_id = 2 and status = 2 limit 1`))[0]!.id);
    const unpaid = Number((await t.rows<{ id: string }>(sql`select id from subscription_orders where company_id = 1 and status = 1 limit 1`))[0]!.id);
    const download = (id: unknown, o: { token?: string; companyId?: number } = {}) => call('agreementDownload', { id }, o);
    await expectRefused(t, () => download(theirs), 404, '服务协议不存在');
    await expectRefused(t, () => download(unpaid), 404, '服务协议不存在');
    await expectRefused(t, () => download(theirs, { token: staff }), 403, '您没有此操作的权限（contractList），请联系管理员');
    await expectRefused(t, () => call('agreementPage', { pageNum: 1 }, { token: staff }), 403, '您没有此操作的权限（contractList），请联系管理员');
    const bad = await download('abc');
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toMatch(/^服务协议/);
  });
});
