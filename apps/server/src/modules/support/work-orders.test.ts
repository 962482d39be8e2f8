import { randomBytes } from 'node:crypto';
import type { OpWorkOrderCounts, OpWorkOrderDetail, OpWorkOrderView, WorkOrderCounts, WorkOrderDetail, WorkOrderFileView, WorkOrderView } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentIdByName, hireEmployee, signInAsRole } from '../../test/factories.ts';
import { createTestApp, expectRefused, expectUnchanged, type TestApp } from '../../test/harness.ts';
import { PNG, postFile } from '../../test/uploads.ts';

/** 工单管理: a ticket's life on both sides, locks, deletion, counts, and the refusals. */

const API = '/wfsaas-saas/api';
let t: TestApp;
let admin: string;
let operator: string;
let reader: string;
let adminUserId: number;

const call = <T>(path: string, body: object = {}, token = admin, companyId: number | undefined = 1) => t.call<T>(`${API}${path}`, { token, companyId, body });
async function ok<T>(path: string, body: object = {}, token = admin, companyId: number | undefined = 1): Promise<T> {
  const r = await call<T>(path, body, token, companyId);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}
const op = <T>(path: string, body: object) => ok<T>(path, body, operator, undefined);

async function upload(token = admin, name = '截图.png'): Promise<string> {
  const r = await postFile<{ fileId: string }>(t, '/wfsaas-file/api/file/upload', { token, companyId: 1, filename: name, content: PNG });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data.fileId;
}

/** The operator's multipart upload for a reply. */
async function operatorUpload(fields: Record<string, string | number>, name = '说明.png') {
  const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`));
  const res = await t.app.inject({ method: 'POST', url: `${API}/operator/workOrderManagement/upload`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${operator}` }, payload: Buffer.concat(parts) });
  return res.json() as { code: number; message: string; data: WorkOrderFileView };
}

const open = (extra: object = {}) => ok<WorkOrderDetail>('/workOrderManagement/add', { category: 2, title: '导入员工失败', description: '导入花名册时第3行提示格式错误', ...extra });
const noticesFor = (userId: number) => t.rows<{ title: string; link: string }>(sql`select title, link from messages where company_id = 1 and user_id = ${userId} and title like '工单%' order by id`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  operator = await t.login('13900000000');
  reader = (await signInAsRole(t, { adminToken: admin, phone: '13700009301', role: '工单查看', permissionKeys: ['orderManagement', 'managementDetail'] })).token;
  adminUserId = (await t.rows<{ id: number }>(sql`select user_id as id from company_members where company_id = 1 and is_admin order by user_id limit 1`))[0]!.id;
}, 120_000);
afterAll(async () => t?.close());

describe('a ticket from opening to rating', () => {
  it('goes through both sides: open, accept, replies both ways, resolve, a reply back, resolve, confirm, rate', async () => {
    const before = await ok<WorkOrderCounts>('/workOrderManagement/counts');
    const employee = await hireEmployee(t, { token: admin, name: '工单员工', hireDate: '2025-03-01', departmentId: await departmentIdByName(t, '财务部') });
    const shot = await upload();
    const created = await open({ contactPhone: '13912345678', related: { type: 'employee', id: employee.id }, fileIds: [shot] });
    expect(created).toMatchObject({ status: 1, statusLabel: '待受理', categoryLabel: '功能异常', contactPhone: '13912345678', awaitingPlatform: true, actions: expect.arrayContaining(['reply', 'close', 'delete']) });
    expect(created.orderNo).toMatch(/^GD\d{6}\d{4}$/);
    expect(created.related).toMatchObject({ type: 'employee', id: employee.id, label: expect.stringContaining('工单员工') });
    expect(created.files.map((f) => f.fileId)).toEqual([shot]);
    // the phone is kept encrypted, masked in lists
    const [stored] = await t.rows<{ enc: string; masked: string }>(sql`select contact_phone_enc as enc, contact_phone_masked as masked from work_orders where company_id = 1 and id = ${created.id}`);
    expect(stored!.enc).not.toContain('13912345678');
    const listed = (await ok<WorkOrderView[]>('/workOrderManagement/list', { keyword: created.orderNo }))[0]!;
    expect(listed.contactPhone).toBe('139****5678');

    // the platform's queue has it, the employee's name hidden from the platform
    const queue = await op<OpWorkOrderView[]>('/operator/workOrderManagement/list', { keyword: created.orderNo });
    expect(queue.map((r) => r.id)).toEqual([created.id]);
    expect(queue[0]!.related).toMatchObject({ typeLabel: '员工', id: null });
    expect(JSON.stringify(queue[0])).not.toContain('工单员工');
    const opCountsBefore = await op<OpWorkOrderCounts>('/operator/workOrderManagement/counts', {});
    expect(opCountsBefore.awaitingPlatform).toBeGreaterThan(0);

    const ref = { companyId: 1, id: created.id };
    const accepted = await op<OpWorkOrderDetail>('/operator/workOrderManagement/accept', ref);
    expect(accepted).toMatchObject({ status: 2, companyName: '杭州云帆科技有限公司', actions: expect.arrayContaining(['reply', 'resolve', 'close']) });
    // the operator downloads the company's attachment
    const dl = await t.app.inject({ method: 'POST', url: `${API}/operator/workOrderManagement/file`, headers: { authorization: `Bearer ${operator}` }, payload: { ...ref, fileId: shot } });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(PNG)).toBe(true);

    const up = await operatorUpload(ref);
    expect(up.code, up.message).toBe(200);
    const answered = await op<OpWorkOrderDetail>('/operator/workCommunicationRecord/add', { companyId: 1, workOrderId: created.id, content: '请将第3行证件号码末位改为大写X后重新导入。', fileIds: [up.data.fileId] });
    expect(answered.awaitingPlatform).toBe(false);
    const reply = answered.messages.find((m) => m.authorKind === 'operator')!;
    expect(reply).toMatchObject({ content: expect.stringContaining('大写X'), authorName: '平台运营（孙悦）' });
    expect(reply.files.map((f) => f.fileId)).toEqual([up.data.fileId]);

    const companyReply = await ok<WorkOrderDetail>('/workCommunicationRecord/add', { workOrderId: created.id, content: '改了还是不行', fileIds: [await upload()] });
    expect(companyReply).toMatchObject({ status: 2, awaitingPlatform: true });
    // the company downloads the platform's attachment
    const mine = await t.app.inject({ method: 'POST', url: `${API}/workOrderManagement/file`, headers: { authorization: `Bearer ${reader}`, companyid: '1' }, payload: { id: created.id, fileId: up.data.fileId } });
    expect(mine.statusCode).toBe(200);

    expect((await op<OpWorkOrderDetail>('/operator/workOrderManagement/resolve', ref)).status).toBe(3);
    expect((await ok<WorkOrderCounts>('/workOrderManagement/counts')).toConfirm).toBe(before.toConfirm + 1);
    // not solved: a reply takes it back to 处理中, then it is resolved again
    const back = await ok<WorkOrderDetail>('/workCommunicationRecord/add', { workOrderId: created.id, content: '第5行也有同样的问题' });
    expect(back).toMatchObject({ status: 2, statusLabel: '处理中', resolvedAt: null });
    await op('/operator/workOrderManagement/resolve', ref);
    // the company cannot rate before it confirms
    await expectUnchanged(t.database, () => call('/workOrderManagement/evaluate', { id: created.id, rating: 5 }), 409, '工单当前为「待确认」，不能评价');
    const done = await ok<WorkOrderDetail>('/workOrderManagement/confirm', { id: created.id });
    expect(done).toMatchObject({ status: 4, statusLabel: '已完结', actions: ['evaluate'] });
    await expectUnchanged(t.database, () => call('/workCommunicationRecord/add', { workOrderId: created.id, content: '再问一下' }), 409, '工单当前为「已完结」，不能回复');
    const rated = await ok<WorkOrderDetail>('/workOrderManagement/evaluate', { id: created.id, rating: 4, comment: '解决了' });
    expect(rated).toMatchObject({ rating: 4, ratingComment: '解决了' });
    await expectUnchanged(t.database, () => call('/workOrderManagement/evaluate', { id: created.id, rating: 5 }), 409, '工单已评价，不能重复评价');

    // the list counts the messages of both sides, not the status changes
    expect((await ok<WorkOrderView[]>('/workOrderManagement/list', { keyword: created.orderNo }))[0]!.messageCount).toBe(3);
    expect((await op<OpWorkOrderView[]>('/operator/workOrderManagement/list', { status: 4, keyword: created.orderNo }))[0]!.messageCount).toBe(3);
    // the conversation, in order, with the status changes
    const detail = await ok<WorkOrderDetail>('/workOrderManagement/detail', { id: created.id });
    expect(detail.messages.filter((m) => m.authorKind !== 'system').map((m) => m.authorKind)).toEqual(['operator', 'company', 'company']);
    expect(detail.messages.map((m) => m.content)).toEqual(expect.arrayContaining(['平台已受理工单', '平台已处理完毕，等待企业确认', '确认问题已解决，工单已完结']));
    // the opener heard of the platform's moves in the message centre
    const notices = await noticesFor(adminUserId);
    expect(notices.map((n) => n.title)).toEqual(expect.arrayContaining([`工单${created.orderNo}已受理`, `工单${created.orderNo}有新回复`, `工单${created.orderNo}待确认`]));
    expect(notices.find((n) => n.title.startsWith(`工单${created.orderNo}`))!.link).toBe(`/managementDetail/${created.id}/${created.orderNo}`);
    // audited
    const audit = await t.rows<{ action: string }>(sql`select action from audit_log where company_id = 1 and entity = 'work_order' and entity_id = ${String(created.id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['workOrder.add', 'operator:workOrder.accept', 'operator:workOrder.reply', 'workOrder.reply', 'operator:workOrder.resolve', 'workOrder.reply', 'operator:workOrder.resolve', 'workOrder.confirm', 'workOrder.evaluate']);
  });

  it('counts per status match the list', async () => {
    const counts = await ok<WorkOrderCounts>('/workOrderManagement/counts');
    for (const s of [1, 2, 3, 4, 5]) {
      const r = await call<WorkOrderView[]>('/workOrderManagement/list', { status: s, pageSize: 100 });
      expect((r.body.pageMessage as { total: number }).total, `status ${s}`).toBe(counts.byStatus[String(s)]);
    }
    const all = await call<WorkOrderView[]>('/workOrderManagement/list', { pageSize: 100 });
    expect((all.body.pageMessage as { total: number }).total).toBe(counts.all);
    expect(counts.toConfirm).toBe(counts.byStatus['3']);
  });
});

describe('locks, deletion and refusals', () => {
  it('a locked ticket takes no message, change or evaluation until unlocked', async () => {
    const w = await open();
    const locked = await ok<WorkOrderDetail>('/workOrderManagement/lockStatus', { id: w.id, locked: true });
    expect(locked).toMatchObject({ locked: true, actions: [] });
    const msg = '工单已锁定，不能修改、回复或评价，请先解锁';
    await expectUnchanged(t.database, () => call('/workCommunicationRecord/add', { workOrderId: w.id, content: '补充' }), 409, msg);
    await expectUnchanged(t.database, () => call('/workOrderManagement/close', { id: w.id }), 409, msg);
    await expectUnchanged(t.database, () => call('/workOrderManagement/delete', { id: w.id }), 409, msg);
    await expectUnchanged(t.database, () => t.call(`${API}/operator/workCommunicationRecord/add`, { token: operator, body: { companyId: 1, workOrderId: w.id, content: '回复' } }), 409, msg);
    await expectUnchanged(t.database, () => t.call(`${API}/operator/workOrderManagement/accept`, { token: operator, body: { companyId: 1, id: w.id } }), 409, msg);
    // the operator unlocks it; then it moves again
    expect((await op<OpWorkOrderDetail>('/operator/workOrderManagement/lockStatus', { companyId: 1, id: w.id, locked: false })).locked).toBe(false);
    expect((await op<OpWorkOrderDetail>('/operator/workOrderManagement/accept', { companyId: 1, id: w.id })).status).toBe(2);
    const audit = await t.rows<{ action: string }>(sql`select action from audit_log where company_id = 1 and entity = 'work_order' and entity_id = ${String(w.id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['workOrder.add', 'workOrder.lock', 'operator:workOrder.unlock', 'operator:workOrder.accept']);
  });

  it('deletes only while 待受理, and only the company', async () => {
    const w = await open();
    await ok('/workOrderManagement/delete', { id: w.id });
    await expectUnchanged(t.database, () => call('/workOrderManagement/detail', { id: w.id }), 404, '工单不存在');
    const kept = await open();
    await op('/operator/workOrderManagement/accept', { companyId: 1, id: kept.id });
    await expectUnchanged(t.database, () => call('/workOrderManagement/delete', { id: kept.id }), 409, '工单当前为「处理中」，不能删除');
  });

  it('the company closes an open ticket; a closed one takes nothing more', async () => {
    const w = await open();
    expect((await ok<WorkOrderDetail>('/workOrderManagement/close', { id: w.id })).status).toBe(5);
    await expectUnchanged(t.database, () => t.call(`${API}/operator/workOrderManagement/resolve`, { token: operator, body: { companyId: 1, id: w.id } }), 409, '工单当前为「已关闭」，不能标记为已解决');
    // the company cannot do the platform's moves
    const other = await open();
    await expectUnchanged(t.database, () => call('/workOrderManagement/confirm', { id: other.id }), 409, '工单当前为「待受理」，不能确认完结');
  });

  it("another company's ticket is not found, on either route", async () => {
    const w = await open();
    await expectUnchanged(t.database, () => call('/workOrderManagement/detail', { id: w.id }, admin, 2), 404, '工单不存在');
    await expectUnchanged(t.database, () => call('/workCommunicationRecord/add', { workOrderId: w.id, content: '你好' }, admin, 2), 404, '工单不存在');
    await expectUnchanged(t.database, () => call('/workOrderManagement/lockStatus', { id: w.id, locked: true }, admin, 2), 404, '工单不存在');
    await expectUnchanged(t.database, () => t.call(`${API}/operator/workOrderManagement/accept`, { token: operator, body: { companyId: 2, id: w.id } }), 404, '工单不存在');
    await expectUnchanged(t.database, () => call('/workOrderManagement/file', { id: w.id, fileId: 'a'.repeat(32) }), 404, '附件不存在');
  });

  it('a member without the edit key may read but not write; without the read key not even read', async () => {
    const w = await open();
    expect((await ok<WorkOrderDetail>('/workOrderManagement/detail', { id: w.id }, reader)).id).toBe(w.id);
    await expectRefused(t, () => call('/workCommunicationRecord/add', { workOrderId: w.id, content: '你好' }, reader), 403, '您没有此操作的权限（orderManagement.edit），请联系管理员');
    await expectRefused(t, () => call('/workOrderManagement/add', { category: 1, title: '问题', description: '问题描述内容' }, reader), 403, '您没有此操作的权限（orderManagement.edit），请联系管理员');
    const staff = await t.login('13800000001');
    await expectRefused(t, () => call('/workOrderManagement/list', {}, staff), 403, '您没有此操作的权限（orderManagement），请联系管理员');
    // a company member is not the platform
    const notOperator = await t.call(`${API}/operator/workOrderManagement/list`, { token: admin, body: {} });
    expect(notOperator).toMatchObject({ status: 403, body: { code: 403, message: '仅平台运营人员可以操作' } });
  });

  it('bad input answers 400 naming the field, and writes nothing', async () => {
    await expectUnchanged(t.database, () => call('/workOrderManagement/add', { category: 9, title: '问题标题', description: '问题描述内容' }), 400, /工单类型/);
    await expectUnchanged(t.database, () => call('/workOrderManagement/add', { category: 1, title: '', description: '问题描述内容' }), 400, /标题/);
    await expectUnchanged(t.database, () => call('/workOrderManagement/add', { category: 1, title: '问题标题', description: '短' }), 400, /问题描述/);
    await expectUnchanged(t.database, () => call('/workOrderManagement/add', { category: 1, title: '问题标题', description: '问题描述内容', contactPhone: '12345' }), 400, /联系电话/);
    await expectUnchanged(t.database, () => call('/workOrderManagement/add', { category: 1, title: '问题标题', description: '问题描述内容', related: { type: 'employee' } }), 400, /关联记录/);
    await expectUnchanged(t.database, () => call('/workOrderManagement/add', { category: 1, title: '问题标题', description: '问题描述内容', related: { type: 'employee', id: 99_999_999 } }), 400, '关联记录：所选员工不存在');
    await expectUnchanged(t.database, () => call('/workOrderManagement/add', { category: 1, title: '问题标题', description: '问题描述内容', fileIds: ['b'.repeat(32)] }), 400, '附件：文件不存在或已被使用，请重新上传');
    const w = await open();
    await expectUnchanged(t.database, () => call('/workCommunicationRecord/add', { workOrderId: w.id, content: '  ' }), 400, /回复内容/);
    // a file another member uploaded is not the caller's to attach
    const theirs = await upload(reader);
    await expectUnchanged(t.database, () => call('/workCommunicationRecord/add', { workOrderId: w.id, content: '附件', fileIds: [theirs] }), 400, '附件：文件不存在或已被使用，请重新上传');
    await expectUnchanged(t.database, () => call('/workOrderManagement/evaluate', { id: w.id, rating: 6 }), 400, /评分/);
  });

  it('a related bill must be the company’s own; "other" takes a label', async () => {
    const [bill] = await t.rows<{ id: number; bill_no: string }>(sql`select id, bill_no from platform_bills where company_id = 1 order by id limit 1`);
    const related = { type: 'bill', id: Number(bill!.id) };
    await expectUnchanged(t.database, () => call('/workOrderManagement/add', { category: 4, title: '账单问题', description: '账单金额不对', related }, admin, 2), 400, '关联记录：所选平台账单不存在');
    expect((await open({ category: 4, related })).related).toMatchObject({ type: 'bill', typeLabel: '平台账单', label: expect.stringContaining(bill!.bill_no) });
    const other = await open({ related: { type: 'other', label: '5月考勤表' } });
    expect(other.related).toMatchObject({ type: 'other', typeLabel: '其他', label: '5月考勤表' });
  });
});
