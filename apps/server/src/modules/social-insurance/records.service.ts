import type { RecordItemView, RecordRowView, RecordSummaryView } from '@wfsaas/contracts';
import { CONTRIBUTION_ITEM_KEYS, insuredContributionCalculator, PayrollDecimal, PayrollInputError, type InsuredContributionCalculator } from '@wfsaas/payroll';
import { badRequest } from '../../platform/errors.ts';
import { startExport } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { myExportDetail, type ExportView } from '../files/index.ts';
import { listEntities, type EntityRow } from './entities.queries.ts';
import { PolicyBook, requireEntity } from './entity-policy.ts';
import { RECORD_EXPORT_JOB, type RecordExportParams } from './records-export.ts';
import * as q from './records.queries.ts';

/**
 * 缴费记录: each month's contributions per person and item, computed from everyone's insurance
 * covering the month under the policy of their entity's city in force that month, and stored so the
 * month can be looked at, exported and reconciled with the official bill.
 */

/** Item keys in the order every view shows them. */
export const ITEM_ORDER: readonly string[] = CONTRIBUTION_ITEM_KEYS;
const itemRank = (key: string) => {
  const i = ITEM_ORDER.indexOf(key);
  return i < 0 ? ITEM_ORDER.length : i;
};

const sum = (values: readonly string[]) => values.reduce((a, v) => a.plus(v), new PayrollDecimal(0)).toFixed(2);
const money = (v: string | null | undefined) => new PayrollDecimal(v ?? '0').toFixed(2);

/** One calculator per entity and housing-fund rate; a city without a policy or a rate outside its range is a 400 naming the entity. */
function calculators(book: PolicyBook, entities: Map<number, EntityRow>, month: string) {
  const cache = new Map<string, InsuredContributionCalculator>();
  return (entityId: number, hfRate: string): InsuredContributionCalculator => {
    const key = `${entityId}|${hfRate}`;
    const known = cache.get(key);
    if (known) return known;
    const entity = entities.get(entityId)!;
    const policy = book.at(entity.city, month);
    let calc: InsuredContributionCalculator;
    try {
      calc = insuredContributionCalculator(policy, { hfRate, injuryRate: entity.injuryRate });
    } catch (err) {
      if (err instanceof PayrollInputError) throw badRequest(`参保主体「${entity.name}」：${err.message}`);
      throw err;
    }
    cache.set(key, calc);
    return calc;
  };
}

/**
 * Generates a month's contribution records (of one entity, or of every entity): replaces what the
 * month held for them with everyone insured that month. The demo seed calls it for past months.
 */
export async function generateRecords(c: ServiceCtx, input: { month: string; entityId?: number }): Promise<RecordSummaryView> {
  const { month, entityId } = input;
  if (entityId !== undefined) await requireEntity(c.tx, c.companyId, entityId);
  const insured = await q.listInsuredOfMonth(c.tx, c.companyId, month, entityId);
  const active = entityId !== undefined ? [] : (await listEntities(c.tx, c.companyId)).map((e) => e.id);
  const entityIds = [...new Set([...active, ...insured.map((i) => i.entityId), ...(entityId !== undefined ? [entityId] : [])])];
  const entities = new Map((await q.listEntitiesByIds(c.tx, c.companyId, entityIds)).map((e) => [e.id, e]));
  const calculatorOf = calculators(await PolicyBook.load(c.tx, c.companyId), entities, month);
  const rows: q.ContributionInsert[] = [];
  for (const i of insured) {
    const result = calculatorOf(i.entityId, i.hfRate)(i.siBase, i.hfBase);
    for (const line of result.lines) {
      rows.push({ companyId: c.companyId, month, employeeId: i.employeeId, item: line.key, entityId: i.entityId, name: line.name, base: line.base, employer: line.employer, employee: line.employee });
    }
  }
  await q.replaceContributions(c.tx, c.companyId, month, entityId !== undefined ? [entityId] : null, rows);
  await q.markMonthsGenerated(c.tx, c.companyId, month, entityIds, c.user.userId);
  await c.audit({ action: 'socialInsurance.records.generate', entity: 'si_contributions', entityId: Number(month.replace('-', '')), after: { month, entityId: entityId ?? null, people: insured.length, rows: rows.length } });
  return recordSummary(c, month);
}

/** A page of people with their month's contributions per item and totals. */
export async function pageRecords(c: ServiceCtx, f: q.RecordFilter & { pageNum: number; pageSize: number }): Promise<Paged<RecordRowView>> {
  if (f.entityId !== undefined) await requireEntity(c.tx, c.companyId, f.entityId);
  const { rows, total } = await q.pagePeople(c.tx, c.companyId, f, f.pageNum, f.pageSize);
  const items = new Map<number, RecordItemView[]>();
  for (const r of await q.listContributions(c.tx, c.companyId, f.month, { employeeIds: rows.map((p) => p.employeeId) })) {
    const list = items.get(r.employeeId) ?? [];
    list.push({ key: r.item, name: r.name, base: money(r.base), employer: money(r.employer), employee: money(r.employee) });
    items.set(r.employeeId, list);
  }
  const list = rows.map((p): RecordRowView => {
    const own = (items.get(p.employeeId) ?? []).sort((a, b) => itemRank(a.key) - itemRank(b.key));
    return {
      employeeId: p.employeeId,
      name: p.name,
      employeeNo: p.employeeNo,
      entityId: p.entityId,
      entityName: p.entityName,
      month: f.month,
      items: own,
      employer: money(p.employer),
      employee: money(p.employee),
      total: sum([p.employer, p.employee]),
    };
  });
  return new Paged(list, f.pageNum, f.pageSize, total);
}

/** The month per entity: headcount, both sides' sums, when generated, and the last reconciliation's state. */
export async function recordSummary(c: ServiceCtx, month: string): Promise<RecordSummaryView> {
  const totals = new Map((await q.sumByEntity(c.tx, c.companyId, month)).map((t) => [t.entityId, t]));
  const generated = await q.listGeneratedMonths(c.tx, c.companyId, month);
  const reconciled = new Map((await q.listReconciliationCounts(c.tx, c.companyId, month)).map((r) => [r.entityId, r.differences]));
  const active = await listEntities(c.tx, c.companyId);
  const shown = new Set(active.map((e) => e.id));
  const others = [...totals.keys()].filter((id) => !shown.has(id));
  const entities = [...active, ...(await q.listEntitiesByIds(c.tx, c.companyId, others))];
  const rows = entities.map((e) => {
    const t = totals.get(e.id);
    const employer = money(t?.employer);
    const employee = money(t?.employee);
    const differences = reconciled.get(e.id);
    return { entityId: e.id, entityName: e.name, city: e.city, headcount: t?.headcount ?? 0, employer, employee, total: sum([employer, employee]), reconciled: differences === undefined ? null : differences === 0, differences: differences ?? null };
  });
  const last = generated.reduce<Date | null>((a, g) => (a === null || g.generatedAt > a ? g.generatedAt : a), null);
  return {
    month,
    generatedAt: last ? last.toISOString() : null,
    entities: rows,
    total: {
      headcount: rows.reduce((a, r) => a + r.headcount, 0),
      employer: sum(rows.map((r) => r.employer)),
      employee: sum(rows.map((r) => r.employee)),
      total: sum(rows.map((r) => r.total)),
    },
  };
}

/** The month's contribution records (of an entity, or all) as a file in the caller's 下载中心. */
export async function requestRecordExport(c: ServiceCtx, input: { month: string; entityId?: number }): Promise<ExportView> {
  const entity = input.entityId !== undefined ? await requireEntity(c.tx, c.companyId, input.entityId) : null;
  if ((await q.countRecordPeople(c.tx, c.companyId, input.month, input.entityId)) === 0) {
    throw badRequest(`${entity ? entity.name : ''}${input.month}没有缴费记录，请先生成缴费记录`);
  }
  const name = `社保缴费记录_${entity ? entity.name : '全部参保主体'}_${input.month}`;
  const window = Math.floor(Date.now() / 10_000);
  const row = await startExport(c.tx, c.services, {
    companyId: c.companyId,
    userId: c.user.userId,
    name,
    jobType: RECORD_EXPORT_JOB,
    payload: { month: input.month, entityId: input.entityId ?? null } satisfies RecordExportParams,
    idempotencyKey: `siRecords:${input.month}:${input.entityId ?? 'all'}:${c.user.userId}:${window}`,
  });
  await c.audit({ action: 'socialInsurance.records.export', entity: 'si_contributions', entityId: Number(input.month.replace('-', '')), after: { exportId: row.id, name } });
  return myExportDetail(c, row.id);
}
