import { SI_API, SI_PATHS as P, type AnnualDeclareView, type AnnualPreviewView } from '@wfsaas/contracts';
import { addMonths, declarableMonth, dueDate } from '@wfsaas/payroll';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaToday } from '../../platform/china-date.ts';
import { signInAsRole } from '../../test/factories.ts';
import { createTestApp, expectRefused, type TestApp } from '../../test/harness.ts';
import { createDepartment, insertEmployees } from '../payroll/payroll-fixtures.queries.ts';
import { idNumberFor } from '../payroll/payroll-fixtures.ts';
import { insertEntity, insertInsured, insertPaidMonth } from './records-fixtures.queries.ts';

/**
 * 年度调基: last year's average monthly wage from locked 工资薪金 runs (else the roster salary),
 * clamped to the bounds of July's policy; declared as 调基 lines in the draft of a month that is
 * still open.
 */

let t: TestApp;
let admin: string;
const COMPANY = 1;
let entityId: number;
const id: Record<string, number> = {};
const DEADLINE = 28;

const call = <T = unknown>(path: string, body: unknown, o: { token?: string; companyId?: number } = {}) =>
  t.call<T>(`${SI_API}${path}`, { token: o.token ?? admin, companyId: o.companyId ?? COMPANY, body });
async function ok<T>(path: string, body: unknown): Promise<T> {
  const r = await call<T>(path, body);
  expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
  return r.body.data;
}
const lines = () =>
  t.rows<{ employee_id: string; kind: number; source: string; proposal_key: string; from_month: string; si_base: string; hf_base: string; hf_rate: string; remark: string }>(
    sql`select l.employee_id, l.kind, l.source, l.proposal_key, l.from_month, l.si_base, l.hf_base, l.hf_rate, l.remark from si_declaration_lines l join si_declarations d on d.company_id = l.company_id and d.id = l.declaration_id where d.company_id = ${COMPANY} and d.entity_id = ${entityId} order by l.employee_id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  const departmentId = await createDepartment(t.database.db, COMPANY, '年度调基部');
  const people = [
    { name: '调基甲', salary: '8000' },
    { name: '调基乙', salary: '3000' },
    { name: '调基丙', salary: '20000' },
    { name: '调基丁', salary: '9000' },
  ];
  const ids = await insertEmployees(t.services, t.database.db, COMPANY, people.map((p, i) => ({ ...p, employeeNo: `ANN${i + 1}`, idNumber: idNumberFor(7500 + i), departmentId })));
  people.forEach((p, i) => (id[p.name] = ids[i]!));
  entityId = await insertEntity(t.database.db, COMPANY, { name: '调基测试杭州账户', city: '杭州', deadlineDay: DEADLINE, hfRate: '0.12' });
  await insertInsured(
    t.database.db,
    COMPANY,
    ['调基甲', '调基乙', '调基丙'].map((n) => ({ employeeId: id[n]!, entityId, siBase: n === '调基甲' ? '8000' : '6000', hfBase: '6000', hfRate: '0.12', startMonth: '2024-01' })),
  );
  await insertInsured(t.database.db, COMPANY, [{ employeeId: id['调基丁']!, entityId, siBase: '9000', hfBase: '9000', hfRate: '0.12', startMonth: '2024-01', endMonth: '2025-12', status: 4 }]);
  // 2025: 调基甲 6,000 a month to June and 9,000 from July; 调基丙 one month of 50,000.
  for (let m = 1; m <= 12; m += 1) {
    const month = `2025-${String(m).padStart(2, '0')}`;
    const wages = [{ employeeId: id['调基甲']!, name: '调基甲', wage: m <= 6 ? '6000' : '9000' }];
    if (m === 3) wages.push({ employeeId: id['调基丙']!, name: '调基丙', wage: '50000' });
    await insertPaidMonth(t.database.db, COMPANY, 900_001, month, wages);
  }
  // Not wages, and not last year: neither counts.
  await insertPaidMonth(t.database.db, COMPANY, 900_002, '2025-05', [{ employeeId: id['调基甲']!, name: '调基甲', wage: '100000' }], 2);
  await insertPaidMonth(t.database.db, COMPANY, 900_001, '2026-01', [{ employeeId: id['调基甲']!, name: '调基甲', wage: '50000' }]);
}, 60_000);
afterAll(async () => t?.close());

describe('the annual base adjustment', () => {
  it("previews everyone insured at the entity: last year's average wage clamped to July's bounds", async () => {
    const v = await ok<AnnualPreviewView>(P.annualPreview, { entityId, year: 2026 });
    expect(v).toMatchObject({ entityId, year: 2026, effectiveMonth: '2026-07', siFloor: '4462.00', siCeiling: '24930.00', hfFloor: '2280.00', hfCeiling: '38390.00' });
    expect(v.rows).toEqual([
      { employeeId: id['调基甲'], name: '调基甲', employeeNo: 'ANN1', averageWage: '7500.00', source: 'payroll', months: 12, oldSiBase: '8000.00', siBase: '7500.00', hfBase: '7500.00', clamped: null },
      { employeeId: id['调基乙'], name: '调基乙', employeeNo: 'ANN2', averageWage: '3000.00', source: 'roster', months: 0, oldSiBase: '6000.00', siBase: '4462.00', hfBase: '3000.00', clamped: 'floor' },
      { employeeId: id['调基丙'], name: '调基丙', employeeNo: 'ANN3', averageWage: '50000.00', source: 'payroll', months: 1, oldSiBase: '6000.00', siBase: '24930.00', hfBase: '38390.00', clamped: 'ceiling' },
    ]);
  });

  it('declares the new bases as 调基 lines in the draft of an open month, and again with other bases', async () => {
    const month = declarableMonth(chinaToday(), DEADLINE);
    const rows = (await ok<AnnualPreviewView>(P.annualPreview, { entityId, year: 2026 })).rows.map((r) => ({ employeeId: r.employeeId, siBase: r.siBase, hfBase: r.hfBase }));
    const v = await ok<AnnualDeclareView>(P.annualDeclare, { entityId, year: 2026, month, rows });
    expect(v).toMatchObject({ entityId, month, lines: 3 });
    const drafts = await t.rows<{ id: string; status: number }>(sql`select id, status from si_declarations where company_id = ${COMPANY} and entity_id = ${entityId}`);
    expect(drafts.map((d) => [Number(d.id), d.status])).toEqual([[v.applyId, 0]]);
    expect((await lines()).map((l) => [Number(l.employee_id), l.kind, l.source, l.proposal_key, l.from_month, l.si_base, l.hf_rate, l.remark])).toEqual([
      [id['调基甲'], 3, 'annual', `annual:${id['调基甲']}:${month}`, month, '7500.00', '0.120000', '2026年度调基'],
      [id['调基乙'], 3, 'annual', `annual:${id['调基乙']}:${month}`, month, '4462.00', '0.120000', '2026年度调基'],
      [id['调基丙'], 3, 'annual', `annual:${id['调基丙']}:${month}`, month, '24930.00', '0.120000', '2026年度调基'],
    ]);
    const again = await ok<AnnualDeclareView>(P.annualDeclare, { entityId, year: 2026, month, rows: [{ employeeId: id['调基甲'], siBase: '8000', hfBase: '8000' }] });
    expect(again.applyId).toBe(v.applyId);
    const after = await lines();
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ si_base: '8000.00', hf_base: '8000.00' });
  });

  it('refuses a base out of bounds, a month past its deadline, someone not insured there and a submitted declaration, changing nothing', async () => {
    const month = declarableMonth(chinaToday(), DEADLINE);
    const body = (rows: { employeeId: number; siBase: string; hfBase: string }[], m = month) => ({ entityId, year: 2026, month: m, rows });
    await expectRefused(t, () => call(P.annualDeclare, body([{ employeeId: id['调基甲']!, siBase: '4000', hfBase: '4000' }])), 400, '社保缴费基数：调基甲的4000.00不在4462.00至24930.00之间');
    await expectRefused(t, () => call(P.annualDeclare, body([{ employeeId: id['调基甲']!, siBase: '8000', hfBase: '40000' }])), 400, '公积金缴存基数：调基甲的40000.00不在2280.00至38390.00之间');
    const past = addMonths(month, -1);
    await expectRefused(t, () => call(P.annualDeclare, body([{ employeeId: id['调基甲']!, siBase: '8000', hfBase: '8000' }], past)), 400, `生效月份：${past}的申报已于${dueDate(past, DEADLINE)}截止，请选择${month}或之后的月份`);
    await expectRefused(t, () => call(P.annualDeclare, body([{ employeeId: id['调基丁']!, siBase: '8000', hfBase: '8000' }])), 400, `调基人员：员工（ID ${id['调基丁']}）不是「调基测试杭州账户」的在保人员`);
    await expectRefused(t, () => call(P.annualDeclare, body([{ employeeId: 987_654, siBase: '8000', hfBase: '8000' }])), 404, '员工不存在');
    const bad = await call(P.annualPreview, { entityId, year: 1999 });
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain('调整年度');
    await t.database.db.execute(sql`update si_declarations set status = 1 where company_id = ${COMPANY} and entity_id = ${entityId}`);
    await expectRefused(t, () => call(P.annualDeclare, body([{ employeeId: id['调基甲']!, siBase: '8000', hfBase: '8000' }])), 409, `「调基测试杭州账户」${month}的申报单已提交，不能添加调基人员`);
  });

  it("answers another company's entity as not found and refuses a member without the key", async () => {
    const month = declarableMonth(chinaToday(), DEADLINE);
    const reader = await signInAsRole(t, { adminToken: admin, phone: '19955500741', role: '参保信息查看', permissionKeys: ['insuranceInformation'] });
    const declare = { entityId, year: 2026, month, rows: [{ employeeId: id['调基甲']!, siBase: '8000', hfBase: '8000' }] };
    await expectRefused(t, () => call(P.annualPreview, { entityId, year: 2026 }, { companyId: 2 }), 404, '参保主体不存在');
    await expectRefused(t, () => call(P.annualDeclare, declare, { companyId: 2 }), 404, '参保主体不存在');
    expect((await call(P.annualPreview, { entityId, year: 2026 }, { token: reader.token })).body.code).toBe(200);
    await expectRefused(t, () => call(P.annualDeclare, declare, { token: reader.token }), 403, '您没有此操作的权限（insuranceInformation.edit），请联系管理员');
  });
});
