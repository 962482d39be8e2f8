import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectRefused, type TestApp } from '../../test/harness.ts';
import { signInAsRole } from '../../test/factories.ts';
import { PNG, postFile } from '../../test/uploads.ts';
import { certificationCode, newCompany } from './enterprise-test-support.ts';

const AUTH = '/wfsaas-saas/api/companyAuth';
const OP = '/wfsaas-saas/api/operator/certification';

let t: TestApp;
let admin: string;
let operator: string;
let licenceCo: number;
let paymentCo: number;
let otherCo: number;

async function companyStatus(id: number): Promise<number> {
  const [r] = await t.rows<{ s: number }>(sql`select certification_status as s from companies where id = ${id}`);
  return Number(r!.s);
}

async function upload(companyId: number): Promise<string> {
  const r = await postFile<{ fileId: string }>(t, '/wfsaas-file/api/file/upload', { token: admin, companyId, filename: '营业执照.png', content: PNG });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data.fileId;
}

const licence = (fileId: string, smsCode: string) => ({ licenseFileId: fileId, legalName: '林晓', legalIdNumber: '330106198805123419', legalPhone: '13800000000', smsCode });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  operator = await t.login('13900000000');
  licenceCo = await newCompany(t, admin, '杭州认证测试科技有限公司', 101);
  paymentCo = await newCompany(t, admin, '杭州打款测试科技有限公司', 102);
  otherCo = await newCompany(t, admin, '杭州其他测试科技有限公司', 103);
});
afterAll(async () => t?.close());

describe('certification by licence', () => {
  let certId: number;

  it('refuses a wrong SMS code and a bad ID number, changing nothing', async () => {
    const fileId = await upload(licenceCo);
    await certificationCode(t, admin, licenceCo);
    await expectRefused(t, () => t.call(`${AUTH}/save`, { token: admin, companyId: licenceCo, body: { ...licence(fileId, '000000') } }), 400, '验证码不正确', async () => companyStatus(licenceCo));
    const bad = await t.call(`${AUTH}/save`, { token: admin, companyId: licenceCo, body: { ...licence(fileId, '123456'), legalIdNumber: '330106198805123417' } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain('法定代表人身份证号');
    expect(await companyStatus(licenceCo)).toBe(0);
  });

  it('submits with a valid code: 审核中, the ID number stored encrypted and shown masked', async () => {
    const fileId = await upload(licenceCo);
    const code = await certificationCode(t, admin, licenceCo);
    const r = await t.call<{ status: number; latest: { id: number; legalIdNumber: string } }>(`${AUTH}/save`, { token: admin, companyId: licenceCo, body: licence(fileId, code) });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data.status).toBe(1);
    expect(r.body.data.latest.legalIdNumber).toBe('330106********3419');
    certId = r.body.data.latest.id;
    const [row] = await t.rows<{ legal_id_enc: string }>(sql`select legal_id_enc from company_certifications where company_id = ${licenceCo} and id = ${certId}`);
    expect(row!.legal_id_enc).not.toContain('330106198805123419');
    // the code is used up
    const again = await t.call(`${AUTH}/save`, { token: admin, companyId: licenceCo, body: licence(await upload(licenceCo), code) });
    expect(again.body.code).toBe(400);
  });

  it('operator endpoints: a member is refused (403), the operator lists, sees the licence, rejects with a reason', async () => {
    const asMember = await t.call(`${OP}/approve`, { token: admin, body: { companyId: licenceCo, id: certId } });
    expect(asMember.status).toBe(403);
    expect(await companyStatus(licenceCo)).toBe(1);
    const list = await t.call<{ companyId: number; id: number; legalIdNumber: string }[]>(`${OP}/list`, { token: operator, body: { status: 1 } });
    const mine = list.body.data.find((r) => r.companyId === licenceCo && r.id === certId);
    expect(mine?.legalIdNumber).toBe('330106********3419');
    const image = await t.app.inject({ method: 'POST', url: `${OP}/licence`, headers: { authorization: `Bearer ${operator}` }, payload: { companyId: licenceCo, id: certId } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // the operator names a submission, never another record of the company
    const wrong = await t.call(`${OP}/approve`, { token: operator, body: { companyId: 1, id: certId } });
    expect(wrong.body.code).toBe(404);
    const noReason = await t.call(`${OP}/reject`, { token: operator, body: { companyId: licenceCo, id: certId } });
    expect(noReason.body.message).toContain('驳回原因');
    const rejected = await t.call(`${OP}/reject`, { token: operator, body: { companyId: licenceCo, id: certId, reason: '营业执照图片不清晰' } });
    expect(rejected.body.code, rejected.body.message).toBe(200);
    expect(await companyStatus(licenceCo)).toBe(3);
    const state = await t.call<{ statusLabel: string; latest: { rejectReason: string } }>(`${AUTH}/detail`, { token: admin, companyId: licenceCo });
    expect(state.body.data).toMatchObject({ statusLabel: '未通过', latest: { rejectReason: '营业执照图片不清晰' } });
    const audit = await t.rows<{ action: string }>(sql`select action from audit_log where company_id = ${licenceCo} and action like 'operator:%'`);
    expect(audit.map((a) => a.action)).toContain('operator:enterprise.certification.reject');
  });

  it('a rejected company resubmits, and approval certifies it', async () => {
    const code = await certificationCode(t, admin, licenceCo);
    const r = await t.call<{ latest: { id: number } }>(`${AUTH}/save`, { token: admin, companyId: licenceCo, body: licence(await upload(licenceCo), code) });
    expect(r.body.code, r.body.message).toBe(200);
    const ok = await t.call(`${OP}/approve`, { token: operator, body: { companyId: licenceCo, id: r.body.data.latest.id } });
    expect(ok.body.code, ok.body.message).toBe(200);
    expect(await companyStatus(licenceCo)).toBe(2);
    const twice = await t.call(`${OP}/approve`, { token: operator, body: { companyId: licenceCo, id: r.body.data.latest.id } });
    expect(twice.body.code).toBe(404);
  });

  it('a member without enterpriseInformation.edit is refused (403)', async () => {
    const viewer = await signInAsRole(t, { adminToken: admin, companyId: licenceCo, phone: '13700000301', role: '企业信息查看', permissionKeys: ['enterpriseInformation'] });
    await expectRefused(t, () => t.call(`${AUTH}/sendSmsVerifyCode`, { token: viewer.token, companyId: licenceCo }), 403, '您没有此操作的权限（enterpriseInformation.edit），请联系管理员');
    const read = await t.call(`${AUTH}/detail`, { token: viewer.token, companyId: licenceCo });
    expect(read.body.code).toBe(200);
  });
});

describe('certification by payment', () => {
  type Detail = { id: number; status: number; triesLeft: number; account: string; verified?: boolean; paidAt: string | null };
  const start = () => t.call<Detail>(`${AUTH}/saveByPayment`, { token: admin, companyId: paymentCo, body: { action: 'start', bankName: '招商银行杭州分行', accountNumber: '571908765432101' } });
  const verify = (paymentId: number, amount: string) => t.call<Detail>(`${AUTH}/saveByPayment`, { token: admin, companyId: paymentCo, body: { action: 'verify', paymentId, amount } });
  async function amountOf(id: number): Promise<string> {
    const list = await t.call<{ companyId: number; id: number; amount: string }[]>(`${OP}/payments`, { token: operator, body: { status: 0 } });
    const row = list.body.data.find((r) => r.companyId === paymentCo && r.id === id);
    expect(row).toBeDefined();
    return row!.amount;
  }
  const wrongOf = (amount: string) => (amount === '0.01' ? '0.02' : '0.01');

  it('three wrong amounts lock the attempt; a new payment is needed', async () => {
    const s = await start();
    expect(s.body.code, s.body.message).toBe(200);
    expect(s.body.data.account).toBe('**** **** 2101');
    expect(JSON.stringify(s.body)).not.toMatch(/amount/i);
    const amount = await amountOf(s.body.data.id);
    // before the operator has made the transfer there is nothing to type
    const early = await verify(s.body.data.id, amount);
    expect(early.body.message).toBe('平台尚未向该账户打款，请收到款项后再填写金额');
    expect((await t.call(`${OP}/paymentExecuted`, { token: operator, body: { companyId: paymentCo, id: s.body.data.id } })).body.code).toBe(200);
    for (const left of [2, 1, 0]) {
      const r = await verify(s.body.data.id, wrongOf(amount));
      expect(r.body.data).toMatchObject({ verified: false, triesLeft: left });
    }
    const detail = await t.call<Detail>(`${AUTH}/findPaymentDetail`, { token: admin, companyId: paymentCo, body: { paymentId: s.body.data.id } });
    expect(detail.body.data.status).toBe(3);
    expect(JSON.stringify(detail.body)).not.toContain(amount);
    const locked = await verify(s.body.data.id, amount);
    expect(locked.body.message).toBe('该次打款验证已因金额错误3次被锁定，请重新发起打款');
    expect(await companyStatus(paymentCo)).toBe(0);
  });

  it('wrong twice then right → 已认证; the amount never reaches the company', async () => {
    const s = await start();
    const amount = await amountOf(s.body.data.id);
    await t.call(`${OP}/paymentExecuted`, { token: operator, body: { companyId: paymentCo, id: s.body.data.id } });
    await verify(s.body.data.id, wrongOf(amount));
    await verify(s.body.data.id, wrongOf(amount));
    const ok = await verify(s.body.data.id, amount);
    expect(ok.body.data).toMatchObject({ verified: true, status: 2 });
    expect(await companyStatus(paymentCo)).toBe(2);
    const state = await t.call(`${AUTH}/detail`, { token: admin, companyId: paymentCo });
    expect(JSON.stringify(state.body)).not.toMatch(/"amount"/);
    const audit = await t.rows<{ after: unknown }>(sql`select after from audit_log where company_id = ${paymentCo} and entity = 'certification_payment'`);
    expect(JSON.stringify(audit)).not.toContain(`"${amount}"`);
  });

  it("another company's attempt is not found", async () => {
    const [row] = await t.rows<{ id: number }>(sql`select id from certification_payments where company_id = ${paymentCo} order by id desc limit 1`);
    const r = await t.call(`${AUTH}/findPaymentDetail`, { token: admin, companyId: licenceCo, body: { paymentId: Number(row!.id) } });
    expect(r.body.code).toBe(404);
    const v = await t.call(`${AUTH}/saveByPayment`, { token: admin, companyId: otherCo, body: { action: 'verify', paymentId: Number(row!.id), amount: '0.10' } });
    expect(v.body.code).toBe(404);
  });

  it('a bad account number is refused naming the field', async () => {
    const r = await t.call(`${AUTH}/saveByPayment`, { token: admin, companyId: otherCo, body: { action: 'start', bankName: '招商银行', accountNumber: '12ab' } });
    expect(r.body.code).toBe(400);
    expect(r.body.message).toContain('对公银行账号');
  });
});
