import {
  STAT_API,
  STAT_PATHS,
  type ApplyMonthView,
  type BoardCount,
  type BoardLink,
  type EmployeeStructure,
  type PageMessage,
  type PayslipBatchView,
  type RiskPerson,
  type ServiceBoard,
  type SiBoardView,
} from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, chinaToday } from '../../platform/china-date.ts';
import { addLabourContract, departmentIdByName, hireEmployee, initiateContract, signInAsRole } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * The service board: every count equals the total of the list its link opens (called as the screen
 * would call it for that link), for the administrator and for a member limited to some departments.
 */

const API = '/wfsaas-saas/api';
const stat = (p: keyof typeof STAT_PATHS) => `${STAT_API}${STAT_PATHS[p]}`;

let t: TestApp;
let admin: string;
let scoped: string;
let scopedRoleId: number;
let narrow: string;
const today = chinaToday();
const day = (n: number) => addDays(today, n);

type Paged<T> = { code: number; message: string; data: T[]; pageMessage: PageMessage };

async function post<T>(token: string, url: string, body: object = {}, companyId = 1) {
  const r = await t.call<T>(url, { token, companyId, body });
  expect(r.body.code, `${url}: ${r.body.message}`).toBe(200);
  return r.body as { code: number; message: string; data: T; pageMessage?: PageMessage };
}

async function board(token: string, companyId = 1): Promise<ServiceBoard> {
  return (await post<ServiceBoard>(token, stat('board'), {}, companyId)).data;
}

const ints = (v: string | undefined) => (v ? v.split(',').map(Number) : undefined);

/** The total of the list a link opens, with the body its screen sends for that address. */
async function listTotal(token: string, link: BoardLink): Promise<number> {
  const q = link.query;
  const total = async (url: string, body: object) => ((await post<unknown[]>(token, url, { ...body, pageSize: 1 })) as Paged<unknown>).pageMessage.total;
  switch (link.path) {
    case '/staffRoll': {
      // the roster's tab gives the statuses, narrowed by the form's status filter (roster.ts statusesFor)
      const tab = q.tab && q.tab !== 'all' ? [Number(q.tab)] : [0, 1, 2, 3];
      const status = ints(q.status) ? tab.filter((s) => ints(q.status)!.includes(s)) : tab;
      const [from, to] = (q.hireDate ?? '~').split('~');
      return total(`${API}/companyEmployee/pageList`, {
        status,
        employmentType: ints(q.employmentType),
        hireDateFrom: from || undefined,
        hireDateTo: to || undefined,
        withoutLabourContract: q.labourContract === 'none' ? true : undefined,
      });
    }
    case '/selfOnboarding/list':
      return total(`${API}/companyEmployeeInduction/pageList`, { tab: q.tab ?? 'pending' });
    case '/staffManagement/changeAlternation/conversion':
      return total(`${API}/employeeRegularWorker/pageList`, { tab: q.tab ?? 'due', withinDays: q.withinDays ? Number(q.withinDays) : undefined });
    case '/staffManagement/changeAlternation/renewal':
      return total(`${API}/employeeContractChange/renewalList`, { tab: q.tab ?? 'expiring', withinDays: q.withinDays ? Number(q.withinDays) : undefined });
    case '/qszx-vite/signContract':
      expect(q.tab).toBe('company');
      return total('/wfsaas-sign/api/contract/page', { awaitingCompany: true });
    case '/gzt-vite/payslipManagement':
      return total('/wfsaas-payslip/api/payslip/page', { status: q.status ? Number(q.status) : undefined, month: q.month });
    default:
      throw new Error(`no list for ${link.path}`);
  }
}

/** The payslip figures of every batch the month's list shows, summed. */
async function payslipFigures(token: string, month: string) {
  const out = { sent: 0, viewed: 0, confirmed: 0 };
  const page = await post<PayslipBatchView[]>(token, '/wfsaas-payslip/api/payslip/page', { month, pageSize: 500 });
  for (const b of page.data) for (const k of ['sent', 'viewed', 'confirmed'] as const) out[k] += b.stageCounts[k];
  return out;
}

/** Every count of a board checked against its list. */
async function expectCountsMatchLists(token: string, b: ServiceBoard) {
  for (const item of b.items) {
    for (const c of item.counts) {
      if (item.key === 'socialBoard') {
        const si = (await post<SiBoardView>(token, `${API}/socialInsurance/board`)).data;
        const months = (await post<ApplyMonthView>(token, `${API}/apply/month`)).data;
        expect(c.value, c.label).toBe(si.waiting);
        expect(c.value, c.label).toBe(months.entities.reduce((n, e) => n + (e.status === null || e.status === 0 ? e.toDeclare : 0), 0));
        expect(c.link.path).toBe('/socialTrusteeship/progressReporting/applyMonth');
      } else if (item.key === 'distributionStatus') {
        const figures = await payslipFigures(token, c.link.query.month!);
        expect(c.value, `${item.label} ${c.label}`).toBe(figures[c.key as keyof typeof figures]);
      } else {
        expect(c.value, `${item.label} ${c.label}`).toBe(await listTotal(token, c.link));
      }
    }
  }
}

const countOf = (b: ServiceBoard, item: string, count: string): BoardCount | undefined => b.items.find((i) => i.key === item)?.counts.find((c) => c.key === count);

async function hire(name: string, department: string, o: { hireDate: string; status?: 1 | 2; probationEndDate?: string; contract?: { startDate: string; endDate?: string } }) {
  const e = await hireEmployee(t, { token: admin, name, departmentId: await departmentIdByName(t, department), hireDate: o.hireDate, status: o.status ?? 2, probationEndDate: o.probationEndDate });
  if (o.contract) await addLabourContract(t, { token: admin, employeeId: e.id, type: o.contract.endDate ? 1 : 2, ...o.contract });
  return e;
}

const SCOPED_KEYS = ['home', 'staffRoll', 'selfOnboardingList', 'conversion', 'renewal', 'signContract', 'payslipManagement', 'applyMonth', 'declarationRecords', 'insuranceInformation', 'downloadCenter'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  // the same kinds of people inside the scoped member's departments (技术中心 and below) and outside
  for (const [dept, tag] of [
    ['前端组', '甲'],
    ['华东区', '乙'],
  ] as const) {
    await hire(`看板未签${tag}`, dept, { hireDate: day(-60) });
    await hire(`看板试用到期${tag}`, dept, { hireDate: day(-60), status: 1, probationEndDate: day(10), contract: { startDate: day(-60), endDate: day(1000) } });
    await hire(`看板试用逾期${tag}`, dept, { hireDate: day(-100), status: 1, probationEndDate: day(-5), contract: { startDate: day(-100) } });
    await hire(`看板合同到期${tag}`, dept, { hireDate: day(-400), contract: { startDate: day(-400), endDate: day(10) } });
    await hire(`看板合同过期${tag}`, dept, { hireDate: day(-800), contract: { startDate: day(-800), endDate: day(-3) } });
    await hire(`看板本月入职${tag}`, dept, { hireDate: today, contract: { startDate: today } });
    await hire(`看板实习${tag}`, dept, { hireDate: day(-90) }).then((e) => t.call(`${API}/companyEmployee/update`, { token: admin, companyId: 1, body: { id: e.id, employmentType: 2 } }));
    // a contract the company signs first: waiting for the company's seal
    const signer = await hire(`看板待签${tag}`, dept, { hireDate: day(-10), contract: { startDate: day(-10) } });
    const [pkg] = await t.rows<{ id: number }>(sql`select id from sign_packages where company_id = 1 order by id limit 1`);
    await initiateContract(t, { token: admin, employeeId: signer.id, packageId: Number(pkg!.id), extra: { notify: false, signOrder: 1 } });
  }
  const member = await signInAsRole(t, { adminToken: admin, phone: '13700001001', role: '部门HR', permissionKeys: SCOPED_KEYS });
  scoped = member.token;
  scopedRoleId = member.roleId;
  const saved = await t.call('/wfsaas-system/api/sys/dataPermission/dept/save', { token: admin, companyId: 1, body: { roleId: scopedRoleId, allTargets: false, targetIds: [await departmentIdByName(t, '技术中心')] } });
  expect(saved.body.code, saved.body.message).toBe(200);
  narrow = (await signInAsRole(t, { adminToken: admin, phone: '13700001002', role: '转正专员', permissionKeys: ['home', 'conversion'] })).token;
}, 120_000);
afterAll(async () => t?.close());

describe('service board counts', () => {
  it('gives the administrator every item, each count equal to the total of the list it opens', async () => {
    const b = await board(admin);
    expect(b.items.map((i) => i.key)).toEqual(['staffRollBoard', 'entryBoard', 'conversionHeadIndex', 'overdueNotSigned', 'isExpiredSigned', 'distributionStatus', 'isWeWaitSign', 'socialBoard', 'payslipBoard']);
    await expectCountsMatchLists(admin, b);
    // the people made above are among them
    expect(countOf(b, 'overdueNotSigned', 'unsigned')!.value).toBeGreaterThanOrEqual(2);
    expect(countOf(b, 'conversionHeadIndex', 'due')!.value).toBeGreaterThanOrEqual(4);
    expect(countOf(b, 'conversionHeadIndex', 'overdue')!.value).toBeGreaterThanOrEqual(2);
    expect(countOf(b, 'isExpiredSigned', 'expiring')!.value).toBeGreaterThanOrEqual(2);
    expect(countOf(b, 'isExpiredSigned', 'expired')!.value).toBeGreaterThanOrEqual(2);
    expect(countOf(b, 'entryBoard', 'joinedThisMonth')!.value).toBeGreaterThanOrEqual(2);
    expect(countOf(b, 'isWeWaitSign', 'awaitingCompany')!.value).toBeGreaterThanOrEqual(2);
    expect(countOf(b, 'distributionStatus', 'sent')!.value).toBeGreaterThan(0);
    expect(countOf(b, 'payslipBoard', 'draft')!.value).toBeGreaterThan(0);
  });

  it('limits a department-scoped member to their departments: smaller counts, still equal to their lists', async () => {
    const all = await board(admin);
    const mine = await board(scoped);
    await expectCountsMatchLists(scoped, mine);
    for (const [item, count] of [
      ['staffRollBoard', 'all'],
      ['overdueNotSigned', 'unsigned'],
      ['conversionHeadIndex', 'due'],
      ['conversionHeadIndex', 'overdue'],
      ['isExpiredSigned', 'expiring'],
      ['isExpiredSigned', 'expired'],
      ['entryBoard', 'joinedThisMonth'],
    ] as const) {
      const a = countOf(all, item, count)!.value;
      const m = countOf(mine, item, count)!.value;
      expect(m, `${item}.${count}`).toBeGreaterThan(0);
      expect(m, `${item}.${count}`).toBeLessThan(a);
    }
  });

  it('counts 未签劳动合同 only for full-time staff on the roster more than 30 days without a contract in force', async () => {
    const names = async (token: string) => {
      const r = await post<RiskPerson[]>(token, stat('employmentRisk'), { riskKey: 'unsignedOverdue', pageSize: 100 });
      return (r.data as RiskPerson[]).map((p) => p.name).filter((n) => n.startsWith('看板'));
    };
    expect((await names(admin)).sort()).toEqual(['看板未签乙', '看板未签甲']);
    expect(await names(scoped)).toEqual(['看板未签甲']);
    // the roster's filter also holds on a name search answered from the name tokens alone
    const roster = async (keyword: string) =>
      ((await post<{ name: string }[]>(admin, `${API}/companyEmployee/pageList`, { keyword, withoutLabourContract: true, pageSize: 100 })).data as { name: string }[]).map((e) => e.name).sort();
    expect(await roster('未签')).toEqual(['看板未签乙', '看板未签甲']);
    expect(await roster('到期')).toEqual([]);
  });

  it('offers only the items whose list the member may open', async () => {
    const b = await board(narrow);
    expect(b.items.map((i) => i.key)).toEqual(['conversionHeadIndex']);
    await expectCountsMatchLists(narrow, b);
    const denied = await t.call(stat('employmentRisk'), { token: narrow, companyId: 1, body: { riskKey: 'unsignedOverdue' } });
    expect(denied.body.code).toBe(403);
    expect((await t.call(stat('employeeStructure'), { token: narrow, companyId: 1, body: {} })).body.code).toBe(403);
  });

  it("never counts another company's people", async () => {
    const before = await board(admin);
    await hireEmployee(t, { token: admin, companyId: 2, name: '看板他司未签', departmentId: await departmentIdByName(t, '人力资源部', 2), hireDate: day(-60) });
    const after = await board(admin);
    expect(after.items).toEqual(before.items);
    const other = await board(admin, 2);
    expect(countOf(other, 'overdueNotSigned', 'unsigned')!.value).toBeGreaterThanOrEqual(1);
    await expectCountsMatchLists(admin, before);
  });
});

describe('employment risk lists', () => {
  it('pages the people behind each risk count, with the list total and days overdue', async () => {
    const b = await board(admin);
    for (const item of b.items) {
      for (const c of item.counts.filter((x) => x.riskKey)) {
        const r = (await post<RiskPerson[]>(admin, stat('employmentRisk'), { riskKey: c.riskKey, pageSize: 5 })) as Paged<RiskPerson>;
        expect(r.pageMessage.total, c.riskKey).toBe(c.value);
        expect(r.data.length).toBe(Math.min(5, c.value));
      }
    }
    const overdue = (await post<RiskPerson[]>(admin, stat('employmentRisk'), { riskKey: 'probationOverdue', pageSize: 100 })).data as RiskPerson[];
    expect(overdue.find((p) => p.name === '看板试用逾期甲')).toMatchObject({ date: day(-5), daysOverdue: 5, daysLeft: 0, departmentName: '前端组' });
    const expiring = (await post<RiskPerson[]>(admin, stat('employmentRisk'), { riskKey: 'contractExpiring', pageSize: 100 })).data as RiskPerson[];
    expect(expiring.find((p) => p.name === '看板合同到期乙')).toMatchObject({ date: day(10), daysOverdue: 0, daysLeft: 10 });
    const unsigned = (await post<RiskPerson[]>(admin, stat('employmentRisk'), { riskKey: 'unsignedOverdue', pageSize: 100 })).data as RiskPerson[];
    expect(unsigned.find((p) => p.name === '看板未签甲')).toMatchObject({ date: day(-60), daysOverdue: 30 });
  });

  it('answers a bad risk key with 400 naming the field', async () => {
    const r = await t.call(stat('employmentRisk'), { token: admin, companyId: 1, body: { riskKey: 'nope' } });
    expect(r.body.code).toBe(400);
    expect(r.body.message).toContain('风险类型');
  });
});

describe('employee structure', () => {
  it('adds up to the on-roster count in every dimension, for the administrator and a scoped member', async () => {
    for (const token of [admin, scoped]) {
      const s = (await post<EmployeeStructure>(token, stat('employeeStructure'))).data;
      expect(s.total).toBe(await listTotal(token, s.link));
      for (const d of ['department', 'gender', 'age', 'tenure', 'education', 'employmentType'] as const) {
        expect(s[d].reduce((n, b) => n + b.count, 0), d).toBe(s.total);
      }
      expect(s.averageTenure).toMatch(/^(\d+年)?\d+个月$/);
    }
    const mine = (await post<EmployeeStructure>(scoped, stat('employeeStructure'))).data;
    const all = (await post<EmployeeStructure>(admin, stat('employeeStructure'))).data;
    expect(mine.total).toBeLessThan(all.total);
    // the scoped member's people all sit under 技术中心 at the top level
    expect(mine.department.map((d) => d.label)).toEqual(['技术中心']);
    const level2 = (await post<EmployeeStructure>(scoped, stat('employeeStructure'), { departmentLevel: 2 })).data;
    expect(level2.department.map((d) => d.label)).toEqual(['前端组']);
  });

  it('refuses a bad level with 400 naming the field', async () => {
    const r = await t.call(stat('employeeStructure'), { token: admin, companyId: 1, body: { departmentLevel: 0 } });
    expect(r.body.code).toBe(400);
    expect(r.body.message).toContain('部门层级');
  });
});

describe('tax, insured and exports', () => {
  it('answers the declaration record of a month and the insured headcount per entity as their lists count them', async () => {
    const tax = (await post<{ month: string; status: number; deadline: string }>(admin, stat('taxDeclaration'), { month: '2025-03' })).data;
    expect(tax).toMatchObject({ month: '2025-03', deadline: '2025-04-15' });
    const bad = await t.call(stat('taxDeclaration'), { token: admin, companyId: 1, body: { month: '2025-13' } });
    expect(bad.body.code).toBe(400);
    const insured = (await post<{ month: string; total: number; entities: { entityId: number; count: number; link: BoardLink }[] }>(admin, stat('insured'))).data;
    for (const e of insured.entities) {
      const list = (await post<unknown[]>(admin, `${API}/socialInsurance/insured/page`, { entityId: e.entityId, month: insured.month, pageSize: 1 })) as Paged<unknown>;
      expect(e.count).toBe(list.pageMessage.total);
    }
    expect(insured.total).toBe(insured.entities.reduce((n, e) => n + e.count, 0));
    const denied = await t.call(stat('taxDeclaration'), { token: narrow, companyId: 1, body: {} });
    expect(denied.body.code).toBe(403);
  });

  it("counts the caller's exports still queued or being generated", async () => {
    const before = (await post<{ exporting: number }>(scoped, stat('exportingCount'))).data.exporting;
    await post(scoped, `${API}/companyEmployee/export`, {});
    const after = (await post<{ exporting: number }>(scoped, stat('exportingCount'))).data.exporting;
    expect(after).toBe(before + 1);
    // another member's export is not theirs
    expect((await post<{ exporting: number }>(admin, stat('exportingCount'))).data.exporting).toBe(0);
  });
});

