import { CUSTODY_API, CUSTODY_PATHS as CP, OS_API, OS_PATHS as P, type BillDetail, type BillGenerateResult, type BillRow, type CustodyBillDetail } from '@wfsaas/contracts';
import { PayrollDecimal } from '@wfsaas/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siContributions } from '../../db/schema/index.ts';
import { readExportedSheet, runAllJobs } from '../../test/exports.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as seed from './seed.queries.ts';

/**
 * 客户月度账单 through the API: a month's bills from the payroll results (and 缴费记录) of the workers
 * placed at each client, checked against figures worked out by hand; regeneration, the client's
 * confirmation under joint custody, and what neither another client nor another company may read.
 */

let t: TestApp;
let admin: string;
const PROVIDER = 2;
const CLIENT_COMPANY = 1;
const MONTH = '2026-09';
const emp: { id: number; name: string; employeeNo: string | null }[] = [];
let dispatchClient: number;
let outsourcingClient: number;

const call = <T = unknown>(url: string, body: unknown, companyId = PROVIDER, token = admin) => t.call<T>(url, { token, companyId, body });
async function ok<T>(url: string, body: unknown, companyId = PROVIDER): Promise<T> {
  const r = await call<T>(url, body, companyId);
  expect(r.body.code, `${url}: ${r.body.message}`).toBe(200);
  return r.body.data;
}
const os = (path: string) => `${OS_API}${path}`;
const custody = (path: string) => `${CUSTODY_API}${path}`;
const generate = (clientId?: number) => ok<BillGenerateResult>(os(P.billGenerate), { month: MONTH, ...(clientId ? { clientId } : {}) });
async function billOf(clientId: number): Promise<BillDetail> {
  const page = await ok<BillRow[]>(os(P.billPage), { month: MONTH, clientId });
  expect(page).toHaveLength(1);
  return ok<BillDetail>(os(P.billDetail), { billId: page[0]!.id });
}
const cents = (values: string[]) => values.reduce((a, v) => a.plus(v), new PayrollDecimal(0)).toFixed(2);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  const db = t.database.db;
  emp.push(...(await t.rows<{ id: number; name: string; employeeNo: string | null }>(sql`select id::int as id, name, employee_no as "employeeNo" from employees where company_id = ${PROVIDER} order by id limit 7`)));
  expect(emp).toHaveLength(7);
  const [first] = await t.rows<{ creditCode: string }>(sql`select credit_code as "creditCode" from companies where id = ${CLIENT_COMPANY}`);
  const [perHead, percent] = await seed.insertPlans(db, [
    { companyId: PROVIDER, name: '派遣标准方案', feeKind: 'perHead', feeAmount: '300', vatKind: 'simplified' },
    { companyId: PROVIDER, name: '外包比例方案', feeKind: 'percent', feeRate: '0.08', vatKind: 'general' },
  ]);
  const term = { agreementStart: '2026-01-01', agreementEnd: '2027-12-31' };
  const clients = await seed.insertClients(db, [
    { companyId: PROVIDER, name: '账单派遣客户', creditCode: first!.creditCode, kind: 1, planId: perHead!.id, headcount: 200, ...term },
    { companyId: PROVIDER, name: '账单外包客户', kind: 2, planId: percent!.id, ...term },
    { companyId: PROVIDER, name: '账单空客户', kind: 3, planId: perHead!.id, ...term },
  ]);
  dispatchClient = clients[0]!.id;
  outsourcingClient = clients[1]!.id;
  const place = (i: number, clientId: number, planId: number, kind: number, o: Partial<seed.NewPlacement> = {}): seed.NewPlacement => ({
    companyId: PROVIDER, employeeId: emp[i]!.id, clientId, planId, kind, post: kind === 1 ? '仓储辅助' : '客服专员', startDate: '2026-03-01', endDate: '2027-12-31', status: 2, ...o,
  });
  await seed.insertPlacements(db, [
    place(0, dispatchClient, perHead!.id, 1),
    place(1, dispatchClient, perHead!.id, 1),
    place(2, dispatchClient, perHead!.id, 1), // no payroll result: missing
    place(3, outsourcingClient, percent!.id, 2, { status: 4, leftDate: '2026-09-15' }),
    place(4, outsourcingClient, percent!.id, 2, { startDate: '2026-09-10' }),
    place(5, dispatchClient, perHead!.id, 1, { status: 1, startDate: '2026-10-01' }), // pending: not billed
    place(6, dispatchClient, perHead!.id, 1, { status: 4, leftDate: '2026-08-31' }), // left before the month
  ]);
  await seed.insertCustodyLink(db, { providerCompanyId: PROVIDER, clientId: dispatchClient, clientCompanyId: CLIENT_COMPANY, enabled: true, fields: ['employeeNo'], payVisible: false, confirmBills: true });
  const r = (i: number, gross: string, siEmployer: string, hfEmployer: string): seed.SimpleResult => ({ employeeId: emp[i]!.id, name: emp[i]!.name, employeeNo: emp[i]!.employeeNo, gross, siEmployer, hfEmployer });
  const locked = await seed.insertPayrollRun(db, { companyId: PROVIDER, groupId: 1, month: MONTH, status: 4 });
  await seed.insertPayrollResults(db, PROVIDER, locked, [r(0, '8000.00', '2000.00', '800.00'), r(1, '6543.21', '1634.56', '523.46'), r(3, '4000.00', '1000.00', '300.00'), r(4, '5000.55', '1250.14', '400.04')]);
  // a second calculated run adds to the first; a run still being prepared and an errored result do not count
  const bonus = await seed.insertPayrollRun(db, { companyId: PROVIDER, groupId: 2, month: MONTH, status: 3 });
  await seed.insertPayrollResults(db, PROVIDER, bonus, [r(0, '1000.00', '0', '0'), { ...r(2, '5000.00', '1000.00', '300.00'), error: '缺少基本工资' }]);
  const draft = await seed.insertPayrollRun(db, { companyId: PROVIDER, groupId: 3, month: MONTH, status: 2 });
  await seed.insertPayrollResults(db, PROVIDER, draft, [r(1, '99999.00', '0', '0')]);
  // 缴费记录 of the month hold worker 3's employer contributions: they win over the payroll result
  await db.insert(siContributions).values([
    { companyId: PROVIDER, month: MONTH, employeeId: emp[3]!.id, item: 'pension', entityId: 1, name: '养老保险', base: '5000', employer: '800.00', employee: '400.00' },
    { companyId: PROVIDER, month: MONTH, employeeId: emp[3]!.id, item: 'medical', entityId: 1, name: '医疗保险', base: '5000', employer: '300.00', employee: '100.00' },
    { companyId: PROVIDER, month: MONTH, employeeId: emp[3]!.id, item: 'housingFund', entityId: 1, name: '住房公积金', base: '4000', employer: '280.00', employee: '280.00' },
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('客户月度账单', () => {
  it('generates one bill per client with a line per paid worker, equal to hand-worked figures and to the sum of its lines', async () => {
    const result = await generate();
    expect(result.generated).toBe(2);
    expect(result.skipped).toEqual([{ clientName: '账单空客户', reason: `${MONTH}没有在岗的派驻员工` }]);

    const dispatch = await billOf(dispatchClient);
    expect(dispatch.billNo).toMatch(/^ZD202609\d{4}$/);
    expect(dispatch.status).toBe(2); // the custody link asks the client to confirm
    expect(dispatch).toMatchObject({ planName: '派遣标准方案', feeText: '按人头：每人每月 300.00 元', vatText: '简易计税 5%（差额）', workerCount: 2 });
    expect(dispatch.lines.map((l) => [l.name, l.wages, l.siEmployer, l.hfEmployer, l.serviceFee, l.vat, l.total])).toEqual([
      // two calculated runs summed: 8000 + 1000; fee 300, VAT 5 % of 300
      [emp[0]!.name, '9000.00', '2000.00', '800.00', '300.00', '15.00', '12115.00'],
      [emp[1]!.name, '6543.21', '1634.56', '523.46', '300.00', '15.00', '9016.23'],
    ]);
    expect(dispatch.missing).toEqual([{ employeeId: emp[2]!.id, name: emp[2]!.name }]);
    expect(dispatch).toMatchObject({ wages: '15543.21', siEmployer: '3634.56', hfEmployer: '1323.46', serviceFee: '600.00', vat: '30.00', total: '21131.23' });

    const outsourced = await billOf(outsourcingClient);
    expect(outsourced.status).toBe(3); // no custody: straight to 待付款
    expect(outsourced.lines.map((l) => [l.name, l.wages, l.siEmployer, l.hfEmployer, l.serviceFee, l.vat, l.total, l.note])).toEqual([
      // SI and HF from 缴费记录: 800 + 300 and 280; fee 8 % of 5380 = 430.40; VAT 6 % of 5810.40 = 348.624 → 348.62
      [emp[3]!.name, '4000.00', '1100.00', '280.00', '430.40', '348.62', '6159.02', '2026-09-15离岗'],
      // fee 8 % of 6650.73 = 532.0584 → 532.06; VAT 6 % of 7182.79 = 430.9674 → 430.97
      [emp[4]!.name, '5000.55', '1250.14', '400.04', '532.06', '430.97', '7613.76', '2026-09-10到岗'],
    ]);
    expect(outsourced).toMatchObject({ serviceFee: '962.46', vat: '779.59', total: '13772.78' });

    for (const bill of [dispatch, outsourced]) {
      for (const key of ['wages', 'siEmployer', 'hfEmployer', 'serviceFee', 'vat', 'total'] as const) expect(bill[key], key).toBe(cents(bill.lines.map((l) => l[key])));
      expect(cents([bill.wages, bill.siEmployer, bill.hfEmployer, bill.serviceFee, bill.vat])).toBe(bill.total);
    }
    const [stored] = await t.rows<{ n: number }>(sql`select count(*)::int as n from bill_lines where company_id = ${PROVIDER}`);
    expect(stored!.n).toBe(4);
  });

  it('exports the itemised bill through 下载中心, its 合计 row the bill total', async () => {
    const bill = await billOf(dispatchClient);
    const exported = await ok<{ id: number }>(os(P.billExport), { billId: bill.id });
    await runAllJobs(t);
    const sheet = await readExportedSheet(t, { token: admin, companyId: PROVIDER, id: exported.id });
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows.find((r) => r[0] === '用工单位')?.[1]).toBe('账单派遣客户');
    expect(rows.find((r) => r[2] === emp[1]!.name)?.slice(4, 10)).toEqual([6543.21, 1634.56, 523.46, 300, 15, 9016.23]);
    expect(rows.at(-1)?.slice(0, 10)).toEqual(['合计', undefined, '2人', undefined, 15543.21, 3634.56, 1323.46, 600, 30, 21131.23]);
  });

  it('regenerates a bill not yet confirmed or paid and keeps a paid one', async () => {
    const before = await billOf(dispatchClient);
    await ok(os(P.billPaid), { billId: (await billOf(outsourcingClient)).id });
    await t.rows(sql`update payroll_results set gross = '7000.00' where company_id = ${PROVIDER} and employee_id = ${emp[1]!.id} and gross = '6543.21'`);
    const result = await generate();
    expect(result.generated).toBe(1);
    expect(result.skipped).toContainEqual({ clientName: '账单外包客户', reason: '已付款的账单不能重新生成' });
    const after = await billOf(dispatchClient);
    expect(after.id).not.toBe(before.id);
    expect(after.billNo).toBe('ZD2026090003');
    expect(after.lines[1]).toMatchObject({ wages: '7000.00', total: '9473.02' });
    expect(after.total).toBe('21588.02');
    // the replaced bill is archived with its lines, not deleted
    const [old] = await t.rows<{ archived: boolean; lines: number }>(
      sql`select archived_at is not null as archived, (select count(*)::int from bill_lines l where l.company_id = b.company_id and l.bill_id = b.id) as lines from bills b where company_id = ${PROVIDER} and id = ${before.id}`,
    );
    expect(old).toEqual({ archived: true, lines: 2 });
  });

  it('the client company confirms its bill under joint custody, sees no wages split, and cannot read another client’s bill', async () => {
    const dispatch = await billOf(dispatchClient);
    const outsourced = await billOf(outsourcingClient);
    const list = await ok<BillRow[]>(custody(CP.clientBills), { providerId: PROVIDER }, CLIENT_COMPANY);
    expect(list.map((b) => b.id)).toEqual([dispatch.id]);
    const seen = await ok<CustodyBillDetail>(custody(CP.clientBillDetail), { providerId: PROVIDER, billId: dispatch.id }, CLIENT_COMPANY);
    expect(seen.lines.every((l) => l.wages === null)).toBe(true);
    expect(seen.total).toBe(dispatch.total);
    expect(seen.lines.map((l) => l.total)).toEqual(dispatch.lines.map((l) => l.total));
    const other = await call(custody(CP.clientBillDetail), { providerId: PROVIDER, billId: outsourced.id }, CLIENT_COMPANY);
    expect(other.body).toMatchObject({ code: 404, message: '账单不存在' });
    const otherConfirm = await call(custody(CP.clientBillConfirm), { providerId: PROVIDER, billId: outsourced.id }, CLIENT_COMPANY);
    expect(otherConfirm.body.code).toBe(404);

    const confirmed = await ok<CustodyBillDetail>(custody(CP.clientBillConfirm), { providerId: PROVIDER, billId: dispatch.id }, CLIENT_COMPANY);
    expect(confirmed.status).toBe(3);
    expect(confirmed.confirmedBy).toBe('林晓（管理员）（杭州云帆科技有限公司）');
    expect(confirmed.confirmedAt).toBeTruthy();
    const again = await call(custody(CP.clientBillConfirm), { providerId: PROVIDER, billId: dispatch.id }, CLIENT_COMPANY);
    expect(again.body.code).toBe(409);

    // confirmed: regeneration keeps it
    const result = await generate(dispatchClient);
    expect(result).toEqual({ month: MONTH, generated: 0, skipped: [{ clientName: '账单派遣客户', reason: '已确认的账单不能重新生成' }] });
    expect((await billOf(dispatchClient)).id).toBe(dispatch.id);

    const paid = await ok<BillDetail>(os(P.billPaid), { billId: dispatch.id });
    expect(paid.status).toBe(4);
    expect((await call(os(P.billPaid), { billId: dispatch.id })).body.code).toBe(409);
  });

  it('another company reads neither the provider’s bills nor the client side', async () => {
    const dispatch = await billOf(dispatchClient);
    // the client company's own provider-side endpoints see no such bill
    expect((await call(os(P.billDetail), { billId: dispatch.id }, CLIENT_COMPANY)).body).toMatchObject({ code: 404 });
    expect(await ok<BillRow[]>(os(P.billPage), {}, CLIENT_COMPANY)).toEqual([]);
    const made = await t.call<{ companyId: number }>('/wfsaas-saas/api/company/create', {
      token: admin,
      body: { companyName: '苏州旁观电子有限公司', creditCode: '91350100M000100Y43', contactName: '王', contactPhone: '13900000000' },
    });
    expect(made.body.code, made.body.message).toBe(200);
    const stranger = made.body.data.companyId;
    expect((await call(custody(CP.clientBills), { providerId: PROVIDER }, stranger)).body.code).toBe(403);
    expect((await call(custody(CP.clientBillDetail), { providerId: PROVIDER, billId: dispatch.id }, stranger)).body.code).toBe(403);
    expect((await call(os(P.billDetail), { billId: dispatch.id }, stranger)).body.code).toBe(404);
  });
});
