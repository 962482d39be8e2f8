import { randomBytes } from 'node:crypto';
import {
  PAYROLL_API,
  RUN_STATUS,
  type BaseDataView,
  type DataBatchRowsPage,
  type DataBatchView,
  type DataGroupList,
  type DataPushResult,
  type DataTableView,
  type DataUploadResult,
  type GroupView,
  type RunDataSources,
  type RunInputsPage,
  type RunProgress,
  type RunPullResult,
  type RunResultsPage,
  type RunView,
} from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobsOnce } from '../../platform/jobs/index.ts';
import { createTestApp, expectUnchanged, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { createDepartment, insertEmployees } from './payroll-fixtures.queries.ts';
import { idNumberFor, standardGroup } from './payroll-fixtures.ts';
import { MSG_RUN_LOCKED } from './payroll-runs.service.ts';

/**
 * 共享数据: data tables and their checks, xlsx batches with bad rows, replace and void, the push API,
 * isolation between companies, permissions, linking tables to a group and pulling a month's data
 * into a run whose calculation then uses it.
 */

let t: TestApp;
let admin: string;
let staff: string;
const COMPANY = 1;
const MONTH = '2026-09';

const call = <T = unknown>(path: string, body?: unknown, opts: { token?: string; companyId?: number } = {}) =>
  t.call<T>(`${PAYROLL_API}${path}`, { token: opts.token ?? admin, companyId: opts.companyId ?? COMPANY, body });

async function ok<T>(path: string, body?: unknown): Promise<T> {
  const r = await call<T>(path, body);
  expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
  return r.body.data;
}

async function sheet(header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('数据');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(tableId: number, content: Buffer, opts: { month?: string; replace?: boolean; filename?: string; companyId?: number } = {}) {
  const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.filename ?? '九月考勤.xlsx'}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${PAYROLL_API}/data/import/batch/upload?tableId=${tableId}&month=${opts.month ?? MONTH}${opts.replace ? '&replace=true' : ''}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin}`, companyid: String(opts.companyId ?? COMPANY) },
    payload,
  });
  return res.json() as { code: number; message: string; data: DataUploadResult };
}

async function download(path: string, body: unknown): Promise<ExcelJS.Worksheet> {
  const res = await t.app.inject({ method: 'POST', url: `${PAYROLL_API}${path}`, headers: { authorization: `Bearer ${admin}`, companyid: String(COMPANY) }, payload: body as object });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)));

const NO = (i: number) => `D${String(i).padStart(3, '0')}`;
let employeeIds: number[];
let departmentId: number;
let groupId: number;
let importTable: DataTableView;
let iotTable: DataTableView;
let batchId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  departmentId = await createDepartment(t.database.db, COMPANY, '共享数据部');
  employeeIds = await insertEmployees(
    t.services,
    t.database.db,
    COMPANY,
    Array.from({ length: 5 }, (_, i) => ({ name: `取数员工${i + 1}`, employeeNo: NO(i + 1), salary: '10000', idNumber: idNumberFor(7000 + i), bankAccount: `62220202000${7000 + i}`, departmentId })),
  );
  const g = await ok<GroupView>('/group/save', standardGroup('共享数据组', { departmentIds: [departmentId] }));
  groupId = g.id;
}, 60_000);
afterAll(async () => t?.close());

describe('demo seed', () => {
  it('has 考勤表 and 考勤机 with this month’s batches, linked to the demo group', async () => {
    const imports = await ok<DataTableView[]>('/data/import/table/list', {});
    expect(imports.find((x) => x.name === '考勤表')).toMatchObject({ kind: 1, batchCount: 1 });
    const iot = await ok<DataTableView[]>('/data/iot/table/list', {});
    expect(iot.find((x) => x.name === '考勤机')).toMatchObject({ kind: 2, source: '考勤机', batchCount: 1 });
    const groups = await ok<DataGroupList>('/data/group/list');
    const demo = groups.groups.find((g) => g.groupName === '月薪制员工')!;
    expect(demo.tables.map((x) => x.name)).toEqual(['考勤表', '考勤机']);
    expect(demo.tables[1]!.unmatched).toEqual([{ column: '加班时长', item: '加班时长' }]);
  });
});

describe('data tables', () => {
  it('creates an import table and a pushed table', async () => {
    importTable = await ok<DataTableView>('/data/import/table/save', {
      name: '九月考勤',
      category: '考勤',
      matchKey: 'employeeNo',
      columns: [
        { column: '出勤天数', item: '实际出勤天数' },
        { column: '绩效', item: '绩效奖金' },
        { column: '餐补', item: '餐费补贴' },
      ],
    });
    expect(importTable).toMatchObject({ kind: 1, batchCount: 0, source: '' });
    iotTable = await ok<DataTableView>('/data/iot/table/save', { name: '门禁补贴', category: '补贴', matchKey: 'idNumber', source: '门禁系统', columns: [{ column: '补贴', item: '岗位津贴' }] });
    expect(iotTable.kind).toBe(2);
    // A table of one kind is not found under another.
    expect((await call('/data/app/table/detail', { id: iotTable.id })).body.code).toBe(404);
  });

  it('refuses duplicate headers or items, the key as a column, an empty item, an unknown category, a taken name and a pushed table without source', async () => {
    const base = { name: '坏表', category: '考勤', matchKey: 'employeeNo' };
    const cases: [string, unknown, string | RegExp][] = [
      ['/data/import/table/save', { ...base, columns: [{ column: '出勤天数', item: '实际出勤天数' }, { column: '出勤天数', item: '绩效奖金' }] }, '数据列：表头名称「出勤天数」重复'],
      ['/data/import/table/save', { ...base, columns: [{ column: 'A', item: '绩效奖金' }, { column: 'B', item: '绩效奖金' }] }, '数据列：工资项「绩效奖金」对应了多列，一个工资项只能对应一列'],
      ['/data/import/table/save', { ...base, columns: [{ column: '工号', item: '绩效奖金' }] }, '数据列：「工号」用于匹配员工，不能作为数据列'],
      ['/data/import/table/save', { ...base, columns: [{ column: 'A', item: ' ' }] }, /请填写工资项名称/],
      ['/data/import/table/save', { ...base, category: '奖金池', columns: [{ column: 'A', item: '绩效奖金' }] }, /数据类别/],
      ['/data/import/table/save', { ...base, name: '九月考勤', columns: [{ column: 'A', item: '绩效奖金' }] }, '数据表名称「九月考勤」已存在'],
      ['/data/iot/table/save', { ...base, columns: [{ column: 'A', item: '绩效奖金' }] }, '数据来源：请填写推送数据的来源系统（如考勤机、OA系统）'],
    ];
    for (const [path, body, message] of cases) await expectUnchanged(t.database, () => call(path, body), 400, message);
  });

  it('gives a template with the key and name first', async () => {
    const ws = await download('/data/import/table/template', { id: importTable.id });
    expect(rowValues(ws, 1)).toEqual(['工号', '姓名', '出勤天数', '绩效', '餐补']);
  });
});

describe('batches from xlsx', () => {
  it('stores bad rows with their errors: a non-number, an unknown employee, a name that differs', async () => {
    const r = await upload(
      importTable.id,
      await sheet(
        ['工号', '姓名', '出勤天数', '绩效', '餐补', '备注'],
        [
          [NO(1), '取数员工1', 21, 1500, 300, ''],
          [NO(2), '取数员工2', '十', 1000, 0, ''],
          ['X999', '查无此人', 20, 0, 0, ''],
          [NO(3), '张三', 20, 800, 0, ''],
          [NO(4), '取数员工4', 19.5, '1,200', '', ''],
        ],
      ),
    );
    expect(r.code, r.message).toBe(200);
    expect(r.data).toMatchObject({ rowCount: 5, matchedCount: 4, errorCount: 3, ignoredColumns: ['备注'] });
    batchId = r.data.batchId;
    const errors = await ok<DataBatchRowsPage>('/data/import/batch/rows', { batchId, filter: 'error' });
    expect(errors.list.map((x) => [x.rowNo, x.error])).toEqual([
      [3, '「出勤天数」不是数字：十'],
      [4, `工号X999不是${MONTH}在职的员工`],
      [5, '姓名与员工档案不一致（档案姓名：取数员工3）'],
    ]);
    const unmatched = await ok<DataBatchRowsPage>('/data/import/batch/rows', { batchId, filter: 'unmatched' });
    expect(unmatched.list.map((x) => x.key)).toEqual(['X999']);
    const all = await ok<DataBatchRowsPage>('/data/import/batch/rows', { batchId, filter: 'all' });
    expect(all.columns).toEqual(['出勤天数', '绩效', '餐补']);
    expect(all.list.find((x) => x.key === NO(4))!.values).toEqual({ 出勤天数: '19.50', 绩效: '1200.00' });
    expect(all.batch).toMatchObject({ origin: '九月考勤.xlsx', status: 1, statusLabel: '有效', month: MONTH });
  });

  it('downloads the error rows with the reason', async () => {
    const ws = await download('/data/import/batch/errors', { id: batchId });
    expect(rowValues(ws, 1)).toEqual(['行号', '工号', '姓名', '出勤天数', '绩效', '餐补', '错误原因']);
    expect(ws.rowCount).toBe(4);
    expect(rowValues(ws, 2)).toEqual(['3', NO(2), '取数员工2', '十', '1000', '0', '「出勤天数」不是数字：十']);
  });

  it('refuses an empty file, a text file named .xlsx and a sheet without the table’s columns', async () => {
    await expectUnchanged(t.database, async () => ({ body: await upload(importTable.id, Buffer.alloc(0)) }), 400, '文件为空，请选择有数据的 .xlsx 文件');
    await expectUnchanged(t.database, async () => ({ body: await upload(importTable.id, Buffer.from('工号,出勤天数\nD001,21\n')) }), 400, '文件内容不是有效的 .xlsx 表格');
    await expectUnchanged(t.database, async () => ({ body: await upload(importTable.id, await sheet(['工号', '出勤天数'], [[NO(1), 21]]), { month: '2026-08' }) }), 400, '表头缺少本数据表的列：绩效、餐补（请使用数据表的导入模板）');
    await expectUnchanged(t.database, async () => ({ body: await upload(importTable.id, await sheet(['姓名', '出勤天数', '绩效', '餐补'], [['取数员工1', 21, 0, 0]]), { month: '2026-08' }) }), 400, '表头须包含「工号」列，用于匹配员工');
  });

  it('refuses a second batch of the month unless replacing, which voids the first; a batch can be voided once', async () => {
    const content = await sheet(['工号', '姓名', '出勤天数', '绩效', '餐补'], [[NO(1), '取数员工1', 21, 1500, 300], [NO(2), '取数员工2', 20, 1000, 0], [NO(3), '取数员工3', 18, 900, 0], [NO(4), '取数员工4', 19.5, 1200, 0]]);
    await expectUnchanged(t.database, async () => ({ body: await upload(importTable.id, content) }), 400, `数据表「九月考勤」${MONTH}已有有效数据（九月考勤.xlsx），如需替换请选择替换本月数据`);
    const replaced = await upload(importTable.id, content, { replace: true, filename: '九月考勤-修正.xlsx' });
    expect(replaced.code, replaced.message).toBe(200);
    expect(replaced.data).toMatchObject({ rowCount: 4, matchedCount: 4, errorCount: 0 });
    const page = await ok<DataBatchView[]>('/data/import/batch/page', { tableId: importTable.id });
    expect(page.map((b) => [b.id, b.status])).toEqual([
      [replaced.data.batchId, 1],
      [batchId, 2],
    ]);
    await ok('/data/import/batch/void', { id: replaced.data.batchId });
    await expectUnchanged(t.database, () => call('/data/import/batch/void', { id: replaced.data.batchId }), 400, '该批次已作废');
    const again = await upload(importTable.id, content, { filename: '九月考勤-终版.xlsx' });
    expect(again.code, again.message).toBe(200);
    batchId = again.data.batchId;
    expect((await ok<DataTableView>('/data/import/table/detail', { id: importTable.id })).batchCount).toBe(1);
  });
});

describe('the push API', () => {
  it('stores a bad row with its error and answers the counts', async () => {
    const r = await ok<DataPushResult>('/data/push', {
      tableId: iotTable.id,
      month: MONTH,
      rows: [
        { key: idNumberFor(7003), values: { 补贴: 800 } },
        { key: idNumberFor(7004), name: '取数员工5', values: { 补贴: 'abc' } },
        { key: idNumberFor(7000), values: { 补贴: '300', 夜班: 2 } },
      ],
    });
    expect(r).toMatchObject({ rowCount: 3, matchedCount: 3, errorCount: 2 });
    const rows = await ok<DataBatchRowsPage>('/data/iot/batch/rows', { batchId: r.batchId });
    expect(rows.list.map((x) => [x.key, x.error])).toEqual([
      ['110101********' + idNumberFor(7003).slice(-4), null],
      ['110101********' + idNumberFor(7004).slice(-4), '「补贴」不是数字：abc'],
      ['110101********' + idNumberFor(7000).slice(-4), '「夜班」不是本数据表的列'],
    ]);
    expect(rows.batch.origin).toBe('门禁系统');
  });

  it('refuses more than 5,000 rows, an import table and a second batch of the month', async () => {
    const many = Array.from({ length: 5001 }, () => ({ key: 'D001', values: { 补贴: 1 } }));
    await expectUnchanged(t.database, () => call('/data/push', { tableId: iotTable.id, month: '2026-10', rows: many }), 400, '数据行：一次最多推送5000行（本次5001行），请分批推送');
    await expectUnchanged(t.database, () => call('/data/push', { tableId: importTable.id, month: '2026-10', rows: [{ key: 'D001', values: {} }] }), 400, /是导入数据表，请上传文件导入/);
    await expectUnchanged(t.database, () => call('/data/push', { tableId: iotTable.id, month: MONTH, rows: [{ key: 'D001', values: {} }] }), 400, /已有有效数据/);
  });

  it('is allowed to an account granted only the push permission, which cannot read the tables', async () => {
    await t.database.db.execute(sql`insert into role_permissions (company_id, role_id, permission_key) select company_id, id, 'importTableData.push' from roles where company_id = 1 and name = 'HR专员'`);
    const pushed = await call<DataPushResult>('/data/push', { tableId: iotTable.id, month: '2026-07', rows: [{ key: idNumberFor(7001), values: { 补贴: 100 } }] }, { token: staff });
    expect(pushed.body.code, pushed.body.message).toBe(200);
    for (const [path, body] of [
      ['/data/iot/table/list', {}],
      ['/data/import/table/save', { name: '越权表', columns: [{ column: 'A', item: 'B' }] }],
      ['/data/group/save', { groupId, tableIds: [] }],
      ['/run/pullData', { runId: 1 }],
      ['/data/base/page', {}],
    ] as const) {
      const r = await call(path, body, { token: staff });
      expect([path, r.status]).toEqual([path, 403]);
    }
  });
});

describe('another company', () => {
  it('finds none of these ids', async () => {
    const before = await snapshotCounts(t.database);
    for (const [path, body] of [
      ['/data/import/table/detail', { id: importTable.id }],
      ['/data/import/table/save', { id: importTable.id, name: '越权', columns: [{ column: 'A', item: 'B' }] }],
      ['/data/import/batch/rows', { batchId }],
      ['/data/import/batch/void', { id: batchId }],
      ['/data/push', { tableId: iotTable.id, month: MONTH, replace: true, rows: [{ key: 'D001', values: {} }] }],
      ['/data/group/save', { groupId, tableIds: [] }],
    ] as const) {
      const r = await call(path, body, { companyId: 2 });
      expect([path, r.body.code]).toEqual([path, 404]);
    }
    expect((await upload(importTable.id, await sheet(['工号', '出勤天数', '绩效', '餐补'], [[NO(1), 1, 1, 1]]), { companyId: 2, month: '2026-01' })).code).toBe(404);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});

describe('a run takes its data from the linked tables', () => {
  let runId: number;

  it('links the tables to the group and shows columns that feed no input item', async () => {
    await expectUnchanged(t.database, () => call('/data/group/save', { groupId, tableIds: [importTable.id, 999999] }), 404, /数据表/);
    const list = await ok<DataGroupList>('/data/group/save', { groupId, tableIds: [importTable.id, iotTable.id] });
    const g = list.groups.find((x) => x.groupId === groupId)!;
    expect(g.tables.map((x) => x.name)).toEqual(['九月考勤', '门禁补贴']);
    expect(g.tables[0]!.unmatched).toEqual([{ column: '餐补', item: '餐费补贴' }]);
    expect(g.tables[0]!.matched.map((c) => c.item)).toEqual(['实际出勤天数', '绩效奖金']);
  });

  it('pulls the month’s batches into the run, recording each value’s source', async () => {
    runId = (await ok<RunView>('/run/create', { groupId, month: MONTH })).id;
    const sources = await ok<RunDataSources>('/run/dataSources', { runId });
    expect(sources.tables.map((x) => [x.tableName, x.batch?.id ?? null])).toEqual([
      ['九月考勤', batchId],
      ['门禁补贴', expect.any(Number)],
    ]);
    const r = await ok<RunPullResult>('/run/pullData', { runId });
    expect(r.tables).toEqual([
      { tableId: importTable.id, tableName: '九月考勤', batchId, applied: 4, notMembers: 0, errors: 0 },
      { tableId: iotTable.id, tableName: '门禁补贴', batchId: expect.any(Number), applied: 1, notMembers: 0, errors: 2 },
    ]);
    expect(r.employees).toBe(4);
    const page = await ok<RunInputsPage>('/run/inputs', { runId, keyword: NO(4) });
    expect(page.items).toEqual(['基本工资', '岗位津贴', '绩效奖金', '实际出勤天数']);
    expect(page.list[0]).toMatchObject({
      values: { 实际出勤天数: '19.50', 绩效奖金: '1200.00', 岗位津贴: '800.00' },
      sources: { 实际出勤天数: { kind: 'table', tableName: '九月考勤', batchId }, 岗位津贴: { kind: 'table', tableName: '门禁补贴' } },
    });
  });

  it('keeps run/import and run/input/save working, their values shown as imported or typed', async () => {
    await ok('/run/input/save', { runId, employeeId: employeeIds[0], values: { 绩效奖金: '2000' } });
    const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
    const content = await sheet(['工号', '岗位津贴'], [[NO(4), 900]]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${PAYROLL_API}/run/import?runId=${runId}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin}`, companyid: String(COMPANY) },
      payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\n`), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(res.json().code).toBe(200);
    const page = await ok<RunInputsPage>('/run/inputs', { runId, pageSize: 10 });
    const first = page.list.find((x) => x.employeeNo === NO(1))!;
    expect(first.sources.绩效奖金).toEqual({ kind: 'manual' });
    expect(first.sources.实际出勤天数).toMatchObject({ kind: 'table' });
    const fourth = page.list.find((x) => x.employeeNo === NO(4))!;
    expect(fourth.values.岗位津贴).toBe('900');
    expect(fourth.sources.岗位津贴).toBeUndefined();
  });

  it('calculates with the pulled values, then refuses a pull once locked', async () => {
    expect((await ok<RunProgress>('/run/calculate', { runId })).status).toBe(RUN_STATUS.calculating);
    while ((await runDueJobsOnce(t.services)) > 0) {
      /* run until the queue is empty */
    }
    const results = await ok<RunResultsPage>('/run/results', { runId, pageSize: 10 });
    const third = results.list.find((x) => x.employeeNo === NO(3))!;
    expect(third.values.实际出勤天数).toBe('18.0');
    expect(third.values.绩效奖金).toBe('900.00');
    expect(results.list.find((x) => x.employeeNo === NO(1))!.values.绩效奖金).toBe('2000.00');
    await ok('/run/lock', { runId });
    await expectUnchanged(t.database, () => call('/run/pullData', { runId }), 400, MSG_RUN_LOCKED);
  });
});

describe('base data', () => {
  it('lists employees with masked bank accounts, tax flags and their groups of the month', async () => {
    await ok('/tax-profile/save', { employeeId: employeeIds[1], year: 2026, firstJobOfYear: true, deductions: { childEducation: '2000', housingRent: '1500' } });
    const r = await call<BaseDataView[]>('/data/base/page', { departmentId, month: MONTH, pageSize: 10 });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.pageMessage).toMatchObject({ total: 5 });
    const second = r.body.data.find((x) => x.employeeNo === NO(2))!;
    expect(second).toMatchObject({ salary: '10000.00', firstJobOfYear: true, deductionTotal: '3500.00', groups: expect.arrayContaining(['共享数据组']), bankAccountMasked: '6222****7001' });
    const one = await call<BaseDataView[]>('/data/base/page', { keyword: NO(5), pageSize: 10 });
    expect(one.body.data.map((x) => x.name)).toEqual(['取数员工5']);
  });
});
