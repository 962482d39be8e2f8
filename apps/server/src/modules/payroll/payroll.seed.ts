import type { SalaryItem } from '@wfsaas/contracts';
import type { StoredGroupConfig } from '../../db/schema/payroll.ts';
import { addMonths, chinaMonth } from '../../platform/china-date.ts';
import type { AppServices } from '../../platform/services.ts';
import { calculateRun, finishRun, loadRunData } from './payroll-calculate.ts';
import { monthBounds } from './payroll-calendar.ts';
import { resolveMembers, workingDaysOfMonth } from './payroll-setup.service.ts';
import * as rq from './payroll-results.queries.ts';
import * as q from './payroll.queries.ts';
import * as dq from './payroll-data.queries.ts';
import type { Executor } from '../../platform/db.ts';

/**
 * Demo seed for the first company: a monthly salary group for its full-time staff (Beijing social
 * insurance on the minimum base), 基本工资 read from each employee's dated pay, and last month's run
 * with the imported allowance, bonus and attendance, calculated and locked.
 */

const ITEMS: SalaryItem[] = [
  { name: '基本工资', type: 3, decimals: 2, category: 'income', showOnPayslip: true },
  { name: '岗位津贴', type: 1, decimals: 2, category: 'income', showOnPayslip: true },
  { name: '绩效奖金', type: 1, decimals: 2, category: 'income', showOnPayslip: true },
  { name: '应出勤天数', type: 4, systemKey: 'requiredDays', decimals: 0, category: 'info', showOnPayslip: true },
  { name: '实际出勤天数', type: 1, decimals: 1, category: 'info', showOnPayslip: true },
  { name: '缺勤扣款', type: 2, formula: 'ROUND(【基本工资】/【应出勤天数】*(【应出勤天数】-【实际出勤天数】),2)', decimals: 2, category: 'deduction', showOnPayslip: true },
  { name: '应发工资', type: 2, formula: '【基本工资】+【岗位津贴】+【绩效奖金】-【缺勤扣款】', decimals: 2, category: 'income', showOnPayslip: true },
  { name: '社保个人', type: 4, systemKey: 'siEmployee', decimals: 2, category: 'deduction', showOnPayslip: true },
  { name: '公积金个人', type: 4, systemKey: 'hfEmployee', decimals: 2, category: 'deduction', showOnPayslip: true },
  { name: '个税', type: 4, systemKey: 'tax', decimals: 2, category: 'deduction', showOnPayslip: true },
  { name: '实发工资', type: 2, formula: '【应发工资】-【社保个人】-【公积金个人】-【个税】', decimals: 2, category: 'net', showOnPayslip: true },
];

const CONFIG: StoredGroupConfig = {
  departmentIds: [],
  employmentTypes: [1],
  includeEmployeeIds: [],
  excludeEmployeeIds: [],
  items: ITEMS.map((i) => ({ ...i })),
  grossItem: '应发工资',
  netItem: '实发工资',
  taxRule: 1,
  siCity: '北京',
  siBaseRule: 'floor',
  payDay: 10,
};

/**
 * The demo salary group and last month's locked run. `bases: 'insured'` (the full demo roster, whose
 * insurance the social-insurance seed has written first) takes each member's bases from 参保信息.
 */
export async function seedDemoPayroll(s: AppServices, opts: { bases?: 'insured' } = {}, now = new Date()): Promise<number> {
  const [companyId] = await q.listCompanyIds(s.database.db);
  if (!companyId) return 0;
  return s.database.inTenant(companyId, async (tx) => {
    if ((await q.listGroups(tx, companyId)).length > 0) return 0;
    const month = addMonths(`${chinaMonth(now)}-01`, -1).slice(0, 7);
    const { first, last } = monthBounds(month);
    // Full-time staff by rule; people whose employment type is not recorded are added by hand.
    const untyped = (await q.listEmployeesEmployedIn(tx, companyId, first, last)).filter((e) => e.employmentType === null).map((e) => e.id);
    const config: StoredGroupConfig = { ...CONFIG, includeEmployeeIds: untyped, ...(opts.bases === 'insured' ? { siBaseRule: 'insured', siCity: null } : {}) };
    const group = await q.insertGroup(tx, { companyId, name: '月薪制员工', config });
    const results = await lockedRun(tx, companyId, group.id, config, month, now);
    await seedDemoSharedData(tx, companyId, group.id, config, now);
    return results;
  });
}

/** Last month's run of a group with the demo's imported allowance, bonus and attendance, calculated and locked; answers how many were paid. */
async function lockedRun(tx: Executor, companyId: number, groupId: number, config: StoredGroupConfig, month: string, now: Date): Promise<number> {
  const workingDays = await workingDaysOfMonth(tx, companyId, month);
  const run = await q.insertRun(tx, { companyId, groupId, month, status: 2, workingDays, config, calcVersion: 1 });
  const members = await resolveMembers(tx, companyId, config, month);
  await q.mergeInputs(
    tx,
    companyId,
    run.id,
    members.map((m, i) => ({
      employeeId: m.id,
      values: {
        岗位津贴: String([300, 500, 800][i % 3]),
        绩效奖金: String((i * 311) % 2500),
        实际出勤天数: String(i % 9 === 4 ? workingDays - 1 : workingDays),
      },
    })),
  );
  const data = await loadRunData(tx, companyId, run, config);
  const results = calculateRun(companyId, run.id, data);
  await rq.upsertResults(tx, results);
  await finishRun(
    tx,
    companyId,
    run.id,
    1,
    results.map((r) => r.employeeId),
  );
  await q.updateRun(tx, companyId, run.id, { status: 4, lockedAt: now }, [3]);
  return results.length;
}

/**
 * A monthly salary group of the given employees (the demo's items, social insurance of `siCity` on
 * its minimum base) with its calculated, locked run of `month`: another module's demo seed gives
 * its own staff a payroll this way. Answers the group's id and how many were paid.
 */
export async function seedDemoGroupRun(tx: Executor, companyId: number, o: { name: string; month: string; employeeIds: number[]; siCity: string }, now = new Date()): Promise<{ groupId: number; paid: number }> {
  const config: StoredGroupConfig = { ...CONFIG, employmentTypes: [], includeEmployeeIds: o.employeeIds, siCity: o.siCity, items: ITEMS.map((i) => ({ ...i })) };
  const group = await q.insertGroup(tx, { companyId, name: o.name, config });
  return { groupId: group.id, paid: await lockedRun(tx, companyId, group.id, config, o.month, now) };
}

/**
 * Shared data of the demo: an import table 考勤表 with this month's batch and an IoT table 考勤机 with
 * a pushed batch, both linked to the demo group (考勤机 also carries 加班时长, which feeds no item of
 * the group and shows as such in 数据组维护).
 */
async function seedDemoSharedData(tx: Executor, companyId: number, groupId: number, config: StoredGroupConfig, now: Date): Promise<void> {
  const month = chinaMonth(now);
  const workingDays = await workingDaysOfMonth(tx, companyId, month);
  const members = (await resolveMembers(tx, companyId, config, month)).filter((m) => m.employeeNo);
  const sheet = await dq.insertTable(tx, {
    companyId,
    name: '考勤表',
    kind: 1,
    category: '考勤',
    matchKey: 'employeeNo',
    columns: [
      { column: '出勤天数', item: '实际出勤天数' },
      { column: '岗位津贴', item: '岗位津贴' },
      { column: '绩效奖金', item: '绩效奖金' },
    ],
  });
  const device = await dq.insertTable(tx, {
    companyId,
    name: '考勤机',
    kind: 2,
    category: '考勤',
    matchKey: 'employeeNo',
    source: '考勤机',
    columns: [
      { column: '打卡天数', item: '实际出勤天数' },
      { column: '加班时长', item: '加班时长' },
    ],
  });
  const days = (i: number) => `${i % 9 === 4 ? workingDays - 1 : workingDays}.00`;
  const sheetRows = members.map((m, i) => {
    const values = { 出勤天数: days(i), 岗位津贴: `${[300, 500, 800][i % 3]}.00`, 绩效奖金: `${(i * 311) % 2500}.00` };
    return { rowNo: i + 2, key: m.employeeNo!, employeeId: m.id, name: m.name, values, raw: { 工号: m.employeeNo!, 姓名: m.name, ...values }, error: null };
  });
  const deviceRows = members.map((m, i) => {
    const values = { 打卡天数: days(i), 加班时长: `${(i * 7) % 20}.00` };
    return { rowNo: i + 1, key: m.employeeNo!, employeeId: m.id, name: m.name, values, raw: { 工号: m.employeeNo!, 姓名: m.name, ...values }, error: null };
  });
  for (const [table, origin, rows] of [
    [sheet, `考勤表-${month}.xlsx`, sheetRows],
    [device, '考勤机', deviceRows],
  ] as const) {
    const batch = await dq.insertBatch(tx, { companyId, tableId: table.id, month, origin, status: 1, rowCount: rows.length, matchedCount: rows.length, errorCount: 0 });
    await dq.insertRows(tx, rows.map((r) => ({ ...r, companyId, batchId: batch.id })));
  }
  await dq.replaceLinks(tx, companyId, groupId, [sheet.id, device.id], null);
}
