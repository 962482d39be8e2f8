import { INSURED_STATUS, type InsuredHistoryView, type InsuredPage, type InsuredRegister, type InsuredView, type InsuredWarning, type SiBoardView } from '@wfsaas/contracts';
import { declarableMonth } from '@wfsaas/payroll';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { listEntities } from './entities.queries.ts';
import { PolicyBook, requireEntity } from './entity-policy.ts';
import * as dq from './declarations.queries.ts';
import * as iq from './insured.queries.ts';
import { checkBases } from './lines.service.ts';
import { loadFacts, mergeLines } from './proposals.service.ts';
import { siToday } from './si-clock.ts';

/** 员工参保信息: the list, an employee's history, registering insurance from before the product, the warnings and the service board's count. */

export async function pageInsuredView(c: ServiceCtx, f: InsuredPage): Promise<Paged<InsuredView>> {
  if (f.entityId) await requireEntity(c.tx, c.companyId, f.entityId);
  const { rows, total } = await iq.pageInsured(c.tx, c.companyId, f, f.pageNum, f.pageSize);
  return new Paged(
    rows.map((r) => ({
      employeeId: r.employeeId,
      name: r.name,
      employeeNo: r.employeeNo,
      departmentName: r.departmentName,
      idNumberMasked: r.idNumberMasked,
      employeeStatus: r.employeeStatus,
      entityId: r.entityId,
      entityName: r.entityName,
      city: r.city,
      siBase: r.siBase,
      hfBase: r.hfBase,
      hfRate: r.hfRate,
      startMonth: r.startMonth,
      endMonth: r.endMonth,
      status: r.status as 1 | 2 | 3 | 4,
      updatedAt: r.updatedAt.toISOString(),
    })),
    f.pageNum,
    f.pageSize,
    total,
  );
}

const LABELS: Record<string, string> = {
  entityId: '参保主体',
  siBase: '社保缴费基数',
  hfBase: '公积金缴存基数',
  hfRate: '公积金缴存比例',
  startMonth: '参保起始月',
  endMonth: '参保截止月',
  status: '参保状态',
  fromMonth: '起始月',
  toMonth: '截止月',
  backPay: '补缴金额',
  lateFee: '滞纳金',
  reason: '原因',
};
const STATUS_NAMES: Record<string, string> = { 1: '待增员', 2: '在保', 3: '待减员', 4: '停保' };

export async function historyView(c: ServiceCtx, employeeId: number): Promise<InsuredHistoryView[]> {
  if (!(await iq.findEmployeeFacts(c.tx, c.companyId, employeeId))) throw notFound('员工');
  const entities = new Map((await listEntities(c.tx, c.companyId)).map((e) => [String(e.id), e.name]));
  const text = (key: string, v: string | number | null | undefined): string | null => {
    if (v === null || v === undefined) return null;
    if (key === 'status') return STATUS_NAMES[String(v)] ?? String(v);
    if (key === 'entityId') return entities.get(String(v)) ?? `已删除的参保主体（${v}）`;
    return String(v);
  };
  return (await iq.listHistory(c.tx, c.companyId, employeeId)).map((h) => {
    const keys = [...new Set([...Object.keys(h.before ?? {}), ...Object.keys(h.after ?? {})])].filter((k) => LABELS[k]);
    const changes = keys
      .map((k) => ({ label: LABELS[k]!, before: text(k, h.before?.[k]), after: text(k, h.after?.[k]) }))
      .filter((ch) => ch.before !== ch.after);
    return { id: h.id, at: h.at.toISOString(), action: h.action, changes, by: h.byName, applyId: h.applyId };
  });
}

/** 补录参保: someone insured before the company used the product, 在保 at once. */
export async function registerInsured(c: ServiceCtx, input: InsuredRegister): Promise<InsuredView> {
  const employee = await iq.findEmployeeFacts(c.tx, c.companyId, input.employeeId);
  if (!employee) throw notFound('员工');
  const entity = await requireEntity(c.tx, c.companyId, input.entityId);
  if (employee.status === 0 || employee.status === 4) throw badRequest(`员工：${employee.name}${employee.status === 0 ? '尚未入职' : '已离职'}，不能补录参保`);
  const existing = await iq.findInsured(c.tx, c.companyId, input.employeeId);
  if (existing && existing.status !== INSURED_STATUS.stopped) throw conflict(`${employee.name}已有参保信息（${STATUS_NAMES[existing.status]}），不能重复补录`);
  if (input.startMonth > siToday().slice(0, 7)) throw badRequest('参保起始月：补录的参保起始月不能晚于本月');
  const book = await PolicyBook.load(c.tx, c.companyId);
  checkBases(book.at(entity.city, siToday().slice(0, 7)), input);
  const values: iq.InsuredValues = { employeeId: input.employeeId, entityId: entity.id, siBase: input.siBase, hfBase: input.hfBase, hfRate: input.hfRate, startMonth: input.startMonth, endMonth: null, status: INSURED_STATUS.insured };
  await iq.upsertInsured(c.tx, c.companyId, values);
  await iq.insertHistory(c.tx, c.companyId, [{ employeeId: input.employeeId, action: '补录参保', before: existing ? { entityId: existing.entityId, status: existing.status } : null, after: { ...values }, by: c.user.userId }]);
  await c.audit({ action: 'si.insured.register', entity: 'employee', entityId: input.employeeId, before: existing, after: values });
  const { rows } = await iq.pageInsured(c.tx, c.companyId, { employeeId: input.employeeId }, 1, 1);
  const row = rows.find((r) => r.employeeId === input.employeeId)!;
  return { ...row, status: row.status as 1 | 2 | 3 | 4, updatedAt: row.updatedAt.toISOString() };
}

export async function warningsView(c: ServiceCtx): Promise<InsuredWarning[]> {
  return (await iq.listWarnings(c.tx, c.companyId, siToday())).map((w) => ({
    ...w,
    message: w.kind === 'notInsured' ? `在职未参保：${w.name}${w.date ? `于${w.date}入职` : ''}，还没有参保信息` : `已离职仍在保：${w.name}${w.date ? `最后工作日${w.date}` : ''}，在${w.entityName ?? ''}仍为在保，且没有待办的减员`,
  }));
}

/** The lines waiting for each entity's declarable month: proposals and the kept lines of its draft. */
export async function boardView(c: ServiceCtx): Promise<SiBoardView> {
  const entities = await listEntities(c.tx, c.companyId);
  const today = siToday();
  const out: SiBoardView = { month: today.slice(0, 7), waiting: 0, entities: [] };
  const byMonth = new Map<string, typeof entities>();
  for (const e of entities) {
    const m = declarableMonth(today, e.deadlineDay);
    byMonth.set(m, [...(byMonth.get(m) ?? []), e]);
  }
  const book = await PolicyBook.load(c.tx, c.companyId);
  for (const [month, group] of [...byMonth.entries()].sort()) {
    const facts = await loadFacts(c.tx, c.companyId, month, book);
    const open = new Map((await dq.listOpenDeclarationsOfMonth(c.tx, c.companyId, month)).map((d) => [d.entityId, d]));
    for (const e of group) {
      const d = open.get(e.id) ?? null;
      const stored = d ? await dq.listLines(c.tx, c.companyId, d.id) : [];
      const waiting = d && d.status !== 0 ? 0 : mergeLines(facts, e, d, month, stored).filter((l) => !l.dropped).length;
      out.entities.push({ entityId: e.id, name: e.name, waiting });
      out.waiting += waiting;
    }
  }
  out.month = byMonth.size === 1 ? [...byMonth.keys()][0]! : out.month;
  return out;
}

/** Insured headcount of a month per entity: each the total 员工参保信息 lists for that month and entity. */
export async function insuredHeadcount(c: ServiceCtx, month: string): Promise<{ entityId: number; name: string; city: string; count: number }[]> {
  const out = [];
  for (const e of await listEntities(c.tx, c.companyId)) {
    const { total } = await iq.pageInsured(c.tx, c.companyId, { entityId: e.id, month }, 1, 1);
    out.push({ entityId: e.id, name: e.name, city: e.city, count: total });
  }
  return out;
}
