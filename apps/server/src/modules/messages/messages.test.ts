import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/crypto.ts';
import { rowsOf } from '../../platform/db.ts';
import { notify } from '../../platform/notify.ts';
import { createTestApp, snapshotCounts, TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { seedDemoMessages } from './messages.seed.ts';
import type { MessageView } from './messages.service.ts';

const BASE = '/wfsaas-system/api/messageNotice';

let t: TestApp;
let admin: string;
let staff: string;
let adminId: number;
let staffId: number;

async function userIdOf(phone: string): Promise<number> {
  const rows = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from users where phone_hash = ${t.services.cipher.lookupHash(phone)}`));
  return Number(rows[0]!.id);
}

/** Every message row as the owner sees it, to prove a refused call changed nothing. */
async function messageState(): Promise<Array<{ id: number; read: boolean; archived: boolean }>> {
  const rows = rowsOf<{ id: number; read: boolean; archived: boolean }>(
    await t.database.db.execute(sql`select id, read_at is not null as read, archived_at is not null as archived from messages order by company_id, id`),
  );
  return rows.map((r) => ({ id: Number(r.id), read: r.read, archived: r.archived }));
}

async function addNotice(companyId: number, userId: number, title: string, type: 1 | 2 | 3 | 4 = 1): Promise<number> {
  await t.database.inTenant(companyId, (tx) => notify(tx, t.services, { companyId, userId, channels: ['inapp'], type, title, content: `${title}的内容`, link: '/home' }));
  const rows = rowsOf<{ id: number }>(await t.database.db.execute(sql`select max(id) as id from messages where company_id = ${companyId}`));
  return Number(rows[0]!.id);
}

function page(token: string, companyId: number, body?: unknown) {
  return t.call<MessageView[]>(`${BASE}/page`, { token, companyId, body });
}

async function unread(token: string, companyId: number): Promise<number> {
  const r = await t.call<{ count: number }>(`${BASE}/unreadCount`, { token, companyId });
  expect(r.body.code).toBe(200);
  return r.body.data.count;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoMessages(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  adminId = await userIdOf('13800000000');
  staffId = await userIdOf('13800000001');
});
afterAll(async () => t?.close());

describe('demo notices', () => {
  it('gives every member of every company a few notices, some read, and running it again adds none', async () => {
    const counts = rowsOf<{ company_id: number; user_id: number; total: number; unread: number }>(
      await t.database.db.execute(sql`
        select company_id, user_id, count(*) as total, count(*) filter (where read_at is null) as unread
        from messages group by company_id, user_id order by company_id, user_id`),
    ).map((r) => [Number(r.company_id), Number(r.user_id), Number(r.total), Number(r.unread)]);
    expect(counts).toEqual([
      [1, adminId, 4, 2],
      [1, staffId, 4, 3],
      [2, adminId, 4, 2],
    ]);
    expect(await seedDemoMessages(t.services)).toBe(0);
    const titles = rowsOf<{ title: string; content: string }>(await t.database.db.execute(sql`select title, content from messages where company_id = 2 and user_id = ${adminId}`));
    expect(titles.map((r) => r.title)).toContain('欢迎使用 wfsaas');
    expect(titles.find((r) => r.title === '公司初始化已完成')!.content).toContain('上海启明人力资源有限公司');
    expect(titles.find((r) => r.title === '公司初始化已完成')!.content).toContain('10 名员工');
  });
});

describe('message centre', () => {
  it('pages the caller’s own notices, newest first, with filters and the page message', async () => {
    const r = await page(admin, 1, { pageNum: 1, pageSize: 10 });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toHaveLength(4);
    expect(r.body.pageMessage).toEqual({ pageNum: 1, pageSize: 10, total: 4, pages: 1, prePage: 0, nextPage: 0 });
    const first = r.body.data[0]!;
    expect(Object.keys(first).sort()).toEqual(['content', 'createTime', 'id', 'link', 'readStatus', 'readTime', 'title', 'type', 'typeName']);
    const times = r.body.data.map((m) => Date.parse(m.createTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(first).toMatchObject({ title: '请维护员工合同与试用期信息', type: 3, typeName: '到期提醒', readStatus: 0, readTime: null, link: '/staffRoll' });

    const unreadOnly = await page(admin, 1, { readStatus: 0 });
    expect(unreadOnly.body.data.map((m) => m.readStatus)).toEqual([0, 0]);
    const readOnly = await page(admin, 1, { readStatus: 1 });
    expect(readOnly.body.data).toHaveLength(2);
    expect(readOnly.body.data.every((m) => m.readStatus === 1 && m.readTime !== null)).toBe(true);
    const byType = await page(admin, 1, { type: 4 });
    expect(byType.body.data.map((m) => m.title)).toEqual(['公司初始化已完成']);

    const second = await page(admin, 1, { pageNum: 2, pageSize: 3 });
    expect(second.body.data).toHaveLength(1);
    expect(second.body.pageMessage).toMatchObject({ pageNum: 2, pageSize: 3, total: 4, pages: 2, prePage: 1, nextPage: 0 });

    // No body: the first page of 10.
    const none = await page(admin, 1);
    expect(none.body.pageMessage).toMatchObject({ pageNum: 1, pageSize: 10, total: 4 });

    // The staff member sees only their own.
    const s = await page(staff, 1, {});
    expect(s.body.data).toHaveLength(4);
    expect(s.body.data.map((m) => m.title)).toContain('您已加入公司');
  });

  it('refuses bad input with the field named, changing nothing', async () => {
    const before = await messageState();
    expect((await page(admin, 1, { readStatus: 2 })).body).toMatchObject({ code: 400, message: '阅读状态取值无效' });
    expect((await page(admin, 1, { pageSize: 0 })).body).toMatchObject({ code: 400, message: '每页条数不能小于1' });
    expect((await t.call(`${BASE}/detail`, { token: admin, companyId: 1, body: { id: 'abc' } })).body).toMatchObject({ code: 400, message: '消息格式不正确' });
    expect((await t.call(`${BASE}/detail`, { token: admin, companyId: 1, body: {} })).body).toMatchObject({ code: 400, message: '请填写消息' });
    expect((await t.call(`${BASE}/read`, { token: admin, companyId: 1, body: { ids: [] } })).body).toMatchObject({ code: 400, message: '消息至少需要1项' });
    expect((await t.call(`${BASE}/remove`, { token: admin, companyId: 1, body: {} })).body).toMatchObject({ code: 400, message: '请填写消息' });
    expect((await t.call(`${BASE}/remove`, { token: admin, companyId: 1, body: { ids: [1, 'x'] } })).body).toMatchObject({ code: 400, message: '消息第2项格式不正确' });
    expect(await messageState()).toEqual(before);
  });

  it('counts unread notices; opening one marks it read', async () => {
    const id = await addNotice(1, adminId, '审批提醒：请审批', 2);
    expect(await unread(admin, 1)).toBe(3);
    const d = await t.call<MessageView>(`${BASE}/detail`, { token: admin, companyId: 1, body: { id } });
    expect(d.body.code).toBe(200);
    expect(d.body.data).toMatchObject({ id, title: '审批提醒：请审批', content: '审批提醒：请审批的内容', type: 2, typeName: '审批提醒', readStatus: 1, link: '/home' });
    expect(d.body.data.readTime).not.toBeNull();
    expect(await unread(admin, 1)).toBe(2);
    // Opening it again keeps the first read time.
    const again = await t.call<MessageView>(`${BASE}/detail`, { token: admin, companyId: 1, body: { id } });
    expect(again.body.data.readTime).toBe(d.body.data.readTime);
  });

  it('marks chosen notices read, then all', async () => {
    const a = await addNotice(1, adminId, '通知A');
    const b = await addNotice(1, adminId, '通知B');
    await addNotice(1, adminId, '通知C');
    expect(await unread(admin, 1)).toBe(5);
    const r = await t.call<{ updated: number }>(`${BASE}/read`, { token: admin, companyId: 1, body: { ids: [a, b, a] } });
    expect(r.body).toMatchObject({ code: 200, data: { updated: 2 } });
    expect(await unread(admin, 1)).toBe(3);
    // Already read: nothing more to change.
    expect((await t.call<{ updated: number }>(`${BASE}/read`, { token: admin, companyId: 1, body: { ids: [a] } })).body.data).toEqual({ updated: 0 });

    const staffUnread = await unread(staff, 1);
    const companyTwoUnread = await unread(admin, 2);
    const all = await t.call<{ updated: number }>(`${BASE}/readAll`, { token: admin, companyId: 1 });
    expect(all.body).toMatchObject({ code: 200, data: { updated: 3 } });
    expect(await unread(admin, 1)).toBe(0);
    // Only the caller's notices in this company.
    expect(await unread(staff, 1)).toBe(staffUnread);
    expect(await unread(admin, 2)).toBe(companyTwoUnread);
  });

  it('removes (archives) notices: gone from the list and the count, kept in the database', async () => {
    const id = await addNotice(1, staffId, '待删除的通知');
    const before = await unread(staff, 1);
    const r = await t.call<{ removed: number }>(`${BASE}/remove`, { token: staff, companyId: 1, body: { ids: [id] } });
    expect(r.body).toMatchObject({ code: 200, data: { removed: 1 } });
    expect(await unread(staff, 1)).toBe(before - 1);
    expect((await page(staff, 1, { pageSize: 100 })).body.data.map((m) => m.id)).not.toContain(id);
    const kept = rowsOf<{ archived: boolean }>(await t.database.db.execute(sql`select archived_at is not null as archived from messages where id = ${id}`));
    expect(kept).toEqual([{ archived: true }]);
    // An archived notice is no longer found.
    const again = await t.call(`${BASE}/detail`, { token: staff, companyId: 1, body: { id } });
    expect(again.body).toMatchObject({ code: 404, message: '消息不存在' });
  });

  it('another user’s notice is not found, and nothing changes', async () => {
    const adminsOwn = await addNotice(1, adminId, '管理员的通知');
    const staffsOwn = await addNotice(1, staffId, '专员的通知');
    const before = await messageState();
    const counts = await snapshotCounts(t.database);
    for (const [url, body] of [
      ['detail', { id: adminsOwn }],
      ['read', { ids: [adminsOwn] }],
      ['read', { ids: [staffsOwn, adminsOwn] }],
      ['remove', { ids: [adminsOwn] }],
      ['remove', { ids: [staffsOwn, adminsOwn] }],
    ] as const) {
      const r = await t.call(`${BASE}/${url}`, { token: staff, companyId: 1, body });
      expect(r.body, url).toMatchObject({ code: 404, message: '消息不存在' });
    }
    expect(await messageState()).toEqual(before);
    expect(await snapshotCounts(t.database)).toEqual(counts);
    expect((await page(staff, 1, { pageSize: 100 })).body.data.map((m) => m.id)).not.toContain(adminsOwn);
  });

  it('a notice of another company is not found; a company the user does not belong to is refused', async () => {
    const otherCompany = await addNotice(2, adminId, '二公司的通知');
    const before = await messageState();
    for (const [url, body] of [
      ['detail', { id: otherCompany }],
      ['read', { ids: [otherCompany] }],
      ['remove', { ids: [otherCompany] }],
    ] as const) {
      const r = await t.call(`${BASE}/${url}`, { token: admin, companyId: 1, body });
      expect(r.body, url).toMatchObject({ code: 404, message: '消息不存在' });
    }
    expect((await page(admin, 1, { pageSize: 100 })).body.data.map((m) => m.id)).not.toContain(otherCompany);
    for (const url of ['page', 'unreadCount', 'readAll', 'detail']) {
      const r = await t.call(`${BASE}/${url}`, { token: staff, companyId: 2, body: { id: otherCompany } });
      expect(r.status, url).toBe(403);
      expect(r.body).toMatchObject({ code: 403, message: '您不是该公司的成员，无权访问' });
    }
    expect(await messageState()).toEqual(before);
  });

  it('a member without messageCenter is refused the centre (403) but still gets the unread count', async () => {
    const phone = '13800000077';
    const userId = await t.database.inTransaction(async (tx) => {
      const [u] = rowsOf<{ id: number }>(
        await tx.execute(sql`insert into users (phone_hash, phone_enc, password_hash, nickname)
          values (${t.services.cipher.lookupHash(phone)}, ${t.services.cipher.encrypt(phone)}, ${await hashPassword(TEST_PASSWORD)}, '无消息权限') returning id`),
      );
      const id = Number(u!.id);
      await tx.execute(sql`insert into company_members (company_id, user_id, is_admin, is_sub_account) values (1, ${id}, false, true)`);
      const [role] = rowsOf<{ id: number }>(await tx.execute(sql`insert into roles (company_id, name) values (1, '只看花名册') returning id`));
      await tx.execute(sql`insert into role_permissions (company_id, role_id, permission_key) values (1, ${Number(role!.id)}, 'staffRoll')`);
      await tx.execute(sql`insert into user_roles (company_id, user_id, role_id) values (1, ${id}, ${Number(role!.id)})`);
      return id;
    });
    await addNotice(1, userId, '给无权限成员的通知');
    const token = await t.login(phone);
    const before = await messageState();
    for (const url of ['page', 'detail', 'read', 'readAll', 'remove']) {
      const r = await t.call(`${BASE}/${url}`, { token, companyId: 1, body: { ids: [1], id: 1 } });
      expect(r.status, url).toBe(403);
      expect(r.body).toMatchObject({ code: 403, message: '您没有此操作的权限（messageCenter），请联系管理员' });
    }
    expect(await messageState()).toEqual(before);
    expect(await unread(token, 1)).toBe(1);
  });

  it('needs a signed-in user', async () => {
    const r = await t.call(`${BASE}/unreadCount`, { companyId: 1 });
    expect(r.status).toBe(401);
  });
});
