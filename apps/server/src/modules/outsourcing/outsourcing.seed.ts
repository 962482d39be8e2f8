import { BILL_STATUS, BILL_TYPE, idCardCheckChar, zEmployeeAdd, type ClientPost } from '@wfsaas/contracts';
import { addDays, addMonths, chinaMonth, chinaToday } from '../../platform/china-date.ts';
import type { Tx } from '../../platform/db.ts';
import { jobCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { createEmployees } from '../employees/index.ts';
import { seedDemoGroupRun } from '../payroll/index.ts';
import { listBills, markBillPaid } from '../trade/index.ts';
import { BILL_SOURCE, generateBills } from './bills.service.ts';
import * as sq from './seed.queries.ts';

/**
 * Demo of outsourced labour in the outsourcing company (上海启明人力资源): two plans, three clients —
 * the first demo company as a dispatch client under joint custody, an outsourcing and a flexible
 * one — a dozen workers hired and placed (most at work for months, one joining, one being returned,
 * one gone), fill-post orders in each open status, a dismissal being handled, and last month's pay
 * and client bills. Skipped when the company already has plans.
 */

type Worker = {
  name: string; gender: 1 | 2; birth: string; region: string; salary: string; client: 0 | 1 | 2; post: string; postKind: ClientPost['kind'];
  /** Months before this one the placement started (0: joining next week). */
  since: number;
  state?: 'joining' | 'leaving' | 'left';
};

const WORKERS: Worker[] = [
  { name: '张建国', gender: 1, birth: '1988-03-12', region: '330106', salary: '6200', client: 0, post: '仓储分拣员', postKind: 'auxiliary', since: 4 },
  { name: '李秀英', gender: 2, birth: '1992-07-25', region: '330110', salary: '6000', client: 0, post: '仓储分拣员', postKind: 'auxiliary', since: 4 },
  { name: '王丽娟', gender: 2, birth: '1995-11-03', region: '320508', salary: '5800', client: 0, post: '前台接待', postKind: 'auxiliary', since: 4 },
  { name: '陈思远', gender: 1, birth: '1990-01-18', region: '340104', salary: '7500', client: 0, post: '产假顶岗专员', postKind: 'substitute', since: 3 },
  { name: '刘海峰', gender: 1, birth: '1986-09-30', region: '360102', salary: '5600', client: 0, post: '展会临时协助', postKind: 'temporary', since: 3, state: 'leaving' },
  { name: '赵雨涵', gender: 2, birth: '1999-05-14', region: '330203', salary: '6000', client: 0, post: '仓储分拣员', postKind: 'auxiliary', since: 0, state: 'joining' },
  { name: '孙志强', gender: 1, birth: '1987-12-08', region: '320102', salary: '7800', client: 1, post: '产线操作工', postKind: 'regular', since: 4 },
  { name: '周晓燕', gender: 2, birth: '1993-04-21', region: '410105', salary: '7600', client: 1, post: '产线操作工', postKind: 'regular', since: 4 },
  { name: '吴俊杰', gender: 1, birth: '1991-08-16', region: '430104', salary: '8800', client: 1, post: '质检员', postKind: 'regular', since: 3 },
  { name: '郑佳琪', gender: 2, birth: '1997-02-27', region: '350102', salary: '6500', client: 1, post: '物料员', postKind: 'auxiliary', since: 4, state: 'left' },
  { name: '黄浩然', gender: 1, birth: '1998-10-09', region: '310115', salary: '6800', client: 2, post: '配送员', postKind: 'temporary', since: 2 },
  { name: '马梦瑶', gender: 2, birth: '2000-06-02', region: '310104', salary: '5900', client: 2, post: '分拣打包员', postKind: 'temporary', since: 2 },
];

const POSTS: ClientPost[][] = [
  [
    { name: '仓储分拣员', kind: 'auxiliary' },
    { name: '前台接待', kind: 'auxiliary' },
    { name: '产假顶岗专员', kind: 'substitute' },
    { name: '展会临时协助', kind: 'temporary' },
  ],
  [
    { name: '产线操作工', kind: 'regular' },
    { name: '质检员', kind: 'regular' },
    { name: '物料员', kind: 'auxiliary' },
  ],
  [
    { name: '配送员', kind: 'temporary' },
    { name: '分拣打包员', kind: 'temporary' },
  ],
];

const idNumber = (region: string, birth: string, seq: number, gender: 1 | 2) => {
  const first17 = `${region}${birth.replaceAll('-', '')}${String(40 + (seq % 50)).padStart(2, '0')}${(seq % 5) * 2 + (gender === 1 ? 1 : 0)}`;
  return first17 + idCardCheckChar(first17)!;
};

export async function seedDemoOutsourcing(s: AppServices, now = new Date()): Promise<void> {
  const { provider, first } = await sq.findDemoCompanies(s.database.db);
  if (!provider || !first) return;
  const companyId = provider.id;
  await s.database.inTenant(companyId, async (tx) => {
    if ((await sq.countPlans(tx, companyId)) > 0) return;
    await seedProvider(s, tx, companyId, first, now);
  });
}

async function seedProvider(s: AppServices, tx: Tx, companyId: number, first: { id: number; name: string; creditCode: string | null }, now: Date): Promise<void> {
  const today = chinaToday(now);
  const thisMonth = `${chinaMonth(now)}-01`;
  const lastMonth = addMonths(thisMonth, -1).slice(0, 7);
  const monthEnd = addDays(addMonths(thisMonth, 1), -1);
  const [dispatchPlan, ratioPlan] = await sq.insertPlans(tx, [
    { companyId, name: '派遣标准方案', feeKind: 'perHead', feeAmount: '300.00', vatKind: 'simplified', remark: '劳务派遣：按人头收取服务费，差额简易计税' },
    { companyId, name: '外包比例方案', feeKind: 'percent', feeRate: '0.08', vatKind: 'general', remark: '业务外包、灵活用工：按工资与单位社保公积金的 8% 收取服务费' },
  ]);
  const term = { agreementStart: addMonths(thisMonth, -6), agreementEnd: addDays(addMonths(thisMonth, 18), -1) };
  const phone = (n: string) => s.cipher.encrypt(n);
  const clients = await sq.insertClients(tx, [
    { companyId, name: first.name, creditCode: first.creditCode ?? '', kind: 1, planId: dispatchPlan!.id, headcount: 200, posts: POSTS[0]!, contactName: '林晓', contactPhoneEnc: phone('13957112233'), remark: '平台内企业，已开启共管', ...term },
    { companyId, name: '苏州恒达精密制造有限公司', creditCode: '91320594MA1W8RDQ3K', kind: 2, planId: ratioPlan!.id, headcount: 850, posts: POSTS[1]!, contactName: '顾立新', contactPhoneEnc: phone('13812765410'), remark: '产线整体外包', ...term },
    { companyId, name: '上海优鲜配送有限公司', creditCode: '91310115MA1H9U7L2P', kind: 3, planId: ratioPlan!.id, headcount: 120, posts: POSTS[2]!, contactName: '沈佳', contactPhoneEnc: phone('13601822754'), remark: '配送高峰期灵活用工', ...term },
  ]);
  await sq.insertCustodyLink(tx, { providerCompanyId: companyId, clientId: clients[0]!.id, clientCompanyId: first.id, enabled: true, fields: ['employeeNo', 'startDate'], payVisible: false, confirmBills: true });

  // the workers: hired by the provider on the day their placement starts
  const dispatchDept = await sq.findDepartmentId(tx, companyId, '派遣服务组');
  const projectDept = await sq.findDepartmentId(tx, companyId, '项目外包组');
  const startOf = (w: Worker) => (w.state === 'joining' ? addDays(today, 7) : addMonths(thisMonth, -w.since));
  const inputs = WORKERS.map((w, i) =>
    zEmployeeAdd.parse({
      name: w.name, mobile: `1735206${String(1000 + i * 37)}`, idType: 1, idNumber: idNumber(w.region, w.birth, i, w.gender), departmentId: w.client === 0 ? dispatchDept : projectDept,
      hireDate: startOf(w), employmentType: w.client === 0 ? 4 : 5, gender: w.gender, birthDate: w.birth, salary: w.salary, workLocation: ['杭州', '苏州', '上海'][w.client],
    }),
  );
  const hired = await createEmployees(s, tx, companyId, { userId: null }, inputs);

  // numbered by the day each order was raised: two weeks before an old start, today for an open one
  const order = (clientId: number, post: string, headcount: number, pay: string, startDate: string, status: number, seq: number, requirements: string): sq.NewOrder => {
    const raised = startDate < today ? addDays(startDate, -14) : today;
    const at = raised === today ? now : new Date(`${raised}T09:00:00+08:00`);
    return {
      companyId, orderNo: `BG${raised.replaceAll('-', '')}${String(seq).padStart(3, '0')}`, clientId, post, headcount, pay, startDate, status, requirements,
      history: [{ at: at.toISOString(), by: '演示数据', action: '创建补岗单' }],
      createdAt: at,
    };
  };
  const orders = await sq.insertOrders(tx, [
    order(clients[0]!.id, '仓储分拣员', 3, '6000.00', addMonths(thisMonth, -4), 3, 1, '能适应倒班，有叉车证优先'),
    order(clients[0]!.id, '前台接待', 1, '5800.00', addDays(today, 14), 1, 1, '普通话标准，形象端正'),
    order(clients[1]!.id, '产线操作工', 2, '7600.00', addMonths(thisMonth, -4), 4, 2, '两班倒，有电子厂经验'),
    order(clients[2]!.id, '配送员', 5, '6800.00', addDays(today, 3), 2, 2, '有电动车驾驶经验，熟悉浦东片区'),
  ]);
  const orderFor = (w: Worker) => (w.client === 0 && w.post === '仓储分拣员' ? orders[0]!.id : w.client === 1 && w.post === '产线操作工' ? orders[2]!.id : null);
  const leftDay = addDays(addMonths(thisMonth, -1), 14);
  const placements = await sq.insertPlacements(
    tx,
    WORKERS.map((w, i) => ({
      companyId, employeeId: hired[i]!.id, clientId: clients[w.client]!.id, orderId: orderFor(w), planId: w.client === 0 ? dispatchPlan!.id : ratioPlan!.id, kind: w.client + 1,
      post: w.post, postKind: w.postKind, startDate: startOf(w), endDate: term.agreementEnd,
      status: w.state === 'joining' ? 1 : w.state === 'leaving' ? 3 : w.state === 'left' ? 4 : 2,
      leftDate: w.state === 'left' ? leftDay : w.state === 'leaving' ? monthEnd : null,
      leaveSource: w.state === 'left' ? 'resign' : w.state === 'leaving' ? 'dismiss' : null,
      leaveReason: w.state === 'left' ? '个人原因辞职' : w.state === 'leaving' ? '展会项目结束，用工单位退回' : null,
    })),
  );
  const leaving = WORKERS.findIndex((w) => w.state === 'leaving');
  await sq.insertDismissal(
    tx,
    { companyId, orderNo: `TG${today.replaceAll('-', '')}001`, clientId: clients[0]!.id, reason: '展会项目结束，退回派遣员工', lastDay: monthEnd, status: 2, history: [{ at: now.toISOString(), by: '演示数据', action: '创建退工单' }] },
    [{ placementId: placements[leaving]!.id, employeeId: hired[leaving]!.id }],
  );

  // last month's pay of everyone at work then, and the bills it makes
  const paid = hired.filter((_, i) => WORKERS[i]!.state !== 'joining').map((e) => e.id);
  const { groupId } = await seedDemoGroupRun(tx, companyId, { name: '派遣外包员工月薪', month: lastMonth, employeeIds: paid, siCity: '上海' }, now);
  await sq.setPlansSalaryGroup(tx, companyId, [dispatchPlan!.id, ratioPlan!.id], groupId);
  const c = jobCtx(s, tx, companyId, { userId: 0, nickname: '演示数据', sessionId: 0 }, 'seed');
  await generateBills(c, { month: lastMonth });
  // the outsourcing client paid its statement; the dispatch client's waits for its confirmation
  const [outsourcingBill] = await listBills(c, companyId, { source: BILL_SOURCE, billType: BILL_TYPE.monthly, month: lastMonth, sourceIds: [clients[1]!.id], status: BILL_STATUS.toPay });
  if (outsourcingBill) await markBillPaid(c, companyId, outsourcingBill);
}
