import type { CostCenterItem, PositionItem, RankCategoryItem, RankItem } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused as refused, createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from './org.seed.ts';

const API = '/wfsaas-saas/api';

let t: TestApp;
let admin: string;
let staff: string;

async function orgState() {
  return {
    counts: await snapshotCounts(t.database),
    positions: await t.rows(sql`select * from positions order by company_id, id`),
    categories: await t.rows(sql`select * from rank_categories order by company_id, id`),
    ranks: await t.rows(sql`select * from ranks order by company_id, id`),
    costCenters: await t.rows(sql`select * from cost_centers order by company_id, id`),
    links: await t.rows(sql`select * from cost_center_departments order by company_id, department_id`),
  };
}

const expectRefused = (call: Parameters<typeof refused>[1], code: number, message: string) => refused(t, call, code, message, orgState);

const post = <T>(path: string, body: unknown, opts: { token?: string; companyId?: number } = {}) =>
  t.call<T>(`${API}/${path}`, { token: opts.token ?? admin, companyId: opts.companyId ?? 1, body });

async function deptId(companyId: number, code: string): Promise<number> {
  const [r] = await t.rows<{ id: number }>(sql`select id from departments where company_id = ${companyId} and code = ${code} and status <> 9`);
  return Number(r!.id);
}

let seq = 0;
async function addEmployee(companyId: number, refs: { positionId?: number; rankId?: number; costCenterId?: number; status?: number }): Promise<number> {
  seq++;
  const [r] = await t.rows<{ id: number }>(sql`
    insert into employees (company_id, name, employee_no, status, position_id, rank_id, cost_center_id)
    values (${companyId}, ${`职级测试${seq}`}, ${`PR${seq}`}, ${refs.status ?? 2}, ${refs.positionId ?? null}, ${refs.rankId ?? null}, ${refs.costCenterId ?? null})
    returning id`);
  return Number(r!.id);
}

async function auditOf(action: string) {
  return t.rows<{ entity_id: string; before: unknown; after: unknown }>(sql`select entity_id, before, after from audit_log where company_id = 1 and action = ${action} order by id`);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
});
afterAll(async () => t?.close());

describe('position', () => {
  it('pages positions with department names and holder counts, filtered by department, scope and keyword', async () => {
    const fe = await deptId(1, 'YF0201');
    const all = await post<PositionItem[]>('position/page', { pageNum: 1, pageSize: 100 });
    expect(all.body.code).toBe(200);
    expect(all.body.pageMessage).toMatchObject({ total: all.body.data.length });
    expect(all.body.data.slice(0, 7).map((p) => [p.name, p.departmentId])).toEqual([
      ['总经理', null],
      ['副总经理', null],
      ['部门经理', null],
      ['主管', null],
      ['专员', null],
      ['助理', null],
      ['实习生', null],
    ]);
    const ofFe = await post<PositionItem[]>('position/page', { departmentId: fe });
    expect(ofFe.body.data.map((p) => [p.name, p.departmentName])).toEqual([
      ['前端工程师', '前端组'],
      ['高级前端工程师', '前端组'],
    ]);
    const companyWide = await post<PositionItem[]>('position/page', { scope: 'company', pageSize: 50 });
    expect(companyWide.body.data).toHaveLength(7);
    const kw = await post<PositionItem[]>('position/page', { keyword: '工程师', pageSize: 50 });
    expect(kw.body.data.every((p) => p.name.includes('工程师'))).toBe(true);
    const first = await post<PositionItem[]>('position/page', {});
    expect(first.body.data).toHaveLength(10);
    expect(first.body.pageMessage).toMatchObject({ pageNum: 1, pageSize: 10 });
  });

  it('adds, updates, disables, enables and deletes a position, audited', async () => {
    const fe = await deptId(1, 'YF0201');
    const add = await post<PositionItem>('position/add', { name: '前端架构师', code: 'FE-ARCH', departmentId: fe, description: '负责前端架构' });
    expect(add.body.data).toMatchObject({ name: '前端架构师', code: 'FE-ARCH', departmentId: fe, departmentName: '前端组', status: 1, activeEmployeeCount: 0 });
    const id = add.body.data.id;
    const upd = await post<PositionItem>('position/update', { id, name: '首席前端架构师', code: 'FE-ARCH', departmentId: null });
    expect(upd.body.data).toMatchObject({ name: '首席前端架构师', departmentId: null, departmentName: null, description: null });
    expect((await post<PositionItem>('position/disable', { id })).body.data.status).toBe(0);
    expect((await post<PositionItem>('position/enable', { id })).body.data.status).toBe(1);
    expect((await post('position/delete', { id })).body).toMatchObject({ code: 200, data: { id } });
    expect(Number((await t.rows<{ status: number }>(sql`select status from positions where id = ${id}`))[0]!.status)).toBe(9);
    expect((await auditOf('position.add')).at(-1)).toMatchObject({ entity_id: String(id), after: { name: '前端架构师', departmentId: fe } });
    expect((await auditOf('position.update')).at(-1)).toMatchObject({ before: { name: '前端架构师', departmentId: fe }, after: { name: '首席前端架构师', departmentId: null } });
    expect((await auditOf('position.disable')).at(-1)).toMatchObject({ before: { status: 1 }, after: { status: 0 } });
    expect((await auditOf('position.delete')).at(-1)).toMatchObject({ after: { status: 9 } });
    expect((await post('position/update', { id, name: '已删除' })).body).toMatchObject({ code: 404, message: '职位不存在' });
  });

  it('refuses bad input, duplicates, another company’s ids, a held position, callers without the permission', async () => {
    const fe = await deptId(1, 'YF0201');
    const otherDept = await deptId(2, 'QM01');
    const [otherPos] = await t.rows<{ id: number }>(sql`select id from positions where company_id = 2 limit 1`);
    const [held] = await t.rows<{ id: number }>(sql`select id from positions where company_id = 1 and name = '前端工程师'`);
    await addEmployee(1, { positionId: Number(held!.id) });
    await expectRefused(() => post('position/add', { code: 'X' }), 400, '请填写职位名称');
    await expectRefused(() => post('position/add', { name: '岗位', departmentId: 'abc' }), 400, '所属部门格式不正确');
    await expectRefused(() => post('position/add', { name: '岗位', description: 'x'.repeat(501) }), 400, '职位说明不能超过500个字符');
    await expectRefused(() => post('position/add', { name: '前端工程师', departmentId: fe }), 409, '该部门已有名为「前端工程师」的职位');
    await expectRefused(() => post('position/add', { name: '总经理' }), 409, '全公司通用职位中已有「总经理」');
    await expectRefused(() => post('position/add', { name: '岗位', departmentId: otherDept }), 404, '所属部门不存在');
    await expectRefused(() => post('position/update', { id: otherPos!.id, name: '改名' }), 404, '职位不存在');
    await expectRefused(() => post('position/disable', { id: otherPos!.id }), 404, '职位不存在');
    await expectRefused(() => post('position/delete', { id: otherPos!.id }), 404, '职位不存在');
    await expectRefused(() => post('position/delete', { id: held!.id }), 400, '该职位下还有在职员工，不能删除');
    await expectRefused(() => post('position/page', {}, { token: staff }), 403, '您没有此操作的权限（positionRank），请联系管理员');
    await expectRefused(() => post('position/add', { name: '岗位' }, { token: staff }), 403, '您没有此操作的权限（positionRank.edit），请联系管理员');
    await expectRefused(() => post('position/add', { name: '岗位' }, { token: staff, companyId: 2 }), 403, '您不是该公司的成员，无权访问');
    const page = await post<PositionItem[]>('position/page', { departmentId: fe });
    expect(page.body.data.find((p) => p.name === '前端工程师')!.activeEmployeeCount).toBe(1);
  });
});

describe('rankCategory and rank', () => {
  it('lists the P and M sequences with pay bands as two-decimal strings', async () => {
    const cats = await post<RankCategoryItem[]>('rankCategory/list', {});
    expect(cats.body.data.map((c) => [c.name, c.code, c.rankCount])).toEqual([
      ['专业序列', 'P', 10],
      ['管理序列', 'M', 5],
    ]);
    const ranks = await post<RankItem[]>('rank/list', { categoryId: cats.body.data[1]!.id });
    expect(ranks.body.data.map((r) => [r.name, r.payMin, r.payMax])).toEqual([
      ['M1', '15000.00', '25000.00'],
      ['M2', '22000.00', '35000.00'],
      ['M3', '32000.00', '50000.00'],
      ['M4', '45000.00', '70000.00'],
      ['M5', '65000.00', '100000.00'],
    ]);
    const all = await post<RankItem[]>('rank/list', {});
    expect(all.body.data).toHaveLength(15);
    expect(all.body.data[0]).toMatchObject({ name: 'P1', categoryName: '专业序列', level: 1 });
  });

  it('adds, updates and deletes categories and ranks; amounts keep their cents exactly', async () => {
    const cat = await post<RankCategoryItem>('rankCategory/add', { name: '技术专家序列', code: 'T', sort: 3 });
    expect(cat.body.data).toMatchObject({ name: '技术专家序列', code: 'T', sort: 3, rankCount: 0 });
    const r1 = await post<RankItem>('rank/add', { categoryId: cat.body.data.id, name: 'T1', level: 1, payMin: '12345.6', payMax: 20000.1 });
    expect(r1.body.data).toMatchObject({ name: 'T1', payMin: '12345.60', payMax: '20000.10', categoryName: '技术专家序列' });
    const stored = await t.rows<{ pay_min: string; pay_max: string }>(sql`select pay_min, pay_max from ranks where id = ${r1.body.data.id}`);
    expect(stored[0]).toEqual({ pay_min: '12345.60', pay_max: '20000.10' });
    const big = await post<RankItem>('rank/update', { id: r1.body.data.id, categoryId: cat.body.data.id, name: 'T1', level: 1, payMin: '999999999999.99', payMax: '999999999999.99' });
    expect(big.body.data).toMatchObject({ payMin: '999999999999.99', payMax: '999999999999.99' });
    const cleared = await post<RankItem>('rank/update', { id: r1.body.data.id, categoryId: cat.body.data.id, name: 'T1-初级', level: 2, payMin: '', payMax: null });
    expect(cleared.body.data).toMatchObject({ name: 'T1-初级', level: 2, payMin: null, payMax: null });
    expect((await auditOf('rank.update')).at(-1)).toMatchObject({ before: { name: 'T1', payMin: '999999999999.99' }, after: { name: 'T1-初级', payMin: null } });

    await expectRefused(() => post('rankCategory/delete', { id: cat.body.data.id }), 400, '该职级类别下还有职级，请先删除其中的职级');
    expect((await post('rank/delete', { id: r1.body.data.id })).body.code).toBe(200);
    const renamed = await post<RankCategoryItem>('rankCategory/update', { id: cat.body.data.id, name: '专家序列', sort: 9 });
    expect(renamed.body.data).toMatchObject({ name: '专家序列', code: null, sort: 9, rankCount: 0 });
    expect((await post('rankCategory/delete', { id: cat.body.data.id })).body.code).toBe(200);
    expect((await post<RankCategoryItem[]>('rankCategory/list', {})).body.data.map((c) => c.name)).toEqual(['专业序列', '管理序列']);
    expect((await auditOf('rankCategory.delete')).at(-1)).toMatchObject({ entity_id: String(cat.body.data.id), after: { status: 9 } });
  });

  it('refuses a band whose minimum exceeds its maximum, bad amounts, duplicates, other-company ids, held ranks, missing permissions', async () => {
    const cats = (await post<RankCategoryItem[]>('rankCategory/list', {})).body.data;
    const p = cats[0]!.id;
    const [p5] = await t.rows<{ id: number }>(sql`select id from ranks where company_id = 1 and name = 'P5'`);
    const [otherRank] = await t.rows<{ id: number }>(sql`select id from ranks where company_id = 2 limit 1`);
    const [otherCat] = await t.rows<{ id: number }>(sql`select id from rank_categories where company_id = 2 limit 1`);
    await expectRefused(() => post('rank/add', { categoryId: p, name: 'P11', payMin: '20000.01', payMax: '20000' }), 400, '薪资下限不能高于上限');
    await expectRefused(() => post('rank/update', { id: p5!.id, categoryId: p, name: 'P5', payMin: '9', payMax: '8.99' }), 400, '薪资下限不能高于上限');
    await expectRefused(() => post('rank/add', { categoryId: p, name: 'P11', payMin: '1.234' }), 400, '薪资下限格式不正确，应为不小于0、最多两位小数的金额');
    await expectRefused(() => post('rank/add', { categoryId: p, name: 'P11', payMax: '-1' }), 400, '薪资上限格式不正确，应为不小于0、最多两位小数的金额');
    await expectRefused(() => post('rank/add', { categoryId: p, name: 'P11', payMax: 'abc' }), 400, '薪资上限格式不正确，应为不小于0、最多两位小数的金额');
    await expectRefused(() => post('rank/add', { name: 'P11' }), 400, '请填写职级类别');
    await expectRefused(() => post('rank/add', { categoryId: p }), 400, '请填写职级名称');
    await expectRefused(() => post('rank/add', { categoryId: p, name: 'P5' }), 409, '该类别下已有职级「P5」');
    await expectRefused(() => post('rankCategory/add', { name: '管理序列' }), 409, '职级类别「管理序列」已存在');
    await expectRefused(() => post('rankCategory/add', {}), 400, '请填写职级类别名称');
    await expectRefused(() => post('rank/add', { categoryId: otherCat!.id, name: 'X1' }), 404, '职级类别不存在');
    await expectRefused(() => post('rank/list', { categoryId: otherCat!.id }), 404, '职级类别不存在');
    await expectRefused(() => post('rank/update', { id: otherRank!.id, categoryId: p, name: 'X1' }), 404, '职级不存在');
    await expectRefused(() => post('rank/delete', { id: otherRank!.id }), 404, '职级不存在');
    await expectRefused(() => post('rankCategory/update', { id: otherCat!.id, name: '改名' }), 404, '职级类别不存在');
    await expectRefused(() => post('rankCategory/delete', { id: otherCat!.id }), 404, '职级类别不存在');
    await addEmployee(1, { rankId: Number(p5!.id) });
    await expectRefused(() => post('rank/delete', { id: p5!.id }), 400, '该职级下还有在职员工，不能删除');
    await expectRefused(() => post('rank/list', {}, { token: staff }), 403, '您没有此操作的权限（positionRank），请联系管理员');
    await expectRefused(() => post('rankCategory/list', {}, { token: staff }), 403, '您没有此操作的权限（positionRank），请联系管理员');
    await expectRefused(() => post('rank/add', { categoryId: p, name: 'P11' }, { token: staff }), 403, '您没有此操作的权限（positionRank.edit），请联系管理员');
    await expectRefused(() => post('rankCategory/add', { name: '新序列' }, { token: staff }), 403, '您没有此操作的权限（positionRank.edit），请联系管理员');
    await expectRefused(() => post('rank/list', {}, { token: staff, companyId: 2 }), 403, '您不是该公司的成员，无权访问');
    const held = await post<RankItem[]>('rank/list', { categoryId: p });
    expect(held.body.data.find((r) => r.name === 'P5')!.activeEmployeeCount).toBe(1);
  });
});

describe('costCenter', () => {
  it('pages cost centres with their departments and owners', async () => {
    const r = await post<CostCenterItem[]>('costCenter/page', {});
    expect(r.body.data.map((c) => [c.code, c.name, c.departments.map((d) => d.name)])).toEqual([
      ['CC-ADMIN', '管理成本中心', ['总经办', '人力资源部', '财务部', '行政部']],
      ['CC-RD', '研发成本中心', ['技术中心', '产品部']],
      ['CC-SALES', '销售成本中心', ['市场部', '销售部']],
    ]);
    expect(r.body.pageMessage).toMatchObject({ total: 3 });
    const kw = await post<CostCenterItem[]>('costCenter/page', { keyword: '研发' });
    expect(kw.body.data.map((c) => c.code)).toEqual(['CC-RD']);
  });

  it('adds, updates (replacing departments) and deletes a cost centre, audited', async () => {
    const [owner] = await t.rows<{ id: number; name: string }>(sql`select id, name from employees where company_id = 1 and status = 2 and archived_at is null order by id limit 1`);
    const dept = await post<{ id: number }>('companyDepartment/add', { name: '新业务部', code: 'NEW' });
    const dept2 = await post<{ id: number }>('companyDepartment/add', { name: '新业务二部', code: 'NEW2' });
    const add = await post<CostCenterItem>('costCenter/add', { code: 'CC-NEW', name: '新业务成本中心', ownerEmployeeId: owner!.id, departmentIds: [dept.body.data.id, dept.body.data.id] });
    expect(add.body.data).toMatchObject({ code: 'CC-NEW', ownerEmployeeId: Number(owner!.id), ownerName: owner!.name, departments: [{ id: dept.body.data.id, name: '新业务部' }] });
    const id = add.body.data.id;
    const upd = await post<CostCenterItem>('costCenter/update', { id, code: 'CC-NEW', name: '新业务中心', ownerEmployeeId: null, departmentIds: [dept2.body.data.id] });
    expect(upd.body.data).toMatchObject({ name: '新业务中心', ownerEmployeeId: null, ownerName: null, departments: [{ id: dept2.body.data.id, name: '新业务二部' }] });
    expect((await auditOf('costCenter.update')).at(-1)).toMatchObject({ before: { departmentIds: [dept.body.data.id] }, after: { departmentIds: [dept2.body.data.id] } });
    expect((await post('costCenter/delete', { id })).body).toMatchObject({ code: 200, data: { id } });
    expect(await t.rows(sql`select * from cost_center_departments where cost_center_id = ${id}`)).toHaveLength(0);
    // the code is free again, and the department can join another cost centre
    const again = await post<CostCenterItem>('costCenter/add', { code: 'CC-NEW', name: '再建', departmentIds: [dept2.body.data.id] });
    expect(again.body.code).toBe(200);
  });

  it('refuses a department of another cost centre (naming it), duplicate codes, bad input, other-company ids, missing permissions', async () => {
    const tech = await deptId(1, 'YF02');
    const otherDept = await deptId(2, 'QM01');
    const [otherCc] = await t.rows<{ id: number }>(sql`select id from cost_centers where company_id = 2 limit 1`);
    const [rd] = await t.rows<{ id: number }>(sql`select id from cost_centers where company_id = 1 and code = 'CC-RD'`);
    const otherEmployee = Number((await t.rows<{ id: number }>(sql`insert into employees (company_id, name) values (2, '外司员工') returning id`))[0]!.id);
    await expectRefused(() => post('costCenter/add', { code: 'CC-X', name: '某中心', departmentIds: [tech] }), 409, '部门「技术中心」已属于成本中心「研发成本中心」，一个部门只能属于一个成本中心');
    await expectRefused(() => post('costCenter/add', { code: 'CC-RD', name: '重复' }), 409, '成本中心编码「CC-RD」已存在');
    await expectRefused(() => post('costCenter/add', { name: '无编码' }), 400, '请填写成本中心编码');
    await expectRefused(() => post('costCenter/add', { code: 'CC-X' }), 400, '请填写成本中心名称');
    await expectRefused(() => post('costCenter/add', { code: 'CC-X', name: '某中心', departmentIds: ['x'] }), 400, '关联部门第1项格式不正确');
    await expectRefused(() => post('costCenter/add', { code: 'CC-X', name: '某中心', departmentIds: [otherDept] }), 404, '部门不存在');
    await expectRefused(() => post('costCenter/add', { code: 'CC-X', name: '某中心', ownerEmployeeId: otherEmployee }), 404, '负责人不存在');
    await expectRefused(() => post('costCenter/update', { id: otherCc!.id, code: 'CC-X', name: '改' }), 404, '成本中心不存在');
    await expectRefused(() => post('costCenter/delete', { id: otherCc!.id }), 404, '成本中心不存在');
    // keeping its own departments on update is fine
    const keep = await post<CostCenterItem>('costCenter/update', { id: rd!.id, code: 'CC-RD', name: '研发成本中心', departmentIds: [tech] });
    expect(keep.body.data.departments.map((d) => d.name)).toEqual(['技术中心']);
    await addEmployee(1, { costCenterId: Number(rd!.id) });
    await expectRefused(() => post('costCenter/delete', { id: rd!.id }), 400, '该成本中心下还有在职员工，不能删除');
    await expectRefused(() => post('costCenter/page', {}, { token: staff }), 403, '您没有此操作的权限（costCenter），请联系管理员');
    await expectRefused(() => post('costCenter/add', { code: 'CC-X', name: '某中心' }, { token: staff }), 403, '您没有此操作的权限（costCenter.edit），请联系管理员');
    await expectRefused(() => post('costCenter/page', {}, { token: staff, companyId: 2 }), 403, '您不是该公司的成员，无权访问');
  });
});
