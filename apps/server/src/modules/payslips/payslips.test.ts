import { lastMessageWith, readOutbox, type OutboxMessage } from '../../test/outbox.ts';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  BATCH_STATUS,
  MSG_PAYSLIP_NO_EMPLOYEE,
  PAYSLIP_MAX_ROWS,
  PAYSLIP_STAGES,
  PAYSLIP_STATUS,
  type PayslipAddResult,
  type PayslipBatchView,
  type PayslipEmployeeView,
  type PayslipOpenView,
  type PayslipRowDetail,
  type PayslipRowView,
  type PayslipSheetPreview,
} from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.ts';
import { enqueueJob, runDueJobsOnce } from '../../platform/jobs/index.ts';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { buildPayslipWorkbook, TWO_ROW_HEADER, TWO_ROW_MERGES } from './payslip-fixtures.ts';
import { verifyPayslipChain } from './payslip-evidence.ts';
import { shortCodeFor } from '../../platform/notify/short-links.ts';
import { payslipLinkToken, payslipShortLinkKey, payslipTokenHash, signPayslipTicket } from './payslip-links.ts';
import { autoConfirmPayslips, deliverPayslips, markSendJobFailed, MSG_SEND_JOB_FAILED, SEND_JOB } from './payslip-send.service.ts';
import { MSG_EMPTY_FILE, MSG_NO_ROWS, MSG_NOT_XLSX } from './payslip-sheet.ts';
import * as q from './payslips.queries.ts';

/**
 * 工资条: import (header detection, matching), the status machine, idempotent sending, the phone
 * page, evidence chain, isolation between companies and permissions.
 */

const API = '/wfsaas-payslip/api';
let t: TestApp;
let admin: string;
let staff: string;

// The small demo roster of company 1: 张伟 13901100000 E10001, 王芳 13901100001 E10002, 李娜 13901100002 E10003 …
const mobileOf = (i: number, company = 1) => `139${String(company).padStart(2, '0')}${String(100000 + i).slice(-6)}`;

function multipart(filename: string, content: Buffer) {
  const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploadSheet(content: Buffer, opts: { filename?: string; token?: string; companyId?: number; query?: string } = {}) {
  const m = multipart(opts.filename ?? '工资表.xlsx', content);
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/payslip/header${opts.query ?? ''}`,
    headers: { 'content-type': m.contentType, authorization: `Bearer ${opts.token ?? admin}`, companyid: String(opts.companyId ?? 1) },
    payload: m.payload,
  });
  return res.json() as { code: number; message: string; data: PayslipSheetPreview };
}

const call = <T = unknown>(path: string, body?: unknown, opts: { token?: string; companyId?: number } = {}) =>
  t.call<T>(`${API}/${path}`, { token: opts.token ?? admin, companyId: opts.companyId ?? 1, body });

const phoneCall = <T = unknown>(path: string, body: unknown, headers: Record<string, string> = {}) => t.call<T>(`${API}/m/payslip/${path}`, { body, headers });

/** Uploads, then makes a draft batch with the suggested layout. */
async function makeBatch(rows: (string | number | null)[][], title = '测试工资条', month = '2026-10'): Promise<{ preview: PayslipSheetPreview; add: PayslipAddResult }> {
  const file = await buildPayslipWorkbook({ header: TWO_ROW_HEADER, merges: TWO_ROW_MERGES, rows });
  const up = await uploadSheet(file);
  expect(up.code, up.message).toBe(200);
  const p = up.data;
  const r = await call<PayslipAddResult>('payslip/add', { fileId: p.fileId, month, title, headerRows: p.headerRows, identity: p.identity, columns: p.columns });
  expect(r.body.code, r.body.message).toBe(200);
  return { preview: p, add: r.body.data };
}

type Detail = { batch: PayslipBatchView; rows: PayslipRowView[] };
const detail = async (batchId: number, extra: Record<string, unknown> = {}) => (await call<Detail>('payslip/detail', { batchId, pageSize: 100, ...extra })).body;

async function sendNow(batchId: number, channels: string[] = ['app', 'sms'], extra: Record<string, unknown> = {}) {
  const r = await call<{ status: number }>('payslip/submit', { batchId, channels, ...extra });
  expect(r.body.code, r.body.message).toBe(200);
  await runDueJobsOnce(t.services);
}

async function ownerRows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

async function tokenFor(payslipId: number, companyId = 1): Promise<string> {
  return payslipLinkToken(t.services, companyId, payslipId);
}

/** Verifies by SMS (reads the code from the outbox) and answers a view ticket. */
async function ticketFor(token: string, ip = '10.0.0.1'): Promise<string> {
  const sms = await phoneCall<{ maskedMobile: string }>('sms', { token }, { 'x-forwarded-for': ip });
  expect(sms.body.code, sms.body.message).toBe(200);
  const row = await lastMessageWith(t, '查看工资条');
  const code = /验证码为(\d{6})/.exec(row!.body)![1]!;
  const v = await phoneCall<{ ticket: string }>('verify-sms', { token, code });
  expect(v.body.code, v.body.message).toBe(200);
  return v.body.data.ticket;
}

/** Lets a test ask for SMS codes again (the per-phone rate limit is 60 s). */
async function forgetSmsCodes() {
  await t.database.db.execute(sql`delete from sms_codes`);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
});
afterAll(async () => t?.close());

describe('import', () => {
  it('detects two header rows under merged cells, identity columns and groups, and drops blank rows', async () => {
    const file = await buildPayslipWorkbook({
      header: TWO_ROW_HEADER,
      merges: TWO_ROW_MERGES,
      rows: [
        ['张伟', mobileOf(0), '研发部', 8000, 1200.5, 0, 310.2, 8890.3],
        [null, null, null, null, null, null, null, null],
        ['王芳', mobileOf(1), '财务部', '9,000', '800', '', '200', '9600'],
      ],
    });
    const r = await uploadSheet(file);
    expect(r.code, r.message).toBe(200);
    expect(r.data.headerRows).toBe(2);
    expect(r.data.columns.map((c) => c.label)).toEqual(['姓名', '手机号', '部门', '应发工资/基本工资', '应发工资/绩效', '应发工资/奖金', '个人所得税', '实发工资']);
    expect(r.data.columns.map((c) => c.group)).toEqual(['info', 'info', 'info', 'income', 'income', 'income', 'deduction', 'net']);
    expect(r.data.columns[0]!.show).toBe(false);
    expect(r.data.identity).toEqual([
      { index: 0, kind: 'name' },
      { index: 1, kind: 'mobile' },
    ]);
    expect(r.data.rowCount).toBe(2);
    expect(r.data.sample[1]![0]).toBe('王芳');
  });

  it('reads a one-row header and 工号 as identity', async () => {
    const file = await buildPayslipWorkbook({ header: [['工号', '姓名', '基本工资', '养老保险', '实发金额']], rows: [['E10001', '张伟', 5000, 400, 4600]] });
    const r = await uploadSheet(file);
    expect(r.code, r.message).toBe(200);
    expect(r.data.headerRows).toBe(1);
    expect(r.data.identity).toEqual([
      { index: 1, kind: 'name' },
      { index: 0, kind: 'employeeNo' },
    ]);
    expect(r.data.columns.map((c) => c.group)).toEqual(['info', 'info', 'income', 'deduction', 'net']);
  });

  it('refuses a 0-byte file, a file that is not xlsx and a sheet without data rows, storing nothing', async () => {
    const before = await snapshotCounts(t.database);
    expect(await uploadSheet(Buffer.alloc(0))).toMatchObject({ code: 400, message: MSG_EMPTY_FILE });
    expect(await uploadSheet(Buffer.from('姓名,手机号\n张伟,139'), { filename: '工资表.xlsx' })).toMatchObject({ code: 400, message: MSG_NOT_XLSX });
    expect((await uploadSheet(Buffer.from('x'), { filename: '工资表.csv' })).code).toBe(400);
    const headerOnly = await buildPayslipWorkbook({ header: [['姓名', '手机号', '实发工资']], rows: [] });
    expect(await uploadSheet(headerOnly)).toMatchObject({ code: 400, message: MSG_NO_ROWS });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('refuses a sheet over the row limit', async () => {
    const rows = Array.from({ length: PAYSLIP_MAX_ROWS + 1 }, (_, i) => [`员工${i}`, 1000]);
    const file = await buildPayslipWorkbook({ header: [['姓名', '实发工资']], rows });
    const r = await uploadSheet(file);
    expect(r.code).toBe(400);
    expect(r.message).toContain(`超过单次上限 ${PAYSLIP_MAX_ROWS} 行`);
  });

  it('matches rows by name and identity, flags unknown and repeated people, keeps money as two-decimal text', async () => {
    const { add } = await makeBatch([
      ['张伟', mobileOf(0), '研发部', 8000, 1200.5, null, 310.2, 8890.3],
      ['王芳', mobileOf(1), '财务部', '9,000', '800', '', '200', '9600'],
      ['查无此人', '13700000000', '研发部', 5000, 0, 0, 0, 5000],
      ['张伟', mobileOf(0), '研发部', 1, 1, 1, 1, 1],
      ['李娜', mobileOf(9), '研发部', 1, 1, 1, 1, 1],
    ]);
    expect(add.rowCount).toBe(5);
    expect(add.matched).toBe(2);
    expect(add.unmatched.map((u) => [u.name, u.reason])).toEqual([
      ['查无此人', MSG_PAYSLIP_NO_EMPLOYEE],
      ['张伟', '重复的人员'],
      ['李娜', MSG_PAYSLIP_NO_EMPLOYEE],
    ]);
    expect(add.unmatched[0]!.identity).toBe('手机号 137****0000');
    const d = await detail(add.batchId);
    expect(d.data.batch).toMatchObject({ status: BATCH_STATUS.draft, counts: { total: 5, unmatched: 3, pending: 5 } });
    const wang = d.data.rows.find((r) => r.name === '王芳')!;
    expect(wang.netPay).toBe('9600.00');
    const [cells] = await ownerRows<{ cells: string[] }>(sql`select cells from payslips where id = ${wang.id}`);
    expect(cells!.cells.slice(3)).toEqual(['9000.00', '800.00', '', '200.00', '9600.00']);
    expect(d.pageMessage).toMatchObject({ total: 5 });
    const unmatched = await detail(add.batchId, { unmatched: true });
    expect(unmatched.data.rows).toHaveLength(3);
  });

  it('refuses bad input with a Chinese message naming the field, changing nothing', async () => {
    const before = await snapshotCounts(t.database);
    const r = await call('payslip/add', { fileId: 'a'.repeat(32), month: '2026-13', title: '十月', headerRows: 2, identity: [{ index: 0, kind: 'name' }], columns: [{ index: 0, label: '姓名', group: 'info', show: true }] });
    expect(r.body.code).toBe(400);
    expect(r.body.message).toContain('工资月份');
    const s = await call('payslip/submit', { batchId: 1, channels: ['fax'] });
    expect(s.body.code).toBe(400);
    expect(s.body.message).toContain('发送渠道');
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});

describe('status machine and sending', () => {
  it('refuses to send with unmatched rows, then sends once per employee even when the job runs twice', async () => {
    const { add } = await makeBatch([
      ['张伟', mobileOf(0), '研发部', 8000, 1000, 0, 100, 8900],
      ['王芳', mobileOf(1), '财务部', 9000, 800, 0, 200, 9600],
      ['李娜', '13700000001', '研发部', 7000, 0, 0, 0, 7000],
      ['张伟', mobileOf(0), '研发部', 1, 1, 1, 1, 1],
    ]);
    const refused = await call('payslip/submit', { batchId: add.batchId, channels: ['app', 'sms'] });
    expect(refused.body).toMatchObject({ code: 400, message: expect.stringContaining('2 条工资条未匹配') });
    // Staff may view but not send or edit.
    expect((await call('payslip/submit', { batchId: add.batchId, channels: ['app'] }, { token: staff })).status).toBe(403);
    expect((await call('payslip/assign', { payslipId: add.unmatched[0]!.payslipId, drop: true }, { token: staff })).status).toBe(403);
    // Fix: assign 李娜 by hand, drop the repeated row; assigning someone already in the batch is refused.
    const [lina] = await ownerRows<{ id: number }>(sql`select id from employees where company_id = 1 and name = '李娜'`);
    const [zhang] = await ownerRows<{ id: number }>(sql`select id from employees where company_id = 1 and name = '张伟'`);
    const dup = add.unmatched.find((u) => u.reason === '重复的人员')!;
    expect((await call('payslip/assign', { payslipId: dup.payslipId, employeeId: Number(zhang!.id) })).body.code).toBe(400);
    expect((await call('payslip/assign', { payslipId: add.unmatched.find((u) => u.name === '李娜')!.payslipId, employeeId: Number(lina!.id) })).body.code).toBe(200);
    expect((await call('payslip/assign', { payslipId: dup.payslipId, drop: true })).body.code).toBe(200);

    const submit = await call<{ status: number }>('payslip/submit', { batchId: add.batchId, channels: ['app', 'sms'] });
    expect(submit.body).toMatchObject({ code: 200, data: { status: BATCH_STATUS.sending } });
    // A double submit is refused.
    expect((await call('payslip/submit', { batchId: add.batchId, channels: ['app'] })).body).toMatchObject({ code: 400, message: expect.stringContaining('草稿') });
    await runDueJobsOnce(t.services);
    // The job again (a retry under another key), and the delivery step itself again, as after a crash.
    await t.database.inTenant(1, (tx) => enqueueJob(tx, { companyId: 1, type: SEND_JOB, payload: { batchId: add.batchId }, idempotencyKey: `retry-${add.batchId}` }));
    await t.database.inTenant(1, (tx) => q.updateBatch(tx, 1, add.batchId, { status: BATCH_STATUS.sending }));
    await runDueJobsOnce(t.services);
    const rowIds = (await detail(add.batchId)).data.rows.map((r) => r.id);
    const again = await t.database.inTenant(1, async (tx) => {
      const batch = (await q.findBatch(tx, 1, add.batchId))!;
      const ids = rowIds;
      return deliverPayslips(t.services, tx, 1, batch, ids, 'send', { userId: null });
    });
    expect(again).toMatchObject({ delivered: 0, skipped: 3 });

    const d = await detail(add.batchId);
    expect(d.data.batch).toMatchObject({ status: BATCH_STATUS.sent, counts: { total: 3, sent: 3, unmatched: 0 } });
    const ids = d.data.rows.map((r) => r.id);
    expect(countLinkSms(await readOutbox(t), ids)).toEqual([1, 1, 1]);
    const sends = await ownerRows<{ payslip_id: number; n: string | number }>(
      sql`select payslip_id, count(*) as n from payslip_events where kind = 'send' and batch_id = ${add.batchId} group by payslip_id`,
    );
    expect(sends).toHaveLength(3);
    expect(sends.every((r) => Number(r.n) === 1)).toBe(true);
    const links = await ownerRows<{ n: string | number }>(sql`select count(*) as n from payslip_links where payslip_id in (${sql.join(ids, sql`, `)})`);
    expect(Number(links[0]!.n)).toBe(3);
    // The admin has an account that is no employee: no in-app notice; nobody in this roster has one.
    const chain = await t.database.inTenant(1, (tx) => verifyPayslipChain(tx, 1, add.batchId));
    expect(chain).toMatchObject({ ok: true, events: 3 });
  });

  it('after a crash mid-send (one chunk committed, one rolled back) the job sends the rest, nobody twice; concurrent runs skip each other’s rows', async () => {
    const { add } = await makeBatch(
      [0, 1, 2, 3].map((i) => [['张伟', '王芳', '李娜', '刘洋'][i]!, mobileOf(i), '研发部', 1, 1, 1, 1, 1]),
      '中断后续发',
    );
    const submitted = await call('payslip/submit', { batchId: add.batchId, channels: ['sms'] });
    expect(submitted.body.code).toBe(200);
    const ids = (await detail(add.batchId)).data.rows.map((r) => r.id);
    const batch = () => t.database.inTenant(1, async (tx) => (await q.findBatch(tx, 1, add.batchId))!);
    const b = await batch();
    // A chunk that committed before the crash, and one that was cut off (its transaction rolled back).
    await t.database.inTenant(1, (tx) => deliverPayslips(t.services, tx, 1, b, [ids[0]!], 'send', { userId: null }));
    await expect(
      t.database.inTenant(1, async (tx) => {
        await deliverPayslips(t.services, tx, 1, b, [ids[1]!], 'send', { userId: null });
        throw new Error('crash');
      }),
    ).rejects.toThrow('crash');
    // Two runs at once over the same rows (a second worker, or a retry racing the first).
    const both = await Promise.all([
      t.database.inTenant(1, (tx) => deliverPayslips(t.services, tx, 1, b, ids, 'send', { userId: null })),
      t.database.inTenant(1, (tx) => deliverPayslips(t.services, tx, 1, b, ids, 'send', { userId: null })),
    ]);
    expect(both[0].delivered + both[1].delivered).toBe(3);
    await runDueJobsOnce(t.services);
    const d = await detail(add.batchId);
    expect(d.data.batch).toMatchObject({ status: BATCH_STATUS.sent, counts: { sent: 4 } });
    expect(countLinkSms(await readOutbox(t), ids)).toEqual([1, 1, 1, 1]);
    expect((await t.database.inTenant(1, (tx) => verifyPayslipChain(tx, 1, add.batchId))).events).toBe(4);
  });

  it('marks an employee without a mobile as failed for SMS, and a resend after the mobile is added delivers', async () => {
    await t.database.inTenant(1, (tx) => tx.execute(sql`insert into employees (company_id, name, employee_no) values (1, '孙无号', 'E1NOMOB')`));
    const file = await buildPayslipWorkbook({ header: [['姓名', '工号', '实发工资']], rows: [['孙无号', 'E1NOMOB', 5000], ['张伟', 'E10001', 6000]] });
    const up = await uploadSheet(file);
    const p = up.data;
    const add = (await call<PayslipAddResult>('payslip/add', { fileId: p.fileId, month: '2026-10', title: '短信工资条', headerRows: 1, identity: p.identity, columns: p.columns })).body.data;
    expect(add.matched).toBe(2);
    await sendNow(add.batchId, ['sms']);
    const rows = (await detail(add.batchId)).data.rows;
    expect(rows.find((r) => r.name === '孙无号')).toMatchObject({ status: PAYSLIP_STATUS.failed, failReason: '员工未登记手机号，无法发送短信' });
    expect(rows.find((r) => r.name === '张伟')).toMatchObject({ status: PAYSLIP_STATUS.sent });
    const m = '13901999999';
    await t.database.inTenant(1, (tx) =>
      tx.execute(sql`update employees set mobile_enc = ${t.services.cipher.encrypt(m)}, mobile_hash = ${t.services.cipher.lookupHash(m)} where company_id = 1 and name = '孙无号'`),
    );
    const resend = await call<{ affected: number }>('payslip/resend', { batchId: add.batchId, payslipIds: [rows.find((r) => r.name === '孙无号')!.id] });
    expect(resend.body).toMatchObject({ code: 200, data: { affected: 1 } });
    expect((await detail(add.batchId)).data.rows.find((r) => r.name === '孙无号')).toMatchObject({ status: PAYSLIP_STATUS.sent, failReason: null });
  });

  it('sends by SMS an absolute short link that opens the phone page, and by email the full link', async () => {
    await t.database.inTenant(1, (tx) => tx.execute(sql`update employees set email = 'zhangwei@example.com' where company_id = 1 and name = '张伟'`));
    const { add } = await makeBatch([['张伟', mobileOf(0), '研发部', 1, 1, 1, 1, 1]], '链接工资条', '2026-09');
    await sendNow(add.batchId, ['sms', 'email']);
    const row = (await detail(add.batchId)).data.rows[0]!;
    const token = await tokenFor(row.id);
    const link = smsLinkFor(row.id);
    // no PUBLIC_URL in development: links start with http://localhost:PORT
    expect((await lastMessageWith(t, link))!.body).toBe(`【wfsaas】杭州云帆科技有限公司9月工资条，请查看：${link}`);
    const opened = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/m/payslip/${token}`);
    expect((await phoneCall('open', { token })).body.code).toBe(200);
    const email = (await readOutbox(t)).filter((m) => m.channel === 'email' && m.recipient === 'zhangwei@example.com').at(-1)!;
    expect(email.body).toContain(`请打开 http://localhost:8080/m/payslip/${token} 查看并确认`);
    // a reminder repeats the same short link
    expect((await call('payslip/urge', { batchId: add.batchId })).body.code).toBe(200);
    expect((await lastMessageWith(t, link))!.body).toBe(`【wfsaas】杭州云帆科技有限公司9月工资条待您确认：${link}`);
  });

  it('answers an unknown or expired short link with a Chinese 404, as a page or as JSON', async () => {
    const { add } = await makeBatch([['王芳', mobileOf(1), '研发部', 1, 1, 1, 1, 1]], '过期链接工资条');
    await sendNow(add.batchId, ['sms']);
    const path = new URL(smsLinkFor((await detail(add.batchId)).data.rows[0]!.id)).pathname;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(302);
    await t.database.db.execute(sql`update short_links set expires_at = now() - interval '1 second'`);
    for (const url of [path, '/m/s/AAAAAAAAAAAA', '/m/s/short', `/m/s/${'x'.repeat(90)}`]) {
      const json = await t.app.inject({ method: 'GET', url });
      expect(json.statusCode, url).toBe(404);
      expect(json.json()).toEqual({ code: 404, message: '链接无效或已过期，请联系公司HR重新发送', data: null });
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('链接无效或已过期');
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('puts the link in the message centre of an employee who has an account', async () => {
    // The HR staff member is also on the roster as 吴昊.
    const [wu] = await ownerRows<{ id: number }>(sql`select id from employees where company_id = 1 and name = '吴昊'`);
    const [staffUser] = await ownerRows<{ id: number }>(sql`select id from users where nickname like '周敏%'`);
    await t.database.db.execute(sql`update company_members set employee_id = ${wu!.id} where company_id = 1 and user_id = ${staffUser!.id}`);
    const { add } = await makeBatch([['吴昊', mobileOf(9), '研发部', 1, 1, 1, 1, 1]], '站内消息工资条');
    await sendNow(add.batchId, ['app']);
    const inbox = await ownerRows<{ title: string; link: string }>(sql`select title, link from messages where company_id = 1 and user_id = ${staffUser!.id} and link like '/m/payslip/%'`);
    expect(inbox).toHaveLength(1);
    const row = (await detail(add.batchId)).data.rows[0]!;
    expect(inbox[0]!.link).toBe(`/m/payslip/${await tokenFor(row.id)}`);
    await t.database.db.execute(sql`update company_members set employee_id = null where company_id = 1 and user_id = ${staffUser!.id}`);
  });

  it('a send job that fails for good leaves its unreached payslips failed, to be sent again', async () => {
    const { add } = await makeBatch([['张伟', mobileOf(0), '研发部', 1, 1, 1, 1, 1]], '失败的发送');
    await t.database.inTenant(1, (tx) => q.updateBatch(tx, 1, add.batchId, { status: BATCH_STATUS.sending, channels: ['app'] }));
    await markSendJobFailed(t.services, 1, add.batchId);
    const d = await detail(add.batchId);
    expect(d.data.batch.status).toBe(BATCH_STATUS.sent);
    expect(d.data.rows[0]).toMatchObject({ status: PAYSLIP_STATUS.failed, failReason: MSG_SEND_JOB_FAILED });
    expect((await call<{ affected: number }>('payslip/resend', { batchId: add.batchId })).body.data.affected).toBe(1);
    expect((await detail(add.batchId)).data.rows[0]!.status).toBe(PAYSLIP_STATUS.sent);
  });

  it('a scheduled batch can be aborted and then sends nothing', async () => {
    const { add } = await makeBatch([['张伟', mobileOf(0), '研发部', 1, 1, 1, 1, 1]], '定时工资条');
    const past = await call('payslip/submit', { batchId: add.batchId, channels: ['app'], sendAt: '2020-01-01T00:00:00+08:00' });
    expect(past.body).toMatchObject({ code: 400, message: '定时发送时间应晚于当前时间' });
    const sendAt = new Date(Date.now() + 3600_000).toISOString();
    expect((await call<{ status: number }>('payslip/submit', { batchId: add.batchId, channels: ['app'], sendAt })).body.data.status).toBe(BATCH_STATUS.scheduled);
    expect((await call('payslip/remove', { batchId: add.batchId })).body.code).toBe(400);
    expect((await call('payslip/abort', { batchId: add.batchId })).body).toMatchObject({ code: 200, data: { status: BATCH_STATUS.aborted } });
    expect((await call('payslip/abort', { batchId: add.batchId })).body.code).toBe(400);
    await t.database.db.execute(sql`update jobs set run_at = now() where type = ${SEND_JOB}`);
    await runDueJobsOnce(t.services);
    const d = await detail(add.batchId);
    expect(d.data.batch.status).toBe(BATCH_STATUS.aborted);
    expect(d.data.batch.counts.pending).toBe(1);
  });

  it('removes drafts only', async () => {
    const { add } = await makeBatch([['张伟', mobileOf(0), '研发部', 1, 1, 1, 1, 1]], '待删除');
    expect((await call('payslip/remove', { batchId: add.batchId }, { token: staff })).status).toBe(403);
    expect((await call('payslip/remove', { batchId: add.batchId })).body.code).toBe(200);
    expect((await call('payslip/detail', { batchId: add.batchId })).body.code).toBe(404);
  });
});

describe('the phone page', () => {
  let batchId: number;
  let rows: PayslipRowView[];
  beforeAll(async () => {
    const { add } = await makeBatch(
      [
        ['张伟', mobileOf(0), '研发部', 8000, 1000, 0, 100, 8900],
        ['王芳', mobileOf(1), '财务部', 9000, 800, 0, 200, 9600],
        ['李娜', mobileOf(2), '研发部', 7000, 0, 0, 0, 7000],
      ],
      '十月工资条',
    );
    batchId = add.batchId;
    await sendNow(batchId, ['app']);
    rows = (await detail(batchId)).data.rows;
  });

  it('opens, verifies by SMS, shows the payslip by group (zero items hidden), records the view and a confirmation', async () => {
    await forgetSmsCodes();
    const token = await tokenFor(rows[0]!.id);
    const open = await phoneCall<PayslipOpenView>('open', { token });
    expect(open.body.data).toMatchObject({ companyName: '杭州云帆科技有限公司', month: '2026-10', maskedName: '*伟', maskedMobile: '139****0000', verifyMethod: 'sms', withdrawn: false });
    const ticket = await ticketFor(token);
    const view = await phoneCall<PayslipEmployeeView>('view', { token, ticket });
    expect(view.body.code, view.body.message).toBe(200);
    expect(view.body.data).toMatchObject({ name: '张伟', status: PAYSLIP_STATUS.viewed, netPay: '8900.00', withdrawn: false });
    const income = view.body.data.groups.find((g) => g.group === 'income')!;
    // the upper header 应发工资 only repeats the heading 应发项目: the items are labelled without it
    expect(income.items).toEqual([
      { label: '基本工资', value: '8000.00' },
      { label: '绩效', value: '1000.00' },
    ]);
    const confirm = await phoneCall<PayslipEmployeeView>('confirm', { token, ticket }, { 'user-agent': 'PhoneTest/1.0' });
    expect(confirm.body.data.status).toBe(PAYSLIP_STATUS.confirmed);
    const [ev] = await ownerRows<{ ip: string; user_agent: string }>(sql`select ip, user_agent from payslip_events where payslip_id = ${rows[0]!.id} and kind = 'confirm'`);
    expect(ev).toMatchObject({ user_agent: 'PhoneTest/1.0' });
    expect(ev!.ip).toBeTruthy();
    const audited = await ownerRows<{ action: string }>(sql`select action from audit_log where entity = 'payslip' and entity_id = ${String(rows[0]!.id)} order by id`);
    expect(audited.map((a) => a.action)).toEqual(['payslip.view', 'payslip.confirm']);
  });

  it('takes feedback, and HR replies', async () => {
    await forgetSmsCodes();
    const token = await tokenFor(rows[1]!.id);
    const ticket = await ticketFor(token, '10.0.0.2');
    const fb = await phoneCall<PayslipEmployeeView>('feedback', { token, ticket, feedback: '绩效金额与考核结果不符' });
    expect(fb.body.data).toMatchObject({ status: PAYSLIP_STATUS.feedback, feedback: '绩效金额与考核结果不符' });
    expect((await call('payslip/reply', { payslipId: rows[1]!.id, reply: '已核实，下月补发' }, { token: staff })).status).toBe(403);
    const reply = await call<PayslipRowView>('payslip/reply', { payslipId: rows[1]!.id, reply: '已核实，下月补发' });
    expect(reply.body.data).toMatchObject({ reply: '已核实，下月补发', departmentName: null });
    const again = await phoneCall<PayslipEmployeeView>('view', { token, ticket });
    expect(again.body.data.reply).toBe('已核实，下月补发');
  });

  it('gives HR one figure per stage, counted by the server, and lists exactly those rows under its tab', async () => {
    // 张伟 confirmed, 王芳 viewed and asked a question, 李娜 sent and not yet opened
    const d = await detail(batchId);
    expect(d.data.batch.stageCounts).toEqual({ total: 3, unmatched: 0, pending: 0, sent: 3, viewed: 2, confirmed: 1, feedback: 1, withdrawn: 0, failed: 0 });
    expect(d.data.batch.counts).toMatchObject({ sent: 1, viewed: 0, confirmed: 1, feedback: 1 });
    for (const stage of PAYSLIP_STAGES) {
      const listed = await detail(batchId, { stage: stage.key });
      expect(listed.pageMessage, stage.key).toMatchObject({ total: d.data.batch.stageCounts[stage.key] });
      expect(listed.data.rows.every((r) => (stage.statuses as readonly number[]).includes(r.status)), stage.key).toBe(true);
    }
    const page = (await call<PayslipBatchView[]>('payslip/page', { pageNum: 1, pageSize: 50, month: '2026-10' })).body.data;
    expect(page.find((b) => b.id === batchId)!.stageCounts).toEqual(d.data.batch.stageCounts);
    expect((await call('payslip/detail', { batchId, stage: 'opened' })).body).toMatchObject({ code: 400, message: expect.stringContaining('状态分类') });
  });

  it('withdrawn after viewing: the page says so and shows no figures; a corrected version is sent with history kept', async () => {
    await forgetSmsCodes();
    const row = rows[2]!;
    const token = await tokenFor(row.id);
    const ticket = await ticketFor(token, '10.0.0.3');
    expect((await phoneCall<PayslipEmployeeView>('view', { token, ticket })).body.data.status).toBe(PAYSLIP_STATUS.viewed);
    const w = await call<{ affected: number }>('payslip/withdraw', { batchId, payslipIds: [row.id] });
    expect(w.body.data).toEqual({ affected: 1, skipped: 0 });
    expect((await phoneCall<PayslipOpenView>('open', { token })).body.data.withdrawn).toBe(true);
    const view = await phoneCall<PayslipEmployeeView>('view', { token, ticket });
    expect(view.body.data).toMatchObject({ withdrawn: true, groups: [], netPay: null, note: '该工资条已撤回' });
    expect((await phoneCall('confirm', { token, ticket })).body).toMatchObject({ code: 400, message: expect.stringContaining('该工资条已撤回') });

    // Only a withdrawn payslip can be replaced.
    expect((await call('payslip/replace', { payslipId: rows[0]!.id, cells: [{ index: 7, value: '1' }] })).body.code).toBe(400);
    const r = await call<{ payslipId: number; version: number; status: number }>('payslip/replace', { payslipId: row.id, cells: [{ index: 7, value: '7100' }, { index: 4, value: '100' }] });
    expect(r.body).toMatchObject({ code: 200, data: { version: 2, status: PAYSLIP_STATUS.sent } });
    const now = (await detail(batchId)).data.rows.find((x) => x.name === '李娜')!;
    expect(now).toMatchObject({ id: r.body.data.payslipId, version: 2, netPay: '7100.00' });
    const history = await ownerRows<{ version: number; is_current: boolean }>(sql`select version, is_current from payslips where batch_id = ${batchId} and name = '李娜' order by version`);
    expect(history.map((h) => [h.version, h.is_current])).toEqual([
      [1, false],
      [2, true],
    ]);
    // The old link still answers withdrawn; the new one shows the corrected figures.
    expect((await phoneCall<PayslipOpenView>('open', { token })).body.data.withdrawn).toBe(true);
    await forgetSmsCodes();
    const token2 = await tokenFor(r.body.data.payslipId);
    const v2 = await phoneCall<PayslipEmployeeView>('view', { token: token2, ticket: await ticketFor(token2, '10.0.0.4') });
    expect(v2.body.data).toMatchObject({ withdrawn: false, netPay: '7100.00' });
  });

  it('answers a guessed token, a bad token and an expired or foreign ticket with a Chinese message', async () => {
    const guessed = await phoneCall('open', { token: randomBytes(32).toString('hex') });
    expect(guessed.status).toBe(200);
    expect(guessed.body).toMatchObject({ code: 404, message: '工资条链接无效或已失效，请联系公司HR' });
    const bad = await phoneCall('open', { token: 'short' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain('链接');
    const token = await tokenFor(rows[0]!.id);
    const expired = signPayslipTicket(t.services, payslipTokenHash(t.services, token), Date.now() - 1000);
    expect((await phoneCall('view', { token, ticket: expired })).body).toMatchObject({ code: 400, message: '查看凭证已过期，请重新验证身份' });
    // A ticket of another payslip does not open this one.
    const other = signPayslipTicket(t.services, payslipTokenHash(t.services, await tokenFor(rows[1]!.id)), Date.now() + 60_000);
    expect((await phoneCall('view', { token, ticket: other })).body).toMatchObject({ code: 400, message: '查看凭证无效，请重新验证身份' });
    expect((await phoneCall('verify-sms', { token, code: '000000' })).body.code).toBe(400);
    expect((await phoneCall('verify-id', { token, name: '张伟', idLast6: '123456' })).body).toMatchObject({ code: 400, message: '本工资条需使用短信验证码验证' });
  });

  it('shows HR a payslip as its employee sees it, with every shown cell’s current value for a correction', async () => {
    const r = await call<PayslipRowDetail>('payslip/row-view', { payslipId: rows[0]!.id }, { token: staff });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ name: '张伟', netPay: '8900.00', withdrawn: false });
    expect(r.body.data.groups.find((g) => g.group === 'income')!.items.map((i) => i.label)).toEqual(['基本工资', '绩效']);
    // zero values are hidden from the employee, not from the cells HR corrects
    expect(r.body.data.cells).toEqual([
      { index: 2, label: '部门', group: 'info', value: '研发部' },
      { index: 3, label: '基本工资', group: 'income', value: '8000.00' },
      { index: 4, label: '绩效', group: 'income', value: '1000.00' },
      { index: 5, label: '奖金', group: 'income', value: '0.00' },
      { index: 6, label: '个人所得税', group: 'deduction', value: '100.00' },
      { index: 7, label: '实发工资', group: 'net', value: '8900.00' },
    ]);
    expect((await call('payslip/row-view', { payslipId: rows[0]!.id }, { companyId: 2 })).body.code).toBe(404);
  });

  it('verifies by name and the ID number’s last six, limits failures, and stores the signature when the batch asks for one', async () => {
    const id = '33010619900101123X';
    await t.database.inTenant(1, (tx) =>
      tx.execute(sql`update employees set id_number_enc = ${t.services.cipher.encrypt(id)}, id_number_hash = ${t.services.cipher.lookupHash(id)} where company_id = 1 and name = '周婷'`),
    );
    const { add } = await makeBatch([['周婷', mobileOf(8), '研发部', 5000, 0, 0, 0, 5000]], '签名工资条');
    await sendNow(add.batchId, ['app'], { verifyMethod: 'idNumber', requireSignature: true });
    const row = (await detail(add.batchId)).data.rows[0]!;
    const token = await tokenFor(row.id);
    expect((await phoneCall<PayslipOpenView>('open', { token })).body.data.verifyMethod).toBe('idNumber');
    expect((await phoneCall('sms', { token })).body.code).toBe(400);
    expect((await phoneCall('verify-id', { token, name: '周婷', idLast6: '000000' })).body).toMatchObject({ code: 400, message: '姓名或证件号后6位不正确' });
    const ok = await phoneCall<{ ticket: string }>('verify-id', { token, name: '周婷', idLast6: '01123x' });
    expect(ok.body.code, ok.body.message).toBe(200);
    const ticket = ok.body.data.ticket;
    expect((await phoneCall('confirm', { token, ticket })).body).toMatchObject({ code: 400, message: '手写签名：请先签名再确认' });
    expect((await phoneCall('confirm', { token, ticket, signature: 'data:image/png;base64,AAAA' })).body).toMatchObject({ code: 400, message: '手写签名：应为 PNG 图片' });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(120)]);
    const confirmed = await phoneCall<PayslipEmployeeView>('confirm', { token, ticket, signature: `data:image/png;base64,${png.toString('base64')}` });
    expect(confirmed.body.data.status).toBe(PAYSLIP_STATUS.confirmed);
    const [stored] = await ownerRows<{ signature_file_id: number | null }>(sql`select signature_file_id from payslips where id = ${row.id}`);
    expect(stored!.signature_file_id).not.toBeNull();
    for (let i = 0; i < 4; i++) await phoneCall('verify-id', { token, name: '周婷', idLast6: '999999' });
    expect((await phoneCall('verify-id', { token, name: '周婷', idLast6: '01123X' })).body).toMatchObject({ code: 429, message: '验证失败次数过多，请15分钟后再试' });
  });

  it('asks for the payslip password after the identity check when the batch wants one: set on the first view, checked later, reset by HR', async () => {
    const { add } = await makeBatch([['周婷', mobileOf(8), '研发部', 6000, 0, 0, 0, 6000]], '查询密码工资条');
    await sendNow(add.batchId, ['app'], { verifyMethod: 'idNumber', requirePassword: true });
    const row = (await detail(add.batchId)).data.rows[0]!;
    const token = await tokenFor(row.id);
    const verify = () => phoneCall<{ ticket: string; password: string }>('verify-id', { token, name: '周婷', idLast6: '01123X' });
    const first = await verify();
    expect(first.body.data.password).toBe('unset');
    expect((await phoneCall('view', { token, ticket: first.body.data.ticket })).body).toMatchObject({ code: 400, message: '请先输入工资条查询密码' });
    expect((await phoneCall('password', { token, ticket: first.body.data.ticket, password: '111111' })).body).toMatchObject({ code: 400, message: '查询密码：请勿使用连续或重复的数字' });
    expect((await phoneCall('password', { token, ticket: first.body.data.ticket, password: '12ab56' })).body).toMatchObject({ code: 400, message: expect.stringContaining('查询密码') });
    const opened = await phoneCall<{ ticket: string }>('password', { token, ticket: first.body.data.ticket, password: '246810' });
    expect(opened.body.code, opened.body.message).toBe(200);
    expect((await phoneCall<PayslipEmployeeView>('view', { token, ticket: opened.body.data.ticket })).body.data.netPay).toBe('6000.00');
    // a ticket of the password step does not open another payslip's link
    expect((await phoneCall('view', { token: await tokenFor(rows[0]!.id), ticket: opened.body.data.ticket })).body.code).toBe(400);

    const again = await verify();
    expect(again.body.data.password).toBe('set');
    expect((await phoneCall('password', { token, ticket: again.body.data.ticket, password: '135790' })).body).toMatchObject({ code: 400, message: '查询密码不正确' });
    expect((await phoneCall('password', { token, ticket: again.body.data.ticket, password: '246810' })).body.code).toBe(200);

    expect((await call('payslip/password/reset', { payslipId: row.id }, { token: staff })).body.code).toBe(403);
    expect((await call('payslip/password/reset', { payslipId: row.id })).body).toMatchObject({ code: 200 });
    expect((await verify()).body.data.password).toBe('unset');
    expect((await call('payslip/password/reset', { payslipId: row.id })).body).toMatchObject({ code: 400, message: '周婷尚未设置工资条查询密码，无需重置' });
    expect((await call('payslip/password/reset', { payslipId: row.id }, { companyId: 2 })).body.code).toBe(404);
  });

  it('rate-limits SMS codes per phone', async () => {
    await forgetSmsCodes();
    const token = await tokenFor(rows[0]!.id);
    expect((await phoneCall('sms', { token })).body.code).toBe(200);
    expect((await phoneCall('sms', { token })).body).toMatchObject({ code: 429, message: '验证码发送过于频繁，请60秒后再试' });
  });

  it('keeps a hash chain of the evidence; an edited event breaks it', async () => {
    const ok = await t.database.inTenant(1, (tx) => verifyPayslipChain(tx, 1, batchId));
    expect(ok.ok).toBe(true);
    expect(ok.events).toBeGreaterThanOrEqual(8);
    const kinds = await ownerRows<{ kind: string }>(sql`select distinct kind from payslip_events where batch_id = ${batchId}`);
    expect(kinds.map((k) => k.kind).sort()).toEqual(['confirm', 'feedback', 'replace', 'reply', 'send', 'view', 'withdraw']);
    // The table refuses edits; the owner switches that off to play the forger.
    await expect(t.database.db.execute(sql`update payslip_events set ip = '1.2.3.4' where batch_id = ${batchId}`)).rejects.toThrow();
    await t.database.db.execute(sql`alter table payslip_events disable trigger payslip_events_append_only`);
    await t.database.db.execute(sql`update payslip_events set ip = '1.2.3.4' where batch_id = ${batchId} and kind = 'confirm'`);
    await t.database.db.execute(sql`alter table payslip_events enable trigger payslip_events_append_only`);
    const broken = await t.database.inTenant(1, (tx) => verifyPayslipChain(tx, 1, batchId));
    expect(broken.ok).toBe(false);
    expect(broken.brokenAtSeq).not.toBeNull();
  });

  it('urges the unconfirmed and exports the receipts', async () => {
    const u = await call<{ affected: number }>('payslip/urge', { batchId });
    expect(u.body.code, u.body.message).toBe(200);
    expect(u.body.data.affected).toBe(1);
    const res = await t.app.inject({ method: 'POST', url: `${API}/payslip/export`, headers: { authorization: `Bearer ${staff}`, companyid: '1' }, payload: { batchId } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.read(Readable.from([res.rawPayload]));
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '姓名', '工号', '部门', '状态', '发送时间', '查看时间', '确认时间', '反馈', '回复', '失败原因']);
    const names = [2, 3, 4].map((r) => sheet.getRow(r).getCell(1).value);
    expect(names).toEqual(['张伟', '王芳', '李娜']);
    expect(sheet.getRow(2).getCell(4).value).toBe('已确认');
    expect(sheet.getRow(3).getCell(8).value).toBe('绩效金额与考核结果不符');
  });

  it('auto-confirms sent and viewed payslips after the batch’s days', async () => {
    const { add } = await makeBatch([['张伟', mobileOf(0), '研发部', 1, 1, 1, 1, 1]], '自动确认');
    await sendNow(add.batchId, ['app'], { autoConfirmDays: 3 });
    expect(await t.database.inTenant(1, (tx) => autoConfirmPayslips(tx, 1))).toBe(0);
    const later = new Date(Date.now() + 4 * 86_400_000);
    // The demo batch (7 days, sent 5 days ago) comes due too.
    expect(await t.database.inTenant(1, (tx) => autoConfirmPayslips(tx, 1, later))).toBeGreaterThanOrEqual(1);
    expect(await t.database.inTenant(1, (tx) => autoConfirmPayslips(tx, 1, later))).toBe(0);
    expect((await detail(add.batchId)).data.rows[0]).toMatchObject({ status: PAYSLIP_STATUS.confirmed });
  });
});

describe('isolation, lists and settings', () => {
  it('another company sees none of this company’s batches or payslips', async () => {
    const page1 = await call<PayslipBatchView[]>('payslip/page', { pageSize: 50 });
    const some = page1.body.data[0]!;
    expect((await call('payslip/detail', { batchId: some.id }, { companyId: 2 })).body.code).toBe(404);
    expect((await call('payslip/withdraw', { batchId: some.id }, { companyId: 2 })).body.code).toBe(404);
    expect((await call('payslip/export', { batchId: some.id }, { companyId: 2 })).body.code).toBe(404);
    const rowId = (await detail(some.id)).data.rows[0]!.id;
    expect((await call('payslip/reply', { payslipId: rowId, reply: 'x' }, { companyId: 2 })).body.code).toBe(404);
    const page2 = await call<PayslipBatchView[]>('payslip/page', {}, { companyId: 2 });
    expect(page2.body.data.some((b) => b.id === some.id)).toBe(false);
    // Under RLS alone (no company filter), company 2 reads no row of company 1.
    const seen = await t.database.inTenant(2, async (tx) => rowsOf<{ n: string | number }>(await tx.execute(sql`select count(*) as n from payslips`)));
    expect(Number(seen[0]!.n)).toBe(0);
  });

  it('every write is refused without its permission (403) and from another company (404), changing nothing', async () => {
    const page = await call<PayslipBatchView[]>('payslip/page', { pageSize: 50 });
    const sent = page.body.data.find((b) => b.status === BATCH_STATUS.sent)!;
    const draft = page.body.data.find((b) => b.status === BATCH_STATUS.draft)!;
    const row = (await detail(sent.id)).data.rows[0]!;
    const draftRow = (await detail(draft.id)).data.rows[0]!;
    const [file] = await ownerRows<{ public_id: string }>(sql`select public_id from files where company_id = 1 and original_name like '%.xlsx' order by id limit 1`);
    const writes: [string, unknown][] = [
      ['payslip/submit', { batchId: draft.id, channels: ['app'] }],
      ['payslip/resend', { batchId: sent.id }],
      ['payslip/abort', { batchId: sent.id }],
      ['payslip/withdraw', { batchId: sent.id }],
      ['payslip/urge', { batchId: sent.id }],
      ['payslip/assign', { payslipId: draftRow.id, drop: true }],
      ['payslip/remove', { batchId: draft.id }],
      ['payslip/reply', { payslipId: row.id, reply: '好的' }],
      ['payslip/replace', { payslipId: row.id, cells: [{ index: 0, value: 'x' }] }],
      ['payslip/template/save', { name: '越权模板', headerRows: 1, columns: [{ index: 0, label: '姓名', group: 'info', show: true }] }],
    ];
    const before = await snapshotCounts(t.database);
    for (const [path, body] of writes) {
      const r = await call(path, body, { token: staff });
      expect([path, r.status]).toEqual([path, 403]);
    }
    const foreign: [string, unknown][] = [
      ...writes.filter(([p]) => p !== 'payslip/template/save'),
      ['payslip/detail', { batchId: sent.id }],
      ['payslip/row-view', { payslipId: row.id }],
      ['payslip/export', { batchId: sent.id }],
      ['payslip/add', { fileId: file!.public_id, month: '2026-10', title: 'x', headerRows: 1, identity: [{ index: 0, kind: 'name' }, { index: 1, kind: 'mobile' }], columns: [{ index: 0, label: '姓名', group: 'info', show: true }] }],
    ];
    for (const [path, body] of foreign) {
      const r = await call(path, body, { companyId: 2 });
      expect([path, r.body.code]).toEqual([path, 404]);
    }
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('pages batches by month with counts', async () => {
    const r = await call<PayslipBatchView[]>('payslip/page', { month: '2026-10', title: '十月', pageSize: 5 });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]!.counts).toMatchObject({ total: 3, confirmed: 1, feedback: 1 });
    expect(r.body.pageMessage).toMatchObject({ total: 1, pageSize: 5 });
  });

  it('saves, lists and removes templates; lists channels and known items', async () => {
    const body = { name: '标准模板', headerRows: 2, columns: [{ index: 3, label: '应发工资/基本工资', group: 'income', show: true }], hideEmpty: true, note: '' };
    const saved = await call<{ id: number }>('payslip/template/save', body);
    expect(saved.body.code, saved.body.message).toBe(200);
    expect((await call('payslip/template/save', body)).body).toMatchObject({ code: 400, message: expect.stringContaining('已存在') });
    expect((await call('payslip/template/save', body, { token: staff })).status).toBe(403);
    expect((await call<unknown[]>('payslip/template/list', undefined, { token: staff })).body.data).toHaveLength(1);
    expect((await call('payslip/template/remove', { id: saved.body.data.id })).body.code).toBe(200);
    expect((await call<unknown[]>('payslip/template/list')).body.data).toHaveLength(0);
    const ch = await call<{ key: string; available: boolean; note: string }[]>('channel/list');
    expect(ch.body.data.find((c) => c.key === 'app')!.available).toBe(true);
    expect(ch.body.data.find((c) => c.key === 'sms')).toMatchObject({ available: false, note: expect.stringContaining('未配置短信网关') });
    const sys = await call<{ label: string; group: string }[]>('sys-table-header/list');
    expect(sys.body.data).toContainEqual({ label: '个人所得税', group: 'deduction' });
  });

  it('shows this month’s SMS quota and refuses an SMS send the quota cannot cover, changing nothing', async () => {
    const [used] = await ownerRows<{ n: number }>(sql`select count(*)::int as n from outbox where company_id = 1 and channel = 'sms' and created_at >= date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`);
    const quota = t.services.config.smsMonthlyQuota;
    const sms = async () => (await call<{ key: string; smsQuota?: number }[]>('channel/list')).body.data.find((c) => c.key === 'sms')!;
    expect((await sms()).smsQuota).toBe(quota - used!.n);
    const { add } = await makeBatch([['张伟', mobileOf(0), '研发部', 1, 1, 1, 1, 1], ['王芳', mobileOf(1), '研发部', 1, 1, 1, 1, 1]], '余量工资条');
    (t.services.config as { smsMonthlyQuota: number }).smsMonthlyQuota = used!.n + 1;
    try {
      expect((await sms()).smsQuota).toBe(1);
      const before = await snapshotCounts(t.database);
      const r = await call('payslip/submit', { batchId: add.batchId, channels: ['app', 'sms'] });
      expect(r.body).toMatchObject({ code: 400, message: '发送渠道：短信余量不足，本批需发送 2 条，本月剩余 1 条；请改用应用内或邮件渠道' });
      expect(await snapshotCounts(t.database)).toEqual(before);
      expect((await call('payslip/submit', { batchId: add.batchId, channels: ['app'] })).body.code).toBe(200);
    } finally {
      (t.services.config as { smsMonthlyQuota: number }).smsMonthlyQuota = quota;
    }
  });
});

describe('demo data', () => {
  it('seeds last month sent with mixed receipts and a draft with one row to match, its evidence chain intact', async () => {
    const r = await call<PayslipBatchView[]>('payslip/page', { title: '年', pageSize: 10 });
    const seeded = r.body.data.filter((b) => /^\d{4}年\d{2}月工资条$/.test(b.title));
    expect(seeded.map((b) => b.status).sort()).toEqual([BATCH_STATUS.draft, BATCH_STATUS.sent]);
    const sent = seeded.find((b) => b.status === BATCH_STATUS.sent)!;
    expect(sent.counts).toMatchObject({ total: 10, feedback: 1, failed: 1 });
    expect(sent.counts.confirmed + sent.counts.viewed + sent.counts.sent).toBe(8);
    expect(seeded.find((b) => b.status === BATCH_STATUS.draft)!.counts.unmatched).toBe(1);
    expect((await t.database.inTenant(1, (tx) => verifyPayslipChain(tx, 1, sent.id))).ok).toBe(true);
  });
});

/** The SMS link of a payslip: its short link under the development address (no PUBLIC_URL: http://localhost:PORT). */
function smsLinkFor(payslipId: number): string {
  return `http://localhost:8080/m/s/${shortCodeFor(t.services, payslipShortLinkKey(1, payslipId))}`;
}

/** How many SMS carrying the link of one of the payslips each recipient got (recipients in no order). */
function countLinkSms(messages: OutboxMessage[], payslipIds: number[]): number[] {
  const links = payslipIds.map(smsLinkFor);
  const n = new Map<string, number>();
  for (const m of messages) if (m.channel === 'sms' && links.some((l) => m.body.endsWith(l))) n.set(m.recipientHash, (n.get(m.recipientHash) ?? 0) + 1);
  return [...n.values()];
}
