import { SI_API, SI_PATHS as P, type ReconcileView, type RecordRowView, type RecordSummaryView } from '@wfsaas/contracts';
import { calculateSocialInsurance, findPolicy, POLICIES_2025 } from '@wfsaas/payroll';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExportedSheet, runAllJobs } from '../../test/exports.ts';
import { createTestApp, expectRefused, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { signInAsRole } from '../../test/factories.ts';
import { createDepartment, insertEmployees } from '../payroll/payroll-fixtures.queries.ts';
import { idNumberFor } from '../payroll/payroll-fixtures.ts';
import { multipartFile } from '../../test/uploads.ts';
import { insertEntity, insertInsured } from './records-fixtures.queries.ts';

/**
 * 缴费记录: a month generated from everyone's insurance covering it (the entity city's policy of the
 * month, the entity's rates, each person's bases), its page, summary and export, and the
 * reconciliation with an official bill that differs for one person.
 */

let t: TestApp;
let admin: string;
const COMPANY = 1;
const MONTH = '2026-09';
let hz: number;
let sh: number;
const id: Record<string, number> = {};
const ID_NUMBERS: Record<string, string> = {};

const call = <T = unknown>(path: string, body: unknown, o: { token?: string; companyId?: number } = {}) =>
  t.call<T>(`${SI_API}${path}`, { token: o.token ?? admin, companyId: o.companyId ?? COMPANY, body });
async function ok<T>(path: string, body: unknown): Promise<T> {
  const r = await call<T>(path, body);
  expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
  return r.body.data;
}

async function workbook(rows: (string | number)[][], sheetName = '缴费明细'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(query: string, content: Buffer, token = admin) {
  const m = multipartFile('账单.xlsx', content);
  const res = await t.app.inject({
    method: 'POST',
    url: `${SI_API}${P.recordReconcile}?${query}`,
    headers: { 'content-type': m.contentType, authorization: `Bearer ${token}`, companyid: String(COMPANY) },
    payload: m.payload,
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: ReconcileView } };
}

const HANGZHOU = findPolicy(POLICIES_2025, '杭州', `${MONTH}-01`);
const hzOptions = (hfBase: string) => ({ bases: { housingFund: hfBase }, rates: { housingFund: { employer: '0.12', employee: '0.12' }, injury: { employer: '0.004' } } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  const departmentId = await createDepartment(t.database.db, COMPANY, '缴费记录部');
  const names = ['记录甲', '记录乙', '记录丙', '记录丁', '记录戊', '记录己'];
  names.forEach((n, i) => (ID_NUMBERS[n] = idNumberFor(7300 + i)));
  const ids = await insertEmployees(t.services, t.database.db, COMPANY, names.map((name, i) => ({ name, employeeNo: `REC${i + 1}`, salary: '10000', idNumber: ID_NUMBERS[name], departmentId })));
  names.forEach((n, i) => (id[n] = ids[i]!));
  hz = await insertEntity(t.database.db, COMPANY, { name: '记录测试杭州账户', city: '杭州', injuryRate: '0.004', hfRate: '0.12' });
  sh = await insertEntity(t.database.db, COMPANY, { name: '记录测试上海账户', city: '上海', hfRate: '0.07' });
  await insertInsured(t.database.db, COMPANY, [
    { employeeId: id['记录甲']!, entityId: hz, siBase: '10000', hfBase: '10000', hfRate: '0.12', startMonth: '2026-01' },
    // above the ceiling: the social-insurance base is lowered to it, the housing fund's is within its own
    { employeeId: id['记录乙']!, entityId: hz, siBase: '30000', hfBase: '30000', hfRate: '0.12', startMonth: '2026-01', status: 3 },
    // stopped after August: August yes, September no
    { employeeId: id['记录丙']!, entityId: hz, siBase: '10000', hfBase: '10000', hfRate: '0.12', startMonth: '2026-01', endMonth: '2026-08', status: 4 },
    // joining is not insured yet
    { employeeId: id['记录丁']!, entityId: hz, siBase: '10000', hfBase: '10000', hfRate: '0.12', startMonth: '2026-09', status: 1 },
    { employeeId: id['记录戊']!, entityId: sh, siBase: '20000', hfBase: '20000', hfRate: '0.07', startMonth: '2026-05' },
    // from October only
    { employeeId: id['记录己']!, entityId: sh, siBase: '20000', hfBase: '20000', hfRate: '0.07', startMonth: '2026-10' },
  ]);
}, 60_000);
afterAll(async () => t?.close());

describe('generating a month', () => {
  it("stores one entity's month: everyone insured in it, per item from the city's policy and the entity's rates", async () => {
    const summary = await ok<RecordSummaryView>(P.recordGenerate, { month: MONTH, entityId: hz });
    expect(summary.generatedAt).not.toBeNull();
    expect(summary.entities.find((e) => e.entityId === hz)).toMatchObject({ headcount: 2, reconciled: null, differences: null });
    expect(summary.entities.find((e) => e.entityId === sh)).toMatchObject({ headcount: 0, employer: '0.00' });

    const page = await ok<RecordRowView[]>(P.recordPage, { month: MONTH, entityId: hz, pageSize: 50 });
    expect(page.map((r) => r.name)).toEqual(['记录甲', '记录乙']);
    const jia = page[0]!;
    // 10,000 in Hangzhou: pension 16 % / 8 %, medical 9.5 % / 2 %, unemployment 0.5 % / 0.5 %, injury at the entity's 0.4 %, housing fund 12 % / 12 %.
    expect(jia.items.map((i) => [i.key, i.employer, i.employee])).toEqual([
      ['pension', '1600.00', '800.00'],
      ['medical', '950.00', '200.00'],
      ['unemployment', '50.00', '50.00'],
      ['injury', '40.00', '0.00'],
      ['housingFund', '1200.00', '1200.00'],
    ]);
    expect(jia).toMatchObject({ entityName: '记录测试杭州账户', employer: '3840.00', employee: '2250.00', total: '6090.00', month: MONTH });
    const yi = calculateSocialInsurance(HANGZHOU, '30000', hzOptions('30000'));
    expect(page[1]!.items.find((i) => i.key === 'pension')).toMatchObject({ base: '24930.00', employer: '3988.80' });
    expect(page[1]!).toMatchObject({ employer: yi.totals.employer, employee: yi.totals.employee });
  });

  it('generates every entity at once, replaces a month generated before, and covers a month by the insurance of that month', async () => {
    const all = await ok<RecordSummaryView>(P.recordGenerate, { month: MONTH });
    expect(all.entities.find((e) => e.entityId === sh)).toMatchObject({ headcount: 1, employer: calculateSocialInsurance(findPolicy(POLICIES_2025, '上海', `${MONTH}-01`), '20000', { bases: { housingFund: '20000' }, rates: { housingFund: { employer: '0.07', employee: '0.07' } } }).totals.employer });
    const again = await ok<RecordSummaryView>(P.recordGenerate, { month: MONTH });
    expect(again.entities.filter((e) => e.entityId === hz || e.entityId === sh).map((e) => e.headcount)).toEqual([2, 1]);
    const rows = await t.rows<{ n: number }>(sql`select count(*)::int as n from si_contributions where company_id = ${COMPANY} and month = ${MONTH} and entity_id in (${hz}, ${sh})`);
    expect(rows[0]!.n).toBe(15);
    const august = await ok<RecordSummaryView>(P.recordGenerate, { month: '2026-08', entityId: hz });
    expect(august.entities.find((e) => e.entityId === hz)!.headcount).toBe(3);
    const search = await ok<RecordRowView[]>(P.recordPage, { month: MONTH, keyword: 'REC5' });
    expect(search.map((r) => r.name)).toEqual(['记录戊']);
  });

  it('exports the month through 下载中心: a row per person and the totals', async () => {
    const r = await call<{ id: number; name: string; status: number }>(P.recordExport, { month: MONTH, entityId: hz });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ name: `社保缴费记录_记录测试杭州账户_${MONTH}`, status: 0 });
    await runAllJobs(t);
    const ws = await readExportedSheet(t, { token: admin, companyId: COMPANY, id: r.body.data.id });
    const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toEqual(['工号', '姓名', '参保主体', '月份', '社保基数', '公积金基数', '养老单位', '养老个人', '医疗单位', '医疗个人', '失业单位', '失业个人', '工伤单位', '工伤个人', '公积金单位', '公积金个人', '单位合计', '个人合计', '合计']);
    expect(ws.getRow(2).getCell(2).value).toBe('记录甲');
    expect(ws.getRow(2).getCell(19).value).toBe(6090);
    expect(ws.getRow(4).getCell(1).value).toBe('合计');
    // A month with nothing generated is refused at the request.
    await expectRefused(t, () => call(P.recordExport, { month: '2025-01', entityId: hz }), 400, '记录测试杭州账户2025-01没有缴费记录，请先生成缴费记录');
  });
});

describe('reconciling with the official bill', () => {
  const HEADER = ['姓名', '证件号码', '险种', '单位缴费', '个人缴费'];
  const jiaRows = (): (string | number)[][] => [
    ['记录甲', ID_NUMBERS['记录甲']!, '养老保险', 1600, 800],
    // the bill charges the employer more for medical
    ['记录甲', ID_NUMBERS['记录甲']!, '医疗保险', '960.00', '200.00'],
    ['记录甲', ID_NUMBERS['记录甲']!, '失业保险', 50, 50],
    ['记录甲', ID_NUMBERS['记录甲']!, '工伤保险', 40, 0],
    ['记录甲', ID_NUMBERS['记录甲']!, '住房公积金', 1200, 1200],
  ];

  it('finds the differences: an amount, a person on the bill only, an item missing from the bill', async () => {
    const yi = calculateSocialInsurance(HANGZHOU, '30000', hzOptions('30000'));
    // 记录乙 by name only; no 工伤 on the bill
    const yiRows = yi.items.filter((l) => l.key !== 'injury').map((l) => ['记录乙', '', l.name, l.employer, l.employee]);
    const bill = await workbook([['杭州市社会保险费缴费明细（2026年09月）'], HEADER, ...jiaRows(), ...yiRows, ['路人甲', idNumberFor(7399), '养老保险', 800, 400]]);
    const r = await upload(`entityId=${hz}&month=${MONTH}`, bill);
    expect(r.body.code, r.body.message).toBe(200);
    const v = r.body.data;
    expect(v).toMatchObject({ entityId: hz, month: MONTH, billRows: 10, matched: 8 });
    expect(v.differences).toHaveLength(3);
    expect(v.differences).toEqual(
      expect.arrayContaining([
        { employeeId: id['记录甲'], name: '记录甲', item: '医疗保险（含生育）', ours: { employer: '950.00', employee: '200.00' }, bill: { employer: '960.00', employee: '200.00' }, message: '金额不一致（单位缴费：账单960.00，系统950.00）' },
        { employeeId: id['记录乙'], name: '记录乙', item: '工伤保险', ours: { employer: yi.items.find((l) => l.key === 'injury')!.employer, employee: '0.00' }, bill: null, message: '系统有缴费记录，账单中没有' },
        { employeeId: null, name: '路人甲', item: '养老保险', ours: null, bill: { employer: '800.00', employee: '400.00' }, message: '第12行：账单人员不在本主体本月的缴费记录中' },
      ]),
    );
    expect(await ok<ReconcileView>(P.recordReconcileResult, { entityId: hz, month: MONTH })).toEqual(v);
    const summary = await ok<RecordSummaryView>(P.recordSummary, { month: MONTH });
    expect(summary.entities.find((e) => e.entityId === hz)).toMatchObject({ reconciled: false, differences: 3 });
  });

  it('refuses a bill without the columns it needs, a month not generated, and a bad month, changing nothing', async () => {
    const noItem = await workbook([['姓名', '证件号码', '单位缴费', '个人缴费'], ['记录甲', ID_NUMBERS['记录甲']!, 1, 1]]);
    await expectRefused(t, () => upload(`entityId=${hz}&month=${MONTH}`, noItem), 400, '账单缺少「险种」列（可用列名：险种、险种名称、费种）');
    const noEmployee = await workbook([['姓名', '险种', '单位缴费'], ['记录甲', '养老保险', 1]]);
    await expectRefused(t, () => upload(`entityId=${hz}&month=${MONTH}`, noEmployee), 400, '账单缺少「个人缴费」列（可用列名：个人缴费、个人应缴、个人部分、个人金额）');
    const bill = await workbook([HEADER, ...jiaRows()]);
    await expectRefused(t, () => upload(`entityId=${sh}&month=2026-07`, bill), 400, '记录测试上海账户2026-07尚未生成缴费记录，请先生成缴费记录再对账');
    const bad = await call(P.recordGenerate, { month: '2026-13' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain('月份');
  });
});

describe('access', () => {
  it("answers another company's entity as not found and refuses a member without the key, changing nothing", async () => {
    const before = await snapshotCounts(t.database);
    for (const [path, body] of [
      [P.recordGenerate, { month: MONTH, entityId: hz }],
      [P.recordPage, { month: MONTH, entityId: hz }],
      [P.recordExport, { month: MONTH, entityId: hz }],
      [P.recordReconcileResult, { month: MONTH, entityId: hz }],
    ] as const) {
      const r = await call(path, body, { companyId: 2 });
      expect([path, r.body.code, r.body.message]).toEqual([path, 404, '参保主体不存在']);
    }
    const reader = await signInAsRole(t, { adminToken: admin, phone: '19955500731', role: '缴费记录查看', permissionKeys: ['insuranceRecord'] });
    expect((await call(P.recordSummary, { month: MONTH }, { token: reader.token })).body.code).toBe(200);
    const staff = await t.login('13800000001');
    const mid = await snapshotCounts(t.database);
    for (const path of [P.recordGenerate]) {
      const r = await call(path, { month: MONTH }, { token: reader.token });
      expect([path, r.status]).toEqual([path, 403]);
    }
    for (const path of [P.recordSummary, P.recordPage]) {
      const r = await call(path, { month: MONTH }, { token: staff });
      expect([path, r.status]).toEqual([path, 403]);
    }
    expect((await upload(`entityId=${hz}&month=${MONTH}`, await workbook([['姓名']]), reader.token)).status).toBe(403);
    expect(await snapshotCounts(t.database)).toEqual(mid);
    expect(Object.keys(before)).toEqual(Object.keys(mid));
  });
});
