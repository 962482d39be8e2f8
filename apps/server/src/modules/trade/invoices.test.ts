import { randomBytes } from 'node:crypto';
import type { InvoiceableBill, InvoiceRequestView, InvoiceTitleView, OpInvoiceRequestView } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaToday } from '../../platform/china-date.ts';
import { jobCtx } from '../../platform/http.ts';
import { signInAsRole } from '../../test/factories.ts';
import { createTestApp, expectRefused, expectUnchanged, type TestApp } from '../../test/harness.ts';
import { confirmPlatformBill, markPlatformBillPaid, raisePlatformBill } from './index.ts';

/** 发票管理: titles, requests against paid platform bills, withdrawal, and the platform operator's issue and reject. */

const API = '/wfsaas-saas/api';
const USCC = '91330106MA2H0Q1X72';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let t: TestApp;
let admin: string;
let operator: string;
let reader: string;
let ordinaryTitle: InvoiceTitleView;
let fullTitle: InvoiceTitleView;

const call = <T>(path: string, body: object = {}, token = admin, companyId: number | undefined = 1) => t.call<T>(`${API}${path}`, { token, companyId, body });
async function ok<T>(path: string, body: object = {}, token = admin, companyId: number | undefined = 1): Promise<T> {
  const r = await call<T>(path, body, token, companyId);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}

/** A platform bill of the company, moved as far as `to`: 2 待确认, 3 待付款, 4 已付款. */
async function bill(companyId: number, amount: string, to: 2 | 3 | 4): Promise<number> {
  return t.services.database.inTenant(companyId, async (tx) => {
    const c = jobCtx(t.services, tx, companyId, { userId: 1, nickname: '测试', sessionId: 1 } as never);
    const b = await raisePlatformBill(c, { billType: 5, kind: 'usage', sourceId: null, title: '短信用量', month: null, status: 2, dueDate: null, lines: [{ item: '短信', quantity: '1', unit: '条', unitPrice: amount, amount }] });
    if (to >= 3) await confirmPlatformBill({ ...c, actorKind: undefined }, b.id);
    if (to === 4) await markPlatformBillPaid({ ...c, actorKind: 'operator' }, b.id, { method: 'transfer', reference: 'T-1' });
    return b.id;
  });
}

function issueForm(fields: Record<string, string | number>, file?: { name: string; data: Buffer }) {
  const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`), Buffer.from(file.data), Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) };
}

async function issue(token: string, fields: Record<string, string | number>, file?: { name: string; data: Buffer }) {
  const form = issueForm(fields, file);
  const res = await t.app.inject({ method: 'POST', url: `${API}/operator/invoice/issue`, headers: { ...form.headers, authorization: `Bearer ${token}` }, payload: form.payload });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: InvoiceRequestView } };
}

const download = (path: string, body: object, token: string, companyId?: number) =>
  t.app.inject({ method: 'POST', url: `${API}${path}`, headers: { authorization: `Bearer ${token}`, ...(companyId ? { companyid: String(companyId) } : {}) }, payload: body });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  operator = await t.login('13900000000');
  reader = (await signInAsRole(t, { adminToken: admin, phone: '13700009101', role: '发票查看', permissionKeys: ['invoiceManagement'] })).token;
}, 120_000);
afterAll(async () => t?.close());

describe('invoice titles', () => {
  it('keeps titles with a checked tax number; refuses a bad one by name', async () => {
    await expectUnchanged(t.database, () => call('/invoice/title/save', { name: '测试', taxNo: '91330106MA2H0Q1X73' }), 400, /纳税人识别号：18位统一社会信用代码校验位不正确/);
    await expectUnchanged(t.database, () => call('/invoice/title/save', { name: '测试', taxNo: '1234' }), 400, /纳税人识别号应为15、17、18或20位字母或数字/);
    ordinaryTitle = await ok<InvoiceTitleView>('/invoice/title/save', { name: '杭州云帆科技有限公司', taxNo: '330106123456789' });
    fullTitle = await ok<InvoiceTitleView>('/invoice/title/save', { name: '杭州云帆科技有限公司', taxNo: USCC.toLowerCase(), address: '杭州市西湖区文三路478号', phone: '0571-88812345', bank: '招商银行杭州高新支行', account: '5719 0876 5410 802', isDefault: true });
    expect(fullTitle).toMatchObject({ taxNo: USCC, account: '571908765410802', isDefault: true });
    const list = await ok<InvoiceTitleView[]>('/invoice/title/list');
    expect(list.filter((x) => x.isDefault).map((x) => x.id)).toEqual([fullTitle.id]);
    await expectUnchanged(t.database, () => call('/invoice/title/default', { id: fullTitle.id }, admin, 2), 404, '发票抬头不存在');
  });
});

describe('invoice requests', () => {
  let paid: number[];
  let request: InvoiceRequestView;

  beforeAll(async () => {
    paid = [await bill(1, '1200.50', 4), await bill(1, '99.50', 4)];
  });

  it('requests against paid bills only, once, summing their amounts', async () => {
    const unpaid = await bill(1, '80.00', 3);
    const other = await bill(2, '50.00', 4);
    const open = await ok<InvoiceableBill[]>('/invoice/bills');
    expect(open.map((b) => b.id)).toEqual(expect.arrayContaining(paid));
    expect(open.map((b) => b.id)).not.toContain(unpaid);
    const base = { titleId: ordinaryTitle.id, type: 1, email: 'finance@yunfan.example.com' };
    await expectUnchanged(t.database, () => call('/invoice/request', { ...base, billIds: [unpaid] }), 409, /^账单PT\d{10}当前为「待付款」，只有已付款的账单可以申请开票$/);
    await expectUnchanged(t.database, () => call('/invoice/request', { ...base, billIds: [paid[0], other] }), 404, '账单不存在');
    await expectUnchanged(t.database, () => call('/invoice/request', { ...base, billIds: paid, type: 2 }), 400, '注册地址：开具增值税专用发票须填写发票抬头的注册地址');
    await expectUnchanged(t.database, () => call('/invoice/request', { ...base, billIds: paid, email: 'not-mail' }), 400, /接收邮箱/);
    // a company that lost its certification (its name changed, say) asks again only once certified
    await t.database.db.execute(sql`update companies set certification_status = 0 where id = 1`);
    try {
      await expectUnchanged(t.database, () => call('/invoice/request', { ...base, billIds: paid }), 400, '企业未完成认证，不能申请发票，请先在企业信息中完成企业认证');
    } finally {
      await t.database.db.execute(sql`update companies set certification_status = 2 where id = 1`);
    }
    request = await ok<InvoiceRequestView>('/invoice/request', { ...base, titleId: fullTitle.id, type: 2, billIds: paid });
    expect(request).toMatchObject({ status: 1, statusLabel: '待开票', amount: '1300.00', typeLabel: '增值税专用发票', titleName: '杭州云帆科技有限公司', taxNo: USCC, hasFile: false });
    expect(request.bills.map((b) => b.billId).sort()).toEqual([...paid].sort());
    await expectUnchanged(t.database, () => call('/invoice/request', { ...base, billIds: [paid[1]] }), 409, /^账单PT\d{10}已申请开票，不能重复申请$/);
    expect((await ok<InvoiceableBill[]>('/invoice/bills')).map((b) => b.id)).not.toContain(paid[0]);
  });

  it('withdraws only while 待开票, which frees the bills', async () => {
    await expectUnchanged(t.database, () => call('/invoice/withdraw', { id: request.id }, admin, 2), 404, '开票申请不存在');
    await expectRefused(t, () => call('/invoice/withdraw', { id: request.id }, reader), 403, '您没有此操作的权限（invoiceManagement.edit），请联系管理员');
    expect(await ok<InvoiceRequestView>('/invoice/withdraw', { id: request.id })).toMatchObject({ status: 4, statusLabel: '已撤回' });
    await expectUnchanged(t.database, () => call('/invoice/withdraw', { id: request.id }), 409, `开票申请${request.requestNo}当前为「已撤回」，只有待开票的申请可以撤回`);
    request = await ok<InvoiceRequestView>('/invoice/request', { titleId: fullTitle.id, type: 2, billIds: paid, email: 'finance@yunfan.example.com' });
  });

  it('lets the operator reject with a reason, which frees the bills; members cannot', async () => {
    const third = await bill(1, '10.00', 4);
    const r = await ok<InvoiceRequestView>('/invoice/request', { titleId: ordinaryTitle.id, type: 1, billIds: [third], email: 'a@b.cn' });
    await expectUnchanged(t.database, () => call('/operator/invoice/reject', { companyId: 1, id: r.id, reason: '抬头有误' }, admin, undefined), 403, '仅平台运营人员可以操作');
    await expectUnchanged(t.database, () => call('/operator/invoice/reject', { companyId: 1, id: r.id, reason: '' }, operator, undefined), 400, /驳回原因/);
    await expectUnchanged(t.database, () => call('/operator/invoice/reject', { companyId: 2, id: r.id, reason: '抬头有误' }, operator, undefined), 404, '开票申请不存在');
    expect(await ok<InvoiceRequestView>('/operator/invoice/reject', { companyId: 1, id: r.id, reason: '抬头有误' }, operator, undefined)).toMatchObject({ status: 3, rejectReason: '抬头有误' });
    expect((await ok<InvoiceableBill[]>('/invoice/bills')).map((b) => b.id)).toContain(third);
    const audit = await t.rows<{ action: string }>(sql`select action from audit_log where company_id = 1 and entity = 'invoice_request' and entity_id = ${String(r.id)} and action like 'operator:%'`);
    expect(audit.map((a) => a.action)).toEqual(['operator:invoice.reject']);
  });

  it('lets the operator issue with the file; the company downloads it, another company and the non-holder cannot', async () => {
    const queue = await t.call<OpInvoiceRequestView[]>(`${API}/operator/invoice/page`, { token: operator, body: { status: 1 } });
    expect(queue.body.data.find((x) => x.id === request.id && x.companyId === 1)).toMatchObject({ companyName: '杭州云帆科技有限公司', amount: '1300.00' });
    expect((await t.call(`${API}/operator/invoice/page`, { token: admin, body: {} })).status).toBe(403);
    const fields = { companyId: 1, id: request.id, invoiceNo: '24332000000012345678', invoiceDate: chinaToday() };
    await expectUnchanged(t.database, () => issue(operator, fields), 400, '发票文件：请上传开具的电子发票');
    await expectUnchanged(t.database, () => issue(operator, { ...fields, invoiceNo: '12' }, { name: 'fp.pdf', data: PDF }), 400, /发票号码/);
    await expectUnchanged(t.database, () => issue(operator, fields, { name: 'fp.txt', data: PDF }), 400, '发票文件：请上传 PDF 格式的电子发票');
    expect((await issue(admin, fields, { name: 'fp.pdf', data: PDF })).status).toBe(403);
    const issued = await issue(operator, fields, { name: 'fp.pdf', data: PDF });
    expect(issued.body.code, issued.body.message).toBe(200);
    expect(issued.body.data).toMatchObject({ status: 2, invoiceNo: fields.invoiceNo, invoiceDate: fields.invoiceDate, hasFile: true });
    await expectUnchanged(t.database, () => issue(operator, fields, { name: 'fp.pdf', data: PDF }), 409, `开票申请${request.requestNo}当前为「已开票」，只有待开票的申请可以开票`);
    await expectUnchanged(t.database, () => call('/invoice/withdraw', { id: request.id }), 409, /只有待开票的申请可以撤回/);

    const mine = await download('/invoice/download', { id: request.id }, reader, 1);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    const elsewhere = await download('/invoice/download', { id: request.id }, admin, 2);
    expect(elsewhere.json()).toMatchObject({ code: 404, message: '开票申请不存在' });
    const nobody = await signInAsRole(t, { adminToken: admin, phone: '13700009102', role: '无发票权限', permissionKeys: ['home'] });
    expect((await download('/invoice/download', { id: request.id }, nobody.token, 1)).statusCode).toBe(403);
    expect((await download('/operator/invoice/download', { companyId: 1, id: request.id }, operator)).statusCode).toBe(200);
    const file = await t.rows<{ kind: string; owner: number | string }>(sql`select kind, owner_id as owner from files where company_id = 1 and kind = 'invoice'`);
    expect(file.map((f) => [f.kind, Number(f.owner)])).toEqual([['invoice', request.id]]);
  });
});
