import type { DepartmentOption, EmployeeDetail, PageMessage } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { makeIdNumber } from '../employees/employees.seed.ts';
import type { GroupCompany, GroupEmployeeItem } from './group-archive.service.ts';

/** 集团档案: employees across the caller's companies where they hold staffRoll, each company read in its own tenant. */

const API = '/wfsaas-saas/api';
const GROUP = `${API}/companyEmployee/groupPageList`;
const COMPANIES = `${API}/companyEmployee/groupCompanies`;
const PAGE = `${API}/companyEmployee/pageList`;

let t: TestApp;
let admin: string;
let staff: string;
let seq = 700;

type Page = { code: number; message: string; data: GroupEmployeeItem[]; pageMessage: PageMessage };

async function group(body: Record<string, unknown>, token = admin, companyId?: number): Promise<Page> {
  const r = await t.call<GroupEmployeeItem[]>(GROUP, { token, ...(companyId ? { companyId } : {}), body });
  return r.body as Page;
}

async function rosterTotal(companyId: number): Promise<number> {
  const r = await t.call(PAGE, { token: admin, companyId, body: { pageSize: 1, status: [0, 1, 2, 3] } });
  expect(r.body.code).toBe(200);
  return (r.body.pageMessage as PageMessage).total;
}

async function addEmployee(companyId: number, name: string): Promise<EmployeeDetail> {
  seq++;
  const dept = await t.call<DepartmentOption[]>(`${API}/companyDepartment/options`, { token: admin, companyId, body: {} });
  const r = await t.call<EmployeeDetail>(`${API}/companyEmployee/add/v2`, {
    token: admin,
    companyId,
    body: {
      name,
      mobile: `159${String(30_000_000 + seq).slice(-8)}`,
      idType: 1,
      idNumber: makeIdNumber('330106', '1990-05-06', seq, 1),
      departmentId: dept.body.data[0]!.id,
      employeeNo: `GA${seq}`,
      hireDate: '2023-02-01',
      employmentType: 1,
    },
  });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}

async function staffUserId(): Promise<number> {
  const r = await t.call<{ user_info: { sysUser: { userId: number } } }>('/wfsaas-auth/userInfo', { token: staff });
  return r.body.data.user_info.sysUser.userId;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  await addEmployee(1, '集团甲');
  await addEmployee(1, '集团乙');
  await addEmployee(2, '集团丙');
});

afterAll(async () => {
  await t?.close();
});

describe('companyEmployee/groupPageList', () => {
  it('an administrator of both companies sees both, with the company name; the total is the sum of the two rosters', async () => {
    const c1 = await rosterTotal(1);
    const c2 = await rosterTotal(2);
    const all = await group({ pageSize: 500 });
    expect(all.code).toBe(200);
    expect(all.pageMessage.total).toBe(c1 + c2);
    expect(all.data).toHaveLength(c1 + c2);
    expect(new Set(all.data.map((e) => e.companyName))).toEqual(new Set(['杭州云帆科技有限公司', '上海启明人力资源有限公司']));
    // company order, then the roster's order within a company
    const firstOf2 = all.data.findIndex((e) => e.companyId === 2);
    expect(all.data.slice(0, firstOf2).every((e) => e.companyId === 1)).toBe(true);
    expect(all.data.slice(firstOf2).every((e) => e.companyId === 2)).toBe(true);
    const gamma = all.data.find((e) => e.name === '集团丙')!;
    expect(gamma).toMatchObject({ companyId: 2, companyName: '上海启明人力资源有限公司', statusName: '正式', employmentTypeName: '全职' });
    // masked only
    expect(gamma.idNumberMasked).toMatch(/^330106\*{8}\d{3}[\dX]$/);
    expect(gamma.mobileMasked).toMatch(/^159\*{4}\d{4}$/);
    expect(Object.keys(gamma)).not.toContain('idNumber');
    expect(Object.keys(gamma)).not.toContain('mobile');
  });

  it('pages straddle companies: pages of 3 concatenate to the whole list', async () => {
    const all = (await group({ pageSize: 500 })).data.map((e) => `${e.companyId}:${e.id}`);
    const paged: string[] = [];
    for (let p = 1; p <= Math.ceil(all.length / 3); p++) {
      const r = await group({ pageNum: p, pageSize: 3 });
      expect(r.pageMessage).toMatchObject({ pageNum: p, pageSize: 3, total: all.length });
      paged.push(...r.data.map((e) => `${e.companyId}:${e.id}`));
    }
    expect(paged).toEqual(all);
    const beyond = await group({ pageNum: 1000, pageSize: 10 });
    expect(beyond.data).toEqual([]);
    expect(beyond.pageMessage.total).toBe(all.length);
  });

  it('filters by company and keyword (name or employee number)', async () => {
    const only2 = await group({ groupCompanyId: 2, pageSize: 500 });
    expect(only2.data.length).toBe(await rosterTotal(2));
    expect(only2.data.every((e) => e.companyId === 2)).toBe(true);
    const kw = await group({ keyword: '集团' });
    expect(kw.data.map((e) => e.name).sort()).toEqual(['集团丙', '集团乙', '集团甲']);
    const byNo = await group({ keyword: 'GA70' });
    expect(byNo.data.every((e) => e.employeeNo?.startsWith('GA70'))).toBe(true);
    expect(byNo.pageMessage.total).toBeGreaterThan(0);
    // the header company (sent by the web client as a common field) does not narrow the list
    const withHeader = await group({ keyword: '集团', companyId: 1 }, admin, 1);
    expect(withHeader.data).toHaveLength(3);
  });

  it('13800000001 sees only company 1, even after joining company 2 without a role that holds staffRoll', async () => {
    const only1 = await group({ pageSize: 500 }, staff);
    expect(only1.code).toBe(200);
    expect(only1.pageMessage.total).toBe(await rosterTotal(1));
    expect(only1.data.every((e) => e.companyId === 1)).toBe(true);
    const companies = await t.call<GroupCompany[]>(COMPANIES, { token: staff });
    expect(companies.body.data).toEqual([{ companyId: 1, companyName: '杭州云帆科技有限公司' }]);

    const staffId = await staffUserId();
    await t.database.db.execute(sql`insert into company_members (company_id, user_id, is_admin, status) values (2, ${staffId}, false, 1) on conflict do nothing`);
    try {
      const still = await group({ pageSize: 500 }, staff);
      expect(still.data.every((e) => e.companyId === 1)).toBe(true);
      expect(still.data.some((e) => e.name === '集团丙')).toBe(false);
      const before = await snapshotCounts(t.database);
      const denied = await group({ groupCompanyId: 2 }, staff);
      expect(denied.code).toBe(400);
      expect(denied.message).toBe('公司不存在或您没有查看该公司花名册的权限');
      expect(await snapshotCounts(t.database)).toEqual(before);
    } finally {
      await t.database.db.execute(sql`delete from company_members where company_id = 2 and user_id = ${staffId}`);
    }
  });

  it('a removed membership hides the company', async () => {
    const staffId = await staffUserId();
    await t.database.db.execute(sql`update company_members set status = 0 where company_id = 1 and user_id = ${staffId}`);
    try {
      const none = await group({}, staff);
      expect(none.code).toBe(200);
      expect(none.data).toEqual([]);
      expect(none.pageMessage.total).toBe(0);
    } finally {
      await t.database.db.execute(sql`update company_members set status = 1 where company_id = 1 and user_id = ${staffId}`);
    }
  });

  it('bad input names the field; no token is 401; nothing is written', async () => {
    const before = await snapshotCounts(t.database);
    const bad = await group({ pageSize: 0 });
    expect(bad.code).toBe(400);
    expect(bad.message).toContain('每页条数');
    const badStatus = await group({ status: [9] });
    expect(badStatus.code).toBe(400);
    expect(badStatus.message).toContain('员工状态');
    const anon = await t.call(GROUP, { body: {} });
    expect(anon.status).toBe(401);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});
