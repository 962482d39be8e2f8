import { randomBytes } from 'node:crypto';
import { OPENING_COLUMNS, PAYROLL_API, type OpeningImportResult, type OpeningView, type RunExplainView, type RunProgress, type RunResultsPage, type RunView } from '@wfsaas/contracts';
import { addMoney, withholdSalaryTax } from '@wfsaas/payroll';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobsOnce } from '../../platform/jobs/index.ts';
import { readExportedSheet, runAllJobs } from '../../test/exports.ts';
import { createTestApp, expectUnchanged, type TestApp } from '../../test/harness.ts';
import { createDepartment, insertEmployees } from './payroll-fixtures.queries.ts';
import { idNumberFor, standardGroup } from './payroll-fixtures.ts';

/**
 * 期初累计数据: the template, an import with good and bad rows, the calculation of the next month
 * continuing from the imported figures (and its explanation), a locked month the opening would
 * cover, replacing and removing, another company, permissions and bad files.
 */

let t: TestApp;
let admin: string;
let staff: string;
const COMPANY = 1;
const YEAR = 2026;
const NO = (i: number) => `Q${String(i).padStart(3, '0')}`;
let employeeIds: number[];
let groupId: number;

const call = <T = unknown>(path: string, body?: unknown, opts: { token?: string; companyId?: number } = {}) =>
  t.call<T>(`${PAYROLL_API}${path}`, { token: opts.token ?? admin, companyId: opts.companyId ?? COMPANY, body });
async function ok<T>(path: string, body?: unknown): Promise<T> {
  const r = await call<T>(path, body);
  expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
  return r.body.data;
}

async function sheet(rows: (string | number)[][], header: string[] = OPENING_COLUMNS.map((c) => c.header)): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('期初累计数据');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(content: Buffer, opts: { year?: number | string; filename?: string; token?: string; companyId?: number } = {}) {
  const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
  return t.app
    .inject({
      method: 'POST',
      url: `${PAYROLL_API}/opening/import?year=${opts.year ?? YEAR}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${opts.token ?? admin}`, companyid: String(opts.companyId ?? COMPANY) },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.filename ?? '原系统累计.xlsx'}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    })
    .then((res) => ({ body: res.json() as { code: number; message: string; data: OpeningImportResult } }));
}

/** A row of the template: 工号, 姓名, 证件号码, 截至月份, then the amounts by header (0 where not given). */
function row(no: string, name: string, through: number | string, amounts: Record<string, string | number>, idNumber = ''): (string | number)[] {
  return [no, name, idNumber, through, ...OPENING_COLUMNS.slice(4).map((c) => amounts[c.header] ?? '')];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  const departmentId = await createDepartment(t.database.db, COMPANY, '期初数据部');
  employeeIds = await insertEmployees(
    t.services,
    t.database.db,
    COMPANY,
    Array.from({ length: 4 }, (_, i) => ({ name: `期初员工${i + 1}`, employeeNo: NO(i + 1), salary: '30000', idNumber: idNumberFor(8100 + i), bankAccount: `62220202000${8100 + i}`, departmentId, hireDate: '2025-06-01' })),
  );
  groupId = (await ok<{ id: number }>('/group/save', standardGroup('期初数据组', { departmentIds: [departmentId] }))).id;
}, 60_000);
afterAll(async () => t?.close());

describe('template', () => {
  it('answers an xlsx whose header is the import columns, with the filling notes', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${PAYROLL_API}/opening/template`, headers: { authorization: `Bearer ${admin}`, companyid: String(COMPANY) }, payload: { year: YEAR } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('期初累计数据导入模板_2026.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(OPENING_COLUMNS.map((c) => c.header));
    expect(wb.worksheets[1]!.name).toBe('填写说明');
  });
});

describe('import', () => {
  it('imports the good rows and explains each bad one; the list shows what was imported', async () => {
    const content = await sheet([
      row(NO(1), '期初员工1', 9, { 累计收入额: '270,000.00', 累计减除费用: 45000, 累计专项扣除: 40500, 累计子女教育: 18000, 累计个人养老金: 1000, 累计已预缴税额: '12000.00' }),
      row('', '期初员工2', '8月', { 累计收入额: 240000, 累计减除费用: 40000, 累计已预缴税额: 25000 }, idNumberFor(8101)),
      row('Q999', '查无此人', 9, {}),
      row(NO(3), '张冠李戴', 9, {}),
      row(NO(4), '期初员工4', 12, { 累计减除费用: 12345, 累计收入额: 'abc' }),
      row(NO(1), '期初员工1', 9, {}),
      row(NO(4), '期初员工4', 3, { 累计收入额: 100, 累计已预缴税额: 200 }),
      row('', '期初员工4', 3, {}),
    ]);
    const r = await upload(content);
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data.rowCount).toBe(8);
    expect(r.body.data.imported).toBe(2);
    expect(r.body.data.errors.map((e) => [e.rowNo, e.reason])).toEqual([
      [4, '工号Q999不是2026年在职的员工'],
      [5, '姓名与员工档案不一致（档案姓名：期初员工3）'],
      [6, '截至月份须为1到11的整数（收到：12）；累计收入额须为不小于0的金额（最多两位小数），收到：abc'],
      [7, '与第2行是同一员工'],
      [8, '与第6行是同一员工；累计已预缴税额（200.00）大于累计收入额（100.00）'],
      [9, '工号和证件号码都为空，无法匹配员工'],
    ]);
    const page = await t.call<OpeningView[]>(`${PAYROLL_API}/opening/page`, { token: admin, companyId: COMPANY, body: { year: YEAR } });
    expect(page.body.pageMessage).toMatchObject({ total: 2 });
    expect(page.body.data.map((x) => [x.employeeNo, x.throughMonth, x.income, x.taxWithheld, x.deductions, x.origin])).toEqual([
      [NO(1), 9, '270000.00', '12000.00', { childEducation: '18000.00', personalPension: '1000.00' }, '原系统累计.xlsx'],
      [NO(2), 8, '240000.00', '25000.00', {}, '原系统累计.xlsx'],
    ]);
  });

  it('refuses a basic deduction that is not 5,000 per month, unless it is the 60,000 of the 2020 No.19 rule', async () => {
    const r = await upload(await sheet([row(NO(3), '期初员工3', 6, { 累计减除费用: 35000 }), row(NO(4), '期初员工4', 6, { 累计减除费用: 60000 })]));
    expect(r.body.data.errors.map((e) => e.reason)).toEqual(['累计减除费用须为5000×任职月份数（截至6月最多30000），上年收入不超过6万元的员工为60000，收到：35000.00']);
    expect(r.body.data.imported).toBe(1);
    await ok('/opening/remove', { year: YEAR, employeeIds: [employeeIds[3]] });
  });

  it('refuses a file without the matching columns, an empty or fake file, and a year out of range, changing nothing', async () => {
    for (const [content, opts, message] of [
      [await sheet([[NO(1), 9]], ['工号', '截至月份']), {}, '表头缺少：姓名（请使用期初累计数据导入模板）'],
      [await sheet([['期初员工1', 9]], ['姓名', '截至月份']), {}, '表头须包含「工号」或「证件号码」列，用于匹配员工'],
      [Buffer.alloc(0), {}, '文件为空，请选择有数据的 .xlsx 文件'],
      [Buffer.from('工号,姓名\nQ001,期初员工1\n'), {}, '文件内容不是有效的 .xlsx 表格'],
      [await sheet([]), { year: 1999 }, /年度/],
    ] as [Buffer, { year?: number }, string | RegExp][]) {
      await expectUnchanged(t.database, () => upload(content, opts), 400, message);
    }
  });
});

describe('the months after the opening', () => {
  let runId: number;
  it('continue the cumulative withholding from it: October after nine months elsewhere', async () => {
    const run = await ok<RunView>('/run/create', { groupId, month: '2026-10' });
    runId = run.id;
    for (const id of employeeIds) await ok('/run/input/save', { runId, employeeId: id, values: { 实际出勤天数: String(run.workingDays) } });
    await ok<RunProgress>('/run/calculate', { runId });
    while ((await runDueJobsOnce(t.services)) > 0) {
      /* the calculation job */
    }
    const results = await ok<RunResultsPage>('/run/results', { runId, pageSize: 10 });
    const first = results.list.find((x) => x.employeeNo === NO(1))!;
    const third = results.list.find((x) => x.employeeNo === NO(3))!;
    expect(first.error).toBeNull();
    // The engine on the same month with the imported figures: 累计 from January, the previous system's tax withheld.
    const opening = { throughMonth: 9, income: '270000.00', basicDeduction: '45000.00', specialDeduction: '40500.00', additionalDeduction: '18000.00', otherDeduction: '1000.00', taxWithheld: '12000.00' };
    // This month: the wages, the employee's social insurance and housing fund, no deductions of a tax profile.
    const month = { month: 10, income: first.gross, specialDeduction: addMoney(first.siEmployee, first.hfEmployee) };
    const expected = withholdSalaryTax([month], { opening })[0]!;
    expect(first.tax).toBe(expected.tax);
    expect(Number(first.tax)).toBeGreaterThan(Number(third.tax));
    const explain = await ok<RunExplainView>('/run/explain', { runId, employeeId: employeeIds[0] });
    expect(explain.taxLines).toContainEqual({ label: '期初累计数据（截至9月，来自原薪资系统）', value: '累计收入 270000.00，累计已预缴税额 12000.00' });
    expect(explain.taxLines).toContainEqual({ label: '累计减除费用', value: '50000.00' });
    expect(explain.taxLines).toContainEqual({ label: '累计已预扣预缴税额', value: '12000.00' });
    expect(explain.withholding.map((w) => [w.month, w.tax])).toEqual([[10, expected.tax]]);
  });

  it('the month’s declaration file carries the opening’s deductions in its 累计 columns', async () => {
    await ok('/run/lock', { runId });
    const queued = await ok<{ id: number }>('/declaration/export', { month: '2026-10' });
    await runAllJobs(t);
    const ws = await readExportedSheet(t, { token: admin, companyId: COMPANY, id: queued.id });
    const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    const line = Array.from({ length: ws.rowCount - 1 }, (_, i) => (ws.getRow(i + 2).values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))).find((r) => r[0] === NO(1))!;
    const at = (h: string) => line[header.indexOf(h)];
    expect([at('本期收入'), at('累计子女教育'), at('累计个人养老金'), at('累计赡养老人')]).toEqual(['30000.00', '18000.00', '1000.00', '0.00']);
  });

  it('a month locked here cannot be covered by an opening imported later', async () => {
    const r = await upload(await sheet([row(NO(3), '期初员工3', 10, { 累计收入额: 1 }), row(NO(4), '期初员工4', 9, { 累计收入额: 1 })]));
    expect(r.body.data.imported).toBe(1);
    expect(r.body.data.errors).toEqual([{ rowNo: 2, name: '期初员工3', key: NO(3), reason: '2026-10的薪资已在本系统锁定，截至月份须早于10月' }]);
  });
});

describe('replace, remove, isolation and permissions', () => {
  it('a second import replaces the employee’s figures; remove takes them away', async () => {
    await upload(await sheet([row(NO(2), '期初员工2', 7, { 累计收入额: 1000, 累计减除费用: 35000 })]));
    const page = await ok<OpeningView[]>('/opening/page', { year: YEAR, keyword: NO(2) });
    expect(page.map((x) => [x.throughMonth, x.income])).toEqual([[7, '1000.00']]);
    expect(await ok('/opening/remove', { year: YEAR, employeeIds: [employeeIds[1]] })).toEqual({ removed: 1 });
    expect(await ok<OpeningView[]>('/opening/page', { year: YEAR, keyword: NO(2) })).toEqual([]);
    await expectUnchanged(t.database, () => call('/opening/remove', { year: YEAR, employeeIds: [employeeIds[1]] }), 400, '所选员工没有该年度的期初累计数据');
  });

  it('another company sees none of it and cannot match these employees; a member without the permission is refused', async () => {
    expect(await t.call(`${PAYROLL_API}/opening/page`, { token: admin, companyId: 2, body: { year: YEAR } }).then((r) => r.body.data)).toEqual([]);
    const other = await upload(await sheet([row(NO(1), '期初员工1', 9, {})]), { companyId: 2 });
    expect(other.body.data).toMatchObject({ imported: 0, errors: [{ reason: `工号${NO(1)}不是2026年在职的员工` }] });
    await expectUnchanged(t.database, () => call('/opening/remove', { year: YEAR, employeeIds: [employeeIds[0]] }, { companyId: 2 }), 400, '所选员工没有该年度的期初累计数据');
    await expectUnchanged(t.database, () => upload(Buffer.alloc(10), { token: staff }), 403, /拒绝访问|权限/);
  });
});
