import { APPLY_STATUS, INSURED_STATUS, LINE_KIND } from '@wfsaas/contracts';
import { addMonths, dueDate, firstInsuredMonth, leaveFromMonth, monthOf } from '@wfsaas/payroll';
import { chinaDayStart, chinaMonth } from '../../platform/china-date.ts';
import type { Tx } from '../../platform/db.ts';
import { jobCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as dq from './declarations.queries.ts';
import { insertEntity, listEntities, type EntityRow } from './entities.queries.ts';
import { PolicyBook } from './entity-policy.ts';
import { generateRecords } from './records.service.ts';
import * as iq from './insured.queries.ts';
import { basesFor, entityForLocation } from './proposals.ts';
import { listProposalEmployees, type ProposalEmployee } from './proposals.queries.ts';
import { backdateDeclaration, listCompanyIds } from './seed.queries.ts';

/**
 * Demo seed of the first company: two entities (杭州 default, 上海 through an agency). With the full
 * roster also everyone hired before the last three months insured at their entity, three past
 * months of declarations (two 全部成功, the last 部分成功 with a failed 增员), and the current month
 * left to proposals (this month's hires and leavers, the failed 增员 again with its 补缴).
 */

const ENTITIES = [
  { name: '杭州总部社保账户', city: '杭州', siAccountNo: '330106100012345', hfAccountNo: '33010610008888', hfRate: '0.12', deadlineDay: 20, isDefault: true, locations: [] as string[], managedBy: 'self', agencyName: '' },
  { name: '上海分公司社保账户', city: '上海', siAccountNo: '31011500067890', hfAccountNo: '31011500066666', hfRate: null, deadlineDay: 15, isDefault: false, locations: ['上海'], managedBy: 'agency', agencyName: '上海易才人力' },
];

export const DEMO_FAILURE_REASON = '身份证号码与姓名不匹配';

type Plan = { insured: iq.InsuredValues[]; history: iq.HistoryEntry[]; lines: Map<string, dq.NewLine[]> };

/** Who was insured where before the seeded months, and the lines of the three seeded declarations. */
function planFor(entities: EntityRow[], book: PolicyBook, employees: ProposalEmployee[], months: string[]): Plan {
  const plan: Plan = { insured: [], history: [], lines: new Map() };
  const first = months[0]!;
  const current = addMonths(months[months.length - 1]!, 1);
  let failed = false;
  for (const e of employees) {
    const entity = entityForLocation(entities, e.workLocation);
    if (!entity) continue;
    const start = firstInsuredMonth(e.hireDate, entity);
    const leaveFrom = e.leaveDate ? leaveFromMonth(e.leaveDate) : null;
    if (start >= current || (leaveFrom && leaveFrom <= start)) continue;
    const policy = book.tryAt(entity.city, start < first ? first : start).policy;
    if (!policy) continue;
    const bases = basesFor(policy, entity, e.salary);
    const key = (m: string) => `${entity.id}:${m}`;
    const push = (m: string, l: dq.NewLine) => plan.lines.set(key(m), [...(plan.lines.get(key(m)) ?? []), l]);
    const join = (m: string, result: number, reason = ''): dq.NewLine => ({ employeeId: e.id, kind: LINE_KIND.join, source: 'onboarding', proposalKey: `join:${e.id}:${m}`, fromMonth: m, toMonth: null, ...bases, result, reason });
    if (start >= first) {
      // the last seeded month's first new hire is the failed line
      const fails: boolean = start === months[months.length - 1] && !failed;
      failed ||= fails;
      push(start, join(start, fails ? 2 : 1, fails ? DEMO_FAILURE_REASON : ''));
      if (fails) continue;
    }
    const stopped = leaveFrom !== null && leaveFrom < current;
    if (stopped && leaveFrom >= first) push(leaveFrom, { employeeId: e.id, kind: LINE_KIND.leave, source: 'quit', proposalKey: `leave:${e.id}:${leaveFrom}`, fromMonth: leaveFrom, toMonth: null, ...bases, result: 1 });
    const startMonth = start < first ? (addMonths(first, -6) > start ? addMonths(first, -6) : start) : start;
    plan.insured.push({ employeeId: e.id, entityId: entity.id, ...bases, startMonth, endMonth: stopped ? addMonths(leaveFrom, -1) : null, status: stopped ? INSURED_STATUS.stopped : INSURED_STATUS.insured });
    if (start < first) plan.history.push({ employeeId: e.id, action: '补录参保', before: null, after: { entityId: entity.id, ...bases, startMonth, status: INSURED_STATUS.insured } });
  }
  return plan;
}

async function seedDeclarations(tx: Tx, companyId: number, entities: EntityRow[], months: string[], plan: Plan): Promise<void> {
  for (const entity of entities) {
    for (const month of months) {
      const lines = plan.lines.get(`${entity.id}:${month}`) ?? [];
      if (lines.length === 0) continue;
      const d = await dq.insertDeclaration(tx, companyId, entity.id, month, null);
      await dq.insertLines(tx, companyId, d.id, lines);
      const status = lines.some((l) => l.result === 2) ? APPLY_STATUS.partial : APPLY_STATUS.succeeded;
      await dq.updateDeclaration(tx, companyId, d.id, { status, portalNote: `已通过${entity.city}社保网上服务平台批量上传，办理结果已导入` });
      await backdateDeclaration(tx, companyId, d.id, chinaDayStart(dueDate(month, Math.max(1, entity.deadlineDay - 3))));
      const history: iq.HistoryEntry[] = lines.map((l) => ({
        employeeId: l.employeeId,
        action: `${l.kind === LINE_KIND.join ? '增员' : '减员'}${l.result === 1 ? '成功' : '失败'}`,
        before: null,
        after: { entityId: entity.id, fromMonth: l.fromMonth, ...(l.result === 2 ? { reason: l.reason ?? '' } : {}) },
        applyId: d.id,
      }));
      await iq.insertHistory(tx, companyId, history);
    }
  }
}

export async function seedDemoSocialInsurance(s: AppServices, opts: { roster: 'full' | 'small' }, now = new Date()): Promise<void> {
  const [companyId] = await listCompanyIds(s.database.db);
  if (!companyId) return;
  await s.database.inTenant(companyId, async (tx) => {
    if ((await listEntities(tx, companyId)).length > 0) return;
    for (const e of ENTITIES) await insertEntity(tx, companyId, e);
    if (opts.roster !== 'full') return;
    const entities = await listEntities(tx, companyId);
    const book = await PolicyBook.load(tx, companyId);
    const current = chinaMonth(now);
    const months = [addMonths(current, -3), addMonths(current, -2), addMonths(current, -1)];
    const employees = (await listProposalEmployees(tx, companyId, `${addMonths(current, -13)}-01`)).filter((e) => monthOf(e.hireDate) <= current);
    const plan = planFor(entities, book, employees, months);
    await iq.upsertInsuredMany(tx, companyId, plan.insured);
    await iq.insertHistory(tx, companyId, plan.history);
    await seedDeclarations(tx, companyId, entities, months, plan);
    // 缴费记录 of the three past months and of this one, as 生成缴费记录 makes them.
    const c = jobCtx(s, tx, companyId, { userId: 0, nickname: '演示数据', sessionId: 0 }, 'seed');
    for (const month of [...months, current]) await generateRecords(c, { month });
  });
}
