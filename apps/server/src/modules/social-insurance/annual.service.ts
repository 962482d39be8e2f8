import type { AnnualDeclare, AnnualDeclareView, AnnualPreviewRow, AnnualPreviewView } from '@wfsaas/contracts';
import { annualBase, clampBase, declarableMonth, dueDate, PayrollDecimal, policyBounds } from '@wfsaas/payroll';
import { siToday } from './si-clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import * as q from './annual.queries.ts';
import * as dq from './declarations.queries.ts';
import { PolicyBook, requireEntity } from './entity-policy.ts';

/**
 * 年度调基: once a year the bases of everyone insured at an entity follow the previous year's average
 * monthly wage (the payroll results of locked or submitted 工资薪金 runs, else the roster salary),
 * raised to the floor or lowered to the ceiling of the policy in force on the effective month
 * (July, as Beijing and Shanghai do). Declaring puts 调基 lines in the draft of that month.
 */

/** The month new bases take effect by default: July of the adjustment year. */
export const effectiveMonthOf = (year: number) => `${year}-07`;

/** Everyone 在保 at the entity with last year's average wage and the base it gives under the new bounds. */
export async function annualPreview(c: ServiceCtx, input: { entityId: number; year: number }): Promise<AnnualPreviewView> {
  const entity = await requireEntity(c.tx, c.companyId, input.entityId);
  const effectiveMonth = effectiveMonthOf(input.year);
  const bounds = policyBounds((await PolicyBook.load(c.tx, c.companyId)).at(entity.city, effectiveMonth));
  const people = await q.listInsuredAt(c.tx, c.companyId, entity.id);
  const wages = new Map<number, string[]>();
  for (const w of await q.listPaidWages(c.tx, c.companyId, input.year - 1, people.map((p) => p.employeeId))) wages.set(w.employeeId, [...(wages.get(w.employeeId) ?? []), w.wage]);
  const rows = people.map((p): AnnualPreviewRow => {
    const a = annualBase(wages.get(p.employeeId) ?? [], p.salary, { floor: bounds.siFloor, ceiling: bounds.siCeiling });
    const hfBase = bounds.hfFloor !== null && bounds.hfCeiling !== null ? clampBase(a.averageWage, bounds.hfFloor, bounds.hfCeiling).base : a.base;
    return {
      employeeId: p.employeeId,
      name: p.name,
      employeeNo: p.employeeNo,
      averageWage: a.averageWage,
      source: a.source,
      months: a.months,
      oldSiBase: new PayrollDecimal(p.siBase).toFixed(2),
      siBase: a.base,
      hfBase,
      clamped: a.clamped,
    };
  });
  const { siFloor, siCeiling, hfFloor, hfCeiling } = bounds;
  return { entityId: entity.id, year: input.year, effectiveMonth, siFloor, siCeiling, hfFloor, hfCeiling, rows };
}

function checkBase(label: string, name: string, value: string, floor: string | null, ceiling: string | null): void {
  if (floor === null || ceiling === null) return;
  const v = new PayrollDecimal(value);
  if (v.lessThan(floor) || v.greaterThan(ceiling)) throw badRequest(`${label}：${name}的${v.toFixed(2)}不在${floor}至${ceiling}之间`);
}

/**
 * Declares the new bases: 调基 lines (source 'annual', key annual:<employee>:<month>) in the draft
 * declaration of the entity's month, made if there is none. Declaring again updates the bases.
 */
export async function annualDeclare(c: ServiceCtx, input: AnnualDeclare): Promise<AnnualDeclareView> {
  const entity = await requireEntity(c.tx, c.companyId, input.entityId);
  const today = siToday();
  const due = dueDate(input.month, entity.deadlineDay);
  if (today > due) throw badRequest(`生效月份：${input.month}的申报已于${due}截止，请选择${declarableMonth(today, entity.deadlineDay)}或之后的月份`);
  const ids = [...new Set(input.rows.map((r) => r.employeeId))];
  if (ids.length !== input.rows.length) throw badRequest('调基人员：同一员工不能出现两次');
  if ((await q.countEmployees(c.tx, c.companyId, ids)) !== ids.length) throw notFound('员工');
  const insured = new Map((await q.listInsuredAt(c.tx, c.companyId, entity.id)).map((p) => [p.employeeId, p]));
  const bounds = policyBounds((await PolicyBook.load(c.tx, c.companyId)).at(entity.city, input.month));
  for (const r of input.rows) {
    const p = insured.get(r.employeeId);
    if (!p) throw badRequest(`调基人员：员工（ID ${r.employeeId}）不是「${entity.name}」的在保人员`);
    checkBase('社保缴费基数', p.name, r.siBase, bounds.siFloor, bounds.siCeiling);
    checkBase('公积金缴存基数', p.name, r.hfBase, bounds.hfFloor, bounds.hfCeiling);
  }
  let draft = await dq.findOpenDeclaration(c.tx, c.companyId, entity.id, input.month);
  if (draft && draft.status !== 0) throw conflict(`「${entity.name}」${input.month}的申报单已提交，不能添加调基人员`);
  if (!draft) {
    draft = await dq.insertDeclaration(c.tx, c.companyId, entity.id, input.month, c.user.userId);
    await c.audit({ action: 'socialInsurance.apply.create', entity: 'si_declarations', entityId: draft.id, after: { entityId: entity.id, month: input.month, status: 0 } });
  }
  const applyId = draft.id;
  await q.upsertLines(
    c.tx,
    input.rows.map((r) => ({
      companyId: c.companyId,
      declarationId: applyId,
      employeeId: r.employeeId,
      kind: 3,
      source: 'annual',
      proposalKey: `annual:${r.employeeId}:${input.month}`,
      fromMonth: input.month,
      siBase: r.siBase,
      hfBase: r.hfBase,
      hfRate: insured.get(r.employeeId)!.hfRate,
      remark: `${input.year}年度调基`,
    })),
  );
  await c.audit({ action: 'socialInsurance.annual.declare', entity: 'si_declarations', entityId: applyId, after: { year: input.year, month: input.month, lines: input.rows.length } });
  return { applyId, entityId: entity.id, month: input.month, lines: input.rows.length };
}
