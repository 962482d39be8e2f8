import type { DepartmentDetail, DepartmentNode, DepartmentOption, DepartmentTreeResult, OrgEmployeeOption } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused as refused, createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from './org.seed.ts';

const API = '/wfsaas-saas/api/companyDepartment';

let t: TestApp;
let admin: string;
let staff: string;

type DeptRow = { id: number; parent_id: number | null; name: string; code: string | null; path: string; sort: number; status: number; headcount_plan: number | null; leader_employee_id: number | null };

async function dept(companyId: number, code: string): Promise<DeptRow> {
  const [r] = await t.rows<DeptRow>(sql`select * from departments where company_id = ${companyId} and code = ${code} and status <> 9`);
  if (!r) throw new Error(`no department ${code}`);
  return { ...r, id: Number(r.id), parent_id: r.parent_id === null ? null : Number(r.parent_id) };
}

async function deptById(id: number): Promise<DeptRow> {
  const [r] = await t.rows<DeptRow>(sql`select * from departments where id = ${id}`);
  return { ...r!, id: Number(r!.id), parent_id: r!.parent_id === null ? null : Number(r!.parent_id) };
}

/** Every organisation row of both companies, to prove a refused call changed nothing. */
async function orgState() {
  return {
    counts: await snapshotCounts(t.database),
    departments: await t.rows(sql`select company_id, id, parent_id, name, code, path, sort, status, headcount_plan, leader_employee_id from departments order by company_id, id`),
    employees: await t.rows(sql`select id, department_id, position_id from employees order by id`),
  };
}

const expectRefused = (call: Parameters<typeof refused>[1], code: number, message: string) => refused(t, call, code, message, orgState);

const post = <T>(path: string, body: unknown, opts: { token?: string; companyId?: number } = {}) =>
  t.call<T>(`${API}/${path}`, { token: opts.token ?? admin, companyId: opts.companyId ?? 1, body });

let employeeSeq = 0;
/** Inserts an employee of a company (as the owner, like the roster would). */
async function addEmployee(companyId: number, departmentId: number | null, opts: { status?: number; archived?: boolean; name?: string } = {}): Promise<number> {
  employeeSeq++;
  const [r] = await t.rows<{ id: number }>(sql`
    insert into employees (company_id, name, employee_no, status, department_id, archived_at)
    values (${companyId}, ${opts.name ?? `测试员工${employeeSeq}`}, ${`T${companyId}-${employeeSeq}`}, ${opts.status ?? 2}, ${departmentId}, ${opts.archived ? new Date() : null})
    returning id`);
  return Number(r!.id);
}

async function auditOf(companyId: number, action: string) {
  return t.rows<{ entity_id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    sql`select entity_id, before, after from audit_log where company_id = ${companyId} and action = ${action} order by id`,
  );
}

function find(nodes: DepartmentNode[], name: string): DepartmentNode | undefined {
  for (const n of nodes) {
    if (n.name === name) return n;
    const hit = find(n.children, name);
    if (hit) return hit;
  }
  return undefined;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
});
afterAll(async () => t?.close());

describe('demo organisation seed', () => {
  it('gives both companies a tree with codes and plans, positions, P/M ranks and cost centres, and is idempotent', async () => {
    const tree = await post<DepartmentTreeResult>('tree', {});
    expect(tree.body.data.tree.map((n) => n.name)).toEqual(['总经办', '技术中心', '产品部', '市场部', '销售部', '人力资源部', '财务部', '行政部']);
    expect(find(tree.body.data.tree, '技术中心')!.children.map((n) => [n.name, n.code, n.headcountPlan])).toEqual([
      ['前端组', 'YF0201', 18],
      ['后端组', 'YF0202', 26],
      ['测试组', 'YF0203', 10],
    ]);
    expect(find(tree.body.data.tree, '技术中心')!.subtreePlan).toBe(4 + 18 + 26 + 10);
    const second = await post<DepartmentTreeResult>('tree', {}, { companyId: 2 });
    expect(second.body.data.tree[1]!.name).toBe('招聘交付中心');
    const counts = await t.rows<{ company_id: number; deps: number; ranks: number; ccs: number; versions: number }>(sql`
      select c.id as company_id,
        (select count(*) from departments d where d.company_id = c.id)::int as deps,
        (select count(*) from ranks r where r.company_id = c.id)::int as ranks,
        (select count(*) from cost_centers x where x.company_id = c.id)::int as ccs,
        (select count(*) from department_versions v where v.company_id = c.id)::int as versions
      from companies c order by c.id`);
    expect(counts.map((c) => [Number(c.company_id), c.deps, c.ranks, c.ccs, c.versions])).toEqual([
      [1, 15, 15, 3, 1],
      [2, 12, 15, 3, 1],
    ]);
    expect(await seedDemoOrg(t.services)).toBe(0);
    const p10 = await t.rows<{ pay_min: string; pay_max: string }>(sql`select pay_min, pay_max from ranks where company_id = 1 and name = 'P10'`);
    expect(p10[0]).toEqual({ pay_min: '70000.00', pay_max: '110000.00' });
  });
});

describe('companyDepartment/tree and detail', () => {
  it('counts active employees per department and per subtree (pending to leaving, not archived, not left)', async () => {
    const fe = await dept(1, 'YF0201');
    const be = await dept(1, 'YF0202');
    const center = await dept(1, 'YF02');
    const before = await post<DepartmentTreeResult>('tree', {});
    const nodeBefore = find(before.body.data.tree, '技术中心')!;
    await addEmployee(1, fe.id, { status: 0 });
    await addEmployee(1, fe.id, { status: 1 });
    await addEmployee(1, fe.id, { status: 3 });
    await addEmployee(1, fe.id, { status: 4 });
    await addEmployee(1, fe.id, { status: 2, archived: true });
    await addEmployee(1, be.id);
    await addEmployee(1, center.id);
    const r = await post<DepartmentTreeResult>('tree', {});
    expect(r.body.code).toBe(200);
    const node = find(r.body.data.tree, '技术中心')!;
    expect(node.ownActual - nodeBefore.ownActual).toBe(1);
    expect(node.subtreeActual - nodeBefore.subtreeActual).toBe(5);
    expect(find(r.body.data.tree, '前端组')!.ownActual - find(nodeBefore.children, '前端组')!.ownActual).toBe(3);
    expect(node.path).toBe(`/${center.id}/`);
    expect(node.level).toBe(1);
    expect(find(r.body.data.tree, '前端组')!.level).toBe(2);
    expect(r.body.data.totalActual).toBe(r.body.data.tree.reduce((s, n) => s + n.subtreeActual, 0));
    expect(r.body.data.totalPlan).toBe(r.body.data.tree.reduce((s, n) => s + n.subtreePlan, 0));

    const detail = await post<DepartmentDetail>('detail', { id: fe.id });
    expect(detail.body.data).toMatchObject({ id: fe.id, name: '前端组', parentName: '技术中心', childCount: 0, costCenter: null, ownActual: find(r.body.data.tree, '前端组')!.ownActual });
    const centerDetail = await post<DepartmentDetail>('detail', { id: String(center.id) });
    expect(centerDetail.body.data.costCenter).toMatchObject({ code: 'CC-RD', name: '研发成本中心' });
  });

  it('answers another company’s department as not found, and a bad id by its field name', async () => {
    const other = await dept(2, 'QM01');
    const r = await post('detail', { id: other.id });
    expect(r.body).toMatchObject({ code: 404, message: '部门不存在' });
    expect((await post('detail', {})).body).toMatchObject({ code: 400, message: '请填写部门' });
    expect((await post('detail', { id: 'abc' })).body).toMatchObject({ code: 400, message: '部门格式不正确' });
  });

  it('lists flat options for any member and leader options by name or number', async () => {
    const r = await post<DepartmentOption[]>('options', {}, { token: staff });
    expect(r.body.code).toBe(200);
    expect(r.body.data.map((d) => d.name)).toContain('前端组');
    const name = (await t.rows<{ name: string }>(sql`select name from employees where company_id = 1 and status = 2 and archived_at is null order by id limit 1`))[0]!.name;
    const found = await post<OrgEmployeeOption[]>('leaderOptions', { keyword: name });
    expect(found.body.data.map((e) => e.name)).toContain(name);
    const none = await post<OrgEmployeeOption[]>('leaderOptions', { keyword: '不存在的人' });
    expect(none.body.data).toEqual([]);
  });
});

describe('companyDepartment/add and update', () => {
  it('adds a department under a parent with its path, next sort and audit', async () => {
    const center = await dept(1, 'YF02');
    const leader = await addEmployee(1, center.id, { name: '陈架构' });
    const r = await post<DepartmentDetail>('add', { parentId: center.id, name: '数据组', code: 'YF0204', leaderEmployeeId: leader, headcountPlan: '6' });
    expect(r.body.code).toBe(200);
    const row = await deptById(r.body.data.id);
    expect(row).toMatchObject({ parent_id: center.id, name: '数据组', code: 'YF0204', path: `${center.path}${row.id}/`, sort: 3, headcount_plan: 6, status: 1 });
    expect(r.body.data).toMatchObject({ leaderName: '陈架构', parentName: '技术中心', level: 2 });
    const audit = await auditOf(1, 'department.add');
    expect(audit.at(-1)).toMatchObject({ entity_id: String(row.id), before: null, after: { name: '数据组', code: 'YF0204', headcountPlan: 6 } });

    const top = await post<DepartmentDetail>('add', { name: '法务部' });
    expect(top.body.data).toMatchObject({ parentId: null, level: 1, code: null, headcountPlan: null });
  });

  it('refuses bad input naming the field, duplicates, unknown and other-company references, and an unknown caller', async () => {
    const center = await dept(1, 'YF02');
    const other = await dept(2, 'QM01');
    const otherEmployee = await addEmployee(2, null);
    const leftEmployee = await addEmployee(1, null, { status: 4 });
    await expectRefused(() => post('add', { parentId: center.id }), 400, '请填写部门名称');
    await expectRefused(() => post('add', { name: '   ' }), 400, '请填写部门名称');
    await expectRefused(() => post('add', { name: 'x'.repeat(51) }), 400, '部门名称不能超过50个字符');
    await expectRefused(() => post('add', { name: '新部门', code: '中文编码' }), 400, '部门编码只能包含字母、数字、-、_、.，且以字母或数字开头');
    await expectRefused(() => post('add', { name: '新部门', headcountPlan: -1 }), 400, '编制人数不能小于0');
    await expectRefused(() => post('add', { name: '新部门', headcountPlan: 1.5 }), 400, '编制人数格式不正确');
    await expectRefused(() => post('add', { name: '新部门', code: 'YF01' }), 409, '部门编码「YF01」已存在');
    await expectRefused(() => post('add', { parentId: center.id, name: '前端组' }), 409, '同一上级部门下已有名为「前端组」的部门');
    await expectRefused(() => post('add', { parentId: other.id, name: '越权部门' }), 404, '上级部门不存在');
    await expectRefused(() => post('add', { name: '越权部门', leaderEmployeeId: otherEmployee }), 404, '负责人不存在');
    await expectRefused(() => post('add', { name: '越权部门', leaderEmployeeId: leftEmployee }), 404, '负责人不存在');
    await expectRefused(() => post('add', { name: '越权部门' }, { token: staff }), 403, '您没有此操作的权限（organizationalstructure.edit），请联系管理员');
    await expectRefused(() => post('add', { name: '越权部门' }, { token: staff, companyId: 2 }), 403, '您不是该公司的成员，无权访问');
  });

  it('renames, recodes, changes leader and plan, clears them with null, audited with before and after', async () => {
    const add = await post<DepartmentDetail>('add', { name: '临时项目部', code: 'TMP01', headcountPlan: 3 });
    const id = add.body.data.id;
    const leader = await addEmployee(1, id, { name: '林项目' });
    const r = await post<DepartmentDetail>('update', { id, name: '创新项目部', code: 'INNO', leaderEmployeeId: leader, headcountPlan: 8 });
    expect(r.body.data).toMatchObject({ name: '创新项目部', code: 'INNO', leaderEmployeeId: leader, leaderName: '林项目', headcountPlan: 8 });
    expect((await auditOf(1, 'department.update')).at(-1)).toMatchObject({
      entity_id: String(id),
      before: { name: '临时项目部', code: 'TMP01', leaderEmployeeId: null, headcountPlan: 3 },
      after: { name: '创新项目部', code: 'INNO', leaderEmployeeId: leader, headcountPlan: 8 },
    });
    const cleared = await post<DepartmentDetail>('update', { id, code: null, leaderEmployeeId: null, headcountPlan: '' });
    expect(cleared.body.data).toMatchObject({ name: '创新项目部', code: null, leaderEmployeeId: null, headcountPlan: null });
    // the freed code can be used again
    expect((await post('add', { name: '另一个部门', code: 'TMP01' })).body.code).toBe(200);

    await expectRefused(() => post('update', { id, name: '' }), 400, '请填写部门名称');
    await expectRefused(() => post('update', { id, code: 'YF02' }), 409, '部门编码「YF02」已存在');
    await expectRefused(() => post('update', { id, name: '技术中心' }), 409, '同一上级部门下已有名为「技术中心」的部门');
    const other = await dept(2, 'QM02');
    await expectRefused(() => post('update', { id: other.id, name: '改名' }), 404, '部门不存在');
    await expectRefused(() => post('update', { id, name: '改名' }, { token: staff }), 403, '您没有此操作的权限（organizationalstructure.edit），请联系管理员');
  });
});

describe('companyDepartment/move', () => {
  it('moves a subtree under another parent at a position, rewriting every path below it', async () => {
    const market = await dept(1, 'YF04');
    const sales = await dept(1, 'YF05');
    const brand = await dept(1, 'YF0401');
    const channel = await dept(1, 'YF0402');
    const sub = await post<DepartmentDetail>('add', { parentId: brand.id, name: '内容小组' });
    const r = await post<DepartmentDetail>('move', { id: market.id, parentId: sales.id, sort: 0 });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ parentId: sales.id, path: `${sales.path}${market.id}/`, sort: 0, level: 2 });
    expect((await deptById(brand.id)).path).toBe(`${sales.path}${market.id}/${brand.id}/`);
    expect((await deptById(channel.id)).path).toBe(`${sales.path}${market.id}/${channel.id}/`);
    expect((await deptById(sub.body.data.id)).path).toBe(`${sales.path}${market.id}/${brand.id}/${sub.body.data.id}/`);
    const children = await t.rows<{ name: string; sort: number }>(sql`select name, sort from departments where parent_id = ${sales.id} and status <> 9 order by sort`);
    expect(children).toEqual([
      { name: '市场部', sort: 0 },
      { name: '华东区', sort: 1 },
      { name: '华南区', sort: 2 },
    ]);
    expect((await auditOf(1, 'department.move')).at(-1)).toMatchObject({ before: { parentId: null, path: market.path }, after: { parentId: sales.id, sort: 0, subtreeSize: 4 } });

    // back to the top level, at the end
    const back = await post<DepartmentDetail>('move', { id: market.id, parentId: null, sort: 999 });
    expect(back.body.data).toMatchObject({ parentId: null, path: `/${market.id}/`, level: 1 });
    expect((await deptById(brand.id)).path).toBe(`/${market.id}/${brand.id}/`);
    const tops = await t.rows<{ name: string }>(sql`select name from departments where company_id = 1 and parent_id is null and status <> 9 order by sort, id`);
    expect(tops.at(-1)!.name).toBe('市场部');
    // the tree agrees
    const tree = await post<DepartmentTreeResult>('tree', {});
    expect(find(tree.body.data.tree, '内容小组')!.path).toBe(`/${market.id}/${brand.id}/${sub.body.data.id}/`);
  });

  it('refuses moving under itself or its own descendant, other-company ids and a clash of names', async () => {
    const center = await dept(1, 'YF02');
    const fe = await dept(1, 'YF0201');
    const other = await dept(2, 'QM02');
    await expectRefused(() => post('move', { id: center.id, parentId: center.id, sort: 0 }), 400, '不能移动到自身或其下级部门');
    await expectRefused(() => post('move', { id: center.id, parentId: fe.id, sort: 0 }), 400, '不能移动到自身或其下级部门');
    await expectRefused(() => post('move', { id: fe.id, parentId: other.id, sort: 0 }), 404, '上级部门不存在');
    await expectRefused(() => post('move', { id: other.id, parentId: center.id, sort: 0 }), 404, '部门不存在');
    await expectRefused(() => post('move', { id: fe.id, parentId: center.id, sort: -1 }), 400, '排序不能小于0');
    const dup = await post<DepartmentDetail>('add', { name: '前端组' });
    await expectRefused(() => post('move', { id: dup.body.data.id, parentId: center.id, sort: 0 }), 409, '同一上级部门下已有名为「前端组」的部门');
    await expectRefused(() => post('move', { id: fe.id, parentId: null, sort: 0 }), 409, '同一上级部门下已有名为「前端组」的部门');
    await expectRefused(() => post('move', { id: fe.id, parentId: null, sort: 0 }, { token: staff }), 403, '您没有此操作的权限（organizationalstructure.edit），请联系管理员');
  });
});

describe('companyDepartment/merge', () => {
  it('moves the source’s children, employees and positions into the target, adds the plans and archives the source', async () => {
    const east = await dept(1, 'YF0501');
    const south = await dept(1, 'YF0502');
    const southTeam = await post<DepartmentDetail>('add', { parentId: south.id, name: '广州办' });
    const e1 = await addEmployee(1, south.id);
    const e2 = await addEmployee(1, south.id, { status: 4 });
    const [pos] = await t.rows<{ id: number }>(sql`select id from positions where company_id = 1 and department_id = ${south.id} and status <> 9`);
    const r = await post<DepartmentDetail>('merge', { sourceId: south.id, targetId: east.id });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ id: east.id, headcountPlan: 30 + 24 });
    expect((await deptById(south.id)).status).toBe(9);
    expect(await deptById(southTeam.body.data.id)).toMatchObject({ parent_id: east.id, path: `${east.path}${southTeam.body.data.id}/` });
    const moved = await t.rows<{ id: number; department_id: number }>(sql`select id, department_id from employees where id in (${e1}, ${e2}) order by id`);
    expect(moved.map((m) => Number(m.department_id))).toEqual([east.id, east.id]);
    expect(Number((await t.rows<{ department_id: number }>(sql`select department_id from positions where id = ${pos!.id}`))[0]!.department_id)).toBe(east.id);
    const audit = (await auditOf(1, 'department.merge')).at(-1)!;
    expect(audit).toMatchObject({ entity_id: String(south.id), after: { targetId: east.id, movedChildIds: [southTeam.body.data.id], movedEmployeeIds: [e1, e2].sort((a, b) => a - b) } });
  });

  it('refuses merging into itself, an ancestor into its descendant, another company’s department', async () => {
    const sales = await dept(1, 'YF05');
    const east = await dept(1, 'YF0501');
    const other = await dept(2, 'QM05');
    await expectRefused(() => post('merge', { sourceId: sales.id, targetId: sales.id }), 400, '不能将部门合并到自身');
    await expectRefused(() => post('merge', { sourceId: sales.id, targetId: east.id }), 400, '不能将部门合并到其下级部门');
    await expectRefused(() => post('merge', { sourceId: east.id, targetId: other.id }), 404, '目标部门不存在');
    await expectRefused(() => post('merge', { sourceId: other.id, targetId: east.id }), 404, '被合并部门不存在');
    await expectRefused(() => post('merge', { sourceId: east.id }), 400, '请填写目标部门');
    await expectRefused(() => post('merge', { sourceId: east.id, targetId: sales.id }, { token: staff }), 403, '您没有此操作的权限（organizationalstructure.edit），请联系管理员');
  });
});

describe('companyDepartment/disable, enable and delete', () => {
  it('disables a subtree (left out of the default tree), refuses enabling under a disabled parent, enables the subtree again', async () => {
    const parent = await post<DepartmentDetail>('add', { name: '海外事业部', code: 'OS' });
    const child = await post<DepartmentDetail>('add', { parentId: parent.body.data.id, name: '东南亚组' });
    const r = await post<DepartmentDetail>('disable', { id: parent.body.data.id });
    expect(r.body.data.status).toBe(0);
    expect((await deptById(child.body.data.id)).status).toBe(0);
    const tree = await post<DepartmentTreeResult>('tree', {});
    expect(find(tree.body.data.tree, '海外事业部')).toBeUndefined();
    const all = await post<DepartmentTreeResult>('tree', { includeDisabled: true });
    expect(find(all.body.data.tree, '东南亚组')!.status).toBe(0);
    expect((await auditOf(1, 'department.disable')).at(-1)).toMatchObject({ after: { status: 0, ids: [parent.body.data.id, child.body.data.id] } });

    await expectRefused(() => post('enable', { id: child.body.data.id }), 400, '上级部门已停用，请先启用上级部门');
    await expectRefused(() => post('add', { parentId: parent.body.data.id, name: '新组' }), 400, '上级部门已停用，请先启用上级部门');
    const on = await post<DepartmentDetail>('enable', { id: parent.body.data.id });
    expect(on.body.data.status).toBe(1);
    expect((await deptById(child.body.data.id)).status).toBe(1);
  });

  it('refuses disabling a department with active employees below it', async () => {
    const qa = await dept(1, 'YF0203');
    await addEmployee(1, qa.id);
    const center = await dept(1, 'YF02');
    await expectRefused(() => post('disable', { id: center.id }), 400, '部门下还有在职员工，不能停用');
    const other = await dept(2, 'QM03');
    await expectRefused(() => post('disable', { id: other.id }), 404, '部门不存在');
    await expectRefused(() => post('enable', { id: other.id }), 404, '部门不存在');
  });

  it('deletes (archives) only an empty department; drops its cost-centre link and archives its positions', async () => {
    const center = await dept(1, 'YF02');
    const qa = await dept(1, 'YF0203');
    await expectRefused(() => post('delete', { id: center.id }), 400, '部门下还有员工或下级部门，不能删除');
    await expectRefused(() => post('delete', { id: qa.id }), 400, '部门下还有员工或下级部门，不能删除');
    // an employee who has left does not block
    const admin2 = await dept(1, 'YF08');
    await addEmployee(1, admin2.id, { status: 4 });
    const before = await t.rows(sql`select * from cost_center_departments where company_id = 1 and department_id = ${admin2.id}`);
    expect(before).toHaveLength(1);
    const r = await post<{ id: number }>('delete', { id: admin2.id });
    expect(r.body).toMatchObject({ code: 200, data: { id: admin2.id } });
    expect((await deptById(admin2.id)).status).toBe(9);
    expect(await t.rows(sql`select * from cost_center_departments where company_id = 1 and department_id = ${admin2.id}`)).toHaveLength(0);
    expect(await t.rows(sql`select * from positions where department_id = ${admin2.id} and status <> 9`)).toHaveLength(0);
    expect((await post('detail', { id: admin2.id })).body).toMatchObject({ code: 404, message: '部门不存在' });
    expect((await auditOf(1, 'department.delete')).at(-1)).toMatchObject({ entity_id: String(admin2.id), before: { name: '行政部' }, after: { status: 9 } });
    const other = await dept(2, 'QM08');
    await expectRefused(() => post('delete', { id: other.id }), 404, '部门不存在');
    await expectRefused(() => post('delete', { id: qa.id }, { token: staff }), 403, '您没有此操作的权限（organizationalstructure.edit），请联系管理员');
  });
});
