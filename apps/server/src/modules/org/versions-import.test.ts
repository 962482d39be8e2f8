import type { DepartmentImportResult, DepartmentNode, DepartmentTreeResult, DepartmentVersionItem, DepartmentVersionTree } from '@wfsaas/contracts';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused as refused, createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from './org.seed.ts';

const DEPT = '/wfsaas-saas/api/companyDepartment';
const VER = '/wfsaas-saas/api/companyDepartmentVersion';

let t: TestApp;
let admin: string;
let staff: string;

async function orgState() {
  return {
    counts: await snapshotCounts(t.database),
    departments: await t.rows(sql`select company_id, id, parent_id, name, code, path, sort, status, headcount_plan from departments order by company_id, id`),
  };
}

const expectRefused = (call: Parameters<typeof refused>[1], code: number, message: string) => refused(t, call, code, message, orgState);

const call = <T>(url: string, body: unknown, opts: { token?: string; companyId?: number } = {}) => t.call<T>(url, { token: opts.token ?? admin, companyId: opts.companyId ?? 1, body });

function find(nodes: DepartmentNode[], name: string): DepartmentNode | undefined {
  for (const n of nodes) {
    if (n.name === name) return n;
    const hit = find(n.children, name);
    if (hit) return hit;
  }
  return undefined;
}

function names(nodes: DepartmentNode[]): string[] {
  return nodes.flatMap((n) => [n.name, ...names(n.children)]);
}

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
});
afterAll(async () => t?.close());

describe('companyDepartmentVersion', () => {
  it('saves the current tree as a version, pages versions and shows the tree as of a date', async () => {
    const year = new Date().getFullYear();
    // before any change: the seeded version is in force from 1 January
    const seeded = await call<DepartmentVersionTree>(`${VER}/asOf`, { date: `${year}-06-30` });
    expect(seeded.body.code).toBe(200);
    expect(seeded.body.data.version).toMatchObject({ name: `${year}年初始组织架构`, effectiveDate: `${year}-01-01`, departmentCount: 15 });

    const saved = await call<DepartmentVersionItem>(`${VER}/save`, { name: '2030年架构调整前', effectiveDate: '2030-01-01' });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data).toMatchObject({ name: '2030年架构调整前', effectiveDate: '2030-01-01', departmentCount: 15 });

    // the live tree changes afterwards
    const add = await call<{ id: number }>(`${DEPT}/add`, { name: '人工智能研究院', code: 'AI' });
    expect(add.body.code).toBe(200);
    const later = await call<DepartmentVersionItem>(`${VER}/save`, { name: '2030年3月架构', effectiveDate: '2030-03-01' });
    expect(later.body.data.departmentCount).toBe(16);

    const feb = await call<DepartmentVersionTree>(`${VER}/asOf`, { date: '2030-02-15' });
    expect(feb.body.data.version.id).toBe(saved.body.data.id);
    expect(find(feb.body.data.tree, '人工智能研究院')).toBeUndefined();
    expect(find(feb.body.data.tree, '前端组')!.path).toMatch(/^\/\d+\/\d+\/$/);
    expect(feb.body.data.totalPlan).toBe(feb.body.data.tree.reduce((s, n) => s + n.subtreePlan, 0));

    const onDay = await call<DepartmentVersionTree>(`${VER}/asOf`, { date: '2030-03-01' });
    expect(onDay.body.data.version.id).toBe(later.body.data.id);
    expect(find(onDay.body.data.tree, '人工智能研究院')).toBeDefined();

    // a disabled department is kept in the version but not shown in its tree
    const off = await call<{ id: number }>(`${DEPT}/add`, { name: '待撤销部门' });
    await call(`${DEPT}/disable`, { id: off.body.data.id });
    const third = await call<DepartmentVersionItem>(`${VER}/save`, { name: '撤销前', effectiveDate: '2030-03-01' });
    expect(third.body.data.departmentCount).toBe(17);
    const tie = await call<DepartmentVersionTree>(`${VER}/asOf`, { date: '2030-03-31' });
    expect(tie.body.data.version.id).toBe(third.body.data.id);
    expect(names(tie.body.data.tree)).not.toContain('待撤销部门');

    const page = await call<DepartmentVersionItem[]>(`${VER}/page`, { pageNum: 1, pageSize: 2 });
    expect(page.body.data.map((v) => v.name)).toEqual(['撤销前', '2030年3月架构']);
    expect(page.body.pageMessage).toMatchObject({ total: 4, pages: 2, pageNum: 1, pageSize: 2 });

    const detail = await call<DepartmentVersionTree>(`${VER}/detail`, { id: saved.body.data.id });
    expect(detail.body.data.version.name).toBe('2030年架构调整前');
    expect(names(detail.body.data.tree)).toHaveLength(15);
    const audit = await t.rows<{ after: unknown }>(sql`select after from audit_log where company_id = 1 and action = 'departmentVersion.save' order by id`);
    expect(audit[0]!.after).toEqual({ name: '2030年架构调整前', effectiveDate: '2030-01-01', departmentCount: 15 });
  });

  it('shows today’s organisation as of today', async () => {
    const r = await call<DepartmentVersionTree>(`${VER}/asOf`, { date: today() });
    expect(r.body.code).toBe(200);
    expect(r.body.data.tree.length).toBeGreaterThan(0);
  });

  it('refuses a date before the first version, bad input, another company’s version, a caller without the permission', async () => {
    await expectRefused(() => call(`${VER}/asOf`, { date: '2000-01-01' }), 400, '该日期之前没有组织架构版本');
    await expectRefused(() => call(`${VER}/asOf`, { date: '2030/01/01' }), 400, '查询日期格式不正确，应为 YYYY-MM-DD');
    await expectRefused(() => call(`${VER}/asOf`, { date: '2030-02-30' }), 400, '查询日期不是有效的日期');
    await expectRefused(() => call(`${VER}/save`, { name: '缺日期' }), 400, '请填写生效日期');
    await expectRefused(() => call(`${VER}/save`, { effectiveDate: '2030-01-01' }), 400, '请填写版本名称');
    const [other] = await t.rows<{ id: number }>(sql`select id from department_versions where company_id = 2 limit 1`);
    await expectRefused(() => call(`${VER}/detail`, { id: other!.id }), 404, '组织架构版本不存在');
    await expectRefused(() => call(`${VER}/save`, { name: '越权', effectiveDate: '2030-01-01' }, { token: staff }), 403, '您没有此操作的权限（organizationalstructure.edit），请联系管理员');
    await expectRefused(() => call(`${VER}/asOf`, { date: '2030-01-01' }, { token: staff }), 403, '您没有此操作的权限（organizationalIndex），请联系管理员');
    await expectRefused(() => call(`${VER}/page`, {}, { token: staff, companyId: 2 }), 403, '您不是该公司的成员，无权访问');
  });
});

// ── the department template ──

function multipart(filename: string, content: Buffer, field = 'file') {
  const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`, 'utf8'),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(content: Buffer, opts: { filename?: string; token?: string; companyId?: number } = {}) {
  const m = multipart(opts.filename ?? '部门.xlsx', content);
  const res = await t.app.inject({
    method: 'POST',
    url: `${DEPT}/template/import`,
    headers: { 'content-type': m.contentType, authorization: `Bearer ${opts.token ?? admin}`, companyid: String(opts.companyId ?? 1) },
    payload: m.payload,
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: DepartmentImportResult } };
}

async function workbook(rowsIn: (string | number | null)[][], header: string[] = ['部门名称', '部门编码', '上级部门编码', '负责人工号', '编制人数']): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('部门');
  ws.addRow(header);
  for (const r of rowsIn) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('companyDepartment/template', () => {
  it('downloads the template: the columns, instructions and the existing departments', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${DEPT}/template/download`, headers: { authorization: `Bearer ${admin}`, companyid: '1' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''%E9%83%A8%E9%97%A8%E5%AF%BC%E5%85%A5%E6%A8%A1%E6%9D%BF.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['部门', '填写说明', '现有部门']);
    expect((wb.getWorksheet('部门')!.getRow(1).values as unknown[]).slice(1)).toEqual(['部门名称', '部门编码', '上级部门编码', '负责人工号', '编制人数']);
    const ref = wb.getWorksheet('现有部门')!;
    const refRows = ref.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1, 3));
    expect(refRows).toContainEqual(['前端组', 'YF0201']);
    const denied = await t.app.inject({ method: 'POST', url: `${DEPT}/template/download`, headers: { authorization: `Bearer ${staff}`, companyid: '1' } });
    expect(denied.statusCode).toBe(403);
  });

  it('imports a tree in one go: parents from the file or existing departments, leaders by number, plans', async () => {
    const [leader] = await t.rows<{ id: number; employee_no: string }>(sql`select id, employee_no from employees where company_id = 1 and archived_at is null and status = 2 order by id limit 1`);
    const file = await workbook([
      ['华北区', 'YF0503', 'YF05', leader!.employee_no, 20],
      ['北京办', 'YF050301', 'YF0503', null, '8'],
      ['天津办', null, 'yf0503', null, null],
      ['研究院', 'RI', null, null, 5],
      [null, null, null, null, null],
      ['算法组', 'RI01', 'RI', null, 6],
    ]);
    const r = await upload(file);
    expect(r.body).toMatchObject({ code: 200, data: { total: 5, created: 5, errors: [] } });
    const tree = await call<DepartmentTreeResult>(`${DEPT}/tree`, {});
    const north = find(tree.body.data.tree, '华北区')!;
    expect(north).toMatchObject({ code: 'YF0503', headcountPlan: 20, leaderEmployeeId: Number(leader!.id), subtreePlan: 28 });
    expect(north.children.map((c) => c.name)).toEqual(['北京办', '天津办']);
    expect(find(tree.body.data.tree, '销售部')!.children.map((c) => c.name)).toContain('华北区');
    expect(find(tree.body.data.tree, '研究院')!.children.map((c) => c.name)).toEqual(['算法组']);
    expect(find(tree.body.data.tree, '算法组')!.path).toBe(`/${find(tree.body.data.tree, '研究院')!.id}/${find(tree.body.data.tree, '算法组')!.id}/`);
    const audit = await t.rows<{ after: { count: number } }>(sql`select after from audit_log where company_id = 1 and action = 'department.import'`);
    expect(audit.map((a) => a.after.count)).toEqual([5]);
  });

  it('lists every bad row in Chinese and writes nothing', async () => {
    const file = await workbook([
      ['', 'A1', null, null, null],
      ['重复编码一', 'DUP', null, null, null],
      ['重复编码二', 'DUP', null, null, null],
      ['已有编码', 'YF01', null, null, null],
      ['未知上级', 'B1', 'NOPE', null, null],
      ['循环甲', 'C1', 'C2', null, null],
      ['循环乙', 'C2', 'C1', null, null],
      ['自己上级', 'S1', 'S1', null, null],
      ['坏编制', 'P1', null, null, '-3'],
      ['坏工号', 'L1', null, 'NO-SUCH', null],
      ['前端组', 'X1', 'YF02', null, null],
      ['同名', 'N1', null, null, null],
      ['同名', 'N2', null, null, null],
    ]);
    const before = await orgState();
    const r = await upload(file);
    expect(r.body.code).toBe(200);
    expect(r.body.data).toEqual({
      total: 13,
      created: 0,
      errors: [
        { row: 2, message: '部门名称不能为空' },
        { row: 4, message: '部门编码「DUP」与第3行重复' },
        { row: 5, message: '部门编码「YF01」已存在' },
        { row: 6, message: '上级部门编码「NOPE」不存在' },
        { row: 7, message: '上级部门关系形成循环（第7、8行）' },
        { row: 8, message: '上级部门关系形成循环（第7、8行）' },
        { row: 9, message: '上级部门编码不能是本部门的编码' },
        { row: 10, message: '编制人数应为0到99999之间的整数' },
        { row: 11, message: '负责人工号「NO-SUCH」不存在或不是在职员工' },
        { row: 12, message: '同一上级部门下已有名为「前端组」的部门' },
        { row: 14, message: '与第13行的部门同名且上级部门相同' },
      ],
    });
    expect(await orgState()).toEqual(before);
  });

  it('refuses an empty file, a text file named .xlsx, a wrong header, a sheet without rows, a caller without the permission', async () => {
    await expectRefused(() => upload(Buffer.alloc(0)), 400, '文件内容为空，请选择填写好的部门模板（.xlsx）');
    await expectRefused(() => upload(Buffer.from('部门名称,部门编码\n研发部,RD\n')), 400, '文件格式不正确，请上传下载的部门模板（.xlsx 文件）');
    await expectRefused(() => upload(Buffer.from('PK\u0003\u0004 not really a zip')), 400, '文件格式不正确，请上传下载的部门模板（.xlsx 文件）');
    await expectRefused(async () => upload(await workbook([['研发部', 'RD']], ['名称', '编码'])), 400, '表头与模板不一致，请使用下载的部门模板（第一行应为：部门名称、部门编码、上级部门编码、负责人工号、编制人数）');
    await expectRefused(async () => upload(await workbook([])), 400, '文件中没有部门数据，请在模板中填写后再上传');
    await expectRefused(async () => upload(await workbook([['研发部', 'RD2', null, null, null]]), { filename: 'a.pdf' }), 400, '文件格式不正确，请上传下载的部门模板（.xlsx 文件）');
    await expectRefused(async () => upload(await workbook([['研发部', 'RD2', null, null, null]]), { token: staff }), 403, '您没有此操作的权限（organizationalstructure.edit），请联系管理员');
    await expectRefused(async () => upload(await workbook([['研发部', 'RD2', null, null, null]]), { token: staff, companyId: 2 }), 403, '您不是该公司的成员，无权访问');
    const notMultipart = await t.call(`${DEPT}/template/import`, { token: admin, companyId: 1, body: { rows: [] } });
    expect(notMultipart.body).toMatchObject({ code: 400, message: '请以文件表单（multipart/form-data）上传部门模板' });
  });

  it('refuses more rows than one import may hold', async () => {
    const many = Array.from({ length: 2001 }, (_, i) => [`部门${i}`, `M${i}`, null, null, null]);
    await expectRefused(async () => upload(await workbook(many)), 400, '一次最多导入2000个部门，请分批导入');
  });
});
