import type { RankAdd, RankCategoryAdd, RankCategoryItem, RankCategoryUpdate, RankItem, RankUpdate } from '@wfsaas/contracts';
import Decimal from 'decimal.js';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import * as eq from './org-employees.queries.ts';
import * as q from './ranks.queries.ts';
import type { ServiceCtx } from '../../platform/http.ts';

export const MSG_PAY_RANGE = '薪资下限不能高于上限';
export const MSG_CATEGORY_NOT_EMPTY = '该职级类别下还有职级，请先删除其中的职级';
export const MSG_RANK_IN_USE = '该职级下还有在职员工，不能删除';

/** An amount as the API carries it: a string with two decimals. */
export function money(v: string | null): string | null {
  return v === null ? null : new Decimal(v).toFixed(2);
}

// ── categories ──

function categoryItem(r: q.RankCategoryRow, rankCount: number): RankCategoryItem {
  return { id: r.id, name: r.name, code: r.code, sort: r.sort, rankCount };
}

async function requireCategory(c: ServiceCtx, id: number): Promise<q.RankCategoryRow> {
  const r = await q.findCategory(c.tx, c.companyId, id);
  if (!r) throw notFound('职级类别');
  return r;
}

export async function listCategories(c: ServiceCtx): Promise<RankCategoryItem[]> {
  return (await q.listCategories(c.tx, c.companyId)).map((r) => categoryItem(r, r.rankCount));
}

async function assertCategoryName(c: ServiceCtx, name: string, exceptId?: number): Promise<void> {
  if ((await q.findCategoryIdByName(c.tx, c.companyId, name, exceptId)) !== null) throw conflict(`职级类别「${name}」已存在`);
}

export async function addCategory(c: ServiceCtx, input: RankCategoryAdd): Promise<RankCategoryItem> {
  await assertCategoryName(c, input.name);
  const row = await q.insertCategory(c.tx, c.companyId, { name: input.name, code: input.code ?? null, sort: input.sort });
  await c.audit({ action: 'rankCategory.add', entity: 'rankCategory', entityId: row.id, after: { name: row.name, code: row.code, sort: row.sort } });
  return categoryItem(row, 0);
}

export async function updateCategory(c: ServiceCtx, input: RankCategoryUpdate): Promise<RankCategoryItem> {
  const before = await requireCategory(c, input.id);
  await assertCategoryName(c, input.name, before.id);
  const values = { name: input.name, code: input.code ?? null, sort: input.sort };
  await q.updateCategory(c.tx, c.companyId, before.id, values);
  await c.audit({ action: 'rankCategory.update', entity: 'rankCategory', entityId: before.id, before: { name: before.name, code: before.code, sort: before.sort }, after: values });
  const count = (await q.listRanks(c.tx, c.companyId, before.id)).length;
  return categoryItem({ ...before, ...values }, count);
}

/** Deletes (archives) an empty rank category. */
export async function deleteCategory(c: ServiceCtx, id: number): Promise<{ id: number }> {
  const before = await requireCategory(c, id);
  if ((await q.listRanks(c.tx, c.companyId, id)).length > 0) throw badRequest(MSG_CATEGORY_NOT_EMPTY);
  await q.updateCategory(c.tx, c.companyId, id, { status: 9 });
  await c.audit({ action: 'rankCategory.delete', entity: 'rankCategory', entityId: id, before: { name: before.name, code: before.code, status: before.status }, after: { status: 9 } });
  return { id };
}

// ── ranks ──

function rankItem(r: q.RankWithCategory, holders: number): RankItem {
  return { id: r.id, categoryId: r.categoryId, categoryName: r.categoryName, name: r.name, level: r.level, payMin: money(r.payMin), payMax: money(r.payMax), activeEmployeeCount: holders };
}

function rankFields(r: q.RankRow) {
  return { categoryId: r.categoryId, name: r.name, level: r.level, payMin: money(r.payMin), payMax: money(r.payMax) };
}

async function requireRank(c: ServiceCtx, id: number): Promise<q.RankWithCategory> {
  const r = await q.findRank(c.tx, c.companyId, id);
  if (!r) throw notFound('职级');
  return r;
}

async function holdersOf(c: ServiceCtx, ids: number[]): Promise<Map<number, number>> {
  return eq.countActiveHolders(c.tx, c.companyId, 'rank_id', ids);
}

export async function listRanks(c: ServiceCtx, categoryId: number | null | undefined): Promise<RankItem[]> {
  if (categoryId) await requireCategory(c, categoryId);
  const rows = await q.listRanks(c.tx, c.companyId, categoryId ?? null);
  const holders = await holdersOf(
    c,
    rows.map((r) => r.id),
  );
  return rows.map((r) => rankItem(r, holders.get(r.id) ?? 0));
}

async function checkRank(c: ServiceCtx, input: RankAdd, exceptId?: number): Promise<q.RankValues> {
  await requireCategory(c, input.categoryId);
  const payMin = input.payMin ? new Decimal(input.payMin).toFixed(2) : null;
  const payMax = input.payMax ? new Decimal(input.payMax).toFixed(2) : null;
  if (payMin !== null && payMax !== null && new Decimal(payMin).greaterThan(payMax)) throw badRequest(MSG_PAY_RANGE);
  if ((await q.findRankIdByName(c.tx, c.companyId, input.categoryId, input.name, exceptId)) !== null) throw conflict(`该类别下已有职级「${input.name}」`);
  return { categoryId: input.categoryId, name: input.name, level: input.level, payMin, payMax };
}

export async function addRank(c: ServiceCtx, input: RankAdd): Promise<RankItem> {
  const values = await checkRank(c, input);
  const row = await q.insertRank(c.tx, c.companyId, values);
  await c.audit({ action: 'rank.add', entity: 'rank', entityId: row.id, after: rankFields(row) });
  return rankItem(await requireRank(c, row.id), 0);
}

export async function updateRank(c: ServiceCtx, input: RankUpdate): Promise<RankItem> {
  const before = await requireRank(c, input.id);
  const values = await checkRank(c, input, before.id);
  await q.updateRank(c.tx, c.companyId, before.id, values);
  await c.audit({ action: 'rank.update', entity: 'rank', entityId: before.id, before: rankFields(before), after: values });
  return rankItem(await requireRank(c, before.id), (await holdersOf(c, [before.id])).get(before.id) ?? 0);
}

/** Deletes (archives) a rank no active employee holds. */
export async function deleteRank(c: ServiceCtx, id: number): Promise<{ id: number }> {
  const before = await requireRank(c, id);
  if (((await holdersOf(c, [id])).get(id) ?? 0) > 0) throw badRequest(MSG_RANK_IN_USE);
  await q.updateRank(c.tx, c.companyId, id, { status: 9 });
  await c.audit({ action: 'rank.delete', entity: 'rank', entityId: id, before: rankFields(before), after: { status: 9 } });
  return { id };
}
