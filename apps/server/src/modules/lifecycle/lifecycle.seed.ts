import { CHANGE_STATUS, EMPLOYEE_STATUS } from '@wfsaas/contracts';
import type { AppServices } from '../../platform/services.ts';
import * as q from './lifecycle.queries.ts';
import { chinaToday, addDays, addMonths } from '../../platform/china-date.ts';
import { seedEmployeeSalaries, setEmployeeFacts, setEmployeeSalary } from '../employees/index.ts';
import { insertLabourContract } from './labour-contracts.queries.ts';
import { countChanges, firstCompanyId, listFormerWithoutQuit, listSeedEmployees, type SeedEmployee } from './lifecycle-seed.queries.ts';

/**
 * Demo seed: base salaries for the roster, and a history of changes in the first company — early and
 * on-time regularisations, one waiting for its date, a probation extension, transfers with pay rises
 * (one waiting), and resignations (one under way, one done, and those of the roster's former
 * employees, some not yet handed over) — so every change screen has rows — and
 * three-year labour contracts renewed up to today, some ending within two months, one past its end.
 */
export async function seedDemoLifecycle(s: AppServices): Promise<number> {
  const companyId = await firstCompanyId(s.database.db);
  if (companyId === null) return 0;
  return s.database.inTenant(companyId, async (tx) => {
    if ((await countChanges(tx, companyId)) > 0) return 0;
    await seedEmployeeSalaries(tx, companyId);
    const today = chinaToday();
    const probation = await listSeedEmployees(tx, companyId, EMPLOYEE_STATUS.probation, 4);
    const regular = await listSeedEmployees(tx, companyId, EMPLOYEE_STATUS.regular, 6);
    let made = 0;
    const change = async (v: Parameters<typeof q.insertChange>[1]) => {
      await q.insertChange(tx, v);
      made++;
    };

    const [toWait, toExtend] = probation;
    if (toWait?.probationEndDate) {
      await change({ companyId, employeeId: toWait.id, type: 'regularize', effectiveDate: toWait.probationEndDate > today ? toWait.probationEndDate : addDays(today, 5), before: { status: 1, probationEndDate: toWait.probationEndDate }, after: { status: 2 }, remark: '试用期考核优秀' });
    }
    if (toExtend?.probationEndDate && toExtend.hireDate) {
      const later = addDays(toExtend.probationEndDate, 30);
      await change({ companyId, employeeId: toExtend.id, type: 'extendProbation', status: CHANGE_STATUS.effective, effectiveDate: addDays(today, -3), before: { probationEndDate: toExtend.probationEndDate }, after: { probationEndDate: later }, remark: '试用期考核未达标，延长一个月', appliedAt: new Date() });
      await setEmployeeFacts(tx, companyId, toExtend.id, { probationEndDate: later });
    }

    // regular employees: past regularisations, a pay rise done, one waiting, a resignation under way and one done
    for (const e of regular.slice(0, 2)) {
      if (!e.hireDate) continue;
      const at = addDays(e.hireDate, 90);
      await change({ companyId, employeeId: e.id, type: 'regularize', status: CHANGE_STATUS.effective, effectiveDate: at, early: e === regular[1], before: { status: 1 }, after: { status: 2 }, appliedAt: new Date(`${at}T09:00:00+08:00`) });
    }
    const [, , raised, waitingRaise, leaving, left] = regular;
    const rise = (x: SeedEmployee, pct: number) => (x.payMin ? (Number(x.payMin) * pct).toFixed(2) : (12000 * pct).toFixed(2));
    if (raised) {
      const salary = rise(raised, 1.15);
      await change({ companyId, employeeId: raised.id, type: 'transfer', status: CHANGE_STATUS.effective, effectiveDate: addDays(today, -20), reason: 3, before: { salary: raised.salary }, after: { salary }, remark: '年度晋升调薪', appliedAt: new Date() });
      await setEmployeeSalary(tx, companyId, raised.id, salary);
    }
    if (waitingRaise) {
      await change({ companyId, employeeId: waitingRaise.id, type: 'transfer', effectiveDate: addDays(today, 6), reason: 5, before: { salary: waitingRaise.salary }, after: { salary: rise(waitingRaise, 1.08), workLocation: '上海' }, remark: '绩效调薪' });
    }
    if (leaving) {
      await change({ companyId, employeeId: leaving.id, type: 'quit', effectiveDate: addDays(today, 12), before: { status: 2 }, after: { status: 4, quitType: 1, reason: '个人发展', handoverTo: null, handoverToName: null, handoverNote: '客户资料与在办项目', handoverStatus: 1 } });
      await setEmployeeFacts(tx, companyId, leaving.id, { status: EMPLOYEE_STATUS.leaving });
    }
    if (left) {
      const day = addDays(today, -15);
      await change({ companyId, employeeId: left.id, type: 'quit', status: CHANGE_STATUS.effective, effectiveDate: day, before: { status: 2 }, after: { status: 4, quitType: 3, reason: '合同到期不续签', handoverTo: null, handoverToName: null, handoverNote: null, handoverStatus: 2 }, appliedAt: new Date() });
      await setEmployeeFacts(tx, companyId, left.id, { status: EMPLOYEE_STATUS.left, leaveDate: day });
    }
    // the roster's former employees left before this history: their resignations, mostly handed over
    const reasons: [number, string][] = [[1, '个人发展'], [1, '家庭原因'], [4, '协商一致解除劳动合同'], [3, '合同到期不续签'], [1, '薪资待遇'], [9, '回老家发展']];
    for (const [i, f] of (await listFormerWithoutQuit(tx, companyId)).entries()) {
      const [quitType, reason] = reasons[i % reasons.length]!;
      const after = { status: 4, quitType, reason, handoverTo: null, handoverToName: null, handoverNote: null, handoverStatus: i % 4 === 3 ? 1 : 2 };
      await change({ companyId, employeeId: f.id, type: 'quit', status: CHANGE_STATUS.effective, effectiveDate: f.leaveDate, before: { status: 2 }, after, appliedAt: new Date(`${f.leaveDate}T18:00:00+08:00`) });
    }
    made += await seedContracts(tx, companyId, today);
    return made;
  });
}

/** Contracts from each hire date, three years a term, renewed until one covers today. */
async function seedContracts(tx: Parameters<typeof insertLabourContract>[0], companyId: number, today: string): Promise<number> {
  let made = 0;
  const people = [
    ...(await listSeedEmployees(tx, companyId, EMPLOYEE_STATUS.probation, 1000)),
    ...(await listSeedEmployees(tx, companyId, EMPLOYEE_STATUS.regular, 1000)),
    ...(await listSeedEmployees(tx, companyId, EMPLOYEE_STATUS.leaving, 1000)),
  ];
  for (const [i, e] of people.entries()) {
    if (!e.hireDate) continue;
    let start = e.hireDate;
    let end = addDays(addMonths(start, 36), -1);
    let previous: number | null = null;
    let n = 0;
    while (end < today) {
      const old = await insertLabourContract(tx, { companyId, employeeId: e.id, type: 1, contractNo: `YF-${e.id}-${++n}`, startDate: start, endDate: end, signDate: start, status: 2, renewedFrom: previous, endedAt: new Date(`${end}T10:00:00+08:00`) });
      previous = old.id;
      start = addDays(end, 1);
      end = addDays(addMonths(start, 36), -1);
      made++;
    }
    // every twelfth person's contract ends within the next two months; one ended last week, not yet handled
    if (i % 12 === 5) end = addDays(today, 10 + (i % 50));
    if (i === 7) end = addDays(today, -6);
    await insertLabourContract(tx, { companyId, employeeId: e.id, type: n >= 2 ? 2 : 1, contractNo: `YF-${e.id}-${++n}`, startDate: start, endDate: n > 2 ? null : end, signDate: start, renewedFrom: previous });
    made++;
  }
  return made;
}
