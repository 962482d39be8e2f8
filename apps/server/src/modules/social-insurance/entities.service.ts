import { DEFAULT_PORTAL_LAYOUTS, GENERIC_PORTAL_LAYOUT, type EntitySave, type EntityView, type LayoutSave, type LayoutView } from '@wfsaas/contracts';
import { monthOf, PayrollDecimal, policyBounds, type CityPolicy } from '@wfsaas/payroll';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import * as q from './entities.queries.ts';
import { PolicyBook, requireEntity } from './entity-policy.ts';
import { siToday } from './si-clock.ts';

/** 参保主体 (list, save, remove) and the portal column set of each city (list, save, reset). */

const pct = (rate: string) => `${new PayrollDecimal(rate).times(100).toDecimalPlaces(4).toString()}%`;

function policyView(policy: CityPolicy): EntityView['policy'] {
  return { key: `${policy.city}:${policy.effectiveFrom}`, effectiveFrom: policy.effectiveFrom, ...policyBounds(policy) };
}

export function entityView(e: q.EntityRow, insuredCount: number, book: PolicyBook, month: string): EntityView {
  const found = book.tryAt(e.city, month);
  return {
    id: e.id,
    name: e.name,
    city: e.city,
    siAccountNo: e.siAccountNo,
    hfAccountNo: e.hfAccountNo,
    injuryRate: e.injuryRate,
    hfRate: e.hfRate,
    deadlineDay: e.deadlineDay,
    joinCutoffDay: e.joinCutoffDay,
    managedBy: e.managedBy === 'agency' ? 'agency' : 'self',
    agencyName: e.agencyName,
    locations: e.locations,
    isDefault: e.isDefault,
    baseFollowsPay: e.baseFollowsPay,
    insuredCount,
    policy: found.policy ? policyView(found.policy) : null,
    policyError: found.error,
  };
}

export async function listEntitiesView(c: ServiceCtx): Promise<EntityView[]> {
  const [entities, counts, book] = [await q.listEntities(c.tx, c.companyId), await q.countInsuredByEntity(c.tx, c.companyId), await PolicyBook.load(c.tx, c.companyId)];
  const month = monthOf(siToday());
  return entities.map((e) => entityView(e, counts.get(e.id) ?? 0, book, month));
}

/** The rules of a saved entity against the city's policy in force this month. */
function checkAgainstPolicy(input: EntitySave, book: PolicyBook, month: string): void {
  const found = book.tryAt(input.city, month);
  if (!found.policy) throw badRequest(`参保城市：未找到${input.city}在${month}有效的社保公积金政策，请先在社保公积金政策中添加`);
  const range = policyBounds(found.policy).hfRateRange;
  if (input.hfRate !== null && range) {
    const r = new PayrollDecimal(input.hfRate);
    if (r.lessThan(range.min) || r.greaterThan(range.max)) throw badRequest(`公积金缴存比例：${input.city}的缴存比例应在${pct(range.min)}到${pct(range.max)}之间`);
  }
  if (input.injuryRate !== null && new PayrollDecimal(input.injuryRate).greaterThan('0.1')) throw badRequest('工伤保险费率：应在0到10%之间');
  if (input.managedBy === 'agency' && !input.agencyName) throw badRequest('代理机构：由代理机构办理时请填写代理机构名称');
}

export async function saveEntity(c: ServiceCtx, input: EntitySave): Promise<EntityView> {
  const before = input.id ? await requireEntity(c.tx, c.companyId, input.id) : null;
  const book = await PolicyBook.load(c.tx, c.companyId);
  const month = monthOf(siToday());
  checkAgainstPolicy(input, book, month);
  if (await q.findEntityIdByName(c.tx, c.companyId, input.name, input.id)) throw conflict(`参保主体「${input.name}」已存在`);
  const locations = [...new Set(input.locations)];
  const values: q.NewEntity = {
    name: input.name,
    city: input.city,
    siAccountNo: input.siAccountNo,
    hfAccountNo: input.hfAccountNo,
    injuryRate: input.injuryRate,
    hfRate: input.hfRate,
    deadlineDay: input.deadlineDay,
    joinCutoffDay: input.joinCutoffDay,
    managedBy: input.managedBy,
    agencyName: input.managedBy === 'agency' ? input.agencyName : '',
    locations,
    isDefault: input.isDefault,
    baseFollowsPay: input.baseFollowsPay,
    updatedBy: c.user.userId,
  };
  if (input.isDefault) await q.clearDefault(c.tx, c.companyId, input.id);
  const row = before ? await q.updateEntity(c.tx, c.companyId, before.id, values) : await q.insertEntity(c.tx, c.companyId, { ...values, createdBy: c.user.userId });
  await c.audit({ action: before ? 'si.entity.update' : 'si.entity.create', entity: 'si_entity', entityId: row.id, before, after: values });
  const counts = await q.countInsuredByEntity(c.tx, c.companyId, [row.id]);
  return entityView(row, counts.get(row.id) ?? 0, book, month);
}

export async function removeEntity(c: ServiceCtx, id: number): Promise<void> {
  const e = await requireEntity(c.tx, c.companyId, id);
  const insured = (await q.countInsuredByEntity(c.tx, c.companyId, [id])).get(id) ?? 0;
  if (insured > 0) throw conflict(`参保主体「${e.name}」还有${insured}名员工的参保信息（待增员、在保或待减员），不能删除`);
  await q.archiveEntity(c.tx, c.companyId, id, c.user.userId);
  await c.audit({ action: 'si.entity.remove', entity: 'si_entity', entityId: id, before: { name: e.name, city: e.city } });
}

// ── Portal column sets ──

/** The column set a city's declaration file uses: the company's own, else the product's, else the generic one. */
export async function layoutFor(c: Pick<ServiceCtx, 'tx' | 'companyId'>, city: string): Promise<LayoutView> {
  const own = await q.findLayout(c.tx, c.companyId, city);
  if (own) return { city, sheetName: own.sheetName, columns: own.columns, origin: 'company' };
  const builtin = DEFAULT_PORTAL_LAYOUTS.find((l) => l.city === city);
  if (builtin) return { city, sheetName: builtin.sheetName, columns: [...builtin.columns], origin: 'builtin' };
  return { city, sheetName: GENERIC_PORTAL_LAYOUT.sheetName, columns: [...GENERIC_PORTAL_LAYOUT.columns], origin: 'generic' };
}

/** Every city of the product's sets, of the company's own sets and of its entities. */
export async function listLayoutsView(c: ServiceCtx): Promise<LayoutView[]> {
  const cities = new Set<string>(DEFAULT_PORTAL_LAYOUTS.map((l) => l.city));
  for (const l of await q.listLayouts(c.tx, c.companyId)) cities.add(l.city);
  for (const e of await q.listEntities(c.tx, c.companyId)) cities.add(e.city);
  const out: LayoutView[] = [];
  for (const city of cities) out.push(await layoutFor(c, city));
  return out;
}

export async function saveLayout(c: ServiceCtx, input: LayoutSave): Promise<LayoutView> {
  const titles = new Set<string>();
  for (const col of input.columns) {
    if (titles.has(col.title)) throw badRequest(`列标题：「${col.title}」重复`);
    titles.add(col.title);
  }
  if (!input.columns.some((col) => col.field === 'idNumber')) throw badRequest('列：申报文件必须包含「证件号码」列');
  const before = await q.findLayout(c.tx, c.companyId, input.city);
  await q.upsertLayout(c.tx, { companyId: c.companyId, city: input.city, sheetName: input.sheetName, columns: input.columns, updatedBy: c.user.userId });
  await c.audit({ action: 'si.layout.save', entity: 'si_portal_layout', entityId: input.city, before, after: input });
  return layoutFor(c, input.city);
}

export async function resetLayout(c: ServiceCtx, city: string): Promise<LayoutView> {
  const before = await q.findLayout(c.tx, c.companyId, city);
  if (before) {
    await q.deleteLayout(c.tx, c.companyId, city);
    await c.audit({ action: 'si.layout.reset', entity: 'si_portal_layout', entityId: city, before });
  }
  return layoutFor(c, city);
}
