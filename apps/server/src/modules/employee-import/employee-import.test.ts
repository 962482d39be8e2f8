import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.ts';
import { runDueJobsOnce } from '../../platform/jobs/index.ts';
import { departmentIdByName } from '../../test/factories.ts';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';
import type { ImportBatchView, ImportRowView } from './employee-import.service.ts';
import { buildFixtureWorkbook, fixtureCells, fixtureIdNumber, fixtureRow, FIXTURE_HEADERS } from './import-fixtures.ts';

/**
 * dynamicFormTemplate/…: the roster import — template, upload, mapping, dry run, confirm (a job),
 * fixing rows, error file; bad files, another company, missing permission.
 */

const BASE = '/wfsaas-saas/api/dynamicFormTemplate';
const TAKEN_MOBILE = '15677770000';
let t: TestApp;
let admin: string;
let staff: string;

function multipart(filename: string, content: Buffer) {
  const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(content: Buffer, opts: { filename?: string; token?: string; companyId?: number } = {}) {
  const m = multipart(opts.filename ?? '员工.xlsx', content);
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/add`,
    headers: { 'content-type': m.contentType, authorization: `Bearer ${opts.token ?? admin}`, companyid: String(opts.companyId ?? 1) },
    payload: m.payload,
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: ImportBatchView } };
}

type CheckAnswer = { batch: ImportBatchView; rows: ImportRowView[]; pageMessage: { total: number } };
const check = (batchId: number, pageSize = 50) => t.call<CheckAnswer>(`${BASE}/dataCheck`, { token: admin, companyId: 1, body: { batchId, pageSize } });

async function confirmAndRun(batchId: number): Promise<ImportBatchView> {
  const r = await t.call<ImportBatchView>(`${BASE}/confirmImport`, { token: admin, companyId: 1, body: { batchId } });
  expect(r.body).toMatchObject({ code: 200, data: { status: 'importing' } });
  await runDueJobsOnce(t.services);
  const p = await t.call<ImportBatchView>(`${BASE}/progress`, { token: admin, companyId: 1, body: { batchId } });
  return p.body.data;
}

async function countEmployees(where = sql`true`): Promise<number> {
  const r = rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from employees where company_id = 1 and ${where}`));
  return Number(r[0]!.n);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  const form = await t.call(`/wfsaas-saas/api/customForm/save`, {
    token: admin,
    companyId: 1,
    body: {
      formConfig: { cols: 2 },
      widgetList: [
        { id: 'w1', type: 'select', label: '工服尺码', key: 'shirt', options: { options: [{ label: '中号', value: 'M' }, { label: '大号', value: 'L' }] } },
        { id: 'w2', type: 'number', label: '工作年限', key: 'years', options: { min: 0, max: 60 } },
      ],
    },
  });
  expect(form.body.code).toBe(200);
});
afterAll(async () => t?.close());

describe('template', () => {
  it('holds the standard fields with required marks, dropdowns, notes and the custom fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/template?name=employee`, headers: { authorization: `Bearer ${staff}`, companyid: '1' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers.slice(0, 8)).toEqual(['*工号', '*姓名', '*手机号', '证件类型', '*证件号码', '*部门', '*入职日期', '*用工类型']);
    expect(headers).toContain('工服尺码');
    expect(headers).toContain('工作年限');
    const col = headers.indexOf('*用工类型') + 1;
    expect(sheet.getCell(3, col).dataValidation).toMatchObject({ type: 'list' });
    expect(wb.worksheets.map((w) => w.name)).toContain('填写说明');
    const options = wb.getWorksheet('选项')!;
    const values: string[] = [];
    options.eachRow((row) => values.push(...(row.values as unknown[]).slice(1).map(String)));
    expect(values).toEqual(expect.arrayContaining(['全职', '劳务派遣', '中号', '大号', '本科']));
  });

  it('refuses a caller of another company and an unknown template', async () => {
    const r = await t.call(`${BASE}/template`, { token: staff, companyId: 2, body: {} });
    expect(r.status).toBe(403);
    const u = await t.call(`${BASE}/template`, { token: admin, companyId: 1, body: { name: 'payslip' } });
    expect(u.body.code).toBe(400);
  });
});

describe('import journey', () => {
  it('50 rows with 3 bad → 47/3 → imports 47 → fixes the 3 → imports 3', async () => {
    const dept = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from departments where company_id = 1 and name = '产品部'`));
    const holder = await t.call('/wfsaas-saas/api/companyEmployee/add/v2', {
      token: admin,
      companyId: 1,
      body: { name: '已有员工', mobile: TAKEN_MOBILE, idType: 1, idNumber: fixtureIdNumber(999), departmentId: Number(dept[0]!.id), employeeNo: 'HOLD0001', hireDate: '2023-01-01', employmentType: 1 },
    });
    expect(holder.body.code).toBe(200);
    const rows = Array.from({ length: 50 }, (_, i) => fixtureCells(fixtureRow(i, 1000)));
    rows[4]![3] = '110105199001011235'; // wrong check digit
    rows[9]![2] = TAKEN_MOBILE; // a mobile another employee already has
    rows[19]![4] = '不存在的部门';
    const up = await upload(await buildFixtureWorkbook(rows));
    expect(up.body.code).toBe(200);
    const batch = up.body.data;
    expect(batch).toMatchObject({ status: 'uploaded', total: 50, unmappedColumns: [], missingRequired: [] });
    expect(batch.columns.map((c) => c.fieldKey)).toEqual(['employeeNo', 'name', 'mobile', 'idNumber', 'departmentId', 'hireDate', 'employmentType', 'education']);

    const before = await countEmployees();
    const c1 = await check(batch.id);
    expect(c1.body.code).toBe(200);
    expect(c1.body.data.batch).toMatchObject({ status: 'checked', validCount: 47, invalidCount: 3 });
    // the dry run wrote nothing
    expect(await countEmployees()).toBe(before);
    expect(c1.body.data.rows.map((r) => r.rowNo)).toEqual([6, 11, 21]);
    const byRow = new Map(c1.body.data.rows.map((r) => [r.rowNo, r]));
    expect(byRow.get(6)!.errors).toEqual([{ field: 'idNumber', label: '证件号码', message: '身份证号码校验位不正确' }]);
    expect(byRow.get(11)!.errors).toEqual([{ field: 'mobile', label: '手机号', message: '手机号已被员工「已有员工」使用' }]);
    expect(byRow.get(21)!.errors).toEqual([{ field: 'departmentId', label: '部门', message: '部门「不存在的部门」不存在' }]);

    const errFile = await t.app.inject({ method: 'POST', url: `${BASE}/downloadErrorData`, headers: { authorization: `Bearer ${admin}`, companyid: '1' }, payload: { batchId: batch.id } });
    expect(errFile.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(errFile.rawPayload as unknown as ArrayBuffer);
    const es = wb.worksheets[0]!;
    expect((es.getRow(1).values as unknown[]).slice(1)).toEqual([...FIXTURE_HEADERS, '错误原因']);
    expect(es.rowCount).toBe(4);
    expect(es.getRow(2).getCell(9).value).toBe('身份证号码校验位不正确');

    const done = await confirmAndRun(batch.id);
    expect(done).toMatchObject({ status: 'done', createdCount: 47, updatedCount: 0, failedCount: 0, importedCount: 47, invalidCount: 3 });
    expect(done.progress).toEqual({ done: 47, total: 47 });
    expect(await countEmployees()).toBe(before + 47);
    // a second run of the due jobs imports nothing twice
    await runDueJobsOnce(t.services);
    expect(await countEmployees()).toBe(before + 47);

    // fix the 3 rows: a valid ID number, a fresh mobile, a real department
    await t.call(`${BASE}/update`, { token: admin, companyId: 1, body: { batchId: batch.id, rowNo: 6, data: { '3': fixtureIdNumber(1004) } } });
    await t.call(`${BASE}/update`, { token: admin, companyId: 1, body: { batchId: batch.id, rowNo: 11, data: { '2': '15699990010' } } });
    await t.call(`${BASE}/update`, { token: admin, companyId: 1, body: { batchId: batch.id, rowNo: 21, data: { '4': '人力资源部' } } });
    const c3 = await check(batch.id);
    expect(c3.body.data.batch).toMatchObject({ validCount: 3, invalidCount: 0, importedCount: 47 });
    const done2 = await confirmAndRun(batch.id);
    expect(done2).toMatchObject({ status: 'done', createdCount: 50, failedCount: 0, importedCount: 50 });
    expect(await countEmployees()).toBe(before + 50);
    const deptOf = rowsOf<{ name: string }>(
      await t.database.db.execute(sql`select d.name from employees e join departments d on d.company_id = e.company_id and d.id = e.department_id where e.company_id = 1 and e.employee_no = ${fixtureRow(19, 1000).employeeNo}`),
    );
    expect(deptOf[0]!.name).toBe('人力资源部');

    const imported = await t.call<ImportRowView[]>(`${BASE}/rows`, { token: staff, companyId: 1, body: { batchId: batch.id, status: 'imported', pageSize: 100 } });
    expect(imported.body.data).toHaveLength(50);
    const list = await t.call<ImportBatchView[]>(`${BASE}/list`, { token: staff, companyId: 1, body: {} });
    expect(list.body.data.map((b) => b.id)).toContain(batch.id);
  });

  it('a row refused by the job rolls back alone: the rest of its chunk is imported, and a rerun imports nothing twice', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => fixtureCells(fixtureRow(i, 4000)));
    const up = await upload(await buildFixtureWorkbook(rows));
    const c = await check(up.body.data.id);
    expect(c.body.data.batch).toMatchObject({ validCount: 5, invalidCount: 0 });
    // after the check, another employee takes the mobile of row 3 (the sheet's 4th line)
    const dept = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from departments where company_id = 1 and name = '产品部'`));
    const taker = await t.call('/wfsaas-saas/api/companyEmployee/add/v2', {
      token: admin,
      companyId: 1,
      body: { name: '后来员工', mobile: fixtureRow(2, 4000).mobile, idType: 1, idNumber: fixtureIdNumber(4999), departmentId: Number(dept[0]!.id), employeeNo: 'LATE0001', hireDate: '2023-01-01', employmentType: 1 },
    });
    expect(taker.body.code).toBe(200);
    const before = await countEmployees();
    const audits = async () =>
      Number(rowsOf<{ n: string | number }>(await t.database.db.execute(sql`select count(*) as n from audit_log where company_id = 1 and action = 'employee.add'`))[0]!.n);
    const auditsBefore = await audits();
    const done = await confirmAndRun(up.body.data.id);
    expect(done).toMatchObject({ status: 'done', createdCount: 4, failedCount: 1, importedCount: 4 });
    expect(await countEmployees()).toBe(before + 4);
    // the refused row left neither an employee nor an audit entry
    expect(await countEmployees(sql`employee_no = ${fixtureRow(2, 4000).employeeNo}`)).toBe(0);
    expect(await audits()).toBe(auditsBefore + 4);
    const failed = await t.call<ImportRowView[]>(`${BASE}/rows`, { token: admin, companyId: 1, body: { batchId: up.body.data.id, status: 'failed' } });
    expect(failed.body.data.map((r) => [r.rowNo, r.reason, r.employeeId])).toEqual([[4, '手机号已被员工「后来员工」使用', null]]);
    await runDueJobsOnce(t.services);
    expect(await countEmployees()).toBe(before + 4);
  });

  it('updates an existing employee found by employee number, with synonyms and a rematched column', async () => {
    const first = fixtureRow(0, 2000);
    const up1 = await upload(await buildFixtureWorkbook([fixtureCells(first)]));
    await check(up1.body.data.id);
    expect((await confirmAndRun(up1.body.data.id)).createdCount).toBe(1);

    // same employee number, a new mobile and education; the education column's header is unknown and mapped by hand
    const headers = ['工号', '员工姓名', '手机', '身份证号', '部门', '入职日期', '用工类型', '文化程度'];
    const up2 = await upload(await buildFixtureWorkbook([[first.employeeNo, first.name, '15688880001', first.idNumber, '产品部', '2024-03-01', '全职', '硕士研究生']], headers));
    expect(up2.body.data.unmappedColumns).toEqual(['文化程度']);
    const rm = await t.call<ImportBatchView>(`${BASE}/rematch`, { token: admin, companyId: 1, body: { batchId: up2.body.data.id, mapping: { '7': 'education' } } });
    expect(rm.body.data.columns[7]).toMatchObject({ fieldKey: 'education', fieldLabel: '学历' });
    const c = await check(up2.body.data.id);
    expect(c.body.data.batch.validCount).toBe(1);
    const done = await confirmAndRun(up2.body.data.id);
    expect(done).toMatchObject({ createdCount: 0, updatedCount: 1 });
    const r = rowsOf<{ education: number; mobile_masked: string }>(await t.database.db.execute(sql`select education, mobile_masked from employees where company_id = 1 and employee_no = ${first.employeeNo}`));
    expect(r).toEqual([{ education: 8 - 1, mobile_masked: '156****0001' }]);
  });

  it('resolves positions, ranks and cost centres by name or code; a position of a repeated name by the row\'s department', async () => {
    const headers = [...FIXTURE_HEADERS, '岗位', '职级', '成本中心'];
    const base = (i: number, department: string) => {
      const cells = fixtureCells(fixtureRow(i, 3500));
      cells[4] = department;
      return cells;
    };
    const rows = [
      [...base(0, '技术中心/后端组'), 'Java工程师', 'P5', 'cc-rd'],
      // 客户经理 exists in 华东区 and in 华南区: the row's department picks one
      [...base(1, '华南区'), '客户经理', '管理序列/M1', '销售成本中心'],
      [...base(2, '产品部'), '客户经理', '', ''],
      [...base(3, '产品部'), '主管', 'P99', ''],
      [...base(4, '产品部'), '', '', 'CC-NONE'],
    ];
    const up = await upload(await buildFixtureWorkbook(rows, headers));
    expect(up.body.data.columns.slice(8).map((c) => c.fieldKey)).toEqual(['positionId', 'rankId', 'costCenterId']);
    const c = await check(up.body.data.id);
    expect(c.body.data.batch).toMatchObject({ validCount: 2, invalidCount: 3 });
    const byRow = new Map(c.body.data.rows.map((r) => [r.rowNo, r.errors]));
    expect(byRow.get(4)).toEqual([{ field: 'positionId', label: '岗位', message: '岗位「客户经理」有重名，请填写岗位编码' }]);
    expect(byRow.get(5)).toEqual([{ field: 'rankId', label: '职级', message: '职级「P99」不存在' }]);
    expect(byRow.get(6)).toEqual([{ field: 'costCenterId', label: '成本中心', message: '成本中心「CC-NONE」不存在' }]);
    expect((await confirmAndRun(up.body.data.id)).createdCount).toBe(2);
    const stored = rowsOf<{ position: string; department: string; rank: string; cost_center: string }>(
      await t.database.db.execute(sql`
        select p.name as position, pd.name as department, r.name as rank, cc.code as cost_center
        from employees e
        join positions p on p.company_id = e.company_id and p.id = e.position_id
        join departments pd on pd.company_id = p.company_id and pd.id = p.department_id
        join ranks r on r.company_id = e.company_id and r.id = e.rank_id
        join cost_centers cc on cc.company_id = e.company_id and cc.id = e.cost_center_id
        where e.company_id = 1 and e.employee_no in (${rows[0]![0]!}, ${rows[1]![0]!})
        order by e.employee_no`),
    );
    expect(stored).toEqual([
      { position: 'Java工程师', department: '后端组', rank: 'P5', cost_center: 'CC-RD' },
      { position: '客户经理', department: '华南区', rank: 'M1', cost_center: 'CC-SALES' },
    ]);
  });

  it('marks duplicates within the file on every row involved (ID number and employee number)', async () => {
    const a = fixtureCells(fixtureRow(0, 3000));
    const b = fixtureCells(fixtureRow(1, 3000));
    const c = fixtureCells(fixtureRow(2, 3000));
    b[3] = a[3]!;
    c[0] = a[0]!;
    const up = await upload(await buildFixtureWorkbook([a, b, c]));
    const r = await check(up.body.data.id);
    expect(r.body.data.batch).toMatchObject({ validCount: 0, invalidCount: 3 });
    const msgs = Object.fromEntries(r.body.data.rows.map((x) => [x.rowNo, x.reason]));
    expect(msgs).toEqual({ 2: '证件号码与第3行重复；工号与第4行重复', 3: '证件号码与第2行重复', 4: '工号与第2行重复' });
    const cf = await t.call(`${BASE}/confirmImport`, { token: admin, companyId: 1, body: { batchId: up.body.data.id } });
    expect(cf.body).toMatchObject({ code: 400, message: '没有校验通过的数据可以导入' });
  });
});

describe('bad files', () => {
  it('refuses a 0-byte file, a text file named .xlsx and more than 20,000 rows; nothing is written', async () => {
    const before = await snapshotCounts(t.database);
    expect((await upload(Buffer.alloc(0))).body).toMatchObject({ code: 400, message: '文件为空，请选择填写好的模板' });
    expect((await upload(Buffer.from('工号,姓名\nE1,张三\n'))).body).toMatchObject({ code: 400, message: '文件不是有效的 Excel（.xlsx）文件' });
    const big = Array.from({ length: 20_001 }, (_, i) => [`B${i}`, '某人']);
    const r = await upload(await buildFixtureWorkbook(big, ['工号', '姓名']));
    expect(r.body).toMatchObject({ code: 400, message: '数据行数超过单次导入上限 20000 行，请分批导入' });
    expect(await snapshotCounts(t.database)).toEqual(before);
  }, 60_000);

  it('refuses a rematch to an unknown field or two columns to one field', async () => {
    const up = await upload(await buildFixtureWorkbook([fixtureCells(fixtureRow(0, 4000))]));
    const id = up.body.data.id;
    const r1 = await t.call(`${BASE}/rematch`, { token: admin, companyId: 1, body: { batchId: id, mapping: { '7': 'salary' } } });
    expect(r1.body).toMatchObject({ code: 400, message: '字段「salary」不存在，请重新选择' });
    const r2 = await t.call(`${BASE}/rematch`, { token: admin, companyId: 1, body: { batchId: id, mapping: { '7': 'name' } } });
    expect(r2.body).toMatchObject({ code: 400, message: '「*姓名」和「学历」不能匹配到同一个字段「姓名」' });
    const r3 = await t.call(`${BASE}/rematch`, { token: admin, companyId: 1, body: { batchId: id, mapping: { '0': null } } });
    expect(r3.body.data).toMatchObject({ missingRequired: ['工号'] });
    const c = await check(id);
    expect(c.body).toMatchObject({ code: 400, message: '以下必填字段没有匹配的列：工号，请在字段匹配中选择' });
    const bad = await t.call(`${BASE}/update`, { token: admin, companyId: 1, body: { batchId: id, rowNo: 'x', data: {} } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain('行号');
  });
});

describe('companyEmployee/rosterList/importAndUpdate', () => {
  const URL_ = '/wfsaas-saas/api/companyEmployee/rosterList/importAndUpdate';
  async function importAndUpdate(content: Buffer, opts: { token?: string; companyId?: number; filename?: string } = {}) {
    const m = multipart(opts.filename ?? '花名册.xlsx', content);
    const res = await t.app.inject({
      method: 'POST',
      url: URL_,
      headers: { 'content-type': m.contentType, authorization: `Bearer ${opts.token ?? admin}`, companyid: String(opts.companyId ?? 1) },
      payload: m.payload,
    });
    return { status: res.statusCode, body: res.json() as { code: number; message: string; data: CheckAnswer } };
  }

  it('creates new rows and updates existing ones in one call; the bad row stays out and its error downloads', async () => {
    const first = [fixtureRow(0, 7000), fixtureRow(1, 7000)];
    const r1 = await importAndUpdate(await buildFixtureWorkbook(first.map(fixtureCells)));
    expect(r1.body).toMatchObject({ code: 200, data: { batch: { status: 'importing', total: 2, validCount: 2, invalidCount: 0 } } });
    await runDueJobsOnce(t.services);
    expect(await countEmployees(sql`employee_no in ('IMP007000', 'IMP007001')`)).toBe(2);

    // the same people again with a new education (an update, by employee number), plus a row with a bad ID number
    const again = first.map((r) => ({ ...r, education: '硕士研究生' }));
    const bad = { ...fixtureRow(2, 7000), idNumber: '110105199001011234' };
    const r2 = await importAndUpdate(await buildFixtureWorkbook([...again, bad].map(fixtureCells)));
    expect(r2.body.code).toBe(200);
    expect(r2.body.data.batch).toMatchObject({ status: 'importing', total: 3, validCount: 2, invalidCount: 1 });
    expect(r2.body.data.rows).toHaveLength(1);
    expect(r2.body.data.rows[0]!.reason).toContain('身份证');
    await runDueJobsOnce(t.services);
    const p = await t.call<ImportBatchView>(`${BASE}/progress`, { token: admin, companyId: 1, body: { batchId: r2.body.data.batch.id } });
    expect(p.body.data).toMatchObject({ createdCount: 0, updatedCount: 2 });
    expect(await countEmployees(sql`employee_no = 'IMP007002'`)).toBe(0);
    const errors = await t.app.inject({ method: 'POST', url: `${BASE}/downloadErrorData`, headers: { authorization: `Bearer ${admin}`, companyid: '1', 'content-type': 'application/json' }, payload: { batchId: r2.body.data.batch.id } });
    expect(errors.headers['content-type']).toContain('spreadsheetml');
  });

  it("keeps a member limited to some departments to their departments' employees", async () => {
    const role = Number(rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from roles where company_id = 1 and name = 'HR专员'`))[0]!.id);
    const product = await departmentIdByName(t, '产品部');
    await t.database.db.execute(sql`insert into role_permissions (company_id, role_id, permission_key) values (1, ${role}, 'staffRoll'), (1, ${role}, 'staffRoll.edit') on conflict do nothing`);
    await t.database.db.execute(sql`insert into data_permissions (company_id, role_id, kind, all_targets, target_ids) values (1, ${role}, 'dept', false, ${JSON.stringify([product])}::jsonb)`);
    try {
      // rows 0 and 2 go to 技术中心/后端组 and 财务部, row 1 to 产品部
      const rows = [0, 1, 2].map((i) => fixtureRow(i, 7200));
      const r = await importAndUpdate(await buildFixtureWorkbook(rows.map(fixtureCells)), { token: staff });
      expect(r.body.code, r.body.message).toBe(200);
      expect(r.body.data.batch).toMatchObject({ validCount: 1, invalidCount: 2 });
      expect(r.body.data.rows.map((x) => x.reason)).toEqual([expect.stringContaining('数据权限'), expect.stringContaining('数据权限')]);
      await runDueJobsOnce(t.services);
      expect(await countEmployees(sql`employee_no in ('IMP007200', 'IMP007201', 'IMP007202')`)).toBe(1);
    } finally {
      await t.database.db.execute(sql`delete from data_permissions where company_id = 1 and role_id = ${role} and kind = 'dept'`);
      await t.database.db.execute(sql`delete from role_permissions where company_id = 1 and role_id = ${role} and permission_key in ('staffRoll', 'staffRoll.edit')`);
    }
  });

  it('all rows bad: nothing is imported and no job starts; a file missing a required column is refused whole', async () => {
    const bad = { ...fixtureRow(0, 7100), department: '不存在的部门' };
    const r = await importAndUpdate(await buildFixtureWorkbook([fixtureCells(bad)]));
    expect(r.body.data.batch).toMatchObject({ status: 'checked', validCount: 0, invalidCount: 1, jobId: null });
    const before = await snapshotCounts(t.database);
    const noNo = await importAndUpdate(await buildFixtureWorkbook([fixtureCells(fixtureRow(1, 7100)).slice(1)], FIXTURE_HEADERS.slice(1)));
    expect(noNo.body).toMatchObject({ code: 400 });
    expect(noNo.body.message).toContain('工号');
    const { files: _f, ...rest } = await snapshotCounts(t.database);
    const { files: _g, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
  });

  it('refuses a text file, another company and a member without staffRoll.edit', async () => {
    expect((await importAndUpdate(Buffer.from('not a workbook'))).body).toMatchObject({ code: 400 });
    expect((await importAndUpdate(await buildFixtureWorkbook([]), { token: staff })).status).toBe(403);
    expect((await importAndUpdate(await buildFixtureWorkbook([]), { token: staff, companyId: 2 })).status).toBe(403);
  });
});

describe('dynamicFormTemplate/detail', () => {
  it('shows a batch with its column matching; another company gets 404; no permission is 403', async () => {
    const up = await upload(await buildFixtureWorkbook([fixtureCells(fixtureRow(0, 7200))]));
    const id = up.body.data.id;
    const d = await t.call<ImportBatchView>(`${BASE}/detail`, { token: admin, companyId: 1, body: { batchId: id } });
    expect(d.body).toMatchObject({ code: 200, data: { id, total: 1, missingRequired: [] } });
    expect(d.body.data.columns.map((c) => c.fieldLabel)).toContain('姓名');
    expect((await t.call(`${BASE}/detail`, { token: admin, companyId: 2, body: { batchId: id } })).body).toMatchObject({ code: 404, message: '导入批次不存在' });
    expect((await t.call(`${BASE}/detail`, { token: admin, companyId: 1, body: { batchId: 'x' } })).body.code).toBe(400);
    expect((await t.call(`${BASE}/detail`, { token: staff, companyId: 2, body: { batchId: id } })).status).toBe(403);
  });
});

describe('access', () => {
  it("another company's batch is not found; a member without staffRoll.edit is refused; nothing changes", async () => {
    const up = await upload(await buildFixtureWorkbook([fixtureCells(fixtureRow(0, 5000))]));
    const id = up.body.data.id;
    const before = await snapshotCounts(t.database);
    for (const path of ['dataCheck', 'confirmImport', 'rematch', 'delete', 'update', 'progress', 'downloadErrorData']) {
      const body = path === 'rematch' ? { batchId: id, mapping: {} } : path === 'update' ? { batchId: id, rowNo: 2, data: {} } : { batchId: id };
      const r = await t.call(`${BASE}/${path}`, { token: admin, companyId: 2, body });
      expect(r.body, path).toMatchObject({ code: 404, message: '导入批次不存在' });
    }
    for (const path of ['dataCheck', 'confirmImport', 'rematch', 'delete', 'update']) {
      const r = await t.call(`${BASE}/${path}`, { token: staff, companyId: 1, body: { batchId: id } });
      expect(r.status, path).toBe(403);
    }
    const member2 = await t.call(`${BASE}/progress`, { token: staff, companyId: 2, body: { batchId: id } });
    expect(member2.status).toBe(403);
    expect((await upload(Buffer.alloc(0), { token: staff })).status).toBe(403);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('delete archives the batch', async () => {
    const up = await upload(await buildFixtureWorkbook([fixtureCells(fixtureRow(0, 6000))]));
    const d = await t.call(`${BASE}/delete`, { token: admin, companyId: 1, body: { batchId: up.body.data.id } });
    expect(d.body).toMatchObject({ code: 200, data: { id: up.body.data.id } });
    const p = await t.call(`${BASE}/progress`, { token: admin, companyId: 1, body: { batchId: up.body.data.id } });
    expect(p.body).toMatchObject({ code: 404, message: '导入批次不存在' });
    const stored = rowsOf<{ status: string }>(await t.database.db.execute(sql`select status from import_batches where company_id = 1 and id = ${up.body.data.id}`));
    expect(stored).toEqual([{ status: 'archived' }]);
  });
});

describe('the rows of an import at rest', () => {
  it('keeps cells encrypted, drops them once imported, and purges the rest with the source file after 7 days', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => fixtureCells(fixtureRow(i, 8800)));
    rows[2]![3] = '110105199001011235'; // a bad row stays, its cells with it
    const up = await upload(await buildFixtureWorkbook(rows));
    expect(up.body.code).toBe(200);
    const batchId = up.body.data.id;
    const raw = rowsOf<{ row_no: number; data: unknown; data_enc: string | null }>(await t.database.db.execute(sql`select row_no, data, data_enc from import_rows where company_id = 1 and batch_id = ${batchId} order by row_no`));
    expect(raw).toHaveLength(3);
    for (const [i, r] of raw.entries()) {
      expect(r.data).toBeNull();
      expect(r.data_enc).not.toContain(rows[i]![2]!);
      expect(JSON.parse(t.services.cipher.decrypt(r.data_enc!))).toEqual(rows[i]);
    }
    await check(batchId);
    const done = await confirmAndRun(batchId);
    expect(done).toMatchObject({ status: 'done', failedCount: 0 });
    expect(done.createdCount + done.updatedCount).toBe(2);
    const after = rowsOf<{ status: string; data_enc: string | null }>(await t.database.db.execute(sql`select status, data_enc from import_rows where company_id = 1 and batch_id = ${batchId} order by row_no`));
    expect(after.map((r) => [r.status, r.data_enc === null])).toEqual([
      ['imported', true],
      ['imported', true],
      ['invalid', false],
    ]);
    // the bad row's error file still holds its cells
    const errors = await t.app.inject({ method: 'POST', url: `${BASE}/downloadErrorData`, headers: { authorization: `Bearer ${admin}`, companyid: '1' }, payload: { batchId } });
    expect(errors.statusCode).toBe(200);

    // a week later the daily purge takes the rest and the source file
    await t.database.db.execute(sql`update import_batches set created_at = now() - interval '8 days' where company_id = 1 and id = ${batchId}`);
    const { purgeOldImports } = await import('./import-purge.service.ts');
    expect(await purgeOldImports(t.services, 1)).toEqual({ batches: 1 });
    const purged = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from import_rows where company_id = 1 and batch_id = ${batchId} and (data_enc is not null or data is not null)`));
    expect(purged[0]!.n).toBe(0);
    const file = rowsOf<{ archived: boolean }>(await t.database.db.execute(sql`select f.archived_at is not null as archived from files f join import_batches b on b.file_id = f.id and b.company_id = f.company_id where b.id = ${batchId}`));
    expect(file).toEqual([{ archived: true }]);
    expect(await purgeOldImports(t.services, 1)).toEqual({ batches: 0 });
  });
});
